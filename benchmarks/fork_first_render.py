"""Whether a forked render process pays for being fresh: its first render against its later ones.

A dev tool (never the product). The pool serves each request in a child forked from a warm
process (``pool/_zygote.py``), primed with the worker's ``prime()``. After ``fork`` every page a
child writes is copied first (QuickJS writes reference counts into every object it reads), so
the first render of a child could cost more than the same render in a process that has drawn
before. This measures it: a warm engine as the zygote makes it (warm-up, priming, deferred
garbage collection, Python's heap frozen), then ``--children`` forked children, each priming
as a spare does and then rendering the diagram ``--renders`` times in a row. It prints, per
render number, the median CPU of the render (this thread's ``time.thread_time``) and the minor
page faults it took (``getrusage``), and the same render in the warm process for comparison.

Usage::

    python benchmarks/fork_first_render.py benchmarks/diagrams/pie-budget.mmd
    python benchmarks/fork_first_render.py diagram.mmd --children 9 --renders 3
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import time
from pathlib import Path

from mermaid_printer.bundles.mermaid import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.worker import mermaid as worker


def _render(engine: QuickJSEngine, job: SvgJob) -> tuple[float, int]:
    """CPU seconds and minor page faults of one render."""
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    started = time.thread_time()
    worker.render_svg(engine, job)
    return time.thread_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults


def _child(engine: QuickJSEngine, job: SvgJob, renders: int) -> list[tuple[float, int]]:
    """Fork a child that primes and renders ``renders`` times; its measurements."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        code = 0
        try:
            os.close(read_end)
            worker.prime(engine)
            measured = [_render(engine, job) for _ in range(renders)]
            os.write(write_end, json.dumps(measured).encode())
        except BaseException:  # report nothing; the parent sees an empty answer
            code = 1
        os._exit(code)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as answer:
        data = answer.read()
    os.waitpid(pid, 0)
    if not data:
        raise SystemExit("a child failed to render the diagram")
    return [(float(cpu), int(faults)) for cpu, faults in json.loads(data)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("diagram", type=Path, help="a .mmd file")
    parser.add_argument("--children", type=int, default=7)
    parser.add_argument("--renders", type=int, default=3, help="renders per child")
    args = parser.parse_args(argv)
    if not args.diagram.is_file():
        parser.error(f"no such diagram file: {args.diagram}")
    engine = QuickJSEngine(mermaid_bundle())
    worker.warm_up(engine)
    worker.prime(engine)
    engine.defer_garbage_collection()
    gc.collect()
    gc.freeze()
    job = SvgJob(
        code=args.diagram.read_text(encoding="utf-8"),
        config=build_mermaid_config({}),
        svg_id="mermaid-0123456789ab",  # of the form the service gives
        timeout_ms=0,
    )
    children = [_child(engine, job, args.renders) for _ in range(args.children)]
    print(f"{args.diagram.name}: median of {args.children} forked children")
    for index in range(args.renders):
        cpu = statistics.median(child[index][0] for child in children)
        faults = statistics.median(child[index][1] for child in children)
        print(f"  render {index + 1} in a child: {cpu * 1000:7.1f} ms CPU, {faults:6.0f} page faults")
    warm = [_render(engine, job) for _ in range(3)]
    print(f"  the same in the warm process: {statistics.median(c for c, _ in warm) * 1000:7.1f} ms CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
