"""How much of a render is the layout engine's (ELK), per diagram type and size.

A dev tool (never the product). Mermaid 12 lays out flowcharts, class, state and ER diagrams
with ELK (Java compiled to JavaScript), and brackets the call with its own profiler hook:
``globalThis.__mermaidProfiler.begin("layoutCore")`` / ``end()`` around ``elk.layout(graph)``.
This defines that hook with the CPU clock of this thread (``time.thread_time``, a host callable
registered for this tool only) and prints, for each generated diagram (:mod:`scaling`), the
engine call's CPU and the part of it inside ``layoutCore``, medians of ``--rounds`` renders in
one warm engine (the first render of each diagram is not counted).

Usage::

    python benchmarks/layout_share.py
    python benchmarks/layout_share.py --diagrams flowchart:100,er:25 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scaling import add_diagrams_argument

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

DEFAULT = "flowchart:25,flowchart:100,class:25,state:25,er:10,er:25,sequence:25,gantt:25"

# Mermaid's hook: begin(name) and end() bracket the layout call (never nested).
PROFILER = """
globalThis.__layoutCpu = 0;
globalThis.__mermaidProfiler = {
  started: 0,
  begin(name) { this.started = __layoutClock(); },
  end() { __layoutCpu += __layoutClock() - this.started; },
};
0
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_diagrams_argument(parser, DEFAULT)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    engine = QuickJSEngine(mermaid_bundle())
    engine._context.add_callable("__layoutClock", time.thread_time)  # only in this tool
    engine.eval(PROFILER)
    print(f"{'diagram':16} {'render ms':>10} {'layout ms':>10} {'share':>7}")
    for spec, code in args.diagrams:
        payload = {"code": code, "svgId": "mermaid-0123456789ab"}
        engine.call("render", payload)
        renders, layouts = [], []
        for _ in range(args.rounds):
            engine.eval("__layoutCpu = 0")
            started = time.thread_time()
            result = engine.call("render", payload)
            renders.append(time.thread_time() - started)
            layouts.append(float(engine.eval("__layoutCpu")))
            if not result.get("ok"):
                raise SystemExit(f"{spec}: the render failed: {result.get('error')}")
        render, layout = statistics.median(renders) * 1000, statistics.median(layouts) * 1000
        print(f"{spec:16} {render:10.1f} {layout:10.1f} {layout / render:7.0%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
