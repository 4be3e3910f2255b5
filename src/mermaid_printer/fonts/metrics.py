"""The text-measurement metrics: one JSON document that the engine and Python both load as data.

``font_metrics.json`` (beside this module) is generated from the vendored font files by
``scripts/build_font_metrics.py`` (do not edit it). The engine loads it as a data script
(``bundles.shim_scripts``: ``globalThis.__PRINTER_FONT_METRICS__ = <document>;``), where
``text_measure.js`` measures text with it; the converter reads the same file with ``json.load``
(:func:`font_metrics`), so drawing resolves families, faces and characters exactly as measuring
did, and neither side parses the other's source.

Format (``version`` 2):

``families[name].faces``
    ``[{style, weight: [min, max]`` (the ``@font-face`` descriptors), ``unitsPerEm``, ``ascent``,
    ``descent`` (font units, as Chromium uses for the SVG text box), ``claims: [first, last,
    ...]`` (the codepoints its unicode-range claims), ``notdefAdvance`` (the width of its
    missing-glyph box), ``inkSlack`` (px of vertical ink past a whole pixel that does not grow
    the box), ``instances: {"400": tables, ...}}]``: a static face has one instance, a
    variable one the weights the generator instantiated.
``tables``
    ``advances``: ``[[firstCodepoint, advance, advance, ...], ...]`` over consecutive
    codepoints; ``kerning``: ``{left, right, pairs}``, runs of left- and right-class numbers
    (same run shape, 0 = never kerns) and ``{adjustment: [leftClass, rightClass, ...]}``;
    ``ink``: ``[[codepoint, top, bottom], ...]`` glyph ink extents (font units, both positive
    away from the baseline) for glyphs that can stick out of the ascent/descent box;
    ``inkLeft``/``inkRight``: runs (as advances) of each glyph's left and right ink edge, font
    units from its pen position. A field whose value is an instance name (``"400"``) reuses
    that instance's field.
``aliases``, ``defaultFamily``, ``systemFallbacks``
    lower-cased CSS family name -> family; the family tried after every name of a font-family
    list (the whole list when no name is known); families tried after it, in order, for a
    character still not found.
``fallbacks``
    last-resort faces ``[{family, style, weight, unitsPerEm, ascent, descent, pages: [[page
    (codepoint >> 8), base64 of a 256-bit little-endian coverage bitmap], ...],
    defaultAdvance, advances: [codepoint, advance, ...]`` where not the default, ``inkX:
    [codepoint, left, right, ...]`` where the ink leaves ``[0, advance]`` or is empty ``}]``.
"""

from __future__ import annotations

import base64
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "FONT_METRICS_GLOBAL",
    "MeasuredFace",
    "MeasuredFallback",
    "font_metrics",
    "font_metrics_path",
    "last_resort_families",
    "measured_faces",
    "measured_fallbacks",
    "measurement_family_rules",
    "system_fallback_families",
]

#: The global the engine assigns the document to (``text_measure.js`` reads it there).
FONT_METRICS_GLOBAL = "__PRINTER_FONT_METRICS__"

_PATH = Path(__file__).resolve().parent / "font_metrics.json"
# text_measure.js reads advance tables for planes 0 and 1 only (covers() is false above).
_MEASURED_PLANES_END = 0x20000


def font_metrics_path() -> Path:
    """The generated metrics document (``font_metrics.json``), as the engine loads it."""
    return _PATH


@functools.cache
def font_metrics() -> dict[str, Any]:
    """The metrics document (read once per process)."""
    with _PATH.open(encoding="utf-8") as file:
        document: dict[str, Any] = json.load(file)
    return document


def measurement_family_rules() -> tuple[dict[str, str], str]:
    """The CSS family aliases (``arial`` -> Arimo, ``serif`` -> Tinos, ...) and the default
    family the layout measures with (generated from ``ALIASES`` and ``DEFAULT_FAMILY`` in
    ``scripts/build_font_metrics.py``), so that drawing cannot resolve a name differently from
    measuring."""
    metrics = font_metrics()
    return dict(metrics["aliases"]), str(metrics["defaultFamily"])


def system_fallback_families() -> tuple[str, ...]:
    """The families the layout tries, in order, after a list and the default family, as
    Chromium's system fallback on Debian (DejaVu Sans; ``SYSTEM_FALLBACK_FAMILIES`` in
    ``scripts/build_font_metrics.py``)."""
    return tuple(font_metrics().get("systemFallbacks", ()))


def last_resort_families() -> frozenset[str]:
    """The engine's last-resort faces for characters no CSS family has (CJK, emoji: ~200 files).

    Their instances are not made with the others (that made the first start much slower)
    but one file at a time, when a character of it is first drawn
    (:class:`~mermaid_printer.fonts.resolve.LastResortFace`).
    """
    return frozenset(face["family"] for face in font_metrics().get("fallbacks", []))


@dataclass(frozen=True)
class MeasuredFace:
    """How text_measure.js measures with one ``@font-face``."""

    codepoints: frozenset[int]  # its advance table's codepoints (planes 0 and 1): covers()
    advances: dict[int, dict[int, float]]  # instance weight -> {codepoint: advance, font units}
    claims: tuple[tuple[int, int], ...]  # its unicode-range
    notdef_advance: float  # its missing-glyph box's width, font units


def measured_faces() -> dict[tuple[str, str, int, int], MeasuredFace]:
    """Each face of the metrics by (family, style, lowest weight, highest weight)."""
    measured = {}
    for family, raw_family in font_metrics()["families"].items():
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
            measured[(family, raw["style"], low, high)] = MeasuredFace(
                codepoints=frozenset(lightest),
                advances=advances,
                claims=tuple(zip(claims[::2], claims[1::2], strict=True)),
                notdef_advance=float(raw["notdefAdvance"]),
            )
    return measured


@dataclass(frozen=True)
class MeasuredFallback:
    """One last-resort face as the layout measures with it (``fallbacks``, in order)."""

    family: str
    style: str
    weight: tuple[int, int]  # the font-weight descriptor's range
    #: The codepoints measured with this face: its coverage table, which leaves out codepoints
    #: of an earlier last-resort face (except emoji, tried first).
    coverage: frozenset[int]


def measured_fallbacks() -> tuple[MeasuredFallback, ...]:
    """The last-resort faces with the coverage the layout measured them with (one bitmap per
    256-codepoint page), in the engine's order."""
    fallbacks = []
    for raw in font_metrics().get("fallbacks", []):
        coverage: set[int] = set()
        for page, bitmap in raw["pages"]:  # bit (cp & 255) of a little-endian 256-bit number
            bits = int.from_bytes(base64.b64decode(bitmap), "little")
            coverage.update(page * 256 + bit for bit in range(256) if bits >> bit & 1)
        low, high = raw["weight"]
        fallbacks.append(MeasuredFallback(raw["family"], raw["style"], (low, high), frozenset(coverage)))
    return tuple(fallbacks)
