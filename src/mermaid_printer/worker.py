"""What runs inside the renderer pool's processes.

``prepare()`` runs once in the warm engine process (the zygote): it loads the engine, renders
one small diagram of each common type so their lazily initialised modules are ready, and
decodes the fonts. ``prime()`` runs in every child before its request: one fixed parse that
copies the memory pages every request writes, off the request's clock. ``handle(job)`` runs in
that single-use child: one render, then
the post-processing chain, all inside the child, so a hostile SVG costs only that process
(a ``parse`` job only parses: no drawing, no post-processing)::

    engine.call("render") → parse_svg → background → sanitize_svg → canonicalize_svg
                          → embed_fonts → serialize_svg

PDF and PNG jobs (``render_pdf``, ``render_png``) render the same SVG without its embedded
fonts (the converter draws with the same fonts, registered with cairo) and with a transparent
canvas, then hand it to :mod:`mermaid_printer.export`, which paints the background itself. Their
bytes go back base64-encoded. ``prepare()`` warms the converter too; if the system cairo
library is missing, SVG keeps working and PDF/PNG jobs fail with ``ENGINE_UNAVAILABLE``.
"""

from __future__ import annotations

import base64
import gc
import logging
from typing import Any

from lxml import etree

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import EngineUnavailable, RenderFailed, error_from_dict
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.fonts import embed_fonts as _embed_fonts
from mermaid_printer.postprocess.fonts import preload_fonts
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

__all__ = [
    "EXPORT_SVG_ID",
    "WARMUP_DIAGRAMS",
    "export_in_process",
    "handle",
    "parse_in_process",
    "prepare",
    "prime",
    "render_in_process",
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
    "zenuml": "zenuml\n  A->B: hi",
}

_engine: QuickJSEngine | None = None
#: The ``<svg>`` id of SVGs drawn to PDF/PNG (see ``export_in_process``).
EXPORT_SVG_ID = "mermaid-export"
#: Why PDF/PNG cannot be made in this process (no system cairo), or None when they can.
_export_unavailable: str | None = None
logger = logging.getLogger(__name__)


def prepare() -> None:
    """Load the engine and warm it up. Called once per zygote (or pre-spawned worker)."""
    global _engine
    engine = QuickJSEngine()
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
    preload_fonts()
    _prepare_export(export_svgs)
    _engine = engine
    # The last thing the zygote does is what every child does first, so a child's state is the
    # same whether or not it was primed (spawn mode, tests that call handle() in-process).
    prime()
    # Objects that survive to the fork are shared copy-on-write; freezing them keeps the
    # children's garbage collector from touching (and so copying) those pages.
    gc.collect()
    gc.freeze()


#: The parse ``prime()`` runs: small, and it takes the paths every parse and render share
#: (config copies, diagram detection, the parser set-up). Its own db is cleared by the next pie.
_PRIMING_DIAGRAM = "pie"


