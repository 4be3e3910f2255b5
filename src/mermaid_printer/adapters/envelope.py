"""The response envelope every request/response adapter (MCP, HTTP) returns, and its one guard.

Every response, success or failure, has the same four keys::

    {"ok": bool, "request_id": "<uuid4>", "warnings": [str, ...],
     "errors": [{"code": str, "message": str, "details": {...}}, ...]}

A success adds its payload (``svg`` and ``diagram_type`` for SVG; file facts for PDF/PNG; the
AST for a parse); a failure has no payload and exactly one error. Error codes are
:data:`mermaid_printer.errors.ERROR_CODES`. :func:`guarded` runs an adapter's work under a new
request id and turns any failure into that adapter's error shape, so no adapter copies the
try/log/envelope block.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable
from typing import Annotated, Any, Literal, NotRequired, TypeVar

from pydantic import Field

# pydantic reads typing.TypedDict only from Python 3.12 on.
from typing_extensions import TypedDict

from mermaid_printer.errors import ERROR_CODES, PrinterError, RenderFailed

__all__ = [
    "EDITOR_URL_FIELD",
    "DiagramAst",
    "Envelope",
    "ErrorEntry",
    "ParseEnvelope",
    "PdfEnvelope",
    "PngEnvelope",
    "SvgEnvelope",
    "error_envelope",
    "guarded",
    "new_request_id",
    "success_envelope",
]

logger = logging.getLogger(__name__)

ErrorCode = Literal[ERROR_CODES]  # type: ignore[valid-type]


class ErrorEntry(TypedDict):
    """One thing that went wrong, in a form a program (or a model) can act on."""

    code: Annotated[ErrorCode, Field(description="Stable machine-readable error code.")]
    message: Annotated[str, Field(description="What went wrong, in one or a few sentences.")]
    details: Annotated[
        dict[str, Any],
        Field(
            description=(
                "Extra facts about the error. SYNTAX_ERROR: line (1-based), column (when known), "
                "expected (tokens the parser wanted). SYNTAX_ERROR, UNSUPPORTED_DIAGRAM and drawing "
                "errors: hint (how to fix it), fixes ([{title, edits: [{line, column, end_line, "
                "end_column, text}]}], checked by parsing the fixed source), fixed_code (the source "
                "with the first fix applied), mermaid_message (Mermaid's own text). INVALID_INPUT: field. "
                "INPUT_TOO_LARGE: limit_bytes."
            )
        ),
    ]


_OK = Annotated[bool, Field(description="True when the request succeeded; then its payload is present.")]
_REQUEST_ID = Annotated[str, Field(description="A fresh UUID4 naming this call, for logs.")]
_WARNINGS = Annotated[list[str], Field(description="Things worth knowing that did not stop the request.")]
_ERRORS = Annotated[list[ErrorEntry], Field(description="Empty on success; one entry when ok is false.")]


class Envelope(TypedDict):
    """The four keys every tool's result has; each result adds its payload."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS


_DIAGRAM_TYPE = Annotated[str, Field(description="The diagram type Mermaid detected, e.g. flowchart-v2. Only when ok.")]
_SIZE = Annotated[int, Field(description="Size of the file in bytes.")]
_SHA256 = Annotated[str, Field(description="SHA-256 of the file (hex); the same input gives the same file.")]
_URI = Annotated[
    str,
    Field(
        description="URI of the file: the embedded resource's (mermaid-printer://…) or, with delivery "
        "'file', its file:// URI."
    ),
]
_PATH = Annotated[str, Field(description="With delivery 'file': absolute path of the written file.")]
_CACHED = Annotated[
    bool, Field(description="True when the answer came from the result cache (the same input was drawn before).")
]

_EDITOR_URL = Annotated[
    str,
    Field(
        description="A https://mermaid.live/edit#pako:… link that opens this diagram, with the theme and config it "
        "was drawn with, in the Mermaid Live Editor, for a person to see and change it. Encoded locally from the "
        "request (nothing is fetched or uploaded; the diagram travels in the link's fragment). Only when ok."
    ),
]

#: The ``editor_url`` field's type, for envelopes defined beside their tools.
EDITOR_URL_FIELD = _EDITOR_URL


class SvgEnvelope(Envelope):
    """The result of rendering one Mermaid diagram to SVG."""

    svg: NotRequired[
        Annotated[str, Field(description='The SVG document (UTF-8 text). Only when ok with delivery "inline".')]
    ]
    diagram_type: NotRequired[_DIAGRAM_TYPE]
    mime_type: NotRequired[Annotated[Literal["image/svg+xml"], Field(description="Always image/svg+xml.")]]
    size_bytes: NotRequired[_SIZE]
    sha256: NotRequired[_SHA256]
    delivery: NotRequired[
        Annotated[Literal["inline", "resource", "file"], Field(description="How the SVG was returned.")]
    ]
    uri: NotRequired[_URI]
    path: NotRequired[_PATH]
    cached: NotRequired[_CACHED]
    editor_url: NotRequired[_EDITOR_URL]


