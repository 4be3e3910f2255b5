"""The one seam to CairoSVG: a sanitized SVG drawn on a cairo PDF or image surface.

CairoSVG parses the SVG (entities and external references off), applies its CSS, and builds a
tree of nodes with every property resolved. Before drawing, :func:`_prepare` fixes that tree
where CairoSVG and Chromium disagree on Mermaid's output:

* colours CairoSVG cannot parse (``hsl()``, ``#rrggbbaa``, ``rgb(r g b / a)``, CSS-wide keywords
  such as ``revert``) would come out black; they are rewritten (:mod:`.colors`);
* drop shadows (``feDropShadow``, CSS ``drop-shadow()``), CSS ``transform`` syntax, markers
  without a ``viewBox`` and references to missing markers: see :func:`_shadow_for`,
  :func:`_svg_transform`, :func:`_fix_marker`;
* ``<text>`` is drawn by :mod:`.text` (chunk anchoring, kerning, baselines, real PDF text).

Nothing is fetched: the ``url_fetcher`` answers every request with an empty document and
records it, so a reference the sanitizer let through costs a warning, never a read of a file or
the network. Every failure inside CairoSVG or cairo is re-raised as ``RenderFailed``.

Speed: compiling Mermaid's stylesheet (150-odd rules for a flowchart) is most of CairoSVG's
parse time. The stylesheet depends only on the diagram type,
theme, config and the ``<svg>`` id, so the worker renders PDF/PNG with one fixed id and the
compiled stylesheets are cached by their text (:func:`preload_stylesheets` fills the cache in
the zygote with the warm-up diagrams, so a forked child finds the default-theme ones ready).

Kept whole: one CairoSVG subclass and the copy of the SVG it draws; every fix hooks the same node
tree and tag table.
"""

from __future__ import annotations

import copy
import io
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from PIL import Image, ImageFilter

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
from mermaid_printer.export.raster_faces import RasterFaces, embedded_rules
from mermaid_printer.export.text import TEXT_TAG, MissingGlyphs, draw_text, take_over_text
from mermaid_printer.fonts import FontSubset, converter_fonts_on_disk

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
_MARKER_PROPERTIES = ("marker", "marker-start", "marker-mid", "marker-end")
_CSS_WIDE = frozenset({"initial", "unset", "revert", "revert-layer"})
_NUMBER = re.compile(r"^\s*(-?[0-9.]+(?:e-?[0-9]+)?)")
_PIXELS = re.compile(r"^\s*((?:[0-9]*\.)?[0-9]+(?:e-?[0-9]+)?)\s*(?:px)?\s*$")
#: The size a browser gives an SVG that has no viewBox and no absolute size.
_DEFAULT_WIDTH, _DEFAULT_HEIGHT = 300.0, 150.0
_TRANSFORM_FUNCTION = re.compile(r"([A-Za-z]+)\s*\(([^)]*)\)")
_TRANSFORM_ARGUMENT = re.compile(r"^([-+]?(?:[0-9]*\.)?[0-9]+(?:[eE][-+]?[0-9]+)?)([a-zA-Z%]*)$")
#: Degrees per unit of a CSS angle.
_ANGLE_UNITS = {"": 1.0, "deg": 1.0, "rad": 180 / math.pi, "grad": 0.9, "turn": 360.0}

#: The node that draws a blurred shadow (not an SVG name, so no SVG element can be one).
SHADOW_TAG = "mermaid-printer-blurred-shadow"
#: Image pixels per PDF point of a blurred shadow's mask in a PDF.
_PDF_SHADOW_RESOLUTION = 2.0
_DROP_SHADOW = re.compile(r"^\s*drop-shadow\((.*)\)\s*$", re.S)
_LENGTH = re.compile(r"^[-+]?(?:[0-9]*\.)?[0-9]+(?:px)?$")


@dataclass(frozen=True)
class _Shadow:
    """A drop shadow: offset and blur (standard deviation) in user units, colour, opacity."""

    dx: float
    dy: float
    blur: float
    colour: str
    opacity: float


