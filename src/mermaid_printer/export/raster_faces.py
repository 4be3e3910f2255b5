"""PNG glyphs hinted as Chromium hints the fonts the SVG embeds.

Chromium draws our SVG with the subsets it embeds (:mod:`mermaid_printer.fonts.embed`): each
holds only the characters its face draws in the diagram and no hinting instructions, so FreeType
hints the glyphs with its autohinter (light hinting), whose measures of the whole font come from
the characters the font holds: the heights that snap to whole pixels from reference letters (H,
O, x, o, ...), the stem widths from ``o``, the digit widths from 0-9. Text of digits alone (the
``info`` diagram's version) is hinted without any such heights, and its tops are not snapped.

So a PNG draws each glyph from its face's instance cut down to the characters of the subset a
browser draws it with (glyph ids kept: the shaping stays valid), loaded into FreeType from memory
and handed to cairo: FreeType hints it exactly as it hints the embedded subset. The subsets are
the SVG's own ``@font-face`` rules, or, for the SVG a PNG job draws (fonts not embedded), those
the product SVG embeds (:func:`mermaid_printer.fonts.font_subsets`). A character no subset has
(an SVG from elsewhere) is drawn from the whole instance. The PDF keeps the whole instances (its
outlines are not hinted).
"""

from __future__ import annotations

import ctypes
import re
import threading
from typing import TYPE_CHECKING, Any

import uharfbuzz as hb

from mermaid_printer.export import cairo_unavailable

try:  # the system library (see converter.py)
    import cairocffi as cairo
except (OSError, ImportError) as _missing:
    raise cairo_unavailable(_missing) from None

from mermaid_printer.fonts import FontSubset

if TYPE_CHECKING:
    from mermaid_printer.fonts import Face

__all__ = ["RasterFaces", "embedded_rules"]

_FONT_FACE_RE = re.compile(r"@font-face\s*\{([^}]*)\}", re.IGNORECASE)
_DESCRIPTOR_RE = re.compile(r"(font-family|font-style|font-weight|unicode-range)\s*:\s*([^;]*)", re.IGNORECASE)
_RANGE_RE = re.compile(r"U\+([0-9A-F]{1,6})(?:-([0-9A-F]{1,6}))?", re.IGNORECASE)
_MAX_CODEPOINTS = 0x110000


def embedded_rules(style_texts: list[str]) -> tuple[FontSubset, ...]:
    """The ``@font-face`` rules with a ``unicode-range`` in the SVG's ``<style>`` texts."""
    rules = []
    for text in style_texts:
        for block in _FONT_FACE_RE.finditer(text):
            descriptors = {name.lower(): value.strip() for name, value in _DESCRIPTOR_RE.findall(block.group(1))}
            codepoints = _unicode_range(descriptors.get("unicode-range", ""))
            family = _unquoted(descriptors.get("font-family", ""))
            if codepoints and family:
                style, weight = descriptors.get("font-style", "normal"), descriptors.get("font-weight", "400")
                rules.append(FontSubset(family, style, weight, codepoints, -1))
    return tuple(rules)


def _unicode_range(value: str) -> frozenset[int]:
    codepoints: set[int] = set()
    for low, high in _RANGE_RE.findall(value):
        start = int(low, 16)
        end = min(int(high or low, 16), _MAX_CODEPOINTS - 1)
        if end - start > 0x10000:  # a wide range is a whole font, not a subset of drawn text
            return frozenset()
        codepoints.update(range(start, end + 1))
    return frozenset(codepoints)


def _unquoted(name: str) -> str:
    name = name.strip()
    if len(name) >= 2 and name[0] in "\"'" and name.endswith(name[0]):
        name = name[1:-1]
    return name.strip()


class RasterFaces:
    """The cairo font faces one PNG draws with: each face's instance cut to the characters of the
    subset a browser draws a run with (kept for one conversion)."""

    def __init__(self, subsets: tuple[FontSubset, ...]) -> None:
        self._by_name: dict[str, list[FontSubset]] = {}
        for subset in subsets:
            self._by_name.setdefault(subset.name.lower(), []).append(subset)
        self._made: dict[tuple[str, frozenset[int]], Any] = {}

    def font_face(self, face: Face, css_families: str | None, first: str) -> Any:
        """The cairo font face to draw a run of ``face`` starting with ``first`` with, or ``None``
        (no subset has it, or FreeType could not be reached: draw with the whole instance)."""
        subset = self._subset(face, css_families, ord(first))
        if subset is None:
            return None
        key = (str(face.path), subset.codepoints)
        if key not in self._made:
            self._made[key] = _subset_face(face, subset.codepoints)
        return self._made[key]

    def _subset(self, face: Face, css_families: str | None, codepoint: int) -> FontSubset | None:
        """The subset a browser takes ``codepoint`` from: of the first family of the list with a
        subset whose range has it, the one whose style and weight are the face's if several do."""
        for part in (css_families or "").split(","):
            covering = [
                subset for subset in self._by_name.get(_unquoted(part).lower(), ()) if codepoint in subset.codepoints
            ]
            if covering:
                return next((subset for subset in covering if _describes(subset, face)), covering[0])
        return None


