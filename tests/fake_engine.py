"""A fake engine: the :class:`~mermaid_printer.engine.Engine` protocol without an interpreter.

It answers the Mermaid bundle's entries (``render``, ``parse``) with small canned results built
from the payload, so the worker, the pool and everything above them can be tested in
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
