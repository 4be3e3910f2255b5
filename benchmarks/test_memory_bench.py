"""Page faults and heap sizes the tests check only as orderings (moved out of the tests).

* ``tests/worker/test_rehearsal.py``: a render process that copied ahead what the rehearsal
  wrote takes fewer page faults than one that copied the pie's pages (Mermaid) or nothing (mind
  map); here, how many, and the sizes of what was learned.
* ``tests/engine/test_frozen_heap.py``: garbage made after freezing is freed; here, what the
  context holds after the churn, frozen and not.

Run with ``pytest benchmarks/test_memory_bench.py``; the figures are in each result's
``extra_info``. These report; they do not gate.
"""

from __future__ import annotations

import resource
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

import mermaid_printer.engine.native as native
from mermaid_printer.bundles.markmap import handlers as markmap_worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QUICKJS_MODULE, QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.pool import _pages

TESTS = Path(__file__).resolve().parents[1] / "tests"

# As tests/worker/test_rehearsal.py draws it: not a warm-up diagram, and not a pie.
STATE = """stateDiagram-v2
  [*] --> Idle
  Idle --> Running: start
  Running --> Paused: pause
  Paused --> Running: resume
  Running --> Done: finish
  Done --> [*]
"""
MIND_MAP = "# Trip\n\n## Pack\n- tent\n- **boots**\n\n## Route\n1. north\n2. `coast`\n"

# What one pass makes: ~20x the 48 MiB limit of garbage (as the test's churn).
CHURN = """
    (() => {
        let batch;
        for (let k = 0; k < 100; k++) batch = Array.from({length: 20000}, (_, i) => ({i, s: 'v' + i}));
        for (let k = 0; k < 100; k++) {
            const ring = Array.from({length: 20000}, () => ({}));
            ring.forEach((node, i) => { node.next = ring[(i + 1) % ring.length]; });
            anchor.kept = ring;
        }
        return batch.length + anchor.kept.length;
    })()
"""


@pytest.fixture(autouse=True)
def _test_helpers_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TESTS))


def _in_child(work: Callable[[], Any]) -> Any:
    from forked import in_child  # tests/forked.py

    return in_child(work)


def _learned(steps: Callable[[], Iterator[None]]) -> bytes:
    """The pages ``steps()`` write in a forked child, as the pool's learner reports them."""
    return bytes.fromhex(_in_child(lambda: b"".join(_pages.pages_written_by_steps(steps())).hex()))


def _faults_serving(prime: Callable[[], object], copy: bytes, serve: Callable[[], object]) -> int:
    """Page faults ``serve()`` takes in a forked child that primed and copied ``copy`` first."""

    def in_spare() -> int:
        prime()
        _pages.copy_now(copy)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        serve()
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

    return int(_in_child(in_spare))


@pytest.mark.skipif(not _pages.supported(), reason="needs Linux's /proc/self/pagemap")
def test_faults_of_a_render_after_copying_what_the_rehearsal_wrote(benchmark: BenchmarkFixture) -> None:
    engine = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(engine)
    engine.defer_garbage_collection()

    def everything() -> Iterator[None]:
        yield from mermaid_worker.record_pages(engine)
        mermaid_worker.find_safe_stylesheets(engine)

    def the_pie_alone() -> Iterator[None]:
        yield next(mermaid_worker.record_pages(engine))

    learned, pie = _learned(everything), _learned(the_pie_alone)
    job = SvgJob(
        code=STATE, config=build_mermaid_config({}), svg_id="mermaid-00000000abcd", timeout_ms=0, embed_fonts=True
    )

    def faults() -> dict[str, int]:
        return {
            name: _faults_serving(
                lambda: mermaid_worker.prime(engine), copy, lambda: mermaid_worker.render_svg(engine, job)
            )
            for name, copy in (("learned", learned), ("pie", pie), ("nothing", b""))
        }

    counted = benchmark.pedantic(faults, rounds=1, iterations=1)
    benchmark.extra_info.update(
        faults=counted,
        learned_vs_pie=round(counted["learned"] / counted["pie"], 3),
        learned_kib=_pages.learned_bytes(learned) // 1024,
        pie_kib=_pages.learned_bytes(pie) // 1024,
    )


@pytest.mark.skipif(not _pages.supported(), reason="needs Linux's /proc/self/pagemap")
def test_faults_of_a_mind_map_after_copying_what_its_rehearsal_wrote(benchmark: BenchmarkFixture) -> None:
    engine = QuickJSEngine(markmap_bundle())
    markmap_worker.warm_up(engine)
    engine.defer_garbage_collection()
    learned = _learned(lambda: markmap_worker.record_pages(engine))
    job = MarkmapRenderJob(markdown=MIND_MAP, options={}, timeout_ms=0, svg_id="markmap-00000000abcd")

    def faults() -> dict[str, int]:
        return {
            name: _faults_serving(
                lambda: markmap_worker.prime(engine), copy, lambda: markmap_worker.render(engine, job)
            )
            for name, copy in (("learned", learned), ("nothing", b""))
        }

    counted = benchmark.pedantic(faults, rounds=1, iterations=1)
    benchmark.extra_info.update(
        faults=counted,
        learned_vs_nothing=round(counted["learned"] / counted["nothing"], 3),
        learned_kib=_pages.learned_bytes(learned) // 1024,
    )


def test_heap_after_churning_garbage_frozen_and_not(benchmark: BenchmarkFixture) -> None:
    if native.freeze_heap(QUICKJS_MODULE, QUICKJS_MODULE.Context()) is None:
        pytest.skip("the engine runs the quickjs-ng wheel's module, which cannot freeze its heap")

    def churned(freeze: bool) -> int:
        context = QUICKJS_MODULE.Context()
        context.set_memory_limit(48 * 2**20)
        context.eval("globalThis.anchor = {kept: []}")
        if freeze:
            native.freeze_heap(QUICKJS_MODULE, context)
        assert context.eval(CHURN) == 40000
        return int(context.memory()["malloc_size"])

    sizes = benchmark.pedantic(lambda: {"frozen": churned(True), "not frozen": churned(False)}, rounds=1, iterations=1)
    benchmark.extra_info.update(malloc_mib={name: round(size / 2**20, 1) for name, size in sizes.items()}, limit_mib=48)
