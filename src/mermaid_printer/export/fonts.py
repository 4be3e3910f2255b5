"""The vendored fonts as static files that cairo can find, and HarfBuzz shapes with.

The PDF and PNG are drawn by cairo, which reaches fonts only through fontconfig (CairoSVG uses
cairo's "toy" font API and ignores ``@font-face``). So that the converter draws with exactly
the fonts the layout was measured with, and with nothing else on the machine:

* every font file in ``vendor/manifest.json`` that has a ``font_family`` becomes static
  TrueType instances: a variable font one per CSS weight its ``wght`` axis covers (100, 200,
  … 900, clamped to the axis), a static font one file at its own weight. HarfBuzz instances a
  file in ~1 ms, keeping glyph ids, so a glyph index means the same glyph in every instance;
* each instance gets its own family name (``mermaid-printer <file> <weight>``) so that cairo
  selects exactly one file, never a "best match"; the PostScript name, which a PDF shows
  (``pdffonts``), stays readable: ``RecursiveVariable-400``;
* the instances are written once per version into the user's cache directory (see
  :func:`_instance_directory`) and registered with a fresh fontconfig configuration that holds
  only them, made the process's current one (no system configuration is read, so the output
  does not depend on the machine's fonts);
* the same bytes are loaded into HarfBuzz, so :mod:`~mermaid_printer.export.text` can shape
  text (kerning, ligatures, mark positioning, as Chromium does) and hand cairo finished glyph
  positions.

Which file draws a character follows the browser's rules, exactly as the measuring code
(``bundles/js/shim/text_measure.js``) and the SVG font embedding do, so the PDF and PNG draw what the
layout measured, at the widths it measured:

1. family: :meth:`ConverterFonts.resolve` keeps each name of the CSS ``font-family`` list that
   is a vendored family or one of the layout's aliases (``arial``, ``helvetica``, ``sans-serif``
   -> Arimo; ``Times New Roman``, ``serif`` -> Tinos; ``monospace`` -> DejaVu Sans Mono;
   ``system-ui`` -> DejaVu Sans), in order. After the list come, as in Chromium on Debian, the
   default family (Tinos, Chromium's default font; the whole list when no name is available)
   and the system fallback families (DejaVu Sans). Aliases, default and system fallbacks are
   read from the engine's ``font_metrics.js`` (:func:`measurement_family_rules`,
   :func:`system_fallback_families`), not copied;
2. face: per family, CSS font matching over its ``@font-face`` rules (the manifest's family,
   style and weight descriptor): style first, then weight (:meth:`Family.match`). Bold (600+)
   from a lighter face, or italic from a normal one, is synthesized as Chromium does it;
3. character: from the first of those families whose face the layout measured it with (the
   codepoints of its advance table in ``font_metrics.js``), then the first file of that face
   whose ``unicode_range`` and cmap cover it. The layout also measures some characters with a
   face none of whose files draws them: symbols Liberation has and the Arimo/Tinos slices lack
   (arrows, box drawing, shapes, ``≤ ≥ ≠``), at Liberation's widths as Chromium reported them.
   Those are drawn from the first system fallback family that has them (DejaVu Sans), fitted
   into the measured width (:class:`DrawnGlyph`), so the text after them stays where the
   layout put it;
4. last resort: a character no family has comes from the engine's last-resort faces (Noto Sans
   SC, Noto Sans KR, Noto Emoji; :class:`LastResortFaces`), chosen exactly as ``fallbackFace``
   in ``text_measure.js`` chooses it, from the same coverage table. A character none of them
   has either is drawn as a missing-glyph box as wide as the layout measured it: the box of
   the first face whose unicode-range claims the character (the next one's where that box is
   blank, as Open Sans's is), 1 em for East Asian wide characters and emoji.

Call :func:`converter_fonts` once in the warm process before it forks (the zygote does, in
``worker.prepare()``); every child then inherits the fontconfig setup, the open font files and
the HarfBuzz fonts, and opens no font file itself for the CSS families. With their 52 vendored
files (76 instances, 4.9 MB), making the instances takes ~2.5 s once per version (fresh
process, fresh cache directory); loading them from the cache, ~40 ms, plus ~0.15 s reading the
vendored files' cmaps, which the SVG font embedding needs anyway (``vendored_fonts``), and
~30 ms reading the measured coverage and the last-resort faces' coverage from
``font_metrics.js``.

The last-resort faces come in 194 unicode-range slices (9 MB as instances; making them all
took ~15 s more), so a slice's instance is made when a character of it is first drawn, by
whichever process draws it: ~0.02-0.2 s once per machine and version (mostly decoding the
woff2), written into the same cache directory under a temporary name and renamed into place,
so processes racing for it write the same bytes and none reads half a file. Later processes
find it there (~10 ms to register a slice).
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import ctypes
import ctypes.util
import functools
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import fontTools
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.files import is_own_directory, write_atomically
from mermaid_printer.postprocess.fonts import vendored_fonts
from mermaid_printer.bundles import bundle_js_dir
from mermaid_printer.resources import vendor_manifest, vendored_file

if TYPE_CHECKING:
    from mermaid_printer.postprocess.fonts import _FontFile

__all__ = [
    "CACHE_DIR_ENV",
    "ConverterFonts",
    "DrawnGlyph",
    "Face",
    "FaceChoice",
    "Family",
    "FontFace",
    "LastResortFace",
    "LastResortFaces",
    "ResolvedFont",
    "converter_fonts",
    "css_weight",
    "last_resort_families",
    "measurement_family_rules",
    "system_fallback_families",
]

#: Environment variable naming where the instance files are kept (default: the user's cache).
CACHE_DIR_ENV = "MERMAID_PRINTER_CACHE_DIR"
# Bump when the instance files or the index change shape: a new key, a new directory.
_CACHE_FORMAT = 4
_INDEX = "index.json"
# How font_metrics.js hands its table to the engine (it is generated; the JSON follows).
_METRICS_ASSIGNMENT = "globalThis.__PRINTER_FONT_METRICS__ = "
# Chromium fakes bold for a face lighter than this when asked for this weight or more.
_SYNTHETIC_BOLD_FROM = 600

#: CSS weights a variable font is instanced at (those inside its wght axis range).
_INSTANCE_WEIGHTS = tuple(range(100, 1000, 100))
# Name records that identify a face; all others (copyright, license, ...) are kept.
_IDENTITY_NAME_IDS = frozenset({1, 2, 3, 4, 6, 16, 17, 18, 21, 22, 25})
# fallbackFace in text_measure.js: from U+1F000 the last-resort faces are tried in reverse
# order (emoji first); below it in order.
_EMOJI_FIRST_FROM = 0x1F000
# text_measure.js reads advance tables for planes 0 and 1 only (covers() is false above).
_MEASURED_PLANES_END = 0x20000
# Glyphs designed to join their neighbours (box drawing, block elements): a stand-in glyph is
# stretched to fill the measured width, so lines still meet; others are centred in it.
_JOINING = range(0x2500, 0x25A0)


@dataclass(frozen=True)
class Face:
    """One static font file: what cairo draws with and HarfBuzz shapes with (the same bytes)."""

    family: str
    weight: int
    italic: bool
    fc_name: str  # the unique family name cairo's toy API selects it by
    path: Path
    font: hb.Font = field(repr=False, compare=False)  # scale = units_per_em
    codepoints: frozenset[int] = field(repr=False, compare=False)
    units_per_em: int = 1000
    underline_position: float = -100.0  # font units, negative below the baseline
    underline_thickness: float = 50.0
    strikeout_position: float = 250.0
    strikeout_thickness: float = 50.0

    def has_visible_notdef(self) -> bool:
        """Whether its missing-glyph box (glyph 0) has an outline (Open Sans's is blank)."""
        extents = self.font.get_glyph_extents(0)
        return extents is not None and extents.width != 0 and extents.height != 0


@dataclass(frozen=True)
class FontFace:
    """One CSS ``@font-face`` of a family (the manifest's family, style and weight descriptor),
    with its files' instances and the vertical metrics of its first file, as ``text_measure.js``
    has them for measuring."""

    family: str
    italic: bool  # font-style: italic
    min_weight: int  # the font-weight descriptor: "400" or "300 1000"
    max_weight: int
    # Manifest file order, then weight; none for a last-resort face (made on first use, see
    # LastResortFace.instance_for).
    instances: tuple[Face, ...]
    weights: tuple[int, ...]  # every weight some instance has, ascending
    units_per_em: int
    ascent: float  # font units (hhea, or OS/2 typo with USE_TYPO_METRICS), as text_measure.js
    descent: float  # font units, positive below the baseline
    x_height: float
    # How text_measure.js measures with this face (font_metrics.js): the codepoints of its
    # advance table, what its unicode-range claims, and the width of its missing-glyph box
    # (font units). Empty for a last-resort face (its coverage is LastResortFace's).
    measured: frozenset[int] = field(default=frozenset(), repr=False, compare=False)
    claims: tuple[tuple[int, int], ...] = field(default=(), repr=False, compare=False)
    notdef_advance: float = 0.0
    # Codepoints measured with an advance but drawn by none of its files (Liberation's symbols
    # the Arimo/Tinos slices lack): instance weight of the table -> {codepoint: font units}.
    advance_only: dict[int, dict[int, float]] = field(default_factory=dict, repr=False, compare=False)

    def measures(self, codepoint: int) -> bool:
        """Whether the layout measures ``codepoint`` with this face (``covers`` in
        text_measure.js), whether or not a file of it draws the character."""
        return codepoint in self.measured

    def claims_codepoint(self, codepoint: int) -> bool:
        """Whether its ``@font-face`` unicode-range claims ``codepoint`` (``claims`` in
        text_measure.js: the face whose missing-glyph box a character no font has is drawn as)."""
        return any(low <= codepoint <= high for low, high in self.claims)

    def measured_advance(self, weight: int, codepoint: int) -> float:
        """The advance (font units) the layout gives an advance-only ``codepoint`` at the CSS
        ``weight``: its table's value, interpolated between the tables around the weight as
        ``pickInstance``/``interpolation`` in text_measure.js do."""
        tables = sorted(self.advance_only)
        low = max((w for w in tables if w <= weight), default=tables[0])
        high = min((w for w in tables if w >= weight), default=tables[-1])
        if low == high:
            return self.advance_only[low][codepoint]
        t = (weight - low) / (high - low)
        return self.advance_only[low][codepoint] * (1 - t) + self.advance_only[high][codepoint] * t

    def instance_for(self, weight: int, codepoint: int) -> Face | None:
        """The instance that draws ``codepoint`` at the CSS ``weight`` (the first file that
        covers it, as the layout and the SVG embedding choose), or ``None``."""
        chosen = css_weight(weight, self.weights)
        for face in self.instances:
            if face.weight == chosen and codepoint in face.codepoints:
                return face
        return None

    def notdef_instance(self, weight: int) -> Face:
        """The instance whose missing-glyph box stands in for characters no face covers."""
        chosen = css_weight(weight, self.weights)
        return next(face for face in self.instances if face.weight == chosen)

    def covers(self, codepoint: int) -> bool:
        """Whether some file of this face draws ``codepoint``."""
        return any(codepoint in face.codepoints for face in self.instances)


@dataclass(frozen=True)
class Family:
    """A CSS font family: its ``@font-face`` rules."""

    name: str
    faces: tuple[FontFace, ...]

    def match(self, weight: int, italic: bool) -> FaceChoice:
        """CSS font matching over the faces, as ``matchFace`` in ``text_measure.js``: style
        first (italic, else normal; no face of the style: all faces), then weight; bold asked
        of a face lighter than 600, or italic of a normal face, is synthesized."""
        candidates = [face for face in self.faces if face.italic == italic] or list(self.faces)
        best = min(candidates, key=lambda face: _weight_rank(weight, face.min_weight, face.max_weight))
        return FaceChoice(
            face=best,
            weight=weight,
            synthetic_bold=weight >= _SYNTHETIC_BOLD_FROM and best.max_weight < _SYNTHETIC_BOLD_FROM,
            synthetic_italic=italic and not best.italic,
        )


@dataclass(frozen=True)
class FaceChoice:
    """The face one family of a CSS font draws with, and what the browser synthesizes."""

    face: FontFace
    weight: int  # the CSS weight asked for
    synthetic_bold: bool  # emboldened outlines, as Chromium (Skia) fakes bold
    synthetic_italic: bool  # slanted, as Chromium fakes italic

    def instance_for(self, codepoint: int) -> Face | None:
        """The instance that draws ``codepoint``, or ``None`` if this face lacks it."""
        return self.face.instance_for(self.weight, codepoint)


@dataclass(frozen=True)
class DrawnGlyph:
    """How one character is drawn: from which face and file, and how wide.

    Usually a glyph of the face the layout measured the character with, as wide as its own
    advance (``width`` is ``None``). Otherwise the layout measured a width only, and the glyph
    drawn is fitted into it: a stand-in glyph (a symbol measured with Liberation's width, drawn
    from DejaVu Sans), or the missing-glyph box (``missing``).
    """

    choice: FaceChoice  # the face drawing it (what is synthesized for it)
    instance: Face  # the file drawing it
    width: float | None = None  # em: the measured width the glyph is fitted into
    stretch: bool = False  # fill the width (box drawing, the missing-glyph box), else centre
    missing: bool = False  # no font has the character: a missing-glyph box, worth a warning


@dataclass(frozen=True)
class ResolvedFont:
    """What a computed font (family list, weight, style) draws with: one choice per available
    family in list order, then the default and system fallback families; a character comes
    from the first the layout measured it with (per-character fallback, as in Chromium and
    ``text_measure.js``), else from a last-resort face."""

    choices: tuple[FaceChoice, ...]  # the list's families (the default family if none)
    weight: int  # the CSS weight and style asked for (a last-resort face is matched to them)
    italic: bool
    last_resort: LastResortFaces
    # After the list, as Chromium falls back: the default family (unless listed), then the
    # system fallback families (unless listed).
    after_list: tuple[FaceChoice, ...] = ()
    # The system fallback families, listed or not: they draw the advance-only characters.
    system: tuple[FaceChoice, ...] = ()
    _last_resort_choices: dict[str, FaceChoice] = field(default_factory=dict, repr=False, compare=False)

    @property
    def first(self) -> FaceChoice:
        """The first family's face: its metrics place the baseline."""
        return self.choices[0]

    def measured_with(self, codepoint: int) -> FontFace | None:
        """The face the layout measured ``codepoint`` with (of the list, the default family, a
        system fallback family or a last-resort face), or ``None``: no font has it."""
        for choice in (*self.choices, *self.after_list):
            if choice.face.measures(codepoint):
                return choice.face
        fallback = self.last_resort.face_for(codepoint)
        return fallback.family.faces[0] if fallback is not None else None

    def draw(self, codepoint: int) -> DrawnGlyph:
        """How ``codepoint`` is drawn (see :class:`DrawnGlyph`).

        Raises:
            EngineUnavailable: a last-resort instance was needed and could not be written.
        """
        every = (*self.choices, *self.after_list)
        for choice in every:
            if not choice.face.measures(codepoint):
                continue
            instance = choice.instance_for(codepoint)
            if instance is not None:
                return DrawnGlyph(choice, instance)
            # Measured with an advance its files have no glyph for: a stand-in glyph, fitted.
            width = choice.face.measured_advance(self.weight, codepoint) / choice.face.units_per_em
            for system in self.system:
                stand_in = system.instance_for(codepoint)
                if stand_in is not None:
                    return DrawnGlyph(system, stand_in, width=width, stretch=codepoint in _JOINING)
            return self._missing_box(every, every.index(choice), width)
        fallback = self.last_resort.face_for(codepoint)
        instance = fallback.instance_for(codepoint) if fallback is not None else None
        if fallback is not None and instance is not None:
            choice = self._last_resort_choices.get(fallback.family.name)
            if choice is None:
                # Matched like any family: bold from its 400 face is synthesized, as the layout
                # widened its ink (text_measure.js), and italic slanted.
                choice = self._last_resort_choices[fallback.family.name] = fallback.family.match(
                    self.weight, self.italic
                )
            return DrawnGlyph(choice, instance)
        # notdefWidth in text_measure.js: the box of the first face claiming it (else the last).
        claiming = next(
            (index for index, choice in enumerate(every) if choice.face.claims_codepoint(codepoint)), len(every) - 1
        )
        face = every[claiming].face
        width = 1.0 if _is_wide(codepoint) else face.notdef_advance / face.units_per_em
        return self._missing_box(every, claiming, width)

    def _missing_box(self, every: tuple[FaceChoice, ...], position: int, width: float) -> DrawnGlyph:
        """The missing-glyph box of ``every[position]``'s face, or of the next face whose box is
        not blank (Open Sans's is: Chromium shows a gap, we a box, as the warning says)."""
        for choice in every[position:]:
            instance = choice.face.notdef_instance(self.weight)
            if instance.has_visible_notdef():
                return DrawnGlyph(choice, instance, width=width, stretch=True, missing=True)
        choice = every[position]
        return DrawnGlyph(choice, choice.face.notdef_instance(self.weight), width=width, stretch=True, missing=True)


def _is_wide(codepoint: int) -> bool:
    """East Asian wide characters and emoji, whose missing-glyph box the layout measures at 1 em
    (``isWide`` in ``text_measure.js``), as a viewer's own font would draw them."""
    return (
        0x1100 <= codepoint <= 0x115F
        or 0x2E80 <= codepoint <= 0xA4CF
        or 0xAC00 <= codepoint <= 0xD7A3
        or 0xF900 <= codepoint <= 0xFAFF
        or 0xFE30 <= codepoint <= 0xFE4F
        or 0xFF00 <= codepoint <= 0xFF60
        or 0xFFE0 <= codepoint <= 0xFFE6
        or 0x1F300 <= codepoint <= 0x1FAFF
        or 0x20000 <= codepoint <= 0x3FFFD
    )


@dataclass(frozen=True)
class ConverterFonts:
    """Every vendored family, registered with fontconfig and loaded into HarfBuzz."""

    families: dict[str, Family]  # lower-cased CSS name (vendored name or alias) -> family
    default: Family  # tried after every list; the whole list when it names no available family
    directory: Path
    last_resort: LastResortFaces  # for characters no family of a list has
    system_fallbacks: tuple[Family, ...] = ()  # tried after the default family
    _fonts: dict[tuple[str, int, bool], ResolvedFont] = field(default_factory=dict, repr=False, compare=False)

    def resolve(self, css_families: str | None) -> tuple[Family, ...]:
        """The families a CSS ``font-family`` list names, in order: each name that is a
        vendored family or one of the layout's aliases (``arial``, ``sans-serif``, ...: read from
        the engine's font metrics, so drawing resolves names as measuring did); the default
        family (Chromium's default font) when none is."""
        found: list[Family] = []
        for part in (css_families or "").split(","):
            name = part.strip()
            if len(name) >= 2 and name[0] in "\"'" and name.endswith(name[0]):
                name = name[1:-1].strip()
            family = self.families.get(name.lower())
            if family is not None and family not in found:
                found.append(family)
        return tuple(found) or (self.default,)

    def font(self, css_families: str | None, weight: int, italic: bool) -> ResolvedFont:
        """The faces a text element with this computed font draws with (memoized)."""
        key = (css_families or "", weight, italic)
        resolved = self._fonts.get(key)
        if resolved is None:
            listed = self.resolve(css_families)
            after = [family for family in (self.default, *self.system_fallbacks) if family not in listed]
            resolved = ResolvedFont(
                choices=tuple(family.match(weight, italic) for family in listed),
                weight=weight,
                italic=italic,
                last_resort=self.last_resort,
                after_list=tuple(family.match(weight, italic) for family in dict.fromkeys(after)),
                system=tuple(family.match(weight, italic) for family in self.system_fallbacks),
            )
            if len(self._fonts) >= 1000:
                self._fonts.clear()
            self._fonts[key] = resolved
        return resolved


class LastResortFace:
    """One of the engine's last-resort faces (a family with one static face, in ~100
    unicode-range slices): the codepoints the layout measured with it, its files, and their
    instances, made or found in the cache on first use."""

    def __init__(
        self,
        family: Family,
        coverage: frozenset[int],
        files: tuple[tuple[int, _FontFile], ...],
        instances: _LastResortInstances,
    ) -> None:
        self.family = family  # one @font-face, without instances of its own
        #: What the layout measured with this face: font_metrics.js's coverage table, which
        #: leaves out codepoints of an earlier last-resort face (except emoji, tried first).
        self.coverage = coverage
        self._files = files  # (index in vendored_fonts(), file), manifest order
        self._instances = instances
        # codepoint -> positions in _files whose unicode_range has it (cmaps are read later,
        # and only for these files).
        self._candidates: dict[int, list[int]] = {}
        for position, (_index, vendored) in enumerate(files):
            for low, high in vendored.ranges:
                for codepoint in coverage.intersection(range(low, high + 1)):
                    self._candidates.setdefault(codepoint, []).append(position)

    def instance_for(self, codepoint: int) -> Face | None:
        """The instance of the first file whose ``unicode_range`` and cmap have ``codepoint``
        (the file the layout measured and the SVG embeds), or ``None`` if none has it.

        Raises:
            EngineUnavailable: the instance had to be made and could not be written.
        """
        for position in self._candidates.get(codepoint, ()):
            index, vendored = self._files[position]
            if codepoint in vendored.codepoints:
                return self._instances.instance(index, vendored)
        return None


@dataclass(frozen=True)
class LastResortFaces:
    """The engine's last-resort faces, in its order (``fallbacks`` of font_metrics.js)."""

    faces: tuple[LastResortFace, ...]

    def face_for(self, codepoint: int) -> LastResortFace | None:
        """The face the layout measured ``codepoint`` with when no family of the CSS list, nor
        the default or a system fallback family, had it, as ``fallbackFace`` in text_measure.js
        picks it; ``None``: measured as missing."""
        emoji_first = codepoint >= _EMOJI_FIRST_FROM
        for face in reversed(self.faces) if emoji_first else self.faces:
            if codepoint in face.coverage:
                return face
        return None


class _LastResortInstances:
    """Instances of last-resort files: found in the cache directory or made there, then
    registered with the converter's fontconfig setup and loaded into HarfBuzz (once per
    process; a forked child adds them to its own copy of the setup)."""

    def __init__(self, fontconfig: _Fontconfig, config: int, directory: Path) -> None:
        self._fontconfig = fontconfig
        self._config = config
        self._directory = directory
        self._made: dict[int, Face] = {}
        self._lock = threading.Lock()

    def instance(self, index: int, vendored: _FontFile) -> Face:
        """The instance of ``vendored`` (the ``index``-th vendored file) at its own weight."""
        with self._lock:
            face = self._made.get(index)
            if face is None:
                face = self._made[index] = self._load(index, vendored)
            return face

    def _load(self, index: int, vendored: _FontFile) -> Face:
        weight = int(vendored.weight.split()[0])  # a static face: its weight descriptor
        italic = vendored.style == "italic"
        fc_name, ps_name, name = _instance_names(index, vendored.family, weight, italic)
        # A cache shipped read-only has no room for slices made later: those go to a private
        # per-user directory instead (found there by the next process, like the cache).
        spill = _spill_directory(self._directory)
        places = [self._directory / name]
        with contextlib.suppress(OSError):
            if spill.is_dir():
                _private_directory(spill)  # checked before anything in it is read
                places.append(spill / name)
        for path in places:
            try:
                data = path.read_bytes()
                details = _decoration_details(TTFont(io.BytesIO(data), lazy=True))
                break
            except (FileNotFoundError, NotADirectoryError):
                continue
        else:
            default = TTFont(io.BytesIO(vendored.sfnt), lazy=True)
            made = {instance_weight: sfnt for instance_weight, _italic, sfnt in _instances(vendored, default)}
            data, details = _renamed(made[css_weight(weight, tuple(made))], fc_name, ps_name)
            path = self._directory / name
            try:
                write_atomically(path, data)
            except OSError as cache_error:
                path = spill / name
                try:
                    _private_directory(spill)
                    write_atomically(path, data)
                except OSError as exc:
                    raise EngineUnavailable(
                        f"cannot write the converter's fonts to {self._directory} ({cache_error.strerror}) "
                        f"or {spill}: {exc}"
                    ) from exc
        self._fontconfig.add_file(self._config, path)
        return Face(
            family=vendored.family,
            weight=weight,
            italic=italic,
            fc_name=fc_name,
            path=path,
            font=hb.Font(hb.Face(hb.Blob(data))),
            codepoints=vendored.codepoints,
            **details,
        )


def _weight_rank(weight: int, low: int, high: int) -> int:
    """How well a face with the weight range ``low``-``high`` fits ``weight`` (lower is better):
    CSS Fonts 4 section 5.2 step 4, ranked as ``matchFace`` in text_measure.js does."""
    if low <= weight <= high:
        return 0
    if 400 <= weight <= 500:
        if weight < low <= 500:
            return 1000 + low - weight
        if high < weight:
            return 2000 + weight - high
        return 3000 + low - weight
    if weight < 400:
        return 1000 + weight - high if high < weight else 2000 + low - weight
    return 1000 + low - weight if low > weight else 2000 + weight - high


def css_weight(wanted: int, available: tuple[int, ...]) -> int:
    """CSS Fonts 4 font-weight matching (section 5.2, step 4) over the ``available`` weights."""
    if wanted in available:
        return wanted
    lighter = [w for w in available if w < wanted]
    heavier = [w for w in available if w > wanted]
    if 400 <= wanted <= 500:
        up_to_500 = [w for w in heavier if w <= 500]
        if up_to_500:
            return min(up_to_500)
        if lighter:
            return max(lighter)
        return min(heavier)
    if wanted < 400:
        return max(lighter) if lighter else min(heavier)
    return min(heavier) if heavier else max(lighter)


@functools.cache
def converter_fonts() -> ConverterFonts:
    """Make the instance files (or find them in the cache), register them with a private
    fontconfig setup, load them into HarfBuzz.

    Cached per process; a forked child inherits the result.

    Raises:
        EngineUnavailable: fontconfig (a dependency of the system cairo library) is missing, or
            the instances cannot be written.
    """
    fontconfig = _Fontconfig.load()
    directory = _instance_directory()
    entries = json.loads((directory / _INDEX).read_text(encoding="utf-8"))
    vendored = vendored_fonts()
    config = fontconfig.new_config()
    # (family, style, weight descriptor): one @font-face, as build_font_metrics.py groups files.
    by_face: dict[tuple[str, str, str], list[Face]] = {}
    face_metrics: dict[tuple[str, str, str], list[float]] = {}
    for entry in entries:
        source = vendored[entry["file"]]
        path = directory / entry["name"]
        fontconfig.add_file(config, path)
        key = (source.family, source.style, source.weight)
        by_face.setdefault(key, []).append(
            Face(
                family=source.family,
                weight=entry["weight"],
                italic=entry["italic"],
                fc_name=entry["fc_name"],
                path=path,
                font=hb.Font(hb.Face(hb.Blob(path.read_bytes()))),
                codepoints=source.codepoints,
                **entry["details"],
            )
        )
        face_metrics.setdefault(key, entry["metrics"])
    fontconfig.make_current(config)

    faces_of: dict[str, list[FontFace]] = {}
    measured_faces = _measured_faces()
    for (family_name, style, descriptor), instances in by_face.items():
        units_per_em, ascent, descent, x_height = face_metrics[(family_name, style, descriptor)]
        low, *rest = (int(part) for part in descriptor.split())
        high = rest[-1] if rest else low
        measured = measured_faces.get((family_name, style, low, high))
        if measured is None:
            raise EngineUnavailable(f"the engine's font metrics do not measure {family_name} {style} {descriptor}")
        drawable = frozenset().union(*(face.codepoints for face in instances))
        faces_of.setdefault(family_name, []).append(
            FontFace(
                family=family_name,
                italic=style == "italic",
                min_weight=low,
                max_weight=high,
                instances=tuple(instances),
                weights=tuple(sorted({face.weight for face in instances})),
                units_per_em=units_per_em,
                ascent=ascent,
                descent=descent,
                x_height=x_height,
                measured=measured.codepoints,
                claims=measured.claims,
                notdef_advance=measured.notdef_advance,
                advance_only={
                    weight: {cp: advance for cp, advance in advances.items() if cp not in drawable}
                    for weight, advances in measured.advances.items()
                },
            )
        )
    if not faces_of:
        raise EngineUnavailable("the vendored manifest lists no font with a font_family")
    families = {name.lower(): Family(name, tuple(faces)) for name, faces in faces_of.items()}
    aliases, default_name = measurement_family_rules()
    for alias, target in aliases.items():
        families.setdefault(alias.lower(), families[target.lower()])
    return ConverterFonts(
        families=families,
        default=families[default_name.lower()],
        directory=directory,
        last_resort=_last_resort_faces(_LastResortInstances(fontconfig, config, directory)),
        system_fallbacks=tuple(families[name.lower()] for name in system_fallback_families()),
    )


def _last_resort_faces(instances: _LastResortInstances) -> LastResortFaces:
    """The engine's last-resort faces with the coverage it measured them with (font_metrics.js:
    one bitmap per 256-codepoint page), their files and vertical metrics; no instances yet."""
    vendored = vendored_fonts()
    faces = []
    for raw in _measurement_metrics().get("fallbacks", []):
        coverage = set()
        for page, bitmap in raw["pages"]:  # bit (cp & 255) of a little-endian 256-bit number
            bits = int.from_bytes(base64.b64decode(bitmap), "little")
            coverage.update(page * 256 + bit for bit in range(256) if bits >> bit & 1)
        files = tuple(
            (index, font_file)
            for index, font_file in enumerate(vendored)
            if (font_file.family, font_file.style) == (raw["family"], raw["style"])
        )
        if not files:
            continue
        with TTFont(vendored_file(files[0][1].path), lazy=True) as first_file:
            units_per_em, ascent, descent, x_height = _face_metrics(first_file)
        low, high = raw["weight"]
        face = FontFace(
            family=raw["family"],
            italic=raw["style"] == "italic",
            min_weight=low,
            max_weight=high,
            instances=(),
            weights=tuple(sorted({low, high})),
            units_per_em=int(units_per_em),
            ascent=ascent,
            descent=descent,
            x_height=x_height,
        )
        faces.append(LastResortFace(Family(raw["family"], (face,)), frozenset(coverage), files, instances))
    return LastResortFaces(tuple(faces))


@functools.cache
def _measurement_metrics() -> dict[str, Any]:
    """The engine's generated ``font_metrics.js`` table (read once per process)."""
    source = (bundle_js_dir() / "shim" / "font_metrics.js").read_text(encoding="utf-8")
    start = source.index(_METRICS_ASSIGNMENT) + len(_METRICS_ASSIGNMENT)
    return json.loads(source[start:].rstrip().removesuffix(";"))


def measurement_family_rules() -> tuple[dict[str, str], str]:
    """The CSS family aliases (``arial`` -> Arimo, ``serif`` -> Tinos, ...) and the default
    family the layout measures with, read from the engine's own ``font_metrics.js`` (generated
    from ``ALIASES`` and ``DEFAULT_FAMILY`` in ``scripts/build_font_metrics.py``), so that
    drawing cannot resolve a name differently from measuring."""
    metrics = _measurement_metrics()
    return dict(metrics["aliases"]), str(metrics["defaultFamily"])


def system_fallback_families() -> tuple[str, ...]:
    """The families the layout tries, in order, after a list and the default family, as
    Chromium's system fallback on Debian (DejaVu Sans; ``SYSTEM_FALLBACK_FAMILIES`` in
    ``scripts/build_font_metrics.py``), read from the engine's ``font_metrics.js``."""
    return tuple(_measurement_metrics().get("systemFallbacks", ()))


@dataclass(frozen=True)
class _MeasuredFace:
    """How text_measure.js measures with one ``@font-face`` (font_metrics.js)."""

    codepoints: frozenset[int]  # its advance table's codepoints (planes 0 and 1): covers()
    advances: dict[int, dict[int, float]]  # instance weight -> {codepoint: advance, font units}
    claims: tuple[tuple[int, int], ...]  # its unicode-range
    notdef_advance: float  # its missing-glyph box's width, font units


def _measured_faces() -> dict[tuple[str, str, int, int], _MeasuredFace]:
    """Each face of font_metrics.js by (family, style, lowest weight, highest weight)."""
    measured = {}
    for family, raw_family in _measurement_metrics()["families"].items():
        for raw in raw_family["faces"]:
            advances: dict[int, dict[int, float]] = {}
            for key, tables in raw["instances"].items():
                runs = tables["advances"]
                if isinstance(runs, str):  # the same table as that instance's
                    runs = raw["instances"][runs]["advances"]
                advances[int(key)] = {
                    first + offset: float(advance)
                    for first, *values in runs
                    for offset, advance in enumerate(values)
                    if first + offset < _MEASURED_PLANES_END
                }
            # covers() in text_measure.js reads the first (lightest) instance's table.
            lightest = advances[min(advances)]
            claims = raw["claims"]
            low, high = raw["weight"]
            measured[(family, raw["style"], low, high)] = _MeasuredFace(
                codepoints=frozenset(lightest),
                advances=advances,
                claims=tuple(zip(claims[::2], claims[1::2], strict=True)),
                notdef_advance=float(raw["notdefAdvance"]),
            )
    return measured


def last_resort_families() -> frozenset[str]:
    """The engine's last-resort faces for characters no CSS family has (CJK, emoji: ~200 files).

    Their instances are not made with the others (that made the first start take ~18 s more)
    but one file at a time, when a character of it is first drawn (``LastResortFace``).
    """
    metrics = _measurement_metrics()
    return frozenset(face["family"] for face in metrics.get("fallbacks", []))


def _instance_directory() -> Path:
    """The directory holding this version's instance files, made if need be.

    ``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then
    ``mermaid-printer/fonts-<key>``, where the key hashes the vendored files, this module's
    format and the HarfBuzz and fontTools versions: a new version gets a new directory and never
    reads an old one. Built in a private staging directory and renamed into place, so processes
    starting together never see half a directory. Where the cache cannot be written, the files
    go to a private temporary directory removed at exit.
    """
    fonts = [entry["sha256"] for entry in vendor_manifest()["files"] if "font_family" in entry]
    key_source = json.dumps([_CACHE_FORMAT, hb.__version__, fontTools.version, fonts])
    key = hashlib.sha256(key_source.encode("utf-8")).hexdigest()[:16]
    root = _cache_root()
    directory = root / f"fonts-{key}"
    if (directory / _INDEX).is_file():
        return directory
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".fonts-", dir=root))
    except OSError:
        return _temporary_instance_directory()
    try:
        _write_instances(staging)
        try:
            os.rename(staging, directory)
        except OSError:
            if not (directory / _INDEX).is_file():
                raise
            # Another process finished first; its files are the same.
    except OSError as exc:
        raise EngineUnavailable(f"cannot write the converter's fonts to {root}: {exc}") from exc
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return directory


