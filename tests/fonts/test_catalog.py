"""The vendored font catalog: the manifest's font files in order, and what each one draws."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from mermaid_printer.fonts import MERMAID_FAMILY, vendored_fonts
from mermaid_printer.resources import vendor_manifest, vendored_file


def test_the_catalog_is_the_manifests_font_files_in_manifest_order() -> None:
    listed = [entry["path"] for entry in vendor_manifest()["files"] if "font_family" in entry]

    assert [font_file.path for font_file in vendored_fonts()] == listed
    assert vendored_fonts()[0].family == MERMAID_FAMILY  # Mermaid's default font wins shared codepoints


def test_a_file_draws_what_its_cmap_and_its_unicode_range_share() -> None:
    font_file = next(f for f in vendored_fonts() if f.family == "Arimo" and f.in_range(ord("Ł")))
    with TTFont(vendored_file(font_file.path), lazy=True) as font:
        cmap = set(font.getBestCmap())

    assert font_file.codepoints == {cp for cp in cmap if font_file.in_range(cp)}
    assert ord("Ł") in font_file.codepoints and not font_file.in_range(ord("A"))


def test_a_decoded_file_is_plain_truetype_and_its_harfbuzz_face_has_its_glyphs() -> None:
    font_file = vendored_fonts()[0]
    with TTFont(vendored_file(font_file.path), lazy=True) as font:
        glyphs = len(font.getGlyphOrder())

    assert font_file.sfnt[:4] in (b"\x00\x01\x00\x00", b"OTTO")  # woff2 unwrapped
    assert font_file.face.glyph_count == glyphs
