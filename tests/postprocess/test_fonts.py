"""embed_fonts: subsets of the vendored fonts as @font-face data URLs in the SVG."""

from __future__ import annotations

import base64
import io
import re

from fontTools.ttLib import TTFont
from lxml import etree

from mermaid_printer.postprocess import fonts
from mermaid_printer.postprocess.fonts import embed_fonts

SVG_NS = "http://www.w3.org/2000/svg"
STYLE = '<style>#d{font-family:"Recursive Variable",arial,sans-serif;}</style>'
FACE_RE = re.compile(r'@font-face\{[^}]*base64,([A-Za-z0-9+/=]+)\) format\("woff"\);unicode-range:([^}]*)\}')


def svg(body: str, style: str = STYLE) -> etree._Element:
    return etree.fromstring(f'<svg xmlns="{SVG_NS}" id="d">{style}{body}</svg>')


def embedded_fonts(root: etree._Element) -> list[TTFont]:
    style = root[0]
    assert style.tag == f"{{{SVG_NS}}}style"
    return [TTFont(io.BytesIO(base64.b64decode(data))) for data, _ in FACE_RE.findall(style.text)]


def test_font_face_holds_exactly_the_drawn_characters() -> None:
    root = svg('<text>Hello <tspan font-weight="bold">World</tspan></text><text>42</text>')
    assert embed_fonts(root) == []
    (font,) = embedded_fonts(root)
    assert set(font.getBestCmap()) == {ord(c) for c in "Helo Wrd42"}
    assert font.getGlyphOrder()[0] == ".notdef"
    assert "fvar" in font  # the wght axis survives, so bold is drawn from the same font
    assert "unicode-range:U+20,U+32,U+34,U+48,U+57,U+64-65,U+6C,U+6F,U+72" in root[0].text


def test_characters_from_other_files_get_their_own_face() -> None:
    root = svg("<text>Łódź Việt</text>")
    assert embed_fonts(root) == []
    cmaps = [set(font.getBestCmap()) for font in embedded_fonts(root)]
    assert {ord("Ł"), ord("ź")} in cmaps
    assert {ord("ệ")} in cmaps
    assert set().union(*cmaps) == {ord(c) for c in "Łódź Việt"}


def test_same_characters_give_identical_bytes() -> None:
    first, second = svg("<text>Deterministic?</text>"), svg("<text>Deterministic?</text>")
    embed_fonts(first)
    fonts._subset_woff.cache_clear()  # force a second real subset
    embed_fonts(second)
    assert etree.tostring(first) == etree.tostring(second)


def test_svg_without_text_gets_no_font_face() -> None:
    root = svg('<rect width="10" height="10"/>')
    assert embed_fonts(root) == []
    assert "@font-face" not in etree.tostring(root, encoding="unicode")


def test_uncovered_characters_are_reported() -> None:
    root = svg("<text>Hi 漢字</text>")
    (warning,) = embed_fonts(root)
    assert "U+5B57" in warning and "U+6F22" in warning
    (font,) = embedded_fonts(root)
    assert set(font.getBestCmap()) == {ord(c) for c in "Hi "}


def test_text_in_an_unembedded_family_is_reported_not_embedded() -> None:
    root = svg("<text>Hi</text>", style="<style>text{font-family:Comic Sans MS;}</style>")
    (warning,) = embed_fonts(root)
    assert "Recursive Variable" in warning
    assert "@font-face" not in etree.tostring(root, encoding="unicode")
