"""Embed subsets of the vendored fonts in an SVG, so every viewer draws the text we measured.

Text is measured in the engine with the vendored Recursive Variable (``text_measure.js``). This
step finds the characters drawn in ``<text>``/``<tspan>``/``<textPath>``, subsets each vendored
font file to the characters it draws (same file choice as the metrics: the first manifest entry
whose ``unicode_range`` and cmap both cover a character), and puts one ``<style>`` with an
``@font-face`` per subset at the top of the SVG. The subsets keep the ``wght`` axis, so bold text
is drawn from the same font. Each face's ``unicode-range`` lists exactly its characters, so the
faces never overlap and their order does not matter.

Run after sanitizing (the sanitizer would drop ``data:`` URLs it did not expect elsewhere).
Output is deterministic: same characters, same bytes (``head.modified`` is kept from the
vendored file instead of being set to the current time, and zlib output is stable).

Format: WOFF (zlib), not WOFF2. Measured for a typical diagram (~75 distinct characters, Latin):
fontTools subsetting costs ~150 ms either way, but WOFF2's brotli at quality 11 adds ~300 ms
more for 28 KB instead of 33 KB; plain TTF saves nothing over zlib and is 54 KB.

Speed: the decoded woff2 files are kept at module level as plain sfnt bytes (woff2 decoding
costs ~0.6 s); ``preload_fonts()`` fills that cache, so a zygote that calls it before forking
hands every child a warm copy. Results are memoized per (file, characters) for in-process use.
"""

from __future__ import annotations

import base64
import functools
import io
import re
from dataclasses import dataclass

from fontTools import subset
from fontTools.ttLib import TTFont
from lxml import etree

from mermaid_printer.resources import vendor_manifest, vendored_file

__all__ = ["embed_fonts", "preload_fonts"]

SVG_NS = "http://www.w3.org/2000/svg"
_TEXT_TAGS = {"text", "tspan", "textPath"}
_FONT_FAMILY_RE = re.compile(r"font-family\s*:\s*([^;}]+)", re.IGNORECASE)
# Characters that need no glyph: controls and default-ignorables (as in text_measure.js).
_NO_GLYPH_RE = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")
_MAX_LISTED_MISSING = 20


@dataclass(frozen=True)
class _FontFile:
    """One vendored font file, decoded once."""

    path: str
    family: str
    sfnt: bytes  # uncompressed TrueType bytes: parsing these is much faster than woff2
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
        files.append(_FontFile(entry["path"], entry["font_family"], buffer.getvalue(), covered))
    return tuple(files)


def preload_fonts() -> None:
    """Decode the vendored fonts now (call in the zygote before fork, so children share them)."""
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
        data = _subset_woff(index, codepoints)
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


@functools.lru_cache(maxsize=64)
def _subset_woff(index: int, codepoints: frozenset[int]) -> str:
    """Base64 WOFF of vendored file ``index`` reduced to ``codepoints`` (wght axis kept)."""
    font = TTFont(io.BytesIO(_font_files()[index].sfnt), recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]  # keep kerning, marks, rvrn: shaping must match measuring
    options.name_IDs = ["*"]  # keeps the OFL copyright and license notices
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(codepoints))
    subsetter.subset(font)
    buffer = io.BytesIO()
    font.flavor = "woff"
    font.save(buffer)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


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
