"""Build the text-measurement table ``src/mermaid_printer/fonts/font_metrics.json``.

Dev-only (needs ``uharfbuzz``: ``pip install -e .[dev]``). Run from anywhere:

    python scripts/build_font_metrics.py          # rewrite the table
    python scripts/build_font_metrics.py --check  # exit 1 if the committed table is stale

For every font file in ``vendor/manifest.json`` it shapes with HarfBuzz, the shaper Chromium
uses, so GSUB substitutions (ccmp, locl, rvrn) and GPOS kerning come out as the browser sees them:

* per face (the files of one family, style and weight), the advance of every codepoint a file
  both maps and claims in its ``unicode_range`` (the first manifest entry that does wins, as each
  codepoint is drawn from exactly one file); a variable face at the wght instances in
  ``WEIGHTS``, a static face at its own weight;
* the pair adjustment of every two codepoints of the same file (pairs across files never interact
  in a browser: they are different fonts, hence different shaping runs): ``shape(a+b) - adv(a) -
  adv(b)``, nonzero only. This also captures any two-character ligature. Only pairs whose first
  glyph is in some GSUB/GPOS coverage are shaped (no other first glyph can interact);
* the CSS name aliases of ``ALIASES``, the default family and the system fallback families of
  ``SYSTEM_FALLBACK_FAMILIES``, as Chromium on Debian has them;
* for the last-resort faces of ``FALLBACK_FAMILIES`` (CJK, emoji: 15k glyphs, nearly all one
  width), a compact table instead: which codepoints the face draws (a bitmap per 256-codepoint
  page, base64), its most common advance and the advances that differ, and the horizontal ink of
  glyphs whose ink leaves the advance box (or that have none). No kerning (their GPOS only holds
  features Chromium does not apply by default, such as vertical and proportional CJK metrics)
  and no vertical ink (Chromium's SVG text box keeps the first font's height; see
  text_measure.js).

The output is one JSON document (format: ``mermaid_printer/fonts/metrics.py``), deterministic
(sorted keys, no timestamps), so ``--check`` can guard it. The engine loads it as a data script
(``globalThis.__PRINTER_FONT_METRICS__ = <document>;``) for ``text_measure.js``; the converter
reads it with ``json.load``. Its sources are the manifest's font files (``vendor/manifest.json``).
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import math
import sys
from pathlib import Path

import freetype
import uharfbuzz as hb
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
OUTPUT = ROOT / "src" / "mermaid_printer" / "fonts" / "font_metrics.json"

# The two instances Mermaid asks for (normal and bold) of a variable face; text_measure.js
# interpolates between them.
WEIGHTS = (400, 700)
# Web fonts Chromium on Linux draws with FreeType's light autohinting (no hinting of their own),
# and whose SVG text box then covers the hinted glyph outline rounded out to whole pixels: a
# grid-fitted "g" reaches a pixel deeper at 16 px, an accent a pixel higher or lower. Checked
# against Chromium for Recursive: 224 of 224 boxes (14 characters, 8 sizes, 2 weights). Sizes:
# the whole-pixel font sizes this table covers; other sizes keep the unhinted outline.
HINTED_FAMILIES = {"Recursive Variable"}
HINTED_SIZES = range(8, 41)
# How Chromium on Debian (the reference) resolves CSS family names we do not vendor under that
# name: fontconfig's metric aliases give Liberation Sans for arial and helvetica and Liberation
# Serif for Times New Roman; Chromium's generic sans-serif and serif are those same fonts, and
# its default font (for a list with no available name, and the initial value) is Times New
# Roman. Arimo and Tinos have Liberation's metrics (checked against Chromium: same advances;
# Arimo also kerns "11" and a few no-break-space pairs that Liberation 1.07 does not).
# Chromium's generic monospace is DejaVu Sans Mono and system-ui is DejaVu Sans (asked of
# Chromium 156: same widths as those names). Names not listed fall through, as Chromium has them
# (checked): ui-monospace, ui-sans-serif, ui-serif, ui-rounded, cursive, fantasy, math, emoji,
# fangsong, "trebuchet ms", verdana, consolas, menlo; courier and "courier new" resolve to
# Liberation Mono, which we do not vendor.
ALIASES = {
    "arial": "Arimo",
    "helvetica": "Arimo",
    "liberation sans": "Arimo",
    "sans-serif": "Arimo",
    "times new roman": "Tinos",
    "times": "Tinos",
    "liberation serif": "Tinos",
    "serif": "Tinos",
    "monospace": "DejaVu Sans Mono",
    "system-ui": "DejaVu Sans",
}
DEFAULT_FAMILY = "Tinos"
# Chromium tries the default font after every family of a CSS list (not only when none is
# available): a character no listed family has is drawn from Liberation Serif if it has it
# (checked: "ℓ" in monospace, "α" in "Recursive Variable" alone). Then its system fallback
# (fontconfig's order on Debian) takes the first of these that has the character. DejaVu Sans
# comes first there and covers nearly every symbol, arrow, dingbat and the like Chromium was
# seen to draw; the fonts after it (DejaVu Math TeX Gyre, Sans Mono, Serif) add little (APL
# symbols, a few arrows) and are not modelled.
SYSTEM_FALLBACK_FAMILIES = ("DejaVu Sans",)
# The width of the missing-glyph box Chromium draws for a character no font has: the .notdef
# advance (font units) of the first face whose unicode-range claims it. Our stand-ins draw a
# different box than the Liberation fonts Chromium has (Arimo 1536, Tinos 1593 units); Chromium
# reported 0.365 em (748 units, Liberation's .notdef) at 400 and 700.
NOTDEF_ADVANCE = {"Arimo": 748, "Tinos": 748}
# Families that stand for fonts the reference machine has installed: Chromium treats them as
# claiming every codepoint (no unicode-range), whatever the vendored files' ranges say.
SYSTEM_FONT_STAND_INS = ("Arimo", "Tinos")
# Characters Liberation Sans and Serif 1.07 have (WGL4: arrows, box drawing, block and geometric
# shapes, math operators, card suits, ...) that the Arimo and Tinos slices we vendor do not: the
# @fontsource files stop at Latin, Greek and Cyrillic. Chromium draws them from Liberation, so
# they are measured with Liberation's advances (font units), recorded from Chromium 156
# (getComputedTextLength at 2048 px, per face). No glyph: nothing is embedded for them, and a
# viewer draws them from its own fonts (Arial and Times New Roman have them, at these widths).
LIBERATION_ONLY = "˘˙˛Ѳѳ‐‑―‗‛‡‰‼‾ⁿ℅Ω℮⅛⅜⅝⅞←→↔↕↨∂∆∏∑∙√∞∟∩∫≈≠≡≤≥⌂⌐⌠⌡─│┌┐└┘├┤┬┴┼═║╒╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡╢╣╤╥╦╧╨╩╪╫╬▀▄█▌▐░▒▓■□▪▫▬▲►▼◄◊○●◘◙◦☺☻☼♀♂♠♣♥♦♪♫♬ﬁﬂ"
LIBERATION_ONLY_ADVANCES = {
    ("Arimo", "normal", 400): [
        682,
        682,
        682,
        1593,
        1139,
        682,
        682,
        2048,
        1131,
        455,
        1139,
        2048,
        1024,
        682,
        747,
        1813,
        1531,
        1229,
        1708,
        1708,
        1708,
        1708,
        2048,
        2048,
        2048,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        569,
        1124,
        1460,
        2005,
        1472,
        561,
        1124,
        1124,
        1195,
        1124,
        1124,
        1237,
        1196,
        1237,
        1237,
        1451,
        1280,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1024,
        1024,
    ],
    ("Arimo", "normal", 700): [
        682,
        682,
        682,
        1593,
        1251,
        682,
        682,
        2048,
        1131,
        569,
        1139,
        2048,
        1237,
        682,
        811,
        1813,
        1642,
        1229,
        1708,
        1708,
        1708,
        1708,
        2048,
        2048,
        2048,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        569,
        1124,
        1460,
        2005,
        1479,
        561,
        1124,
        1124,
        1195,
        1124,
        1124,
        1237,
        1196,
        1237,
        1237,
        1451,
        1280,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1251,
        1251,
    ],
    ("Arimo", "italic", 400): [
        682,
        682,
        682,
        1593,
        1139,
        682,
        682,
        2048,
        1131,
        455,
        1139,
        2048,
        1024,
        682,
        747,
        1813,
        1558,
        1229,
        1708,
        1708,
        1708,
        1708,
        2047,
        2043,
        2048,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        569,
        1124,
        1460,
        2005,
        1472,
        561,
        1124,
        1124,
        1196,
        1124,
        1124,
        1237,
        1196,
        1237,
        1237,
        1451,
        1280,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1024,
        1024,
    ],
    ("Arimo", "italic", 700): [
        682,
        682,
        682,
        1593,
        1251,
        682,
        682,
        2048,
        1131,
        569,
        1139,
        2048,
        1237,
        682,
        811,
        1813,
        1599,
        1229,
        1708,
        1708,
        1708,
        1708,
        2046,
        2048,
        2047,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        569,
        1124,
        1460,
        2005,
        1479,
        561,
        1124,
        1124,
        1195,
        1124,
        1124,
        1237,
        1196,
        1237,
        1237,
        1451,
        1280,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1251,
        1251,
    ],
    ("Tinos", "normal", 400): [
        682,
        682,
        682,
        1612,
        1253,
        682,
        682,
        2048,
        1024,
        682,
        1024,
        2048,
        1173,
        682,
        645,
        1707,
        1522,
        1229,
        1536,
        1536,
        1536,
        1536,
        2048,
        2048,
        2048,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        512,
        1124,
        1460,
        2005,
        1479,
        561,
        1124,
        1124,
        1155,
        1124,
        1124,
        1229,
        1155,
        1237,
        1237,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1139,
        1139,
    ],
    ("Tinos", "normal", 700): [
        682,
        682,
        682,
        1612,
        1253,
        682,
        682,
        2048,
        1024,
        682,
        1024,
        2048,
        1237,
        682,
        712,
        1706,
        1640,
        1229,
        1536,
        1536,
        1536,
        1536,
        2048,
        2048,
        2048,
        1024,
        1024,
        1012,
        1253,
        1686,
        1460,
        512,
        1124,
        1460,
        2005,
        1472,
        561,
        1124,
        1124,
        1167,
        1124,
        1124,
        1229,
        1167,
        1237,
        1237,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1451,
        1493,
        1237,
        1237,
        726,
        726,
        2048,
        2027,
        2027,
        2027,
        2027,
        1012,
        1237,
        1237,
        1237,
        1237,
        726,
        2091,
        2155,
        1877,
        1536,
        1536,
        1088,
        1344,
        1216,
        1045,
        1024,
        1536,
        1536,
        1139,
        1139,
    ],
}
# Last-resort faces for characters neither the CSS list, the default font nor the system
# fallback above has (CJK, emoji beyond DejaVu's few), as a system fallback font would draw them
# (the reference machine had none: it drew tofu). In this order, except that emoji-presentation
# codepoints (U+1F000 and up) try Noto Emoji first. Not CSS-addressable.
FALLBACK_FAMILIES = ("Noto Sans SC", "Noto Sans KR", "Noto Emoji")
# How far (px) glyph ink may stick out past a whole pixel and still not grow Chromium's SVG text
# box vertically, per family (default: none; the box covers the ink rounded out). Chromium draws
# Liberation for Arimo and Tinos, whose TrueType hinting moves vertical extents to the pixel grid
# glyph by glyph; one slack per family is the best simple fit, measured over 400 glyph boxes each
# (11-20 px, regular and bold, descenders, accents, brackets) against Chromium: wrong descent
# 18 (Arimo) and 36 (Tinos) times, against 89 and 61 when rounding out. DejaVu, hinted too,
# fitted the same way over 864 boxes each (10-24 px, regular and bold, 36 strings of letters,
# accents, brackets, symbols, box drawing): wrong height or top 124 (Sans) and 121 (Mono) times,
# against 159 and 155 when rounding out; plain text is nearly always right, the misses are mostly
# accents (É, Ä, š) that hinting lifts a pixel higher, which no slack can model.
INK_SLACK_PX = {"Arimo": 0.45, "Tinos": 0.25, "DejaVu Sans": 0.1, "DejaVu Sans Mono": 0.1}
# Where Arimo's kerning is not Liberation Sans 1.07's (Debian's fonts-liberation, which Chromium
# draws for Arial on the reference machine): pair -> Liberation's adjustment (font units, 2048
# per em), per (style, weight). Arimo kerns "11", Liberation does not (checked: "11" at 16 px
# is 17.8 px in Chromium); Liberation kerns a few capitals against the no-break space, Arimo
# does not. Found by shaping every pair of the Latin slice with both fonts (HarfBuzz); Tinos
# and Liberation Serif agree on every pair.
LIBERATION_SANS_KERNING = {
    ("normal", "400"): {"11": 0, "A\xa0": -113, "L\xa0": -76, "P\xa0": -37, "T\xa0": -37, "Y\xa0": -37,
                        "\xa0A": -113, "\xa0T": -37, "\xa0Y": -37},
    ("normal", "700"): {"11": 0, "A\xa0": -76, "L\xa0": -37, "P\xa0": -37, "Y\xa0": -37, "\xa0A": -76, "\xa0Y": -37},
    ("italic", "400"): {"11": 0, "A\xa0": -76, "F\xa0": -37, "L\xa0": -37, "P\xa0": -76, "Y\xa0": -37,
                        "\xa0A": -76, "\xa0Y": -37},
    ("italic", "700"): {"11": 0, "A\xa0": -76, "L\xa0": -37, "P\xa0": -76, "Y\xa0": -37, "\xa0A": -76, "\xa0Y": -37},
}  # fmt: skip
# Fixed-point resolution for HarfBuzz so fractional advances of a variable instance survive.
SUBUNITS = 64


def parse_unicode_range(text: str) -> list[tuple[int, int]]:
    """Parse a CSS ``unicode-range`` value (``U+0000-00FF,U+0131``) into inclusive ranges."""
    ranges = []
    for part in text.split(","):
        part = part.strip().upper().removeprefix("U+")
        first, _, last = part.partition("-")
        ranges.append((int(first, 16), int(last or first, 16)))
    return ranges


def in_ranges(codepoint: int, ranges: list[tuple[int, int]]) -> bool:
    """Whether ``codepoint`` falls in any of the inclusive ``ranges``."""
    return any(first <= codepoint <= last for first, last in ranges)


def number(value: float) -> int | float:
    """A font-unit value as an int when whole, else rounded to 1/100 unit (keeps the JSON short)."""
    rounded = round(value, 2)
    return int(rounded) if rounded == int(rounded) else rounded


class Shaper:
    """HarfBuzz shaping of one font file at one wght instance, in font units."""

    def __init__(self, sfnt: bytes, weight: int | None) -> None:
        face = hb.Face(sfnt)
        self.font = hb.Font(face)
        self.font.scale = (face.upem * SUBUNITS, face.upem * SUBUNITS)
        if weight is not None:
            self.font.set_variations({"wght": weight})
        self.interacting = _glyphs_in_layout_coverage(TTFont(io.BytesIO(sfnt), lazy=False))

    def may_interact(self, codepoint: int) -> bool:
        """Whether ``codepoint``'s glyph appears in any GSUB/GPOS coverage (else it never kerns
        or ligates with what follows, and its pairs need not be shaped)."""
        buf = hb.Buffer()
        buf.add_str(chr(codepoint))
        buf.guess_segment_properties()
        hb.shape(self.font, buf)
        return any(info.codepoint in self.interacting for info in buf.glyph_infos)

    def ink_x(self, text: str) -> tuple[float, float]:
        """Left and right ink edges (font units from the pen position) of ``text``'s first glyph."""
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self.font, buf)
        extents = self.font.get_glyph_extents(buf.glyph_infos[0].codepoint)
        left = extents.x_bearing / SUBUNITS
        return left, left + extents.width / SUBUNITS

    def ink(self, text: str) -> tuple[float, float]:
        """Top and bottom (font units, up positive) of the glyph ink of ``text``'s first glyph."""
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self.font, buf)
        extents = self.font.get_glyph_extents(buf.glyph_infos[0].codepoint)
        top = extents.y_bearing / SUBUNITS
        return top, top + extents.height / SUBUNITS

    def shape(self, text: str) -> tuple[float, int]:
        """Total advance of ``text`` (font units) and the number of glyphs it shaped to."""
        buf = hb.Buffer()
        buf.add_str(text)
        buf.guess_segment_properties()
        hb.shape(self.font, buf)
        total = sum(pos.x_advance for pos in buf.glyph_positions)
        return total / SUBUNITS, len(buf.glyph_infos)