def _temporary_instance_directory() -> Path:
    try:
        directory = Path(tempfile.mkdtemp(prefix="mermaid-printer-fonts-"))
        _write_instances(directory)
    except OSError as exc:
        raise EngineUnavailable(f"cannot write the converter's fonts: {exc}") from exc
    atexit.register(_remove_directory, directory, os.getpid())
    return directory


def _cache_root() -> Path:
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mermaid-printer"


def _write_instances(directory: Path) -> None:
    """Write every static instance and an index of them (with their metrics) into ``directory``."""
    entries: list[dict[str, object]] = []
    last_resort = last_resort_families()
    for index, vendored in enumerate(vendored_fonts()):
        if vendored.family in last_resort:
            continue  # made on first use (see last_resort_families)
        default = TTFont(io.BytesIO(vendored.sfnt), lazy=True)
        metrics = _face_metrics(default)
        for weight, italic, data in _instances(vendored, default):
            fc_name, ps_name, name = _instance_names(index, vendored.family, weight, italic)
            renamed, details = _renamed(data, fc_name, ps_name)
            (directory / name).write_bytes(renamed)
            entries.append(
                {
                    "file": index,
                    "family": vendored.family,
                    "weight": weight,
                    "italic": italic,
                    "fc_name": fc_name,
                    "name": name,
                    "details": details,
                    "metrics": metrics,
                }
            )
    (directory / _INDEX).write_text(json.dumps(entries, indent=1), encoding="utf-8")


