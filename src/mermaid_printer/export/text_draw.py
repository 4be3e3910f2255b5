"""Drawing shaped SVG text with cairo: the last step of :mod:`.text`.

Glyphs go out with ``cairo_show_text_glyphs`` (positions plus the characters they stand for), so
a PDF carries selectable, searchable text in the embedded font. Synthetic styles are drawn as
Chromium draws them: italic slanted like Skia's fake oblique, bold grown by 1/48 em each side.
On raster output glyphs sit where Chromium's rasterizer puts them: the baseline on a whole device
pixel, each glyph along the line on a quarter pixel (Skia's subpixel positions), drawn as its
(hinted) outline filled there, since cairo's glyph cache would round it to a whole pixel.
"""

from __future__ import annotations

import math
import struct
from typing import TYPE_CHECKING, Any

from mermaid_printer.export import cairo_unavailable

try:  # the system library (see converter.py)
    import cairocffi as cairo
    from cairosvg.helpers import paint
except (OSError, ImportError) as _missing:
    raise cairo_unavailable(_missing) from None

if TYPE_CHECKING:
    from mermaid_printer.export.text import _Run

__all__ = ["draw_run"]

_SYNTHETIC_OBLIQUE = -0.25  # Skia's fake-italic skew, which Chromium uses
_SYNTHETIC_BOLD_OUTSET = 1 / 48  # em per side: Chromium's fake bold (as text_measure.js has it)
_FONT_PX_PER_DRAW = 1000.0  # largest glyph size (device pixels) handed to FreeType
_MAX_FONT_PX = 100_000.0  # larger font sizes are not drawn at all
_SKIA_NEARLY_ZERO = 1 / 4096


def draw_run(surface: Any, run: _Run, stroke_width: float, font_face: Any = None) -> None:
    """Draw one shaped run: glyphs with their characters, synthetic bold, stroke, decorations.

    Args:
        surface: the CairoSVG surface drawing the SVG.
        run: the run, shaped and placed by :mod:`.text`.
        stroke_width: the text's stroke width in user units.
        font_face: the cairo font face to draw with (a PNG's, see :mod:`.raster_faces`);
            ``None``: the face's whole instance.
    """
    if not run.glyphs:
        return
    context = surface.context
    node = run.element.node
    face = run.face
    px = run.element.font_px
    if not 0 < px < _MAX_FONT_PX:  # font-size 0 draws nothing; absurd sizes are not drawn
        return
    if run.fitted is not None and run.fitted.missing:
        missing = getattr(surface, "missing_glyphs", None)
        if missing is not None:
            missing.codepoints.update(ord(char) for char in run.text)
    glyphs = run.glyphs
    raster = isinstance(context.get_target(), cairo.ImageSurface)
    if raster:
        glyphs = _on_skia_grid(context, glyphs)
    visible = (node.get("visibility") or "visible").strip() not in ("hidden", "collapse")
    fill = _paint_colour(node.get("fill", "black"))
    stroke = _paint_colour(node.get("stroke"))

    context.save()
    if raster:  # shape-rendering (crispEdges) is for shapes: Chromium anti-aliases text anyway
        context.set_antialias(cairo.ANTIALIAS_DEFAULT)
    # FreeType refuses huge sizes: past _FONT_PX_PER_DRAW device pixels, draw smaller glyphs
    # under a scaled context (the same outlines, as vectors in a PDF too).
    xx, yx, xy, yy, _x0, _y0 = context.get_matrix().as_tuple()
    device_px = px * abs(xx * yy - xy * yx) ** 0.5
    shrink = max(1.0, device_px / _FONT_PX_PER_DRAW)
    if shrink > 1:
        context.scale(shrink, shrink)
        glyphs = [(glyph, x / shrink, y / shrink) for glyph, x, y in glyphs]
    size = px / shrink
    skew = _SYNTHETIC_OBLIQUE * size if run.choice.synthetic_italic else 0.0
    context.set_font_face(font_face if font_face is not None else _font_face(face.fc_name))
    context.set_font_matrix(cairo.Matrix(size * run.x_scale, 0, skew, size, 0, 0))
    if raster and (skew or _turned(xx, yx, xy, yy)):
        # Skia hints no glyph slanted by a synthetic italic or turned off the pixel axes.
        options = context.get_font_options()
        options.set_hint_style(cairo.HINT_STYLE_NONE)
        context.set_font_options(options)

    if not surface.stroke_and_fill:  # inside a clipPath: contribute outlines, paint nothing
        context.glyph_path(glyphs)
        context.restore()  # the path survives restore
        return
    if visible and fill is not None:
        alpha = _float(node.get("fill-opacity"), 1.0) * run.element.alpha
        context.set_source_rgba(*surface.map_color(fill, alpha))
        if raster:  # at quarter pixels: cairo would draw its cached glyphs on whole ones
            context.new_path()
            context.glyph_path(glyphs)
            context.fill()
        elif run.clusters:
            context.show_text_glyphs(run.text, glyphs, run.clusters, 0)
        else:
            context.show_glyphs(glyphs)
        if run.choice.synthetic_bold:
            # Chromium's fake bold (FreeType's embolden): outlines grown by size / 48 each side,
            # advances unchanged; drawn as an outline stroke over the (selectable) text.
            context.new_path()
            context.glyph_path(glyphs)
            context.set_line_width(size * 2 * _SYNTHETIC_BOLD_OUTSET)
            context.set_line_join(cairo.LINE_JOIN_ROUND)
            context.stroke()
    if visible and stroke is not None and stroke_width > 0:
        alpha = _float(node.get("stroke-opacity"), 1.0) * run.element.alpha
        context.new_path()
        context.glyph_path(glyphs)
        context.set_line_width(stroke_width / shrink)
        context.set_source_rgba(*surface.map_color(stroke, alpha))
        context.stroke()
    context.restore()
    if visible and fill is not None:
        context.set_source_rgba(*surface.map_color(fill, _float(node.get("fill-opacity"), 1.0) * run.element.alpha))
        _draw_decorations(context, run)


