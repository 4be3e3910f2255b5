"""PDF and PNG draw each character with the face the layout measured it with, at the width it
measured: the CSS list, then the default family (Tinos) and the system fallback (DejaVu Sans),
then the last-resort faces; symbols measured at Liberation's widths without a vendored glyph are
drawn from DejaVu Sans fitted into that width; characters no font has are boxes as wide as
measured, with a warning."""

from __future__ import annotations

import io
import json
from pathlib import Path

import _quickjs
import cairocffi as cairo
import pytest
from export.export_checks import base_fonts, dark_mask, ink_box, mapped_characters, pdftotext
from fontTools.pens.boundsPen import BoundsPen
from fontTools.pens.cairoPen import CairoPen
from fontTools.ttLib import TTFont

from mermaid_printer.bundles.shim import SHIM_DIR, shim_scripts
from mermaid_printer.export import text as export_text
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.export.text import _ZERO_WIDTH
from mermaid_printer.fonts import converter_fonts, last_resort_families, system_fallback_families, vendored_fonts
from mermaid_printer.resources import vendored_file

# An emoji variation selector is never measured alone: it joins the character before it into
# one colour emoji (text_measure.js), whatever that character is.
VS16 = 0xFE0F
# Every BMP character and the emoji planes, without those nobody draws (zero width) and VS16.
CODEPOINTS = [
    cp
    for cp in (*range(0x20, 0xD800), *range(0xE000, 0x10000), *range(0x1F000, 0x1FB00))
    if not _ZERO_WIDTH.match(chr(cp)) and cp != VS16
]
# (font-family, weight, style): the list's own families, the default family after a list
# (Recursive alone), the generic families that resolve to DejaVu, italic Open Sans and bold
# italic Arimo. The layout records what a list draws under the name a viewer looks it up by,
# so no list starts with a generic name ("Trebuchet MS" is not vendored: it names the rest).
FONTS = [
    ('"Recursive Variable", arial, sans-serif', 400, "normal"),
    ('"Recursive Variable"', 400, "normal"),
    ('"Trebuchet MS", monospace', 400, "normal"),
    ('"Trebuchet MS", system-ui', 700, "normal"),
    ('"Trebuchet MS", "Open Sans", serif', 400, "italic"),
    ('"Trebuchet MS", arial', 700, "italic"),
]
SIZE = 100  # px: the layout's 1/64 px rounding is then 0.00016 em


@pytest.fixture(scope="module")
def layout() -> _quickjs.Context:
    """The engine's text measurement in a bare QuickJS context."""
    context = _quickjs.Context()
    (metrics,) = [script for script in shim_scripts() if script.kind == "data"]  # as the engine loads it
    context.eval(f"globalThis.{metrics.publish_as} = {metrics.path.read_text(encoding='utf-8')};")
    context.eval((SHIM_DIR / "text_measure.js").read_text(encoding="utf-8"))
    return context


def measured_families(layout: _quickjs.Context, family: str, weight: int, style: str) -> dict[int, str]:
    """Which family the layout records drawing each codepoint with (no entry: no font has it)."""
    spec = {"family": family, "size": 16, "weight": weight, "style": style}
    recorded = json.loads(
        layout.eval(
            "(function(){const usage = new Map();"
            f"__printerRecordDrawnText({json.dumps(''.join(map(chr, CODEPOINTS)))}, {json.dumps(spec)}, usage);"
            "return JSON.stringify(Array.from(usage, ([k, v]) => [k.split('\\u0000')[1], Array.from(v)]));})()"
        )
    )
    return {cp: name for name, cps in recorded for cp in cps}


def measured_widths(
    layout: _quickjs.Context, family: str, weight: int, style: str, codepoints: list[int]
) -> list[float]:
    """The width (px at SIZE) the layout gives each codepoint alone."""
    spec = {"family": family, "size": SIZE, "weight": weight, "style": style}
    widths: list[float] = json.loads(
        layout.eval(
            f"JSON.stringify({json.dumps(codepoints)}.map((cp) => "
            f"__printerMeasureText(String.fromCodePoint(cp), {json.dumps(spec)}).width))"
        )
    )
    return widths


