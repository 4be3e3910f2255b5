"""Shared fixtures: one warm printer per test session (its engine takes ~2 s to start), and the
rule that keeps ``pytest -m "not engine"`` fast: a test that loads the real engine (the Mermaid
bundle in process, or the ``printer`` fixture) must carry ``@pytest.mark.engine``, or it fails."""

from __future__ import annotations

import contextlib
import logging
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mermaid_printer import Printer
from mermaid_printer.engine import ONE_SHOT_ENGINE, one_shot_engine, quickjs_engine
from mermaid_printer.pool._engine_log import ENGINE_LOGGER

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def stderr_says(capfd: pytest.CaptureFixture[str]) -> Callable[[str], Callable[[], bool]]:
    """``stderr_says(text)``: a condition to poll (``wait_until``, ``process_tree.wait_for``) that
    holds once ``text`` has been written to stderr, by this process or a child, since the call."""

    def says(text: str) -> Callable[[], bool]:
        said: list[str] = []

        def check() -> bool:
            said.append(capfd.readouterr().err)
            return text in "".join(said)

        return check

    return says


# The test being set up or run (its fixtures included), for the engine guard below.
_running: list[pytest.Item] = []
_load_engine = quickjs_engine.QuickJSEngine.__init__


def _load_engine_if_marked(self: Any, bundle: Any, *args: Any, **kwargs: Any) -> None:
    if _running and bundle.name == "mermaid" and _running[0].get_closest_marker("engine") is None:
        raise AssertionError(f"{_running[0].nodeid} loads the real engine: mark it @pytest.mark.engine")
    _load_engine(self, bundle, *args, **kwargs)


quickjs_engine.QuickJSEngine.__init__ = _load_engine_if_marked  # type: ignore[method-assign]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _running[:] = [item]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    _running.clear()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "printer" in getattr(item, "fixturenames", ()) and item.get_closest_marker("engine") is None:
            raise pytest.UsageError(
                f"{item.nodeid} uses the real engine (printer fixture): mark it @pytest.mark.engine"
            )


class _ToCurrentStderr(logging.Handler):
    """Writes each record to whatever ``sys.stderr`` is when it comes (the capture of the test
    running then)."""

    def emit(self, record: logging.LogRecord) -> None:
        with contextlib.suppress(Exception):
            sys.stderr.write(self.format(record) + "\n")


@pytest.fixture(scope="session", autouse=True)
def _engine_notes_on_stderr() -> Iterator[None]:
    """The engine processes' notes (huge pages, spares, the idle warm-up) on stderr, where the
    tests that wait for one (``stderr_says``, ``capfd``) read them: the library itself only
    logs them (``pool/_engine_log.py``), at INFO (what the worker prints, tracebacks: DEBUG),
    which nothing shows by default."""
    engine_logger = logging.getLogger(ENGINE_LOGGER)
    handler = _ToCurrentStderr()
    handler.setFormatter(logging.Formatter("%(message)s"))
    engine_logger.addHandler(handler)
    engine_logger.setLevel(logging.DEBUG)
    try:
        yield
    finally:
        engine_logger.removeHandler(handler)
        engine_logger.setLevel(logging.NOTSET)


@pytest.fixture(scope="session", autouse=True)
def _one_shot_snapshots(request: pytest.FixtureRequest) -> None:
    """One-shot CLI runs start from the wasm engine's warm snapshot; the first run on a cache
    builds it and says so on stderr. Build the snapshots of both bundles once, before any test
    that runs the engine, so that no CLI test's output depends on whether a cache was warm."""
    if one_shot_engine() != ONE_SHOT_ENGINE:
        return
    if not any(item.get_closest_marker("engine") for item in request.session.items):
        return
    build = (
        "from mermaid_printer.bundles import load_bundle\n"
        "from mermaid_printer.engine import engine_factory\n"
        f"for name in ('mermaid', 'markmap'): engine_factory({ONE_SHOT_ENGINE!r})(load_bundle(name))\n"
    )
    subprocess.run([sys.executable, "-c", build], check=True, capture_output=True, timeout=600)


@pytest.fixture(scope="session")
def printer() -> Iterator[Printer]:
    # No result cache: a test that renders twice (determinism, recovery) must render twice.
    with Printer(cache=None) as shared:
        shared.start()
        yield shared


@pytest.fixture
def scrubbed_stylesheets(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str | None]]:
    """Every (text, scope id) the sanitizer scrubs in full from now on (postprocess/css.py's
    ``_scrub_stylesheet``), in order; it still scrubs them."""
    from mermaid_printer.postprocess import css

    calls: list[tuple[str, str | None]] = []
    original = css._scrub_stylesheet

    def recording(text: str, scope_id: str | None) -> tuple[str, list[str]]:
        calls.append((text, scope_id))
        return original(text, scope_id)

    monkeypatch.setattr(css, "_scrub_stylesheet", recording)
    return calls
