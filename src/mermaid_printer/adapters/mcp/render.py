"""The MCP tool group ``printer``: ``mermaid_to_svg``, ``mermaid_to_pdf`` and ``mermaid_to_png``.

Each answers with an envelope (:mod:`mermaid_printer.adapters.envelope`) as ``structuredContent``
and as JSON text; a failure is an ``isError`` result carrying the envelope, so the model can read
the code, line and column and try again. The drawing itself goes into the reply once. The SVG
(``delivery: "inline"``, the default) is the envelope's ``svg`` in ``structuredContent`` only, the
text content being the envelope without it; ``"resource"`` makes it an embedded text resource.
The PDF and PNG bytes never go into the envelope (no megabytes of base64 twice): a PNG is an image block by default (``delivery: "resource"``: an
embedded resource, for clients that reject images), a PDF an embedded resource
(``application/pdf``, never an image), and ``delivery: "file"`` writes either under the server's
output directory and links it, as it does an SVG (:mod:`mermaid_printer.adapters.delivery`).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from mermaid_printer.adapters.delivery import LARGE_INLINE_BYTES, OUTPUT_DIR_ENV, output_directory, write_output_file
from mermaid_printer.adapters.envelope import (
    PdfEnvelope,
    PngEnvelope,
    SvgEnvelope,
    guarded,
    success_envelope,
)
from mermaid_printer.adapters.mcp.tools import Attachment, Reply, ToolSpec, failure_reply
from mermaid_printer.errors import ERROR_CODES
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
diagram_type, size_bytes, sha256 and delivery. The SVG comes once: with delivery "inline" (default)
as svg in the structured result (the text content is the same JSON without it); "resource" returns
it as an embedded text resource (image/svg+xml) for clients that show only content blocks; "file"
writes it to a file on the server's machine and returns its path. Also editor_url: a link that
opens the diagram in the Mermaid Live Editor for a person to see and change (encoded locally,
nothing fetched or uploaded; offer it to the user rather than opening it yourself). Error codes:
{", ".join(ERROR_CODES)}; a SYNTAX_ERROR has line, column and expected in its details.

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


_WRITES_WITH_FILE_DELIVERY = f'with delivery "file" only: under the output directory (--output-dir, ${OUTPUT_DIR_ENV})'


def _lowercase(value: Any) -> Any:
    return value.strip().lower() if isinstance(value, str) else value


class SvgToolRequest(RenderOptions):
    """``mermaid_to_svg``'s arguments: an SVG request and how to deliver the SVG."""

    delivery: Annotated[Literal["inline", "resource", "file"], BeforeValidator(_lowercase)] = Field(
        default="inline",
        description=(
            "'inline' (default): the SVG text as svg in the structured result, once (the text content "
            "carries the rest). 'resource': the SVG as an embedded text resource, for clients that show "
            "only content blocks. " + _DELIVERY_FILE
        ),
    )


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


def printer_tools(output_dir: Path | None = None) -> list[ToolSpec]:
    """The ``printer`` group; PDF/PNG ``delivery: "file"`` writes under ``output_dir``
    (default: :func:`~mermaid_printer.adapters.delivery.output_directory`)."""

    def svg(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
        def work(request_id: str) -> Reply:
            request = validate_request(SvgToolRequest, arguments)
            result = printer.render_svg(request)
            facts = {
                "diagram_type": result.diagram_type,
                "cached": result.cached,
                "editor_url": drawing_link(request.code, request.theme, request.config),
            }
            return _deliver(
                request_id,
                result.svg.encode("utf-8"),
                "image/svg+xml",
                request.delivery,
                facts,
                result.warnings,
                output_dir,
            )

        return guarded(work, failure_reply)

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

        return guarded(work, failure_reply)

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

        return guarded(work, failure_reply)

    return [
        # Not read-only: delivery "file" writes into the output directory. The file is named by
        # its content's hash and never replaces different bytes, so the call is still
        # non-destructive and idempotent.
        ToolSpec(
            SVG_TOOL_NAME,
            "Mermaid to SVG",
            _SVG_DESCRIPTION,
            SvgToolRequest,
            SvgEnvelope,
            svg,
            read_only=False,
            writes=_WRITES_WITH_FILE_DELIVERY,
        ),
        ToolSpec(
            PDF_TOOL_NAME,
            "Mermaid to PDF",
            _PDF_DESCRIPTION,
            PdfToolRequest,
            PdfEnvelope,
            pdf,
            read_only=False,
            writes=_WRITES_WITH_FILE_DELIVERY,
        ),
        ToolSpec(
            PNG_TOOL_NAME,
            "Mermaid to PNG",
            _PNG_DESCRIPTION,
            PngToolRequest,
            PngEnvelope,
            png,
            read_only=False,
            writes=_WRITES_WITH_FILE_DELIVERY,
        ),
    ]


#: The file suffix of each format delivered.
_SUFFIXES = {"image/svg+xml": "svg", "application/pdf": "pdf", "image/png": "png"}


def _deliver(
    request_id: str,
    data: bytes,
    mime_type: str,
    delivery: str,
    facts: dict[str, Any],
    warnings: list[str],
    output_dir: Path | None,
) -> Reply:
    """The reply carrying ``data`` as ``delivery`` asks: ``inline`` (SVG: the text in the
    structured result only), ``image``/``resource`` (a content block) or ``file`` (written, linked)."""
    digest = hashlib.sha256(data).hexdigest()
    suffix = _SUFFIXES[mime_type]
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
    is_text = mime_type == "image/svg+xml"
    if len(data) > LARGE_INLINE_BYTES:
        envelope["warnings"].append(
            f"the {suffix.upper()} is {len(data) / 1e6:.1f} MB, sent inline{'' if is_text else ' as base64'}; some "
            'clients limit message size: delivery "file" writes it to disk instead'
            + (", and a smaller scale or width makes it smaller" if suffix == "png" else "")
        )
    if delivery == "inline":
        # The SVG once: in the structured result; the text content is the rest of it.
        text = json.dumps(envelope, ensure_ascii=False)
        envelope["svg"] = data.decode("utf-8")
        return Reply(envelope, is_error=False, text=text)
    uri = f"mermaid-printer://render/{name}"
    envelope["uri"] = uri
    kind: Literal["image", "resource"] = "image" if delivery == "image" else "resource"
    attachment = Attachment(mime_type, kind, uri, name, len(data), data, as_text=is_text)
    return Reply(envelope, is_error=False, attachment=attachment)
