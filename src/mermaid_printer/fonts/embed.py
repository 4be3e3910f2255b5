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
characters, plus the space for a face the text is measured with first (not a fallback face): a
browser's primary font for an element, whose ascent and descent make the text's box, is the
first face of its list whose ``unicode-range`` includes U+0020 (Chromium, as CSS Fonts says), so
a label without a space would otherwise get the box of the list's next family (zenuml's
``Helvetica, Verdana, serif``: Liberation Serif's). Without ``drawn_faces`` (an SVG from
elsewhere), every character is given to Recursive Variable, if the SVG's CSS names it.

CJK and emoji characters no family of the list has were measured with the last-resort faces
(Noto Sans SC, Noto Emoji; see text_measure.js) and are reported under the name of the list's
first available family plus that family's descriptors (``as_style``, ``as_weight``): their
subset is declared as one more ``@font-face`` of that name and those descriptors, so a viewer's
font matching groups it with that family's own face and its ``unicode-range`` sends exactly those
characters to it, before any font of the viewer's system. Those faces come in ~100 small
unicode-range slices; only the slices holding drawn characters are read (a slice's cmap is read
when a character in its ``unicode-range`` is asked for, not at start-up).

Run after sanitizing (the sanitizer would drop ``data:`` URLs it did not expect elsewhere).

How, and why so: HarfBuzz's subsetter (``uharfbuzz``) cuts a subset hundreds of times faster
than fontTools did; :mod:`.woff` wraps it. The slow part, decoding a vendored woff2
file, happens once per file (:mod:`.catalog`, :func:`~.catalog.preload_fonts`). Nothing is
cached per request.

Output is deterministic: same characters, same bytes. HarfBuzz copies ``head.modified`` from the
vendored file, and the WOFF writer has no timestamps or options. The bytes do depend on the
HarfBuzz version (pinned through ``uharfbuzz`` in pyproject) and on zlib (see :mod:`.woff`);
``tests/fonts/test_embed.py`` holds golden hashes of both so a change is noticed.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any

import uharfbuzz as hb
from lxml import etree

from mermaid_printer.fonts.catalog import MERMAID_FAMILY, FontFile, vendored_fonts
from mermaid_printer.fonts.woff import to_woff

__all__ = ["FontSubset", "embed_fonts", "font_subsets", "subset_sfnt"]

_TEXT_TAGS = {"text", "tspan", "textPath"}
_FONT_FAMILY_RE = re.compile(r"font-family\s*:\s*([^;}]+)", re.IGNORECASE)
# Characters that need no glyph: controls and default-ignorables (as in text_measure.js).
_NO_GLYPH_RE = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")
_MAX_LISTED_MISSING = 20
_SPACE = 0x20

# The face an SVG gets when the engine did not say what drew its text.
_DEFAULT_FACE = (MERMAID_FAMILY, "normal", "300 1000")
# Family names we put in a CSS string: what font names look like (no quotes, escapes, controls).
_SAFE_FAMILY_NAME_RE = re.compile(r"[\w .\-]{1,100}")
# font-style / font-weight descriptors as the engine reports them ("normal", "italic", "300 1000").
_SAFE_DESCRIPTOR_RE = re.compile(r"[a-z]{1,10}|\d{1,4}( \d{1,4})?")


@dataclass(frozen=True)
class FontSubset:
    """One ``@font-face`` the SVG embeds: a subset of one vendored file, declared under ``name``
    with the descriptors ``style`` and ``weight``, holding exactly ``codepoints`` (its
    ``unicode-range``)."""

    name: str
    style: str
    weight: str
    codepoints: frozenset[int]
    file: int  # index of the vendored file (vendored_fonts()) it is cut from


def embed_fonts(root: etree._Element, drawn_faces: list[dict[str, Any]] | None = None) -> list[str]:
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
    subsets, warnings = _planned_subsets(root, drawn_faces)
    files = vendored_fonts()
    rules = []
    for subset in subsets:
        data = base64.b64encode(to_woff(subset_sfnt(files[subset.file], subset.codepoints))).decode("ascii")
        rules.append(
            f'@font-face{{font-family:"{subset.name}";font-style:{subset.style};'
            f"font-weight:{subset.weight};src:url(data:font/woff;base64,{data}) "
            f'format("woff");unicode-range:{_format_unicode_range(subset.codepoints)}}}'
        )
    if rules:
        style_element = etree.Element(_svg_tag(root, "style"))
        style_element.text = "".join(rules)
        root.insert(0, style_element)
    return warnings


def font_subsets(root: etree._Element, drawn_faces: list[dict[str, Any]] | None = None) -> tuple[FontSubset, ...]:
    """The subsets :func:`embed_fonts` would embed in the SVG ``root`` (without embedding them):
    what a viewer of the product SVG draws its text with (a PNG is hinted as they are)."""
    return tuple(_planned_subsets(root, drawn_faces)[0])


