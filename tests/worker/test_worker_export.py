"""The worker's PDF/PNG jobs when the system cairo library is missing: SVG keeps working."""

from __future__ import annotations

import logging
from typing import Any

import pytest

import mermaid_printer.export
from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.jobs import PdfJob, PngJob


def test_a_converter_that_cannot_start_is_logged_and_leaves_export_unavailable(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def missing_cairo(_svgs: list[str] | None = None) -> None:
        # What loading the converter raises where cairocffi cannot load the library.
        raise mermaid_printer.export.cairo_unavailable(OSError('no library called "cairo-2" was found\n...'))

    monkeypatch.setattr(mermaid_printer.export, "prepare_export", missing_cairo)
    monkeypatch.setattr(worker, "_export_unavailable", None)

    with caplog.at_level(logging.INFO, logger="mermaid_printer.bundles.mermaid.handlers"):
        worker._prepare_export([])

    unavailable = worker._export_unavailable
    assert unavailable is not None and unavailable.details["reason"] == "cairo_missing"
    assert unavailable.message.startswith(
        "PDF and PNG output need the system cairo library, which is not installed here: install it "
        "(Debian/Ubuntu: apt-get install libcairo2; "
    )
    assert unavailable.details["cause"] == 'OSError: no library called "cairo-2" was found'
    assert unavailable.message in caplog.text


def test_a_converter_that_fails_with_its_own_error_says_so_without_blaming_cairo(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def fonts_unwritable(_svgs: list[str] | None = None) -> None:
        raise EngineUnavailable("cannot write the converter's fonts: disk full")

    monkeypatch.setattr(mermaid_printer.export, "prepare_export", fonts_unwritable)
    monkeypatch.setattr(worker, "_export_unavailable", None)

    with caplog.at_level(logging.INFO, logger="mermaid_printer.bundles.mermaid.handlers"):
        worker._prepare_export([])

    unavailable = worker._export_unavailable
    assert unavailable is not None
    assert unavailable.message == "PDF and PNG output are unavailable: cannot write the converter's fonts: disk full"
    assert "cairo" not in unavailable.message
    assert unavailable.message in caplog.text


CODE = "flowchart TD\n  A --> B"
EXPORT_JOBS = [
    (worker.render_pdf, PdfJob(CODE, {}, 1000, "white", None, "auto", None, "shrink")),
    (worker.render_png, PngJob(CODE, {}, 1000, "white", None, None)),
]


@pytest.mark.parametrize(("handler", "job"), EXPORT_JOBS, ids=["pdf", "png"])
def test_export_jobs_then_fail_as_engine_unavailable_naming_the_library(
    monkeypatch: pytest.MonkeyPatch, handler: Any, job: Any
) -> None:
    missing = mermaid_printer.export.cairo_unavailable(OSError("no library called cairo"))
    monkeypatch.setattr(worker, "_export_unavailable", missing)
    monkeypatch.setattr(worker, "_export_prepared", True)

    with pytest.raises(EngineUnavailable) as caught:
        handler(None, job)  # refused before any render, so no engine is needed

    assert caught.value.details == {
        "reason": "cairo_missing",
        "library": "cairo",
        "cause": "OSError: no library called cairo",
    }
    assert "libcairo2" in caught.value.message and ".dylib" not in caught.value.message
