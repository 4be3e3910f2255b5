"""The MCP tools ``mermaid_to_pdf`` and ``mermaid_to_png`` (added to the server by ``mcp_server``).

They follow ``mermaid_to_svg``'s conventions: arguments taken as ``Any`` and validated by the
options builders against a published input schema (so a bad value is an ``INVALID_INPUT``
envelope, not an SDK argument error), the envelope as ``structuredContent`` and as JSON text,
failures as ``isError`` results. What differs is the payload, which never goes into the
envelope (no megabytes of base64 twice):

* PDF: an embedded resource, ``BlobResourceContents`` with ``mimeType: application/pdf``
  (never an image block);
* PNG: an image block (``image/png``) by default; ``delivery: "resource"`` sends the same bytes
  as an embedded resource for clients that reject images;
* either, ``delivery: "file"``: no bytes; the file is written under the server's output
  directory and a ``resource_link`` with its ``file://`` URI is returned (path in the envelope).

Content order: the payload block first, then the envelope as text.
"""

from __future__ import annotations

import base64
import copy
import json
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import (
    BlobResourceContents,
    CallToolResult,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    ToolAnnotations,
)

from mermaid_printer.adapters.export_envelope import (
    OUTPUT_DIR_ENV,
    PdfEnvelope,
    PngEnvelope,
    Rendered,
    render_pdf_envelope,
    render_png_envelope,
)
from mermaid_printer.errors import ERROR_CODES
from mermaid_printer.options import (
    DEFAULT_PNG_SCALE,
    MAX_MARGIN_MM,
    MAX_PNG_SCALE,
    MAX_PNG_WIDTH,
    MIN_PNG_SCALE,
    MIN_PNG_WIDTH,
    PAPER_SIZES,
)
from mermaid_printer.export.geometry import MAX_PNG_PIXELS

__all__ = ["PDF_TOOL_NAME", "PNG_TOOL_NAME", "export_tools"]

PDF_TOOL_NAME = "mermaid_to_pdf"
PNG_TOOL_NAME = "mermaid_to_png"

_COMMON_LIMITS = (
    "Same code, theme, config_json and timeout_ms as mermaid_to_svg, with the same limits; nothing is "
    f"fetched from the network. Error codes: {', '.join(ERROR_CODES)}; a SYNTAX_ERROR has line, column "
    "and expected in its details: fix the code and call again. Output is deterministic: after an "
    "INVALID_*, SYNTAX_ERROR or UNSUPPORTED_DIAGRAM error change the input rather than retrying it."
)

_PDF_DESCRIPTION = f"""\
Render Mermaid diagram source to a PDF document with Mermaid 12.3 itself (no browser).

Use it when the user wants a printable or shareable document: vector graphics, the labels as real
selectable and searchable text, the fonts embedded. The page is the diagram's own size, or a paper
size (paper: {", ".join(PAPER_SIZES)}) with orientation, margin_mm and fit. For an image to show in
a chat use mermaid_to_png; for an editable or web image use mermaid_to_svg.

Returns the PDF as an embedded resource (mimeType application/pdf; delivery "file" writes it to a
file on the server's machine instead and returns its path), plus JSON: ok, request_id, warnings,
errors, and when ok diagram_type, size_bytes, sha256, page_width_pt, page_height_pt, scale, paper,
orientation. The background is white unless you pass background (e.g. "transparent").
{_COMMON_LIMITS}
"""

_PNG_DESCRIPTION = f"""\
Render Mermaid diagram source to a PNG image with Mermaid 12.3 itself (no browser).

Use it to show a diagram as a picture (chat, issue, slide). Size: scale (image pixels per
diagram pixel, default {DEFAULT_PNG_SCALE:g}) or width (pixels; height follows), at most
{MAX_PNG_PIXELS:,} pixels (RESOURCE_LIMIT names the size: use a smaller scale or width). The
background is white by default; pass background "transparent" for a transparent image. For a
printable document use mermaid_to_pdf; for scalable vector output use mermaid_to_svg.

Returns an image block (image/png) by default; delivery "resource" returns the same bytes as an
embedded resource (for clients that do not accept images), delivery "file" writes the PNG to a
file on the server's machine and returns its path. Plus JSON: ok, request_id, warnings, errors,
and when ok diagram_type, size_bytes, sha256, width_px, height_px, scale.
{_COMMON_LIMITS}
"""

_DELIVERY_FILE = (
    f"'file': write the file under the server's output directory (${OUTPUT_DIR_ENV}, else a private "
    "temporary directory), named by its content, and return its path and file:// URI instead of bytes."
)


def _pdf_schema(base: dict[str, Any]) -> dict[str, Any]:
    schema = _export_base(base)
    schema["properties"].update(
        {
            "paper": {
                "type": "string",
                "enum": list(PAPER_SIZES),
                "description": "Paper size of the page. Omit for a page exactly the diagram's size.",
            },
            "orientation": {
                "type": "string",
                "enum": ["auto", "portrait", "landscape"],
                "default": "auto",
                "description": "With paper: page orientation; auto picks landscape for wide diagrams.",
            },
            "margin_mm": {
                "type": "number",
                "minimum": 0,
                "maximum": MAX_MARGIN_MM,
                "description": "Blank margin on every side in millimetres (default 10 with paper, 0 without).",
            },
            "fit": {
                "type": "string",
                "enum": ["shrink", "fill"],
                "default": "shrink",
                "description": (
                    "With paper: shrink scales a diagram that is too large down to fit (never up); "
                    "fill scales it up or down to fill the page inside the margins."
                ),
            },
            "delivery": {
                "type": "string",
                "enum": ["resource", "file"],
                "default": "resource",
                "description": "'resource' (default): the PDF as an embedded resource. " + _DELIVERY_FILE,
            },
        }
    )
    return schema


