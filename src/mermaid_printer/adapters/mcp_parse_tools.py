"""MCP tools that read diagrams without drawing them, and the ChatGPT-style renderer tools.

* group ``parse``: ``mermaid_parse`` — the diagram's AST (nodes, edges, metadata and a section
  for its type), answered with the printer's envelope like ``mermaid_to_svg``.
* group ``chatgpt``: ``verify``, ``render``, ``svg`` — the ChatGPT-style renderer spec's tools
  with that spec's exact result shapes (:mod:`mermaid_printer.adapters.chatgpt`).

:mod:`mermaid_printer.adapters.mcp_server` decides which groups a server exposes.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from mermaid_printer.adapters.chatgpt import (
    MAX_CODE_CHARS,
    ChatGptToolError,
    RenderReply,
    SvgReply,
    VerifyReply,
    render_reply,
    svg_reply,
    verify_reply,
)
from mermaid_printer.adapters.envelope import DiagramPrinter, ParseEnvelope, parse_envelope
from mermaid_printer.options import MAX_INPUT_BYTES

__all__ = ["chatgpt_tools", "parse_tools"]

_READ_ONLY = {"read_only_hint": True, "destructive_hint": False, "idempotent_hint": True, "open_world_hint": False}

_PARSE_DESCRIPTION = f"""\
Parse Mermaid diagram source WITHOUT rendering it and return its structure as JSON (an AST),
read from Mermaid 12.3's own parser, so it always agrees with what mermaid_to_svg draws.

Use it to check a diagram and see what Mermaid understood (which nodes, edges, labels, types),
to answer questions about a diagram, or to edit it programmatically; it is much faster than
rendering. To get an image, use mermaid_to_svg instead.

Returns JSON: ok, request_id, warnings, errors; when ok, diagram_type and ast:
ast.nodes [{{id, label, type}}], ast.edges [{{from, to, label, type}}], ast.metadata {{title,
direction, acc_title, acc_description, counts}}, plus one section named after the type with its
details (sequence: actors, messages, notes, blocks; class: classes, relations; state: states,
transitions, composites; er: entities, relationships; gantt: sections, tasks with ISO dates; …).
With include_positions, every node and edge also has line and column (1-based) in your source.
A SYNTAX_ERROR comes back with line, column, token and expected in errors[0].details: fix that
line and call again. Code at most {MAX_INPUT_BYTES:,} bytes (Mermaid itself: 50,000 characters).
"""

_PARSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {
            "type": "string",
            "minLength": 1,
            "description": "Mermaid diagram source, e.g. 'sequenceDiagram\\n  Alice->>Bob: Hi'. Without ``` fences.",
        },
        "include_positions": {
            "type": "boolean",
            "default": False,
            "description": "Also give each node and edge the line and column of its definition in code.",
        },
    },
    "required": ["code"],
}

_CODE_ONLY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_CODE_CHARS,
            "description": "Mermaid diagram source (at most 50,000 characters), without ``` fences.",
        }
    },
    "required": ["code"],
}

_VERIFY_DESCRIPTION = """\
Check whether Mermaid code is valid, without rendering. Returns {"ok": true}, or
{"ok": false, "error": "<Mermaid's parse message, naming the line>"}: fix the code and verify
again before rendering. For the diagram's structure use mermaid_parse; for an image, render or svg.
"""

_RENDER_DESCRIPTION = """\
Render Mermaid code to an SVG image with Mermaid 12.3 (no browser). Returns {"svg": "<svg …>"}.
Invalid code gives an error result with Mermaid's message; use verify first when unsure.
Use svg instead when you also want a file name for saving.
"""

_SVG_DESCRIPTION = """\
Render Mermaid code to an SVG image and name a file for it. Returns {"svg": "<svg …>",
"filename": "diagram-YYYY-MM-DDTHH-MM-SS.svg"} (current UTC time). Invalid code gives an error
result with Mermaid's message. Use render when no file name is needed.
"""


def _printer(ctx: Context[Any, Any]) -> DiagramPrinter:
    printer: DiagramPrinter = ctx.request_context.lifespan_context
    return printer


def _tool(fn: Any, name: str, title: str, description: str, schema: dict[str, Any]) -> Tool:
    tool = Tool.from_function(
        fn,
        name=name,
        title=title,
        description=description,
        annotations=ToolAnnotations(title=title, **_READ_ONLY),
    )
    tool.parameters = schema
    return tool


def parse_tools() -> list[Tool]:
    """The ``parse`` group: ``mermaid_parse``."""

    async def mermaid_parse(
        ctx: Context[Any, Any], code: Any = None, include_positions: Any = None
    ) -> Annotated[CallToolResult, ParseEnvelope]:
        envelope = await anyio.to_thread.run_sync(
            partial(parse_envelope, _printer(ctx), code=code, include_positions=include_positions)
        )
        return CallToolResult(
            content=[TextContent(type="text", text=json.dumps(envelope, ensure_ascii=False))],
            structured_content=dict(envelope),
            is_error=not envelope["ok"],
        )

    return [_tool(mermaid_parse, "mermaid_parse", "Parse Mermaid (AST)", _PARSE_DESCRIPTION, _PARSE_SCHEMA)]


def _reply(payload: dict[str, Any]) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(payload, ensure_ascii=False))],
        structured_content=payload,
    )


def _failure(exc: ChatGptToolError) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=exc.message)], is_error=True)


def chatgpt_tools() -> list[Tool]:
    """The ``chatgpt`` group: ``verify``, ``render``, ``svg`` with the ChatGPT-style spec's shapes."""

    async def verify(ctx: Context[Any, Any], code: Any = None) -> Annotated[CallToolResult, VerifyReply]:
        try:
            reply = await anyio.to_thread.run_sync(verify_reply, _printer(ctx), code)
        except ChatGptToolError as exc:
            return _failure(exc)
        return _reply(dict(reply))

    async def render(ctx: Context[Any, Any], code: Any = None) -> Annotated[CallToolResult, RenderReply]:
        try:
            reply = await anyio.to_thread.run_sync(render_reply, _printer(ctx), code)
        except ChatGptToolError as exc:
            return _failure(exc)
        return _reply(dict(reply))

    async def svg(ctx: Context[Any, Any], code: Any = None) -> Annotated[CallToolResult, SvgReply]:
        try:
            reply = await anyio.to_thread.run_sync(svg_reply, _printer(ctx), code)
        except ChatGptToolError as exc:
            return _failure(exc)
        return _reply(dict(reply))

    return [
        _tool(verify, "verify", "Verify Mermaid", _VERIFY_DESCRIPTION, _CODE_ONLY_SCHEMA),
        _tool(render, "render", "Render Mermaid to SVG", _RENDER_DESCRIPTION, _CODE_ONLY_SCHEMA),
        _tool(svg, "svg", "Render Mermaid to an SVG file", _SVG_DESCRIPTION, _CODE_ONLY_SCHEMA),
    ]
