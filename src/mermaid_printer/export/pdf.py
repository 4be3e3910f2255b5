"""SVG → one-page vector PDF (page geometry: :mod:`.geometry`).

Text stays text (see :mod:`.text`) in subsets of the fonts the layout was measured with. The
file carries no creation date, so the same diagram and options give the same bytes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from mermaid_printer.export.converter import background_rgba, draw_pdf, load_svg
from mermaid_printer.export.geometry import MAX_PAGE_POINTS, POINTS_PER_PX, pdf_placement

__all__ = ["PdfDocument", "svg_to_pdf"]


@dataclass(frozen=True)
class PdfDocument:
    """A one-page PDF and how the diagram sits on it."""

    data: bytes
    page_width_pt: float
    page_height_pt: float
    scale: float  # the diagram's size on the page / its natural size
    orientation: str | None  # chosen for a paper size, else None
    warnings: list[str] = field(default_factory=list)


def svg_to_pdf(
    svg: str,
    *,
    paper: str | None = None,
    orientation: Literal["auto", "portrait", "landscape"] = "auto",
    margin_mm: float | None = None,
    fit: Literal["shrink", "fill"] = "shrink",
    background: str = "white",
    creator: str = "mermaid-printer",
    page: tuple[float, float] | None = None,
) -> PdfDocument:
    """Convert a sanitized SVG to a one-page vector PDF (``page``: a page of that size in CSS
    px, the diagram filling it; see :func:`~mermaid_printer.export.geometry.pdf_placement`).

    Raises:
        InvalidInput: an unknown background colour name.
        RenderFailed: the converter failed.
    """
    loaded = load_svg(svg)
    placement, chosen = pdf_placement(
        loaded.width, loaded.height, paper=paper, orientation=orientation, margin_mm=margin_mm, fit=fit, page=page
    )
    placement = replace(placement, background=background_rgba(background))
    data, warnings = draw_pdf(loaded, placement, creator=creator)
    page_width_pt = placement.page_width * POINTS_PER_PX
    page_height_pt = placement.page_height * POINTS_PER_PX
    if max(page_width_pt, page_height_pt) > MAX_PAGE_POINTS:
        warnings.append(
            f"the page is {page_width_pt / 72:.0f} × {page_height_pt / 72:.0f} inches; some PDF viewers "
            "cannot show pages over 200 inches: give a paper size to fit the diagram onto a page"
        )
    return PdfDocument(
        data=data,
        page_width_pt=round(page_width_pt, 3),
        page_height_pt=round(page_height_pt, 3),
        scale=round(placement.width / loaded.width, 6),
        orientation=chosen,
        warnings=warnings,
    )
