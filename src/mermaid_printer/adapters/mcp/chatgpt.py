"""The MCP tool group ``chatgpt``: ``verify``, ``render`` and ``svg`` with the ChatGPT-style
renderer spec's exact shapes (:mod:`mermaid_printer.adapters.chatgpt`).

A success is the spec's JSON as ``structuredContent`` and as text. A failure (``render``/``svg``
of invalid code, or a check that itself failed) is an ``isError`` result whose text is
``{"error": "<message>"}``, the shape the spec shows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mermaid_printer.adapters.chatgpt import (
    ChatGptToolError,
    CodeRequest,
    RenderReply,
    SvgReply,
    VerifyReply,
    render_reply,
    svg_reply,
    verify_reply,
)
from mermaid_printer.adapters.envelope import guarded
from mermaid_printer.adapters.mcp.tools import Reply, ToolSpec
from mermaid_printer.errors import PrinterError
from mermaid_printer.service import PrinterService

__all__ = ["chatgpt_tools"]

_VERIFY_DESCRIPTION = """\
Check whether Mermaid code is valid, without rendering. Returns {"ok": true}, or
{"ok": false, "error": "<Mermaid's parse message, naming the line>"}: fix the code and verify
again before rendering. For the diagram's structure use mermaid_parse; for an image, render or svg.
"""

_RENDER_DESCRIPTION = """\
Render Mermaid code to an SVG image with Mermaid 12.3 (no browser). Returns {"svg": "<svg …>"}.
Invalid code gives an error result {"error": "<Mermaid's message>"}; use verify first when unsure.
Use svg instead when you also want a file name for saving.
"""

_SVG_DESCRIPTION = """\
Render Mermaid code to an SVG image and name a file for it. Returns {"svg": "<svg …>",
"filename": "diagram-YYYY-MM-DDTHH-MM-SS.svg"} (current UTC time). Invalid code gives an error
result {"error": "<Mermaid's message>"}. Use render when no file name is needed.
"""


def _failure(error: PrinterError, _request_id: str) -> Reply:
    return Reply({"error": error.message}, is_error=True, structured=False)


def _handler(reply_of: Callable[[PrinterService, Any], Any]) -> Callable[[PrinterService, dict[str, Any]], Reply]:
    def handle(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
        def work(_request_id: str) -> Reply:
            try:
                return Reply(dict(reply_of(printer, arguments.get("code"))), is_error=False)
            except ChatGptToolError as exc:
                return Reply({"error": exc.message}, is_error=True, structured=False)

        return guarded(work, _failure)

    return handle


def chatgpt_tools() -> list[ToolSpec]:
    """The ``chatgpt`` group: ``verify``, ``render``, ``svg``."""
    return [
        ToolSpec("verify", "Verify Mermaid", _VERIFY_DESCRIPTION, CodeRequest, VerifyReply, _handler(verify_reply)),
        ToolSpec(
            "render", "Render Mermaid to SVG", _RENDER_DESCRIPTION, CodeRequest, RenderReply, _handler(render_reply)
        ),
        ToolSpec("svg", "Render Mermaid to an SVG file", _SVG_DESCRIPTION, CodeRequest, SvgReply, _handler(svg_reply)),
    ]
