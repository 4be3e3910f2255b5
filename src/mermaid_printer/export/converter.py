"""The one seam to CairoSVG: a sanitized SVG drawn on a cairo PDF or image surface.

CairoSVG parses the SVG (entities and external references off), applies its CSS, and builds a
tree of nodes with every property resolved. Before drawing, :func:`_prepare` fixes that tree
where CairoSVG and Chromium disagree on Mermaid's output:

* colours CairoSVG cannot parse (``hsl()``, ``#rrggbbaa``, ``rgb(r g b / a)``, CSS-wide keywords
  such as ``revert``) would come out black; they are rewritten (:mod:`.colors`);
* ``feDropShadow`` without blur (the neo look's node shadows) is ignored by CairoSVG; the
  filtered element gets an offset copy in the flood colour drawn beneath it, which is what
  the filter computes. Blurred shadows are left out;
* ``<text>`` is drawn by :mod:`.text` (chunk anchoring, kerning, baselines, real PDF text).

Nothing is fetched: the ``url_fetcher`` answers every request with an empty document and
records it, so a reference the sanitizer let through costs a warning, never a read of a file or
the network. Every failure inside CairoSVG or cairo is re-raised as ``RenderFailed``.

Speed: compiling Mermaid's stylesheet (150-odd rules for a flowchart) is most of CairoSVG's
parse time. The stylesheet depends only on the diagram type,
theme, config and the ``<svg>`` id, so the worker renders PDF/PNG with one fixed id and the
compiled stylesheets are cached by their text (:func:`preload_stylesheets` fills the cache in
the zygote with the warm-up diagrams, so a forked child finds the default-theme ones ready).
"""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from mermaid_printer.export import cairo_unavailable

try:  # the system library, which cairocffi loads on import; where it is missing, a typed error
    import cairocffi as cairo
    import cairosvg.css
    import cairosvg.surface
    from cairosvg.colors import COLORS
    from cairosvg.parser import Tree
    from cairosvg.url import parse_url
except (OSError, ImportError) as _missing:
    raise cairo_unavailable(_missing) from None

from mermaid_printer.colors import normalize_colour, parse_colour
from mermaid_printer.errors import InvalidInput, PrinterError, RenderFailed
from mermaid_printer.export.geometry import POINTS_PER_PX, Placement
from mermaid_printer.export.text import TEXT_TAG, MissingGlyphs, draw_text, take_over_text
from mermaid_printer.fonts import converter_fonts_on_disk

__all__ = ["LoadedSvg", "background_rgba", "diagram_size", "draw_pdf", "draw_png", "load_svg", "preload_stylesheets"]

#: Colour properties, and whether each inherits (for CSS-wide keywords such as ``revert``).
_COLOUR_PROPERTIES = {
    "fill": True,
    "stroke": True,
    "color": True,
    "stop-color": False,
    "flood-color": False,
    "lighting-color": False,
}
_INITIAL_COLOURS = {"fill": "black", "stroke": "none", "color": "black"}
_CSS_WIDE = frozenset({"initial", "unset", "revert", "revert-layer"})
_NUMBER = re.compile(r"^\s*(-?[0-9.]+(?:e-?[0-9]+)?)")

# Registered once: CairoSVG looks tags up in this table, and ours is not an SVG name.
cairosvg.surface.TAGS[TEXT_TAG] = draw_text

_SVG_STYLE = "{http://www.w3.org/2000/svg}style"
_STYLESHEET_CACHE_SIZE = 64
_stylesheets: dict[tuple[str, ...], Any] = {}
_parse_stylesheets = cairosvg.css.parse_stylesheets


def _cached_parse_stylesheets(tree: Any, url: Any) -> Any:
    """CairoSVG's ``parse_stylesheets``, memoized by the text of the document's stylesheets.

    The compiled matchers are read-only once built, so one result serves every tree with the
    same stylesheets. Stylesheets that import others are not cached.
    """
    key = tuple(
        element.text
        for element in tree.xml_tree.iter(_SVG_STYLE)
        if element.get("type", "text/css") == "text/css" and element.text
    )
    if any("@import" in text for text in key):
        return _parse_stylesheets(tree, url)
    cached = _stylesheets.get(key)
    if cached is None:
        cached = _parse_stylesheets(tree, url)
        if len(_stylesheets) >= _STYLESHEET_CACHE_SIZE:
            _stylesheets.pop(next(iter(_stylesheets)))
        _stylesheets[key] = cached
    return cached


cairosvg.css.parse_stylesheets = _cached_parse_stylesheets


def preload_stylesheets(svgs: list[str]) -> None:
    """Compile the stylesheets of ``svgs`` into the cache (the zygote calls this before forking)."""
    for svg in svgs:
        with _converter_errors():
            Tree(bytestring=svg.encode("utf-8"), url_fetcher=lambda *_: b"", unsafe=False)


