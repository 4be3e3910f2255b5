"""The Mermaid bundle: Mermaid 12.3 with the plugins mermaid-cli registers, on the browser shim."""

from __future__ import annotations

import functools
import json

from mermaid_printer.bundles import bundle_js_dir, shim_scripts
from mermaid_printer.engine.bundle import Bundle, Script, WarmUpCall
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.resources import vendored_file

__all__ = ["MERMAID_VERSION", "WARMUP_DIAGRAMS", "WARMUP_SVG_ID", "mermaid_bundle", "mermaid_warm_up"]

#: The vendored Mermaid release (vendor/manifest.json).
MERMAID_VERSION = "12.3.0"

#: One small diagram per common type: the warm-up renders and parses each once (the renderer
#: pool's warm process, ``worker.mermaid.warm_up``, and the wasm engine's warm snapshot).
WARMUP_DIAGRAMS: dict[str, str] = {
    "flowchart": "flowchart TD\n  A[Start] --> B{Ok?}\n  B -- yes --> C([Done])\n  B -- no --> D[(Store)]",
    "sequence": "sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi\n  Note over Alice,Bob: warm",
    "class": "classDiagram\n  class Animal {\n    +String name\n    +eat() void\n  }\n  Animal <|-- Dog",
    "state": "stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy: go\n  Busy --> [*]",
    "er": "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER {\n    int id PK\n  }",
    "gantt": "gantt\n  dateFormat YYYY-MM-DD\n  section A\n  Task one :a1, 2024-01-01, 3d\n  Task two :after a1, 2d",
    "pie": 'pie title Pets\n  "Dogs" : 3\n  "Cats" : 2',
    "journey": "journey\n  title Day\n  section Work\n    Code: 5: Me\n    Review: 3: Me, You",
    # Loads the ZenUML plugin's module (React, its parser) once: ~0.3 s here instead of per child.
    "zenuml": "zenuml\n  A->B: hi",
}

#: The ``<svg>`` id the warm-up renders under: the one PDF/PNG exports use
#: (``worker.mermaid.EXPORT_SVG_ID``), so the converter can compile their stylesheets.
WARMUP_SVG_ID = "mermaid-export"


def mermaid_warm_up() -> tuple[WarmUpCall, ...]:
    """The engine calls of the warm-up: a render, then a parse (AST and positions), per type."""
    config = build_mermaid_config({})
    calls = []
    for code in WARMUP_DIAGRAMS.values():
        render = {"code": code, "config": config, "svgId": WARMUP_SVG_ID}
        parse = {"code": code, "config": config, "ast": True, "positions": True}
        calls += [WarmUpCall("render", json.dumps(render)), WarmUpCall("parse", json.dumps(parse))]
    return tuple(calls)


@functools.cache
def mermaid_bundle() -> Bundle:
    """Mermaid, its AST reader, ZenUML and the tidy-tree layout, then the entry points."""
    own = bundle_js_dir() / "mermaid"
    return Bundle(
        name="mermaid",
        version=MERMAID_VERSION,
        scripts=(
            *shim_scripts(),
            Script(vendored_file("mermaid/mermaid.min.js")),
            Script(own / "ast.js"),
            # The ZenUML plugin mermaid-cli registers; defines globalThis["mermaid-zenuml"].
            Script(vendored_file("mermaid-zenuml/mermaid-zenuml.min.js")),
            # The tidy-tree layout mermaid-cli registers: an ES module whose exports the glue
            # script after it reads from the published namespace.
            Script(
                vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"),
                kind="module",
                publish_as="__printerTidyTreeChunk",
            ),
            Script(own / "layout_tidy_tree.js"),
            Script(own / "entries.js"),
        ),
        entries=("render", "parse"),
        warm_up=mermaid_warm_up(),
    )
