"""The request models' shared parts: the base model, validation, and the value types every family uses.

Each model field carries its type, default, bounds and description once; everything else is
derived from it: the Python API's keyword arguments, the MCP tools' input schemas
(:mod:`mermaid_printer.adapters.schema`), the CLI's flags (:mod:`mermaid_printer.adapters.cli.flags`)
and the HTTP bodies. :func:`validate_request` turns raw values from any adapter into a model, or
raises the project's typed errors (``INVALID_INPUT``, ``INPUT_TOO_LARGE``, ``INVALID_CONFIG``)
naming the field. The families' models live in :mod:`mermaid_printer.mermaid.requests` and
:mod:`mermaid_printer.markmap.requests`; every bound comes from :mod:`mermaid_printer.limits`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
)

from mermaid_printer.colors import is_css_colour
from mermaid_printer.errors import InvalidInput, PrinterError
from mermaid_printer.export.geometry import DEFAULT_PNG_SCALE, PAPER_SIZES
from mermaid_printer.limits import (
    MAX_MARGIN_MM,
    MAX_PNG_SCALE,
    MAX_PNG_WIDTH,
    MAX_TIMEOUT_MS,
    MIN_PNG_SCALE,
    MIN_PNG_WIDTH,
    MIN_TIMEOUT_MS,
)

__all__ = [
    "DEFAULT_PNG_SCALE",
    "EXPORT_BACKGROUND",
    "PAPER_SIZES",
    "CssColour",
    "ExportBackground",
    "ImageSize",
    "PageLayout",
    "Paper",
    "RequestModel",
    "RequiredInput",
    "TimeoutMs",
    "validate_request",
]

#: Default background of PDF and PNG output (SVG's is transparent): see ``PngOptions``.
EXPORT_BACKGROUND = "white"
Paper = Literal["A3", "A4", "A5", "Letter", "Legal", "Tabloid"]


@dataclass(frozen=True)
class RequiredInput:
    """Marks a field whose absence :func:`validate_request` reports through ``check(None)`` (its
    own, clearer message) rather than pydantic's "Field required"."""

    check: Callable[[Any], Any]


# --- value types ------------------------------------------------------------------------------


def _not_a_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("must be a number, not true/false")
    return value


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


# --- validation -------------------------------------------------------------------------------

M = TypeVar("M", bound=RequestModel)


def validate_request(model: type[M], values: Mapping[str, Any]) -> M:
    """Validate raw values from any adapter into ``model``; ``None`` means "not given".

    Raises:
        InvalidInput: a field is missing, unknown, mistyped or out of range (``details.field``).
        InputTooLarge: a value is over its size limit (:mod:`mermaid_printer.limits`).
        InvalidConfig: the config is not a JSON object.
    """
    given = {name: value for name, value in values.items() if value is not None}
    for name, info in model.model_fields.items():
        if name not in given and (info.alias is None or info.alias not in given):
            for marker in info.metadata:
                if isinstance(marker, RequiredInput):
                    marker.check(None)
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
