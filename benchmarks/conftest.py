"""Benchmarks report (they never gate): run with `pytest benchmarks --benchmark-only`."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from mermaid_printer import Printer
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.resources import vendor_manifest

#: Seconds the shared printer is left alone after it starts (as throughput_compare.py's).
SETTLE_S = 20.0


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    """An engine in this process: no pool, no fork (the "engine-only" groups)."""
    return QuickJSEngine(mermaid_bundle())


@pytest.fixture(scope="session")
def printer() -> Iterator[Printer]:
    # No result cache: a benchmark's rounds render the same diagram and must render every time
    # (the cache has its own benchmark, benchmarks/test_cache_bench.py).
    # Then left alone as a server is after its start (huge pages, the page learner, the idle
    # warm-up): no start-up step may land in a benchmark's rounds.
    with Printer(cache=None) as shared:
        shared.start()
        time.sleep(SETTLE_S)
        yield shared


@pytest.fixture(autouse=True)
def _record_bundle_version(request: pytest.FixtureRequest) -> None:
    if "benchmark" in request.fixturenames:
        bench = request.getfixturevalue("benchmark")
        mermaid = next(f for f in vendor_manifest()["files"] if f["package"] == "mermaid")
        bench.extra_info["mermaid"] = mermaid["version"]


@pytest.fixture
def soak(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """``tests/soak.py``: the soak machinery lives with the tests that run its short version."""
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "tests"))
    import soak as module

    return module
