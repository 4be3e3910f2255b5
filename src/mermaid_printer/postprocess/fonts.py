"""Embed subsets of the vendored fonts in an SVG, so every viewer draws the text we measured.

Text is measured in the engine with the vendored Recursive Variable (``text_measure.js``). This
step finds the characters drawn in ``<text>``/``<tspan>``/``<textPath>``, subsets each vendored
font file to the characters it draws (same file choice as the metrics: the first manifest entry
whose ``unicode_range`` and cmap both cover a character), and puts one ``<style>`` with an
``@font-face`` per subset at the top of the SVG. The subsets keep the ``wght`` axis, so bold text
is drawn from the same font. Each face's ``unicode-range`` lists exactly its characters, so the
faces never overlap and their order does not matter.

Run after sanitizing (the sanitizer would drop ``data:`` URLs it did not expect elsewhere).

How, and why so: HarfBuzz's subsetter (``uharfbuzz``) cuts a subset in ~0.3 ms, where
fontTools took ~100 ms; a small WOFF 1.0 writer below (header, table directory, each table
zlib-compressed) wraps it in ~1 ms. WOFF rather than a bare TTF (no wrapping at all) because it
is ~40% smaller (a 40-character Latin subset: 19 KB instead of 31 KB) and the SVG is sent on
every request; rather than WOFF2 because brotli at a useful quality costs far more than it
saves. The slow part, decoding the vendored woff2 files (~0.1–0.6 s), happens once:
``preload_fonts()`` keeps each file as a preprocessed HarfBuzz face, so a zygote that calls it
before forking hands every single-use child a warm copy. Nothing is cached per request.

Output is deterministic: same characters, same bytes. HarfBuzz copies ``head.modified`` from the
vendored file, and the WOFF writer has no timestamps or options. The bytes do depend on the
HarfBuzz version (pinned through ``uharfbuzz`` in pyproject) and on zlib's deflate at level
``_ZLIB_LEVEL`` (stable across stock zlib releases; zlib-ng would give other, equally valid
bytes); ``tests/postprocess/test_fonts.py`` holds golden hashes of both so a change is noticed.
"""

from __future__ import annotations

import base64
import functools
import io
import re
import struct
import zlib
from dataclasses import dataclass

import uharfbuzz as hb
from fontTools.ttLib import TTFont
from lxml import etree

from mermaid_printer.resources import vendor_manifest, vendored_file

__all__ = ["embed_fonts", "preload_fonts", "vendored_fonts"]

SVG_NS = "http://www.w3.org/2000/svg"
_TEXT_TAGS = {"text", "tspan", "textPath"}
_FONT_FAMILY_RE = re.compile(r"font-family\s*:\s*([^;}]+)", re.IGNORECASE)
# Characters that need no glyph: controls and default-ignorables (as in text_measure.js).
_NO_GLYPH_RE = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")
_MAX_LISTED_MISSING = 20
# Part of the output bytes (see the module docstring). 9 is slower for ~0.1% smaller fonts;
# 6 is zlib's default and what fontTools used for our WOFFs before.
_ZLIB_LEVEL = 6


@dataclass(frozen=True)
class _FontFile:
    """One vendored font file, decoded once."""

    path: str
    family: str
    sfnt: bytes  # the decoded TrueType bytes, which ``face`` may point into
    face: hb.Face  # preprocessed by HarfBuzz for repeated subsetting
    codepoints: frozenset[int]  # cmap ∩ unicode_range: what this file draws


@functools.cache
def _font_files() -> tuple[_FontFile, ...]:
    """The manifest's font files in manifest order (earlier files win a shared codepoint)."""
    files = []
    for entry in vendor_manifest()["files"]:
        if "font_family" not in entry:
            continue
        font = TTFont(vendored_file(entry["path"]), recalcTimestamp=False)
        ranges = _parse_unicode_range(entry["unicode_range"])
        covered = frozenset(
            cp for cp in font.getBestCmap() if any(lo <= cp <= hi for lo, hi in ranges)
        )
        font.flavor = None
        buffer = io.BytesIO()
        font.save(buffer)
        sfnt = buffer.getvalue()
        face = hb.subset_preprocess(hb.Face(hb.Blob(sfnt)))
        files.append(_FontFile(entry["path"], entry["font_family"], sfnt, face, covered))
    return tuple(files)


