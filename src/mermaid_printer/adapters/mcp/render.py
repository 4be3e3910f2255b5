"""The MCP tool group ``printer``: ``mermaid_to_svg``, ``mermaid_to_pdf`` and ``mermaid_to_png``.

Each answers with an envelope (:mod:`mermaid_printer.adapters.envelope`) as ``structuredContent``
and as JSON text; a failure is an ``isError`` result carrying the envelope, so the model can read
the code, line and column and try again. The PDF and PNG bytes never go into the envelope (no
megabytes of base64 twice): a PNG is an image block by default (``delivery: "resource"``: an
embedded resource, for clients that reject images), a PDF an embedded resource
(``application/pdf``, never an image), and ``delivery: "file"`` writes either under the server's
output directory and links it (:mod:`mermaid_printer.adapters.delivery`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from mermaid_printer.adapters.delivery import LARGE_INLINE_BYTES, OUTPUT_DIR_ENV, output_directory, write_output_file
from mermaid_printer.adapters.envelope import (
    PdfEnvelope,
    PngEnvelope,
    SvgEnvelope,
    error_envelope,
    guarded,
    success_envelope,
)
from mermaid_printer.adapters.mcp.tools import Attachment, Reply, ToolSpec
from mermaid_printer.errors import ERROR_CODES, PrinterError
from mermaid_printer.export.geometry import MAX_PNG_PIXELS
from mermaid_printer.limits import MAX_TEXT_CHARS
from mermaid_printer.mermaid.editor_link import drawing_link
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions
from mermaid_printer.requests import DEFAULT_PNG_SCALE, PAPER_SIZES, validate_request
from mermaid_printer.service import PrinterService

__all__ = ["PDF_TOOL_NAME", "PNG_TOOL_NAME", "SVG_TOOL_NAME", "printer_tools"]

SVG_TOOL_NAME = "mermaid_to_svg"
PDF_TOOL_NAME = "mermaid_to_pdf"
PNG_TOOL_NAME = "mermaid_to_png"

_SVG_DESCRIPTION = f"""\
Render Mermaid diagram source to a standalone SVG image with Mermaid 12.3 itself (no browser).

Use it to turn Mermaid code (flowchart/graph, sequenceDiagram, classDiagram, stateDiagram,
erDiagram, gantt, pie, mindmap, gitGraph, timeline, journey, quadrantChart, xychart, sankey,
block, architecture, C4, ...) into an image file, or to check that Mermaid code is valid:
a syntax error comes back with its line and column so you can fix the code and call again.

Returns JSON: ok, request_id, warnings, errors (each {{code, message, details}}); when ok, also
svg (the SVG document as text), diagram_type and editor_url: a link that opens the diagram
in the Mermaid Live Editor for a person to see and change (encoded locally, nothing fetched or
uploaded; offer it to the user rather than opening it yourself). Error codes: {", ".join(ERROR_CODES)};
a SYNTAX_ERROR has line, column and expected in its details.