@dataclass
class LoadedSvg:
    """A parsed, prepared SVG ready to draw, and what preparing it noticed."""

    tree: Any
    width: float  # the viewBox size in CSS pixels
    height: float
    title: str | None
    refused_urls: list[str]


def load_svg(svg: str) -> LoadedSvg:
    """Parse ``svg`` with CairoSVG (no entities, no fetching) and prepare its tree."""
    refused: list[str] = []

    def refuse(url: str, resource_type: str) -> bytes:
        refused.append(url[:80])
        return b"" if resource_type == "text/css" else b'<svg xmlns="http://www.w3.org/2000/svg"/>'

    with _converter_errors():
        tree = Tree(bytestring=svg.encode("utf-8"), url_fetcher=refuse, unsafe=False)
        width, height = diagram_size(tree)
        # Fails early, with a clear error, if fontconfig is missing; writes again font files
        # removed from the cache while the printer runs.
        converter_fonts_on_disk()
        _prepare(tree)
    return LoadedSvg(tree, width, height, _title(tree), refused)


def diagram_size(tree: Any) -> tuple[float, float]:
    """The diagram's size in CSS pixels: its viewBox (Mermaid always writes one), else its
    absolute width and height."""
    view_box = (tree.get("viewBox") or "").replace(",", " ").split()
    if len(view_box) == 4:
        width, height = float(view_box[2]), float(view_box[3])
    else:
        width, height = _absolute(tree.get("width")), _absolute(tree.get("height"))
    if not (width > 0 and height > 0):
        raise RenderFailed("the SVG has no size (no viewBox and no absolute width and height)")
    return width, height


def background_rgba(colour: str) -> tuple[float, float, float, float] | None:
    """A background option (``transparent`` or a CSS colour) as RGBA, ``None`` for transparent.

    Raises:
        InvalidInput: an unknown colour name.
    """
    value = colour.strip().lower()
    if value == "transparent":
        return None
    parsed = parse_colour(value)
    if parsed is not None:
        return parsed
    if value in COLORS:
        red, green, blue, alpha = COLORS[value]
        return (red, green, blue, alpha)
    raise InvalidInput(f"Invalid input: background: unknown colour name {colour!r}", {"field": "background"})


def draw_pdf(loaded: LoadedSvg, placement: Placement, *, creator: str) -> tuple[bytes, list[str]]:
    """The diagram as a one-page PDF (page size in CSS px × 0.75 = points)."""
    output = io.BytesIO()
    points_per_px = POINTS_PER_PX

    def make_surface(_width: float, _height: float) -> Any:
        surface = cairo.PDFSurface(output, placement.page_width * points_per_px, placement.page_height * points_per_px)
        surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, "")  # no clock in the bytes
        surface.set_metadata(cairo.PDF_METADATA_CREATOR, creator)
        if loaded.title:
            surface.set_metadata(cairo.PDF_METADATA_TITLE, loaded.title)
        return surface, placement.page_width * points_per_px, placement.page_height * points_per_px

    warnings = _draw(cairosvg.surface.PDFSurface, loaded, placement, make_surface, output)
    return output.getvalue(), warnings


def draw_png(loaded: LoadedSvg, placement: Placement) -> tuple[bytes, list[str]]:
    """The diagram as a PNG of ``page_width`` × ``page_height`` pixels (rounded)."""
    output = io.BytesIO()
    width, height = max(1, round(placement.page_width)), max(1, round(placement.page_height))

    def make_surface(_width: float, _height: float) -> Any:
        return cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height), width, height

    warnings = _draw(cairosvg.surface.PNGSurface, loaded, placement, make_surface, output)
    return output.getvalue(), warnings


def _draw(
    base: type,
    loaded: LoadedSvg,
    placement: Placement,
    make_surface: Callable[[float, float], Any],
    output: io.BytesIO,
) -> list[str]:
    missing = MissingGlyphs()

    class Surface(base):  # type: ignore[misc]
        missing_glyphs = missing

        def _create_surface(self, width: float, height: float) -> Any:
            return make_surface(width, height)

        def set_context_size(self, width: float, height: float, viewbox: Any, tree: Any) -> None:
            # Also called for every nested <svg> (architecture icons): only the root is placed.
            if tree is loaded.tree:
                if placement.background is not None:
                    self.context.set_source_rgba(*placement.background)
                    self.context.paint()
                self.context.translate(placement.left, placement.top)
            super().set_context_size(width, height, viewbox, tree)

    with _converter_errors():
        surface = Surface(
            loaded.tree,
            output,
            96,
            output_width=placement.width,
            output_height=placement.height,
        )
        surface.finish()
    warnings = []
    if missing.codepoints:
        listed = ", ".join(f"U+{cp:04X}" for cp in sorted(missing.codepoints)[:20])
        more = "" if len(missing.codepoints) <= 20 else f" and {len(missing.codepoints) - 20} more"
        warnings.append(
            f"{len(missing.codepoints)} character(s) are not in the bundled fonts and are drawn as "
            f"empty boxes: {listed}{more}"
        )
    if loaded.refused_urls:
        warnings.append(f"{len(loaded.refused_urls)} external reference(s) were not fetched")
    return warnings


