"""CJK, Hangul and emoji in PDF and PNG: drawn from the last-resort faces the layout measured them
with (Noto Sans SC, Noto Sans KR, Noto Emoji), whose instances are made on first use."""

from __future__ import annotations

import hashlib
import io
import multiprocessing
from pathlib import Path
from typing import Any

import cairocffi as cairo
import pytest
from export_checks import base_fonts, mapped_characters, pdftotext
from fontTools.pens.cairoPen import CairoPen
from fontTools.ttLib import TTFont
from PIL import Image

from mermaid_printer.export import fonts as export_fonts
from mermaid_printer.export.fonts import converter_fonts
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.postprocess.fonts import vendored_fonts
from mermaid_printer.resources import vendored_file

FAMILY = '"Recursive Variable", arial, sans-serif'
# A character of each last-resort face, and the face.
DRAWN = {"中": "Noto Sans SC", "한": "Noto Sans KR", "🚀": "Noto Emoji"}


def svg(body: str, width: int = 300, height: int = 100, size: int = 20) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}">'
        f"<style>text{{font-family:{FAMILY};font-size:{size}px}}</style>{body}</svg>"
    )


def first_file(codepoint: int) -> tuple[int, object]:
    """The vendored file the layout measured ``codepoint`` with among the last-resort faces:
    the first in manifest order whose unicode_range and cmap have it (as the SVG embeds it)."""
    family = converter_fonts().last_resort.face_for(codepoint).family.name
    return next(
        (index, font_file)
        for index, font_file in enumerate(vendored_fonts())
        if font_file.family == family and font_file.in_range(codepoint) and codepoint in font_file.codepoints
    )


def dark_mask(png: bytes) -> set[tuple[int, int]]:
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    grey = Image.alpha_composite(white, image).convert("L")
    return {(x, y) for y in range(grey.height) for x in range(grey.width) if grey.getpixel((x, y)) < 128}


def test_cjk_hangul_and_emoji_are_drawn_as_text_in_the_noto_faces_without_warnings() -> None:
    pdf = svg_to_pdf(svg('<text x="10" y="40">Hi 你好世界</text><text x="10" y="80">한국어 🚀</text>'))

    assert pdf.warnings == []
    assert {"NotoSansSC-400", "NotoSansKR-400", "NotoEmoji-400"} <= set(base_fonts(pdf.data))
    assert set("你好世界한국어🚀") <= mapped_characters(pdf.data)
    extracted = pdftotext(pdf.data)
    if extracted is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    assert "Hi 你好世界" in extracted and "한국어 🚀" in extracted


@pytest.mark.parametrize("char", list(DRAWN))
def test_a_last_resort_glyph_in_the_png_is_the_faces_own_outline_not_a_box(char: str) -> None:
    size, x, baseline = 80, 20, 100
    png = svg_to_png(svg(f'<text x="{x}" y="{baseline}">{char}</text>', 120, 120, size), scale=1)

    # The same glyph drawn straight from the vendored file's outline, without the converter.
    _index, font_file = first_file(ord(char))
    font = TTFont(vendored_file(font_file.path))
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 120, 120)
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.translate(x, baseline)
    scale = size / font["head"].unitsPerEm
    context.scale(scale, -scale)
    font.getGlyphSet()[font.getBestCmap()[ord(char)]].draw(CairoPen(font.getGlyphSet(), context))
    context.set_source_rgb(0, 0, 0)
    context.fill()
    expected = io.BytesIO()
    surface.write_to_png(expected)

    drawn, outline = dark_mask(png.data), dark_mask(expected.getvalue())
    assert png.warnings == []
    assert len(outline) > 300
    assert len(drawn & outline) / len(drawn | outline) > 0.95  # a missing-glyph box: ~0.1


def test_a_character_no_face_has_still_warns_next_to_covered_ones() -> None:
    png = svg_to_png(svg('<text x="10" y="50">中 \ue000 🚀 \U000f0001</text>'))  # private use: nobody has them

    assert png.warnings == ["2 character(s) are not in the bundled fonts and are drawn as empty boxes: U+E000, U+F0001"]


