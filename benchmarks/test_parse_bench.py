"""Parse latency next to render latency: the same fixture diagrams, the same warm printer.

``warm-parse`` (mermaid_parse: AST, no positions), ``warm-parse-positions`` and ``warm-verify``
each run in a fresh child like a render does; compare them with ``warm-render`` in
test_render_bench.py. ``engine-only-parse`` is the same parse in-process (no child, no pool)
to show what the per-request isolation costs.

``warm-parse-no-spares`` is ``warm-parse`` with no child forked ahead of time: each request
waits for its fork and priming, as every request did before spares.

``parse-vs-render`` runs both on the same diagram, back to back, and records the ratio of their
medians in ``extra_info`` (``render_over_parse``). Parsing costs Mermaid about 1.1 ms of QuickJS
time per copy of its configuration (``getConfig()`` copies ~980 keys), and class and state
diagrams copy it several times per statement: that, not the pool, bounds their ratio.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer import Printer, RenderOptions
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.pool import RendererPool

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"
CORE = ["class", "er", "flowchart", "gantt", "journey", "pie", "sequence", "state"]


def _code(name: str) -> str:
    return (DIAGRAMS / f"{name}.mmd").read_text()


@pytest.mark.benchmark(group="warm-parse")
@pytest.mark.parametrize("name", CORE)
def test_warm_parse(benchmark, printer: Printer, name: str) -> None:
    benchmark.pedantic(printer.parse, args=(_code(name),), rounds=10, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="warm-parse-positions")
@pytest.mark.parametrize("name", CORE)
def test_warm_parse_with_positions(benchmark, printer: Printer, name: str) -> None:
    benchmark.pedantic(
        printer.parse, args=(_code(name),), kwargs={"include_positions": True}, rounds=10, iterations=1, warmup_rounds=1
    )


@pytest.mark.benchmark(group="warm-verify")
@pytest.mark.parametrize("name", CORE)
def test_warm_verify(benchmark, printer: Printer, name: str) -> None:
    benchmark.pedantic(printer.verify, args=(_code(name),), rounds=10, iterations=1, warmup_rounds=1)


@pytest.fixture(scope="module")
def printer_without_spares() -> Iterator[Printer]:
    with Printer(RendererPool(spares=0), cache=None) as unprimed:
        unprimed.start()
        yield unprimed


@pytest.mark.benchmark(group="warm-parse-no-spares")
@pytest.mark.parametrize("name", CORE)
def test_warm_parse_forking_on_demand(benchmark, printer_without_spares: Printer, name: str) -> None:
    # Every child forked when its request arrives (and primed then): what spares save.
    benchmark.pedantic(printer_without_spares.parse, args=(_code(name),), rounds=10, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="engine-only-parse")
@pytest.mark.parametrize("name", CORE)
def test_engine_parse_in_process(benchmark, engine: QuickJSEngine, name: str) -> None:
    payload = {"code": _code(name), "config": build_mermaid_config({}), "ast": True}
    benchmark.pedantic(engine.call, args=("parse", payload), rounds=10, iterations=1, warmup_rounds=1)


def _median_ms(call, rounds: int = 10) -> float:
    call()
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        call()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


@pytest.mark.benchmark(group="parse-vs-render")
@pytest.mark.parametrize("name", CORE)
def test_parse_against_render(benchmark, printer: Printer, name: str) -> None:
    code = _code(name)
    render_ms = _median_ms(lambda: printer.render_svg(RenderOptions(code=code)))
    benchmark.pedantic(printer.parse, args=(code,), rounds=10, iterations=1, warmup_rounds=1)
    benchmark.extra_info["render_median_ms"] = round(render_ms, 2)
    if benchmark.stats is not None:  # None under --benchmark-disable: nothing was timed
        parse_ms = benchmark.stats.stats.median * 1000
        benchmark.extra_info["render_over_parse"] = round(render_ms / parse_ms, 1)
