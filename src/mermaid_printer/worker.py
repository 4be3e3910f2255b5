"""What runs inside the renderer pool's processes.

``prepare()`` runs once in the warm engine process (the zygote): it loads the engine, renders
one small diagram of each common type so their lazily initialised modules are ready, and
decodes the fonts. ``handle(job)`` runs in a single-use child forked from it: one render, then
the post-processing chain, all inside the child, so a hostile SVG costs only that process::

    engine.call("render") → parse_svg → background → sanitize_svg → canonicalize_svg
                          → embed_fonts → serialize_svg
"""

from __future__ import annotations

import gc
from typing import Any

from lxml import etree

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed, error_from_dict
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.fonts import embed_fonts, preload_fonts
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

__all__ = ["WARMUP_DIAGRAMS", "handle", "prepare", "render_in_process"]

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
}

_engine: QuickJSEngine | None = None


def prepare() -> None:
    """Load the engine and warm it up. Called once per zygote (or pre-spawned worker)."""
    global _engine
    engine = QuickJSEngine()
    config = build_mermaid_config({})
    for name, code in WARMUP_DIAGRAMS.items():
        result = engine.call("render", {"code": code, "config": config, "svgId": f"warmup-{name}"})
        if not result.get("ok"):
            raise RenderFailed(f"warm-up render of {name} failed: {result.get('error')}")
    preload_fonts()
    _engine = engine
    # Objects that survive to the fork are shared copy-on-write; freezing them keeps the
    # children's garbage collector from touching (and so copying) those pages.
    gc.collect()
    gc.freeze()


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Run one job in this (single-use) process. Raises ``PrinterError`` subclasses."""
    if _engine is None:
        prepare()
    assert _engine is not None
    kind = job.get("kind")
    if kind == "render_svg":
        return render_in_process(_engine, job)
    raise RenderFailed(f"unknown job kind {kind!r}")


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
    root = parse_svg(result["svg"])
    _apply_background(root, job.get("background", "transparent"))
    warnings += sanitize_svg(root)
    canonicalize_svg(root)
    if job.get("embed_fonts", True):
        warnings += embed_fonts(root)
    return {"svg": serialize_svg(root), "diagram_type": result["diagram_type"], "warnings": warnings}


def _apply_background(root: etree._Element, background: str) -> None:
    """Paint the canvas: ``background-color`` on the root, as mermaid-cli does."""
    if background == "transparent":
        return
    style = (root.get("style") or "").strip()
    if style and not style.endswith(";"):
        style += ";"
    root.set("style", f"{style} background-color: {background};".strip())
