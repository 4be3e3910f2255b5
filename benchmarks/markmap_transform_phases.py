"""Where markmap-lib's transform (Markdown to tree) spends its CPU, step by step.

A dev tool (never the product). The structure of a mind map, and the first step of every
render, is markmap-lib's ``Transformer.transform``: markdown-it renders the Markdown to HTML,
cheerio (htmlparser2) parses that HTML, and ``parseHtml`` walks it with cheerio selectors into
markmap's tree. This loads the markmap bundle with one more load-time patch, for this tool only,
that publishes markmap-lib's internal ``load``, ``parseHtml``, ``convertNode`` and ``cleanNode`` as
``globalThis.__markmapInternals``, and times each step on a generated outline of N nodes
(``test_markmap_bench.outline_of``) in CPU seconds of this thread: the whole transform, then
``md.render``, ``load`` (parsing the HTML), ``parseHtml`` (parsing it again and walking it),
``convertNode`` and ``cleanNode``.

Usage::

    python benchmarks/markmap_transform_phases.py 3000
    python benchmarks/markmap_transform_phases.py 10000
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_markmap_bench import outline_of

from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.bundle import SourcePatch
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

# Publishes markmap-lib's internals (its IIFE's local functions) before buildTree is defined.
_PUBLISH = SourcePatch(
    name="publish-internals (profiling only)",
    find="  function buildTree(html2, opts) {",
    replace=(
        "  globalThis.__markmapInternals = { load: (html) => load(html), parseHtml: (html) => parseHtml(html),"
        " convertNode: (root) => convertNode(root), cleanNode: (node) => cleanNode(node) };\n"
        "  function buildTree(html2, opts) {"
    ),
)

# (label, JavaScript run once); later steps read what earlier ones left in globals.
STEPS = [
    ("Transformer.transform (all)", "__tool.transformer.transform(__tool.markdown); 0"),
    ("md.render", "__tool.html = __tool.transformer.md.render(__tool.markdown, {}); 0"),
    ("load (HTML parse)", "__markmapInternals.load(__tool.html); 0"),
    ("parseHtml (parse + walk)", "__tool.root = __markmapInternals.parseHtml(__tool.html); 0"),
    ("convertNode", "__tool.tree = __markmapInternals.convertNode(__tool.root); 0"),
    ("cleanNode", "__markmapInternals.cleanNode(__tool.tree); 0"),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("nodes", type=int, help="the outline's node count")
    args = parser.parse_args(argv)
    engine = QuickJSEngine(markmap_bundle().with_transform("markmap-lib.iife.js", _PUBLISH))
    engine.eval(
        "globalThis.__tool = { transformer: new globalThis.markmap.Transformer(), markdown: "
        + json.dumps(outline_of(args.nodes))
        + " };"
    )
    engine.eval("__tool.transformer.transform(__tool.markdown); 0")  # warm
    print(f"outline of {args.nodes} nodes (CPU, one run each):")
    for label, source in STEPS:
        started = time.thread_time()
        engine.eval(source)
        print(f"  {label:30} {(time.thread_time() - started) * 1000:8.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
