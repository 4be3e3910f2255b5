"""What each error code means to each adapter: its HTTP status, its CLI exit class and, where the
code alone decides it, the markmap tools' ``errorType``; one table for every code of
:data:`mermaid_printer.errors.ERROR_CODES` (``tests/adapters/test_error_codes.py`` fails while a
code is missing).

Input problems are the client's (HTTP 4xx, CLI exit class ``"input"``); the rest are the
printer's or those of a service it reads from (5xx, ``"render"``), but for a render over the
sandbox's limits, which HTTP answers with 422: the request is well formed, but this input cannot
be drawn within them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ERROR_CODE_MAPPINGS",
    "CliExitClass",
    "ErrorCodeMapping",
    "MarkmapErrorType",
    "http_status",
    "is_input_error",
    "markmap_error_type",
]

#: The CLI's exit class of a failure: ``"input"`` (the input is wrong, exit 2) or ``"render"``
#: (the render failed for another reason, exit 1).
CliExitClass = Literal["input", "render"]

#: The markmap tools' error types (``mcp/markmap.py``).
MarkmapErrorType = Literal["ValidationError", "FileSystemError", "ParseError", "RenderError"]


@dataclass(frozen=True)
class ErrorCodeMapping:
    """One error code in each adapter's terms.

    Attributes:
        http_status: the status the HTTP routes answer with.
        cli_exit: the CLI's exit class.
        markmap_error_type: the markmap tools' ``errorType`` when the code decides it; ``None``
            when what the tool was doing does (``ParseError`` while transforming, else
            ``RenderError``), or a file or time limit named in the details.
    """

    http_status: int
    cli_exit: CliExitClass
    markmap_error_type: MarkmapErrorType | None = None


ERROR_CODE_MAPPINGS: dict[str, ErrorCodeMapping] = {
    "INVALID_INPUT": ErrorCodeMapping(400, "input", "ValidationError"),
    "INPUT_TOO_LARGE": ErrorCodeMapping(413, "input", "ValidationError"),
    "INVALID_CONFIG": ErrorCodeMapping(400, "input", "ValidationError"),
    "SYNTAX_ERROR": ErrorCodeMapping(400, "input"),
    "UNSUPPORTED_DIAGRAM": ErrorCodeMapping(400, "input"),
    "NOT_FOUND": ErrorCodeMapping(404, "input", "FileSystemError"),
    "EXTERNAL_SERVICE": ErrorCodeMapping(502, "render"),
    "TIMEOUT": ErrorCodeMapping(504, "render"),
    "RESOURCE_LIMIT": ErrorCodeMapping(422, "render"),
    "RENDER_FAILED": ErrorCodeMapping(500, "render"),
    "ENGINE_UNAVAILABLE": ErrorCodeMapping(503, "render"),
}

# A code outside the table (none, while the completeness test passes) is the printer's failure.
_UNKNOWN = ErrorCodeMapping(500, "render")


def http_status(code: str) -> int:
    """The HTTP status of an error with ``code``."""
    return ERROR_CODE_MAPPINGS.get(code, _UNKNOWN).http_status


def is_input_error(code: str) -> bool:
    """Whether an error with ``code`` is the input's fault (the CLI's exit class ``"input"``)."""
    return ERROR_CODE_MAPPINGS.get(code, _UNKNOWN).cli_exit == "input"


def markmap_error_type(code: str) -> MarkmapErrorType | None:
    """The markmap tools' ``errorType`` of an error with ``code``, if the code decides it."""
    return ERROR_CODE_MAPPINGS.get(code, _UNKNOWN).markmap_error_type
