"""What a diagram's stylesheet costs the shim per render: parsing its text, compiling its
selectors, and the first computed style that reads it.

A dev tool (never the product). A render process sees its diagram's stylesheet once, under the
request's own ``#svg-id``, so nothing it compiled before applies: each round here gives the
same text another id. The stylesheet is Mermaid's own, drawn by the warm engine for
``--diagram`` (default: ``benchmarks/diagrams/flowchart-ci.mmd``, whose 27 KB sheet is the
largest). It prints the CPU of each step (``time.thread_time`` in the engine, the median of
``--rounds``) for the JavaScript of this checkout; run it in another checkout (a git worktree)
to compare::

    PYTHONPATH=src python benchmarks/stylesheet_cost.py [--diagram FILE] [--rounds 9]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from pathlib import Path

from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

DEFAULT_DIAGRAM = Path(__file__).resolve().parent / "diagrams" / "flowchart-ci.mmd"
SVG_ID = "mermaid-0123456789ab"

#: One round: the sheet under a new id, parsed; again under another, parsed and every rule's
#: selectors compiled; again, as a <style> whose first computed style compiles and indexes it.
_ROUND = r"""(function (text, round, id) {
  const under = (tag) => text.split(id).join("mermaid-" + tag + round);
  const times = {};
  let started = __clock();
  __printerCss.parseSheet(under("p"));
  times.parse = __clock() - started;
  started = __clock();
  for (const rule of __printerCss.parseSheet(under("c"))) {
    if (rule.type !== "style") continue;
    try { __printerSelectors.compile(rule.selectorText); } catch (e) { /* as compiledSheet */ }
  }
  times.parse_and_compile = __clock() - started;
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  const style = document.createElementNS(NS, "style");
  style.textContent = under("s");
  const label = document.createElementNS(NS, "text");
  svg.append(style, label);
  started = __clock();
  __printerCss.computedValue(label, "fill");
  times.first_computed_style = __clock() - started;
  return JSON.stringify(times);
})"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--diagram", type=Path, default=DEFAULT_DIAGRAM)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args(argv)
    engine = QuickJSEngine(mermaid_bundle())
    # A host callable, only in this tool: the product's engine registers none (and must not).
    engine._context.add_callable("__clock", time.thread_time)
    worker.warm_up(engine)
    job = SvgJob(
        code=args.diagram.read_text(encoding="utf-8"),
        config=build_mermaid_config({}),
        svg_id=SVG_ID,
        timeout_ms=0,
        embed_fonts=False,
    )
    svg = worker.render_svg(engine, job).svg
    sheets = re.findall(r"<style[^>]*>(.*?)</style>", svg, re.S)
    if not sheets:
        raise SystemExit(f"{args.diagram} drew no stylesheet")
    import html

    text = html.unescape(max(sheets, key=len))
    engine._context.set("__sheetText", text)
    samples: dict[str, list[float]] = {}
    for round_ in range(args.rounds):
        times = json.loads(engine.eval(f"{_ROUND}(__sheetText, {round_}, {json.dumps(SVG_ID)})"))
        for name, seconds in times.items():
            samples.setdefault(name, []).append(seconds)
    print(f"{args.diagram.name}: stylesheet of {len(text)} characters, median of {args.rounds} rounds (CPU ms)")
    for name, values in samples.items():
        print(f"  {name:22} {statistics.median(values) * 1000:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
