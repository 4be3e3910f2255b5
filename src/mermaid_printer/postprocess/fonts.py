"""Embed subsets of the vendored fonts in an SVG, so every viewer draws the text we measured.

Text is measured in the engine with the vendored fonts (``text_measure.js``): Recursive Variable,
Open Sans, and Arimo and Tinos where Chromium would draw Liberation Sans/Serif (arial, helvetica,
sans-serif, Times New Roman). The engine also reports which face draws each character of the
finished SVG and under which CSS family name a viewer looks for it (``drawn_faces``: the first
name of the element's font-family list that Chromium skipped or resolved, e.g. ``trebuchet ms``
for pie text drawn with arial; see text_measure.js). This step keeps the characters actually drawn
in ``<text>``/``<tspan>``/``<textPath>``, subsets each face's font files to them (same file choice
as the metrics: the first manifest entry whose ``unicode_range`` and cmap both cover a
character), and puts one ``<style>`` with an ``@font-face`` per subset, named as reported, at the
top of the SVG: a viewer then draws every character with the face it was measured with, even
where it has a font of that name itself. Variable subsets keep the ``wght`` axis, so bold text is
drawn from the same font; a static face declares its own weight and style, so a viewer
synthesizes bold or italic where Chromium did. Each face's ``unicode-range`` lists exactly its
characters. Without ``drawn_faces`` (an SVG from elsewhere), every character is given to
Recursive Variable, if the SVG's CSS names it.

CJK and emoji characters no family of the list has were measured with the last-resort faces
(Noto Sans SC, Noto Emoji; see text_measure.js) and are reported under the name of the list's
first available family plus that family's descriptors (``as_style``, ``as_weight``): their
subset is declared as one more ``@font-face`` of that name and those descriptors, so a viewer's
font matching groups it with that family's own face and its ``unicode-range`` sends exactly those
characters to it, before any font of the viewer's system. Those faces come in ~100 small
unicode-range slices; only the slices holding drawn characters are read (a slice's cmap is read
when a character in its ``unicode-range`` is asked for, not at start-up).

Run after sanitizing (the sanitizer would drop ``data:`` URLs it did not expect elsewhere).

How, and why so: HarfBuzz's subsetter (``uharfbuzz``) cuts a subset in ~0.3 ms, where
fontTools took ~100 ms; a small WOFF 1.0 writer below (header, table directory, each table
zlib-compressed) wraps it in ~1 ms. WOFF rather than a bare TTF (no wrapping at all) because it
is ~40% smaller (a 40-character Latin subset: 19 KB instead of 31 KB) and the SVG is sent on
every request; rather than WOFF2 because brotli at a useful quality costs far more than it
saves. The slow part, decoding a vendored woff2 file (0.05-0.3 s each), happens once per file:
``preload_fonts()`` keeps the files most SVGs need as preprocessed HarfBuzz faces, so a zygote
that calls it before forking hands every single-use child a warm copy; a child decodes any
other file it needs itself. Nothing is cached per request.

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


# The face an SVG gets when the engine did not say what drew its text.
_DEFAULT_FACE = ("Recursive Variable", "normal", "300 1000")
# Family names we put in a CSS string: what font names look like (no quotes, escapes, controls).
_SAFE_FAMILY_NAME_RE = re.compile(r"[\w .\-]{1,100}")
# font-style / font-weight descriptors as the engine reports them ("normal", "italic", "300 1000").
_SAFE_DESCRIPTOR_RE = re.compile(r"[a-z]{1,10}|\d{1,4}( \d{1,4})?")


@dataclass(frozen=True)
class _FontFile:
    """One vendored font file: what it draws (read from its cmap, which is cheap)."""

    path: str
    family: str
    style: str
    weight: str  # the @font-face font-weight descriptor: "400" or "300 1000"
    ranges: tuple[tuple[int, int], ...]  # its unicode_range

    def in_range(self, codepoint: int) -> bool:
        """Whether the file's ``unicode-range`` claims ``codepoint`` (cheap: no font read)."""
        return any(lo <= codepoint <= hi for lo, hi in self.ranges)

    @property
    def codepoints(self) -> frozenset[int]:
        """cmap ∩ unicode_range: what this file draws (its cmap is read once, on first use)."""
        return _covered(self.path, self.ranges)

    @property
    def sfnt(self) -> bytes:
        """The file decoded to plain TrueType/OpenType bytes (decoded once per process)."""
        return _sfnt(self.path)

    @property
    def face(self) -> hb.Face:
        """The decoded file preprocessed by HarfBuzz for subsetting (once per process)."""
        return _hb_face(self.path)


@functools.cache
def _covered(path: str, ranges: tuple[tuple[int, int], ...]) -> frozenset[int]:
    # fontTools rebuilds a woff2's glyf table only when asked: reading the cmap is quick.
    with TTFont(vendored_file(path), lazy=True) as font:
        cmap = font.getBestCmap()
    return frozenset(cp for cp in cmap if any(lo <= cp <= hi for lo, hi in ranges))


