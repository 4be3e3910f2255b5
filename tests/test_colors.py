"""CSS colours rewritten into the forms CairoSVG reads (it draws anything else black)."""

from __future__ import annotations

import pytest

from mermaid_printer.colors import normalize_colour, parse_colour


@pytest.mark.parametrize(
    ("css", "expected"),
    [
        ("hsl(-120, 0%, 80%)", "#cccccc"),  # Mermaid's edge-label background: negative hue
        ("hsl(480, 100%, 25%)", "#008000"),  # hue past 360 wraps
        ("hsl(120 100% 25%)", "#008000"),
        ("hsl(0.5turn, 50%, 50%)", "#40bfbf"),
        ("hsla(240, 100%, 50%, .5)", "rgba(0, 0, 255, 0.5)"),
        ("#abc", "#aabbcc"),
        ("#aabbcc80", "rgba(170, 187, 204, 0.502)"),
        ("#ABCD", "rgba(170, 187, 204, 0.8667)"),
        ("rgb(0 0 0 / 0.4)", "rgba(0, 0, 0, 0.4)"),
        ("rgb(0 0 0 / 40%)", "rgba(0, 0, 0, 0.4)"),
        ("rgb(10%, 20%, 30%)", "#1a334c"),
        ("rgba(204, 204, 204, 0.5)", "rgba(204, 204, 204, 0.5)"),
        ("rgb(300, -5, 0)", "#ff0000"),  # channels clamp
    ],
)
def test_css_colours_become_hex_or_rgba(css: str, expected: str) -> None:
    assert normalize_colour(css) == expected


@pytest.mark.parametrize(
    "value", ["red", "transparent", "none", "url(#gradient)", "currentColor", "rgb(1, 2)", "hsl(x, 1%, 1%)"]
)
def test_keywords_and_what_is_not_a_colour_pass_through_unchanged(value: str) -> None:
    assert normalize_colour(value) == value


def test_parse_colour_gives_channels_from_zero_to_one() -> None:
    assert parse_colour("#ff000080") == pytest.approx((1.0, 0.0, 0.0, 128 / 255))
    assert parse_colour("blue") is None
