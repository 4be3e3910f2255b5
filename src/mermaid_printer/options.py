"""The one request model every adapter (MCP, CLI, HTTP, Python) validates against.

Validation here is about shape and ranges. What a Mermaid config may contain (no security
keys, no ``__proto__``) is checked by :mod:`mermaid_printer.mermaid_config`.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator

from mermaid_printer.errors import InputTooLarge, InvalidConfig, InvalidInput
from mermaid_printer.export.geometry import DEFAULT_PNG_SCALE, MAX_PNG_SIDE, PAPER_SIZES

__all__ = [
    "DEFAULT_PNG_SCALE",
    "DEFAULT_TIMEOUT_MS",
    "EXPORT_BACKGROUND",
    "MAX_INPUT_BYTES",
    "MAX_TIMEOUT_MS",
    "MIN_TIMEOUT_MS",
    "PAPER_SIZES",
    "THEMES",
    "PdfOptions",
    "PngOptions",
    "RenderOptions",
    "build_pdf_options",
    "build_png_options",
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
# --- PDF and PNG ------------------------------------------------------------------------------

Paper = Literal["A3", "A4", "A5", "Letter", "Legal", "Tabloid"]
#: Default background of PDF and PNG output (SVG's is transparent): see ``PngOptions``.
EXPORT_BACKGROUND = "white"
MIN_PNG_SCALE, MAX_PNG_SCALE = 0.1, 10.0
MIN_PNG_WIDTH, MAX_PNG_WIDTH = 16, MAX_PNG_SIDE
MAX_MARGIN_MM = 100.0


class PdfOptions(RenderOptions):
    """A PDF request: the diagram options plus the page. Build it with :func:`build_pdf_options`.

    No ``paper``: the page is the diagram's size (plus ``margin_mm``, default 0). With ``paper``:
    that paper size, ``orientation`` (``auto`` picks landscape for wide diagrams), the diagram
    centred inside ``margin_mm`` (default 10) and scaled down to fit (``fit="shrink"``) or to
    fill the area (``fit="fill"``). ``background`` defaults to white.
    """

    background: str = EXPORT_BACKGROUND
    paper: Paper | None = None
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    margin_mm: float | None = Field(default=None, ge=0, le=MAX_MARGIN_MM)
    fit: Literal["shrink", "fill"] = "shrink"

    @field_validator("paper", mode="before")
    @classmethod
    def _paper_name(cls, value: Any) -> Any:
        if isinstance(value, str):
            by_lower = {name.lower(): name for name in PAPER_SIZES}
            return by_lower.get(value.strip().lower(), value)
        return value

    @field_validator("orientation", "fit")
    @classmethod
    def _needs_paper(cls, value: str, info: ValidationInfo) -> str:
        if info.data.get("paper") is None and value not in ("auto", "shrink"):
            raise ValueError(f"{info.field_name} applies to a paper size; give paper too, e.g. A4")
        return value

    @field_validator("margin_mm")
    @classmethod
    def _margin_fits(cls, value: float | None, info: ValidationInfo) -> float | None:
        paper = info.data.get("paper")
        if value is not None and paper is not None and 2 * value >= min(PAPER_SIZES[paper]):
            raise ValueError(f"{value:g} mm on every side leaves no room on {paper} paper")
        return value

    def svg_options(self) -> RenderOptions:
        """The SVG request this PDF is drawn from."""
        return RenderOptions(**self.model_dump(include=set(RenderOptions.model_fields)))


class PngOptions(RenderOptions):
    """A PNG request: the diagram options plus the image size. Build it with
    :func:`build_png_options`.

    ``scale`` (default 2: image pixels per CSS pixel) or ``width`` (pixels; the height follows),
    not both. ``background`` defaults to white: a transparent PNG (ask for ``transparent``)
    shows Mermaid's dark text badly on dark viewers and chat backgrounds.
    """

    background: str = EXPORT_BACKGROUND
    scale: float | None = Field(default=None, ge=MIN_PNG_SCALE, le=MAX_PNG_SCALE)
    width: int | None = Field(default=None, ge=MIN_PNG_WIDTH, le=MAX_PNG_WIDTH)

    @field_validator("width")
    @classmethod
    def _scale_or_width(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None and info.data.get("scale") is not None:
            raise ValueError("give scale or width, not both")
        return value

    def svg_options(self) -> RenderOptions:
        """The SVG request this PNG is drawn from."""
        return RenderOptions(**self.model_dump(include=set(RenderOptions.model_fields)))


def build_pdf_options(
    code: Any,
    *,
    paper: Any = None,
    orientation: Any = None,
    margin_mm: Any = None,
    fit: Any = None,
    background: str | None = None,
    **common: Any,
) -> PdfOptions:
    """Validate a PDF request; ``common`` as :func:`build_render_options` takes them.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`build_render_options`.
    """
    base = build_render_options(code, background=EXPORT_BACKGROUND if background is None else background, **common)
    extra = {"paper": paper, "orientation": orientation, "margin_mm": margin_mm, "fit": fit}
    return _extended(PdfOptions, base, extra)


def build_png_options(
    code: Any, *, scale: Any = None, width: Any = None, background: str | None = None, **common: Any
) -> PngOptions:
    """Validate a PNG request; ``common`` as :func:`build_render_options` takes them.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`build_render_options`.
    """
    base = build_render_options(code, background=EXPORT_BACKGROUND if background is None else background, **common)
    return _extended(PngOptions, base, {"scale": scale, "width": width})


_ExportOptions = TypeVar("_ExportOptions", PdfOptions, PngOptions)


def _extended(model: type[_ExportOptions], base: RenderOptions, extra: dict[str, Any]) -> _ExportOptions:
    fields = base.model_dump()
    fields.update({name: value for name, value in extra.items() if value is not None})
    if any(isinstance(value, bool) for value in extra.values()):
        bad = next(name for name, value in extra.items() if isinstance(value, bool))
        raise InvalidInput(f"Invalid input: {bad}: must be a number or a name, not true/false", {"field": bad})
    try:
        return model(**fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "input"
        message = first["msg"].removeprefix("Value error, ")
        if where == "paper":
            message = f"unknown paper size; choose one of: {', '.join(PAPER_SIZES)}"
        raise InvalidInput(f"Invalid input: {where}: {message}", {"field": where}) from exc
