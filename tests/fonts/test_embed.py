"""embed_fonts: subsets of the vendored fonts as @font-face data URLs in the SVG."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import os
import re
import struct
import zlib
from pathlib import Path

import uharfbuzz
from fontTools.ttLib import TTFont
from lxml import etree

from mermaid_printer.fonts import embed_fonts, vendored_fonts
from mermaid_printer.fonts.embed import subset_sfnt

REGENERATE = os.environ.get("MERMAID_PRINTER_REGENERATE_GOLDENS") == "1"
GOLDEN = Path(__file__).parent / "fixtures" / "embedded-font.golden.json"
SVG_NS = "http://www.w3.org/2000/svg"
STYLE = '<style>#d{font-family:"Recursive Variable",arial,sans-serif;}</style>'
FACE_RE = re.compile(r'@font-face\{[^}]*base64,([A-Za-z0-9+/=]+)\) format\("woff"\);unicode-range:([^}]*)\}')


def svg(body: str, style: str = STYLE) -> etree._Element:
    return etree.fromstring(f'<svg xmlns="{SVG_NS}" id="d">{style}{body}</svg>')


def embedded_woffs(root: etree._Element) -> list[bytes]:
    style = root[0]
    assert style.tag == f"{{{SVG_NS}}}style"
    return [base64.b64decode(data) for data, _ in FACE_RE.findall(style.text)]


def embedded_fonts(root: etree._Element) -> list[TTFont]:
    return [TTFont(io.BytesIO(woff)) for woff in embedded_woffs(root)]


def sfnt_tables(sfnt: bytes) -> dict[bytes, bytes]:
    (num_tables,) = struct.unpack_from(">H", sfnt, 4)
    records = [struct.unpack_from(">4sIII", sfnt, 12 + 16 * i) for i in range(num_tables)]
    return {tag: sfnt[offset : offset + length] for tag, _, offset, length in records}


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


def test_font_face_keeps_the_full_wght_axis() -> None:
    root = svg("<text>Bold</text>")
    embed_fonts(root)
    (font,) = embedded_fonts(root)
    (axis,) = font["fvar"].axes
    assert (axis.axisTag, axis.minValue, axis.maxValue) == ("wght", 300, 1000)
    assert "gvar" in font and "font-weight:300 1000" in root[0].text


def test_embedded_woff_is_well_formed_and_holds_the_subset_tables() -> None:
    text = "Well-formed WOFF 1.0, ÿ"
    root = svg(f"<text>{text}</text>")
    embed_fonts(root)
    (woff,) = embedded_woffs(root)
    signature, flavor, length, num_tables, reserved, sfnt_size = struct.unpack_from(">4sIIHHI", woff)
    assert (signature, flavor, length, reserved) == (b"wOFF", 0x00010000, len(woff), 0)
    entries = [struct.unpack_from(">4sIIII", woff, 44 + 20 * i) for i in range(num_tables)]
    assert [tag for tag, *_ in entries] == sorted(tag for tag, *_ in entries)
    expected = sfnt_tables(subset_sfnt(vendored_fonts()[0], frozenset(map(ord, text))))
    tables = {}
    for tag, offset, comp_length, orig_length, _ in entries:
        assert offset % 4 == 0
        data = woff[offset : offset + comp_length]
        tables[tag] = data if comp_length == orig_length else zlib.decompress(data)
        assert len(tables[tag]) == orig_length
    assert tables == expected
    padded_sizes = [len(table) + (-len(table) % 4) for table in tables.values()]
    assert sfnt_size == 12 + 16 * num_tables + sum(padded_sizes)
    font = TTFont(io.BytesIO(woff), checkChecksums=2)  # raises on a wrong table checksum
    for tag in font.keys():  # noqa: SIM118 (a TTFont, not a dict)
        _ = font[tag]  # decompiles the table


def test_embedded_font_bytes_match_the_golden_hashes() -> None:
    """The bytes depend on HarfBuzz, fontTools' woff2 decoder and zlib: notice when they change.

    Regenerate with ``MERMAID_PRINTER_REGENERATE_GOLDENS=1`` after checking the new fonts render.
    """
    text = "Golden: Pets 42% Łódź Việt"
    remaining = set(map(ord, text))
    subsets = []
    for font_file in vendored_fonts():  # earlier files win a shared codepoint, as in embed_fonts
        drawn = frozenset(remaining & font_file.codepoints)
        if drawn:
            subsets.append(subset_sfnt(font_file, drawn))
            remaining -= drawn
    root = svg(f"<text>{text}</text>")
    embed_fonts(root)
    actual = {
        "text": text,
        "recorded_with": {
            "uharfbuzz": uharfbuzz.__version__,
            "harfbuzz": uharfbuzz.version_string(),
            "zlib": zlib.ZLIB_RUNTIME_VERSION,
        },
        "sfnt_sha256": [hashlib.sha256(data).hexdigest() for data in subsets],
        "woff_sha256": [hashlib.sha256(data).hexdigest() for data in embedded_woffs(root)],
    }
    if REGENERATE:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    recorded_with = golden["recorded_with"]
    assert actual["sfnt_sha256"] == golden["sfnt_sha256"], (
        f"HarfBuzz (or fontTools' woff2 decoder) subsets differently; golden from {recorded_with}"
    )
    assert actual["woff_sha256"] == golden["woff_sha256"], (
        f"same subsets, other WOFF bytes: zlib changed? golden from {recorded_with}"
    )


FACE_RULE_RE = re.compile(
    r'@font-face\{font-family:"([^"]+)";font-style:(\w+);font-weight:([\d ]+);src:url\(data:font/woff;'
    r'base64,([A-Za-z0-9+/=]+)\) format\("woff"\);unicode-range:([^}]*)\}'
)
PIE_STYLE = '<style>#d{font-family:"trebuchet ms",verdana,arial,sans-serif;}</style>'


def drawn_face(name: str, family: str, style: str, weight: str, text: str) -> dict[str, object]:
    return {"name": name, "family": family, "style": style, "weight": weight, "codepoints": sorted(map(ord, set(text)))}


def face_rules(root: etree._Element) -> list[tuple[str, str, str, set[int]]]:
    """(name, style, weight, cmap) of each embedded face."""
    rules = []
    for name, style, weight, data, _ in FACE_RULE_RE.findall(root[0].text):
        cmap = set(TTFont(io.BytesIO(base64.b64decode(data))).getBestCmap())
        rules.append((name, style, weight, cmap))
    return rules


def test_faces_the_engine_reports_are_embedded_under_their_css_names() -> None:
    root = svg("<text>Dogs</text><text>Hi</text><text font-style='italic'>Note</text>", style=PIE_STYLE)
    faces = [
        drawn_face("trebuchet ms", "Arimo", "normal", "400", "Dogs"),
        drawn_face("Recursive Variable", "Recursive Variable", "normal", "300 1000", "Hi"),
        drawn_face("Open Sans", "Open Sans", "italic", "400", "Note"),
    ]
    assert embed_fonts(root, faces) == []
    assert face_rules(root) == [
        ("Open Sans", "italic", "400", {ord(c) for c in "Note "}),
        ("Recursive Variable", "normal", "300 1000", {ord(c) for c in "Hi "}),
        ("trebuchet ms", "normal", "400", {ord(c) for c in "Dogs "}),
    ]


def test_a_family_named_only_as_a_fallback_is_not_embedded() -> None:
    # The CSS lists arial after Recursive, but nothing was drawn with it.
    root = svg("<text>Start</text>")
    embed_fonts(root, [drawn_face("Recursive Variable", "Recursive Variable", "normal", "300 1000", "Start")])
    assert [rule[0] for rule in face_rules(root)] == ["Recursive Variable"]


def test_static_faces_keep_their_own_weight_and_files() -> None:
    root = svg("<text>Bold Łódź</text>", style=PIE_STYLE)
    embed_fonts(root, [drawn_face("trebuchet ms", "Arimo", "normal", "700", "Bold Łódź")])
    rules = face_rules(root)
    assert {(name, style, weight) for name, style, weight, _ in rules} == {("trebuchet ms", "normal", "700")}
    cmaps = [cmap for *_, cmap in rules]
    assert {ord("Ł"), ord("ź")} in cmaps  # from the latin-ext file
    assert set().union(*cmaps) == {ord(c) for c in "Bold Łódź"}
    for *_, data, _ in FACE_RULE_RE.findall(root[0].text):
        assert "fvar" not in TTFont(io.BytesIO(base64.b64decode(data)))


def test_reported_characters_no_longer_in_the_svg_are_not_embedded() -> None:
    root = svg("<text>Kept</text>")
    embed_fonts(
        root, [drawn_face("Recursive Variable", "Recursive Variable", "normal", "300 1000", "Kept, and dropped")]
    )
    assert face_rules(root)[0][3] == {ord(c) for c in "Kept "}


def test_unsafe_family_names_are_not_written_into_css() -> None:
    root = svg("<text>Hi</text>")
    (warning,) = embed_fonts(root, [drawn_face('x";}@import "y', "Arimo", "normal", "400", "Hi")])
    assert "U+0048" in warning
    assert "@font-face" not in etree.tostring(root, encoding="unicode")


def test_same_reported_faces_give_identical_bytes() -> None:
    faces = [
        drawn_face("trebuchet ms", "Arimo", "normal", "400", "Pets 42%"),
        drawn_face("Open Sans", "Open Sans", "normal", "400", "Pets"),
    ]
    first, second = svg("<text>Pets 42%</text>"), svg("<text>Pets 42%</text>")
    embed_fonts(first, faces)
    embed_fonts(second, list(reversed(faces)))
    assert etree.tostring(first) == etree.tostring(second)


def test_cjk_and_emoji_are_embedded_as_subsets_of_their_fallback_faces() -> None:
    root = svg("<text>Hi 中文</text><text>🚀</text>")
    faces = [
        drawn_face("Recursive Variable", "Recursive Variable", "normal", "300 1000", "Hi "),
        drawn_face("Recursive Variable", "Noto Sans SC", "normal", "400", "中文")
        | {"as_style": "normal", "as_weight": "300 1000"},
        drawn_face("Recursive Variable", "Noto Emoji", "normal", "400", "🚀")
        | {"as_style": "normal", "as_weight": "300 1000"},
    ]
    assert embed_fonts(root, faces) == []
    rules = face_rules(root)
    # Every rule carries the first family's name and descriptors, so a viewer groups them.
    assert {(name, style, weight) for name, style, weight, _ in rules} == {("Recursive Variable", "normal", "300 1000")}
    assert {frozenset(cmap) for *_, cmap in rules} == {
        frozenset(map(ord, "Hi ")),
        frozenset({ord("中")}),
        frozenset({ord("文")}),
        frozenset({ord("🚀")}),
    }  # 中 and 文 are in two unicode-range slices of Noto Sans SC
    ranges = sorted(unicode_range for *_, unicode_range in FACE_RULE_RE.findall(root[0].text))
    assert ranges == ["U+1F680", "U+20,U+48,U+69", "U+4E2D", "U+6587"]


def test_a_face_the_text_is_measured_with_claims_the_space_so_browsers_take_it_as_primary_font() -> None:
    # A browser's primary font (the text box's ascent and descent) is the first face of the list
    # whose unicode-range has U+0020; zenuml's "«create»" (no space) in "Helvetica, Verdana, serif"
    # got Liberation Serif's box instead of the embedded Arimo's. Fallback faces stay as drawn.
    style = "<style>#d{font-family:Helvetica,Verdana,serif;}</style>"
    root = svg("<text>«create»</text><text>流</text>", style)
    faces = [
        drawn_face("Helvetica", "Arimo", "normal", "400", "«create»"),
        drawn_face("Helvetica", "Noto Sans SC", "normal", "400", "流") | {"as_style": "normal", "as_weight": "400"},
    ]
    assert embed_fonts(root, faces) == []
    ranges = sorted(unicode_range for *_, unicode_range in FACE_RULE_RE.findall(root[0].text))
    assert ranges == ["U+20,U+61,U+63,U+65,U+72,U+74,U+AB,U+BB", "U+6D41"]
    assert sorted(cmap for *_, cmap in face_rules(root)) == sorted([set(map(ord, "«create» ")), {ord("流")}])


def test_fallback_faces_give_identical_bytes() -> None:
    face = drawn_face("trebuchet ms", "Noto Sans SC", "normal", "400", "流程图") | {
        "as_style": "normal",
        "as_weight": "400",
    }
    first, second = svg("<text>流程图</text>", PIE_STYLE), svg("<text>流程图</text>", PIE_STYLE)
    embed_fonts(first, [face])
    embed_fonts(second, [dict(face)])
    assert etree.tostring(first) == etree.tostring(second)


def test_dejavu_faces_are_embedded_as_drawn_and_as_fallbacks() -> None:
    # <code> text converted from HTML names DejaVu Sans Mono first (the engine puts it before
    # the generic monospace); a symbol no listed family has is DejaVu Sans under the list's name.
    root = svg(
        "<text style='font-family: \"DejaVu Sans Mono\", monospace'>id: 1</text><text>Done ✓</text>",
        style=PIE_STYLE,
    )
    faces = [
        drawn_face("DejaVu Sans Mono", "DejaVu Sans Mono", "normal", "400", "id: 1"),
        drawn_face("trebuchet ms", "Arimo", "normal", "400", "Done "),
        drawn_face("trebuchet ms", "DejaVu Sans", "normal", "400", "✓") | {"as_style": "normal", "as_weight": "400"},
    ]
    assert embed_fonts(root, faces) == []
    assert sorted((name, style, weight, frozenset(cmap)) for name, style, weight, cmap in face_rules(root)) == [
        ("DejaVu Sans Mono", "normal", "400", frozenset(map(ord, "id: 1"))),
        ("trebuchet ms", "normal", "400", frozenset(map(ord, "Done "))),
        ("trebuchet ms", "normal", "400", frozenset({ord("✓")})),
    ]