def drawn_widths(family: str, weight: int, italic: bool, codepoints: list[int]) -> list[float]:
    """The width (px at SIZE) the converter's text layout gives each codepoint alone."""
    font = converter_fonts().font(family, weight, italic)
    element = export_text._Element({}, None, SIZE, weight, italic, family, font, 1.0)
    # Each character at its own x: its own chunk and run.
    chars = [export_text._Char(chr(cp), element, x=0.0, y=0.0) for cp in codepoints]
    runs = export_text._shape(chars, None)
    return [run.x_end - run.x_start for run in runs]


@pytest.mark.parametrize(("family", "weight", "style"), FONTS)
def test_each_character_takes_the_face_the_layout_measured_it_with(
    layout: _quickjs.Context, family: str, weight: int, style: str
) -> None:
    measured = measured_families(layout, family, weight, style)
    font = converter_fonts().font(family, weight, style == "italic")

    def converter_family(codepoint: int) -> str | None:
        face = font.measured_with(codepoint)
        return face.family if face is not None else None

    differing = {
        cp: (measured.get(cp), converter_family(cp)) for cp in CODEPOINTS if measured.get(cp) != converter_family(cp)
    }
    assert differing == {}
    # What draws them (last-resort slices are made on first use: tests/export/test_last_resort_faces.py).
    not_as_measured = {}
    for cp in CODEPOINTS:
        face = font.measured_with(cp)
        if face is not None and face.family in last_resort_families():
            continue
        drawn = font.draw(cp)
        if face is None:
            expected = ("missing box", True)
        elif face.covers(cp):
            expected = (face.family, drawn.choice.face is face and drawn.width is None)
        else:  # measured at Liberation's width, no vendored glyph: a stand-in fitted into it
            expected = ("DejaVu Sans", drawn.width is not None)
        actual = "missing box" if drawn.missing else drawn.instance.family
        if (actual, True) != expected:
            not_as_measured[cp] = (expected, actual)
    assert not_as_measured == {}


def test_the_lists_cover_every_step_of_the_layouts_fallback(layout: _quickjs.Context) -> None:
    steps = {
        family: set(measured_families(layout, family, weight, style).values()) for family, weight, style in FONTS[:4]
    }

    assert {"Recursive Variable", "Arimo", "DejaVu Sans", "Noto Sans SC", "Noto Sans KR", "Noto Emoji"} <= steps[
        FONTS[0][0]
    ]
    assert {"Recursive Variable", "Tinos", "DejaVu Sans"} <= steps[FONTS[1][0]]  # the default family after a list
    assert {"DejaVu Sans Mono", "Tinos", "DejaVu Sans"} <= steps[FONTS[2][0]]
    assert "DejaVu Sans" in steps[FONTS[3][0]] and system_fallback_families() == ("DejaVu Sans",)
    # Symbols measured at Liberation's widths: with Arimo in the first list, with Tinos (the
    # default family) in the second.
    for family, weight, style in FONTS[:2]:
        font = converter_fonts().font(family, weight, style == "italic")
        measured = font.measured_with(ord("→"))
        assert measured is not None and measured.family == ("Arimo" if "arial" in family else "Tinos")
        assert font.draw(ord("→")).instance.family == "DejaVu Sans"


@pytest.mark.parametrize(("family", "weight", "style"), FONTS)
def test_each_character_is_as_wide_as_the_layout_measured_it(
    layout: _quickjs.Context, family: str, weight: int, style: str
) -> None:
    font = converter_fonts().font(family, weight, style == "italic")
    codepoints = [
        cp for cp in CODEPOINTS if (face := font.measured_with(cp)) is None or face.family not in last_resort_families()
    ]

    expected = measured_widths(layout, family, weight, style, codepoints)
    drawn = drawn_widths(family, weight, style == "italic", codepoints)

    # The layout rounds a width up to a whole 1/64 px.
    differing = {
        f"U+{cp:04X}": (want, round(got, 4))
        for cp, want, got in zip(codepoints, expected, drawn, strict=True)
        if not want - 1 / 64 - 1e-6 <= got <= want + 1e-6
    }
    assert differing == {}


def test_a_blank_missing_glyph_box_is_drawn_from_the_next_face_as_wide() -> None:
    # Open Sans's .notdef is blank: for a character its unicode-range claims and no font has,
    # Tinos's box (the next face) is drawn, as wide as Open Sans's box.
    font = converter_fonts().font('"Open Sans"', 400, False)
    codepoint = next(
        cp for cp in range(0x20, 0x10000) if font.measured_with(cp) is None and font.first.face.claims_codepoint(cp)
    )

    drawn = font.draw(codepoint)

    assert drawn.missing and drawn.instance.has_visible_notdef()
    assert drawn.choice.face.family == "Tinos"
    assert drawn.width == font.first.face.notdef_advance / font.first.face.units_per_em == 1229 / 2048


