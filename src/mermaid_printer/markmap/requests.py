"""The mind-map request models: every parameter of the markmap tools, CLI and Python API, once.

The tools take markmap's own option names (``colorFreezeLevel``, ``maxWidth``, …) in an
``options`` object, as markmap's front matter does; the Python API and the CLI take the same
fields by their snake_case names. Options given in a request override the document's front
matter (``markmap:``), which overrides the printer's defaults (:data:`OPTION_DEFAULTS`).

Limits (each refused as a typed error naming it): Markdown at most 1 MB, 10,000 nodes, 20
levels (:mod:`mermaid_printer.jobs`' ``MARKMAP_MAX_*``); the
transform stops after :data:`MAX_STRUCTURE_TIMEOUT_MS`, a render after :data:`MAX_RENDER_TIMEOUT_MS`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictBool, field_validator, model_validator

from mermaid_printer.errors import InputTooLarge, InvalidInput
from mermaid_printer.jobs import MARKMAP_FORMATS, MARKMAP_MAX_MARKDOWN_BYTES
from mermaid_printer.limits import MIN_TIMEOUT_MS
from mermaid_printer.markmap.style import DEFAULT_FONT_SIZE, MARKMAP_THEMES, MarkmapThemeName, is_hex_colour
from mermaid_printer.requests import EXPORT_BACKGROUND, CssColour, ImageSize, PageLayout, RequestModel

__all__ = [
    "MAX_MARKDOWN_BYTES",
    "MAX_RENDER_TIMEOUT_MS",
    "MAX_STRUCTURE_TIMEOUT_MS",
    "OPTION_DEFAULTS",
    "FileInput",
    "MarkdownInput",
    "MarkmapCustomizeRequest",
    "MarkmapDrawing",
    "MarkmapFileRequest",
    "MarkmapFormat",
    "MarkmapOptions",
    "MarkmapOutlineRequest",
    "MarkmapRenderRequest",
    "MarkmapStructureRequest",
    "MarkmapStyleOptions",
    "OutlineInput",
    "OutlineItem",
]

#: The largest Markdown document accepted, in UTF-8 bytes (the render process checks it again).
MAX_MARKDOWN_BYTES = MARKMAP_MAX_MARKDOWN_BYTES
#: A transform (structure) stops after 5 s, a render after 10 s.
MAX_STRUCTURE_TIMEOUT_MS = 5_000
MAX_RENDER_TIMEOUT_MS = 10_000

#: The printer's defaults under the front matter's options: colours freeze at level 6, so a
#: branch keeps its colour below that depth.
OPTION_DEFAULTS: dict[str, Any] = {"colorFreezeLevel": 6}

MarkmapFormat = Literal["svg", "png", "pdf", "html"]
assert set(MarkmapFormat.__args__) == set(MARKMAP_FORMATS)  # type: ignore[attr-defined]


def _checked_markdown(value: Any) -> Any:
    if value is None:
        raise InvalidInput("Invalid input: markdown_content is required", {"field": "markdown_content"})
    if not isinstance(value, str):
        raise InvalidInput("Invalid input: markdown_content must be a string", {"field": "markdown_content"})
    if not value.strip():
        raise InvalidInput(
            "Invalid input: markdown_content must contain text, not only whitespace", {"field": "markdown_content"}
        )
    size = len(value.encode("utf-8", "surrogatepass"))
    if size > MAX_MARKDOWN_BYTES:
        raise InputTooLarge(
            f"the Markdown is {size:,} bytes; the limit is {MAX_MARKDOWN_BYTES:,}",
            {"field": "markdown_content", "limit": "bytes", "max_bytes": MAX_MARKDOWN_BYTES, "bytes": size},
        )
    return value


def _not_a_bool(value: Any) -> Any:
    if isinstance(value, bool):
        raise ValueError("must be a number, not true/false")
    return value


_NO_BOOL = BeforeValidator(_not_a_bool)

Markdown = Annotated[
    str,
    BeforeValidator(_checked_markdown),
    Field(
        description=f"The Markdown outline: headings and lists become the map's branches. At most {MAX_MARKDOWN_BYTES:,} bytes.",
        json_schema_extra={"minLength": 1},
    ),
]


_MAX_LINE_WIDTH = 50


def _line_width(value: Any) -> Any:
    """markmap's lineWidth: a number, or up to three numbers [base, extra, factor]."""
    if value is None:
        return None
    numbers = value if isinstance(value, list) else [value]
    if not 1 <= len(numbers) <= 3 or not all(
        isinstance(n, int | float) and not isinstance(n, bool) and 0 <= n <= _MAX_LINE_WIDTH for n in numbers
    ):
        raise ValueError(f"must be a number from 0 to {_MAX_LINE_WIDTH}, or a list of one to three such numbers")
    if len(numbers) == 3 and numbers[2] < 1:
        raise ValueError("the factor (third number) must be at least 1, so lines get no wider with depth")
    return value