def prime() -> None:
    """Warm a fresh child before its request: one parse of a fixed warm-up diagram.

    After ``fork`` every page a request writes is first copied; QuickJS writes to every object
    it reads (reference counts), so a parse pays ~3.5 ms of copying in a fresh child. Doing it
    here, in a spare child waiting for work, takes that off the request. Never user input.
    """
    if _engine is None:
        return
    code = WARMUP_DIAGRAMS[_PRIMING_DIAGRAM]
    result = _engine.call("parse", {"code": code, "config": build_mermaid_config({}), "ast": True})
    if not result.get("ok"):
        raise RenderFailed(f"priming parse failed: {result.get('error')}")


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Run one job in this (single-use) process. Raises ``PrinterError`` subclasses."""
    if _engine is None:
        prepare()
    assert _engine is not None
    kind = job.get("kind")
    if kind == "render_svg":
        return render_in_process(_engine, job)
    if kind == "parse":
        return parse_in_process(_engine, job)
    if kind in ("render_pdf", "render_png"):
        return export_in_process(_engine, job)
    raise RenderFailed(f"unknown job kind {kind!r}")


def parse_in_process(engine: QuickJSEngine, job: dict[str, Any]) -> dict[str, Any]:
    """Parse one diagram (no drawing, no post-processing): its type and, if asked, its AST."""
    limits = EngineLimits(time_s=job["timeout_ms"] / 1000) if job.get("timeout_ms") else None
    payload = {
        "code": job["code"],
        "config": job["config"],
        "ast": bool(job.get("ast")),
        "positions": bool(job.get("positions")),
    }
    result = engine.call("parse", payload, limits)
    if not result.get("ok"):
        raise error_from_dict(result.get("error") or {})
    out: dict[str, Any] = {"diagram_type": result["diagram_type"]}
    if "ast" in result:
        out["ast"] = result["ast"]
    return out


def _prepare_export(svgs: list[str]) -> None:
    global _export_unavailable
    try:
        from mermaid_printer.export import prepare_export

        prepare_export(svgs)
    except Exception as exc:  # no cairo: SVG must keep working
        _export_unavailable = f"{type(exc).__name__}: {exc}"
        logger.warning("PDF and PNG output are unavailable: %s", _export_unavailable)


def export_in_process(engine: QuickJSEngine, job: dict[str, Any]) -> dict[str, Any]:
    """Render ``job``'s diagram to SVG, then convert it to PDF or PNG in the current process."""
    if _export_unavailable is not None:
        raise EngineUnavailable(
            "PDF and PNG output need the system cairo library (Debian/Ubuntu: apt-get install "
            f"libcairo2): {_export_unavailable}",
            {"reason": "converter_unavailable"},
        )
    # One fixed id: the SVG differs from render_svg's only in its ids, and its stylesheet is the
    # same for every diagram of a type and theme, so the converter's compiled copy is reused.
    svg_job = {**job, "background": "transparent", "embed_fonts": False, "svg_id": EXPORT_SVG_ID}
    rendered = render_in_process(engine, svg_job)
    export = job["export"]
    if job["kind"] == "render_pdf":
        from mermaid_printer.export.pdf import svg_to_pdf

        document = svg_to_pdf(rendered["svg"], background=job.get("background", "white"), **export)
        details: dict[str, Any] = {
            "page_width_pt": document.page_width_pt,
            "page_height_pt": document.page_height_pt,
            "scale": document.scale,
            "orientation": document.orientation,
        }
        data, warnings = document.data, document.warnings
    else:
        from mermaid_printer.export.png import svg_to_png

        image = svg_to_png(rendered["svg"], background=job.get("background", "white"), **export)
        details = {"width_px": image.width_px, "height_px": image.height_px, "scale": image.scale}
        data, warnings = image.data, image.warnings
    return {
        "data_base64": base64.b64encode(data).decode("ascii"),
        "diagram_type": rendered["diagram_type"],
        "warnings": [*rendered["warnings"], *warnings],
        **details,
    }


def render_in_process(engine: QuickJSEngine, job: dict[str, Any]) -> dict[str, Any]:
    """Render and post-process one diagram with ``engine`` in the current process."""
    limits = EngineLimits(time_s=job["timeout_ms"] / 1000) if job.get("timeout_ms") else None
    payload = {"code": job["code"], "config": job["config"], "svgId": job["svg_id"]}
    result = engine.call("render", payload, limits)
    if not result.get("ok"):
        raise error_from_dict(result.get("error") or {})
    warnings: list[str] = list(result.get("warnings") or [])
    missing = result.get("missing_codepoints") or []
    if missing:
        sample = "".join(chr(cp) for cp in missing[:12])
        warnings.append(
            f"{len(missing)} character(s) are not in the bundled fonts and were measured approximately: {sample}"
        )
    svg, more = _finish_svg(
        result["svg"], job.get("background", "transparent"), job.get("embed_fonts", True), result.get("drawn_faces")
    )
    return {"svg": svg, "diagram_type": result["diagram_type"], "warnings": warnings + more}


def _finish_svg(
    raw: str, background: str, embed_fonts: bool, drawn_faces: list[dict] | None = None
) -> tuple[str, list[str]]:
    """The post-processing chain on Mermaid's SVG: the product SVG and its warnings."""
    root = parse_svg(raw)
    _apply_background(root, background)
    warnings = sanitize_svg(root)
    canonicalize_svg(root)
    if embed_fonts:
        warnings += _embed_fonts(root, drawn_faces)
    return serialize_svg(root), warnings


def _apply_background(root: etree._Element, background: str) -> None:
    """Paint the canvas: ``background-color`` on the root, as mermaid-cli does."""
    if background == "transparent":
        return
    style = (root.get("style") or "").strip()
    if style and not style.endswith(";"):
        style += ";"
    root.set("style", f"{style} background-color: {background};".strip())