# --- what the PDF and PNG show -------------------------------------------------------------------


def svg(body: str, family: str = "arial", width: int = 200, height: int = 120, size: int = 20) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f"<style>text{{font-family:{family};font-size:{size}px}}</style>{body}</svg>"
    )


def outline_png(path: Path, text: str, x: float, baseline: float, size: float, cell: float | None = None) -> bytes:
    """``text`` drawn straight from a font file's outlines (no converter) on a white 160x160 image,
    each glyph at its own advance; with ``cell`` (em), one glyph centred in a cell that wide."""
    font = TTFont(path)
    glyphs, cmap, metrics = font.getGlyphSet(), font.getBestCmap(), font["hmtx"].metrics
    units = font["head"].unitsPerEm
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 160, 160)
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.translate(x, baseline)
    context.scale(size / units, -size / units)
    for char in text:
        name = cmap[ord(char)]
        shift = 0.0
        if cell is not None:
            bounds = BoundsPen(glyphs)
            glyphs[name].draw(bounds)
            left, _bottom, right, _top = bounds.bounds
            shift = (cell * units - (right - left)) / 2 - left
        context.save()
        context.translate(shift, 0)
        glyphs[name].draw(CairoPen(glyphs, context))
        context.restore()
        context.translate(metrics[name][0], 0)
    context.set_source_rgb(0, 0, 0)
    context.fill()
    output = io.BytesIO()
    surface.write_to_png(output)
    return output.getvalue()


#: The overlap of a PNG glyph with the font's own outline: the PNG is hinted as Chromium hints
#: (heights on whole pixels, edges moved by up to a pixel), the outline is not. The right font
#: scores ~0.9, another font ~0.3-0.4, a missing-glyph box ~0.1.
SAME_OUTLINE = 0.85


def overlap(drawn: bytes, expected: bytes) -> float:
    """Intersection over union of the dark pixels (see :data:`SAME_OUTLINE`)."""
    a, b = dark_mask(drawn), dark_mask(expected)
    assert len(b) > 200
    return len(a & b) / len(a | b)


def vendored_path(family: str) -> Path:
    """The vendored file of ``family``'s regular face that has Latin (its first file)."""
    font_file = next(f for f in vendored_fonts() if (f.family, f.style, f.weight) == (family, "normal", "400"))
    return vendored_file(font_file.path)


def layout_width(layout: _quickjs.Context, text: str, family: str, size: float) -> float:
    spec = {"family": family, "size": size}
    box: dict[str, float] = json.loads(
        layout.eval(f"JSON.stringify(__printerMeasureText({json.dumps(text)}, {json.dumps(spec)}))")
    )
    return box["width"]


def test_a_check_mark_and_an_arrow_in_an_arial_label_are_text_in_dejavu_sans() -> None:
    pdf = svg_to_pdf(svg('<text x="10" y="40">Done ✓</text><text x="10" y="80">Start → End</text>'))

    assert pdf.warnings == []
    assert base_fonts(pdf.data) == ["Arimo-400", "DejaVuSans-400"]
    assert {"✓", "→"} <= mapped_characters(pdf.data)
    extracted = pdftotext(pdf.data)
    if extracted is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    assert "Done ✓" in extracted and "Start → End" in extracted


@pytest.mark.parametrize("char", ["✓", "→"])
def test_a_check_mark_and_an_arrow_in_the_png_are_dejavu_sans_outlines_not_boxes(
    layout: _quickjs.Context, char: str
) -> None:
    size, x, baseline = 80, 20, 100
    png = svg_to_png(svg(f'<text x="{x}" y="{baseline}">{char}</text>', width=160, height=160, size=size), scale=1)

    # ✓ is DejaVu Sans's own (the system fallback); → is measured at Liberation's 1 em, which
    # Arimo's vendored slices have no glyph for: DejaVu's arrow centred in that width.
    cell = None if char == "✓" else layout_width(layout, char, "arial", size) / size
    expected = outline_png(vendored_path("DejaVu Sans"), char, x, baseline, size, cell)
    assert png.warnings == []
    assert cell in (None, 1.0)
    assert overlap(png.data, expected) > SAME_OUTLINE


