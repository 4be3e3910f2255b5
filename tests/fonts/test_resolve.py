"""Which family, face and file draw a character of a CSS font, as the layout measured it."""

from __future__ import annotations

import pytest

from mermaid_printer.fonts import converter_fonts, measurement_family_rules, system_fallback_families, vendored_fonts

# The family list Mermaid's default theme asks for.
FAMILY = '"Recursive Variable", arial, sans-serif'
# A character of each last-resort face, and the face.
DRAWN = {"中": "Noto Sans SC", "한": "Noto Sans KR", "🚀": "Noto Emoji"}


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
    assert aliases  # arial, helvetica, sans-serif, serif, ... (font_metrics.json)
    for alias, family in aliases.items():
        assert fonts.families[alias].name == family


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


@pytest.mark.parametrize("char", ["中", "文", "한", "🚀", "ア", "，"])
def test_a_character_is_drawn_from_the_first_slice_that_has_it_as_in_the_embedded_svg(char: str) -> None:
    fallback = converter_fonts().last_resort.face_for(ord(char))
    assert fallback is not None
    index = next(
        index
        for index, font_file in enumerate(vendored_fonts())
        if font_file.family == fallback.family.name
        and font_file.in_range(ord(char))
        and ord(char) in font_file.codepoints
    )

    drawn = converter_fonts().font(FAMILY, 700, True).draw(ord(char))

    instance = drawn.instance
    assert instance.fc_name == f"mermaid-printer {index} 400" and instance.family == DRAWN.get(char, "Noto Sans SC")
    # Its own advance, as measured; an emoji is measured as one colour emoji glyph instead
    # (text_measure.js), and the face's glyph is centred in that width.
    assert drawn.width == (136 / 109 if char == "🚀" else None)
    assert (drawn.choice.synthetic_bold, drawn.choice.synthetic_italic) == (True, True)  # a 400 normal face
