"""Jobs: what the service asks a single-use render process to do, and what comes back.

Every job and every result is a frozen dataclass that crosses the process boundary through
:mod:`mermaid_printer.wire` (binary artifacts as raw bytes). :data:`JOB_KINDS` is the registry:
one :class:`JobKind` per kind names its job type, its result type, the bundle whose engine runs
it and the function in that bundle's worker module that handles it
(:mod:`mermaid_printer.worker`). A new kind is one entry here plus its handler.

The job carries everything the render process needs, already validated and resolved by the
service (the Mermaid config merged with the product's fixed keys, the ``<svg>`` id): the render
process makes no decision a request could influence beyond what the job says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mermaid_printer.limits import MARKMAP_MAX_DEPTH, MARKMAP_MAX_MARKDOWN_BYTES, MARKMAP_MAX_NODES
from mermaid_printer.wire import wire_type

__all__ = [
    "JOB_KINDS",
    "MARKMAP_FORMATS",
    "MARKMAP_MAX_DEPTH",
    "MARKMAP_MAX_MARKDOWN_BYTES",
    "MARKMAP_MAX_NODES",
    "DetectJob",
    "DiagramType",
    "JobKind",
    "MarkmapRenderJob",
    "MarkmapRenderResult",
    "MarkmapStructure",
    "MarkmapStructureJob",
    "ParseJob",
    "ParseResult",
    "PdfJob",
    "PdfResult",
    "PngJob",
    "PngResult",
    "RenderResult",
    "SvgJob",
    "job_kind_of",
]


# --- jobs -------------------------------------------------------------------------------------


@wire_type
@dataclass(frozen=True)
class SvgJob:
    """Render ``code`` to the product SVG (sanitized, canonical, fonts embedded if asked)."""

    code: str
    config: dict[str, Any]  # the full Mermaid config (mermaid.config.build_mermaid_config)
    svg_id: str  # the id of the <svg> element
    timeout_ms: int
    background: str = "transparent"
    embed_fonts: bool = True
    #: The Iconify icons the diagram names, one pack subset per prefix (mermaid.icons); None: none.
    icons: dict[str, Any] | None = None


@wire_type
@dataclass(frozen=True)
class PdfJob:
    """Render ``code`` and convert it to a one-page vector PDF."""

    code: str
    config: dict[str, Any]
    timeout_ms: int
    background: str
    paper: str | None
    orientation: str
    margin_mm: float | None
    fit: str
    icons: dict[str, Any] | None = None


@wire_type
@dataclass(frozen=True)
class PngJob:
    """Render ``code`` and rasterize it to PNG (``scale`` or ``width``, not both)."""

    code: str
    config: dict[str, Any]
    timeout_ms: int
    background: str
    scale: float | None
    width: int | None
    icons: dict[str, Any] | None = None


@wire_type
@dataclass(frozen=True)
class ParseJob:
    """Parse ``code`` (no drawing) and read its AST from Mermaid's diagram database."""

    code: str
    config: dict[str, Any]
    timeout_ms: int
    positions: bool = False


@wire_type
@dataclass(frozen=True)
class DetectJob:
    """Parse ``code`` only to learn whether Mermaid accepts it, and its diagram type."""

    code: str
    config: dict[str, Any]
    timeout_ms: int


#: What a markmap render can produce: the static SVG, PDF or PNG drawn from it, or one
#: self-contained interactive HTML page.
MARKMAP_FORMATS = ("svg", "pdf", "png", "html")


@wire_type
@dataclass(frozen=True)
class MarkmapRenderJob:
    """Draw Markdown as markmap's mind map: its static print (SVG, PDF, PNG) or interactive HTML.

    ``options`` are markmap's JSON options (``colorFreezeLevel``, ``maxWidth``,
    ``initialExpandLevel``, ``spacingHorizontal``, …); they override the front matter's
    ``markmap:`` options, which override ``defaults``. The static print is drawn with animation
    off whatever ``duration`` says; the HTML page uses it. The look
    (:mod:`mermaid_printer.markmap.style`): ``font_size`` in pixels, ``css_variables`` (markmap's
    ``--markmap-*`` variables, values already checked) and ``label_padding_y``. PDF fields
    (``paper`` … ``fit``) and PNG fields (``scale``, ``width``) are read only for their format.
    """

    markdown: str
    options: dict[str, Any]
    timeout_ms: int
    defaults: dict[str, Any] = field(default_factory=dict)
    font_size: float = 16.0
    css_variables: dict[str, str] = field(default_factory=dict)
    label_padding_y: float = 0.0
    format: str = "svg"
    svg_id: str = "markmap"
    background: str = "transparent"
    embed_fonts: bool = True
    paper: str | None = None
    orientation: str = "auto"
    margin_mm: float | None = None
    fit: str = "shrink"
    scale: float | None = None
    width: int | None = None


@wire_type
@dataclass(frozen=True)
class MarkmapStructureJob:
    """Transform Markdown into markmap's tree (no drawing) and describe it."""

    markdown: str
    options: dict[str, Any]
    timeout_ms: int
    include_tree: bool = True
    defaults: dict[str, Any] = field(default_factory=dict)


# --- results ----------------------------------------------------------------------------------


@wire_type
@dataclass(frozen=True)
class RenderResult:
    """A rendered diagram: sanitized, canonical SVG text and what Mermaid said about it."""

    svg: str
    diagram_type: str
    warnings: list[str] = field(default_factory=list)
    cached: bool = False  # answered from the result cache (see mermaid_printer.cache)


