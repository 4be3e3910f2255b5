"""A render over its time limit says which limit, its value, and how to raise it (no engine)."""

from __future__ import annotations

from typing import Any, ClassVar, cast

import pytest

from mermaid_printer.adapters.cli.terminal import in_flag_terms
from mermaid_printer.errors import RenderTimeout
from mermaid_printer.service import Printer


class _OverTime:
    """A pool whose every render goes over its time."""

    worker_options: ClassVar[dict[str, str]] = {"engine": "native"}

    def run(self, job: object, **kwargs: Any) -> Any:
        raise RenderTimeout("the render did not finish within 31 s", {"timeout_s": 31.0})

    def close(self) -> None:
        pass


def test_a_timeout_names_timeout_ms_its_value_and_the_most_allowed() -> None:
    printer = Printer(cast(Any, _OverTime()), cache=None)

    with pytest.raises(RenderTimeout) as caught:
        printer.render_svg("pie\n", timeout_ms=30_000)

    message = caught.value.message
    assert "the time limit is timeout_ms 30000 (30 s)" in message and "at most 120000" in message
    assert caught.value.details["timeout_ms"] == 30_000


def test_the_command_line_names_the_flag_that_sets_the_time_limit() -> None:
    printer = Printer(cast(Any, _OverTime()), cache=None)
    with pytest.raises(RenderTimeout) as caught:
        printer.render_svg("pie\n", timeout_ms=5_000)

    said = in_flag_terms(caught.value, {}).summary()

    assert "the time limit is --timeout-ms 5000 (5 s); raise --timeout-ms (at most 120000)" in said
