"""CSS font matching over the vendored families: weight within a face, then style and weight
over a family's faces, and what the browser synthesizes."""

from __future__ import annotations

import pytest

from mermaid_printer.fonts import converter_fonts, css_weight


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
        (
            '"Recursive Variable"',
            700,
            True,
            ("Recursive Variable", False, (300, 400, 500, 600, 700, 800, 900), False, True),
        ),
    ],
)
def test_a_face_is_matched_by_style_then_weight_and_the_rest_synthesized(
    css: str, weight: int, italic: bool, drawn: tuple[str, bool, tuple[int, ...], bool, bool]
) -> None:
    choice = converter_fonts().font(css, weight, italic).first
    face = choice.face
    assert (face.family, face.italic, face.weights, choice.synthetic_bold, choice.synthetic_italic) == drawn