def _glyphs_in_layout_coverage(font: TTFont) -> set[int]:
    """Glyph ids named by any Coverage table of the font's GSUB and GPOS lookups."""
    order = {name: gid for gid, name in enumerate(font.getGlyphOrder())}
    glyphs: set[int] = set()

    def walk(node: object, depth: int = 0) -> None:
        if depth > 12 or node is None:
            return
        if type(node).__name__ == "Coverage":
            glyphs.update(order[name] for name in node.glyphs)
            return
        if isinstance(node, list):
            for item in node:
                walk(item, depth + 1)
            return
        if hasattr(node, "__dict__"):
            for value in vars(node).values():
                if isinstance(value, list) or hasattr(value, "__dict__"):
                    walk(value, depth + 1)

    for tag in ("GSUB", "GPOS"):
        if tag in font:
            walk(font[tag].table.LookupList)
    return glyphs


def encode_advances(advances: dict[int, float]) -> list[list[int | float]]:
    """Pack ``{codepoint: advance}`` as runs of consecutive codepoints: ``[first, adv, adv, …]``."""
    runs: list[list[int | float]] = []
    previous = None
    for codepoint in sorted(advances):
        if previous is None or codepoint != previous + 1:
            runs.append([codepoint])
        runs[-1].append(number(advances[codepoint]))
        previous = codepoint
    return runs


