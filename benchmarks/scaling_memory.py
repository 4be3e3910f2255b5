"""How a render's CPU, heap and copied pages grow with the diagram's size, and what the
interpreter's garbage collector costs a render process as its heap grows.

For each generated diagram (``scaling.py``) and each GC headroom, a child is forked from a warm
engine in this process as the pool's zygote forks render processes (its heap settled with
``defer_garbage_collection(headroom)``), and draws the diagram once; it reports its CPU time
(``time.thread_time``), the heap before and after (QuickJS's ``malloc_size``), the collector's
threshold it started with (heap + headroom), whether the collector ran (a run walks the whole heap, the zygote's too,
copying every page it marks; told by a weakly held garbage cycle), and the
page faults it took (copy-on-write copies, mostly). A larger headroom shows what those
collections cost: compare the two rows of one size. No pool, no IPC, no post-processing: the
engine call alone (``profile_render.py`` splits the whole handler by phase).

Usage::

    python benchmarks/scaling_memory.py --diagrams random-graph:100,random-graph:400 --headroom-mib 128,1024
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import time

from scaling import add_diagrams_argument

from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

_SVG_IDS = (f"mermaid-{serial:012x}" for serial in itertools.count(1))

# Tells whether the collector ran: a garbage cycle only a cycle collection frees, held weakly.
_WATCH_COLLECTIONS = (
    "globalThis.__watch = (() => { const cycle = {}; cycle.self = cycle; return new WeakRef(cycle); })()"
)
_COLLECTED = "globalThis.__watch.deref() === undefined"


def _heap(engine: QuickJSEngine) -> int:
    return int(engine._context.memory()["malloc_size"])


def child_render(engine: QuickJSEngine, code: str, headroom: int) -> dict[str, float]:
    """One render in a child forked after ``defer_garbage_collection(headroom)``."""
    engine.defer_garbage_collection(headroom)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            os.close(read_end)
            engine.eval(_WATCH_COLLECTIONS)
            before = _heap(engine)
            faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
            cpu = time.thread_time()
            result = engine.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": next(_SVG_IDS)})
            row = {
                "cpu": time.thread_time() - cpu,
                "heap_before": before,
                "heap_after": _heap(engine),
                "faults": resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults,
                "ok": bool(result.get("ok")),
                "collected": bool(engine.eval(_COLLECTED)),
            }
            os.write(write_end, json.dumps(row).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return dict(json.loads(data))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_diagrams_argument(parser, "random-graph:25,random-graph:100,random-graph:400")
    parser.add_argument("--headroom-mib", default="128", help="comma-separated GC headrooms (MiB) to compare")
    args = parser.parse_args(argv)
    headrooms = [int(value) * 2**20 for value in args.headroom_mib.split(",")]
    engine = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(engine)
    print(f"{'diagram':22s} {'headroom':>8s} {'cpu s':>7s} {'heap MiB':>15s} {'collects':>8s} {'faults':>7s} ok")
    for spec, code in args.diagrams:
        for headroom in headrooms:
            row = child_render(engine, code, headroom)
            mib = 2**20
            heap = f"{row['heap_before'] / mib:.0f} -> {row['heap_after'] / mib:.0f}"
            print(
                f"{spec:22s} {headroom // mib:8d} {row['cpu']:7.2f} {heap:>15s} {'yes' if row['collected'] else 'no':>8s}"
                f" {row['faults']:7.0f} {row['ok']}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