class MarkmapOptions(RequestModel):
    """markmap's own options (its JSON option names). Omitted: the front matter's, else markmap's."""

    color_freeze_level: Annotated[int | None, Field(ge=0, le=20), _NO_BOOL] = Field(
        default=None,
        alias="colorFreezeLevel",
        description="Branches keep one colour below this level (default 6; 0: every node its own colour).",
    )
    duration: Annotated[int | None, Field(ge=0, le=10_000), _NO_BOOL] = Field(
        default=None,
        description="Interactive HTML: animation length in ms (default 500). The static print never animates.",
    )
    max_width: Annotated[int | None, Field(ge=0, le=10_000), _NO_BOOL] = Field(
        default=None, alias="maxWidth", description="Wrap labels wider than this many pixels (default 0: never)."
    )
    zoom: StrictBool | None = Field(default=None, description="Interactive HTML: zoom with the wheel (default true).")
    pan: StrictBool | None = Field(default=None, description="Interactive HTML: pan by dragging (default true).")
    initial_expand_level: Annotated[int | None, Field(ge=-1, le=20), _NO_BOOL] = Field(
        default=None,
        alias="initialExpandLevel",
        description="Levels shown expanded (default -1: all); deeper nodes start folded.",
    )
    spacing_horizontal: Annotated[float | None, Field(ge=0, le=1_000), _NO_BOOL] = Field(
        default=None, alias="spacingHorizontal", description="Pixels between a node and its children (default 80)."
    )
    spacing_vertical: Annotated[float | None, Field(ge=0, le=1_000), _NO_BOOL] = Field(
        default=None, alias="spacingVertical", description="Pixels between siblings (default 5)."
    )
    padding_x: Annotated[float | None, Field(ge=0, le=200), _NO_BOOL] = Field(
        default=None, alias="paddingX", description="Pixels left and right of each label (default 8)."
    )

    line_width: Annotated[float | list[float] | None, BeforeValidator(_line_width)] = Field(
        default=None,
        alias="lineWidth",
        description=(
            "Branch line width: a number for every level, or [base, extra, factor] for "
            "base + extra / factor^depth (default [1, 3, 2])."
        ),
    )

    def json_options(self) -> dict[str, Any]:
        """The options given, by markmap's names, as its front matter would hold them."""
        return self.model_dump(by_alias=True, exclude_none=True)


