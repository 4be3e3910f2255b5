"""The request models: the one place every parameter of the printer is defined.

Each model field carries its type, default, bounds and description once; everything else is
derived from it: the Python API's keyword arguments, the MCP tools' input schemas
(:mod:`mermaid_printer.adapters.schema`), the CLI's flags (:mod:`mermaid_printer.adapters.cli`)
and the HTTP bodies. :func:`validate_request` turns raw values from any adapter into a model, or
raises the project's typed errors (``INVALID_INPUT``, ``INPUT_TOO_LARGE``, ``INVALID_CONFIG``)
naming the field.

Validation here is about shape and ranges. What a Mermaid config may contain (no security
keys, no ``__proto__``) is checked by :mod:`mermaid_printer.mermaid_config` when a job is built.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    ValidationError,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
)

from mermaid_printer.colors import is_css_colour
from mermaid_printer.errors import InputTooLarge, InvalidConfig, InvalidInput, PrinterError
from mermaid_printer.export.geometry import DEFAULT_PNG_SCALE, MAX_PNG_SIDE, PAPER_SIZES

__all__ = [
    "DEFAULT_PNG_SCALE",
    "DEFAULT_TIMEOUT_MS",
    "EXPORT_BACKGROUND",
    "MAX_INPUT_BYTES",
    "MAX_PNG_SCALE",
    "MAX_TIMEOUT_MS",
    "MIN_PNG_SCALE",
    "MIN_TIMEOUT_MS",
    "PAPER_SIZES",
    "THEMES",
    "Code",
    "CssColour",
    "DiagramOptions",
    "ExportBackground",
    "ImageSize",
    "MermaidConfig",
    "PageLayout",
    "ParseOptions",
    "PdfOptions",
    "PngOptions",
    "RenderOptions",
    "RequestModel",
    "Theme",
    "TimeoutMs",
    "VerifyOptions",
    "build_pdf_options",
    "build_png_options",
    "build_render_options",
    "parse_config_json",
    "validate_request",
]

#: Input larger than this is refused before it reaches the engine.
MAX_INPUT_BYTES = 1_000_000
DEFAULT_TIMEOUT_MS = 30_000
MIN_TIMEOUT_MS = 1_000
MAX_TIMEOUT_MS = 120_000
#: Default background of PDF and PNG output (SVG's is transparent): see ``PngOptions``.
EXPORT_BACKGROUND = "white"
MIN_PNG_SCALE, MAX_PNG_SCALE = 0.1, 10.0
MIN_PNG_WIDTH, MAX_PNG_WIDTH = 16, MAX_PNG_SIDE
MAX_MARGIN_MM = 100.0

#: Theme names Mermaid 12.3 registers (``mermaid.min.js``: the ``themes`` table).
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
THEMES: tuple[str, ...] = get_args(Theme)
Paper = Literal["A3", "A4", "A5", "Letter", "Legal", "Tabloid"]


# --- value types ------------------------------------------------------------------------------


def _checked_code(value: Any) -> Any:
    if value is None:
        raise InvalidInput("Invalid input: code is required (the Mermaid diagram source)", {"field": "code"})
    if not isinstance(value, str):
        raise InvalidInput("Invalid input: code must be a string", {"field": "code"})
    if not value.strip():
        raise InvalidInput("Invalid input: code must contain a diagram, not only whitespace", {"field": "code"})
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > MAX_INPUT_BYTES:
        raise InputTooLarge(
            f"code is {size:,} bytes; the limit is {MAX_INPUT_BYTES:,}", {"limit_bytes": MAX_INPUT_BYTES}
        )
    if _SURROGATE.search(value):
        # A JSON string may carry UTF-16 surrogates ("\ud83d\ude00", or a lone "\ud800"). Read
        # them as JavaScript does: a pair is one character, an unpaired one is drawn as U+FFFD.
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def _not_a_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("must be a number, not true/false")
    return value


def parse_config_json(config_json: str | None) -> dict[str, Any]:
    """Parse ``config_json`` (a JSON object as a string), refusing anything else.

    Raises:
        InvalidConfig: not JSON, or not an object.
    """
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
        raise InvalidConfig('config_json must be a JSON object, e.g. {"flowchart": {"curve": "basis"}}')
    return value


def _config_object(value: Any) -> dict[str, Any]:
    # The documented form is a JSON object in a string; clients also send the object itself.
    if value is None:
        return {}
    if isinstance(value, str):
        return parse_config_json(value)
    if isinstance(value, dict):
        return value
    raise InvalidConfig('config_json must be a JSON object as a string, e.g. {"theme": "dark"}')


Code = Annotated[
    str,
    BeforeValidator(_checked_code),
    Field(
        description=(
            "Mermaid diagram source, e.g. 'flowchart TD\\n  A-->B'. Not blank; at most "
            f"{MAX_INPUT_BYTES:,} bytes as UTF-8. Give the bare source, without Markdown ``` fences."
        ),
        json_schema_extra={"minLength": 1},
    ),
]
# Bounds come before the bool check in each Annotated: that order keeps them in the JSON schema.
_NO_BOOL = BeforeValidator(_not_a_bool)
TimeoutMs = Annotated[
    int,
    Field(
        ge=MIN_TIMEOUT_MS,
        le=MAX_TIMEOUT_MS,
        description=f"Stop after this many milliseconds ({MIN_TIMEOUT_MS}-{MAX_TIMEOUT_MS}).",
    ),
    _NO_BOOL,
]
MermaidConfig = Annotated[
    dict[str, Any],
    BeforeValidator(_config_object),
    WithJsonSchema({"type": "string"}),
]

_BACKGROUND_FORMS = "a CSS colour such as white, #ffffff, rgb(255, 255, 255) or hsl(0, 0%, 100%)"


def _css_colour(value: str) -> str:
    value = value.strip()
    if not is_css_colour(value):
        raise ValueError(f"must be 'transparent' or {_BACKGROUND_FORMS}")
    return value


#: A CSS colour (named, ``#hex``, rgb()/hsl()) or ``transparent``; nothing else reaches the SVG's style.
CssColour = Annotated[str, AfterValidator(_css_colour)]


# --- the models -------------------------------------------------------------------------------


class RequestModel(BaseModel):
    """Base of every request model: immutable, unknown fields refused, aliases and names accepted."""

    model_config = ConfigDict(frozen=True, extra="forbid", validate_by_name=True, validate_by_alias=True)


class DiagramOptions(RequestModel):
    """What every drawing of a diagram takes (SVG, PDF and PNG)."""

    code: Code
    theme: Theme | None = Field(
        default=None, description=f"Mermaid theme, one of: {', '.join(THEMES)}. Omit for Mermaid's default."
    )
    background: CssColour = Field(
        default="transparent",
        description=f"Page background: 'transparent' or {_BACKGROUND_FORMS}.",
    )
    config: MermaidConfig = Field(
        default_factory=dict,
        alias="config_json",
        description=(
            "Mermaid configuration as a JSON object in a string, e.g. "
            '\'{"flowchart": {"curve": "basis"}, "themeVariables": {"primaryColor": "#ffcc00"}}\'. '
            "Security keys (securityLevel, secure, maxTextSize, maxEdges, dompurifyConfig, "
            "startOnLoad, htmlLabels, deterministicIds) are refused; keys Mermaid does not know "
            "are named in warnings. Omit for the defaults."
        ),
    )
    timeout_ms: TimeoutMs = DEFAULT_TIMEOUT_MS

    def cache_key(self) -> str:
        """A stable string naming the drawing these options make (it seeds the ``<svg>`` id).

        Only the fields that shape the drawing, by name, so a new option that does not change
        the drawing cannot change its ids.
        """
        fields = {
            "code": self.code,
            "theme": self.theme,
            "background": self.background,
            "config": self.config,
            "timeout_ms": self.timeout_ms,
            "embed_fonts": getattr(self, "embed_fonts", True),
        }
        return json.dumps(fields, sort_keys=True, separators=(",", ":"))


class RenderOptions(DiagramOptions):
    """An SVG request. Build it with :func:`build_render_options` or :func:`validate_request`."""

    embed_fonts: StrictBool = Field(
        default=True,
        description=(
            "Embed a subset of the fonts the text was measured with (default), so every viewer "
            "draws what was measured; false gives a smaller file drawn with the viewer's fonts."
        ),
    )


class PageLayout(RequestModel):
    """The page of a PDF: paper, orientation, margin and fit (shared by every PDF request).

    No ``paper``: the page is the drawing's size (plus ``margin_mm``, default 0). With ``paper``:
    that paper size, ``orientation`` (``auto`` picks landscape for wide drawings), the drawing
    centred inside ``margin_mm`` (default 10) and scaled down to fit (``fit="shrink"``) or to
    fill the area (``fit="fill"``).
    """

    paper: Paper | None = Field(
        default=None,
        title="paper size",
        description="Paper size of the page. Omit for a page exactly the diagram's size.",
    )
    orientation: Literal["auto", "portrait", "landscape"] = Field(
        default="auto", description="With paper: page orientation; auto picks landscape for wide diagrams."
    )
    margin_mm: Annotated[float | None, Field(ge=0, le=MAX_MARGIN_MM), _NO_BOOL] = Field(
        default=None,
        description="Blank margin on every side in millimetres (default 10 with paper, 0 without).",
    )
    fit: Literal["shrink", "fill"] = Field(
        default="shrink",
        description=(
            "With paper: shrink scales a diagram that is too large down to fit (never up); "
            "fill scales it up or down to fill the page inside the margins."
        ),
    )

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


class ImageSize(RequestModel):
    """The size of a PNG: ``scale`` or ``width`` (shared by every PNG request)."""

    scale: Annotated[float | None, Field(ge=MIN_PNG_SCALE, le=MAX_PNG_SCALE), _NO_BOOL] = Field(
        default=None,
        description=(
            f"Image pixels per diagram pixel (default {DEFAULT_PNG_SCALE:g}, crisp on high-density "
            "screens). Not with width."
        ),
    )
    width: Annotated[int | None, Field(ge=MIN_PNG_WIDTH, le=MAX_PNG_WIDTH), _NO_BOOL] = Field(
        default=None,
        description="Image width in pixels; the height follows the diagram. Not with scale.",
    )

    @field_validator("width")
    @classmethod
    def _scale_or_width(cls, value: int | None, info: ValidationInfo) -> int | None:
        if value is not None and info.data.get("scale") is not None:
            raise ValueError("give scale or width, not both")
        return value


#: The background of PDF and PNG requests (white unless asked otherwise).
ExportBackground = Annotated[
    CssColour,
    Field(description=f"Page background: white (default), 'transparent', or {_BACKGROUND_FORMS}."),
]


class PdfOptions(PageLayout, DiagramOptions):
    """A PDF request: the diagram options plus the page (:class:`PageLayout`). Build it with
    :func:`build_pdf_options`. ``background`` defaults to white.
    """

    background: ExportBackground = EXPORT_BACKGROUND

    def svg_options(self) -> RenderOptions:
        """The SVG request this PDF is drawn from."""
        return RenderOptions(**self.model_dump(include=set(DiagramOptions.model_fields)))


class PngOptions(ImageSize, DiagramOptions):
    """A PNG request: the diagram options plus the image size (:class:`ImageSize`). Build it with
    :func:`build_png_options`.

    ``background`` defaults to white: a transparent PNG (ask for ``transparent``) shows
    Mermaid's dark text badly on dark viewers and chat backgrounds.
    """

    background: ExportBackground = EXPORT_BACKGROUND

    def svg_options(self) -> RenderOptions:
        """The SVG request this PNG is drawn from."""
        return RenderOptions(**self.model_dump(include=set(DiagramOptions.model_fields)))


class ParseOptions(RequestModel):
    """A parse request: the diagram's structure, without drawing it."""

    code: Code
    include_positions: StrictBool = Field(
        default=False, description="Also give each node and edge the line and column of its definition in code."
    )
    timeout_ms: TimeoutMs = DEFAULT_TIMEOUT_MS