@pytest.mark.parametrize("char", ["→", "─", "≤", "\ue000"])
def test_text_after_a_fitted_glyph_stays_where_the_layout_put_it(layout: _quickjs.Context, char: str) -> None:
    width = layout_width(layout, char, "arial", 20)
    after = svg_to_png(svg(f'<text x="10" y="60"><tspan visibility="hidden">{char}</tspan>Hx</text>'), scale=4)
    alone = svg_to_png(svg(f'<text x="{10 + width}" y="60">Hx</text>'), scale=4)

    assert ink_box(after.data) == ink_box(alone.data)
    assert dark_mask(after.data) == dark_mask(alone.data)


def test_box_drawing_joins_its_neighbours() -> None:
    png = svg_to_png(svg('<text x="10" y="60">────────</text>'), scale=2).data
    dark = dark_mask(png)
    box = ink_box(png)

    assert box is not None
    left, top, right, bottom = box
    row = max(range(top, bottom), key=lambda y: sum((x, y) in dark for x in range(left, right)))
    assert all((x, row) in dark for x in range(left, right))  # one unbroken line


def test_monospace_text_is_drawn_in_dejavu_sans_mono() -> None:
    body = '<text x="10" y="40">mono()</text><text x="10" y="80" font-weight="bold">bold[]</text>'
    pdf = svg_to_pdf(svg(body, family="monospace"))
    png = svg_to_png(
        svg('<text x="20" y="100">{g}</text>', family="monospace", width=160, height=160, size=70), scale=1
    )

    assert pdf.warnings == [] and png.warnings == []
    assert base_fonts(pdf.data) == ["DejaVuSansMono-400", "DejaVuSansMono-700"]  # a real bold face
    assert set("mono()bold[]") <= mapped_characters(pdf.data)
    assert overlap(png.data, outline_png(vendored_path("DejaVu Sans Mono"), "{g}", 20, 100, 70)) > SAME_OUTLINE


def test_a_character_no_font_has_warns_and_is_a_box_as_wide_as_measured(layout: _quickjs.Context) -> None:
    size, x = 100, 20
    png = svg_to_png(svg(f'<text x="{x}" y="110">\ue000</text>', width=160, height=160, size=size), scale=1)

    # Arimo (arial) claims every codepoint, so its box is drawn, as wide as the layout measured
    # it (Liberation's box: 748 units), not as wide as the vendored Arimo's (1536 units).
    width = layout_width(layout, "\ue000", "arial", size)
    arimo = TTFont(vendored_path("Arimo"))
    bounds = BoundsPen(arimo.getGlyphSet())
    notdef = arimo.getGlyphOrder()[0]
    arimo.getGlyphSet()[notdef].draw(bounds)
    advance = arimo["hmtx"].metrics[notdef][0]
    box = ink_box(png.data)
    assert png.warnings == ["1 character(s) are not in the bundled fonts and are drawn as empty boxes: U+E000"]
    assert width == pytest.approx(748 / 2048 * size, abs=1 / 64)
    assert box is not None
    assert abs(box[0] - (x + bounds.bounds[0] / advance * width)) <= 1
    assert abs(box[2] - (x + bounds.bounds[2] / advance * width)) <= 1


@pytest.mark.parametrize(
    "sequence",
    ["🛠️", "⚙️", "🙋‍♀️", "👍🏽", "🇺🇸", "1️⃣", "❤️", "a🛠️b", "👨‍👩‍👧‍👦 x", "中\u200d文"],
)
def test_an_emoji_sequence_is_drawn_as_wide_as_the_layout_measured_it(layout: _quickjs.Context, sequence: str) -> None:
    family = '"Trebuchet MS", arial'
    spec = {"family": family, "size": SIZE, "weight": 400, "style": "normal"}
    measured = json.loads(
        layout.eval(f"JSON.stringify(__printerMeasureText({json.dumps(sequence)}, {json.dumps(spec)}).width)")
    )
    font = converter_fonts().font(family, 400, False)
    element = export_text._Element({}, None, SIZE, 400, False, family, font, 1.0)
    chars = [
        export_text._Char(char, element)
        for char in export_text._ZERO_WIDTH.sub(export_text._dropped_unless_joining_emoji, sequence)
    ]
    chars[0].x, chars[0].y = 0.0, 0.0
    runs = export_text._shape(chars, None)

    assert runs[-1].x_end - runs[0].x_start == pytest.approx(measured, abs=0.05)