def _instance_names(index: int, family: str, weight: int, italic: bool) -> tuple[str, str, str]:
    """The fontconfig family name, PostScript name and file name of an instance of the
    ``index``-th vendored file."""
    ps_name = f"{''.join(family.split())}-{weight}{'Italic' if italic else ''}"
    return f"mermaid-printer {index} {weight}", ps_name, f"{index}-{weight}.ttf"


def _spill_directory(cache_directory: Path) -> Path:
    """Where fonts made on demand go when ``cache_directory`` cannot be written: a private
    directory of this user's in the system's temporary directory, per cache version."""
    user = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"mermaid-printer-fonts-{user}" / cache_directory.name


def _private_directory(directory: Path) -> None:
    """Create ``directory`` (0700) if need be and check that it and its parent are this
    user's own real directories: fonts planted in a shared /tmp must never be loaded.

    Raises:
        OSError: it cannot be created, or it is not this user's.
    """
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    for path in (directory.parent, directory):
        if not is_own_directory(path):
            raise PermissionError(f"{path} is not a directory of this user")
        if path.lstat().st_mode & 0o022:
            raise PermissionError(f"{path} is writable by others")


def _instances(vendored: _FontFile, font: TTFont) -> list[tuple[int, bool, bytes]]:
    """``(weight, italic, sfnt)`` for each static instance of one vendored file (``font``: its
    decoded bytes, read lazily)."""
    italic = bool(font["OS/2"].fsSelection & 1) or font["post"].italicAngle != 0
    axes = {axis.axisTag: axis for axis in font["fvar"].axes} if "fvar" in font else {}
    sfnt = vendored.sfnt
    if "wght" not in axes:
        if axes:
            subset_input = _keep_all_input()
            subset_input.pin_all_axes_to_default(vendored.face)
            sfnt = hb.subset(vendored.face, subset_input).blob.data
        return [(int(font["OS/2"].usWeightClass), italic, sfnt)]
    face = vendored.face
    axis = axes["wght"]
    weights = [w for w in _INSTANCE_WEIGHTS if axis.minValue <= w <= axis.maxValue]
    if not weights:
        weights = [int(round(axis.defaultValue))]
    result = []
    for weight in weights:
        subset_input = _keep_all_input()
        subset_input.pin_axis_location(face, "wght", weight)
        for tag, other in axes.items():
            if tag != "wght":
                subset_input.pin_axis_location(face, tag, other.defaultValue)
        result.append((weight, italic, hb.subset(face, subset_input).blob.data))
    return result


