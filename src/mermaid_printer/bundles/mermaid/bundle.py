"""The Mermaid bundle: Mermaid 12.3 with the plugins mermaid-cli registers, on the browser shim."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from mermaid_printer.bundles import transforms_enabled
from mermaid_printer.bundles.mermaid.transforms import (
    MERMAID_COUNTER_RESETS,
    MERMAID_TRANSFORMS,
    ZENUML_TRANSFORMS,
)
from mermaid_printer.bundles.shim import shim_scripts
from mermaid_printer.engine.bundle import Bundle, Script, WarmUpCall
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.resources import vendored_file

__all__ = [
    "IDLE_WARMUP_DIAGRAMS",
    "MERMAID_JS_DIR",
    "MERMAID_VERSION",
    "PARSE_WARMUP_DIAGRAMS",
    "THEMED_WARMUP_THEMES",
    "WARMUP_DIAGRAMS",
    "WARMUP_SVG_ID",
    "mermaid_bundle",
    "mermaid_warm_up",
    "warm_up_kind",
]

#: The Mermaid bundle's own glue scripts.
MERMAID_JS_DIR = Path(__file__).resolve().parent / "js"
#: The vendored Mermaid release (vendor/manifest.json).
MERMAID_VERSION = "12.3.0"

#: One small diagram per common type: the warm-up renders and parses each once (the renderer
#: pool's warm process, ``bundles.mermaid.handlers.warm_up``, and the wasm engine's warm snapshot).
WARMUP_DIAGRAMS: dict[str, str] = {
    "flowchart": "flowchart TD\n  A[Start] --> B{Ok?}\n  B -- yes --> C([Done])\n  B -- no --> D[(Store)]",
    "sequence": "sequenceDiagram\n  Alice->>Bob: Hello\n  Bob-->>Alice: Hi\n  Note over Alice,Bob: warm",
    "class": "classDiagram\n  class Animal {\n    +String name\n    +eat() void\n  }\n  Animal <|-- Dog",
    "state": "stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy: go\n  Busy --> [*]",
    "er": "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER {\n    int id PK\n  }",
    "gantt": "gantt\n  dateFormat YYYY-MM-DD\n  section A\n  Task one :a1, 2024-01-01, 3d\n  Task two :after a1, 2d",
    "pie": 'pie title Pets\n  "Dogs" : 3\n  "Cats" : 2',
    "journey": "journey\n  title Day\n  section Work\n    Code: 5: Me\n    Review: 3: Me, You",
    # Loads the ZenUML plugin's module (React, its parser) once, here instead of in every child.
    "zenuml": "zenuml\n  A->B: hi",
}

#: One small diagram of every other type, parsed (not rendered) once in the zygote. A parse builds
#: the type's parser; the Langium-based ones (architecture, gitGraph, packet, radar, treemap,
#: treeView, wardley, ...) also learn their grammar decisions on first use, as ZenUML's does.
#: Measured in a forked child, a first render of those types costs markedly less, for a longer
#: zygote warm-up (benchmarks/RESULTS.md, "Process pool").
#: Never a type whose parse leaves state a later diagram shows: block diagrams number their ids
#: from a counter Mermaid does not reset, so a warmed process drew ``…-2`` where a cold one drew
#: ``…-1`` (tests/test_warm_state.py holds every type here to that).
PARSE_WARMUP_DIAGRAMS: dict[str, str] = {
    "architecture": (
        "architecture-beta\n  group g(cloud)[G]\n  service a(server)[A] in g\n  service b(database)[B] in g\n"
        "  junction j\n  a:R --> L:b\n  b:B -- T:j"
    ),
    "c4": 'C4Context\n  Person(p, "P", "d")\n  System_Boundary(s, "S") {\n    System(a, "A")\n  }\n  Rel(p, a, "uses")',
    "cynefin": 'cynefin-beta\n  title T\n  complex\n    "a"\n  clear\n    "b"\n  complex --> clear : "x"',
    "eventmodeling": (
        "eventmodeling\ntf 01 ui Screen\ntf 02 cmd Do [[DoData]]\ntf 03 evt Done\nrf 04 evt Other.Thing\n"
        "tf 05 pcr Proc\ntf 06 rmo View\n\ndata DoData {\n  a: string\n}"
    ),
    "gitGraph": (
        'gitGraph\n  commit id: "a"\n  branch dev\n  checkout dev\n  commit id: "b" tag: "t"\n'
        '  checkout main\n  commit type: HIGHLIGHT\n  cherry-pick id: "b"\n  merge dev'
    ),
    "ishikawa": "ishikawa-beta\n  Problem\n  Cause\n    Detail\n  Other\n    More",
    "kanban": "kanban\n  todo[To do]\n    a[A]@{ priority: 'High' }\n  done[Done]\n    b[B]",
    "mindmap": "mindmap\n  root((R))\n    A\n      B\n    C[C]",
    "packet": 'packet-beta\n  title P\n  0-15: "a"\n  16-31: "b"',
    "quadrant": "quadrantChart\n  title Q\n  x-axis L --> H\n  y-axis L --> H\n  quadrant-1 A\n  p: [0.3, 0.6]",
    "radar": 'radar-beta\n  title R\n  axis a["A"], b["B"], c["C"]\n  curve x["X"]{1, 2, 3}\n  max 5\n  min 0\n  graticule polygon',
    "railroad": 'railroad-beta\n  title R\n  r = sequence(terminal("a"), optional(nonterminal("b")), choice(terminal("c"), zeroOrMore(terminal("d")), oneOrMore(terminal("e")))) ;',
    "requirement": (
        "requirementDiagram\n  requirement r {\n    id: 1\n    text: t\n    risk: high\n    verifymethod: test\n  }\n"
        "  element e {\n    type: t\n  }\n  e - satisfies -> r"
    ),
    "sankey": "sankey-beta\nA,B,10\nA,C,5",
    "timeline": "timeline\n  title T\n  section S\n    2020 : a : b\n    2021 : c",
    "treemap": 'treemap-beta\n"R"\n    "A"\n        "a": 1\n        "b": 3\n    "B": 2',
    "treeView": 'treeView-beta\n    "root"\n        "a"\n            "b.txt"\n        "c.md"',
    "usecase": 'usecase-beta\nactor A("A")\nsystemBoundary "S"\n  U("Use")\nend\nA --> U',
    "venn": 'venn-beta\n  title "V"\n  set A["A"]:3\n    text a["x"]\n  set B["B"]:2\n  union A,B["AB"]:1',
    "wardley": "wardley-beta\ntitle W\nevolution A -> B -> C -> D\ncomponent U [0.9, 0.2]\ncomponent S [0.4, 0.8]\nU -> S\nevolve S 0.9",
    "xychart": 'xychart-beta\n  title "X"\n  x-axis [a, b]\n  y-axis "Y" 0 --> 10\n  bar [1, 2]\n  line [2, 1]',
}

#: ZenUML diagrams of ours that a long-lived warm process draws once it is idle, one per step
#: (``bundles/mermaid/handlers.idle_warm_up``; ``pool/_zygote.py`` takes a step after a second with no
#: request in flight). ZenUML parses with ANTLR 4, which builds its prediction DFA as it meets
#: each construct in each context and keeps it in the parser's static state: learned in the
#: warm process, every render process forked after it starts with it. A ZenUML render process
#: otherwise spends most of its first render learning (``benchmarks/RESULTS.md``).
#: Each step is a construct of ZenUML's docs in the context it is usually written in (inside a
#: message's block), most common first, one small diagram a step (a request
#: that comes during a step waits for it). The DFA changes how fast ANTLR predicts, never
#: what: the drawings are the same (tests/test_warm_state.py).
IDLE_WARMUP_DIAGRAMS: tuple[str, ...] = (
    "zenuml\n  title Plan\n  @Actor A\n  @Boundary B\n  @Control C\n  @Entity E\n  @Database D\n  @Queue Q\n  A->B: hi",
    "zenuml\n  A->B.call(x) {\n    C.get(x)\n  }\n  B->A: done",
    'zenuml\n  A->B.call(x, "s", 1) {\n    r = C.get(x)\n    return r\n  }',
    "zenuml\n  A->B.m() {\n    T v = D.find(r)\n    E.save(v)\n  }",
    "zenuml\n  A->B.m() {\n    if(ok) {\n      return r\n    } else {\n      C.fail()\n      return e\n    }\n  }",
    "zenuml\n  A.m() {\n    if(x == null) {\n      B.n()\n    } else if(x > 1) {\n      C.o()\n    }\n  }",
    "zenuml\n  A.m() {\n    B.n() {\n      @return B->A: early\n    }\n  }",
    "zenuml\n  A->B.run() {\n    while(more) {\n      C.next()\n      B.handle(item)\n    }\n  }",
    "zenuml\n  A.m() {\n    loop {\n      C.poll()\n    }\n    forEach(xs) {\n      D.each()\n    }\n  }",
    "zenuml\n  opt {\n    A.m()\n  }\n  par {\n    A.m\n    B.n()\n  }",
    "zenuml\n  critical(l) {\n    A->B: x\n  }\n  section(S) {\n    A->B: n\n  }",
    "zenuml\n  A.m() {\n    try {\n      B.n()\n    } catch(E) {\n      C.o()\n    } finally {\n      A.c()\n    }\n  }",
    "zenuml\n  // a comment\n  A.m() {\n    x = new R(1)\n    A->A: self\n  }",
    'zenuml\n  group G {\n    @Actor X\n  }\n  "A b" as Y\n  X->Y: q',
)

#: Themes the warm-up also draws the flowchart in (Mermaid's classic ones besides the default).
#: Only for their stylesheets: the sanitizer returns a request's stylesheet that is one of the
#: warm-up's, or starts with one, without scrubbing it in full (``postprocess/css.py``, "Known
#: stylesheets"), and a flowchart's is the largest, the slowest to scrub in full.
THEMED_WARMUP_THEMES: tuple[str, ...] = ("base", "dark", "forest", "neutral")

#: The ``<svg>`` id the warm-up renders under: the one PDF/PNG exports use
#: (``handlers.EXPORT_SVG_ID``), so the converter can compile their stylesheets.
WARMUP_SVG_ID = "mermaid-export"


#: What a header word's kind is called where the word alone does not say it (``graph`` is a
#: flowchart; C4 has a word per view).
_KIND_ALIASES = {"graph": "flowchart"}
_KIND_SUFFIX_RE = re.compile(r"-(?:beta|v2|elk)$")


def warm_up_kind(code: str) -> str:
    """The kind of diagram ``code`` is, as the warm-up names kinds: its header word, lower-cased,
    without ``-beta``/``-v2``/``-elk`` (``graph`` → ``flowchart``, ``C4Container`` → ``c4``); ""
    when it has no header. A warm pool told a batch's kinds warms those (``warm_up``'s ``kinds``)."""
    from mermaid_printer.mermaid.diagnosis.classify import diagram_header

    word = _KIND_SUFFIX_RE.sub("", diagram_header(code)[1].lower())
    return "c4" if word.startswith("c4") else _KIND_ALIASES.get(word, word)


def mermaid_warm_up() -> tuple[WarmUpCall, ...]:
    """The engine calls of the warm-up: a render of the flowchart in each of
    :data:`THEMED_WARMUP_THEMES`, then a render and a parse (AST and positions) of each common
    type, then a parse of every other type. The themed renders come first, so the site config the
    warm-up leaves is the product's default (the render entry re-initialises Mermaid only when a
    request's config differs from it)."""
    config = build_mermaid_config({})
    calls = []
    for theme in THEMED_WARMUP_THEMES:
        themed = build_mermaid_config({}, theme=theme)
        render = {"code": WARMUP_DIAGRAMS["flowchart"], "config": themed, "svgId": WARMUP_SVG_ID}
        calls.append(WarmUpCall("render", json.dumps(render)))
    for code in WARMUP_DIAGRAMS.values():
        render = {"code": code, "config": config, "svgId": WARMUP_SVG_ID}
        parse = {"code": code, "config": config, "ast": True, "positions": True}
        calls += [WarmUpCall("render", json.dumps(render)), WarmUpCall("parse", json.dumps(parse))]
    for code in PARSE_WARMUP_DIAGRAMS.values():
        parse = {"code": code, "config": config, "ast": True, "positions": True}
        calls.append(WarmUpCall("parse", json.dumps(parse)))
    return tuple(calls)