class MarkmapStyleOptions(MarkmapOptions):
    """markmap's options plus the printer's: the label font size and vertical padding, and one
    ``spacing`` for both gaps."""

    font_size: Annotated[float | None, Field(ge=6, le=72), _NO_BOOL] = Field(
        default=None, alias="fontSize", description=f"Label font size in pixels (default {DEFAULT_FONT_SIZE:g})."
    )
    spacing: Annotated[float | None, Field(ge=0, le=1_000), _NO_BOOL] = Field(
        default=None,
        description=(
            "Both gaps at once: spacingHorizontal = spacing, spacingVertical = spacing / 16 "
            "(markmap's 80 and 5). Not with spacingHorizontal or spacingVertical."
        ),
    )
    padding_y: Annotated[float | None, Field(ge=0, le=100), _NO_BOOL] = Field(
        default=None, alias="paddingY", description="Pixels above and below each label (default 0)."
    )

    @model_validator(mode="after")
    def _one_spacing(self) -> MarkmapStyleOptions:
        if self.spacing is not None and (self.spacing_horizontal is not None or self.spacing_vertical is not None):
            raise InvalidInput(
                "Invalid input: options.spacing: give spacing, or spacingHorizontal/spacingVertical, not both",
                {"field": "options.spacing"},
            )
        return self

    def json_options(self) -> dict[str, Any]:
        """markmap's options (``spacing`` expanded into its two gaps)."""
        options = self.model_dump(by_alias=True, exclude_none=True, include=set(MarkmapOptions.model_fields))
        if self.spacing is not None:
            options["spacingHorizontal"] = self.spacing
            options["spacingVertical"] = round(self.spacing / 16, 3)
        return options


class MarkdownInput(RequestModel):
    """A request that starts from a Markdown document."""

    markdown_content: Markdown


class MarkmapDrawing(RequestModel):
    """How a mind map is printed: format, background, fonts and time (the PDF page and the PNG
    size come from :class:`~mermaid_printer.requests.PageLayout` and
    :class:`~mermaid_printer.requests.ImageSize`, and apply to their format only)."""

    format: MarkmapFormat = Field(
        default="svg",
        description="svg (default), png, pdf, or html: one self-contained interactive page (zoom, pan, fold).",
    )
    background: CssColour | None = Field(
        default=None,
        description=f"'transparent' or a CSS colour (default: transparent for svg and html, {EXPORT_BACKGROUND} for png and pdf).",
    )
    embed_fonts: StrictBool = Field(
        default=True, description="SVG: embed subsets of the fonts the labels were measured with (default)."
    )
    timeout_ms: Annotated[int, Field(ge=MIN_TIMEOUT_MS, le=MAX_RENDER_TIMEOUT_MS), _NO_BOOL] = Field(
        default=MAX_RENDER_TIMEOUT_MS,
        description=f"Stop after this many milliseconds ({MIN_TIMEOUT_MS}-{MAX_RENDER_TIMEOUT_MS}).",
    )

    @model_validator(mode="after")
    def _format_fields(self) -> MarkmapDrawing:
        given = self.model_fields_set
        for fields, output_format in ((PageLayout.model_fields, "pdf"), (ImageSize.model_fields, "png")):
            misplaced = sorted(set(fields) & given) if self.format != output_format else []
            if misplaced:
                raise InvalidInput(
                    f"Invalid input: {misplaced[0]} applies to format {output_format}, not {self.format}",
                    {"field": misplaced[0]},
                )
        return self

    def resolved_background(self) -> str:
        """The background asked for, else transparent for SVG/HTML and white for PNG/PDF."""
        if self.background is not None:
            return self.background
        return EXPORT_BACKGROUND if self.format in ("png", "pdf") else "transparent"


class MarkmapRenderRequest(ImageSize, PageLayout, MarkmapDrawing, MarkdownInput):
    """Draw a Markdown document as a mind map (``markmap_generate``, the CLI, ``render_markmap``)."""

    options: MarkmapOptions = Field(default_factory=MarkmapOptions, description=MarkmapOptions.__doc__)