def _keep_all_input() -> hb.SubsetInput:
    subset_input = hb.SubsetInput()
    subset_input.keep_everything()
    # Glyph ids stay those of the vendored file (so one shaping result fits every instance).
    subset_input.flags = subset_input.flags | hb.SubsetFlags.RETAIN_GIDS
    return subset_input


def _renamed(data: bytes, fc_name: str, ps_name: str) -> tuple[bytes, dict[str, float]]:
    """``data`` with its identity names replaced, plus the decoration metrics a ``Face`` keeps."""
    font = TTFont(io.BytesIO(data), lazy=True, recalcTimestamp=False)
    name = font["name"]
    name.names = [record for record in name.names if record.nameID not in _IDENTITY_NAME_IDS]
    for name_id, text in ((1, fc_name), (2, "Regular"), (3, fc_name), (4, fc_name), (6, ps_name)):
        name.setName(text, name_id, 3, 1, 0x409)
    details = _decoration_details(font)
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue(), details


def _decoration_details(font: TTFont) -> dict[str, float]:
    """The units per em and the underline and strike-out metrics a ``Face`` keeps."""
    os2, post = font["OS/2"], font["post"]
    return {
        "units_per_em": int(font["head"].unitsPerEm),
        "underline_position": float(post.underlinePosition),
        "underline_thickness": float(post.underlineThickness),
        "strikeout_position": float(os2.yStrikeoutPosition),
        "strikeout_thickness": float(os2.yStrikeoutSize),
    }


