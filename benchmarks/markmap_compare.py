"""Render CPU time of mind maps, a git revision's bundle JavaScript against the working tree's.

A dev tool: the markmap bundle is loaded twice in this process, once with the package's
JavaScript (``src/mermaid_printer/bundles``) as it is in ``--base`` (default ``HEAD``, read
with ``git show`` into a temporary folder) and once as it is on disk; the vendored files and the
Python are the same for both. Generated outlines (``test_markmap_bench.outline_of``) are rendered
through the worker's handler by both engines in alternation, round after round, and the CPU time
of this thread (``time.thread_time``: immune to other processes' load on a shared machine) is
reported per size as medians and their ratio (new / old). Both SVGs are compared byte for byte.

``--without NAME[,NAME…]`` measures load-time transforms (``bundles/markmap/transforms.py``):
"old" is the bundle without the transforms of those names (the working tree's JavaScript, or
``--base``'s when given too: a revision from before a transform and the file it calls), "new" the
bundle as it is. ``--structure`` times the structure handler (markmap-lib's
transform, no drawing) instead of the render, and compares the structures.

Usage::

    python benchmarks/markmap_compare.py --sizes 100,1000 --rounds 5
    python benchmarks/markmap_compare.py --base main --sizes 100
    python benchmarks/markmap_compare.py --without tokenizer-runs,tokenizer-runs-text --structure --sizes 3000
    python benchmarks/markmap_compare.py --base c1eb07b --without transitions-at-once --sizes 100
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from support import bundle_at, outline_of

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, MarkmapStructureJob

REPO = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="the git revision to compare with (default HEAD, or none with --without)")
    parser.add_argument("--without", help="comma-separated load-time transforms the old bundle goes without")
    parser.add_argument("--structure", action="store_true", help="time the structure (transform only), not the render")
    parser.add_argument("--sizes", default="100", help="comma-separated node counts")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    old = markmap_bundle()
    for name in args.without.split(",") if args.without else ():
        old = old.without_transform(name)
    base = args.base if args.base is not None or args.without else "HEAD"
    with tempfile.TemporaryDirectory() as tmp:
        engines = {
            "old": QuickJSEngine(bundle_at(base, Path(tmp), old) if base else old),
            "new": QuickJSEngine(markmap_bundle()),
        }
    for engine in engines.values():
        worker.warm_up(engine)

    def run(engine: QuickJSEngine, markdown: str) -> object:
        if args.structure:
            return worker.structure(engine, MarkmapStructureJob(markdown=markdown, options={}, timeout_ms=0))
        return worker.render(engine, MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0)).data

    for size in (int(s) for s in args.sizes.split(",")):
        markdown = outline_of(size)
        times: dict[str, list[float]] = {"old": [], "new": []}
        results = {name: run(engine, markdown) for name, engine in engines.items()}  # warm
        for _ in range(args.rounds):
            for name, engine in engines.items():
                started = time.thread_time()
                run(engine, markdown)
                times[name].append(time.thread_time() - started)
        old, new = statistics.median(times["old"]), statistics.median(times["new"])
        same = "identical" if results["old"] == results["new"] else "RESULTS DIFFER"
        print(
            f"{size:6d} nodes: old {old * 1000:8.1f} ms  new {new * 1000:8.1f} ms  new/old {new / old:5.2f}  "
            f"(CPU, median of {args.rounds}; min old {min(times['old']) * 1000:.1f}, new {min(times['new']) * 1000:.1f}) {same}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