class PdfEnvelope(Envelope):
    """The result of rendering one Mermaid diagram to PDF (the PDF itself travels beside it)."""

    diagram_type: NotRequired[_DIAGRAM_TYPE]
    mime_type: NotRequired[Annotated[Literal["application/pdf"], Field(description="Always application/pdf.")]]
    size_bytes: NotRequired[_SIZE]
    sha256: NotRequired[_SHA256]
    page_width_pt: NotRequired[Annotated[float, Field(description="Page width in points (1/72 in).")]]
    page_height_pt: NotRequired[Annotated[float, Field(description="Page height in points (1/72 in).")]]
    scale: NotRequired[
        Annotated[float, Field(description="Diagram size on the page / natural size (1 unless fitted).")]
    ]
    paper: NotRequired[Annotated[str | None, Field(description="The paper size, or null for a diagram-sized page.")]]
    orientation: NotRequired[
        Annotated[str | None, Field(description="portrait or landscape with a paper size, else null.")]
    ]
    delivery: NotRequired[Annotated[Literal["resource", "file"], Field(description="How the PDF was returned.")]]
    uri: NotRequired[_URI]
    path: NotRequired[_PATH]
    cached: NotRequired[_CACHED]
    editor_url: NotRequired[_EDITOR_URL]


class PngEnvelope(Envelope):
    """The result of rendering one Mermaid diagram to PNG (the image itself travels beside it)."""

    diagram_type: NotRequired[_DIAGRAM_TYPE]
    mime_type: NotRequired[Annotated[Literal["image/png"], Field(description="Always image/png.")]]
    size_bytes: NotRequired[_SIZE]
    sha256: NotRequired[_SHA256]
    width_px: NotRequired[Annotated[int, Field(description="Image width in pixels.")]]
    height_px: NotRequired[Annotated[int, Field(description="Image height in pixels.")]]
    scale: NotRequired[Annotated[float, Field(description="Image pixels per CSS pixel of the diagram.")]]
    delivery: NotRequired[
        Annotated[Literal["image", "resource", "file"], Field(description="How the PNG was returned.")]
    ]
    uri: NotRequired[_URI]
    path: NotRequired[_PATH]
    cached: NotRequired[_CACHED]
    editor_url: NotRequired[_EDITOR_URL]


class DiagramAst(TypedDict):
    """The common core every diagram type fills, plus one type-specific section (see README)."""

    nodes: Annotated[
        list[dict[str, Any]],
        Field(description="Nodes: id, label, type (shape or kind); line and column with include_positions."),
    ]
    edges: Annotated[
        list[dict[str, Any]],
        Field(description="Edges: from, to, label, type; line and column with include_positions."),
    ]
    metadata: Annotated[
        dict[str, Any],
        Field(description="title, direction, acc_title, acc_description, counts (nodes, edges, per-section lists)."),
    ]


class ParseEnvelope(Envelope):
    """The result of parsing one Mermaid diagram without rendering it."""

    diagram_type: NotRequired[_DIAGRAM_TYPE]
    ast: NotRequired[
        Annotated[
            DiagramAst,
            Field(
                description=(
                    "nodes, edges, metadata, and one section named after the type (flowchart, sequence, "
                    "class, state, er, gantt, pie, ...) with its details. Only when ok."
                )
            ),
        ]
    ]
    cached: NotRequired[_CACHED]


def new_request_id() -> str:
    """A fresh request id (UUID4, canonical text form)."""
    return str(uuid.uuid4())


def error_envelope(error: PrinterError, request_id: str) -> dict[str, Any]:
    """The failure envelope for ``error``."""
    return {"ok": False, "request_id": request_id, "warnings": [], "errors": [error.to_dict()]}


def success_envelope(request_id: str, warnings: list[str], **payload: Any) -> dict[str, Any]:
    """The success envelope: the four keys, then the payload."""
    return {"ok": True, "request_id": request_id, "warnings": list(warnings), "errors": [], **payload}


T = TypeVar("T")


def guarded(work: Callable[[str], T], on_error: Callable[[PrinterError, str], T]) -> T:
    """Run ``work(request_id)``; a failure becomes ``on_error(error, request_id)``. Never raises.

    A ``PrinterError`` is logged briefly; anything else is a bug: logged with its traceback and
    answered as ``RENDER_FAILED`` without internals.
    """
    request_id = new_request_id()
    try:
        return work(request_id)
    except PrinterError as exc:
        logger.info("request %s failed: %s: %r", request_id, exc.code, exc.message)
        return on_error(exc, request_id)
    except Exception:
        logger.exception("request %s: unexpected error", request_id)
        return on_error(RenderFailed("internal error; see the server log"), request_id)
