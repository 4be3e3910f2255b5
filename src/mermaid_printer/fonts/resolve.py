"""Which face and file draw each character of the converter's text, as the layout measured it.

Which file draws a character follows the browser's rules, exactly as the measuring code
(``bundles/shim/text_measure.js``) and the SVG font embedding do, so the PDF and PNG draw what
the layout measured, at the widths it measured:

1. family: :meth:`ConverterFonts.resolve` keeps each name of the CSS ``font-family`` list that
   is a vendored family or one of the layout's aliases (``arial``, ``helvetica``, ``sans-serif``
   -> Arimo; ``Times New Roman``, ``serif`` -> Tinos; ``monospace`` -> DejaVu Sans Mono;
   ``system-ui`` -> DejaVu Sans), in order. After the list come, as in Chromium on Debian, the
   default family (Tinos, Chromium's default font; the whole list when no name is available)
   and the system fallback families (DejaVu Sans). Aliases, default and system fallbacks are
   read from the metrics the engine measures with (:mod:`.metrics`), not copied;
2. face: per family, CSS font matching over its ``@font-face`` rules (the manifest's family,
   style and weight descriptor): style first, then weight (:meth:`.faces.Family.match`). Bold
   (600+) from a lighter face, or italic from a normal one, is synthesized as Chromium does it;
3. character: from the first of those families whose face the layout measured it with (the
   codepoints of its advance table in the metrics), then the first file of that face whose
   ``unicode_range`` and cmap cover it. The layout also measures some characters with a face
   none of whose files draws them: symbols Liberation has and the Arimo/Tinos slices lack
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
the HarfBuzz fonts, and opens no font file itself for the CSS families. Loading the instances
from the cache (:mod:`.instances`) comes with reading the vendored files' cmaps, which the SVG
font embedding needs anyway, and the measured coverage and the last-resort faces' coverage from
the metrics.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from pathlib import Path

import uharfbuzz as hb
from fontTools.ttLib import TTFont

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.fonts.catalog import FontFile, vendored_fonts
from mermaid_printer.fonts.faces import Face, FaceChoice, Family, FontFace
from mermaid_printer.fonts.fontconfig import Fontconfig
from mermaid_printer.fonts.instances import (
    INDEX,
    LastResortInstances,
    face_metrics,
    instance_directory,
    restore_instance_files,
)
from mermaid_printer.fonts.metrics import (
    measured_faces,
    measured_fallbacks,
    measurement_family_rules,
    system_fallback_families,
)
from mermaid_printer.resources import vendored_file

__all__ = [
    "ConverterFonts",
    "DrawnGlyph",
    "LastResortFace",
    "LastResortFaces",
    "ResolvedFont",
    "converter_fonts",
    "converter_fonts_on_disk",
]

# fallbackFace in text_measure.js: from U+1F000 the last-resort faces are tried in reverse
# order (emoji first); below it in order.
_EMOJI_FIRST_FROM = 0x1F000
# Glyphs designed to join their neighbours (box drawing, block elements): a stand-in glyph is
# stretched to fill the measured width, so lines still meet; others are centred in it.
_JOINING = range(0x2500, 0x25A0)
# Emoji_Presentation=Yes below U+2000.. U+1F000 (inclusive pairs), as BMP_EMOJI_PRESENTATION in
# text_measure.js: such a character that no family of the list has is measured as one glyph
# of the system's colour emoji font, COLOR_EMOJI_EM wide, even where a fallback font after the
# list (DejaVu Sans) has a text glyph; from U+1F000 on, whatever the emoji face has.
_BMP_EMOJI_PRESENTATION = (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3), (0x25FD, 0x25FE),
    (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
    (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4),
    (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E),
    (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797), (0x27B0, 0x27B0), (0x27BF, 0x27BF),
    (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
)  # fmt: skip
# Noto Color Emoji's advance (136 px of its 109 ppem strike), in em: COLOR_EMOJI_EM.
_COLOR_EMOJI_EM = 136 / 109
# What joins characters into one emoji (text_measure.js): variation selectors, the zero-width
# joiner, the keycap mark, skin tones, tags and regional indicators (flags).
_VS15, _VS16, _ZWJ, _KEYCAP = 0xFE0E, 0xFE0F, 0x200D, 0x20E3
_SKIN_TONES = range(0x1F3FB, 0x1F400)
_TAGS = range(0xE0020, 0xE0080)
_REGIONAL_INDICATORS = range(0x1F1E6, 0x1F200)


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


class LastResortFace:
    """One of the engine's last-resort faces (a family with one static face, in ~100
    unicode-range slices): the codepoints the layout measured with it, its files, and their
    instances, made or found in the cache on first use."""

    def __init__(
        self,
        family: Family,
        coverage: frozenset[int],
        files: tuple[tuple[int, FontFile], ...],
        instances: LastResortInstances,
    ) -> None:
        self.family = family  # one @font-face, without instances of its own
        #: What the layout measured with this face: the metrics' coverage table, which leaves
        #: out codepoints of an earlier last-resort face (except emoji, tried first).
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

    def forget_missing(self) -> None:
        """Forget instances whose file has gone (they are made again when next drawn)."""
        self._instances.forget_missing()

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
    """The engine's last-resort faces, in its order (``fallbacks`` of the metrics)."""

    faces: tuple[LastResortFace, ...]

    def forget_missing(self) -> None:
        """Forget instances whose file has gone (they are made again when next drawn)."""
        for face in self.faces:
            face.forget_missing()

    def face_for(self, codepoint: int) -> LastResortFace | None:
        """The face the layout measured ``codepoint`` with when no family of the CSS list, nor
        the default or a system fallback family, had it, as ``fallbackFace`` in text_measure.js
        picks it; ``None``: measured as missing."""
        emoji_first = codepoint >= _EMOJI_FIRST_FROM
        for face in reversed(self.faces) if emoji_first else self.faces:
            if codepoint in face.coverage:
                return face
        return None


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
        emoji = self._presented_as_emoji(codepoint)
        if emoji is not None:
            return emoji.family.faces[0]
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
        emoji = self._presented_as_emoji(codepoint)
        instance = emoji.instance_for(codepoint) if emoji is not None else None
        if emoji is not None and instance is not None:
            # The emoji face's glyph, centred in the colour emoji's advance the layout measured.
            return DrawnGlyph(self._last_resort_choice(emoji), instance, width=_COLOR_EMOJI_EM)
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
            return DrawnGlyph(self._last_resort_choice(fallback), instance)
        # notdefWidth in text_measure.js: the box of the first face claiming it (else the last).
        claiming = next(
            (index for index, choice in enumerate(every) if choice.face.claims_codepoint(codepoint)), len(every) - 1
        )
        face = every[claiming].face
        width = 1.0 if _is_wide(codepoint) else face.notdef_advance / face.units_per_em
        return self._missing_box(every, claiming, width)

    def _last_resort_choice(self, face: LastResortFace) -> FaceChoice:
        """A last-resort face matched like any family: bold from its 400 face is synthesized,
        as the layout widened its ink (text_measure.js), and italic slanted."""
        matched = self._last_resort_choices.get(face.family.name)
        if matched is None:
            matched = self._last_resort_choices[face.family.name] = face.family.match(self.weight, self.italic)
        return matched

    def emoji_sequence_length(self, text: str) -> int:
        """How many characters at the start of ``text`` the layout measures as one colour emoji
        glyph (``emojiSequenceEnd`` in text_measure.js: an emoji-presentation character no
        family of the list has, or any character with VS16, a keycap, then its skin tone, VS16,
        tags, a flag's second half and what ZWJs join to it); 0 when none starts there."""
        if not text or not self.last_resort.faces:
            return 0
        first = ord(text[0])
        after = ord(text[1]) if len(text) > 1 else -1
        if first < 0x2000:
            if after not in (_VS16, _KEYCAP):
                return 0
        elif any(choice.face.measures(first) for choice in self.choices):
            return 0
        if after == _VS15:
            return 0
        codepoints = [ord(char) for char in text]

        def at(index: int) -> int:
            return codepoints[index] if index < len(codepoints) else -1

        end = 1
        if 0x30 <= first <= 0x39 or first in (0x23, 0x2A):  # a keycap's base
            mark = end + 1 if after == _VS16 else end
            return mark + 1 if at(mark) == _KEYCAP else 0
        if not (_is_default_emoji(first, self.last_resort.faces[-1]) or after == _VS16):
            return 0
        if first in _REGIONAL_INDICATORS and after in _REGIONAL_INDICATORS:
            end += 1
            after = at(end)
        while True:
            if after == _VS16 or after in _SKIN_TONES or after in _TAGS:
                end += 1
            elif after == _ZWJ and at(end + 1) >= 0x2000:
                end += 2
            else:
                return end
            after = at(end)

    def draw_emoji(self, codepoint: int) -> DrawnGlyph:
        """How the first character of an emoji sequence (:meth:`emoji_sequence_length`) is
        drawn: the emoji face's glyph where it has one, else the character's own, centred in the
        colour emoji's width the layout measured for the whole sequence.

        Raises:
            EngineUnavailable: as :meth:`draw`.
        """
        emoji = self.last_resort.faces[-1] if self.last_resort.faces else None
        instance = emoji.instance_for(codepoint) if emoji is not None else None
        if emoji is not None and instance is not None:
            return DrawnGlyph(self._last_resort_choice(emoji), instance, width=_COLOR_EMOJI_EM)
        own = self.draw(codepoint)
        return DrawnGlyph(own.choice, own.instance, width=_COLOR_EMOJI_EM, stretch=own.stretch, missing=own.missing)

    def _presented_as_emoji(self, codepoint: int) -> LastResortFace | None:
        """The emoji face, when the layout measures ``codepoint`` on its own as one colour emoji
        (``emojiSequenceEnd`` in text_measure.js: a default-emoji character that no family of
        the list has); else ``None``."""
        if codepoint < 0x2000 or not self.last_resort.faces:
            return None
        emoji = self.last_resort.faces[-1]
        if not _is_default_emoji(codepoint, emoji) or any(choice.face.measures(codepoint) for choice in self.choices):
            return None
        return emoji

    def _missing_box(self, every: tuple[FaceChoice, ...], position: int, width: float) -> DrawnGlyph:
        """The missing-glyph box of ``every[position]``'s face, or of the next face whose box is
        not blank (Open Sans's is: Chromium shows a gap, we a box, as the warning says)."""
        for choice in every[position:]:
            instance = choice.face.notdef_instance(self.weight)
            if instance.has_visible_notdef():
                return DrawnGlyph(choice, instance, width=width, stretch=True, missing=True)
        choice = every[position]
        return DrawnGlyph(choice, choice.face.notdef_instance(self.weight), width=width, stretch=True, missing=True)