def _png_schema(base: dict[str, Any]) -> dict[str, Any]:
    schema = _export_base(base)
    schema["properties"].update(
        {
            "scale": {
                "type": "number",
                "minimum": MIN_PNG_SCALE,
                "maximum": MAX_PNG_SCALE,
                "default": DEFAULT_PNG_SCALE,
                "description": "Image pixels per diagram pixel (default 2, crisp on high-density screens). Not with width.",
            },
            "width": {
                "type": "integer",
                "minimum": MIN_PNG_WIDTH,
                "maximum": MAX_PNG_WIDTH,
                "description": "Image width in pixels; the height follows the diagram. Not with scale.",
            },
            "delivery": {
                "type": "string",
                "enum": ["image", "resource", "file"],
                "default": "image",
                "description": (
                    "'image' (default): an image block. 'resource': the PNG as an embedded resource, for "
                    "clients that reject image blocks. " + _DELIVERY_FILE
                ),
            },
        }
    )
    return schema


def _export_base(base: dict[str, Any]) -> dict[str, Any]:
    schema = copy.deepcopy(base)
    schema["properties"]["background"] = {
        "type": "string",
        "default": "white",
        "description": (
            "Page background: white (default), 'transparent', or a CSS colour such as #ffffff, "
            "rgb(255, 255, 255) or hsl(0, 0%, 100%)."
        ),
    }
    return schema


def export_tools(base_schema: dict[str, Any], output_dir: Path | None = None) -> list[Tool]:
    """The PDF and PNG tools, with input schemas built on the SVG tool's ``base_schema``."""

    async def mermaid_to_pdf(
        ctx: Context[Any, Any],
        code: Any = None,
        theme: Any = None,
        background: Any = None,
        config_json: Any = None,
        timeout_ms: Any = None,
        paper: Any = None,
        orientation: Any = None,
        margin_mm: Any = None,
        fit: Any = None,
        delivery: Any = None,
    ) -> Annotated[CallToolResult, PdfEnvelope]:
        rendered = await anyio.to_thread.run_sync(
            partial(
                render_pdf_envelope,
                ctx.request_context.lifespan_context,
                code=code,
                theme=theme,
                background=background,
                config_json=config_json,
                timeout_ms=timeout_ms,
                paper=paper,
                orientation=orientation,
                margin_mm=margin_mm,
                fit=fit,
                delivery=delivery,
                output_dir=output_dir,
            )
        )
        return _result(rendered, "application/pdf")

    async def mermaid_to_png(
        ctx: Context[Any, Any],
        code: Any = None,
        theme: Any = None,
        background: Any = None,
        config_json: Any = None,
        timeout_ms: Any = None,
        scale: Any = None,
        width: Any = None,
        delivery: Any = None,
    ) -> Annotated[CallToolResult, PngEnvelope]:
        rendered = await anyio.to_thread.run_sync(
            partial(
                render_png_envelope,
                ctx.request_context.lifespan_context,
                code=code,
                theme=theme,
                background=background,
                config_json=config_json,
                timeout_ms=timeout_ms,
                scale=scale,
                width=width,
                delivery=delivery,
                output_dir=output_dir,
            )
        )
        return _result(rendered, "image/png")

    tools = []
    for function, name, title, description, schema in (
        (mermaid_to_pdf, PDF_TOOL_NAME, "Mermaid to PDF", _PDF_DESCRIPTION, _pdf_schema(base_schema)),
        (mermaid_to_png, PNG_TOOL_NAME, "Mermaid to PNG", _PNG_DESCRIPTION, _png_schema(base_schema)),
    ):
        tool = Tool.from_function(
            function,
            name=name,
            title=title,
            description=description,
            # Not read-only: delivery "file" writes into the output directory. The file is named
            # by its content's hash and never replaces different bytes, so the call is still
            # non-destructive and idempotent.
            annotations=ToolAnnotations(
                title=title,
                read_only_hint=False,
                destructive_hint=False,
                idempotent_hint=True,
                open_world_hint=False,
            ),
        )
        tool.parameters = schema
        tools.append(tool)
    return tools


def _result(rendered: Rendered, mime_type: str) -> CallToolResult:
    envelope = rendered.envelope
    content: list[ContentBlock] = []
    if envelope["ok"]:
        content.append(_payload(rendered, mime_type))
    content.append(TextContent(type="text", text=json.dumps(envelope, ensure_ascii=False)))
    return CallToolResult(content=content, structured_content=envelope, is_error=not envelope["ok"])


def _payload(rendered: Rendered, mime_type: str) -> ContentBlock:
    envelope = rendered.envelope
    if rendered.data is None:  # delivered as a file
        return ResourceLink(
            type="resource_link",
            name=Path(envelope["path"]).name,
            uri=envelope["uri"],
            mime_type=mime_type,
            size=envelope["size_bytes"],
        )
    data = base64.b64encode(rendered.data).decode("ascii")
    if envelope["delivery"] == "image":
        return ImageContent(type="image", data=data, mime_type=mime_type)
    return EmbeddedResource(
        type="resource", resource=BlobResourceContents(uri=envelope["uri"], mime_type=mime_type, blob=data)
    )
