"""The vendored font files: what each one is, what it draws, and its decoded bytes.

Every file of ``vendor/manifest.json`` with a ``font_family`` is one :class:`FontFile`, in
manifest order (earlier files win a codepoint two files share, as in a browser's
``unicode-range`` matching). What a file draws is its cmap within its ``unicode_range``; reading
a cmap is cheap (fontTools rebuilds a woff2's glyf table only when asked), decoding the whole
file is not, so each is done once per process, on first use, and the
decoded bytes are kept in the user's private cache directory for the next process.

:func:`preload_fonts` decodes the files most SVGs need ahead of time: a zygote that calls it
before forking hands every single-use child a warm copy; a child decodes any other file it needs
itself. The SVG embedding (:mod:`.embed`) and the converter's instances (:mod:`.instances`) both
read the files through this catalog.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import io
from dataclasses import dataclass
from pathlib import Path

import fontTools
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from mermaid_printer.files import private_cache_directory, write_atomically
from mermaid_printer.resources import vendor_manifest, vendored_file

__all__ = ["MERMAID_FAMILY", "FontFile", "preload_fonts", "vendored_fonts"]

#: Mermaid 12's default font family (most diagram types draw with it).
MERMAID_FAMILY = "Recursive Variable"


@dataclass(frozen=True)
class FontFile:
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
def vendored_fonts() -> tuple[FontFile, ...]:
    """The vendored font files in manifest order (earlier files win a shared codepoint); each
    decodes on first use of its ``sfnt``/``face``."""
    return tuple(
        FontFile(
            entry["path"],
            entry["font_family"],
            entry.get("font_style", "normal"),
            entry.get("font_weight", "400"),
            tuple(_parse_unicode_range(entry["unicode_range"])),
        )
        for entry in vendor_manifest()["files"]
        if "font_family" in entry
    )


def preload_fonts() -> None:
    """Decode the fonts most SVGs use now (in the zygote before fork, so children share them).

    That is every Recursive Variable file and each other face's Latin file. Decoding the rest
    (accented Latin, Greek, Cyrillic, … of Open Sans, Arimo, Tinos) would add seconds to every
    zygote start, so a child that draws such characters decodes that file itself.
    """
    for font_file in vendored_fonts():
        if font_file.family == MERMAID_FAMILY or (font_file.in_range(ord("A")) and ord("A") in font_file.codepoints):
            _hb_face(font_file.path)


@functools.cache
def _covered(path: str, ranges: tuple[tuple[int, int], ...]) -> frozenset[int]:
    # fontTools rebuilds a woff2's glyf table only when asked: reading the cmap is quick.
    with TTFont(vendored_file(path), lazy=True) as font:
        cmap = font.getBestCmap()
    return frozenset(cp for cp in cmap if any(lo <= cp <= hi for lo, hi in ranges))


@functools.cache
def _sfnt(path: str) -> bytes:
    """The vendored file decoded to plain TrueType/OpenType bytes (woff2 unwrapped).

    Decoding a woff2 is most of a one-shot process's font work, so the result
    is kept in the user's private cache directory (``fonts-sfnt``), named by a hash of the
    vendored bytes and the fontTools version and ending in a SHA-256 of itself: a file that is
    cut short or damaged is decoded and written again, never used. No private cache directory:
    decoded every time.
    """
    vendored = vendored_file(path).read_bytes()
    cached = _decoded_cache_path(vendored)
    if cached is not None:
        try:
            stored = cached.read_bytes()
        except OSError:
            stored = b""
        data, digest = stored[:-_DIGEST_BYTES], stored[-_DIGEST_BYTES:]
        if stored and hashlib.sha256(data).digest() == digest:
            return data
    font = TTFont(io.BytesIO(vendored), recalcTimestamp=False)
    font.flavor = None
    buffer = io.BytesIO()
    font.save(buffer)
    data = buffer.getvalue()
    if cached is not None:
        # Where it cannot be written, the next process decodes again: only time is lost.
        with contextlib.suppress(OSError):
            write_atomically(cached, data + hashlib.sha256(data).digest(), private=True)
    return data


_DIGEST_BYTES = 32


def _decoded_cache_path(vendored: bytes) -> Path | None:
    """Where the decoded bytes of a vendored font file are kept, or None (no private cache)."""
    directory = private_cache_directory("fonts-sfnt")
    if directory is None:
        return None
    key = hashlib.sha256(vendored + fontTools.version.encode("ascii")).hexdigest()[:32]
    return directory / f"{key}.sfnt"


@functools.cache
def _hb_face(path: str) -> hb.Face:
    """The file decoded to TrueType and preprocessed by HarfBuzz for repeated subsetting."""
    # The blob holds the bytes for as long as the face lives.
    return hb.subset_preprocess(hb.Face(hb.Blob(_sfnt(path))))


def _parse_unicode_range(text: str) -> list[tuple[int, int]]:
    """``U+0000-00FF,U+0131`` as inclusive ranges."""
    ranges = []
    for part in text.split(","):
        first, _, last = part.strip().upper().removeprefix("U+").partition("-")
        ranges.append((int(first, 16), int(last or first, 16)))
    return ranges
