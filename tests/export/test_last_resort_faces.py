"""CJK, Hangul and emoji in PDF and PNG: drawn from the last-resort faces the layout measured them
with (Noto Sans SC, Noto Sans KR, Noto Emoji), whose instances are made on first use
(tests/fonts/test_instances.py)."""

from __future__ import annotations

import io

import cairocffi as cairo
import pytest
from export.export_checks import base_fonts, dark_mask, mapped_characters, pdftotext
from fontTools.pens.cairoPen import CairoPen
from fontTools.ttLib import TTFont

from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.fonts import FontFile, converter_fonts, vendored_fonts
from mermaid_printer.resources import vendored_file

FAMILY = '"Recursive Variable", arial, sans-serif'
# A character of each last-resort face, and the face.
DRAWN = {"中": "Noto Sans SC", "한": "Noto Sans KR", "🚀": "Noto Emoji"}


def svg(body: str, width: int = 300, height: int = 100, size: int = 20) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f"<style>text{{font-family:{FAMILY};font-size:{size}px}}</style>{body}</svg>"
    )


def first_file(codepoint: int) -> tuple[int, FontFile]:
    """The vendored file the layout measured ``codepoint`` with among the last-resort faces:
    the first in manifest order whose unicode_range and cmap have it (as the SVG embeds it)."""
    face = converter_fonts().last_resort.face_for(codepoint)
    assert face is not None, f"no last-resort face has U+{codepoint:04X}"
    family = face.family.name
    return next(
        (index, font_file)
        for index, font_file in enumerate(vendored_fonts())
        if font_file.family == family and font_file.in_range(codepoint) and codepoint in font_file.codepoints
    )


def test_cjk_hangul_and_emoji_are_drawn_as_text_in_the_noto_faces_without_warnings() -> None:
    pdf = svg_to_pdf(svg('<text x="10" y="40">Hi 你好世界</text><text x="10" y="80">한국어 🚀</text>'))

    assert pdf.warnings == []
    assert {"NotoSansSC-400", "NotoSansKR-400", "NotoEmoji-400"} <= set(base_fonts(pdf.data))
    assert set("你好世界한국어🚀") <= mapped_characters(pdf.data)
    extracted = pdftotext(pdf.data)
    if extracted is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    assert "Hi 你好世界" in extracted and "한국어 🚀" in extracted


@pytest.mark.parametrize("char", list(DRAWN))
def test_a_last_resort_glyph_in_the_png_is_the_faces_own_outline_not_a_box(char: str) -> None:
    size, x, baseline = 80, 20, 100
    png = svg_to_png(svg(f'<text x="{x}" y="{baseline}">{char}</text>', 120, 120, size), scale=1)

    # The same glyph drawn straight from the vendored file's outline, without the converter.
    _index, font_file = first_file(ord(char))
    font = TTFont(vendored_file(font_file.path))
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 120, 120)
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    scale = size / font["head"].unitsPerEm
    # Centred in the width the layout measured, where that is not the glyph's own advance (an
    # emoji is measured as a colour emoji glyph).
    fitted = converter_fonts().font(None, 400, False).draw(ord(char)).width
    glyph_name = font.getBestCmap()[ord(char)]
    advance = font["hmtx"][glyph_name][0] * scale
    context.translate(x + ((fitted * size - advance) / 2 if fitted is not None else 0), baseline)
    context.scale(scale, -scale)
    font.getGlyphSet()[font.getBestCmap()[ord(char)]].draw(CairoPen(font.getGlyphSet(), context))
    context.set_source_rgb(0, 0, 0)
    context.fill()
    expected = io.BytesIO()
    surface.write_to_png(expected)

    drawn, outline = dark_mask(png.data), dark_mask(expected.getvalue())
    assert png.warnings == []
    assert len(outline) > 300
    assert len(drawn & outline) / len(drawn | outline) > 0.95  # a missing-glyph box: ~0.1


def test_a_character_no_face_has_still_warns_next_to_covered_ones() -> None:
    png = svg_to_png(svg('<text x="10" y="50">中 \ue000 🚀 \U000f0001</text>'))  # private use: nobody has them

    assert png.warnings == ["2 character(s) are not in the bundled fonts and are drawn as empty boxes: U+E000, U+F0001"]


def test_bold_cjk_is_synthesized_from_the_regular_face() -> None:
    def dark_pixels(weight: str) -> int:
        return len(
            dark_mask(svg_to_png(svg(f'<text x="10" y="60" font-weight="{weight}">你好世界</text>'), scale=2).data)
        )

    bold_pdf = svg_to_pdf(svg('<text x="10" y="60" font-weight="bold">你好世界</text>'))

    assert base_fonts(bold_pdf.data) == ["NotoSansSC-400"]
    assert dark_pixels("bold") > dark_pixels("normal") * 1.15
