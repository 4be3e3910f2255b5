"""Looking at export output: a PDF's text and fonts without a PDF library, a PNG's pixels."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zlib

from PIL import Image

_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
_BFCHAR = re.compile(rb"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>")


def mapped_characters(pdf: bytes) -> set[str]:
    """Every character some glyph of an embedded font maps to (ToUnicode ``bfchar`` entries)."""
    characters: set[str] = set()
    for raw in _STREAM.findall(pdf):
        try:
            data = zlib.decompress(raw)
        except zlib.error:
            data = raw
        if b"beginbfchar" not in data and b"beginbfrange" not in data:
            continue
        for block in re.findall(rb"beginbfchar(.*?)endbfchar", data, re.S):
            for _code, text in _BFCHAR.findall(block):
                # A ligature's glyph maps to all its characters ("ff" in Open Sans).
                characters.update(bytes.fromhex(text.decode()).decode("utf-16-be"))
    return characters


def base_fonts(pdf: bytes) -> list[str]:
    """The ``/BaseFont`` names, without the subset tag (``ABCDEF+``)."""
    return sorted({name.split(b"+")[-1].decode() for name in re.findall(rb"/BaseFont /([^\s/]+)", pdf)})


def pdftotext(pdf: bytes) -> str | None:
    """Text as poppler extracts it (what a viewer's search sees), or ``None`` without poppler."""
    if shutil.which("pdftotext") is None:
        return None
    done = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True, timeout=60)
    return done.stdout.decode("utf-8")


def on_white(png: bytes) -> Image.Image:
    """The image laid on white, in grey levels (mode ``L``: one byte a pixel)."""
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert("L")


def ink_box(png: bytes, darker_than: int = 128) -> tuple[int, int, int, int] | None:
    """Bounding box ``(left, top, right, bottom)`` of the pixels darker than ``darker_than``
    once the image is laid on white."""
    return on_white(png).point(lambda value: 255 if value < darker_than else 0).getbbox()


def dark_mask(png: bytes, darker_than: int = 128) -> set[tuple[int, int]]:
    """The ``(x, y)`` of every pixel darker than ``darker_than`` once the image is laid on white."""
    grey = on_white(png)
    width = grey.width
    return {(index % width, index // width) for index, level in enumerate(grey.tobytes()) if level < darker_than}


def pixel(png: bytes, x: int, y: int) -> tuple[int, int, int, int]:
    """The RGBA value at ``(x, y)``."""
    value = Image.open(io.BytesIO(png)).convert("RGBA").getpixel((x, y))
    assert isinstance(value, tuple), value  # an RGBA image's pixel is a 4-tuple
    red, green, blue, alpha = value
    return red, green, blue, alpha
