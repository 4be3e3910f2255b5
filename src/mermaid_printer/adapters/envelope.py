"""The response envelope every request/response adapter (MCP, HTTP) returns.

Every response, success or failure, has the same four keys::

    {"ok": bool, "request_id": "<uuid4>", "warnings": [str, ...],
     "errors": [{"code": str, "message": str, "details": {...}}, ...]}

A success adds its payload (``svg`` and ``diagram_type`` for :func:`render_svg_envelope`); a
failure has no payload and at least one error. Error codes are
:data:`mermaid_printer.errors.ERROR_CODES`.
"""

from __future__ import annotations

import json
import logging
import uuid
from typing import TYPE_CHECKING, Annotated, Any, Literal, NotRequired, Protocol

from pydantic import Field
# pydantic reads typing.TypedDict only from Python 3.12 on.
from typing_extensions import TypedDict

from mermaid_printer.errors import ERROR_CODES, InvalidConfig, InvalidInput, PrinterError, RenderFailed
from mermaid_printer.options import RenderOptions, build_render_options, check_code

if TYPE_CHECKING:
    from mermaid_printer.service import ParseResult, RenderResult, VerifyResult

__all__ = [
    "DiagramPrinter",
    "ErrorEntry",
    "ParseEnvelope",
    "SvgEnvelope",
    "SvgPrinter",
    "error_envelope",
    "new_request_id",
    "parse_envelope",
    "render_svg_envelope",
]

logger = logging.getLogger(__name__)

ErrorCode = Literal[ERROR_CODES]  # type: ignore[valid-type]


class SvgPrinter(Protocol):
    """What the adapters need from :class:`mermaid_printer.service.Printer` (tests pass a fake)."""

    def render_svg(self, options: RenderOptions) -> RenderResult:
        """Render, or raise a ``PrinterError``."""
        ...

    def close(self) -> None:
        """Release the renderer's processes."""
        ...


class DiagramPrinter(SvgPrinter, Protocol):
    """A printer that can also parse and verify (the parse and ChatGPT-style tools need it)."""

    def parse(self, code: str, *, include_positions: bool = False) -> ParseResult:
        """Parse, or raise a ``PrinterError``."""
        ...

    def verify(self, code: str) -> VerifyResult:
        """Check; invalid diagrams give ``ok=False``, operational failures raise."""
        ...


class ErrorEntry(TypedDict):
    """One thing that went wrong, in a form a program (or a model) can act on."""

    code: Annotated[ErrorCode, Field(description="Stable machine-readable error code.")]
    message: Annotated[str, Field(description="What went wrong, in one or a few sentences.")]
    details: Annotated[
        dict[str, Any],
        Field(
            description=(
                "Extra facts about the error. SYNTAX_ERROR: line (1-based), column (when known), "
                "expected (tokens the parser wanted). INVALID_INPUT: field. "
                "INPUT_TOO_LARGE: limit_bytes."
            )
        ),
    ]


class SvgEnvelope(TypedDict):
    """The result of rendering one Mermaid diagram to SVG."""

    ok: Annotated[bool, Field(description="True when the diagram rendered; then svg is present.")]
    request_id: Annotated[str, Field(description="A fresh UUID4 naming this call, for logs.")]
    warnings: Annotated[list[str], Field(description="Things worth knowing that did not stop the render.")]
    errors: Annotated[
        list[ErrorEntry], Field(description="Empty on success; at least one entry when ok is false.")
    ]
    svg: NotRequired[Annotated[str, Field(description="The SVG document (UTF-8 text). Only when ok.")]]
    diagram_type: NotRequired[
        Annotated[str, Field(description="The diagram type Mermaid detected, e.g. flowchart-v2. Only when ok.")]
    ]


def new_request_id() -> str:
    """A fresh request id (UUID4, canonical text form)."""
    return str(uuid.uuid4())


def error_envelope(error: PrinterError, request_id: str) -> SvgEnvelope:
    """The failure envelope for ``error``."""
    entry: ErrorEntry = error.to_dict()  # type: ignore[assignment]
    return {"ok": False, "request_id": request_id, "warnings": [], "errors": [entry]}


def render_svg_envelope(
    printer: SvgPrinter,
    *,
    code: Any,
    theme: Any = None,
    background: Any = None,
    config_json: Any = None,
    timeout_ms: Any = None,
) -> SvgEnvelope:
    """Validate raw request values, render, and wrap the outcome. Never raises; blocks.

    Any exception that is not a ``PrinterError`` is a bug: it is logged with its traceback
    and reported as ``RENDER_FAILED`` without internals.
    """
    request_id = new_request_id()
    try:
        options = build_render_options(
            code,
            theme=theme,
            background=background,
            config_json=_config_json_text(config_json),
            timeout_ms=timeout_ms,
        )
        result = printer.render_svg(options)
    except PrinterError as exc:
        logger.info("request %s failed: %s: %r", request_id, exc.code, exc.message)
        return error_envelope(exc, request_id)
    except Exception:
        logger.exception("request %s: unexpected error while rendering", request_id)
        return error_envelope(RenderFailed("internal error while rendering; see the server log"), request_id)
    return {
        "ok": True,
        "request_id": request_id,
        "warnings": list(result.warnings),
        "errors": [],
        "svg": result.svg,
        "diagram_type": result.diagram_type,
    }


def _config_json_text(config_json: Any) -> str | None:
    # MCP clients send config_json as the documented string, but some send the object itself
    # (and the MCP SDK pre-parses JSON-looking strings for non-str parameters).
    if config_json is None or isinstance(config_json, str):
        return config_json
    if isinstance(config_json, dict):
        return json.dumps(config_json)
    raise InvalidConfig('config_json must be a JSON object as a string, e.g. {"theme": "dark"}')


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


class ParseEnvelope(TypedDict):
    """The result of parsing one Mermaid diagram without rendering it."""

    ok: Annotated[bool, Field(description="True when Mermaid parsed the diagram; then diagram_type and ast are present.")]
    request_id: Annotated[str, Field(description="A fresh UUID4 naming this call, for logs.")]
    warnings: Annotated[list[str], Field(description="Things worth knowing that did not stop the parse.")]
    errors: Annotated[
        list[ErrorEntry], Field(description="Empty on success; at least one entry when ok is false.")
    ]
    diagram_type: NotRequired[
        Annotated[str, Field(description="The diagram type Mermaid detected, e.g. flowchart-v2. Only when ok.")]
    ]
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


def parse_envelope(printer: DiagramPrinter, *, code: Any, include_positions: Any = None) -> ParseEnvelope:
    """Validate raw request values, parse, and wrap the outcome. Never raises; blocks."""
    request_id = new_request_id()
    try:
        if include_positions is not None and not isinstance(include_positions, bool):
            raise InvalidInput("Invalid input: include_positions must be true or false", {"field": "include_positions"})
        result = printer.parse(check_code(code), include_positions=bool(include_positions))
    except PrinterError as exc:
        logger.info("request %s failed: %s: %r", request_id, exc.code, exc.message)
        return error_envelope(exc, request_id)  # type: ignore[return-value]
    except Exception:
        logger.exception("request %s: unexpected error while parsing", request_id)
        return error_envelope(RenderFailed("internal error while parsing; see the server log"), request_id)  # type: ignore[return-value]
    return {
        "ok": True,
        "request_id": request_id,
        "warnings": [],
        "errors": [],
        "diagram_type": result.diagram_type,
        "ast": result.ast,  # type: ignore[typeddict-item]
    }
