"""The converter's fonts: every vendored family as static instances, and nothing else."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import cairocffi as cairo
import pytest
from export_checks import base_fonts
from fontTools.ttLib import TTFont

from mermaid_printer.export.fonts import CACHE_DIR_ENV, converter_fonts, css_weight
from mermaid_printer.postprocess.fonts import vendored_fonts
from mermaid_printer.resources import vendor_manifest


def test_every_manifest_family_is_registered_with_one_face_per_file_and_weight() -> None:
    fonts = converter_fonts()
    manifest_families = {entry["font_family"] for entry in vendor_manifest()["files"] if "font_family" in entry}

    assert {family.name for family in fonts.families.values()} == manifest_families
    names = [face.fc_name for family in fonts.families.values() for face in family.faces]
    assert len(names) == len(set(names))
    for family in fonts.families.values():
        assert 400 in family.weights and 700 in family.weights  # what Mermaid asks for
        for face in family.faces:
            assert face.path.is_file() and face.path.parent == fonts.directory


def test_each_face_is_a_static_instance_at_its_weight_that_keeps_glyph_ids() -> None:
    fonts = converter_fonts()
    vendored = vendored_fonts()[0]
    original = TTFont(io.BytesIO(vendored.sfnt))
    for face in fonts.default.faces[:2]:
        instance = TTFont(face.path)
        assert "fvar" not in instance and "gvar" not in instance
        assert instance["OS/2"].usWeightClass == face.weight
        assert instance.getGlyphOrder() == original.getGlyphOrder()
        assert instance["name"].getDebugName(6) == f"RecursiveVariable-{face.weight}"


def test_a_character_is_drawn_from_the_first_file_that_has_it_as_in_the_embedded_svg() -> None:
    family = converter_fonts().default
    files = vendored_fonts()
    for codepoint in (ord("A"), ord("ł"), 0x20B4, 0x1EA0, 0x1EF9):  # 0x20B4, 0x1EF9: in two files
        first = next(index for index, vendored in enumerate(files) if codepoint in vendored.codepoints)
        for weight in (400, 700):
            face = family.face_for(weight, codepoint)
            assert face is not None and face.fc_name == f"mermaid-printer {first} {weight}"
    assert family.face_for(400, 0x4E00) is None  # no CJK: drawn as the missing-glyph box


@pytest.mark.parametrize(
    ("wanted", "available", "chosen"),
    [
        (400, (300, 400, 700), 400),
        (450, (300, 400, 500, 700), 500),  # 400-500: up to 500 first
        (450, (300, 700), 300),  # then down
        (300, (400, 700), 400),  # below 400: down, then up
        (600, (400, 700, 900), 700),  # above 500: up first
        (950, (400, 700), 700),
    ],
)
def test_font_weight_matching_follows_css(wanted: int, available: tuple[int, ...], chosen: int) -> None:
    assert css_weight(wanted, available) == chosen


@pytest.mark.parametrize(
    "css",
    ['"Recursive Variable", arial, sans-serif', "'recursive variable'", '"trebuchet ms", verdana, arial', "", None],
)
def test_a_font_family_list_resolves_like_the_layout_measures_it(css: str | None) -> None:
    fonts = converter_fonts()
    assert fonts.resolve(css) is fonts.default


def test_cairo_cannot_reach_the_machines_fonts() -> None:
    converter_fonts()
    output = io.BytesIO()
    surface = cairo.PDFSurface(output, 200, 50)
    context = cairo.Context(surface)
    context.select_font_face("DejaVu Sans")
    context.move_to(10, 30)
    context.show_text("machine font?")
    surface.finish()

    (name,) = base_fonts(output.getvalue())
    assert name.startswith("RecursiveVariable-")


def _fonts_directory_in_subprocess(env: dict[str, str]) -> str:
    script = "from mermaid_printer.export.fonts import converter_fonts; print(converter_fonts().directory)"
    done = subprocess.run(
        [sys.executable, "-c", script], env={**os.environ, **env}, capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.strip()


def test_instances_are_made_once_per_version_in_the_cache_directory(tmp_path: Path) -> None:
    first = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(tmp_path)}))
    made = {path.name: path.stat().st_mtime_ns for path in first.iterdir()}
    second = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(tmp_path)}))

    assert first == second and first.parent == tmp_path and first.name.startswith("fonts-")
    assert "index.json" in made and len(made) == 1 + len(converter_fonts().default.faces)
    assert {path.name: path.stat().st_mtime_ns for path in second.iterdir()} == made  # reused, not rewritten
    assert [path.name for path in tmp_path.iterdir()] == [first.name]  # no staging directory left


def test_an_unwritable_cache_falls_back_to_a_temporary_directory_removed_at_exit(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")

    used = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(blocker / "cache")}))

    assert used.name.startswith("mermaid-printer-fonts-")
    assert not used.exists()