def encode_kerning(kerning: dict[tuple[int, int], float]) -> dict[str, object]:
    """Pack ``{(left, right): adjustment}`` as classes plus a sparse class-pair list.

    Kerning in a font is class based (GPOS PairPos), so the 36k pairs of Recursive collapse to
    about 100 left × 90 right classes with some 1,300 nonzero cells: ~20 KB instead of ~400 KB.
    A codepoint's class is the set of codepoints with exactly the same row (left) or column
    (right) of adjustments; classes are numbered from 1 in codepoint order, 0 means "never kerns".

    Returns ``{"left": runs, "right": runs, "pairs": {adjustment: [leftClass, rightClass, …]}}``
    where ``runs`` has the shape of ``encode_advances`` with class numbers instead of advances.
    """
    rows: dict[int, list[tuple[int, float]]] = {}
    columns: dict[int, list[tuple[int, float]]] = {}
    for (left, right), value in sorted(kerning.items()):
        rows.setdefault(left, []).append((right, value))
        columns.setdefault(right, []).append((left, value))

    def classify(vectors: dict[int, list[tuple[int, float]]]) -> dict[int, int]:
        numbers: dict[tuple, int] = {}
        classes = {}
        for codepoint in sorted(vectors):
            key = tuple(vectors[codepoint])
            classes[codepoint] = numbers.setdefault(key, len(numbers) + 1)
        return classes

    left_classes, right_classes = classify(rows), classify(columns)
    cells: dict[tuple[int, int], float] = {}
    for (left, right), value in kerning.items():
        cells[(left_classes[left], right_classes[right])] = value
    grouped: dict[str, list[int]] = {}
    for (left_class, right_class), value in sorted(cells.items()):
        grouped.setdefault(str(number(value)), []).extend((left_class, right_class))
    return {
        "left": encode_advances(left_classes),
        "right": encode_advances(right_classes),
        "pairs": dict(sorted(grouped.items(), key=lambda kv: float(kv[0]))),
    }