def _draw_blurred_shadow(surface: Any, node: Any) -> None:
    """Draw ``node.shadow_body``'s silhouette blurred, in the shadow's colour (see module doc)."""
    context = surface.context
    body, blur, rgba = node.shadow_body, node.shadow_blur, node.shadow_rgba
    matrix = context.get_matrix()
    recording = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    recorder = cairo.Context(recording)
    recorder.set_matrix(matrix)
    surface.context = recorder
    try:
        surface.draw(body)
    finally:
        surface.context = context
    left, top, width, height = recording.ink_extents()
    context.new_path()
    if width <= 0 or height <= 0:
        return
    xx, yx, xy, yy, _, _ = matrix.as_tuple()
    sigma = blur * math.sqrt(abs(xx * yy - xy * yx))
    oversample = _PDF_SHADOW_RESOLUTION if isinstance(surface, cairosvg.surface.PDFSurface) else 1.0
    pad = math.ceil(3 * sigma) + 2
    x0, y0 = math.floor(left) - pad, math.floor(top) - pad
    image_width = math.ceil((math.ceil(left + width) + pad - x0) * oversample)
    image_width += -image_width % 4  # A8 rows of whole 32-bit words: stride == width
    image_height = math.ceil((math.ceil(top + height) + pad - y0) * oversample)
    silhouette = cairo.ImageSurface(cairo.FORMAT_A8, image_width, image_height)
    painter = cairo.Context(silhouette)
    painter.scale(oversample, oversample)
    painter.translate(-x0, -y0)
    painter.set_source_surface(recording, 0, 0)
    painter.paint()
    silhouette.flush()
    stride = silhouette.get_stride()
    alpha = Image.frombuffer("L", (image_width, image_height), bytes(silhouette.get_data()), "raw", "L", stride, 1)
    blurred = alpha.filter(ImageFilter.GaussianBlur(sigma * oversample)).tobytes()
    if stride != image_width:
        blurred = b"".join(
            blurred[row * image_width : (row + 1) * image_width].ljust(stride, b"\0") for row in range(image_height)
        )
    mask = cairo.ImageSurface.create_for_data(bytearray(blurred), cairo.FORMAT_A8, image_width, image_height, stride)
    pattern = cairo.SurfacePattern(mask)
    pattern.set_matrix(cairo.Matrix(oversample, 0, 0, oversample, -x0 * oversample, -y0 * oversample))
    context.save()
    context.identity_matrix()
    context.set_source_rgba(*rgba)
    context.mask(pattern)
    context.restore()
    context.new_path()


# Registered once: CairoSVG looks tags up in this table, and ours are not SVG names.
cairosvg.surface.TAGS[TEXT_TAG] = draw_text
cairosvg.surface.TAGS[SHADOW_TAG] = _draw_blurred_shadow

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
    font_rules: tuple[FontSubset, ...] = ()  # the font subsets a viewer draws its text with


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
        font_rules = embedded_rules(_style_texts(tree))
        _prepare(tree)
    return LoadedSvg(tree, width, height, _title(tree), refused, font_rules)


def _style_texts(tree: Any) -> list[str]:
    """The text of every ``<style>`` element of the SVG."""
    return [
        element.text
        for element in tree.xml_tree.iter()
        if isinstance(element.tag, str) and element.tag.rpartition("}")[2] == "style" and element.text
    ]


def diagram_size(tree: Any) -> tuple[float, float]:
    """The diagram's size in CSS pixels: its viewBox (Mermaid writes one for every type but
    ``info``), else its absolute width and height, else the size a browser gives such an SVG
    in a page: 300 x 150, the width capped by an absolute ``max-width`` (the ``info`` diagram's
    ``max-width: 400px``). A size found that way is written on the (converter's) tree, so
    CairoSVG draws at it."""
    view_box = (tree.get("viewBox") or "").replace(",", " ").split()
    if len(view_box) == 4:
        width, height = float(view_box[2]), float(view_box[3])
    else:
        width, height = _absolute(tree.get("width")), _absolute(tree.get("height"))
        if not (width > 0 and height > 0):
            width = _pixels(tree.get("width")) or _pixels(tree.get("max-width")) or _DEFAULT_WIDTH
            height = _pixels(tree.get("height")) or _DEFAULT_HEIGHT
            tree["width"], tree["height"] = f"{width:g}", f"{height:g}"
    if not (width > 0 and height > 0):
        raise RenderFailed("the SVG has no size (its viewBox is empty)")
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


#: Device pixels a crispEdges shape moves right and down in a PNG (see ``Surface.draw``).
_CRISP_NUDGE = 1 / 256