def test_bold_cjk_is_synthesized_from_the_regular_face() -> None:
    def dark_pixels(weight: str) -> int:
        return len(dark_mask(svg_to_png(svg(f'<text x="10" y="60" font-weight="{weight}">你好世界</text>'), scale=2).data))

    bold_pdf = svg_to_pdf(svg('<text x="10" y="60" font-weight="bold">你好世界</text>'))

    assert base_fonts(bold_pdf.data) == ["NotoSansSC-400"]
    assert dark_pixels("bold") > dark_pixels("normal") * 1.15


@pytest.mark.parametrize("char", ["中", "文", "한", "🚀", "ア", "，"])
def test_a_character_is_drawn_from_the_first_slice_that_has_it_as_in_the_embedded_svg(char: str) -> None:
    index, _font_file = first_file(ord(char))

    drawn = converter_fonts().font(FAMILY, 700, True).draw(ord(char))

    instance = drawn.instance
    assert instance.fc_name == f"mermaid-printer {index} 400" and instance.family == DRAWN.get(char, "Noto Sans SC")
    assert drawn.width is None  # its own advance, as measured
    assert (drawn.choice.synthetic_bold, drawn.choice.synthetic_italic) == (True, True)  # a 400 normal face


def _make_instance(directory: Path, index: int, barrier: Any = None) -> str:
    """The sha256 of the instance of the ``index``-th vendored file, made or found in ``directory``."""
    fontconfig = export_fonts._Fontconfig.load()
    store = export_fonts._LastResortInstances(fontconfig, fontconfig.new_config(), directory)
    if barrier is not None:
        barrier.wait()
    face = store.instance(index, vendored_fonts()[index])
    return hashlib.sha256(face.path.read_bytes()).hexdigest()


def _race(directory: Path, index: int, barrier: Any, results: Any) -> None:
    results.put(_make_instance(directory, index, barrier))


def test_an_instance_is_made_on_first_use_once_and_then_found_in_the_cache(tmp_path: Path) -> None:
    index, _font_file = first_file(ord("中"))

    made = _make_instance(tmp_path, index)
    (path,) = tmp_path.iterdir()
    written = path.stat().st_mtime_ns
    found = _make_instance(tmp_path, index)

    assert path.name == f"{index}-400.ttf" and found == made
    assert path.stat().st_mtime_ns == written  # found, not made again
    assert TTFont(path)["name"].getDebugName(6) == "NotoSansSC-400"


def test_processes_racing_for_one_instance_leave_one_whole_file(tmp_path: Path) -> None:
    index, _font_file = first_file(ord("中"))
    racing = tmp_path / "racing"
    racing.mkdir()
    forked = multiprocessing.get_context("fork")
    barrier, results = forked.Barrier(4), forked.SimpleQueue()
    processes = [forked.Process(target=_race, args=(racing, index, barrier, results)) for _ in range(4)]

    for process in processes:
        process.start()
    digests = {results.get() for _ in processes}
    for process in processes:
        process.join()

    assert [process.exitcode for process in processes] == [0] * 4
    assert [path.name for path in racing.iterdir()] == [f"{index}-400.ttf"]  # no temporary file left
    alone = tmp_path / "alone"
    alone.mkdir()
    assert digests == {_make_instance(alone, index)}  # the same bytes as one process makes


def test_with_an_unwritable_cache_an_instance_goes_to_a_private_directory_of_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A regular file where the cache directory should be: no instance can be written there
    # (a read-only mount behaves the same; a mode bit would not stop root, who runs CI).
    blocked = tmp_path / "cache"
    blocked.write_text("not a directory")
    monkeypatch.setattr(export_fonts.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    index, _font_file = first_file(ord("中"))

    made = _make_instance(blocked, index)
    spill = export_fonts._spill_directory(blocked)
    (path,) = spill.iterdir()
    written = path.stat().st_mtime_ns

    assert path.name == f"{index}-400.ttf"
    assert spill.stat().st_mode & 0o777 == 0o700
    assert _make_instance(blocked, index) == made and path.stat().st_mtime_ns == written  # found again


def test_a_spill_directory_others_can_write_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("not a directory")
    monkeypatch.setattr(export_fonts.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    planted = export_fonts._spill_directory(blocked)
    planted.mkdir(parents=True)
    planted.chmod(0o777)
    index, _font_file = first_file(ord("中"))

    with pytest.raises(export_fonts.EngineUnavailable, match="cannot write the converter's fonts"):
        _make_instance(blocked, index)
    assert list(planted.iterdir()) == []