def _face_metrics(font: TTFont) -> list[float]:
    """units per em, ascent, descent and x-height of one file, read as
    ``scripts/build_font_metrics.py`` reads a face's first file for the layout."""
    os2, hhea = font["OS/2"], font["hhea"]
    if os2.fsSelection & (1 << 7):  # USE_TYPO_METRICS
        ascent, descent = float(os2.sTypoAscender), float(-os2.sTypoDescender)
    else:
        ascent, descent = float(hhea.ascent), float(-hhea.descent)
    x_height = float(getattr(os2, "sxHeight", 0) or 0) or ascent / 2
    return [int(font["head"].unitsPerEm), ascent, descent, x_height]


def _remove_directory(directory: Path, owner_pid: int) -> None:
    # Only the process that made it removes it (forked children inherit the atexit hook).
    if os.getpid() == owner_pid:
        shutil.rmtree(directory, ignore_errors=True)


class _Fontconfig:
    """The four fontconfig calls we need, through ctypes (the library cairo itself uses)."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._lib = library
        library.FcConfigCreate.restype = ctypes.c_void_p
        library.FcConfigCreate.argtypes = []
        library.FcConfigAppFontAddFile.restype = ctypes.c_int
        library.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        library.FcConfigSetCurrent.restype = ctypes.c_int
        library.FcConfigSetCurrent.argtypes = [ctypes.c_void_p]

    @classmethod
    def load(cls) -> _Fontconfig:
        names = ["libfontconfig.so.1", "libfontconfig.1.dylib", ctypes.util.find_library("fontconfig")]
        for name in names:
            if not name:
                continue
            try:
                return cls(ctypes.CDLL(name))
            except OSError:
                continue
        raise EngineUnavailable(
            "PDF and PNG output need the system cairo and fontconfig libraries "
            f"(Debian/Ubuntu: apt-get install libcairo2); fontconfig was not found on {sys.platform}"
        )

    def new_config(self) -> int:
        config = self._lib.FcConfigCreate()
        if not config:
            raise EngineUnavailable("fontconfig could not create a configuration")
        return int(config)

    def add_file(self, config: int, path: Path) -> None:
        if not self._lib.FcConfigAppFontAddFile(config, os.fsencode(path)):
            raise EngineUnavailable(f"fontconfig refused the converter font {path.name}")

    def make_current(self, config: int) -> None:
        if not self._lib.FcConfigSetCurrent(config):
            raise EngineUnavailable("fontconfig could not switch to the converter's fonts")
