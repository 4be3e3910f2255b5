"""PDF and PNG draw each character with the face the layout measured it with, at the width it
measured: the CSS list, then the default family (Tinos) and the system fallback (DejaVu Sans),
then the last-resort faces; symbols measured at Liberation's widths without a vendored glyph are
drawn from DejaVu Sans fitted into that width; characters no font has are boxes as wide as
measured, with a warning."""

from __future__ import annotations

import json

import _quickjs
import pytest

from mermaid_printer.export import text as export_text
from mermaid_printer.export.fonts import converter_fonts, last_resort_families, system_fallback_families
from mermaid_printer.export.text import _ZERO_WIDTH
from mermaid_printer.resources import js_dir

# Every BMP character and the emoji planes, without those nobody draws (zero width).
CODEPOINTS = [
    cp for cp in (*range(0x20, 0xD800), *range(0xE000, 0x10000), *range(0x1F000, 0x1FB00)) if not _ZERO_WIDTH.match(chr(cp))
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
    context.eval((js_dir() / "font_metrics.js").read_text(encoding="utf-8"))
    context.eval((js_dir() / "text_measure.js").read_text(encoding="utf-8"))
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


def measured_widths(layout: _quickjs.Context, family: str, weight: int, style: str, codepoints: list[int]) -> list[float]:
    """The width (px at SIZE) the layout gives each codepoint alone."""
    spec = {"family": family, "size": SIZE, "weight": weight, "style": style}
    return json.loads(
        layout.eval(
            f"JSON.stringify({json.dumps(codepoints)}.map((cp) => "
            f"__printerMeasureText(String.fromCodePoint(cp), {json.dumps(spec)}).width))"
        )
    )


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

    differing = {cp: (measured.get(cp), converter_family(cp)) for cp in CODEPOINTS if measured.get(cp) != converter_family(cp)}
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

    assert {"Recursive Variable", "Arimo", "DejaVu Sans", "Noto Sans SC", "Noto Sans KR", "Noto Emoji"} <= steps[FONTS[0][0]]
    assert {"Recursive Variable", "Tinos", "DejaVu Sans"} <= steps[FONTS[1][0]]  # the default family after a list
    assert {"DejaVu Sans Mono", "Tinos", "DejaVu Sans"} <= steps[FONTS[2][0]]
    assert "DejaVu Sans" in steps[FONTS[3][0]] and system_fallback_families() == ("DejaVu Sans",)
    # Symbols measured at Liberation's widths: with Arimo in the first list, with Tinos (the
    # default family) in the second.
    for family, weight, style in FONTS[:2]:
        font = converter_fonts().font(family, weight, style == "italic")
        assert font.measured_with(ord("→")).family == ("Arimo" if "arial" in family else "Tinos")
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
