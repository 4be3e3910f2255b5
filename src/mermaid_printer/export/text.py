"""SVG text for the converter, laid out the way Chromium lays it out, drawn as real PDF text.

CairoSVG's own text drawing falls short on Mermaid's SVG in ways that show: it anchors
``text-anchor: middle`` per ``<tspan>`` instead of per text chunk (Mermaid puts every word of a
label in its own tspan, so the words pile up on the centre), it measures with cairo's toy API
(no kerning), it never draws spaces (so a PDF viewer's search finds "Paynow", not "Pay now"),
and it ignores underline. So each ``<text>`` element (without ``textPath`` or ``rotate``, which
CairoSVG keeps) is taken over: :func:`take_over_text` marks it with :data:`TEXT_TAG`, and
:func:`draw_text` (registered for that tag) draws it in one go, following SVG 2's text layout:

1. characters in document order with the whitespace CairoSVG already collapsed, each with the
   ``x``/``y``/``dx``/``dy`` its closest positioned element gives it;
2. runs of characters with one element and one font file (see :mod:`mermaid_printer.fonts.resolve`
   for how a file is chosen), shaped by HarfBuzz with the same bytes cairo draws. A character the layout measured
   a width for but no file of the measuring face draws (a stand-in glyph, or the missing-glyph
   box) is a run of its own, its glyph fitted into that width (see :func:`_fit`);
3. text chunks (a new one at every absolute ``x`` or ``y``), each moved as a whole for
   ``text-anchor``;
4. the baseline moved for ``dominant-baseline`` / ``alignment-baseline`` with the font metrics
   Chromium uses (ascent and descent rounded to whole pixels, as ``text_measure.js`` does);
5. drawn with ``cairo_show_text_glyphs`` (:mod:`.text_draw`): glyph positions plus the characters
   they stand for, so the PDF carries selectable, searchable text (spaces included) in the
   embedded font.

Not modelled (rare in Mermaid output): bidirectional reordering, vertical writing,
``baseline-shift``, ``word-spacing``, gradient-filled text (drawn in the gradient's fallback
colour, else black). Where the chosen face lacks the style or weight asked for, the text is
synthesized as Chromium does it: italic slanted like Skia's synthetic oblique (skew -1/4), bold
(600 or more from a lighter face) with outlines grown by 1/48 em each side.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import uharfbuzz as hb

from mermaid_printer.export import cairo_unavailable

try:  # the system library (see converter.py)
    import cairocffi as cairo
    from cairosvg.helpers import normalize, size
except (OSError, ImportError) as _missing:
    raise cairo_unavailable(_missing) from None

from mermaid_printer.export.text_draw import draw_run
from mermaid_printer.fonts import ConverterFonts, DrawnGlyph, Face, FaceChoice, ResolvedFont, converter_fonts

__all__ = ["TEXT_TAG", "MissingGlyphs", "draw_text", "take_over_text"]

#: The tag a taken-over ``<text>`` node carries; CairoSVG's ``TAGS`` maps it to :func:`draw_text`.
TEXT_TAG = "mermaid-printer:text"

_ZERO_WIDTH = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")
_ZWJ = "\u200d"
# What makes a character below U+2000 start an emoji (VS16, the keycap mark): text_measure.js.
_EMOJI_MARKS = ("\ufe0f", "\u20e3")


def _dropped_unless_joining_emoji(match: re.Match[str]) -> str:
    """A zero-width character goes, but a zero-width joiner between two characters from U+2000
    on stays: it may join them into one emoji (see ``_emoji_sequence_length``); one that does
    not is dropped when the runs are made."""
    text, at = match.string, match.start()
    if match.group() != _ZWJ or not 0 < at < len(text) - 1:
        return ""
    return _ZWJ if ord(text[at - 1]) >= 0x2000 and ord(text[at + 1]) >= 0x2000 else ""


# The longest emoji sequence looked for (a family of four joined by ZWJs, with skin tones: 11).
_LONGEST_EMOJI_SEQUENCE = 16
_WEIGHTS = {"normal": 400, "bold": 700, "bolder": 700, "lighter": 100}


class MissingGlyphs:
    """Collects the characters no vendored font could draw during one conversion."""

    def __init__(self) -> None:
        self.codepoints: set[int] = set()


def take_over_text(node: Any) -> bool:
    """Mark a CairoSVG ``text`` node to be drawn by :func:`draw_text`; ``False`` if we leave it.

    Its children (tspans and text runs) move to ``node.text_nodes`` so CairoSVG does not draw
    them a second time.
    """
    if _has_unsupported(node):
        return False
    node.text_nodes = node.children
    node.children = []
    node.tag = TEXT_TAG
    return True


def _has_unsupported(node: Any) -> bool:
    if node.tag == "textPath" or "rotate" in node:
        return True
    return any(_has_unsupported(child) for child in node.children)


@dataclass
class _Element:
    """A text-content element (the ``<text>``, a ``<tspan>``, or an anonymous run)."""

    node: Any
    parent: _Element | None
    font_px: float
    weight: int
    italic: bool
    css_families: str | None
    font: ResolvedFont
    alpha: float  # product of the opacities down to here
    start: int = 0  # first character of this element's subtree
    end: int = 0


@dataclass
class _Char:
    char: str
    element: _Element
    x: float | None = None
    y: float | None = None
    dx: float = 0.0
    dy: float = 0.0


@dataclass
class _Run:
    """Consecutive characters of one element drawn from one face, after shaping."""

    element: _Element
    choice: FaceChoice  # the family's face (and what is synthesized)
    face: Face  # the instance file drawing it
    start: int  # index of the first character
    text: str
    glyphs: list[tuple[int, float, float]] = field(default_factory=list)
    clusters: list[tuple[int, int]] = field(default_factory=list)
    fitted: DrawnGlyph | None = None  # one character whose glyph is fitted into a measured width
    shaped: str | None = None  # what is shaped when not all of ``text`` (an emoji sequence's first)
    x_scale: float = 1.0  # horizontal scale of a fitted glyph
    x_start: float = 0.0
    x_end: float = 0.0
    baseline: float = 0.0


def draw_text(surface: Any, node: Any) -> None:
    """Draw a taken-over text node on ``surface`` (a CairoSVG surface) at its current transform."""
    if (node.get("display") or "").strip() == "none":  # CairoSVG calls us before it checks
        return
    fonts = converter_fonts()
    chars, elements = _characters(surface, node, fonts)
    if not chars:
        return
    _assign_positions(surface, chars, elements)
    runs = _shape(chars, surface)
    context = surface.context
    context.save()
    context.new_path()
    options = cairo.FontOptions()
    # Raster text is hinted as Chromium hints it (FreeType's light hinting: heights on whole
    # pixels, advances unhinted); a PDF keeps the outlines as designed.
    raster = isinstance(context.get_target(), cairo.ImageSurface)
    options.set_hint_style(cairo.HINT_STYLE_SLIGHT if raster else cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    context.set_font_options(options)
    raster_faces = getattr(surface, "raster_faces", None) if raster else None
    for run in runs:
        font_face = None
        if raster_faces is not None and run.text:
            font_face = raster_faces.font_face(run.face, run.element.css_families, run.text[0])
        stroke_width = _length(surface, run.element.node.get("stroke-width", "1"), run.element.font_px, "xy")
        draw_run(surface, run, stroke_width, font_face)
    context.restore()
    # CairoSVG fills and strokes the current path after this returns: leave none.
    context.new_path()


# --- 1. characters ------------------------------------------------------------------------


def _characters(surface: Any, root: Any, fonts: ConverterFonts) -> tuple[list[_Char], list[_Element]]:
    chars: list[_Char] = []
    elements: list[_Element] = []
    root_weight = _weight(root.get("font-weight"), _inherited_weight(root.parent))
    root_italic = _italic(root.get("font-style"))
    root_element = _Element(
        node=root,
        parent=None,
        font_px=_node_font_px(surface, root, fonts),
        weight=root_weight,
        italic=root_italic,
        css_families=root.get("font-family"),
        font=fonts.font(root.get("font-family"), root_weight, root_italic),
        alpha=_opacity(root),
    )

    def visit(element: _Element, children: list[Any]) -> None:
        element.start = len(chars)
        elements.append(element)
        text = _ZERO_WIDTH.sub(_dropped_unless_joining_emoji, element.node.text or "")
        chars.extend(_Char(char, element) for char in text)
        for child in children:
            if child.get("display") == "none":
                continue
            node_parent = element.node
            font_px = element.font_px
            if child.get("font-size") and child.get("font-size") != node_parent.get("font-size"):
                font_px = _font_size(surface, child.get("font-size"), element)
            weight = element.weight
            if child.get("font-weight") != node_parent.get("font-weight"):
                weight = _weight(child.get("font-weight"), element.weight)
            italic = element.italic
            if child.get("font-style") != node_parent.get("font-style"):
                italic = _italic(child.get("font-style"))
            css_families = element.css_families
            if child.get("font-family") != node_parent.get("font-family"):
                css_families = child.get("font-family")
            font = element.font
            if (weight, italic, css_families) != (element.weight, element.italic, element.css_families):
                font = fonts.font(css_families, weight, italic)
            visit(
                _Element(child, element, font_px, weight, italic, css_families, font, element.alpha * _opacity(child)),
                list(child.children),
            )
        element.end = len(chars)

    visit(root_element, list(getattr(root, "text_nodes", [])))
    return chars, elements


def _node_font_px(surface: Any, node: Any, fonts: ConverterFonts) -> float:
    """The computed font size of ``node`` from its ancestors' (CairoSVG copies inherited values
    down, so a value equal to the parent's is the parent's, not a second relative step)."""
    if node is None:
        return 16.0  # CSS medium
    parent = node.parent
    value = node.get("font-size")
    if not value or (parent is not None and parent.get("font-size") == value):
        return _node_font_px(surface, parent, fonts)
    parent_px = _node_font_px(surface, parent, fonts)
    css_families = parent.get("font-family") if parent is not None else None
    holder = _Element(parent, None, parent_px, 400, False, css_families, fonts.font(css_families, 400, False), 1.0)
    return _font_size(surface, value, holder)


def _inherited_weight(node: Any) -> int:
    if node is None:
        return 400
    return _weight(node.get("font-weight"), 400)


def _weight(value: str | None, parent: int) -> int:
    if not value:
        return parent
    value = value.strip().lower()
    if value in _WEIGHTS:
        return _WEIGHTS[value]
    try:
        number = float(value)
    except ValueError:
        return parent
    return int(min(1000, max(1, number)))


def _italic(value: str | None) -> bool:
    """Whether a ``font-style`` asks for italic (oblique counts, as in text_measure.js)."""
    text = (value or "").strip()
    return text == "italic" or text.startswith("oblique")


def _opacity(node: Any) -> float:
    try:
        return min(1.0, max(0.0, float(node.get("opacity", 1))))
    except ValueError:
        return 1.0


def _font_size(surface: Any, value: str, parent: _Element) -> float:
    """A ``font-size`` in px; ``ex`` is the parent font's x-height, as in Chromium (CairoSVG
    takes half an em)."""
    text = value.strip()
    if text.endswith("ex"):
        try:
            first = parent.font.first.face
            x_height = first.x_height / first.units_per_em
            return float(text[:-2]) * x_height * parent.font_px
        except ValueError:
            return parent.font_px
    size_px = _length(surface, text, parent.font_px, "xy")
    return size_px if size_px >= 0 else parent.font_px  # a negative size is invalid: inherited


def _length(surface: Any, value: str, font_px: float, reference: str) -> float:
    """A length in user units; ``em``/``ex`` relative to ``font_px``."""
    saved = surface.font_size
    surface.font_size = font_px
    try:
        return float(size(surface, value, reference))
    except ValueError:
        return 0.0
    finally:
        surface.font_size = saved


def _lengths(surface: Any, value: str | None, font_px: float, reference: str) -> list[float]:
    if not value:
        return []
    return [_length(surface, part, font_px, reference) for part in normalize(value).split()]


# --- 2. positions ---------------------------------------------------------------------------


def _assign_positions(surface: Any, chars: list[_Char], elements: list[_Element]) -> None:
    """Give each character the x/y/dx/dy of its closest element that sets one (outer first)."""
    for element in elements:  # document order: an inner element overrides its ancestors
        node = element.node
        for attribute, reference in (("x", "x"), ("y", "y"), ("dx", "x"), ("dy", "y")):
            values = _lengths(surface, node.get(attribute), element.font_px, reference)
            for offset, value in enumerate(values[: element.end - element.start]):
                setattr(chars[element.start + offset], attribute, value)


# --- 3. shaping, chunks and anchors ------------------------------------------------------------


def _shape(chars: list[_Char], surface: Any) -> list[_Run]:
    runs = _split_runs(chars)
    pen_x = pen_y = 0.0
    chunk: list[_Run] = []
    chunk_start = 0.0
    chunk_anchor = "start"
    for run in runs:
        first = chars[run.start]
        if first.x is not None or first.y is not None or not chunk:
            _anchor(chunk, chunk_start, pen_x, chunk_anchor)
            chunk = []
            pen_x = first.x if first.x is not None else pen_x
            pen_y = first.y if first.y is not None else pen_y
            chunk_start = pen_x
            chunk_anchor = (first.element.node.get("text-anchor") or "start").strip()
        pen_x, pen_y = _place(run, chars, pen_x, pen_y)
        chunk.append(run)
    _anchor(chunk, chunk_start, pen_x, chunk_anchor)
    return runs


def _split_runs(chars: list[_Char]) -> list[_Run]:
    runs: list[_Run] = []
    current: _Run | None = None
    index = 0
    while index < len(chars):
        char = chars[index]
        element = char.element
        sequence = _emoji_sequence_length(chars, index)
        if sequence > 1:
            # Measured as one colour emoji: its first character's glyph stands for it.
            drawn = element.font.draw_emoji(ord(char.char))
            text = "".join(part.char for part in chars[index : index + sequence])
            current = _Run(
                element=element, choice=drawn.choice, face=drawn.instance, start=index, text=text, fitted=drawn
            )
            current.shaped = char.char
            runs.append(current)
            index += sequence
            continue
        if char.char == _ZWJ:  # joined no emoji: drawn by nothing, and the run ends at it
            current = None
            index += 1
            continue
        drawn = element.font.draw(ord(char.char))
        fitted = drawn if drawn.width is not None else None
        starts_chunk = char.x is not None or char.y is not None
        if (
            current is None
            or fitted is not None
            or current.fitted is not None
            or starts_chunk
            or current.element is not element
            or current.face is not drawn.instance
        ):
            current = _Run(
                element=element, choice=drawn.choice, face=drawn.instance, start=index, text="", fitted=fitted
            )
            runs.append(current)
        current.text += char.char
        index += 1
    return runs


def _emoji_sequence_length(chars: list[_Char], index: int) -> int:
    """How many characters from ``chars[index]`` the layout measured as one colour emoji: within
    one element, and none after the first placed on its own (``x``/``y``)."""
    element = chars[index].element
    if chars[index].char < "\u2000" and (index + 1 == len(chars) or chars[index + 1].char not in _EMOJI_MARKS):
        return 0  # most text: no emoji starts here, and nothing more to look at
    end = index + 1
    while end < len(chars) and end - index < _LONGEST_EMOJI_SEQUENCE:
        following = chars[end]
        if following.element is not element or following.x is not None or following.y is not None:
            break
        end += 1
    return element.font.emoji_sequence_length("".join(char.char for char in chars[index:end]))


def _place(run: _Run, chars: list[_Char], pen_x: float, pen_y: float) -> tuple[float, float]:
    """Shape ``run`` starting at the pen; returns the pen after it."""
    element = run.element
    scale = element.font_px / run.face.units_per_em
    letter_spacing = _letter_spacing(element)
    run.baseline = _baseline_shift(element)
    run.x_start = pen_x
    fitted = run.fitted
    if fitted is not None and fitted.width is not None:
        char = chars[run.start]
        pen_x, pen_y = pen_x + char.dx, pen_y + char.dy
        _place_fitted(run, fitted, fitted.width, pen_x, pen_y + run.baseline, scale)
        run.x_end = pen_x + fitted.width * element.font_px + letter_spacing
        return run.x_end, pen_y

    buffer = hb.Buffer()
    buffer.add_codepoints([ord(char) for char in run.text])
    buffer.guess_segment_properties()
    hb.shape(run.face.font, buffer)
    infos, positions = buffer.glyph_infos, buffer.glyph_positions
    applied = 0  # characters whose dx/dy are already applied
    cluster_glyphs: list[int] = []
    cluster_starts: list[int] = []
    for info, position in zip(infos, positions, strict=True):
        cluster = info.cluster
        if not cluster_starts or cluster != cluster_starts[-1]:
            if cluster_starts:
                pen_x += letter_spacing
            while applied <= cluster and applied < len(run.text):
                char = chars[run.start + applied]
                pen_x += char.dx
                pen_y += char.dy
                applied += 1
            cluster_starts.append(cluster)
            cluster_glyphs.append(0)
        cluster_glyphs[-1] += 1
        run.glyphs.append(
            (
                info.codepoint,
                pen_x + position.x_offset * scale,
                pen_y - position.y_offset * scale + run.baseline,
            )
        )
        pen_x += position.x_advance * scale
        pen_y -= position.y_advance * scale
    if cluster_starts:
        pen_x += letter_spacing
    run.clusters = _clusters(run.text, cluster_starts, cluster_glyphs)
    run.x_end = pen_x
    return pen_x, pen_y


def _place_fitted(run: _Run, fitted: DrawnGlyph, width_em: float, x: float, y: float, scale: float) -> None:
    """Give a one-character run its glyphs at ``(x, y)``, fitted into the width the layout
    measured for the character (``width_em``)."""
    font = run.face.font
    placed: list[tuple[int, float, float]] = []  # glyph, x, y in font units from the pen
    if fitted.missing:
        placed.append((0, 0.0, 0.0))  # the missing-glyph box
        advance = float(font.get_glyph_h_advance(0))
    else:
        buffer = hb.Buffer()
        buffer.add_codepoints([ord(char) for char in (run.shaped or run.text)])
        buffer.guess_segment_properties()
        hb.shape(font, buffer)
        advance = 0.0
        for glyph, position in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True):
            placed.append((glyph.codepoint, advance + position.x_offset, float(position.y_offset)))
            advance += position.x_advance
    run.x_scale, shift = _fit(font, placed, advance, width_em * run.face.units_per_em, fitted.stretch)
    run.glyphs = [(glyph, x + (shift + dx * run.x_scale) * scale, y - dy * scale) for glyph, dx, dy in placed]
    run.clusters = [(len(run.text.encode("utf-8")), len(placed))]


def _fit(
    font: hb.Font, placed: list[tuple[int, float, float]], advance: float, width: float, stretch: bool
) -> tuple[float, float]:
    """Horizontal scale and shift (font units) that fit glyphs of natural ``advance`` into
    ``width``: stretched to fill it (box drawing joins its neighbours; the missing-glyph box
    shows the width), else their ink centred in it, narrowed only where it would not fit."""
    if stretch:
        return (width / advance if advance > 0 else 1.0), 0.0
    left, right = float("inf"), float("-inf")
    for glyph, x, _y in placed:
        extents = font.get_glyph_extents(glyph)
        if extents is not None and extents.width != 0:
            ink = (x + extents.x_bearing, x + extents.x_bearing + extents.width)
            left, right = min(left, *ink), max(right, *ink)
    if left >= right:  # no ink: keep the glyph's own spacing
        return 1.0, (width - advance) / 2
    x_scale = min(1.0, width / (right - left))
    return x_scale, (width - (right - left) * x_scale) / 2 - left * x_scale


def _clusters(text: str, starts: list[int], glyph_counts: list[int]) -> list[tuple[int, int]]:
    """Cairo's ``(bytes, glyphs)`` clusters from HarfBuzz's (character offsets, ascending).

    Empty for right-to-left runs (descending offsets): cairo then maps glyphs on its own.
    """
    if not starts or starts != sorted(starts):
        return []
    clusters = []
    for index, count in enumerate(glyph_counts):
        begin = 0 if index == 0 else starts[index]
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        clusters.append((len(text[begin:end].encode("utf-8")), count))
    return clusters


def _anchor(chunk: list[_Run], start: float, end: float, anchor: str) -> None:
    if not chunk or anchor not in ("middle", "end"):
        return
    shift = -(end - start) / 2 if anchor == "middle" else -(end - start)
    for run in chunk:
        run.glyphs = [(glyph, x + shift, y) for glyph, x, y in run.glyphs]
        run.x_start += shift
        run.x_end += shift


def _letter_spacing(element: _Element) -> float:
    value = element.node.get("letter-spacing")
    if not value or value == "normal":
        return 0.0
    try:
        return float(value.removesuffix("px"))
    except ValueError:
        return 0.0


# --- 4. baselines -----------------------------------------------------------------------------


def _baseline_shift(element: _Element) -> float:
    """How far down the glyphs move for the element's baseline alignment (user units)."""
    node = element.node
    alignment = (node.get("alignment-baseline") or "").strip()
    if alignment in ("", "auto", "baseline", "inherit"):
        alignment = (node.get("dominant-baseline") or "auto").strip()
    family = element.font.first.face
    px = element.font_px
    scale = px / family.units_per_em
    ascent, descent = family.ascent * scale, family.descent * scale
    if ascent >= 3 and ascent + descent >= 2:  # Chromium's whole-pixel metrics (text_measure.js)
        ascent, descent = float(round(ascent)), float(round(descent))
    if alignment == "central":
        return (ascent - descent) / 2
    if alignment == "middle":
        return family.x_height * scale / 2
    if alignment == "hanging":
        return ascent * 0.8
    if alignment == "mathematical":
        return ascent / 2
    if alignment in ("text-before-edge", "before-edge", "text-top"):
        return ascent
    if alignment in ("text-after-edge", "after-edge", "ideographic", "text-bottom", "bottom"):
        return -descent
    return 0.0
