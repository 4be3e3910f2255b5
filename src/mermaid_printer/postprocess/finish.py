"""The post-processing chain every engine SVG goes through before it leaves the render process.

::

    parse_svg → background → sanitize_svg → repair_coordinates → canonicalize_svg → prune_unused_css
    → embed_fonts → serialize_svg

Shared by the bundles' worker modules (:mod:`mermaid_printer.bundles.mermaid.handlers`,
:mod:`mermaid_printer.bundles.markmap.handlers`).
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from mermaid_printer.fonts import FontSubset, font_subsets
from mermaid_printer.fonts import embed_fonts as _embed_fonts
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.coordinates import repair_coordinates
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg
from mermaid_printer.postprocess.unused_css import prune_unused_css

__all__ = ["apply_background", "finish_export_svg", "finish_svg", "missing_characters_warning"]


def finish_svg(
    raw: str, background: str, embed_fonts: bool, drawn_faces: list[dict[str, Any]] | None = None
) -> tuple[str, list[str]]:
    """The product SVG made from an engine's SVG, and the warnings of the way there.

    Args:
        raw: the SVG markup the engine returned.
        background: ``transparent`` or a CSS colour painted on the root.
        embed_fonts: put subsets of the drawn fonts into the SVG.
        drawn_faces: which vendored face draws which characters (the engine's report).

    Raises:
        RenderFailed: the markup does not parse as an SVG, or the drawing's frame is not finite.
    """
    root, warnings = _finished_root(raw, background)
    if embed_fonts:
        warnings += _embed_fonts(root, drawn_faces)
    return serialize_svg(root), warnings


def finish_export_svg(
    raw: str, drawn_faces: list[dict[str, Any]] | None = None
) -> tuple[str, list[str], tuple[FontSubset, ...]]:
    """The SVG a PDF or PNG is drawn from (transparent, no fonts embedded), its warnings, and the
    font subsets the product SVG embeds, which a PNG is hinted by (see ``export.raster_faces``).

    Raises:
        RenderFailed: as :func:`finish_svg`.
    """
    root, warnings = _finished_root(raw, "transparent")
    return serialize_svg(root), warnings, font_subsets(root, drawn_faces)


def _finished_root(raw: str, background: str) -> tuple[etree._Element, list[str]]:
    root = parse_svg(raw)
    apply_background(root, background)
    warnings = sanitize_svg(root)
    warnings += repair_coordinates(root)
    canonicalize_svg(root)
    prune_unused_css(root)
    return root, warnings


def apply_background(root: etree._Element, background: str) -> None:
    """Paint the canvas: ``background-color`` on the root, as mermaid-cli does."""
    if background == "transparent":
        return
    style = (root.get("style") or "").strip()
    if style and not style.endswith(";"):
        style += ";"
    root.set("style", f"{style} background-color: {background};".strip())


def missing_characters_warning(missing: list[int]) -> list[str]:
    """The warning for characters no bundled font has (measured approximately), if any."""
    if not missing:
        return []
    sample = "".join(chr(cp) for cp in missing[:12])
    return [f"{len(missing)} character(s) are not in the bundled fonts and were measured approximately: {sample}"]
