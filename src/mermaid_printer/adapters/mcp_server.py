"""The MCP server: ``mermaid_to_svg`` over :meth:`Printer.render_svg`, ``mermaid_to_pdf`` and
``mermaid_to_png`` (:mod:`mermaid_printer.adapters.mcp_export`), plus the tool groups of
:mod:`~mermaid_printer.adapters.mcp_parse_tools` (``mermaid_parse``; ``verify``/``render``/``svg``).

Every call answers with the envelope of :mod:`mermaid_printer.adapters.envelope` as
``structuredContent`` (and the same JSON as text content). A failure is a result with
``isError: true`` carrying the envelope, so the model can read the error code, the line and the
column and try again; it is never a protocol error.

The tool's arguments are taken as ``Any`` and validated by
:func:`~mermaid_printer.options.build_render_options`, while the published input schema
documents the allowed values: a wrong theme or an out-of-range timeout comes back as an
``INVALID_INPUT`` envelope, not as the SDK's bare argument-validation message.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Annotated, Any

import anyio.to_thread
from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from mermaid_printer.adapters.tool_groups import TOOL_GROUPS, parse_tool_groups
from mermaid_printer.adapters.envelope import SvgEnvelope, SvgPrinter, render_svg_envelope
from mermaid_printer.adapters.mcp_export import export_tools
from mermaid_printer.adapters.mcp_parse_tools import chatgpt_tools, parse_tools
from mermaid_printer.errors import ERROR_CODES
from mermaid_printer.options import (
    DEFAULT_TIMEOUT_MS,
    MAX_INPUT_BYTES,
    MAX_TIMEOUT_MS,
    MIN_TIMEOUT_MS,
    THEMES,
)

__all__ = ["SERVER_NAME", "TOOL_NAME", "build_server", "run_stdio"]

SERVER_NAME = "mermaid-printer"
TOOL_NAME = "mermaid_to_svg"

_TOOL_DESCRIPTION = f"""\
Render Mermaid diagram source to a standalone SVG image with Mermaid 12.3 itself (no browser).

Use it to turn Mermaid code (flowchart/graph, sequenceDiagram, classDiagram, stateDiagram,
erDiagram, gantt, pie, mindmap, gitGraph, timeline, journey, quadrantChart, xychart, sankey,
block, architecture, C4, ...) into an image file, or to check that Mermaid code is valid:
a syntax error comes back with its line and column so you can fix the code and call again.

Returns JSON: ok, request_id, warnings, errors (each {{code, message, details}}); when ok, also
svg (the SVG document as text) and diagram_type. Error codes: {", ".join(ERROR_CODES)};
a SYNTAX_ERROR has line, column and expected in its details.

