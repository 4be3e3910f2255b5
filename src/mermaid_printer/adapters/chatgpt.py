"""The three tools of the ChatGPT-style Mermaid renderer spec: ``verify``, ``render``, ``svg``.

They keep that spec's exact shapes instead of the printer's envelope, so clients written for
it work unchanged::

    verify → {"ok": true} | {"ok": false, "error": "<message>"}
    render → {"svg": "<svg …>"}
    svg    → {"svg": "<svg …>", "filename": "diagram-YYYY-MM-DDTHH-MM-SS.svg"}   (UTC)

``code`` must be a non-empty string of at most 50,000 characters; the messages are the spec's
("Invalid input: code must be a non-empty string", "Code exceeds maximum length of 50KB") or
Mermaid's own parse message. ``verify`` answers an invalid diagram with ``ok: false``;
``render`` and ``svg`` raise :class:`ChatGptToolError` (an adapter answers it as an error with
``{"error": "<message>"}``). Failures of the check itself (timeout, engine) raise for all three.
:class:`CodeRequest` is the tools' one parameter.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from mermaid_printer.errors import InputTooLarge, InvalidInput, PrinterError
from mermaid_printer.limits import MAX_TEXT_CHARS
from mermaid_printer.mermaid.requests import RenderOptions, VerifyOptions
from mermaid_printer.requests import RequestModel, validate_request
from mermaid_printer.service import PrinterService

__all__ = [
    "INVALID_CODE_MESSAGE",
    "MAX_CODE_CHARS",
    "TOO_LONG_MESSAGE",
    "ChatGptToolError",
    "CodeRequest",
    "RenderReply",
    "SvgReply",
    "VerifyReply",
    "checked_code",
    "render_reply",
    "svg_filename",
    "svg_reply",
    "verify_reply",
]

#: The spec's limit is Mermaid's own maxTextSize.
MAX_CODE_CHARS = MAX_TEXT_CHARS
INVALID_CODE_MESSAGE = "Invalid input: code must be a non-empty string"
TOO_LONG_MESSAGE = "Code exceeds maximum length of 50KB"


class CodeRequest(RequestModel):
    """The ChatGPT-style tools' one parameter."""

    code: str = Field(
        min_length=1,
        max_length=MAX_CODE_CHARS,
        description=f"Mermaid diagram source (at most {MAX_CODE_CHARS:,} characters), without ``` fences.",
    )


class ChatGptToolError(Exception):
    """A failed ``render``/``svg`` (or a failed check), with the message the client sees."""

    def __init__(self, message: str, error: PrinterError | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.error = error


class VerifyReply(TypedDict):
    """Whether the Mermaid code is valid."""

    ok: Annotated[bool, Field(description="True when Mermaid accepts the code.")]
    error: NotRequired[Annotated[str, Field(description="Why not (Mermaid's parse message). Only when ok is false.")]]


class RenderReply(TypedDict):
    """The rendered diagram."""

    svg: Annotated[str, Field(description="The SVG document (UTF-8 text).")]


class SvgReply(TypedDict):
    """The rendered diagram and a file name to save it under."""

    svg: Annotated[str, Field(description="The SVG document (UTF-8 text).")]
    filename: Annotated[str, Field(description="diagram-YYYY-MM-DDTHH-MM-SS.svg, from the current UTC time.")]


def checked_code(code: Any) -> str:
    """``code`` if it is a non-empty string within the spec's limit.

    Raises:
        InvalidInput: not a non-empty string (the spec's message).
        InputTooLarge: over :data:`MAX_CODE_CHARS` characters (the spec's message).
    """
    if not isinstance(code, str) or not code.strip():
        raise InvalidInput(INVALID_CODE_MESSAGE, {"field": "code"})
    if len(code) > MAX_CODE_CHARS:
        raise InputTooLarge(TOO_LONG_MESSAGE, {"limit_characters": MAX_CODE_CHARS})
    return code


def verify_reply(printer: PrinterService, code: Any) -> VerifyReply:
    """``{"ok": true}`` or ``{"ok": false, "error": …}``. Raises ChatGptToolError if the check fails."""
    try:
        result = printer.verify(validate_request(VerifyOptions, {"code": checked_code(code)}))
    except (InvalidInput, InputTooLarge) as exc:
        return {"ok": False, "error": exc.message}
    except PrinterError as exc:
        raise ChatGptToolError(exc.explained(), exc) from exc
    if result.ok:
        return {"ok": True}
    return {"ok": False, "error": result.error.explained() if result.error else "invalid diagram"}


def render_reply(printer: PrinterService, code: Any) -> RenderReply:
    """``{"svg": …}``; raises ChatGptToolError with the spec's or Mermaid's message."""
    try:
        result = printer.render_svg(validate_request(RenderOptions, {"code": checked_code(code)}))
    except PrinterError as exc:
        raise ChatGptToolError(exc.explained(), exc) from exc
    return {"svg": result.svg}


def svg_filename(now: datetime | None = None) -> str:
    """``diagram-YYYY-MM-DDTHH-MM-SS.svg`` for ``now`` (default: the current UTC time)."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return f"diagram-{moment:%Y-%m-%dT%H-%M-%S}.svg"


def svg_reply(printer: PrinterService, code: Any, now: datetime | None = None) -> SvgReply:
    """``{"svg": …, "filename": …}``; raises ChatGptToolError like :func:`render_reply`."""
    rendered = render_reply(printer, code)
    return {"svg": rendered["svg"], "filename": svg_filename(now)}
