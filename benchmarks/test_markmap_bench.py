"""Mind maps: structure next to render, the cost of the markmap bundle in the zygote.

``markmap-structure`` and ``markmap-render`` run the worker's handlers on the same documents in
one in-process engine (no pool): the fixtures of tests/fixtures/markmap and a generated outline
of 307 nodes with links and inline code (``outline-307``). ``structure-vs-render``
runs both back to back and records the ratio of their medians in ``extra_info``
(``render_over_structure``): both start with markmap-lib's own transform (markdown-it and its
HTML parser), which is the whole of a structure call, so the ratio is what drawing adds.

``markmap-size-structure`` and ``markmap-size-render`` run the handlers on generated outlines of
exactly 10, 100, 1,000 and 10,000 nodes (the node count markmap reports is checked; 10,000 is
the limit), with fewer rounds for the largest; ``extra_info`` records the median of the other
handler on the same document and ``render_over_structure`` (the product wants a structure call
at least ten times cheaper than a render). ``markmap-render-warm-100`` is the warm median of a
100-node map (the product promises at most 150 ms); ``markmap-render-warm-100-printer`` is the
same map through a warm ``Printer`` (result cache off), wall time: what a caller of the Python
API or a server waits, the render in a single-use process forked from the warm one included.
The in-process engine pays collections the render process never runs (the interpreter's and
Python's: the pool defers one and freezes the other's heap), and the render process pays the
first touches of memory it shares with the warm process instead.
``markmap-render-warm-100-as-a-render-process`` is the in-process render with the interpreter's
collection put off before each round, as the pool's warm process puts it off before it forks: the
render's own work, as a render process does it, without the pool's fork and first touches.

``markmap-bundle-load`` is what the markmap bundle adds to a zygote's start: loading it into a
fresh engine and its warm-up (``worker.markmap.warm_up``); the engine's own memory after it is
in ``extra_info`` (``resident_added_mib``: the process's resident memory after minus before,
per round; the first round also pays the converter fonts and one-time imports).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from support import outline, outline_of

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import MARKMAP_VERSION, markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, MarkmapStructureJob

FIXTURES = Path(__file__).parent.parent / "tests" / "fixtures" / "markmap"
NAMES = ["code", "deep-lists", "headings", "links-images", "table"]


SIZES = (10, 100, 1000, 10_000)
SIZED = {nodes: outline_of(nodes) for nodes in SIZES}


def documents() -> dict[str, str]:
    docs = {name: (FIXTURES / f"{name}.md").read_text(encoding="utf-8") for name in NAMES}
    docs["outline-307"] = outline(307)
    return docs


DOCS = documents()


@pytest.fixture(scope="module")
def markmap_engine() -> QuickJSEngine:
    engine = QuickJSEngine(markmap_bundle())
    worker.warm_up(engine)
    return engine


@pytest.fixture(autouse=True)
def _record_markmap_version(benchmark) -> None:
    benchmark.extra_info["markmap"] = MARKMAP_VERSION


def structure_job(markdown: str) -> MarkmapStructureJob:
    return MarkmapStructureJob(markdown=markdown, options={}, timeout_ms=120_000, include_tree=False)


def render_job(markdown: str) -> MarkmapRenderJob:
    return MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=120_000)


@pytest.mark.benchmark(group="markmap-structure")
@pytest.mark.parametrize("name", list(DOCS))
def test_markmap_structure(benchmark, markmap_engine: QuickJSEngine, name: str) -> None:
    benchmark.pedantic(
        worker.structure, args=(markmap_engine, structure_job(DOCS[name])), rounds=5, iterations=1, warmup_rounds=1
    )


@pytest.mark.benchmark(group="markmap-render")
@pytest.mark.parametrize("name", list(DOCS))
def test_markmap_render(benchmark, markmap_engine: QuickJSEngine, name: str) -> None:
    benchmark.pedantic(
        worker.render, args=(markmap_engine, render_job(DOCS[name])), rounds=5, iterations=1, warmup_rounds=1
    )


@pytest.mark.benchmark(group="structure-vs-render")
@pytest.mark.parametrize("name", list(DOCS))
def test_structure_vs_render(benchmark, markmap_engine: QuickJSEngine, name: str) -> None:
    markdown = DOCS[name]

    def medians() -> tuple[float, float]:
        structure, render = [], []
        for _ in range(5):
            started = time.process_time()
            worker.structure(markmap_engine, structure_job(markdown))
            structure.append(time.process_time() - started)
            started = time.process_time()
            worker.render(markmap_engine, render_job(markdown))
            render.append(time.process_time() - started)
        return statistics.median(structure), statistics.median(render)

    structure, render = benchmark.pedantic(medians, rounds=1, iterations=1)
    benchmark.extra_info["structure_ms"] = round(structure * 1000, 1)
    benchmark.extra_info["render_ms"] = round(render * 1000, 1)
    benchmark.extra_info["render_over_structure"] = round(render / structure, 1)


def resident_mib() -> float:
    """This process's resident memory (Linux), MiB."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096 / 2**20