@wire_type
@dataclass(frozen=True)
class PdfResult:
    """A diagram as a one-page vector PDF (``pdf`` bytes) and how it sits on the page."""

    pdf: bytes
    diagram_type: str
    page_width_pt: float
    page_height_pt: float
    scale: float  # the diagram's size on the page / its natural size (1 unless fitted to paper)
    orientation: str | None  # "portrait" or "landscape" with a paper size, else None
    warnings: list[str] = field(default_factory=list)
    cached: bool = False


@wire_type
@dataclass(frozen=True)
class PngResult:
    """A diagram as a PNG image (``png`` bytes) and its size."""

    png: bytes
    diagram_type: str
    width_px: int
    height_px: int
    scale: float  # image pixels per CSS pixel of the diagram
    warnings: list[str] = field(default_factory=list)
    cached: bool = False


@wire_type
@dataclass(frozen=True)
class ParseResult:
    """A parsed diagram: its type and its AST (see the README's "AST" section for the shape)."""

    diagram_type: str
    ast: dict[str, Any]
    cached: bool = False


@wire_type
@dataclass(frozen=True)
class DiagramType:
    """The diagram type Mermaid detected in source it accepts."""

    diagram_type: str
    cached: bool = False


@wire_type
@dataclass(frozen=True)
class MarkmapRenderResult:
    """A drawn mind map: the artifact's bytes (SVG and HTML as UTF-8) and its size.

    ``node_count``, ``max_depth`` and ``features`` describe the tree as
    :class:`MarkmapStructure` does.

    ``width``/``height`` are the mind map's size in CSS pixels (its viewBox; for HTML the
    static print's). PDF results also carry the page (``page_width_pt``, ``page_height_pt``,
    ``orientation``), PNG results the image (``width_px``, ``height_px``); both their ``scale``.
    """

    format: str
    data: bytes
    node_count: int
    width: float
    height: float
    max_depth: int = 0
    features: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    scale: float | None = None
    page_width_pt: float | None = None
    page_height_pt: float | None = None
    orientation: str | None = None
    width_px: int | None = None
    height_px: int | None = None
    cached: bool = False

    @property
    def mime_type(self) -> str:
        """The artifact's media type."""
        return _MARKMAP_MIME_TYPES[self.format]


_MARKMAP_MIME_TYPES = {
    "svg": "image/svg+xml",
    "pdf": "application/pdf",
    "png": "image/png",
    "html": "text/html; charset=utf-8",
}


@wire_type
@dataclass(frozen=True)
class MarkmapStructure:
    """markmap's tree of a Markdown document and what it is made of.

    ``node_count`` counts every node of the tree, root included; ``max_depth`` counts the root
    as 1. ``features`` are the kinds of Markdown the tree holds (``heading``, ``list``,
    ``ordered_list``, ``paragraph``, ``code_block``, ``inline_code``, ``table``, ``checkbox``,
    ``link``, ``image``, ``math``, ``blockquote``, ``frontmatter``, ``markmap_options``);
    ``plugins`` the features markmap's transform reported (``katex``, ``hljs``).
    ``headings_by_level`` maps "1".."6" to counts; characters are counted in the text of the
    nodes' labels. ``options`` are the markmap options in force (front matter, then the
    request's); ``tree`` is markmap's tree (``content`` HTML, ``children``, ``payload``) when
    asked for.
    """

    node_count: int
    max_depth: int
    features: list[str]
    plugins: list[str]
    headings_by_level: dict[str, int]
    total_characters: int
    average_node_length: float
    options: dict[str, Any]
    frontmatter: dict[str, Any] | None = None
    tree: dict[str, Any] | None = None
    cached: bool = False


# --- the registry -----------------------------------------------------------------------------


@dataclass(frozen=True)
class JobKind:
    """One kind of job: its types and the bundle whose engine runs it.

    ``bundle`` is a key of :data:`mermaid_printer.bundles.BUNDLES`; that bundle's
    :class:`~mermaid_printer.bundles.BundleWorker` holds the handler of ``job``, which runs inside
    the single-use render process.
    """

    name: str
    job: type
    result: type
    bundle: str


JOB_KINDS: tuple[JobKind, ...] = (
    JobKind("render_svg", SvgJob, RenderResult, bundle="mermaid"),
    JobKind("render_pdf", PdfJob, PdfResult, bundle="mermaid"),
    JobKind("render_png", PngJob, PngResult, bundle="mermaid"),
    JobKind("parse", ParseJob, ParseResult, bundle="mermaid"),
    JobKind("detect", DetectJob, DiagramType, bundle="mermaid"),
    JobKind("markmap_render", MarkmapRenderJob, MarkmapRenderResult, bundle="markmap"),
    JobKind("markmap_structure", MarkmapStructureJob, MarkmapStructure, bundle="markmap"),
)

_BY_JOB_TYPE = {kind.job: kind for kind in JOB_KINDS}


def job_kind_of(job: object) -> JobKind:
    """The registered kind of ``job``.

    Raises:
        TypeError: ``job`` is not an instance of a registered job type.
    """
    kind = _BY_JOB_TYPE.get(type(job))
    if kind is None:
        raise TypeError(f"{type(job).__name__} is not a registered job type")
    return kind