def _planned_subsets(
    root: etree._Element, drawn_faces: list[dict[str, Any]] | None
) -> tuple[list[FontSubset], list[str]]:
    """The subsets to embed for the SVG's text, and the warnings (see :func:`embed_fonts`)."""
    text = _drawn_text(root)
    if not text:
        return [], []
    drawn = {ord(ch) for ch in text}
    if drawn_faces is None:
        if _DEFAULT_FACE[0].lower() not in _named_families(root):
            return [], [
                (
                    f"the SVG's text names no embedded font family ({_DEFAULT_FACE[0]}); "
                    "viewers will draw it with their own fonts"
                )
            ]
        family, style, weight = _DEFAULT_FACE
        drawn_faces = [
            {"family": family, "style": style, "weight": weight, "name": family, "codepoints": sorted(drawn)}
        ]

    files = vendored_fonts()
    subsets: list[FontSubset] = []
    embedded: set[int] = set()
    for face in sorted(drawn_faces, key=lambda f: (f["name"], f["family"], f["style"], f["weight"])):
        name = face["name"]
        if not _SAFE_FAMILY_NAME_RE.fullmatch(name):
            continue
        wanted = drawn & set(face["codepoints"])
        if "as_style" not in face:
            # A browser takes as an element's primary font (its ascent and descent: the text's
            # box, dominant-baseline) the first face of the list whose unicode-range has the
            # space; a subset without it would hand that role to the next family of the list.
            wanted.add(_SPACE)
        by_file: dict[int, set[int]] = {}
        for codepoint in sorted(wanted):
            for index, font_file in enumerate(files):
                if (
                    (font_file.family, font_file.style, font_file.weight)
                    == (face["family"], face["style"], face["weight"])
                    and font_file.in_range(codepoint)
                    and codepoint in font_file.codepoints
                ):
                    by_file.setdefault(index, set()).add(codepoint)
                    break
        for index in sorted(by_file):
            codepoints = frozenset(by_file[index])
            embedded |= codepoints
            font_file = files[index]
            style, weight = face.get("as_style", font_file.style), face.get("as_weight", font_file.weight)
            if not (_SAFE_DESCRIPTOR_RE.fullmatch(style) and _SAFE_DESCRIPTOR_RE.fullmatch(weight)):
                continue
            subsets.append(FontSubset(name, style, weight, codepoints, index))

    missing = drawn - embedded
    if not missing:
        return subsets, []
    listed = ", ".join(f"U+{cp:04X}" for cp in sorted(missing)[:_MAX_LISTED_MISSING])
    more = "" if len(missing) <= _MAX_LISTED_MISSING else f" and {len(missing) - _MAX_LISTED_MISSING} more"
    return subsets, [
        (
            f"{len(missing)} character(s) are not in the embedded fonts and will be drawn with the "
            f"viewer's fallback font, so their width may not match the layout: {listed}{more}"
        )
    ]


def subset_sfnt(font_file: FontFile, codepoints: frozenset[int]) -> bytes:
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
    data: bytes = hb.subset(font_file.face, subset_input).blob.data
    return data


def _drawn_text(root: etree._Element) -> str:
    """All characters inside text elements, without controls and default-ignorables."""
    parts: list[str] = []
    for element in root.iter():
        if isinstance(element.tag, str) and etree.QName(element).localname == "text":
            parts.extend(element.itertext(*_text_tags(root)))
    return _NO_GLYPH_RE.sub("", "".join(parts))


def _text_tags(root: etree._Element) -> list[str]:
    """Tag names (with the root's namespace) whose text content is drawn."""
    return [_svg_tag(root, name) for name in sorted(_TEXT_TAGS)]


def _named_families(root: etree._Element) -> set[str]:
    """Lower-cased font family names used in <style> text, style and font-family attributes."""
    declarations: list[str] = []
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        if etree.QName(element).localname == "style" and element.text:
            declarations += _FONT_FAMILY_RE.findall(element.text)
        inline = element.get("style")
        if inline:
            declarations += _FONT_FAMILY_RE.findall(inline)
        attribute = element.get("font-family")
        if attribute:
            declarations.append(attribute)
    names = set()
    for declaration in declarations:
        for name in declaration.replace("!important", "").split(","):
            names.add(name.strip().strip("\"'").strip().lower())
    return names


def _svg_tag(root: etree._Element, name: str) -> str:
    """``name`` in the root's namespace (SVG in practice; none for bare test documents)."""
    namespace = etree.QName(root).namespace
    return f"{{{namespace}}}{name}" if namespace else name


def _format_unicode_range(codepoints: frozenset[int]) -> str:
    """Sorted codepoints as a compact CSS ``unicode-range`` (consecutive runs become ranges)."""
    runs: list[list[int]] = []
    for codepoint in sorted(codepoints):
        if runs and codepoint == runs[-1][1] + 1:
            runs[-1][1] = codepoint
        else:
            runs.append([codepoint, codepoint])
    return ",".join(f"U+{lo:X}" if lo == hi else f"U+{lo:X}-{hi:X}" for lo, hi in runs)