class VerifyOptions(RequestModel):
    """A check that Mermaid accepts the source, without drawing it."""

    code: Code
    timeout_ms: TimeoutMs = DEFAULT_TIMEOUT_MS


# --- validation -------------------------------------------------------------------------------

M = TypeVar("M", bound=RequestModel)


def validate_request(model: type[M], values: Mapping[str, Any]) -> M:
    """Validate raw values from any adapter into ``model``; ``None`` means "not given".

    Raises:
        InvalidInput: a field is missing, unknown, mistyped or out of range (``details.field``).
        InputTooLarge: ``code`` is over :data:`MAX_INPUT_BYTES` when UTF-8 encoded.
        InvalidConfig: the config is not a JSON object.
    """
    given = {name: value for name, value in values.items() if value is not None}
    if "code" in model.model_fields and "code" not in given:
        _checked_code(None)
    try:
        return model.model_validate(given)
    except ValidationError as exc:
        raise _typed_error(model, exc) from exc


def _typed_error(model: type[RequestModel], exc: ValidationError) -> PrinterError:
    first = exc.errors()[0]
    cause = (first.get("ctx") or {}).get("error")
    if isinstance(cause, PrinterError):
        return cause
    where = ".".join(str(part) for part in first["loc"]) or "input"
    field = _field_name(model, where)
    # A field of a nested model (``options.maxWidth``) is named with its path.
    path = field + where[len(where.split(".", 1)[0]) :]
    message = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "extra_forbidden":
        known = _parameter_names(model, where.split(".")[:-1])
        message = f"unknown parameter; known: {', '.join(known)}" if known else "unknown parameter"
    elif first["type"] == "literal_error" and path == field:
        info = model.model_fields.get(field)
        label = info.title if info is not None and info.title else field.replace("_", " ")
        choices = [str(choice) for choice in _literal_choices(model, field)]
        message = f"unknown {label}; choose one of: {', '.join(choices)}"
    return InvalidInput(f"Invalid input: {path}: {message}", {"field": path})


