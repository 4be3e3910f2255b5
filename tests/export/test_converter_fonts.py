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

from mermaid_printer.export import fonts as export_fonts
from mermaid_printer.export import prepare_export
from mermaid_printer.export.fonts import (
    CACHE_DIR_ENV,
    converter_fonts,
    css_weight,
    last_resort_families,
    measurement_family_rules,
    system_fallback_families,
)
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.postprocess import fonts as postprocess_fonts
from mermaid_printer.postprocess.fonts import vendored_fonts
from mermaid_printer.resources import vendor_manifest


def _families() -> list:
    """Each vendored family once (``families`` also holds the aliases)."""
    return list({id(family): family for family in converter_fonts().families.values()}.values())


def test_last_resort_faces_are_not_instanced_with_the_css_families() -> None:
    # ~200 CJK/emoji slices: instancing them all took ~18 s more at first start; they are made
    # one slice at a time, when drawn (tests/export/test_last_resort_faces.py).
    assert last_resort_families() == {"Noto Sans SC", "Noto Sans KR", "Noto Emoji"}
    assert not {family.name for family in _families()} & last_resort_families()
    assert [face.family.name for face in converter_fonts().last_resort.faces] == ["Noto Sans SC", "Noto Sans KR", "Noto Emoji"]


def test_every_manifest_face_is_registered_with_one_instance_per_file_and_weight() -> None:
    fonts = converter_fonts()
    manifest_faces = {
        (entry["font_family"], entry.get("font_style", "normal"), entry.get("font_weight", "400"))
        for entry in vendor_manifest()["files"]
        if "font_family" in entry and entry["font_family"] not in last_resort_families()
    }

    registered = {
        (family.name, "italic" if face.italic else "normal", " ".join(dict.fromkeys((str(face.min_weight), str(face.max_weight)))))
        for family in _families()
        for face in family.faces
    }
    assert registered == manifest_faces
    instances = [i for family in _families() for face in family.faces for i in face.instances]
    assert len({i.fc_name for i in instances}) == len(instances)
    assert all(i.path.is_file() and i.path.parent == fonts.directory for i in instances)


def test_a_static_face_has_one_instance_per_file_at_its_own_weight_and_style() -> None:
    fonts = converter_fonts()
    open_sans = fonts.families["open sans"]
    assert sorted((face.italic, face.weights) for face in open_sans.faces) == [(False, (400,)), (True, (400,))]
    arimo_italic_bold = fonts.families["arimo"].match(700, True).face
    assert arimo_italic_bold.italic and arimo_italic_bold.weights == (700,)
    for instance in arimo_italic_bold.instances:
        font = TTFont(instance.path)
        assert instance.italic and font["OS/2"].usWeightClass == 700
        assert font["name"].getDebugName(6) == "Arimo-700Italic"


def test_a_variable_face_is_instanced_at_each_weight_keeping_glyph_ids() -> None:
    recursive = converter_fonts().families["recursive variable"]
    vendored = vendored_fonts()[0]
    original = TTFont(io.BytesIO(vendored.sfnt))
    (variable,) = recursive.faces
    assert (variable.min_weight, variable.max_weight) == (300, 1000)
    assert variable.weights == (300, 400, 500, 600, 700, 800, 900)
    for face in variable.instances[:2]:
        instance = TTFont(face.path)
        assert "fvar" not in instance and "gvar" not in instance
        assert instance["OS/2"].usWeightClass == face.weight
        assert instance.getGlyphOrder() == original.getGlyphOrder()
        assert instance["name"].getDebugName(6) == f"RecursiveVariable-{face.weight}"


def test_a_character_is_drawn_from_the_first_file_that_has_it_as_in_the_embedded_svg() -> None:
    (face,) = converter_fonts().families["recursive variable"].faces
    files = vendored_fonts()
    for codepoint in (ord("A"), ord("ł"), 0x20B4, 0x1EA0, 0x1EF9):  # 0x20B4, 0x1EF9: in two files
        first = next(index for index, vendored in enumerate(files) if codepoint in vendored.codepoints)
        for weight in (400, 700):
            instance = face.instance_for(weight, codepoint)
            assert instance is not None and instance.fc_name == f"mermaid-printer {first} {weight}"
    assert face.instance_for(400, 0x4E00) is None  # no CJK: drawn as the missing-glyph box


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
    ("css", "families"),
    [
        ('"Recursive Variable", arial, sans-serif', ["Recursive Variable", "Arimo"]),  # sans-serif: Arimo again
        ("'recursive variable'", ["Recursive Variable"]),
        ('"trebuchet ms", verdana, arial, sans-serif', ["Arimo"]),  # not installed in the reference: skipped
        ('"Open Sans", sans-serif', ["Open Sans", "Arimo"]),
        ("Helvetica, 'Times New Roman'", ["Arimo", "Tinos"]),
        ('"sans-serif"', ["Arimo"]),  # quoted generics resolve too, as in text_measure.js
        ("serif", ["Tinos"]),
        ("monospace", ["DejaVu Sans Mono"]),
        ("system-ui", ["DejaVu Sans"]),
        ("verdana", ["Tinos"]),  # nothing available: Chromium's default font
        ("", ["Tinos"]),
        (None, ["Tinos"]),
    ],
)
def test_a_font_family_list_resolves_like_the_layout_measures_it(css: str | None, families: list[str]) -> None:
    assert [family.name for family in converter_fonts().resolve(css)] == families