class _converter_errors:  # noqa: N801 - used as a context manager, reads as a phrase
    """Turn any CairoSVG or cairo exception into ``RenderFailed`` (typed errors pass through)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, _tb: Any) -> Literal[False]:
        if error is None or isinstance(error, PrinterError) or not isinstance(error, Exception):
            return False
        if isinstance(error, MemoryError):
            return False  # the render process reports it as RESOURCE_LIMIT
        raise RenderFailed(
            f"the PDF/PNG converter failed: {type(error).__name__}: {error}", {"exception": type(error).__name__}
        ) from error


# --- preparing the tree -----------------------------------------------------------------------


def _prepare(tree: Any) -> None:
    """Fix colours, add drop shadows and take over text, in one walk over the tree."""
    shadows = _drop_shadow_filters(tree)

    def visit(node: Any, parent: Any | None) -> None:
        _fix_colours(node, parent)
        if node.tag == "text":
            take_over_text(node)
            return
        children = []
        for child in node.children:
            visit(child, node)
            shadow = _shadow_for(child, shadows)
            if shadow is not None:
                children.append(shadow)
            children.append(child)
        node.children = children

    visit(tree, None)


def _fix_colours(node: Any, parent: Any | None) -> None:
    for name, inherited in _COLOUR_PROPERTIES.items():
        value = node.get(name)
        if value is None:
            continue
        keyword = value.strip().lower()
        # An empty presentation attribute is invalid, so ignored: the inherited value shows.
        if keyword in _CSS_WIDE or not keyword:
            if inherited and parent is not None and name in parent:
                node[name] = parent[name]
            elif name in _INITIAL_COLOURS:
                node[name] = _INITIAL_COLOURS[name]
            else:
                del node[name]
            continue
        if keyword.startswith("url("):
            continue
        node[name] = normalize_colour(value)


def _drop_shadow_filters(tree: Any) -> dict[str, tuple[float, float, str, float]]:
    """``id -> (dx, dy, colour, opacity)`` of filters that are one unblurred ``feDropShadow``."""
    found: dict[str, tuple[float, float, str, float]] = {}
    pending = [tree]
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        if node.tag != "filter" or not node.get("id") or len(node.children) != 1:
            continue
        (primitive,) = node.children
        if primitive.tag != "feDropShadow" or _absolute(primitive.get("stdDeviation", "2")) != 0:
            continue
        if node.get("primitiveUnits") == "objectBoundingBox":
            continue
        colour = normalize_colour(primitive.get("flood-color") or "black")
        found[node["id"]] = (
            _absolute(primitive.get("dx", "2")),
            _absolute(primitive.get("dy", "2")),
            colour,
            min(1.0, max(0.0, _absolute(primitive.get("flood-opacity", "1")) or 0.0)),
        )
    return found


def _shadow_for(node: Any, shadows: dict[str, tuple[float, float, str, float]]) -> Any | None:
    """An offset, flood-coloured copy of ``node`` to draw beneath it, if it has such a filter."""
    name = node.get("filter")
    if not name:
        return None
    fragment = parse_url(name).fragment
    if fragment not in shadows:
        return None
    del node["filter"]  # the copy is the whole effect; no need for CairoSVG's filter group
    dx, dy, colour, opacity = shadows[fragment]
    if opacity <= 0:
        return None
    body = _recoloured_copy(node, colour)
    body.pop("transform", None)
    body.pop("opacity", None)
    wrapper = copy.copy(node)
    wrapper.clear()
    wrapper.tag = "g"
    wrapper.children = [body]
    transform = node.get("transform", "")
    wrapper["transform"] = f"{transform} translate({dx} {dy})".strip()
    wrapper["opacity"] = str(opacity * _absolute(node.get("opacity", "1") or "1"))
    return wrapper


def _recoloured_copy(node: Any, colour: str) -> Any:
    clone = copy.copy(node)
    clone.pop("id", None)
    clone.pop("filter", None)
    for name in ("fill", "stroke"):
        value = clone.get(name, "black" if name == "fill" else "none")
        if value.strip() not in ("none", "transparent"):
            clone[name] = colour
            clone[f"{name}-opacity"] = "1"
    if hasattr(node, "text_nodes"):
        clone.text_nodes = [_recoloured_copy(child, colour) for child in node.text_nodes]
    clone.children = [_recoloured_copy(child, colour) for child in node.children]
    return clone


def _title(tree: Any) -> str | None:
    for child in tree.children:
        if child.tag == "title" and child.text and child.text.strip():
            return " ".join(child.text.split())
    return None


def _absolute(value: str | None) -> float:
    match = _NUMBER.match(value or "")
    return float(match.group(1)) if match else 0.0