def _parameter_names(model: type[BaseModel], path: list[str]) -> list[str]:
    """The parameters (as clients spell them: by alias) of ``model``'s nested model at ``path``
    (field names or aliases), or none when the path leads to no model."""
    current: type[BaseModel] | None = model
    for part in path:
        fields = current.model_fields if current is not None else {}
        info = next((info for name, info in fields.items() if part in (name, info.alias)), None)
        candidates = (info.annotation, *get_args(info.annotation)) if info is not None else ()
        current = next((c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)), None)
    if current is None:
        return []
    return [info.alias or name for name, info in current.model_fields.items()]


def _field_name(model: type[RequestModel], where: str) -> str:
    """The field a validation error location names (an alias maps back to its field)."""
    head = where.split(".", 1)[0]
    for name, info in model.model_fields.items():
        if head in (name, info.alias):
            return name
    return head


def _literal_choices(model: type[RequestModel], field: str) -> tuple[object, ...]:
    info = model.model_fields.get(field)
    if info is None:
        return ()
    for candidate in (info.annotation, *get_args(info.annotation)):
        choices = get_args(candidate)
        if choices and all(isinstance(choice, str) for choice in choices):
            return choices
    return ()


# --- the Python API's builders ----------------------------------------------------------------


def build_render_options(code: Any, **options: Any) -> RenderOptions:
    """Validate an SVG request: ``theme``, ``background``, ``config`` (dict) or ``config_json``
    (str), ``timeout_ms``, ``embed_fonts``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(RenderOptions, _with_config({"code": code, **options}))


def build_pdf_options(code: Any, **options: Any) -> PdfOptions:
    """Validate a PDF request: the options of :func:`build_render_options` (but ``embed_fonts``)
    plus ``paper``, ``orientation``, ``margin_mm`` and ``fit``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(PdfOptions, _with_config({"code": code, **options}))


def build_png_options(code: Any, **options: Any) -> PngOptions:
    """Validate a PNG request: the options of :func:`build_render_options` (but ``embed_fonts``)
    plus ``scale`` or ``width``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(PngOptions, _with_config({"code": code, **options}))


def _with_config(values: dict[str, Any]) -> dict[str, Any]:
    """Python callers pass ``config`` (a dict) or ``config_json`` (a string), not both."""
    if values.get("config") is not None and values.get("config_json") is not None:
        raise InvalidInput("give config or config_json, not both", {"field": "config"})
    if values.get("config_json") is not None:
        values["config"] = values.pop("config_json")
    else:
        values.pop("config_json", None)
    return values