def _draw(
    base: type,
    loaded: LoadedSvg,
    placement: Placement,
    make_surface: Callable[[float, float], Any],
    output: io.BytesIO,
) -> list[str]:
    missing = MissingGlyphs()
    raster = issubclass(base, cairosvg.surface.PNGSurface)

    class Surface(base):  # type: ignore[misc]
        missing_glyphs = missing
        crisp_nudged = False
        # PNG glyphs come from the SVG's own subsets, hinted as Chromium hints them
        raster_faces = RasterFaces(loaded.font_rules) if raster else None

        def _create_surface(self, width: float, height: float) -> Any:
            return make_surface(width, height)

        def draw(self, node: Any) -> None:
            # shape-rendering: crispEdges draws without anti-aliasing. Skia rounds an edge at
            # exactly half a pixel up (floor(x + 0.5)), cairo down: nudged by a fraction of a
            # device pixel, a 1 px line centred on a pixel edge covers the pixel Chromium fills.
            if not raster or self.crisp_nudged or (node.get("shape-rendering") or "").strip() != "crispEdges":
                super().draw(node)
                return
            matrix = self.context.get_matrix()
            xx, yx, xy, yy, x0, y0 = matrix.as_tuple()
            self.context.set_matrix(cairo.Matrix(xx, yx, xy, yy, x0 + _CRISP_NUDGE, y0 + _CRISP_NUDGE))
            self.crisp_nudged = True
            try:
                super().draw(node)
            finally:
                self.crisp_nudged = False
                self.context.set_matrix(matrix)

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
    markers = _marker_ids(tree)

    def visit(node: Any, parent: Any | None) -> None:
        _fix_colours(node, parent)
        _fix_transform(node)
        if node.tag == "marker":
            _fix_marker(node)
        for name in _MARKER_PROPERTIES:
            # A reference to no marker draws nothing (CairoSVG would fail on it).
            if name in node and parse_url(node[name]).fragment not in markers:
                del node[name]
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


def _fix_transform(node: Any) -> None:
    value = node.get("transform")
    if value and not _is_svg_transform(value):
        node["transform"] = _svg_transform(value)


def _is_svg_transform(value: str) -> bool:
    """Whether ``value`` is already in SVG syntax (plain numbers, SVG's functions)."""
    for name, arguments in _TRANSFORM_FUNCTION.findall(value):
        if name not in ("matrix", "translate", "scale", "rotate", "skewX", "skewY"):
            return False
        if any(character.isalpha() and character not in "eE" for character in arguments):
            return False
    return True


def _svg_transform(value: str) -> str:
    """A CSS ``transform`` (``rotate(45deg) translateX(4px)``) in SVG syntax (``rotate(45)
    translate(4 0)``); a function or argument it cannot read ends the list there, as a browser
    drops an invalid declaration (then nothing is transformed)."""
    parts = []
    for name, arguments in _TRANSFORM_FUNCTION.findall(value):
        numbers = []
        for argument in arguments.replace(",", " ").split():
            match = _TRANSFORM_ARGUMENT.match(argument)
            if match is None:
                return ""
            number, unit = float(match.group(1)), match.group(2).lower()
            if name.lower().startswith(("rotate", "skew")):
                if unit not in _ANGLE_UNITS:
                    return ""
                number *= _ANGLE_UNITS[unit]
            elif unit not in ("", "px"):
                return ""
            numbers.append(number)
        function = _svg_function(name, numbers)
        if function is None:
            return ""
        parts.append(function)
    return " ".join(parts)


def _svg_function(name: str, numbers: list[float]) -> str | None:
    """One CSS transform function as an SVG one (``None`` for one SVG has no equivalent of)."""
    text = " ".join(f"{number:.10g}" for number in numbers)
    key = name.lower()
    count = len(numbers)
    if key in ("matrix", "translate", "scale", "rotate", "skewx", "skewy") and count:
        svg_name = {"skewx": "skewX", "skewy": "skewY"}.get(key, key)
        return f"{svg_name}({text})"
    if key in ("translatex", "translatey") and count == 1:
        return f"translate({text} 0)" if key == "translatex" else f"translate(0 {text})"
    if key in ("scalex", "scaley") and count == 1:
        return f"scale({text} 1)" if key == "scalex" else f"scale(1 {text})"
    if key == "rotatez" and count == 1:
        return f"rotate({text})"
    if key == "skew" and count in (1, 2):
        x_tangent = math.tan(math.radians(numbers[0]))
        y_tangent = math.tan(math.radians(numbers[1])) if count == 2 else 0.0
        return f"matrix(1 {y_tangent:.10g} {x_tangent:.10g} 1 0 0)"
    return None


def _marker_ids(tree: Any) -> set[str]:
    found = set()
    pending = [tree]
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        if node.tag == "marker" and node.get("id"):
            found.add(node["id"])
    return found


def _fix_marker(node: Any) -> None:
    """A marker without a ``viewBox`` draws its content in marker units, clipped to
    ``markerWidth`` x ``markerHeight``; CairoSVG instead stretches the content's bounding box
    over that box (autonumber circles and arrowheads came out several times too large). The
    ``viewBox`` ``0 0 markerWidth markerHeight`` means exactly the drawing the spec asks for."""
    if node.get("viewBox"):
        return
    width = node.get("markerWidth", "3")
    height = node.get("markerHeight", "3")
    if _absolute(width) > 0 and _absolute(height) > 0 and not width.strip().endswith("%"):
        node["viewBox"] = f"0 0 {_absolute(width):g} {_absolute(height):g}"


