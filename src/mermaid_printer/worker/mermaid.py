"""The Mermaid bundle's work in the render processes: warm-up, priming, and the job handlers.

``warm_up(engine)`` runs once in the zygote: it renders one small diagram of each common type and
parses one of every other type, so their lazily initialised modules and parsers are ready,
decodes the fonts and warms the PDF/PNG converter.
``prime(engine)`` runs in every child before its request: one fixed parse that copies the memory
pages every request writes, off the request's clock. The handlers run in the single-use child:
one render, then the post-processing chain, all inside the child (a parse only parses: no
drawing, no post-processing)::

    engine.call("render") → parse_svg → background → sanitize_svg → repair_coordinates
                          → canonicalize_svg → embed_fonts → serialize_svg

PDF and PNG jobs render the same SVG without its embedded fonts (the converter draws with the
same fonts, registered with cairo) and with a transparent canvas, then hand it to
:mod:`mermaid_printer.export`, which paints the background itself. ``warm_up()`` warms the
converter too; if the system cairo library is missing, SVG keeps working and PDF/PNG jobs fail
with ``ENGINE_UNAVAILABLE``.
"""

from __future__ import annotations

import logging
from typing import Any

from mermaid_printer.engine import Engine, EngineLimits
from mermaid_printer.errors import EngineUnavailable, PrinterError, RenderFailed, error_from_dict
from mermaid_printer.fonts import preload_fonts
from mermaid_printer.jobs import (
    DetectJob,
    DiagramType,
    ParseJob,
    ParseResult,
    PdfJob,
    PdfResult,
    PngJob,
    PngResult,
    RenderResult,
    SvgJob,
)
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.postprocess.finish import finish_svg

__all__ = [
    "EXPORT_SVG_ID",
    "PARSE_WARMUP_DIAGRAMS",
    "WARMUP_DIAGRAMS",
    "detect",
    "parse",
    "prime",
    "render_pdf",
    "render_png",
    "render_svg",
    "warm_up",
]

#: One small diagram per type, rendered once in the zygote so every child starts warm.
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
    # (Its ANTLR parser learns each grammar decision on first use: a warm-up using the common
    # constructs takes a child's first render from ~1 s to ~0.6 s, but costs 2-6 s here.)
    "zenuml": "zenuml\n  A->B: hi",
}

