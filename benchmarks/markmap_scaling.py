"""How a mind map render grows with the map: CPU time per phase on generated outlines of N nodes.

A dev tool (never the product) for issue 11 (large maps). For each size it draws the outline
``test_markmap_bench.outline_of(N)`` through the steps of the worker's render handler, in one
in-process engine, and times each step in CPU seconds of this thread (``time.thread_time``; the
engine runs in it): ``transform`` (the structure entry alone: markmap-lib), ``render`` (the
engine's render entry: markmap-lib, markmap-view, d3, the shim, the label conversion and the
serialization) and ``finish`` (``finish_svg``: sanitize, canonicalize, embed fonts). It prints
the median of ``--rounds`` per step and, between consecutive sizes, the growth exponent
``log(t2/t1) / log(n2/n1)`` of the render (1 is linear, 2 quadratic).

To compare two checkouts side by side on a noisy machine, run it once per checkout with its own
``PYTHONPATH`` and the same sizes, alternating, and read the ratios (``--json`` writes the
medians for that).

Usage::

    python benchmarks/markmap_scaling.py 100 1000 3000
    python benchmarks/markmap_scaling.py 10000 --rounds 1 --json /tmp/after.json
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_markmap_bench import outline_of

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.markmap.style import font_shorthand, stylesheet
from mermaid_printer.postprocess.finish import finish_svg

#: A limit well above the product's, so a slow map is measured rather than refused.
_LIMITS = {"nodes": 100_000, "depth": 20}


def render_payload(markdown: str, svg_id: str) -> dict[str, object]:
    """The render entry's payload for ``markdown`` with the product's default style, under the
    limits above."""
    job = MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0)
    return {
        "markdown": markdown,
        "font": font_shorthand(job.font_size),
        "css": stylesheet(job.css_variables, job.label_padding_y),
        "svgId": svg_id,
        "limits": _LIMITS,
    }


def measure(engine: QuickJSEngine, nodes: int, rounds: int) -> dict[str, float]:
    """Median CPU seconds of each step for an outline of ``nodes`` nodes."""
    markdown = outline_of(nodes)
    payload = render_payload(markdown, "markmap-0123456789ab")  # of the form the service gives requests
    steps: dict[str, list[float]] = {"transform": [], "render": [], "finish": []}
    for _ in range(rounds):
        started = time.thread_time()
        engine.call("transform", {"markdown": markdown, "limits": _LIMITS})
        steps["transform"].append(time.thread_time() - started)
        started = time.thread_time()
        result = engine.call("render", payload)
        steps["render"].append(time.thread_time() - started)
        if not result.get("ok"):
            raise SystemExit(f"render of {nodes} nodes failed: {result.get('error')}")
        started = time.thread_time()
        finish_svg(result["svg"], "transparent", True, result.get("drawn_faces"))
        steps["finish"].append(time.thread_time() - started)
    return {name: statistics.median(times) for name, times in steps.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="+", type=int, help="node counts")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--json", type=Path, help="write {size: {step: seconds}} here")
    args = parser.parse_args(argv)
    engine = QuickJSEngine(markmap_bundle())
    worker.warm_up(engine)
    results: dict[int, dict[str, float]] = {}
    previous: tuple[int, float] | None = None
    for nodes in args.sizes:
        results[nodes] = measure(engine, nodes, args.rounds)
        row = results[nodes]
        growth = ""
        if previous is not None and nodes != previous[0]:
            growth = f"  growth {math.log(row['render'] / previous[1]) / math.log(nodes / previous[0]):.2f}"
        print(
            f"{nodes:>6} nodes: transform {row['transform']:7.2f} s  render {row['render']:7.2f} s  "
            f"finish {row['finish']:6.2f} s{growth}",
            flush=True,
        )
        previous = (nodes, row["render"])
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