Limits: code at most {MAX_TEXT_CHARS:,} characters (Mermaid's maxTextSize); a render is stopped after timeout_ms; nothing
is fetched from the network; scripts, HTML and external references are removed from the SVG;
security settings cannot be changed through config_json. Output is deterministic (same input,
same SVG): after SYNTAX_ERROR, UNSUPPORTED_DIAGRAM or an INVALID_* error, change the input rather
than retrying it unchanged; after TIMEOUT, retry with a larger timeout_ms or a smaller diagram.
"""

_COMMON_LIMITS = (
    "Same code, theme, config_json and timeout_ms as mermaid_to_svg, with the same limits; nothing is "
    f"fetched from the network. Error codes: {', '.join(ERROR_CODES)}; a SYNTAX_ERROR has line, column "
    "and expected in its details: fix the code and call again. Output is deterministic: after an "
    "INVALID_*, SYNTAX_ERROR or UNSUPPORTED_DIAGRAM error change the input rather than retrying it. "
    "editor_url opens the diagram in the Mermaid Live Editor (encoded locally; nothing fetched)."
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


def _lowercase(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


class PdfToolRequest(PdfOptions):
    """``mermaid_to_pdf``'s arguments: a PDF request and how to deliver the file."""

    delivery: Annotated[Literal["resource", "file"], BeforeValidator(_lowercase)] = Field(
        default="resource", description="'resource' (default): the PDF as an embedded resource. " + _DELIVERY_FILE
    )


class PngToolRequest(PngOptions):
    """``mermaid_to_png``'s arguments: a PNG request and how to deliver the image."""

    delivery: Annotated[Literal["image", "resource", "file"], BeforeValidator(_lowercase)] = Field(
        default="image",
        description=(
            "'image' (default): an image block. 'resource': the PNG as an embedded resource, for "
            "clients that reject image blocks. " + _DELIVERY_FILE
        ),
    )


def _envelope_failure(error: PrinterError, request_id: str) -> Reply:
    return Reply(error_envelope(error, request_id), is_error=True)


def _svg(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
    def work(request_id: str) -> Reply:
        request = validate_request(RenderOptions, arguments)
        result = printer.render_svg(request)
        envelope = success_envelope(
            request_id,
            result.warnings,
            svg=result.svg,
            diagram_type=result.diagram_type,
            cached=result.cached,
            editor_url=drawing_link(request.code, request.theme, request.config),
        )
        return Reply(envelope, is_error=False)

    return guarded(work, _envelope_failure)


def printer_tools(output_dir: Path | None = None) -> list[ToolSpec]:
    """The ``printer`` group; PDF/PNG ``delivery: "file"`` writes under ``output_dir``
    (default: :func:`~mermaid_printer.adapters.delivery.output_directory`)."""

    def pdf(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
        def work(request_id: str) -> Reply:
            request = validate_request(PdfToolRequest, arguments)
            result = printer.render_pdf(request)
            facts = {
                "diagram_type": result.diagram_type,
                "page_width_pt": result.page_width_pt,
                "page_height_pt": result.page_height_pt,
                "scale": result.scale,
                "paper": request.paper,
                "orientation": result.orientation,
                "cached": result.cached,
                "editor_url": drawing_link(request.code, request.theme, request.config),
            }
            return _deliver(
                request_id, result.pdf, "application/pdf", request.delivery, facts, result.warnings, output_dir
            )

        return guarded(work, _envelope_failure)

    def png(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
        def work(request_id: str) -> Reply:
            request = validate_request(PngToolRequest, arguments)
            result = printer.render_png(request)
            facts = {
                "diagram_type": result.diagram_type,
                "width_px": result.width_px,
                "height_px": result.height_px,
                "scale": result.scale,
                "cached": result.cached,
                "editor_url": drawing_link(request.code, request.theme, request.config),
            }
            return _deliver(request_id, result.png, "image/png", request.delivery, facts, result.warnings, output_dir)

        return guarded(work, _envelope_failure)

    return [
        ToolSpec(SVG_TOOL_NAME, "Mermaid to SVG", _SVG_DESCRIPTION, RenderOptions, SvgEnvelope, _svg),
        # Not read-only: delivery "file" writes into the output directory. The file is named by
        # its content's hash and never replaces different bytes, so the call is still
        # non-destructive and idempotent.
        ToolSpec(PDF_TOOL_NAME, "Mermaid to PDF", _PDF_DESCRIPTION, PdfToolRequest, PdfEnvelope, pdf, read_only=False),
        ToolSpec(PNG_TOOL_NAME, "Mermaid to PNG", _PNG_DESCRIPTION, PngToolRequest, PngEnvelope, png, read_only=False),
    ]


def _deliver(
    request_id: str,
    data: bytes,
    mime_type: str,
    delivery: str,
    facts: dict[str, Any],
    warnings: list[str],
    output_dir: Path | None,
) -> Reply:
    digest = hashlib.sha256(data).hexdigest()
    suffix = mime_type.rsplit("/", 1)[-1]
    name = f"{digest[:16]}.{suffix}"
    envelope = success_envelope(
        request_id, warnings, **facts, mime_type=mime_type, size_bytes=len(data), sha256=digest, delivery=delivery
    )
    if delivery == "file":
        path = write_output_file(data, name, output_dir or output_directory())
        envelope.update(path=str(path), uri=path.as_uri())
        return Reply(
            envelope, is_error=False, attachment=Attachment(mime_type, "file", path.as_uri(), path.name, len(data))
        )
    uri = f"mermaid-printer://render/{name}"
    envelope["uri"] = uri
    if len(data) > LARGE_INLINE_BYTES:
        envelope["warnings"].append(
            f"the {suffix.upper()} is {len(data) / 1e6:.1f} MB, sent inline as base64; some clients limit "
            'message size: delivery "file" writes it to disk instead'
            + (", and a smaller scale or width makes it smaller" if suffix == "png" else "")
        )
    kind: Literal["image", "resource"] = "image" if delivery == "image" else "resource"
    return Reply(envelope, is_error=False, attachment=Attachment(mime_type, kind, uri, name, len(data), data))