def vendored_fonts() -> tuple[_FontFile, ...]:
    """The decoded vendored font files, in manifest order (shared with the PDF/PNG converter)."""
    return _font_files()


def preload_fonts() -> None:
    """Decode the vendored fonts for HarfBuzz now (in the zygote before fork, so children share)."""
    _font_files()


def embed_fonts(root: etree._Element) -> list[str]:
    """Add an ``@font-face`` subset of each vendored font the SVG's text uses.

    Args:
        root: The sanitized ``<svg>`` root; a ``<style>`` is inserted as its first child.

    Returns:
        Warnings for the caller: characters no vendored font covers (a viewer draws them with
        its own fallback font, so their widths may differ from the layout), or text whose
        font-family names no vendored family.
    """
    text = _drawn_text(root)
    if not text:
        return []
    files = _font_files()
    named = _named_families(root)
    families = {f.family for f in files}
    if not any(family.lower() in named for family in families):
        return [
            "the SVG's text names no embedded font family ("
            + ", ".join(sorted(families))
            + "); viewers will draw it with their own fonts"
        ]

    by_file: dict[int, set[int]] = {}
    missing: set[int] = set()
    for codepoint in sorted({ord(ch) for ch in text}):
        for index, font_file in enumerate(files):
            if codepoint in font_file.codepoints:
                by_file.setdefault(index, set()).add(codepoint)
                break
        else:
            missing.add(codepoint)

    rules = []
    for index in sorted(by_file):
        codepoints = frozenset(by_file[index])
        data = base64.b64encode(_woff(_subset_sfnt(files[index], codepoints))).decode("ascii")
        rules.append(
            f'@font-face{{font-family:"{files[index].family}";font-style:normal;'
            f'font-weight:300 1000;src:url(data:font/woff;base64,{data}) format("woff");'
            f"unicode-range:{_format_unicode_range(codepoints)}}}"
        )
    style = etree.Element(_svg_tag(root, "style"))
    style.text = "".join(rules)
    root.insert(0, style)

    if not missing:
        return []
    listed = ", ".join(f"U+{cp:04X}" for cp in sorted(missing)[:_MAX_LISTED_MISSING])
    more = "" if len(missing) <= _MAX_LISTED_MISSING else f" and {len(missing) - _MAX_LISTED_MISSING} more"
    return [
        f"{len(missing)} character(s) are not in the embedded fonts and will be drawn with the "
        f"viewer's fallback font, so their width may not match the layout: {listed}{more}"
    ]


def _subset_sfnt(font_file: _FontFile, codepoints: frozenset[int]) -> bytes:
    """TrueType bytes of ``font_file`` reduced to ``codepoints`` (+ .notdef; wght axis kept).

    HarfBuzz keeps variation data unless an axis is pinned. Its default feature and name-ID
    sets are narrower than ours, so both are cleared and inverted to mean "all".
    """
    subset_input = hb.SubsetInput()
    subset_input.unicode_set.update(codepoints)
    features = subset_input.sets(hb.SubsetInputSets.LAYOUT_FEATURE_TAG)
    features.clear()  # then all: keep kerning, marks, rvrn, so shaping matches measuring
    features.invert()
    name_ids = subset_input.sets(hb.SubsetInputSets.NAME_ID)
    name_ids.clear()  # then all: keeps the OFL copyright and license notices
    name_ids.invert()
    subset_input.flags = hb.SubsetFlags.NO_HINTING
    return hb.subset(font_file.face, subset_input).blob.data


