"""Build the text-measurement table ``src/mermaid_printer/engine/js/font_metrics.js``.

Dev-only (needs ``uharfbuzz``: ``pip install -e .[dev]``). Run from anywhere:

    python scripts/build_font_metrics.py          # rewrite the table
    python scripts/build_font_metrics.py --check  # exit 1 if the committed table is stale

For every font file in ``vendor/manifest.json`` it shapes with HarfBuzz, the shaper Chromium
uses, so GSUB substitutions (ccmp, locl, rvrn) and GPOS kerning come out as the browser sees them:

* the advance of every codepoint the file both maps and claims in its ``unicode_range`` (the first
  manifest entry that does wins, as each codepoint is drawn from exactly one file), at the wght
  instances in ``WEIGHTS``;
* the pair adjustment of every two codepoints of the same file (pairs across files never interact
  in a browser: they are different fonts, hence different shaping runs): ``shape(a+b) - adv(a) -
  adv(b)``, nonzero only. This also captures any two-character ligature.

The output is deterministic (sorted keys, no timestamps), so ``--check`` can guard it.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from pathlib import Path

import uharfbuzz as hb
from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
OUTPUT = ROOT / "src" / "mermaid_printer" / "engine" / "js" / "font_metrics.js"

# The two instances Mermaid asks for (normal and bold); text_measure.js interpolates between them.
WEIGHTS = (400, 700)
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

    def __init__(self, sfnt: bytes, weight: int) -> None:
        face = hb.Face(sfnt)
        self.font = hb.Font(face)
        self.font.scale = (face.upem * SUBUNITS, face.upem * SUBUNITS)
        self.font.set_variations({"wght": weight})

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


def measure_family(entries: list[dict]) -> tuple[dict, dict]:
    """Metrics for one family from its manifest entries (in manifest order), plus build stats."""
    owner: dict[int, int] = {}  # codepoint -> index of the file that draws it
    sfnts: list[bytes] = []
    units_per_em = ascent = descent = None
    x_avg = None
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
            x_avg = os2.xAvgCharWidth
        ranges = parse_unicode_range(entry["unicode_range"])
        for codepoint in font.getBestCmap():
            if codepoint not in owner and in_ranges(codepoint, ranges):
                owner[codepoint] = index
        font.flavor = None  # HarfBuzz wants plain sfnt bytes, not woff2
        buffer = io.BytesIO()
        font.save(buffer)
        sfnts.append(buffer.getvalue())

    weights: dict[str, object] = {}
    stats = {"codepoints": len(owner), "multi_glyph_pairs": 0}
    first_tables = None
    for weight in WEIGHTS:
        shapers = [Shaper(sfnt, weight) for sfnt in sfnts]
        advances = {cp: shapers[owner[cp]].shape(chr(cp))[0] for cp in owner}
        kerning: dict[tuple[int, int], float] = {}
        for index, shaper in enumerate(shapers):
            members = sorted(cp for cp, file_index in owner.items() if file_index == index)
            for left in members:
                for right in members:
                    total, glyphs = shaper.shape(chr(left) + chr(right))
                    delta = total - advances[left] - advances[right]
                    if glyphs != 2:
                        stats["multi_glyph_pairs"] += 1
                    if abs(delta) >= 0.005:
                        kerning[(left, right)] = delta
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
        tables = {
            "advances": encode_advances(advances),
            "inkLeft": encode_advances(ink_left),
            "inkRight": encode_advances(ink_right),
            "kerning": encode_kerning(kerning),
            "ink": ink,
        }
        # Recursive keeps widths and kerning fixed across weights (only the ink changes): a
        # field equal to the first weight's is written as that weight's name, not copied.
        if first_tables is None:
            first_tables = (str(weight), tables)
        else:
            name, first = first_tables
            tables = {key: name if value == first[key] else value for key, value in tables.items()}
        weights[str(weight)] = tables

    family = {
        "unitsPerEm": units_per_em,
        "ascent": ascent,
        "descent": descent,
        # Codepoints no file covers: the browser would use a fallback font we cannot know; the
        # font's own average width is the least surprising guess for narrow scripts.
        "fallbackAdvance": x_avg,
        "weights": weights,
    }
    return family, stats


def build() -> tuple[str, dict]:
    """Return the generated JS source and per-family build stats."""
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))
    by_family: dict[str, list[dict]] = {}
    for entry in manifest["files"]:
        if "font_family" in entry:
            by_family.setdefault(entry["font_family"], []).append(entry)
    families, stats, sources = {}, {}, []
    for name, entries in sorted(by_family.items()):
        families[name], stats[name] = measure_family(entries)
        sources += [f"{e['package']}@{e['version']} {e['package_path']}" for e in entries]
    metrics = {"version": 1, "defaultFamily": "Recursive Variable", "families": families}
    body = json.dumps(metrics, ensure_ascii=True, separators=(",", ":"), sort_keys=True)
    header = (
        "// GENERATED by scripts/build_font_metrics.py from the vendored font files; do not edit.\n"
        "// Sources: " + "; ".join(sources) + ".\n"
        "// Format: families[name] = {unitsPerEm, ascent, descent (font units, as Chromium uses for\n"
        "// the SVG text box), fallbackAdvance, weights: {\"400\": tables, \"700\": tables}};\n"
        "// tables.advances = [[firstCodepoint, advance, advance, ...], ...] over consecutive\n"
        "// codepoints; tables.kerning = {left: runs of left-class numbers, right: runs of right-class\n"
        "// numbers (same run shape, 0 = never kerns), pairs: {adjustment: [leftClass, rightClass, ...]}}.\n"
        "// tables.ink = [[codepoint, top, bottom], ...] glyph ink extents (font units, both positive\n"
        "// away from the baseline) for glyphs that can stick out of the ascent/descent box.\n"
        "// tables.inkLeft / inkRight: runs (as advances) of each glyph's left and right ink edge,\n"
        "// font units from its pen position.\n"
        "// A table field whose value is a weight name (\"400\") reuses that weight's field.\n"
        "// Read by text_measure.js.\n"
    )
    return header + "globalThis.__PRINTER_FONT_METRICS__ = " + body + ";\n", stats


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