def _describes(subset: FontSubset, face: Face) -> bool:
    """Whether the subset's style and weight descriptors match ``face``."""
    weights = [int(part) for part in subset.weight.split() if part.isdigit()] or [400]
    italic = subset.style.strip().lower() in ("italic", "oblique")
    return italic == face.italic and weights[0] <= face.weight <= weights[-1]


def _subset_face(face: Face, codepoints: frozenset[int]) -> Any:
    """``face``'s instance cut to ``codepoints`` (glyph ids kept, no hinting instructions, as the
    embedded subset is) as a cairo font face, or ``None``."""
    subset_input = hb.SubsetInput()
    subset_input.unicode_set.update(codepoints)
    subset_input.flags = hb.SubsetFlags.NO_HINTING | hb.SubsetFlags.RETAIN_GIDS
    data: bytes = hb.subset(face.font.face, subset_input).blob.data
    return _memory_font_face(data)


# --- FreeType faces from memory, handed to cairo ------------------------------------------------


class _FreeType:
    """The system FreeType and cairo's FreeType font backend, through ctypes (cairocffi binds
    neither): a face loaded from bytes becomes a cairo font face that frees it when cairo is done."""

    def __init__(self, freetype: ctypes.CDLL, cairo_library: ctypes.CDLL) -> None:
        self._freetype = freetype
        self._cairo = cairo_library
        freetype.FT_Init_FreeType.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
        freetype.FT_New_Memory_Face.argtypes = [
            ctypes.c_void_p,
            ctypes.c_char_p,
            ctypes.c_long,
            ctypes.c_long,
            ctypes.POINTER(ctypes.c_void_p),
        ]
        freetype.FT_Done_Face.argtypes = [ctypes.c_void_p]
        cairo_library.cairo_ft_font_face_create_for_ft_face.restype = ctypes.c_void_p
        cairo_library.cairo_ft_font_face_create_for_ft_face.argtypes = [ctypes.c_void_p, ctypes.c_int]
        cairo_library.cairo_font_face_set_user_data.argtypes = [
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_void_p,
            _DESTROY,
        ]
        cairo_library.cairo_font_face_destroy.argtypes = [ctypes.c_void_p]
        self._library = ctypes.c_void_p()
        if freetype.FT_Init_FreeType(ctypes.byref(self._library)) != 0:
            raise OSError("FreeType did not start")
        self._lock = threading.Lock()
        self._key = ctypes.c_int(0)  # cairo_user_data_key_t: only its address matters
        self._alive: dict[int, tuple[ctypes.Array[ctypes.c_char], ctypes.c_void_p]] = {}
        self._destroy = _DESTROY(self._release)

    def font_face(self, data: bytes) -> Any:
        """A cairocffi font face drawing the font ``data``, or ``None``."""
        buffer = ctypes.create_string_buffer(data, len(data))
        ft_face = ctypes.c_void_p()
        with self._lock:
            if self._freetype.FT_New_Memory_Face(self._library, buffer, len(data), 0, ctypes.byref(ft_face)) != 0:
                return None
            pointer = self._cairo.cairo_ft_font_face_create_for_ft_face(ft_face, 0)
            handle = ft_face.value or 0
            self._alive[handle] = (buffer, ft_face)
            if not pointer or self._cairo.cairo_font_face_set_user_data(
                pointer, ctypes.byref(self._key), handle, self._destroy
            ):
                if pointer:
                    self._cairo.cairo_font_face_destroy(pointer)
                self._release(handle)
                return None
        return cairo.FontFace._from_pointer(cairo.ffi.cast("cairo_font_face_t *", pointer), incref=False)

    def _release(self, handle: int | None) -> None:
        """cairo no longer uses the face: free it and its bytes."""
        kept = self._alive.pop(handle or 0, None)
        if kept is not None:
            self._freetype.FT_Done_Face(kept[1])


_DESTROY = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_FREETYPE: list[_FreeType | None] = []
_FREETYPE_LOCK = threading.Lock()


def _memory_font_face(data: bytes) -> Any:
    with _FREETYPE_LOCK:
        if not _FREETYPE:
            _FREETYPE.append(_load_freetype())
        freetype = _FREETYPE[0]
    return None if freetype is None else freetype.font_face(data)


def _load_freetype() -> _FreeType | None:
    """FreeType and cairo as ctypes libraries (the ones cairo already loaded), or ``None``."""
    for freetype_name, cairo_name in (
        ("libfreetype.so.6", "libcairo.so.2"),
        ("libfreetype.6.dylib", "libcairo.2.dylib"),
        ("libfreetype-6.dll", "libcairo-2.dll"),
    ):
        try:
            return _FreeType(ctypes.CDLL(freetype_name), ctypes.CDLL(cairo_name))
        except (OSError, AttributeError):
            continue
    return None
