"""The Mermaid family's request models: what an SVG, PDF, PNG, parse or verify request takes.

Validation here is about shape and ranges. What a Mermaid config may contain (no security
keys, no ``__proto__``) is checked by :mod:`mermaid_printer.mermaid.config` when a job is built.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal, get_args

from pydantic import BeforeValidator, Field, StrictBool, WithJsonSchema

from mermaid_printer.errors import InputTooLarge, InvalidConfig, InvalidInput
from mermaid_printer.limits import DEFAULT_TIMEOUT_MS, MAX_TEXT_CHARS
from mermaid_printer.requests import (
    _BACKGROUND_FORMS,
    EXPORT_BACKGROUND,
    CssColour,
    ExportBackground,
    ImageSize,
    PageLayout,
    RequestModel,
    RequiredInput,
    TimeoutMs,
    validate_request,
)

__all__ = [
    "THEMES",
    "Code",
    "DiagramOptions",
    "MermaidConfig",
    "ParseOptions",
    "PdfOptions",
    "PngOptions",
    "RenderOptions",
    "Theme",
    "VerifyOptions",
    "build_pdf_options",
    "build_png_options",
    "build_render_options",
    "parse_config_json",
    "with_config",
]

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

# --- value types ------------------------------------------------------------------------------


def _checked_code(value: Any) -> Any:
    if value is None:
        raise InvalidInput("Invalid input: code is required (the Mermaid diagram source)", {"field": "code"})
    if not isinstance(value, str):
        raise InvalidInput("Invalid input: code must be a string", {"field": "code"})
    if not value.strip():
        raise InvalidInput("Invalid input: code must contain a diagram, not only whitespace", {"field": "code"})
    if len(value) > MAX_TEXT_CHARS:
        # Mermaid would silently draw an error diagram instead; say what happened.
        raise InputTooLarge(
            f"diagram is {len(value):,} characters; Mermaid's maxTextSize is {MAX_TEXT_CHARS:,}",
            {"limit_characters": MAX_TEXT_CHARS},
        )
    if _SURROGATE.search(value):
        # A JSON string may carry UTF-16 surrogates ("\ud83d\ude00", or a lone "\ud800"). Read
        # them as JavaScript does: a pair is one character, an unpaired one is drawn as U+FFFD.
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


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


#: Mermaid source: not blank, within Mermaid's maxTextSize; ``None`` is "code is required".
Code = Annotated[
    str,
    BeforeValidator(_checked_code),
    RequiredInput(_checked_code),
    Field(
        description=(
            "Mermaid diagram source, e.g. 'flowchart TD\\n  A-->B'. Not blank; at most "
            f"{MAX_TEXT_CHARS:,} characters (Mermaid's maxTextSize). Give the bare source, without Markdown ``` fences."
        ),
        json_schema_extra={"minLength": 1, "maxLength": MAX_TEXT_CHARS},
    ),
]
MermaidConfig = Annotated[
    dict[str, Any],
    BeforeValidator(_config_object),
    WithJsonSchema({"type": "string"}),
]


# --- the models -------------------------------------------------------------------------------


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


# --- the Python API's builders ----------------------------------------------------------------


def build_render_options(code: Any, **options: Any) -> RenderOptions:
    """Validate an SVG request: ``theme``, ``background``, ``config`` (dict) or ``config_json``
    (str), ``timeout_ms``, ``embed_fonts``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(RenderOptions, with_config({"code": code, **options}))


def build_pdf_options(code: Any, **options: Any) -> PdfOptions:
    """Validate a PDF request: the options of :func:`build_render_options` (but ``embed_fonts``)
    plus ``paper``, ``orientation``, ``margin_mm`` and ``fit``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(PdfOptions, with_config({"code": code, **options}))


def build_png_options(code: Any, **options: Any) -> PngOptions:
    """Validate a PNG request: the options of :func:`build_render_options` (but ``embed_fonts``)
    plus ``scale`` or ``width``.

    Raises:
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`validate_request`.
    """
    return validate_request(PngOptions, with_config({"code": code, **options}))


def with_config(values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with ``config_json`` folded into ``config``. Python callers pass ``config`` (a dict) or ``config_json`` (a string), not both."""
    if values.get("config") is not None and values.get("config_json") is not None:
        raise InvalidInput("give config or config_json, not both", {"field": "config"})
    if values.get("config_json") is not None:
        values["config"] = values.pop("config_json")
    else:
        values.pop("config_json", None)
    return values