def _is_default_emoji(codepoint: int, emoji: LastResortFace) -> bool:
    """Whether ``codepoint`` is presented as emoji by default and the emoji face has it
    (``isDefaultEmoji`` in text_measure.js)."""
    if codepoint not in emoji.coverage:
        return False
    return codepoint >= _EMOJI_FIRST_FROM or any(low <= codepoint <= high for low, high in _BMP_EMOJI_PRESENTATION)


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


@functools.cache
def converter_fonts() -> ConverterFonts:
    """Make the instance files (or find them in the cache), register them with a private
    fontconfig setup, load them into HarfBuzz.

    Cached per process; a forked child inherits the result.

    Raises:
        EngineUnavailable: fontconfig (a dependency of the system cairo library) is missing, or
            the instances cannot be written.
    """
    fontconfig = Fontconfig.load()
    directory = instance_directory()
    entries = json.loads((directory / INDEX).read_text(encoding="utf-8"))
    vendored = vendored_fonts()
    config = fontconfig.new_config()
    # (family, style, weight descriptor): one @font-face, as build_font_metrics.py groups files.
    by_face: dict[tuple[str, str, str], list[Face]] = {}
    metrics_of: dict[tuple[str, str, str], list[float]] = {}
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
                source=entry["file"],
                **entry["details"],
            )
        )
        metrics_of.setdefault(key, entry["metrics"])
    fontconfig.make_current(config)

    faces_of: dict[str, list[FontFace]] = {}
    measured_by_face = measured_faces()
    for (family_name, style, descriptor), instances in by_face.items():
        units_per_em, ascent, descent, x_height = metrics_of[(family_name, style, descriptor)]
        low, *rest = (int(part) for part in descriptor.split())
        high = rest[-1] if rest else low
        measured = measured_by_face.get((family_name, style, low, high))
        if measured is None:
            raise EngineUnavailable(f"the engine's font metrics do not measure {family_name} {style} {descriptor}")
        drawable = frozenset[int]().union(*(face.codepoints for face in instances))
        faces_of.setdefault(family_name, []).append(
            FontFace(
                family=family_name,
                italic=style == "italic",
                min_weight=low,
                max_weight=high,
                instances=tuple(instances),
                weights=tuple(sorted({face.weight for face in instances})),
                units_per_em=int(units_per_em),
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
        last_resort=_last_resort_faces(LastResortInstances(fontconfig, config, directory)),
        system_fallbacks=tuple(families[name.lower()] for name in system_fallback_families()),
    )


def converter_fonts_on_disk() -> ConverterFonts:
    """:func:`converter_fonts`, after checking that every file it registered is still there.

    cairo opens a font file when it first draws with it, in each render process. A file
    removed from the cache while the printer runs (a cache cleaner, a full reinstall) is
    written again here, before anything is drawn, instead of failing the drawing.

    Raises:
        EngineUnavailable: as :func:`converter_fonts`, or the files cannot be written again.
    """
    fonts = converter_fonts()
    paths = [
        instance.path
        for family in fonts.families.values()
        for face in family.faces
        for instance in face.instances
        if instance.path.parent == fonts.directory
    ]
    restore_instance_files(fonts.directory, list(dict.fromkeys(paths)))
    fonts.last_resort.forget_missing()
    return fonts


def _last_resort_faces(instances: LastResortInstances) -> LastResortFaces:
    """The engine's last-resort faces with the coverage it measured them with, their files and
    vertical metrics; no instances yet."""
    vendored = vendored_fonts()
    faces = []
    for measured in measured_fallbacks():
        files = tuple(
            (index, font_file)
            for index, font_file in enumerate(vendored)
            if (font_file.family, font_file.style) == (measured.family, measured.style)
        )
        if not files:
            continue
        with TTFont(vendored_file(files[0][1].path), lazy=True) as first_file:
            units_per_em, ascent, descent, x_height = face_metrics(first_file)
        low, high = measured.weight
        face = FontFace(
            family=measured.family,
            italic=measured.style == "italic",
            min_weight=low,
            max_weight=high,
            instances=(),
            weights=tuple(sorted({low, high})),
            units_per_em=int(units_per_em),
            ascent=ascent,
            descent=descent,
            x_height=x_height,
        )
        faces.append(LastResortFace(Family(measured.family, (face,)), measured.coverage, files, instances))
    return LastResortFaces(tuple(faces))
