"""The rehearsal the pool's page learner runs (``pool/_pages.py``): every warm-up drawing, the
smallest common request first, so that a spare copies ahead the pages any type's render writes,
in real children forked from a warm engine, as the zygote forks them."""

from __future__ import annotations

import resource
import struct
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from forked import in_child

from mermaid_printer.bundles.markmap import handlers as markmap_worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import WARMUP_DIAGRAMS, mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.pool import _pages

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(not _pages.supported(), reason="needs Linux's /proc/self/pagemap"),
]

# Not a warm-up diagram, and not a pie: its parser, renderer and layout are none of the pie's.
STATE = """stateDiagram-v2
  [*] --> Idle
  Idle --> Running: start
  Running --> Paused: pause
  Paused --> Running: resume
  Running --> Done: finish
  state Running {
    [*] --> Working
    Working --> Waiting
    Waiting --> Working
  }
  Done --> [*]
"""


@pytest.fixture(scope="module")
def warmed() -> QuickJSEngine:
    engine = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(engine)
    engine.defer_garbage_collection()  # as the zygote does before it forks
    return engine


def test_the_rehearsal_draws_the_smallest_common_request_first_then_every_common_type(
    warmed: QuickJSEngine, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    render_svg = mermaid_worker.render_svg

    def recording(engine: QuickJSEngine, job: SvgJob) -> Any:
        drawn.append(job.code)
        return render_svg(engine, job)

    monkeypatch.setattr(mermaid_worker, "render_svg", recording)
    for steps, _ in enumerate(mermaid_worker.record_pages(warmed), start=1):
        assert len(drawn) == steps  # one drawing per step
    names = {code: name for name, code in WARMUP_DIAGRAMS.items()}
    assert [names[code] for code in drawn] == ["pie", *(n for n in WARMUP_DIAGRAMS if n != "pie")]


def _learned(steps: Callable[[], Iterator[None]]) -> bytes:
    """The pages ``steps()`` write in a child forked from this process, as the pool's learner
    reports them (packed runs, in the order of the step that first wrote them)."""
    return bytes.fromhex(in_child(lambda: b"".join(_pages.pages_written_by_steps(steps())).hex()))


def _faults_serving(prime: Callable[[], object], copy: bytes, serve: Callable[[], object]) -> int:
    """The page faults ``serve()`` takes in a child forked from this process that first primed
    itself and copied ``copy``, as a spare does."""

    def in_spare() -> int:
        prime()
        _pages.copy_now(copy)
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        serve()
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

    return int(in_child(in_spare))


def test_a_spare_that_copied_what_the_whole_rehearsal_wrote_takes_far_fewer_faults(warmed: QuickJSEngine) -> None:
    def everything() -> Iterator[None]:
        # As the pool's learner runs it: the rehearsal's steps, then the find_safe_stylesheets.
        yield from mermaid_worker.record_pages(warmed)
        mermaid_worker.find_safe_stylesheets(warmed)

    def the_pie_alone() -> Iterator[None]:
        yield next(mermaid_worker.record_pages(warmed))

    learned, pie = _learned(everything), _learned(the_pie_alone)
    assert _pages.learned_bytes(learned) > _pages.learned_bytes(pie)  # every type writes pages of its own
    # The pie's pages come first: what every render writes is copied first. (Not all of them:
    # where a drawing's allocations land varies a little from one process to the next.)
    first = set(_pages_of(learned)[: len(_pages_of(pie))])
    assert len(first & set(_pages_of(pie))) > 0.7 * len(_pages_of(pie))

    job = SvgJob(
        code=STATE, config=build_mermaid_config({}), svg_id="mermaid-00000000abcd", timeout_ms=0, embed_fonts=True
    )
    faults = {
        name: _faults_serving(
            lambda: mermaid_worker.prime(warmed), copy, lambda: mermaid_worker.render_svg(warmed, job)
        )
        for name, copy in (("learned", learned), ("pie", pie))
    }
    # Fewer (how many fewer: benchmarks/test_memory_bench.py).
    assert faults["learned"] < faults["pie"], faults


def _pages_of(runs: bytes) -> list[int]:
    return [start + k for start, length in struct.iter_unpack("=QQ", runs) for k in range(0, length, _pages.PAGE_SIZE)]


def test_a_spare_that_copied_what_the_mind_map_rehearsal_wrote_takes_far_fewer_faults() -> None:
    engine = QuickJSEngine(markmap_bundle())
    markmap_worker.warm_up(engine)
    engine.defer_garbage_collection()
    learned = _learned(lambda: markmap_worker.record_pages(engine))
    job = MarkmapRenderJob(
        markdown="# Trip\n\n## Pack\n- tent\n- **boots**\n\n## Route\n1. north\n2. `coast`\n",
        options={},
        timeout_ms=0,
        svg_id="markmap-00000000abcd",
    )
    faults = {
        name: _faults_serving(lambda: markmap_worker.prime(engine), copy, lambda: markmap_worker.render(engine, job))
        for name, copy in (("learned", learned), ("nothing", b""))
    }
    # Fewer (how many fewer: benchmarks/test_memory_bench.py).
    assert faults["learned"] < faults["nothing"], faults
