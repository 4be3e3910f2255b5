"""What DOMParser costs on markup an element's ``innerHTML`` just gave: read from the tree, or parsed.

A dev tool (never the product). Mermaid hands DOMPurify its drawing as markup (``innerHTML`` of
the drawing's container), and DOMPurify parses it into a new document (``DOMParser``). dom.js
reads such markup from the tree it was written from when nothing changed since
(``rebuildSerialized``). For each generated diagram (:mod:`scaling`) this renders once, puts the
SVG in a detached element, and then, taking turns round by round in the same engine:

* **from the tree**: ``innerHTML`` read, then ``parseFromString`` of that markup right away;
* **parsed**: ``innerHTML`` read, another element's ``innerHTML`` read (so the markup is no longer
  the last one given), then ``parseFromString`` of the first markup.

Both include the one ``innerHTML`` (whose cost is the same); it prints the median CPU of each
(``time.thread_time``), their ratio, and whether both documents serialize the same.

Usage::

    python benchmarks/serialized_parse.py
    python benchmarks/serialized_parse.py --diagrams sequence:25,er:10 --rounds 15
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scaling import add_diagrams_argument

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

DEFAULT = "sequence:10,sequence:25,sequence:100,gantt:25,flowchart:25,class:10,state:10,er:10"

FROM_TREE = "globalThis.__fromTree = new DOMParser().parseFromString(__holder.innerHTML, 'text/html'); 0"
PARSED = (
    "(function () { const html = __holder.innerHTML; document.createElement('i').innerHTML; "
    "globalThis.__parsed = new DOMParser().parseFromString(html, 'text/html'); return 0; })()"
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_diagrams_argument(parser, DEFAULT)
    parser.add_argument("--rounds", type=int, default=11)
    args = parser.parse_args(argv)
    engine = QuickJSEngine(mermaid_bundle())
    print(f"{'diagram':16} {'markup':>9} {'tree ms':>8} {'parsed ms':>10} {'tree/parsed':>12}  same")
    for spec, code in args.diagrams:
        result = engine.call("render", {"code": code, "svgId": "mermaid-0123456789ab"})
        if not result.get("ok"):
            raise SystemExit(f"{spec}: the render failed: {result.get('error')}")
        engine.eval(
            "globalThis.__holder = document.createElement('div'); __holder.innerHTML = "
            + json.dumps(result["svg"])
            + "; 0"
        )
        times: dict[str, list[float]] = {"tree": [], "parsed": []}
        for turn in range(args.rounds):
            order = (("tree", FROM_TREE), ("parsed", PARSED))
            for name, source in order if turn % 2 == 0 else reversed(order):
                started = time.thread_time()
                engine.eval(source)
                times[name].append(time.thread_time() - started)
        same = engine.eval("__fromTree.body.innerHTML === __parsed.body.innerHTML")
        tree, parsed = (statistics.median(times[name]) * 1000 for name in ("tree", "parsed"))
        length = engine.eval("__holder.innerHTML.length")
        print(f"{spec:16} {length:9d} {tree:8.2f} {parsed:10.2f} {tree / parsed:12.2f}  {same}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