def _drop_shadow_filters(tree: Any) -> dict[str, _Shadow]:
    """``id -> shadow`` of filters that are one ``feDropShadow`` in user space units."""
    found: dict[str, _Shadow] = {}
    pending = [tree]
    while pending:
        node = pending.pop()
        pending.extend(node.children)
        if node.tag != "filter" or not node.get("id") or len(node.children) != 1:
            continue
        (primitive,) = node.children
        if primitive.tag != "feDropShadow" or node.get("primitiveUnits") == "objectBoundingBox":
            continue
        deviations = (primitive.get("stdDeviation") or "2").replace(",", " ").split()
        found[node["id"]] = _Shadow(
            _absolute(primitive.get("dx", "2")),
            _absolute(primitive.get("dy", "2")),
            max(0.0, _absolute(deviations[0] if deviations else "2")),
            normalize_colour(primitive.get("flood-color") or "black"),
            min(1.0, max(0.0, _absolute(primitive.get("flood-opacity", "1")) or 0.0)),
        )
    return found


def _css_drop_shadow(value: str) -> _Shadow | None:
    """The shadow of a CSS ``filter`` that is one ``drop-shadow()`` function, else ``None``."""
    match = _DROP_SHADOW.match(value)
    if match is None:
        return None
    inside = match.group(1)
    colour_start = min((inside.find(name) for name in ("rgb", "hsl", "#") if name in inside), default=-1)
    colour = "black"
    lengths_text = inside
    if colour_start >= 0:
        colour = inside[colour_start:].strip()
        lengths_text = inside[:colour_start]
        if ")" in colour and not colour.endswith(")"):  # a colour first, lengths after it
            colour, lengths_text = colour[: colour.index(")") + 1], colour[colour.index(")") + 1 :]
    else:
        words = inside.split()
        if words and not _LENGTH.match(words[-1]):
            colour, lengths_text = words[-1], " ".join(words[:-1])
    lengths = lengths_text.split()
    if not 2 <= len(lengths) <= 3 or not all(_LENGTH.match(length) for length in lengths):
        return None
    numbers = [float(length.removesuffix("px")) for length in lengths]
    rgba = parse_colour(colour) or (COLORS.get(colour.strip().lower()) if colour.strip().lower() in COLORS else None)
    if rgba is None:
        return None
    red, green, blue, alpha = rgba
    blur = numbers[2] / 2 if len(numbers) == 3 else 0.0
    hex_colour = "#{:02x}{:02x}{:02x}".format(*(round(channel * 255) for channel in (red, green, blue)))
    return _Shadow(numbers[0], numbers[1], max(0.0, blur), hex_colour, alpha)


def _shadow_for(node: Any, shadows: dict[str, _Shadow]) -> Any | None:
    """A copy of ``node`` in its shadow's colour, offset, to draw beneath it, if it has a drop
    shadow filter (CairoSVG ignores both ``feDropShadow`` and CSS ``drop-shadow()``): as it is
    without blur, else in a node that draws its silhouette blurred (standard deviation = half
    the CSS blur radius, or ``stdDeviation``) as a mask (:func:`_draw_blurred_shadow`); in a
    PDF that mask is an image at twice the page's resolution."""
    name = node.get("filter")
    if not name:
        return None
    shadow = _css_drop_shadow(name)
    if shadow is None:
        fragment = parse_url(name).fragment
        if fragment not in shadows:
            return None
        shadow = shadows[fragment]
    del node["filter"]  # the copy is the whole effect; no need for CairoSVG's filter group
    opacity = shadow.opacity * _absolute(node.get("opacity", "1") or "1")
    if opacity <= 0:
        return None
    body = _recoloured_copy(node, shadow.colour)
    body.pop("transform", None)
    body.pop("transform-origin", None)
    body.pop("opacity", None)
    wrapper = copy.copy(node)
    wrapper.clear()
    transform = node.get("transform", "")
    wrapper["transform"] = f"{transform} translate({shadow.dx} {shadow.dy})".strip()
    if node.get("transform-origin"):
        wrapper["transform-origin"] = node["transform-origin"]
    if shadow.blur <= 0:
        wrapper.tag = "g"
        wrapper.children = [body]
        wrapper["opacity"] = str(opacity)
        return wrapper
    wrapper.tag = SHADOW_TAG
    wrapper.children = []
    wrapper["fill"] = "none"
    wrapper["stroke"] = "none"
    rgba = parse_colour(shadow.colour) or (0.0, 0.0, 0.0, 1.0)
    wrapper.shadow_body = body
    wrapper.shadow_blur = shadow.blur
    wrapper.shadow_rgba = (*rgba[:3], opacity)
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


def _pixels(value: str | None) -> float:
    """A length in CSS pixels (a number, or with ``px``), else 0."""
    match = _PIXELS.match(value or "")
    return float(match.group(1)) if match else 0.0


def _absolute(value: str | None) -> float:
    match = _NUMBER.match(value or "")
    return float(match.group(1)) if match else 0.0