def mermaid_bundle(transforms: bool | None = None) -> Bundle:
    """Mermaid, its AST reader, ZenUML and the tidy-tree layout, then the entry points.

    Args:
        transforms: load Mermaid with its load-time transforms
            (:mod:`~mermaid_printer.bundles.mermaid.transforms`); by default unless
            ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off``.
    """
    return _mermaid_bundle(transforms_enabled() if transforms is None else transforms)


@functools.cache
def _mermaid_bundle(transforms: bool) -> Bundle:
    own = MERMAID_JS_DIR
    return Bundle(
        name="mermaid",
        version=MERMAID_VERSION,
        scripts=(
            *shim_scripts(),
            # What the load-time transforms call (transforms.py); only with them.
            *((Script(own / "fast_paths.js"),) if transforms else ()),
            Script(own / "counter_resets.js"),
            Script(
                vendored_file("mermaid/mermaid.min.js"),
                transforms=MERMAID_COUNTER_RESETS + (MERMAID_TRANSFORMS if transforms else ()),
            ),
            Script(own / "ast.js"),
            # The ZenUML plugin mermaid-cli registers; defines globalThis["mermaid-zenuml"].
            Script(
                vendored_file("mermaid-zenuml/mermaid-zenuml.min.js"),
                transforms=ZENUML_TRANSFORMS if transforms else (),
            ),
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
