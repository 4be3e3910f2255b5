"""Page and image geometry for PDF and PNG output (pure arithmetic; no cairo needed).

All sizes are CSS pixels (1/96 inch) unless named otherwise; a PDF point is 0.75 px.

PDF page:

* no ``paper``: the page is the diagram's viewBox plus ``margin_mm`` on every side (default 0),
  drawn at 100 %: the PDF is exactly as large as the SVG;
* a ``paper`` size (:data:`PAPER_SIZES`): the page is that paper, ``orientation`` ``portrait``,
  ``landscape`` or ``auto`` (landscape when the diagram is wider than tall); the diagram is
  centred in the area inside ``margin_mm`` (default :data:`DEFAULT_PAPER_MARGIN_MM`) and, with
  ``fit="shrink"`` (default), scaled down if it does not fit, never up; ``fit="fill"`` scales it
  up or down to fill that area.

PNG image: the viewBox at ``scale`` image pixels per CSS pixel (default
:data:`DEFAULT_PNG_SCALE`, crisp on high-density screens) or exactly ``width`` pixels wide, the
height in proportion, rounded to whole pixels. An image over :data:`MAX_PNG_PIXELS` pixels or
:data:`MAX_PNG_SIDE` a side is refused before anything is drawn: at 4 bytes a pixel the limit
keeps the drawing surface under ~160 MB (the render process may grow by 1.5 GB).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Literal

from mermaid_printer.errors import ResourceLimit
from mermaid_printer.limits import MAX_PAGE_POINTS, MAX_PNG_PIXELS, MAX_PNG_SIDE

__all__ = [
    "DEFAULT_PAPER_MARGIN_MM",
    "DEFAULT_PNG_SCALE",
    "MAX_PAGE_POINTS",
    "MAX_PNG_PIXELS",
    "MAX_PNG_SIDE",
    "PAPER_SIZES",
    "POINTS_PER_PX",
    "Placement",
    "pdf_placement",
    "png_size",
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
POINTS_PER_PX = 0.75
DEFAULT_PNG_SCALE = 2.0
_PX_PER_MM = 96 / 25.4


@dataclass(frozen=True)
class Placement:
    """Where the diagram goes: a ``page_width`` × ``page_height`` page (PDF) or image (PNG),
    the viewBox drawn into the box at (``left``, ``top``) of size ``width`` × ``height``."""

    page_width: float
    page_height: float
    left: float
    top: float
    width: float
    height: float
    background: tuple[float, float, float, float] | None = None  # RGBA 0-1, None: transparent


def pdf_placement(
    width: float,
    height: float,
    *,
    paper: str | None = None,
    orientation: Literal["auto", "portrait", "landscape"] = "auto",
    margin_mm: float | None = None,
    fit: Literal["shrink", "fill"] = "shrink",
    page: tuple[float, float] | None = None,
) -> tuple[Placement, str | None]:
    """Where a ``width`` × ``height`` diagram goes on its PDF page; also the orientation chosen
    (``None`` without paper). ``page``: a page of that size (CSS px) instead of the diagram's own
    or a paper's, the diagram scaled to fill it inside ``margin_mm`` (default 0), proportions
    kept, centred."""
    if page is not None:
        margin = (margin_mm or 0.0) * _PX_PER_MM
        area_width, area_height = max(page[0] - 2 * margin, 1.0), max(page[1] - 2 * margin, 1.0)
        scale = min(area_width / width, area_height / height)
        drawn_width, drawn_height = width * scale, height * scale
        left, top = (page[0] - drawn_width) / 2, (page[1] - drawn_height) / 2
        return Placement(page[0], page[1], left, top, drawn_width, drawn_height), None
    if paper is None:
        margin = (margin_mm or 0.0) * _PX_PER_MM
        return Placement(width + 2 * margin, height + 2 * margin, margin, margin, width, height), None
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


def layout_size(length: float) -> float:
    """A CSS length as Chromium lays out the ``<svg>`` box: in 1/64 px units, truncated.

    An SVG ``363.226562`` px wide is a ``363.21875`` px box, so Chromium draws its viewBox scaled by
    their ratio (``preserveAspectRatio`` keeping the smaller scale and centring); a baseline at
    exactly half a pixel then lands just above or below it, which decides the pixel row the
    glyphs snap to.
    """
    return math.trunc(length * 64) / 64 if 0 < length < 2**25 else length


def as_chromium_lays_out(placement: Placement, width: float, height: float) -> Placement:
    """``placement`` of a ``width`` × ``height`` viewBox with the box Chromium would draw it in.

    Chromium lays the ``<svg>`` box out in 1/64 px units (truncated), so an SVG ``363.226562`` px
    wide is a ``363.21875`` px box and its viewBox is drawn scaled by the smaller of the two
    ratios (``preserveAspectRatio``'s meet); the centring offset is a layout offset too, in
    1/64 px, so a few thousandths of a pixel become none. Invisible as such, it decides the
    pixel row of a text baseline at exactly half a pixel (it lands just above it).
    """
    if width <= 0 or height <= 0:
        return placement
    box_width, box_height = _layout_units(width), _layout_units(height)
    shrink = min(box_width / width, box_height / height)
    left = _layout_units((box_width - width * shrink) / 2)
    top = _layout_units((box_height - height * shrink) / 2)
    factor = placement.width / width  # the placement's pixels per CSS px of the viewBox
    return replace(
        placement,
        left=placement.left + left * factor,
        top=placement.top + top * factor,
        width=placement.width * shrink,
        height=placement.height * shrink,
    )


def _layout_units(length: float) -> float:
    """``length`` in Chromium's layout units: whole 1/64 px, truncated toward zero."""
    return math.trunc(length * 64) / 64 if abs(length) < 2**25 else length


def png_size(
    width: float, height: float, *, scale: float | None = None, target_width: int | None = None
) -> tuple[int, int, float]:
    """``(width_px, height_px, pixels per CSS px)`` of the PNG of a ``width`` × ``height`` diagram.

    Raises:
        ResourceLimit: the image would exceed :data:`MAX_PNG_PIXELS` or :data:`MAX_PNG_SIDE`;
            ``details`` names the size and the option to lower (``field``).
    """
    if target_width is not None:
        factor, field_name = target_width / width, "width"
    else:
        factor, field_name = (DEFAULT_PNG_SCALE if scale is None else scale), "scale"
    width_px, height_px = max(1, round(width * factor)), max(1, round(height * factor))
    if not _fits(width * factor, height * factor):
        fitting = _largest_fitting_factor(width, height)
        largest: float | int = fitting if field_name == "scale" else math.floor(width * fitting)
        raise ResourceLimit(
            f"the PNG would be {width_px:,} × {height_px:,} pixels; the limit is {MAX_PNG_PIXELS:,} "
            f"pixels and {MAX_PNG_SIDE:,} a side: use {field_name} {largest:g} or less",
            {
                "field": field_name,
                "width_px": width_px,
                "height_px": height_px,
                "limit_pixels": MAX_PNG_PIXELS,
                "limit_side_px": MAX_PNG_SIDE,
                f"largest_{field_name}": largest,
            },
        )
    return width_px, height_px, factor


def _fits(width_px: float, height_px: float) -> bool:
    """Whether an image of these sizes (rounded as :func:`png_size` rounds) is within the limits."""
    width_px, height_px = max(1, round(width_px)), max(1, round(height_px))
    return width_px * height_px <= MAX_PNG_PIXELS and max(width_px, height_px) <= MAX_PNG_SIDE


def _largest_fitting_factor(width: float, height: float) -> float:
    """The largest scale, in hundredths, at which a ``width`` × ``height`` diagram fits the
    limits (the hundredth below the exact bound, checked as the image would be rounded)."""
    exact = min(math.sqrt(MAX_PNG_PIXELS / (width * height)), MAX_PNG_SIDE / max(width, height))
    factor = math.floor(exact * 100) / 100
    while factor > 0.01 and not _fits(width * factor, height * factor):
        factor = round(factor - 0.01, 2)
    return factor
