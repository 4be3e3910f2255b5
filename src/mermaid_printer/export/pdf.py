"""SVG → PDF: one vector page, the diagram's own size or fitted onto a paper size.

Page geometry, in CSS pixels (1/96 in; a PDF point is 0.75 px):

* no ``paper``: the page is the diagram's viewBox plus ``margin_mm`` on every side (default 0),
  drawn at 100 % — the PDF is exactly as large as the SVG is;
* a ``paper`` size (:data:`PAPER_SIZES`): the page is that paper, ``orientation`` ``portrait``,
  ``landscape`` or ``auto`` (landscape when the diagram is wider than tall); the diagram is
  centred in the area inside ``margin_mm`` (default 10 mm) and, with ``fit="shrink"`` (default),
  scaled down if it does not fit, never up; ``fit="fill"`` scales it up or down to fill that area.

Text stays text (see :mod:`.text`), in subsets of the fonts the layout was measured with. The
file has no creation date, so the same diagram and options give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mermaid_printer.export.converter import Placement, background_rgba, draw_pdf, load_svg

__all__ = [
    "DEFAULT_PAPER_MARGIN_MM",
    "MAX_PAGE_POINTS",
    "PAPER_SIZES",
    "PdfResult",
    "pdf_placement",
    "svg_to_pdf",
]

#: Portrait paper sizes in millimetres (ISO 216 A series; US sizes at their inch values).
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "A3": (297.0, 420.0),
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "Letter": (215.9, 279.4),
    "Legal": (215.9, 355.6),
    "Tabloid": (279.4, 431.8),
}
DEFAULT_PAPER_MARGIN_MM = 10.0
#: PDF viewers may refuse pages larger than this (200 in, the PDF 1.x UserUnit-less limit).
MAX_PAGE_POINTS = 14_400.0
_PX_PER_MM = 96 / 25.4
_PT_PER_PX = 0.75

Orientation = Literal["auto", "portrait", "landscape"]
Fit = Literal["shrink", "fill"]


@dataclass(frozen=True)
class PdfResult:
    """A one-page PDF and how the diagram sits on it."""

    data: bytes
    page_width_pt: float
    page_height_pt: float
    scale: float  # diagram size on the page / its natural size
    paper: str | None
    orientation: str | None
    warnings: list[str] = field(default_factory=list)


def pdf_placement(
    width: float,
    height: float,
    *,
    paper: str | None = None,
    orientation: Orientation = "auto",
    margin_mm: float | None = None,
    fit: Fit = "shrink",
) -> tuple[Placement, str | None]:
    """Where a ``width`` × ``height`` px diagram goes; also the orientation chosen (if paper)."""
    if paper is None:
        margin = (margin_mm or 0.0) * _PX_PER_MM
        placement = Placement(width + 2 * margin, height + 2 * margin, margin, margin, width, height)
        return placement, None
    short, long = (side * _PX_PER_MM for side in PAPER_SIZES[paper])
    if orientation == "auto":
        orientation = "landscape" if width > height else "portrait"
    page_width, page_height = (long, short) if orientation == "landscape" else (short, long)
    margin = (DEFAULT_PAPER_MARGIN_MM if margin_mm is None else margin_mm) * _PX_PER_MM
    area_width, area_height = page_width - 2 * margin, page_height - 2 * margin
    scale = min(area_width / width, area_height / height)
    if fit == "shrink":
        scale = min(scale, 1.0)
    drawn_width, drawn_height = width * scale, height * scale
    left = margin + (area_width - drawn_width) / 2
    top = margin + (area_height - drawn_height) / 2
    return Placement(page_width, page_height, left, top, drawn_width, drawn_height), orientation


def svg_to_pdf(
    svg: str,
    *,
    paper: str | None = None,
    orientation: Orientation = "auto",
    margin_mm: float | None = None,
    fit: Fit = "shrink",
    background: str = "white",
    creator: str = "mermaid-printer",
) -> PdfResult:
    """Convert a sanitized SVG to a one-page vector PDF (options as in the module docstring).

    Raises:
        InvalidInput: an unknown background colour name.
        RenderFailed: the converter failed.
    """
    loaded = load_svg(svg)
    placement, chosen = pdf_placement(
        loaded.width, loaded.height, paper=paper, orientation=orientation, margin_mm=margin_mm, fit=fit
    )
    placement = Placement(
        placement.page_width,
        placement.page_height,
        placement.left,
        placement.top,
        placement.width,
        placement.height,
        background_rgba(background),
    )
    data, warnings = draw_pdf(loaded, placement, creator=creator)
    page_width_pt = placement.page_width * _PT_PER_PX
    page_height_pt = placement.page_height * _PT_PER_PX
    if max(page_width_pt, page_height_pt) > MAX_PAGE_POINTS:
        warnings.append(
            f"the page is {page_width_pt / 72:.0f} × {page_height_pt / 72:.0f} inches; some PDF viewers "
            "cannot show pages over 200 inches: give a paper size to fit the diagram onto a page"
        )
    return PdfResult(
        data=data,
        page_width_pt=round(page_width_pt, 3),
        page_height_pt=round(page_height_pt, 3),
        scale=round(placement.width / loaded.width, 6),
        paper=paper,
        orientation=chosen,
        warnings=warnings,
    )