def test_aliases_and_default_are_the_engines_own() -> None:
    aliases, default = measurement_family_rules()
    fonts = converter_fonts()

    assert fonts.default is fonts.families[default.lower()]
    assert aliases  # arial, helvetica, sans-serif, serif, ... (font_metrics.js)
    for alias, family in aliases.items():
        assert fonts.families[alias].name == family


@pytest.mark.parametrize(
    ("css", "weight", "italic", "drawn"),
    [
        # (family, italic face, weights of the face, synthetic bold, synthetic italic)
        ("arial", 400, False, ("Arimo", False, (400,), False, False)),
        ("arial", 700, True, ("Arimo", True, (700,), False, False)),
        ("arial", 600, False, ("Arimo", False, (700,), False, False)),  # above 500: heavier first
        ("arial", 300, True, ("Arimo", True, (400,), False, False)),
        ('"Open Sans"', 700, False, ("Open Sans", False, (400,), True, False)),  # no bold face: faked
        ('"Open Sans"', 400, True, ("Open Sans", True, (400,), False, False)),
        ("serif", 400, True, ("Tinos", False, (400,), False, True)),  # no italic face: slanted
        ("serif", 700, True, ("Tinos", False, (700,), False, True)),
        ('"Recursive Variable"', 700, True, ("Recursive Variable", False, (300, 400, 500, 600, 700, 800, 900), False, True)),
    ],
)
def test_a_face_is_matched_by_style_then_weight_and_the_rest_synthesized(
    css: str, weight: int, italic: bool, drawn: tuple
) -> None:
    choice = converter_fonts().font(css, weight, italic).first
    face = choice.face
    assert (face.family, face.italic, face.weights, choice.synthetic_bold, choice.synthetic_italic) == drawn


def test_a_character_the_first_family_lacks_comes_from_the_next_one() -> None:
    font = converter_fonts().font('"Open Sans", "Recursive Variable"', 400, False)

    open_sans, recursive = font.choices
    assert font.draw(ord("A")).choice is open_sans
    lacking = next(cp for cp in range(0x100, 0x3000) if not open_sans.face.measures(cp) and recursive.face.measures(cp))
    drawn = font.draw(lacking)
    assert drawn.choice is recursive and drawn.instance.family == "Recursive Variable" and drawn.width is None
    assert font.draw(0xE000).missing  # nobody has it (private use): a missing-glyph box


@pytest.mark.parametrize(
    ("css", "after"),
    [
        ('"Open Sans", sans-serif', ["Tinos", "DejaVu Sans"]),  # the default family after every list
        ("monospace", ["Tinos", "DejaVu Sans"]),
        ("system-ui", ["Tinos"]),  # DejaVu Sans is listed already
        ("serif", ["DejaVu Sans"]),
        ("verdana", ["DejaVu Sans"]),  # Tinos is the whole list
    ],
)
def test_after_the_list_come_the_default_and_the_system_fallback_families(css: str, after: list[str]) -> None:
    font = converter_fonts().font(css, 400, False)

    assert [choice.face.family for choice in font.after_list] == after
    assert [choice.face.family for choice in font.system] == list(system_fallback_families()) == ["DejaVu Sans"]


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
    vendored = {"".join(vendored.family.split()) for vendored in vendored_fonts()}
    assert name.split("-")[0] in vendored


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
    instances = {i.path.name for family in _families() for face in family.faces for i in face.instances}
    assert set(made) == {"index.json", *instances}
    assert {path.name: path.stat().st_mtime_ns for path in second.iterdir()} == made  # reused, not rewritten
    assert [path.name for path in tmp_path.iterdir()] == [first.name]  # no staging directory left


def test_an_unwritable_cache_falls_back_to_a_temporary_directory_removed_at_exit(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")

    used = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(blocker / "cache")}))

    assert used.name.startswith("mermaid-printer-fonts-")
    assert not used.exists()


def test_a_conversion_after_warm_up_opens_no_font_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # The zygote builds the fonts before it forks; a child must not decode any file per request.
    prepare_export()
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 80"><text x="5" y="30" '
        "style=\"font-family:'trebuchet ms', arial\">Pie ł ĳ</text><text x=\"5\" y=\"60\" "
        "style=\"font-family:'Open Sans'\" font-style=\"italic\" font-weight=\"bold\">Sequence Ж</text></svg>"
    )

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a font file was opened during a conversion")

    for module in (export_fonts, postprocess_fonts):
        monkeypatch.setattr(module, "TTFont", refuse)
    monkeypatch.setattr(export_fonts.hb, "Blob", refuse)

    assert svg_to_pdf(svg).data.startswith(b"%PDF-")
    assert svg_to_png(svg, scale=1).data.startswith(b"\x89PNG")
