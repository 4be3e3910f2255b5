"""A fake engine: the :class:`~mermaid_printer.engine.Engine` protocol without an interpreter.

It answers the Mermaid bundle's entries (``render``, ``parse``) and the markmap bundle's
(``transform``, ``render``: one node per non-blank line) with small canned results built from
the payload, so the worker, the pool and everything above them can be tested in
milliseconds with the real post-processing. Source containing ``SYNTAX`` is refused the way
Mermaid refuses a syntax error. Importable by the pool's processes (``tests/`` is on their path):
``worker_options={"engine": "fake_engine:FakeEngine"}``.
"""

from __future__ import annotations

import html
from typing import Any

from mermaid_printer.engine import Bundle, EngineLimits


class FakeEngine:
    """Answers ``render`` with an SVG naming the first line of the code, ``parse`` with a tiny AST."""

    def __init__(self, bundle: Bundle, limits: EngineLimits | None = None) -> None:
        self._bundle = bundle
        self.calls: list[tuple[str, dict[str, Any]]] = []

    @property
    def bundle(self) -> Bundle:
        return self._bundle

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        self.calls.append((entry, payload))
        if self._bundle.name == "markmap":
            return _markmap(entry, payload)
        code = str(payload.get("code", ""))
        if "SYNTAX" in code:
            return {
                "ok": False,
                "error": {
                    "code": "SYNTAX_ERROR",
                    "message": "Parse error on line 1",
                    "details": {"line": 1, "column": 1},
                },
            }
        first_line = html.escape(code.splitlines()[0] if code else "")
        if entry == "render":
            svg_id = html.escape(str(payload.get("svgId", "fake")), quote=True)
            svg = (
                f'<svg xmlns="http://www.w3.org/2000/svg" id="{svg_id}" viewBox="0 0 100 20" width="100" height="20">'
                f'<script>alert(1)</script><text x="0" y="15">{first_line}</text></svg>'
            )
            return {"ok": True, "svg": svg, "diagram_type": "fake", "warnings": [], "drawn_faces": []}
        if entry == "parse":
            result: dict[str, Any] = {"ok": True, "diagram_type": "fake"}
            if payload.get("ast"):
                result["ast"] = {"nodes": [{"id": first_line}], "edges": [], "metadata": {}}
            return result
        return {"ok": False, "error": {"code": "RENDER_FAILED", "message": f"unknown entry {entry}", "details": {}}}


def _markmap(entry: str, payload: dict[str, Any]) -> dict[str, Any]:
    """markmap's entries: the first line is the root, every other non-blank line its child."""
    lines = [line.strip("#-* ") for line in str(payload.get("markdown", "")).splitlines() if line.strip()]
    if any("SYNTAX" in line for line in lines):
        return {"ok": False, "error": {"code": "RENDER_FAILED", "message": "fake failure", "details": {}}}
    root = {
        "content": html.escape(lines[0] if lines else ""),
        "children": [{"content": html.escape(x)} for x in lines[1:]],
    }
    nodes = 1 + len(lines[1:])
    depth = 2 if len(lines) > 1 else 1
    structure = {
        "node_count": nodes,
        "max_depth": depth,
        "features": ["list"],
        "plugins": [],
        "headings_by_level": {},
        "total_characters": sum(len(line) for line in lines),
        "average_node_length": 1.0,
    }
    if entry == "transform":
        return {
            "ok": True,
            "root": root,
            "frontmatter": None,
            "options": payload.get("options") or {},
            "structure": structure,
        }
    if entry == "render":
        svg_id = html.escape(str(payload.get("svgId", "markmap")), quote=True)
        svg = (
            f'<svg xmlns="http://www.w3.org/2000/svg" id="{svg_id}" viewBox="0 0 100 20" width="100" height="20">'
            f'<text x="0" y="15">{root["content"]}</text></svg>'
        )
        return {
            "ok": True,
            "svg": svg,
            "width": 100,
            "height": 20,
            "node_count": nodes,
            "structure": structure,
            "drawn_faces": [],
            "warnings": [],
        }
    return {"ok": False, "error": {"code": "RENDER_FAILED", "message": f"unknown entry {entry}", "details": {}}}
