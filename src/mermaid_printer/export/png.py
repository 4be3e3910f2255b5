"""SVG → PNG, rasterized by cairo at a scale or a width (geometry and limits: :mod:`.geometry`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from mermaid_printer.export.converter import background_rgba, draw_png, load_svg
from mermaid_printer.export.geometry import Placement, as_chromium_lays_out, png_size

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
    svg: str, *, scale: float | None = None, width: int | None = None, background: str = "white"
) -> PngImage:
    """Rasterize a sanitized SVG (``scale`` or ``width``, not both; default scale 2).

    Raises:
        ResourceLimit: the image would be too large (checked before drawing).
        InvalidInput: an unknown background colour name.
        RenderFailed: the converter failed.
    """
    loaded = load_svg(svg)
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