def face_key(entry: dict) -> tuple[str, str, str]:
    """The (family, style, weight) an entry's @font-face declares: files sharing it form one face."""
    return entry["font_family"], entry.get("font_style", "normal"), entry.get("font_weight", "400")


def weight_range(declared: str) -> tuple[int, int]:
    """A CSS ``font-weight`` descriptor ("400" or "300 1000") as an inclusive range."""
    parts = [int(part) for part in declared.split()]
    return parts[0], parts[-1]


def claimed_ranges(entries: list[dict]) -> list[int]:
    """The union of the entries' unicode-ranges, merged and flattened: ``[first, last, ...]``
    (everything for a family standing in for an installed font)."""
    if entries[0]["font_family"] in SYSTEM_FONT_STAND_INS:
        return [0, 0x10FFFF]
    ranges = sorted(r for entry in entries for r in parse_unicode_range(entry["unicode_range"]))
    merged: list[list[int]] = []
    for first, last in ranges:
        if merged and first <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], last)
        else:
            merged.append([first, last])
    return [bound for pair in merged for bound in pair]


def measure_face(entries: list[dict]) -> tuple[dict, dict]:
    """Metrics for one face from its manifest entries (in manifest order), plus build stats."""
    owner: dict[int, int] = {}  # codepoint -> index of the file that draws it
    sfnts: list[bytes] = []
    units_per_em = ascent = descent = None
    notdef = None
    variable = False
    for index, entry in enumerate(entries):
        font = TTFont(VENDOR / entry["path"])
        head, hhea, os2 = font["head"], font["hhea"], font["OS/2"]
        if units_per_em is None:
            units_per_em = head.unitsPerEm
            # Chromium on Linux takes ascent/descent from FreeType, which reads hhea, or OS/2 typo
            # when fsSelection bit 7 (USE_TYPO_METRICS) is set; record whichever applies.
            if os2.fsSelection & (1 << 7):
                ascent, descent = os2.sTypoAscender, -os2.sTypoDescender
            else:
                ascent, descent = hhea.ascent, -hhea.descent
            notdef = font["hmtx"][font.getGlyphOrder()[0]][0]
            variable = "fvar" in font
        ranges = parse_unicode_range(entry["unicode_range"])
        for codepoint in font.getBestCmap():
            if codepoint not in owner and in_ranges(codepoint, ranges):
                owner[codepoint] = index
        font.flavor = None  # HarfBuzz wants plain sfnt bytes, not woff2
        buffer = io.BytesIO()
        font.save(buffer)
        sfnts.append(buffer.getvalue())

    low, high = weight_range(face_key(entries[0])[2])
    # A variable face is instantiated at the weights Mermaid asks for (text_measure.js
    # interpolates between them); a static face has its one weight.
    instances_wanted = sorted({min(max(w, low), high) for w in WEIGHTS}) if variable else [low]
    instances: dict[str, object] = {}
    stats = {"codepoints": len(owner), "multi_glyph_pairs": 0}
    first_tables = None
    for weight in instances_wanted:
        shapers = [Shaper(sfnt, weight if variable else None) for sfnt in sfnts]
        advances = {cp: shapers[owner[cp]].shape(chr(cp))[0] for cp in owner}
        kerning: dict[tuple[int, int], float] = {}
        for index, shaper in enumerate(shapers):
            members = sorted(cp for cp, file_index in owner.items() if file_index == index)
            lefts = [cp for cp in members if shaper.may_interact(cp)]
            for left in lefts:
                for right in members:
                    total, glyphs = shaper.shape(chr(left) + chr(right))
                    delta = total - advances[left] - advances[right]
                    if glyphs != 2:
                        stats["multi_glyph_pairs"] += 1
                    if abs(delta) >= 0.005:
                        kerning[(left, right)] = delta
        family, style, declared = face_key(entries[0])
        if family == "Arimo":
            for pair, adjustment in LIBERATION_SANS_KERNING.get((style, declared), {}).items():
                left, right = (ord(ch) for ch in pair)
                if adjustment:
                    kerning[(left, right)] = adjustment
                else:
                    kerning.pop((left, right), None)
        stats[f"kerning_pairs_{weight}"] = len(kerning)
        # Chromium's SVG text bbox also covers glyph ink, rounded out to whole pixels, where it
        # sticks out of the (rounded) ascent/descent box: tall accented capitals, deep
        # descenders. Keep the ink of glyphs that can do so at 8 px or more:
        # ceil(ink * size / em) > round(ascent * size / em) needs ink > ascent - em / 16.
        margin = units_per_em / 16
        ink = []
        for codepoint in sorted(owner):
            top, bottom = shapers[owner[codepoint]].ink(chr(codepoint))
            if top > ascent - margin or -bottom > descent - margin:
                ink.append([codepoint, number(top), number(-bottom)])
        # Chromium's SVG text box also covers each glyph's ink, rounded out to whole pixels
        # around the pen position: a final "l" or "f" whose ink ends past its advance widens
        # the box. Keep every glyph's horizontal ink extent.
        ink_left, ink_right = {}, {}
        for codepoint in owner:
            left, right = shapers[owner[codepoint]].ink_x(chr(codepoint))
            ink_left[codepoint], ink_right[codepoint] = left, right
        # Liberation's characters the stand-in lacks: Liberation's advance, the advance box as
        # ink (no outline to read), no kerning.
        family, style = face_key(entries[0])[:2]
        for char, advance in zip(
            LIBERATION_ONLY, LIBERATION_ONLY_ADVANCES.get((family, style, weight), ()), strict=False
        ):
            if ord(char) not in owner:
                advances[ord(char)] = advance
                ink_left[ord(char)], ink_right[ord(char)] = 0, advance
        hinted = (
            hinted_ink(entries, owner, weight, units_per_em, ascent, descent, ink)
            if family in HINTED_FAMILIES and variable
            else None
        )
        tables = {
            "advances": encode_advances(advances),
            "inkLeft": encode_advances(ink_left),
            "inkRight": encode_advances(ink_right),
            "kerning": encode_kerning(kerning),
            "ink": ink,
        }
        if hinted:
            tables["hintedInk"] = hinted
        # Recursive keeps widths and kerning fixed across weights (only the ink changes): a
        # field equal to the first weight's is written as that weight's name, not copied.
        if first_tables is None:
            first_tables = (str(weight), tables)
        else:
            name, first = first_tables
            tables = {key: name if value == first[key] else value for key, value in tables.items()}
        instances[str(weight)] = tables

    face = {
        "style": face_key(entries[0])[1],
        "weight": [low, high],
        "unitsPerEm": units_per_em,
        "ascent": ascent,
        "descent": descent,
        # What the face's @font-face rules claim (unicode-range), as [first, last, ...], and the
        # width of its missing-glyph box: Chromium draws a character no font has as the
        # .notdef of the first face claiming it.
        "claims": claimed_ranges(entries),
        "notdefAdvance": NOTDEF_ADVANCE.get(face_key(entries[0])[0], notdef),
        "inkSlack": INK_SLACK_PX.get(face_key(entries[0])[0], 0),
        "instances": instances,
    }
    return face, stats