@pytest.mark.benchmark(group="markmap-bundle-load")
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
def test_markmap_bundle_load_and_warm_up(benchmark) -> None:
    kept: list[QuickJSEngine] = []

    def load() -> None:
        before = resident_mib()
        engine = QuickJSEngine(markmap_bundle())
        worker.warm_up(engine)
        kept.append(engine)
        benchmark.extra_info.setdefault("resident_added_mib", []).append(round(resident_mib() - before, 1))

    benchmark.pedantic(load, rounds=3, iterations=1)


def _rounds(nodes: int) -> int:
    return 1 if nodes >= 10_000 else 3 if nodes >= 1000 else 5


def _cpu_median_ms(handler, engine: QuickJSEngine, job, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        started = time.process_time()
        handler(engine, job)
        times.append(time.process_time() - started)
    return round(statistics.median(times) * 1000, 1)


# No job time limit for these (a 10,000-node render takes minutes under load).
def _sized_structure_job(nodes: int) -> MarkmapStructureJob:
    return MarkmapStructureJob(markdown=SIZED[nodes], options={}, timeout_ms=0, include_tree=False)


def _sized_render_job(nodes: int) -> MarkmapRenderJob:
    return MarkmapRenderJob(markdown=SIZED[nodes], options={}, timeout_ms=0)


def _record_cpu_ratio(benchmark, engine: QuickJSEngine, nodes: int) -> None:
    """CPU medians of both handlers on the document, and render/structure (wall time is noisy here)."""
    rounds = 1 if nodes >= 1000 else 3
    structure_ms = _cpu_median_ms(worker.structure, engine, _sized_structure_job(nodes), rounds)
    render_ms = _cpu_median_ms(worker.render, engine, _sized_render_job(nodes), rounds)
    benchmark.extra_info["nodes"] = nodes
    benchmark.extra_info["structure_cpu_ms"] = structure_ms
    benchmark.extra_info["render_cpu_ms"] = render_ms
    benchmark.extra_info["render_over_structure"] = round(render_ms / structure_ms, 1)


@pytest.mark.benchmark(group="markmap-size-structure")
@pytest.mark.parametrize("nodes", SIZES)
def test_markmap_structure_by_size(benchmark, markmap_engine: QuickJSEngine, nodes: int) -> None:
    result = benchmark.pedantic(
        worker.structure,
        args=(markmap_engine, _sized_structure_job(nodes)),
        rounds=_rounds(nodes),
        iterations=1,
        warmup_rounds=0,
    )
    assert result.node_count == nodes
    if nodes < 10_000:  # the 10,000-node ratio is recorded by the render benchmark
        _record_cpu_ratio(benchmark, markmap_engine, nodes)


@pytest.mark.benchmark(group="markmap-size-render")
@pytest.mark.parametrize("nodes", SIZES)
def test_markmap_render_by_size(benchmark, markmap_engine: QuickJSEngine, nodes: int) -> None:
    result = benchmark.pedantic(
        worker.render, args=(markmap_engine, _sized_render_job(nodes)), rounds=_rounds(nodes), iterations=1
    )
    assert result.node_count == nodes
    if nodes < 10_000:
        _record_cpu_ratio(benchmark, markmap_engine, nodes)
    else:  # one more render would double a very long benchmark: its structure median, and the ratio
        structure_ms = _cpu_median_ms(worker.structure, markmap_engine, _sized_structure_job(nodes), 1)
        benchmark.extra_info["nodes"] = nodes
        benchmark.extra_info["structure_cpu_ms"] = structure_ms
        if benchmark.stats is not None:  # None under --benchmark-disable: nothing was timed
            benchmark.extra_info["render_over_structure_wall"] = round(
                benchmark.stats.stats.median * 1000 / structure_ms, 1
            )


@pytest.mark.benchmark(group="markmap-render-warm-100")
def test_markmap_render_100_nodes_warm(benchmark, markmap_engine: QuickJSEngine) -> None:
    result = benchmark.pedantic(
        worker.render, args=(markmap_engine, _sized_render_job(100)), rounds=15, iterations=1, warmup_rounds=2
    )
    assert result.node_count == 100


@pytest.mark.benchmark(group="markmap-render-warm-100-as-a-render-process")
def test_markmap_render_100_nodes_warm_as_a_render_process(benchmark, markmap_engine: QuickJSEngine) -> None:
    # Each round starts as a render process does: the interpreter's collection put off
    # (QuickJSEngine.defer_garbage_collection, which the pool's warm process runs before it forks).
    result = benchmark.pedantic(
        worker.render,
        args=(markmap_engine, _sized_render_job(100)),
        setup=markmap_engine.defer_garbage_collection,
        rounds=15,
        iterations=1,
        warmup_rounds=2,
    )
    assert result.node_count == 100


@pytest.mark.benchmark(group="markmap-render-warm-100-printer")
def test_markmap_render_100_nodes_warm_through_the_printer(benchmark) -> None:
    from mermaid_printer import Printer
    from mermaid_printer.markmap.requests import MarkmapCustomizeRequest

    request = MarkmapCustomizeRequest(markdown_content=SIZED[100])
    with Printer(cache=None) as printer:
        printer.start()
        result = benchmark.pedantic(printer.render_markmap, args=(request,), rounds=15, iterations=1, warmup_rounds=2)
    assert result.node_count == 100