def _woff(sfnt: bytes) -> bytes:
    """``sfnt`` as a WOFF 1.0 file (W3C WOFF File Format 1.0, sections 3-5).

    Layout: a 44-byte header, one 20-byte directory entry per table (sorted by tag, as in the
    sfnt), then each table's data, zlib-compressed unless that would not make it smaller, and
    zero-padded to 4 bytes. No metadata or private block. The checksums are the sfnt's own.
    """
    flavor, num_tables = struct.unpack_from(">IH", sfnt, 0)
    records = sorted(struct.unpack_from(">4sIII", sfnt, 12 + 16 * i) for i in range(num_tables))
    directory = []
    blocks = []
    offset = 44 + 20 * num_tables
    sfnt_size = 12 + 16 * num_tables
    for tag, checksum, table_offset, length in records:
        table = sfnt[table_offset : table_offset + length]
        packed = zlib.compress(table, _ZLIB_LEVEL)
        if len(packed) >= length:
            packed = table  # stored as is: compLength == origLength tells the reader
        directory.append(struct.pack(">4sIIII", tag, offset, len(packed), length, checksum))
        padded = packed + b"\0" * (-len(packed) % 4)
        blocks.append(padded)
        offset += len(padded)
        sfnt_size += length + (-length % 4)
    header = struct.pack(
        ">4sIIHHIHHIIIII",
        b"wOFF",
        flavor,
        offset,  # total length of the WOFF file
        num_tables,
        0,  # reserved
        sfnt_size,  # totalSfntSize: the decoded font, tables padded to 4 bytes
        1,  # majorVersion/minorVersion: of this WOFF file, free for the writer to choose
        0,
        0,  # metaOffset, metaLength, metaOrigLength: no metadata block
        0,
        0,
        0,  # privOffset, privLength: no private block
        0,
    )
    return b"".join([header, *directory, *blocks])


def _drawn_text(root: etree._Element) -> str:
    """All characters inside text elements, without controls and default-ignorables."""
    parts = []
    for element in root.iter():
        if isinstance(element.tag, str) and etree.QName(element).localname == "text":
            parts.extend(element.itertext(*_text_tags(root)))
    return _NO_GLYPH_RE.sub("", "".join(parts))


def _text_tags(root: etree._Element) -> list[str]:
    """Tag names (with the root's namespace) whose text content is drawn."""
    return [_svg_tag(root, name) for name in sorted(_TEXT_TAGS)]


def _named_families(root: etree._Element) -> set[str]:
    """Lower-cased font family names used in <style> text, style and font-family attributes."""
    declarations = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if etree.QName(element).localname == "style" and element.text:
            declarations += _FONT_FAMILY_RE.findall(element.text)
        if element.get("style"):
            declarations += _FONT_FAMILY_RE.findall(element.get("style"))
        if element.get("font-family"):
            declarations.append(element.get("font-family"))
    names = set()
    for declaration in declarations:
        for name in declaration.replace("!important", "").split(","):
            names.add(name.strip().strip("\"'").strip().lower())
    return names


def _svg_tag(root: etree._Element, name: str) -> str:
    """``name`` in the root's namespace (SVG in practice; none for bare test documents)."""
    namespace = etree.QName(root).namespace
    return f"{{{namespace}}}{name}" if namespace else name


def _parse_unicode_range(text: str) -> list[tuple[int, int]]:
    """``U+0000-00FF,U+0131`` as inclusive ranges."""
    ranges = []
    for part in text.split(","):
        first, _, last = part.strip().upper().removeprefix("U+").partition("-")
        ranges.append((int(first, 16), int(last or first, 16)))
    return ranges


def _format_unicode_range(codepoints: frozenset[int]) -> str:
    """Sorted codepoints as a compact CSS ``unicode-range`` (consecutive runs become ranges)."""
    runs: list[list[int]] = []
    for codepoint in sorted(codepoints):
        if runs and codepoint == runs[-1][1] + 1:
            runs[-1][1] = codepoint
        else:
            runs.append([codepoint, codepoint])
    return ",".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)