def hinted_ink(
    entries: list[dict], owner: dict[int, int], weight: int, units_per_em: int, ascent: int, descent: int, ink: list
) -> dict[str, list[int]]:
    """Where light autohinting changes a glyph's share of the text box, per whole-pixel size.

    ``{size: [codepoint, top, bottom, ...]}`` in whole pixels above/below the baseline (the
    hinted outline rounded out), only for the glyphs and sizes whose box (at least the rounded
    ascent and descent) differs from what the unhinted ``ink`` table gives text_measure.js.
    """
    faces = []
    for entry in entries:
        font = instancer.instantiateVariableFont(TTFont(VENDOR / entry["path"]), {"wght": weight})
        font.flavor = None
        buffer = io.BytesIO()
        font.save(buffer)
        buffer.seek(0)
        faces.append(freetype.Face(buffer))
    unhinted = {entry[0]: (entry[1], entry[2]) for entry in ink}
    flags = freetype.FT_LOAD_TARGET_LIGHT | freetype.FT_LOAD_NO_BITMAP
    table: dict[str, list[int]] = {}
    for size in HINTED_SIZES:
        scale = size / units_per_em
        box_ascent = int(ascent * scale + 0.5)
        box_descent = int(descent * scale + 0.5)
        rows: list[int] = []
        for codepoint in sorted(owner):
            face = faces[owner[codepoint]]
            face.set_char_size(size * 64, 0, 72, 72)
            face.load_char(chr(codepoint), flags)
            ys = [point[1] for point in face.glyph.outline.points]
            if not ys:
                continue
            top, bottom = -(-max(ys) // 64), -(min(ys) // 64)
            ink_top, ink_bottom = unhinted.get(codepoint, (0, 0))
            before = (max(box_ascent, _ceil(ink_top * scale)), max(box_descent, _ceil(ink_bottom * scale)))
            if (max(box_ascent, top), max(box_descent, bottom)) != before:
                rows += [codepoint, top, bottom]
        if rows:
            table[str(size)] = rows
    return table


def _ceil(value: float) -> int:
    """Whole pixels as text_measure.js rounds unhinted ink (no slack for these faces)."""
    return math.ceil(value - 1e-9)


def measure_fallback_face(entries: list[dict], taken: set[int]) -> tuple[dict, dict]:
    """The compact table of a last-resort face (see the module docstring), plus build stats.

    Codepoints in ``taken`` (drawn by an earlier fallback face) are left out, except emoji
    (U+1F000 and up), which text_measure.js looks up in the reverse order.
    """
    owner: dict[int, int] = {}
    sfnts: list[bytes] = []
    head = None
    for index, entry in enumerate(entries):
        font = TTFont(VENDOR / entry["path"])
        if head is None:
            head = font["head"], font["hhea"]
        ranges = parse_unicode_range(entry["unicode_range"])
        for codepoint in font.getBestCmap():
            if codepoint not in owner and in_ranges(codepoint, ranges):
                owner[codepoint] = index
        font.flavor = None
        buffer = io.BytesIO()
        font.save(buffer)
        sfnts.append(buffer.getvalue())
    owner = {cp: index for cp, index in owner.items() if cp not in taken or cp >= 0x1F000}
    taken.update(owner)
    shapers = [Shaper(sfnt, None) for sfnt in sfnts]
    advances = {cp: number(shapers[owner[cp]].shape(chr(cp))[0]) for cp in sorted(owner)}
    counts: dict[int | float, int] = {}
    for advance in advances.values():
        counts[advance] = counts.get(advance, 0) + 1
    default = max(sorted(counts), key=lambda advance: counts[advance])
    pages: dict[int, bytearray] = {}
    for codepoint in owner:
        page = pages.setdefault(codepoint >> 8, bytearray(32))
        page[(codepoint & 255) >> 3] |= 1 << (codepoint & 7)
    ink_x = []
    for codepoint in sorted(owner):
        left, right = shapers[owner[codepoint]].ink_x(chr(codepoint))
        if right <= left or left < 0 or right > advances[codepoint]:
            ink_x += [codepoint, number(left), number(right)]
    (family, style, weight), (head_table, hhea) = face_key(entries[0]), head
    low, high = weight_range(weight)
    face = {
        "family": family,
        "style": style,
        "weight": [low, high],
        "unitsPerEm": head_table.unitsPerEm,
        "ascent": hhea.ascent,
        "descent": -hhea.descent,
        "pages": [[page, base64.b64encode(bits).decode("ascii")] for page, bits in sorted(pages.items())],
        "defaultAdvance": default,
        "advances": [value for cp, adv in advances.items() if adv != default for value in (cp, adv)],
        "inkX": ink_x,
    }
    return face, {"codepoints": len(owner), "other_advances": len(advances) - counts[default]}


def build() -> tuple[str, dict]:
    """Return the generated JSON document and per-face build stats."""
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))
    by_face: dict[tuple[str, str, str], list[dict]] = {}
    for entry in manifest["files"]:
        if "font_family" in entry and entry["font_family"] not in FALLBACK_FAMILIES:
            by_face.setdefault(face_key(entry), []).append(entry)
    families: dict[str, dict] = {}
    stats = {}
    for key in sorted(by_face, key=lambda k: (k[0], k[1], weight_range(k[2]))):
        entries = by_face[key]
        face, stats[" ".join(key)] = measure_face(entries)
        families.setdefault(key[0], {"faces": []})["faces"].append(face)
    for alias, family in ALIASES.items():
        assert family in families and alias == alias.lower(), alias
    assert all(family in families for family in SYSTEM_FALLBACK_FAMILIES)
    fallbacks: list[dict] = []
    taken: set[int] = set()
    for family in FALLBACK_FAMILIES:
        entries = [e for e in manifest["files"] if e.get("font_family") == family]
        face, stats[family] = measure_fallback_face(entries, taken)
        fallbacks.append(face)
    metrics = {
        "version": 2,
        "defaultFamily": DEFAULT_FAMILY,
        "aliases": ALIASES,
        "systemFallbacks": list(SYSTEM_FALLBACK_FAMILIES),
        "families": families,
        "fallbacks": fallbacks,
    }
    # The document both sides load as data (the engine as a data script, Python with json.load;
    # its format is described in mermaid_printer/fonts/metrics.py). Deterministic: sorted keys,
    # no whitespace, ASCII only, one final newline.
    return json.dumps(metrics, ensure_ascii=True, separators=(",", ":"), sort_keys=True) + "\n", stats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed file differs")
    args = parser.parse_args()
    source, stats = build()
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != source:
            print(f"{OUTPUT} is stale: run scripts/build_font_metrics.py", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(source, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(source.encode()):,} bytes) {stats}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