class MarkmapCustomizeRequest(ImageSize, PageLayout, MarkmapDrawing, MarkdownInput):
    """Draw a mind map with a theme, a palette and sizes (``markmap_customize``)."""

    theme: MarkmapThemeName = Field(
        default="default",
        description="default (markmap's look), dark (background baked in), colorful, or minimal (one grey).",
    )
    color_scheme: list[str] | None = Field(
        default=None,
        min_length=1,
        max_length=32,
        description="Branch colours as hex (#rgb, #rrggbb, #rrggbbaa), in order of use; replaces the theme's palette.",
    )
    options: MarkmapStyleOptions = Field(default_factory=MarkmapStyleOptions, description=MarkmapStyleOptions.__doc__)

    @field_validator("color_scheme")
    @classmethod
    def _hex_colours(cls, value: list[str] | None) -> list[str] | None:
        if value is None:
            return None
        cleaned = [colour.strip() for colour in value]
        for index, colour in enumerate(cleaned):
            if not is_hex_colour(colour):
                raise ValueError(f"item {index} ({colour!r}) is not a hex colour such as #1f77b4")
        return [colour.lower() for colour in cleaned]

    def palette(self) -> tuple[str, ...]:
        """The branch colours in force: the request's, else the theme's (empty: markmap's own)."""
        return tuple(self.color_scheme) if self.color_scheme else MARKMAP_THEMES[self.theme].palette


class OutlineItem(RequestModel):
    """One line of an outline: its text and its level (1 is the top)."""

    text: str = Field(min_length=1, max_length=10_000, description="The node's text, taken literally (no Markdown).")
    level: Annotated[int, Field(ge=1, le=6), _NO_BOOL] = Field(description="1-6; 1 is the top level.")

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("must not be blank")
        return value


class OutlineInput(RequestModel):
    """A request that starts from an outline."""

    outline_items: list[OutlineItem] = Field(
        min_length=1,
        max_length=10_000,
        description=(
            "The outline, in order: [{text, level}]. Text is literal (# or - stay text); an item "
            "more than one level below the one before it is attached to that one, with a warning."
        ),
    )


class MarkmapOutlineRequest(ImageSize, PageLayout, MarkmapDrawing, OutlineInput):
    """Draw an outline as a mind map (``markmap_from_outline``)."""

    options: MarkmapOptions = Field(default_factory=MarkmapOptions, description=MarkmapOptions.__doc__)


class FileInput(RequestModel):
    """A request that starts from a Markdown file of the project."""

    file_path: str = Field(
        min_length=1,
        max_length=4096,
        description="The Markdown file (.md or .markdown, at most 5 MB), relative to the project root (or absolute inside it).",
    )


class MarkmapFileRequest(ImageSize, PageLayout, MarkmapDrawing, FileInput):
    """Draw a Markdown file of the project, and maybe save the drawing (``markmap_render_file``)."""

    save_output: StrictBool = Field(
        default=False,
        description="Save the drawing into the output directory (DIAGRAM_OUT_DIR) too.",
    )
    output_path: str | None = Field(
        default=None,
        min_length=1,
        max_length=4096,
        description=(
            "Where to save, inside the output directory (relative to it, or absolute inside it); its suffix "
            "(.svg, .png, .pdf, .html) names the format. Default: the file's name with the format's suffix."
        ),
    )
    options: MarkmapOptions = Field(default_factory=MarkmapOptions, description=MarkmapOptions.__doc__)


class MarkmapStructureRequest(RequestModel):
    """markmap's tree of a Markdown document, without drawing it (``markmap_get_structure``)."""

    markdown_content: Markdown
    include_content: StrictBool = Field(
        default=True, description="Give each node's text in the hierarchy (false: only its depth and children)."
    )
    timeout_ms: Annotated[int, Field(ge=MIN_TIMEOUT_MS, le=MAX_STRUCTURE_TIMEOUT_MS), _NO_BOOL] = Field(
        default=MAX_STRUCTURE_TIMEOUT_MS,
        description=f"Stop after this many milliseconds ({MIN_TIMEOUT_MS}-{MAX_STRUCTURE_TIMEOUT_MS}).",
    )
