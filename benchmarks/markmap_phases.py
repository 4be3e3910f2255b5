"""Where a mind map render's CPU goes, phase by phase, without probes on every small function.

A dev tool (never the product). ``profile_markmap.py`` probes the shim's functions one by one,
which inflates small ones; this wraps only a few large steps of the render entry with the CPU
clock of this thread (``time.thread_time``, a host callable registered for this tool only) and
reports, for a generated outline of N nodes (``test_markmap_bench.outline_of``), the CPU of each:

* ``Transformer.transform``: markmap-lib (Markdown to tree);
* ``Markmap.setData`` / ``renderData`` / ``_relayout``: markmap-view's drawing and layout (d3);
* ``elementBox (measure)``: markmap-view measuring each label's HTML (``scrollWidth``);
* ``convertAll`` and inside it ``layoutBox (convert)``: the labels laid out again and drawn
  as SVG text (``foreign_objects.js``);
* ``drawnFacesOf``: the fonts every text element is drawn in, for embedding;
* the render entry's own steps after the drawing (``entries.js``: ``xmlSafeLabels``,
  ``resolveVarAttributes``, ``scopeStyles``), timed through a load-time patch of that script
  for this tool only.

Steps nest (``renderData`` inside ``setData``; ``layoutBox`` inside ``convertAll``), so the
shares do not add up to the render. ``setData`` and ``renderData`` are async: they count only
until their first ``await`` (``_relayout``, with the measuring in it, runs after one). The render's own CPU is the median of ``--rounds``; each
phase is taken from the last round.

Usage::

    python benchmarks/markmap_phases.py 100
    python benchmarks/markmap_phases.py 1000 --rounds 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from markmap_scaling import render_payload
from test_markmap_bench import outline_of

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.bundle import SourcePatch
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

#: Wraps the steps with the host clock; totals per step in globalThis.__phases.
_WRAP = r"""
(function () {
  const phases = (globalThis.__phases = {});
  function wrap(owner, name, label) {
    const original = owner[name];
    if (typeof original !== "function") throw new Error("no function " + label);
    owner[name] = function (...args) {
      const started = __phaseClock();
      try {
        return original.apply(this, args);
      } finally {
        const phase = phases[label] || (phases[label] = { cpu: 0, calls: 0 });
        phase.cpu += __phaseClock() - started;
        phase.calls += 1;
      }
    };
  }
  wrap(globalThis.markmap.Transformer.prototype, "transform", "Transformer.transform");
  const view = globalThis.markmap.Markmap.prototype;
  for (const name of ["setData", "renderData", "_relayout"]) wrap(view, name, "Markmap." + name);
  wrap(globalThis.__printerHtmlLayout, "elementBox", "elementBox (measure)");
  wrap(globalThis.__printerForeignObjects, "convertAll", "convertAll");
  wrap(globalThis.__printerHtmlLayout, "layoutBox", "layoutBox (convert)");
  wrap(globalThis.__printerSvgOutput, "drawnFacesOf", "drawnFacesOf");
})();
"""

#: The render entry's own steps: entries.js's local functions, rebound to timed ones (this tool only).
_GLUE_STEPS = ("xmlSafeLabels", "resolveVarAttributes", "scopeStyles", "structure", "imagesToAltText")
_TIME_GLUE = SourcePatch(
    name="time-glue-steps (profiling only)",
    find="  async function render(payload) {",
    replace="".join(
        f"  {name} = ((original) => function (...args) {{\n"
        "    const started = __phaseClock();\n"
        "    try { return original.apply(this, args); } finally {\n"
        f'      const phase = __phases["{name}"] || (__phases["{name}"] = {{ cpu: 0, calls: 0 }});\n'
        "      phase.cpu += __phaseClock() - started;\n"
        "      phase.calls += 1;\n"
        "    }\n"
        f"  }})({name});\n"
        for name in _GLUE_STEPS
    )
    + "  async function render(payload) {",
)


def _timed_span(label: str, statement: str) -> str:
    """``statement`` (one line of the render entry, an ``await`` allowed) with the CPU it takes
    added to the phase ``label``: all the thread runs meanwhile, promise jobs and timers too."""
    indent = statement[: len(statement) - len(statement.lstrip())]
    return (
        f"{indent}const started_{label} = __phaseClock();\n"
        f"{statement}\n"
        f'{indent}(__phases["{label}"] || (__phases["{label}"] = {{ cpu: 0, calls: 0 }})).cpu += __phaseClock() - started_{label};\n'
        f'{indent}__phases["{label}"].calls += 1;'
    )


#: Lines of the render entry timed whole, with what runs while they wait (this tool only).
_SPANS = (
    ("awaitSetData", "    await view.setData(root);"),
    ("settle", "    await settle();"),
    ("outerHTML", "    const text = String(svg.outerHTML);"),
)
_TIME_SPANS = tuple(
    SourcePatch(name=f"time-{label} (profiling only)", find=line, replace=_timed_span(label, line))
    for label, line in _SPANS
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("nodes", type=int, help="the outline's node count")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    bundle = markmap_bundle().with_transform("entries.js", _TIME_GLUE)
    for patch in _TIME_SPANS:
        bundle = bundle.with_transform("entries.js", patch)
    engine = QuickJSEngine(bundle)
    # A host callable, only in this tool: the product's engine registers none (and must not).
    engine._context.add_callable("__phaseClock", time.thread_time)
    engine.eval(_WRAP)
    worker.warm_up(engine)
    payload = render_payload(outline_of(args.nodes), "markmap-0123456789ab")  # of the form the service gives requests
    times = []
    for _ in range(args.rounds):
        engine.eval("for (const key of Object.keys(__phases)) delete __phases[key];")
        started = time.thread_time()
        result = engine.call("render", payload)
        times.append(time.thread_time() - started)
        if not result.get("ok"):
            raise SystemExit(f"the render failed: {result.get('error')}")
    render = statistics.median(times)
    phases = json.loads(engine.eval("JSON.stringify(__phases)"))
    print(f"outline of {args.nodes} nodes: render CPU {render * 1000:.0f} ms (median of {args.rounds})")
    for name, phase in sorted(phases.items(), key=lambda item: -item[1]["cpu"]):
        cpu = phase["cpu"]
        print(f"  {name:24} {cpu * 1000:8.1f} ms {100 * cpu / render:5.1f} %  calls {phase['calls']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