#: One small diagram of every other type, parsed (not rendered) once in the zygote. A parse builds
#: the type's parser; the Langium-based ones (architecture, gitGraph, packet, radar, treemap,
#: treeView, wardley, ...) also learn their grammar decisions on first use, as ZenUML's does.
#: Measured in a forked child: a first render of those types costs 10-75 ms less (eventmodeling
#: 140 -> 65 ms, wardley 107 -> 43, radar 79 -> 42), for ~0.7 s more zygote warm-up.
PARSE_WARMUP_DIAGRAMS: dict[str, str] = {
    "architecture": (
        "architecture-beta\n  group g(cloud)[G]\n  service a(server)[A] in g\n  service b(database)[B] in g\n"
        "  junction j\n  a:R --> L:b\n  b:B -- T:j"
    ),
    "block": 'block-beta\n  columns 2\n  a["A"] b[("B")]\n  block:g:2\n    c d\n  end\n  a --> b',
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

#: The ``<svg>`` id of SVGs drawn to PDF/PNG (see ``_export_svg``).
EXPORT_SVG_ID = "mermaid-export"
#: Why PDF/PNG cannot be made in this process (no system cairo), or None when they can.
_export_unavailable: str | None = None
#: Whether the converter was loaded (warm_up() does it; a process that was not warmed up loads
#: it on its first PDF/PNG).
_export_prepared = False
logger = logging.getLogger(__name__)


def warm_up(engine: Engine) -> None:
    """Render and parse one diagram of each common type, load the fonts, warm the converter."""
    config = build_mermaid_config({})
    export_svgs = []
    for name, code in WARMUP_DIAGRAMS.items():
        # Rendered under the PDF/PNG id, so their stylesheets can be compiled for the children.
        result = engine.call("render", {"code": code, "config": config, "svgId": EXPORT_SVG_ID})
        if not result.get("ok"):
            raise RenderFailed(f"warm-up render of {name} failed: {result.get('error')}")
        export_svgs.append(_finish_svg(result["svg"], "transparent", embed_fonts=False)[0])
        # Parsing takes paths a render does not (getDiagramFromText, the AST extractors):
        # warming them here takes ~5 ms off every parse a child runs.
        result = engine.call("parse", {"code": code, "config": config, "ast": True, "positions": True})
        if not result.get("ok"):
            raise RenderFailed(f"warm-up parse of {name} failed: {result.get('error')}")
    for name, code in PARSE_WARMUP_DIAGRAMS.items():
        result = engine.call("parse", {"code": code, "config": config, "ast": True, "positions": True})
        if not result.get("ok"):
            raise RenderFailed(f"warm-up parse of {name} failed: {result.get('error')}")
    preload_fonts()
    _prepare_export(export_svgs)


#: The parse ``prime()`` runs: small, and it takes the paths every parse and render share
#: (config copies, diagram detection, the parser set-up). Its own db is cleared by the next pie.
_PRIMING_DIAGRAM = "pie"


def prime(engine: Engine) -> None:
    """Warm a fresh child before its request: one parse of a fixed warm-up diagram.

    After ``fork`` every page a request writes is first copied; QuickJS writes to every object
    it reads (reference counts), so a parse pays ~3.5 ms of copying in a fresh child. Doing it
    here, in a spare child waiting for work, takes that off the request. Never user input.
    """
    code = WARMUP_DIAGRAMS[_PRIMING_DIAGRAM]
    result = engine.call("parse", {"code": code, "config": build_mermaid_config({}), "ast": True})
    if not result.get("ok"):
        raise RenderFailed(f"priming parse failed: {result.get('error')}")


def _limits(timeout_ms: int) -> EngineLimits | None:
    return EngineLimits(time_s=timeout_ms / 1000) if timeout_ms else None


def _parse_call(
    engine: Engine, code: str, config: dict[str, Any], timeout_ms: int, *, ast: bool, positions: bool
) -> dict[str, Any]:
    payload = {"code": code, "config": config, "ast": ast, "positions": positions}
    result = engine.call("parse", payload, _limits(timeout_ms))
    if not result.get("ok"):
        raise error_from_dict(result.get("error") or {})
    return result


def parse(engine: Engine, job: ParseJob) -> ParseResult:
    """Parse one diagram (no drawing, no post-processing): its type and its AST."""
    result = _parse_call(engine, job.code, job.config, job.timeout_ms, ast=True, positions=job.positions)
    return ParseResult(diagram_type=result["diagram_type"], ast=result["ast"])


def detect(engine: Engine, job: DetectJob) -> DiagramType:
    """Parse one diagram only to learn whether Mermaid accepts it, and its type."""
    result = _parse_call(engine, job.code, job.config, job.timeout_ms, ast=False, positions=False)
    return DiagramType(diagram_type=result["diagram_type"])


def render_svg(engine: Engine, job: SvgJob) -> RenderResult:
    """Render and post-process one diagram."""
    payload = {"code": job.code, "config": job.config, "svgId": job.svg_id}
    result = engine.call("render", payload, _limits(job.timeout_ms))
    if not result.get("ok"):
        raise error_from_dict(result.get("error") or {})
    warnings: list[str] = list(result.get("warnings") or [])
    missing = result.get("missing_codepoints") or []
    if missing:
        sample = "".join(chr(cp) for cp in missing[:12])
        warnings.append(
            f"{len(missing)} character(s) are not in the bundled fonts and were measured approximately: {sample}"
        )
    svg, more = _finish_svg(result["svg"], job.background, job.embed_fonts, result.get("drawn_faces"))
    return RenderResult(svg=svg, diagram_type=result["diagram_type"], warnings=warnings + more)


def render_pdf(engine: Engine, job: PdfJob) -> PdfResult:
    """Render one diagram and convert it to a one-page vector PDF."""
    from mermaid_printer.export.pdf import svg_to_pdf

    rendered = _export_svg(engine, job.code, job.config, job.timeout_ms)
    document = svg_to_pdf(
        rendered.svg,
        background=job.background,
        paper=job.paper,
        orientation=job.orientation,  # type: ignore[arg-type]
        margin_mm=job.margin_mm,
        fit=job.fit,  # type: ignore[arg-type]
    )
    return PdfResult(
        pdf=document.data,
        diagram_type=rendered.diagram_type,
        page_width_pt=document.page_width_pt,
        page_height_pt=document.page_height_pt,
        scale=document.scale,
        orientation=document.orientation,
        warnings=[*rendered.warnings, *document.warnings],
    )


def render_png(engine: Engine, job: PngJob) -> PngResult:
    """Render one diagram and rasterize it to PNG."""
    from mermaid_printer.export.png import svg_to_png

    rendered = _export_svg(engine, job.code, job.config, job.timeout_ms)
    image = svg_to_png(rendered.svg, background=job.background, scale=job.scale, width=job.width)
    return PngResult(
        png=image.data,
        diagram_type=rendered.diagram_type,
        width_px=image.width_px,
        height_px=image.height_px,
        scale=image.scale,
        warnings=[*rendered.warnings, *image.warnings],
    )


def _export_svg(engine: Engine, code: str, config: dict[str, Any], timeout_ms: int) -> RenderResult:
    """The SVG a PDF or PNG is drawn from: transparent, no embedded fonts, one fixed id."""
    if not _export_prepared:
        _prepare_export([])
    if _export_unavailable is not None:
        raise EngineUnavailable(_export_unavailable, {"reason": "converter_unavailable"})
    # One fixed id: the SVG differs from render_svg's only in its ids, and its stylesheet is the
    # same for every diagram of a type and theme, so the converter's compiled copy is reused.
    job = SvgJob(code=code, config=config, svg_id=EXPORT_SVG_ID, timeout_ms=timeout_ms, embed_fonts=False)
    return render_svg(engine, job)


def _prepare_export(svgs: list[str]) -> None:
    global _export_unavailable, _export_prepared
    _export_prepared = True
    try:
        from mermaid_printer.export import prepare_export

        prepare_export(svgs)
    except PrinterError as exc:  # its own clear message (fonts that cannot be written, ...)
        _export_unavailable = f"PDF and PNG output are unavailable: {exc.message}"
        logger.warning(_export_unavailable)
    except Exception as exc:  # no cairo: SVG must keep working
        _export_unavailable = (
            "PDF and PNG output need the system cairo library (Debian/Ubuntu: apt-get install "
            f"libcairo2): {type(exc).__name__}: {exc}"
        )
        logger.warning(_export_unavailable)


def _finish_svg(
    raw: str, background: str, embed_fonts: bool, drawn_faces: list[dict[str, Any]] | None = None
) -> tuple[str, list[str]]:
    """The post-processing chain on Mermaid's SVG: the product SVG and its warnings."""
    return finish_svg(raw, background, embed_fonts, drawn_faces)