_FONT_FACES: dict[str, Any] = {}


def _font_face(fc_name: str) -> Any:
    """The cairo font face of a vendored instance, kept for the process and first resolved with
    hinting allowed.

    cairo resolves a face's fontconfig pattern once, with the font options of its first use, and
    keeps "no hinting" from then on: a PDF drawn first (unhinted outlines) would leave every later
    PNG unhinted. Resolved hinted, each drawing gets the hinting its own options ask for.
    """
    face = _FONT_FACES.get(fc_name)
    if face is None:
        face = cairo.ToyFontFace(fc_name, cairo.FONT_SLANT_NORMAL, cairo.FONT_WEIGHT_NORMAL)
        options = cairo.FontOptions()
        options.set_hint_style(cairo.HINT_STYLE_SLIGHT)
        cairo.ScaledFont(face, cairo.Matrix(), cairo.Matrix(), options)
        _FONT_FACES[fc_name] = face
    return face


def _on_skia_grid(context: Any, glyphs: list[tuple[int, float, float]]) -> list[tuple[int, float, float]]:
    """Glyph origins where Chromium's rasterizer places them. Raster output only.

    Skia maps the glyph origin through the transform in single precision and keeps four
    subpixel positions along the direction the transform maps the line to, whole pixels across
    it (both axes on quarters when the line is neither horizontal nor vertical): a coordinate
    goes to the step below it plus half a step. The baseline of horizontal text at exactly half
    a pixel goes down a row (not to the even row, as ``round`` would), and one a millionth
    short of it (``42.499999`` from the SVG's six decimals, single precision ``42.5``) goes down
    with it; along the line 10.125 is drawn at 10.25, 10.875 at 11.
    """
    xx, yx, xy, yy, x0, y0 = context.get_matrix().as_tuple()
    # How the transform maps the x axis (Skia's axis alignment): steps per pixel in x and in y.
    x_steps, y_steps = (4, 1) if _nearly_zero(yx) else (1, 4) if _nearly_zero(xx) else (4, 4)
    snapped = []
    for glyph, x, y in glyphs:
        device_x, device_y = context.user_to_device(x, y)
        single_x = _single(_single(_single(xx * x) + _single(xy * y)) + _single(x0))
        single_y = _single(_single(_single(yx * x) + _single(yy * y)) + _single(y0))
        column, row = _step(single_x, device_x, x_steps), _step(single_y, device_y, y_steps)
        snapped.append((glyph, *context.device_to_user(column, row)))
    return snapped


def _turned(xx: float, yx: float, xy: float, yy: float) -> bool:
    """Whether the transform turns text off the pixel axes (a quarter turn keeps it on them)."""
    return not ((_nearly_zero(xy) and _nearly_zero(yx)) or (_nearly_zero(xx) and _nearly_zero(yy)))


def _nearly_zero(value: float) -> bool:
    """Zero as Skia tests a matrix entry (``SkScalarNearlyZero``): a turn by 90 degrees leaves
    a cosine of about 6e-17, which counts as zero."""
    return abs(value) <= _SKIA_NEARLY_ZERO


def _step(single: float, double: float, steps: int) -> float:
    """A device coordinate (``single``: in single precision) on the grid of ``steps`` per pixel,
    as Skia rounds a glyph origin; past single precision's range, ``double`` rounded."""
    if not math.isfinite(single):
        return round(double * steps) / steps
    return math.floor(_single(single + 0.5 / steps) * steps) / steps


def _single(value: float) -> float:
    """``value`` rounded to single precision (infinite past its range)."""
    try:
        return float(struct.unpack("f", struct.pack("f", value))[0])
    except (OverflowError, struct.error):
        return math.inf


def _draw_decorations(context: Any, run: _Run) -> None:
    decoration = run.element.node.get("text-decoration") or ""
    if not decoration or decoration.strip() == "none":
        return
    face = run.face
    scale = run.element.font_px / face.units_per_em
    baseline = run.glyphs[0][2]
    lines = []  # (top of the line above the baseline, thickness), font units: post and OS/2 say "top"
    if "underline" in decoration:
        lines.append((face.underline_position, face.underline_thickness))
    if "line-through" in decoration:
        lines.append((face.strikeout_position, face.strikeout_thickness))
    if "overline" in decoration:
        lines.append((run.element.font.first.face.ascent, face.underline_thickness))
    for top, thickness in lines:
        context.rectangle(run.x_start, baseline - top * scale, run.x_end - run.x_start, max(thickness * scale, 0.5))
    context.fill()


def _paint_colour(value: str | None) -> str | None:
    """The colour a fill/stroke paint draws text with, or ``None`` for no paint."""
    source, colour = paint(value)
    if source is not None:  # a gradient or pattern: use its fallback colour, else black
        colour = colour or "black"
    if not colour or colour.strip() in ("none", "transparent"):
        return None
    return str(colour).strip()


def _float(value: str | None, default: float) -> float:
    if value is None:
        return default
    try:
        return min(1.0, max(0.0, float(value)))
    except ValueError:
        return default