@functools.cache
def _font_files() -> tuple[_FontFile, ...]:
    """The manifest's font files in manifest order (earlier files win a shared codepoint)."""
    return tuple(
        _FontFile(
            entry["path"],
            entry["font_family"],
            entry.get("font_style", "normal"),
            entry.get("font_weight", "400"),
            tuple(_parse_unicode_range(entry["unicode_range"])),
        )
        for entry in vendor_manifest()["files"]
        if "font_family" in entry
    )


@functools.cache
def _sfnt(path: str) -> bytes:
    """The vendored file decoded to plain TrueType/OpenType bytes (woff2 unwrapped)."""
    font = TTFont(vendored_file(path), recalcTimestamp=False)
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue()


@functools.cache
def _hb_face(path: str) -> hb.Face:
    """The file decoded to TrueType and preprocessed by HarfBuzz for repeated subsetting."""
    # The blob holds the bytes for as long as the face lives.
    return hb.subset_preprocess(hb.Face(hb.Blob(_sfnt(path))))


def vendored_fonts() -> tuple[_FontFile, ...]:
    """The vendored font files in manifest order (shared with the PDF/PNG converter); each
    decodes on first use of its ``sfnt``/``face``."""
    return _font_files()


def preload_fonts() -> None:
    """Decode the fonts most SVGs use now (in the zygote before fork, so children share them).

    That is every Recursive Variable file and each other face's Latin file (~1 s). Decoding the
    rest (accented Latin, Greek, Cyrillic, … of Open Sans, Arimo, Tinos) would add ~4 s to every
    zygote start, so a child that draws such characters decodes that file itself (0.1-0.3 s).
    """
    for font_file in _font_files():
        if font_file.family == _DEFAULT_FACE[0] or (font_file.in_range(ord("A")) and ord("A") in font_file.codepoints):
            _hb_face(font_file.path)


def embed_fonts(root: etree._Element, drawn_faces: list[dict] | None = None) -> list[str]:
    """Add an ``@font-face`` subset of each vendored face the SVG's text is drawn with.

    Args:
        root: The sanitized ``<svg>`` root; a ``<style>`` is inserted as its first child.
        drawn_faces: What the engine reported drawing (``[{name, family, style, weight,
            codepoints}]``, and ``as_style``/``as_weight`` for a fallback face: the descriptors
            its rule declares); ``None`` gives every character to Recursive Variable.

    Returns:
        Warnings for the caller: characters no vendored font covers (a viewer draws them with
        its own fallback font, so their widths may differ from the layout), or text whose
        font-family names no vendored family.
    """
    text = _drawn_text(root)
    if not text:
        return []
    drawn = {ord(ch) for ch in text}
    if drawn_faces is None:
        if _DEFAULT_FACE[0].lower() not in _named_families(root):
            return [
                f"the SVG's text names no embedded font family ({_DEFAULT_FACE[0]}); "
                "viewers will draw it with their own fonts"
            ]
        drawn_faces = [dict(zip(("family", "style", "weight"), _DEFAULT_FACE), name=_DEFAULT_FACE[0], codepoints=sorted(drawn))]

    files = _font_files()
    rules = []
    embedded: set[int] = set()
    for face in sorted(drawn_faces, key=lambda f: (f["name"], f["family"], f["style"], f["weight"])):
        name = face["name"]
        if not _SAFE_FAMILY_NAME_RE.fullmatch(name):
            continue
        wanted = drawn & set(face["codepoints"])
        by_file: dict[int, set[int]] = {}
        for codepoint in sorted(wanted):
            for index, font_file in enumerate(files):
                if (
                    (font_file.family, font_file.style, font_file.weight) == (face["family"], face["style"], face["weight"])
                    and font_file.in_range(codepoint)
                    and codepoint in font_file.codepoints
                ):
                    by_file.setdefault(index, set()).add(codepoint)
                    break
        for index in sorted(by_file):
            codepoints = frozenset(by_file[index])
            embedded |= codepoints
            font_file = files[index]
            data = base64.b64encode(_woff(_subset_sfnt(font_file, codepoints))).decode("ascii")
            style, weight = face.get("as_style", font_file.style), face.get("as_weight", font_file.weight)
            if not (_SAFE_DESCRIPTOR_RE.fullmatch(style) and _SAFE_DESCRIPTOR_RE.fullmatch(weight)):
                continue
            rules.append(
                f'@font-face{{font-family:"{name}";font-style:{style};'
                f"font-weight:{weight};src:url(data:font/woff;base64,{data}) "
                f'format("woff");unicode-range:{_format_unicode_range(codepoints)}}}'
            )
    if rules:
        style = etree.Element(_svg_tag(root, "style"))
        style.text = "".join(rules)
        root.insert(0, style)

    missing = drawn - embedded
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
    return hb.subset(_hb_face(font_file.path), subset_input).blob.data


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
