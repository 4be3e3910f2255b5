"""SVG → PNG: the diagram rasterized by cairo, at a scale or a width, within a pixel budget.

The image is the diagram's viewBox at ``scale`` CSS pixels per pixel (default
:data:`DEFAULT_PNG_SCALE`, crisp on high-density screens), or exactly ``width`` pixels wide
with the height in proportion. Sizes round to whole pixels. An image over
:data:`MAX_PNG_PIXELS` pixels or :data:`MAX_PNG_SIDE` pixels on a side is refused before
anything is drawn (``RESOURCE_LIMIT``, naming the size it would have had): at 4 bytes a pixel
the limit keeps the drawing surface under ~160 MB.

The background is painted under the diagram unless it is ``transparent``; PNG callers default
to white (see :mod:`mermaid_printer.options`), because a transparent image shows dark text on
a dark chat or viewer background as unreadable.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mermaid_printer.errors import ResourceLimit
from mermaid_printer.export.converter import Placement, background_rgba, draw_png, load_svg

__all__ = ["DEFAULT_PNG_SCALE", "MAX_PNG_PIXELS", "MAX_PNG_SIDE", "PngResult", "png_size", "svg_to_png"]

DEFAULT_PNG_SCALE = 2.0
MAX_PNG_PIXELS = 40_000_000
#: cairo's image surfaces stop at 32,767 pixels a side; we stop well before.
MAX_PNG_SIDE = 20_000


@dataclass(frozen=True)
class PngResult:
    """A PNG image and its size."""

    data: bytes
    width_px: int
    height_px: int
    scale: float  # image pixels per CSS pixel of the diagram
    warnings: list[str] = field(default_factory=list)


def png_size(width: float, height: float, *, scale: float | None, target_width: int | None) -> tuple[int, int, float]:
    """``(width_px, height_px, scale)`` of the image for a ``width`` × ``height`` px diagram.

    Raises:
        ResourceLimit: the image would exceed :data:`MAX_PNG_PIXELS` or :data:`MAX_PNG_SIDE`.
    """
    if target_width is not None:
        factor = target_width / width
        field_name = "width"
    else:
        factor = DEFAULT_PNG_SCALE if scale is None else scale
        field_name = "scale"
    width_px, height_px = max(1, round(width * factor)), max(1, round(height * factor))
    if width_px * height_px > MAX_PNG_PIXELS or max(width_px, height_px) > MAX_PNG_SIDE:
        raise ResourceLimit(
            f"the PNG would be {width_px:,} × {height_px:,} pixels; the limit is {MAX_PNG_PIXELS:,} "
            f"pixels and {MAX_PNG_SIDE:,} a side: use a smaller {field_name}",
            {
                "field": field_name,
                "width_px": width_px,
                "height_px": height_px,
                "limit_pixels": MAX_PNG_PIXELS,
                "limit_side_px": MAX_PNG_SIDE,
            },
        )
    return width_px, height_px, factor


def svg_to_png(
    svg: str, *, scale: float | None = None, width: int | None = None, background: str = "white"
) -> PngResult:
    """Rasterize a sanitized SVG (give ``scale`` or ``width``, not both).

    Raises:
        ResourceLimit: the image would be too large.
        InvalidInput: an unknown background colour name.
        RenderFailed: the converter failed.
    """
    loaded = load_svg(svg)
    width_px, height_px, factor = png_size(loaded.width, loaded.height, scale=scale, target_width=width)
    placement = Placement(
        width_px,
        height_px,
        0.0,
        0.0,
        loaded.width * factor,
        loaded.height * factor,
        background_rgba(background),
    )
    data, warnings = draw_png(loaded, placement)
    return PngResult(data=data, width_px=width_px, height_px=height_px, scale=round(factor, 6), warnings=warnings)
