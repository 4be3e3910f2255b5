"""Every error mermaid-printer raises, each with a stable machine-readable code.

The hierarchy::

    PrinterError (Exception)                      code
    ├── InvalidInput (ValueError)                 INVALID_INPUT      (the "validation error")
    │   └── InputTooLarge                         INPUT_TOO_LARGE
    ├── InvalidConfig (ValueError)                INVALID_CONFIG
    ├── DiagramSyntaxError (ValueError)           SYNTAX_ERROR       (line, column, expected)
    ├── UnsupportedDiagram (ValueError)           UNSUPPORTED_DIAGRAM
    ├── NotFound (LookupError)                    NOT_FOUND          (a file, ref or repository)
    ├── ExternalServiceError (ConnectionError)    EXTERNAL_SERVICE   (retry_after_s when known)
    ├── RenderTimeout (TimeoutError)              TIMEOUT
    ├── ResourceLimit (MemoryError)               RESOURCE_LIMIT
    └── RenderFailed (RuntimeError)               RENDER_FAILED
        └── EngineUnavailable                     ENGINE_UNAVAILABLE

Adapters (MCP, CLI, HTTP) turn any ``PrinterError`` into their own error shape with
``error.to_dict()``; anything else reaching an adapter is a bug and is reported as
``RENDER_FAILED`` without internals.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ERROR_CODES",
    "DiagramSyntaxError",
    "EngineUnavailable",
    "ExternalServiceError",
    "InputTooLarge",
    "InvalidConfig",
    "InvalidInput",
    "NotFound",
    "PrinterError",
    "RenderFailed",
    "RenderTimeout",
    "ResourceLimit",
    "UnsupportedDiagram",
    "error_from_dict",
]


class PrinterError(Exception):
    """Base class. ``code`` is stable and documented; ``details`` is JSON-serialisable."""

    code = "RENDER_FAILED"

    def __init__(self, message: str, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = dict(details or {})

    def to_dict(self) -> dict[str, Any]:
        """The ``{code, message, details}`` shape every adapter returns."""
        return {"code": self.code, "message": self.message, "details": self.details}

    def summary(self) -> str:
        """One line for a person: the code and the message, its whitespace collapsed, and the
        hint when the diagnosis gave one (``TIMEOUT: the render took longer than <timeout_ms> ms``)."""
        return f"{self.code}: {_one_line(self.explained())}"

    def explained(self) -> str:
        """The message with the hint after it (``details.hint``, when there is one): the one
        string a client that shows only text should show."""
        hint = self.details.get("hint")
        return f"{self.message} Hint: {hint}" if hint else self.message


class InvalidInput(PrinterError, ValueError):
    """The request itself is malformed (empty code, bad option value, …)."""

    code = "INVALID_INPUT"

    def summary(self) -> str:
        """The code and the message without the message's own ``Invalid input:`` opening, which
        the code already says (``INVALID_INPUT: theme: …``, not ``INVALID_INPUT: Invalid input: theme: …``)."""
        message = _one_line(self.message)
        if message.lower().startswith(_INVALID_INPUT_OPENING):
            message = message[len(_INVALID_INPUT_OPENING) :]
        return f"{self.code}: {message}"


_INVALID_INPUT_OPENING = "invalid input: "


class InputTooLarge(InvalidInput):
    """The diagram source exceeds a size limit (1 MB at the boundary, ``maxTextSize`` inside)."""

    code = "INPUT_TOO_LARGE"


class InvalidConfig(PrinterError, ValueError):
    """``config_json`` is not a JSON object, or tries to set a forbidden key."""

    code = "INVALID_CONFIG"


class DiagramSyntaxError(PrinterError, ValueError):
    """Mermaid could not parse the source. ``details`` may hold line, column, expected, token."""

    code = "SYNTAX_ERROR"

    @property
    def line(self) -> int | None:
        return self.details.get("line")

    @property
    def column(self) -> int | None:
        return self.details.get("column")

    def summary(self) -> str:
        """The line and column and what was expected, from the details, rather than Mermaid's
        message, whose caret line means nothing on one line
        (``SYNTAX_ERROR: Parse error on line 3, column 4: expected AMP, COLON, … but got EOF``)."""
        if self.line is None or "mermaid_message" in self.details:  # diagnosed: already in plain words
            return super().summary()
        where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "")
        expected = self.details.get("expected")
        if not expected:
            message = _one_line(self.message)
            if not message.startswith("Parse error"):  # jison's own message already says where
                message = f"Parse error on {where}: {message}"
            return f"{self.code}: {message}"
        items = [str(item) for item in expected] if isinstance(expected, list) else [str(expected)]
        shown = ", ".join(items[:8]) + (", …" if len(items) > 8 else "")
        text = str(self.details.get("text") or "").strip()
        got = repr(text) if text else self.details.get("token")
        return f"{self.code}: Parse error on {where}: expected {shown}" + (f" but got {got}" if got else "")


class UnsupportedDiagram(PrinterError, ValueError):
    """No diagram type in the bundled Mermaid matches the source's header."""

    code = "UNSUPPORTED_DIAGRAM"


class NotFound(PrinterError, LookupError):
    """What was asked for does not exist: a file, a ref, a repository."""

    code = "NOT_FOUND"


class ExternalServiceError(PrinterError, ConnectionError):
    """A service the printer reads from (GitHub) failed or refused; ``details.retry_after_s``
    says when to try again, when it is known."""

    code = "EXTERNAL_SERVICE"


class RenderTimeout(PrinterError, TimeoutError):
    """The render did not finish within ``timeout_ms``; its process was killed."""

    code = "TIMEOUT"


class ResourceLimit(PrinterError, MemoryError):
    """The render hit the memory (or stack) limit of its sandbox and was stopped."""

    code = "RESOURCE_LIMIT"


class RenderFailed(PrinterError, RuntimeError):
    """Mermaid or the post-processing failed for a reason that is not the input's syntax."""

    code = "RENDER_FAILED"


class EngineUnavailable(RenderFailed):
    """The renderer pool could not start or keep a warm engine process."""

    code = "ENGINE_UNAVAILABLE"


_BY_CODE: dict[str, type[PrinterError]] = {
    cls.code: cls
    for cls in (
        InvalidInput,
        InputTooLarge,
        InvalidConfig,
        DiagramSyntaxError,
        UnsupportedDiagram,
        NotFound,
        ExternalServiceError,
        RenderTimeout,
        ResourceLimit,
        RenderFailed,
        EngineUnavailable,
    )
}

#: Every code a client can see, for documentation and output schemas.
ERROR_CODES: tuple[str, ...] = tuple(sorted(_BY_CODE))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def error_from_dict(data: dict[str, Any]) -> PrinterError:
    """Rebuild an error sent across a process boundary as ``to_dict()`` output."""
    cls = _BY_CODE.get(str(data.get("code")), RenderFailed)
    return cls(str(data.get("message") or "render failed"), data.get("details") or {})