Limits: code at most {MAX_INPUT_BYTES:,} bytes; a render is stopped after timeout_ms; nothing
is fetched from the network; scripts, HTML and external references are removed from the SVG;
security settings cannot be changed through config_json. Output is deterministic (same input,
same SVG): after SYNTAX_ERROR, UNSUPPORTED_DIAGRAM or an INVALID_* error, change the input rather
than retrying it unchanged; after TIMEOUT, retry with a larger timeout_ms or a smaller diagram.
"""

_INSTRUCTIONS = (
    "mermaid-printer renders Mermaid diagrams to SVG, PNG and PDF locally and deterministically. Call "
    f"{TOOL_NAME} with the diagram source; on SYNTAX_ERROR, fix the line named in "
    "errors[0].details and call again. mermaid_to_png gives a picture to show, mermaid_to_pdf a "
    "printable document with selectable text. mermaid_parse returns a diagram's structure without "
    "rendering it."
)

# The published input schema. The tool function takes every argument as `Any` with a default,
# so that a missing, mistyped or out-of-range value reaches build_render_options and comes back
# as an INVALID_INPUT envelope instead of being refused by the SDK's argument validation.
_INPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "code": {
            "type": "string",
            "minLength": 1,
            "description": (
                "Mermaid diagram source, e.g. 'flowchart TD\\n  A-->B'. Not blank; at most "
                f"{MAX_INPUT_BYTES:,} bytes as UTF-8. Give the bare source, without Markdown ``` fences."
            ),
        },
        "theme": {
            "type": "string",
            "enum": list(THEMES),
            "description": f"Mermaid theme, one of: {', '.join(THEMES)}. Omit for Mermaid's default.",
        },
        "background": {
            "type": "string",
            "default": "transparent",
            "description": (
                "Page background: 'transparent' (default) or a CSS colour such as white, "
                "#ffffff, rgb(255, 255, 255) or hsl(0, 0%, 100%)."
            ),
        },
        "config_json": {
            "type": "string",
            "description": (
                "Mermaid configuration as a JSON object in a string, e.g. "
                '\'{"flowchart": {"curve": "basis"}, "themeVariables": {"primaryColor": "#ffcc00"}}\'. '
                "Security keys (securityLevel, secure, maxTextSize, maxEdges, dompurifyConfig, "
                "startOnLoad) are refused. Omit for the defaults."
            ),
        },
        "timeout_ms": {
            "type": "integer",
            "minimum": MIN_TIMEOUT_MS,
            "maximum": MAX_TIMEOUT_MS,
            "default": DEFAULT_TIMEOUT_MS,
            "description": (
                f"Stop the render after this many milliseconds ({MIN_TIMEOUT_MS}-{MAX_TIMEOUT_MS}, "
                f"default {DEFAULT_TIMEOUT_MS})."
            ),
        },
    },
    "required": ["code"],
}


def build_server(
    printer: SvgPrinter | None = None, tools: Sequence[str] = TOOL_GROUPS, *, output_dir: Path | None = None
) -> MCPServer[SvgPrinter]:
    """Build the MCP server.

    Args:
        printer: Renders the diagrams. The caller keeps ownership of a printer passed in. When
            omitted, the server starts its own :class:`~mermaid_printer.service.Printer` when it
            starts serving and closes it when it stops.
        tools: the tool groups to expose (see :data:`TOOL_GROUPS`).
        output_dir: Where PDF/PNG ``delivery: "file"`` writes (default: ``$MERMAID_PRINTER_OUTPUT_DIR``,
            else a private temporary directory).
    """

    @asynccontextmanager
    async def lifespan(_server: MCPServer[SvgPrinter]) -> AsyncIterator[SvgPrinter]:
        if printer is not None:
            yield printer
            return
        owned = await anyio.to_thread.run_sync(_start_printer)
        try:
            yield owned
        finally:
            await anyio.to_thread.run_sync(owned.close)

    async def mermaid_to_svg(
        ctx: Context[SvgPrinter, Any],
        code: Any = None,
        theme: Any = None,
        background: Any = None,
        config_json: Any = None,
        timeout_ms: Any = None,
    ) -> Annotated[CallToolResult, SvgEnvelope]:
        # Renders block for up to timeout_ms: keep them off the event loop so calls overlap.
        envelope = await anyio.to_thread.run_sync(
            partial(
                render_svg_envelope,
                ctx.request_context.lifespan_context,
                code=code,
                theme=theme,
                background=background,
                config_json=config_json,
                timeout_ms=timeout_ms,
            )
        )
        return CallToolResult(
            content=[TextContent(type="text", text=json.dumps(envelope, ensure_ascii=False))],
            structured_content=dict(envelope),
            is_error=not envelope["ok"],
        )

    tool = Tool.from_function(
        mermaid_to_svg,
        name=TOOL_NAME,
        title="Mermaid to SVG",
        description=_TOOL_DESCRIPTION,
        annotations=ToolAnnotations(
            title="Mermaid to SVG",
            read_only_hint=True,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=False,
        ),
    )
    tool.parameters = _INPUT_SCHEMA
    groups = {
        "printer": [tool, *export_tools(_INPUT_SCHEMA, output_dir)],
        "parse": parse_tools(),
        "chatgpt": chatgpt_tools(),
    }
    return MCPServer(
        name=SERVER_NAME,
        version=version("mermaid-printer"),
        instructions=_INSTRUCTIONS,
        lifespan=lifespan,
        tools=[t for name in parse_tool_groups(",".join(tools)) for t in groups[name]],
    )


def run_stdio(
    printer: SvgPrinter | None = None, tools: Sequence[str] = TOOL_GROUPS, *, output_dir: Path | None = None
) -> None:
    """Serve MCP over this process's stdin/stdout until the client closes stdin.

    While serving, the SDK points fd 1 at stderr and keeps the protocol on a private
    descriptor, so nothing else in this process or in the render processes forked from it can
    write to the protocol stream. The printer is started inside that window for this reason.
    """
    build_server(printer, tools, output_dir=output_dir).run("stdio")


def _start_printer() -> SvgPrinter:
    # Imported here so that building the server (and `--help`, `--version`) does not load the
    # engine stack.
    from mermaid_printer.service import Printer

    return Printer()
