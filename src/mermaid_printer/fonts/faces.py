"""The converter's font model and CSS font matching: families, ``@font-face`` rules, instances.

A :class:`Family` is a CSS font family: its ``@font-face`` rules (:class:`FontFace`, the
manifest's family, style and weight descriptor), each with the static instance files
(:class:`Face`) cairo draws and HarfBuzz shapes with. :meth:`Family.match` is CSS font matching
as ``matchFace`` in ``text_measure.js`` does it (style first, then weight); :func:`css_weight`
picks an instance's weight within a face. What the browser synthesizes (bold from a lighter
face, italic from a normal one) is part of the match (:class:`FaceChoice`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import uharfbuzz as hb

__all__ = ["Face", "FaceChoice", "Family", "FontFace", "css_weight"]

# Chromium fakes bold for a face lighter than this when asked for this weight or more.
_SYNTHETIC_BOLD_FROM = 600


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
    source: int = -1  # index of the vendored file (``vendored_fonts()``) it is an instance of

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
    # resolve.LastResortFace.instance_for).
    instances: tuple[Face, ...]
    weights: tuple[int, ...]  # every weight some instance has, ascending
    units_per_em: int
    ascent: float  # font units (hhea, or OS/2 typo with USE_TYPO_METRICS), as text_measure.js
    descent: float  # font units, positive below the baseline
    x_height: float
    # How text_measure.js measures with this face (font_metrics.json): the codepoints of its
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
