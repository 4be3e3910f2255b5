"""The one request model every adapter (MCP, CLI, HTTP, Python) validates against.

Validation here is about shape and ranges. What a Mermaid config may contain (no security
keys, no ``__proto__``) is checked by :mod:`mermaid_printer.mermaid_config`.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from mermaid_printer.errors import InputTooLarge, InvalidConfig, InvalidInput

__all__ = [
    "DEFAULT_TIMEOUT_MS",
    "MAX_INPUT_BYTES",
    "MAX_TIMEOUT_MS",
    "MIN_TIMEOUT_MS",
    "THEMES",
    "RenderOptions",
    "build_render_options",
    "check_code",
    "parse_config_json",
]

#: Input larger than this is refused before it reaches the engine.
MAX_INPUT_BYTES = 1_000_000
DEFAULT_TIMEOUT_MS = 30_000
MIN_TIMEOUT_MS = 1_000
MAX_TIMEOUT_MS = 120_000

#: Theme names Mermaid 12.3 registers (``mermaid.min.js``: the ``themes`` table).
THEMES: tuple[str, ...] = (
    "default",
    "base",
    "dark",
    "forest",
    "neutral",
    "neo",
    "neo-dark",
    "redux",
    "redux-dark",
    "redux-color",
    "redux-dark-color",
)
Theme = Literal[
    "default",
    "base",
    "dark",
    "forest",
    "neutral",
    "neo",
    "neo-dark",
    "redux",
    "redux-dark",
    "redux-color",
    "redux-dark-color",
]

# A CSS colour: a keyword, #hex, or rgb()/rgba()/hsl()/hsla() with plain numbers. Nothing
# else can reach the SVG's style attribute.
_CSS_COLOUR = re.compile(
    r"^(?:[a-zA-Z]{3,30}"
    r"|#[0-9a-fA-F]{3,4}|#[0-9a-fA-F]{6}|#[0-9a-fA-F]{8}"
    r"|(?:rgb|rgba|hsl|hsla)\(\s*[0-9.%+\-]+(?:\s*[,/ ]\s*[0-9.%+\-]+){2,3}\s*\))$"
)


class RenderOptions(BaseModel):
    """A validated render request. Build it with :func:`build_render_options`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: str = Field(min_length=1)
    theme: Theme | None = None
    background: str = "transparent"
    config: dict[str, Any] = Field(default_factory=dict)
    timeout_ms: int = Field(default=DEFAULT_TIMEOUT_MS, ge=MIN_TIMEOUT_MS, le=MAX_TIMEOUT_MS)
    embed_fonts: bool = True

    @field_validator("code")
    @classmethod
    def _code_not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("code must contain a diagram, not only whitespace")
        return value

    @field_validator("background")
    @classmethod
    def _background_is_colour(cls, value: str) -> str:
        value = value.strip()
        if not _CSS_COLOUR.match(value):
            raise ValueError("background must be 'transparent' or a CSS colour such as white or #ffffff")
        return value

    def cache_key(self) -> str:
        """A stable string that identifies the output (for content-addressed caches)."""
        return json.dumps(self.model_dump(), sort_keys=True, separators=(",", ":"))


def parse_config_json(config_json: str | None) -> dict[str, Any]:
    """Parse ``config_json`` (a JSON object as a string), refusing anything else."""
    if config_json is None or not config_json.strip():
        return {}
    try:
        value = json.loads(config_json)
    except json.JSONDecodeError as exc:
        raise InvalidConfig(
            f"config_json is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}",
            {"line": exc.lineno, "column": exc.colno},
        ) from exc
    if not isinstance(value, dict):
        raise InvalidConfig("config_json must be a JSON object, e.g. {\"flowchart\": {\"curve\": \"basis\"}}")
    return value


def build_render_options(
    code: Any,
    *,
    theme: str | None = None,
    background: str | None = None,
    config: dict[str, Any] | None = None,
    config_json: str | None = None,
    timeout_ms: int | None = None,
    embed_fonts: bool = True,
) -> RenderOptions:
    """Validate raw adapter input into :class:`RenderOptions`, raising typed errors.

    Raises:
        InputTooLarge: ``code`` is over :data:`MAX_INPUT_BYTES` when UTF-8 encoded.
        InvalidInput: a field is missing, empty or out of range.
        InvalidConfig: ``config_json`` is not a JSON object.
    """
    if code is None:
        raise InvalidInput("Invalid input: code is required (the Mermaid diagram source)", {"field": "code"})
    if isinstance(code, str) and len(code.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise InputTooLarge(
            f"code is {len(code.encode('utf-8', 'surrogatepass')):,} bytes; the limit is {MAX_INPUT_BYTES:,}",
            {"limit_bytes": MAX_INPUT_BYTES},
        )
    if config is not None and config_json is not None:
        raise InvalidInput("give config or config_json, not both")
    merged_config = config if config is not None else parse_config_json(config_json)
    fields: dict[str, Any] = {"code": code, "config": merged_config, "embed_fonts": embed_fonts}
    if theme is not None:
        fields["theme"] = theme
    if background is not None:
        fields["background"] = background
    if timeout_ms is not None:
        fields["timeout_ms"] = timeout_ms
    try:
        return RenderOptions(**fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "input"
        message = first["msg"].removeprefix("Value error, ")
        if where == "theme":
            message = f"unknown theme; choose one of: {', '.join(THEMES)}"
        raise InvalidInput(f"Invalid input: {where}: {message}", {"field": where}) from exc


def check_code(code: Any) -> str:
    """Validate diagram source for the jobs that take only code (parse, verify).

    Raises:
        InvalidInput: ``code`` is missing, not a string, or blank.
        InputTooLarge: ``code`` is over :data:`MAX_INPUT_BYTES` when UTF-8 encoded.
    """
    if code is None:
        raise InvalidInput("Invalid input: code is required (the Mermaid diagram source)", {"field": "code"})
    if not isinstance(code, str):
        raise InvalidInput("Invalid input: code must be a string", {"field": "code"})
    if not code.strip():
        raise InvalidInput("Invalid input: code must contain a diagram, not only whitespace", {"field": "code"})
    size = len(code.encode("utf-8", "surrogatepass"))
    if size > MAX_INPUT_BYTES:
        raise InputTooLarge(f"code is {size:,} bytes; the limit is {MAX_INPUT_BYTES:,}", {"limit_bytes": MAX_INPUT_BYTES})
    return code
