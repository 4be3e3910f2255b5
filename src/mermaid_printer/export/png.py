"""SVG → PNG, rasterized by cairo at a scale or a width (geometry and limits: :mod:`.geometry`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mermaid_printer.export.converter import background_rgba, draw_png, load_svg
from mermaid_printer.export.geometry import Placement, as_chromium_lays_out, png_size

if TYPE_CHECKING:
    from mermaid_printer.fonts import FontSubset

__all__ = ["PngImage", "svg_to_png"]


@dataclass(frozen=True)
class PngImage:
    """A PNG image and its size."""

    data: bytes
    width_px: int
    height_px: int
    scale: float  # image pixels per CSS pixel of the diagram
    warnings: list[str] = field(default_factory=list)


def svg_to_png(
    svg: str,
    *,
    scale: float | None = None,
    width: int | None = None,
    background: str = "white",
    font_subsets: Sequence[FontSubset] | None = None,
) -> PngImage:
    """Rasterize a sanitized SVG (``scale`` or ``width``, not both; default scale 2).

    The glyphs are hinted as a browser hints the font subsets the product SVG embeds:
    ``font_subsets`` (:func:`mermaid_printer.fonts.font_subsets`, for an SVG drawn without them),
    else the SVG's own ``@font-face`` rules.

    Raises:
        ResourceLimit: the image would be too large (checked before drawing).
        InvalidInput: an unknown background colour name.
        RenderFailed: the converter failed.
    """
    loaded = load_svg(svg)
    if font_subsets is not None:
        loaded.font_rules = tuple(font_subsets)
    width_px, height_px, factor = png_size(loaded.width, loaded.height, scale=scale, target_width=width)
    placement = as_chromium_lays_out(
        Placement(
            width_px, height_px, 0.0, 0.0, loaded.width * factor, loaded.height * factor, background_rgba(background)
        ),
        loaded.width,
        loaded.height,
    )
    data, warnings = draw_png(loaded, placement)
    return PngImage(data=data, width_px=width_px, height_px=height_px, scale=round(factor, 6), warnings=warnings)
