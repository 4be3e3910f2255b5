"""Whether a forked render process pays for being fresh: its first render against its later ones,
with the engine's heap frozen before the fork and without.

A dev tool (never the product). The pool serves each request in a child forked from a warm
process (``pool/_zygote.py``), primed with the worker's ``prime()``. After ``fork`` every page a
child writes is copied first, and QuickJS writes a reference count into every object it reads,
so the first render of a child could cost more than the same render in a process that has drawn
before. The zygote therefore freezes its heap last (``QuickJSEngine.freeze_heap``,
``engine/native/frozen_heap.c``): reading a frozen object writes nothing.

This measures both: a warm engine as the zygote makes it (warm-up, priming, deferred garbage
collection, Python's heap frozen) but with the interpreter's heap not frozen, then
``--children`` forked children of each kind, taking turns: one forked from a child that froze
the heap first (what the zygote does), one forked from this process. Each primes as a spare does and then renders
the diagram ``--renders`` times in a row. It prints, per render number and kind, the median CPU
of the render (this thread's ``time.thread_time``) and the minor page faults it took
(``getrusage``), the ratio of frozen to not, whether both drew the same SVG, and the same render
in the warm process for comparison.

Usage::

    python benchmarks/fork_first_render.py benchmarks/diagrams/pie-budget.mmd
    python benchmarks/fork_first_render.py a.mmd b.mmd --children 9 --renders 3
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

KINDS = ("not frozen", "heap frozen")


def _render(engine: QuickJSEngine, job: SvgJob) -> tuple[float, int, str]:
    """CPU seconds, minor page faults and the SVG's SHA-256 of one render."""
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    started = time.thread_time()
    svg = worker.render_svg(engine, job).svg
    cpu = time.thread_time() - started
    digest = hashlib.sha256(svg.encode()).hexdigest()
    return cpu, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults, digest


def _forked(work: Callable[[], list[tuple[float, int, str]]]) -> list[tuple[float, int, str]]:
    """``work()`` in a forked child; its measurements."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read_end)
            os.write(write_end, json.dumps(work()).encode())
        except BaseException:  # report nothing; the parent sees an empty answer
            code = 1
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer:
        data = answer.read()
    os.waitpid(pid, 0)
    if not data:
        raise SystemExit("a child failed to render the diagram")
    return [(float(cpu), int(faults), str(digest)) for cpu, faults, digest in json.loads(data)]


def _child(engine: QuickJSEngine, job: SvgJob, renders: int, frozen: bool) -> list[tuple[float, int, str]]:
    """The measurements of a child that primes and renders ``renders`` times, forked from this
    process or, ``frozen``, from a child of it that froze its heap first (as the pool's warm
    process does: freezing writes every count once, and those copies must be the forking
    process's, not the measured child's)."""

    def render() -> list[tuple[float, int, str]]:
        worker.prime(engine)
        return [_render(engine, job) for _ in range(renders)]

    if not frozen:
        return _forked(render)

    def freeze_then_fork() -> list[tuple[float, int, str]]:
        if engine.freeze_heap() is None:
            raise SystemExit("this engine's module cannot freeze its heap (the wheel's)")
        return _forked(render)

    return _forked(freeze_then_fork)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("diagrams", type=Path, nargs="+", help=".mmd files")
    parser.add_argument("--children", type=int, default=7, help="children of each kind per diagram")
    parser.add_argument("--renders", type=int, default=3, help="renders per child")
    args = parser.parse_args(argv)
    for diagram in args.diagrams:
        if not diagram.is_file():
            parser.error(f"no such diagram file: {diagram}")
    engine = QuickJSEngine(mermaid_bundle())
    worker.warm_up(engine)
    worker.prime(engine)
    engine.defer_garbage_collection()
    gc.collect()
    gc.freeze()
    for diagram in args.diagrams:
        job = SvgJob(
            code=diagram.read_text(encoding="utf-8"),
            config=build_mermaid_config({}),
            svg_id="mermaid-0123456789ab",  # of the form the service gives
            timeout_ms=0,
        )
        children: dict[str, list[list[tuple[float, int, str]]]] = {kind: [] for kind in KINDS}
        for turn in range(args.children):
            for kind in KINDS if turn % 2 == 0 else reversed(KINDS):
                children[kind].append(_child(engine, job, args.renders, frozen=kind == "heap frozen"))
        digests = {render[2] for runs in children.values() for child in runs for render in child}
        print(f"{diagram.name}: median of {args.children} forked children of each kind; same SVG: {len(digests) == 1}")
        for index in range(args.renders):
            medians = {}
            for kind in KINDS:
                cpu = statistics.median(child[index][0] for child in children[kind])
                faults = statistics.median(child[index][1] for child in children[kind])
                medians[kind] = (cpu, faults)
                print(f"  render {index + 1}, {kind:11}: {cpu * 1000:7.1f} ms CPU, {faults:6.0f} page faults")
            (cpu_before, faults_before), (cpu_after, faults_after) = medians["not frozen"], medians["heap frozen"]
            print(
                f"  render {index + 1}, frozen/not: {cpu_after / cpu_before:5.2f}x CPU, {faults_after / max(faults_before, 1):5.2f}x faults"
            )
        warm = [_render(engine, job) for _ in range(3)]
        print(f"  the same in the warm process: {statistics.median(c for c, _, _ in warm) * 1000:7.1f} ms CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
