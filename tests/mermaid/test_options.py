"""The request models: one definition per parameter, validated into typed errors naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from mermaid_printer.errors import InputTooLarge, InvalidConfig, InvalidInput
from mermaid_printer.limits import MAX_TEXT_CHARS
from mermaid_printer.mermaid.build import diagram_dom_id
from mermaid_printer.mermaid.requests import (
    THEMES,
    ParseOptions,
    PdfOptions,
    PngOptions,
    RenderOptions,
    build_pdf_options,
    build_png_options,
    build_render_options,
)
from mermaid_printer.requests import validate_request

PIE = 'pie\n  "a": 1'


@pytest.mark.parametrize(
    "colour", ["notacolour", "url(http://x)", "red;fill:url(#x)", "#12345", "rgb(1,2)", "expression(x)"]
)
def test_a_background_that_is_not_a_css_colour_is_invalid_input(colour: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        build_render_options(PIE, background=colour)
    assert caught.value.details == {"field": "background"}
    assert caught.value.message.startswith("Invalid input: background: must be 'transparent' or a CSS colour")


@pytest.mark.parametrize(
    "colour",
    [
        "transparent",
        "white",
        "RebeccaPurple",
        " #fafafa ",
        "#abc",
        "#aabbccdd",
        "rgb(1, 2, 3)",
        "rgba(1 2 3 / 50%)",
        "hsl(120, 50%, 50%)",
    ],
)
def test_css_colours_are_accepted_as_a_background(colour: str) -> None:
    assert build_render_options(PIE, background=colour).background == colour.strip()


@pytest.mark.parametrize(
    ("builder", "options", "field"),
    [
        (build_png_options, {"scale": True}, "scale"),
        (build_png_options, {"width": 100.5}, "width"),
        (build_png_options, {"scale": 2, "width": 100}, "width"),
        (build_pdf_options, {"timeout_ms": False}, "timeout_ms"),
        (build_pdf_options, {"orientation": "landscape"}, "orientation"),
        (build_pdf_options, {"paper": "A5", "margin_mm": 80}, "margin_mm"),
        (build_render_options, {"embed_fonts": "yes"}, "embed_fonts"),
        (build_render_options, {"colour": "red"}, "colour"),
    ],
)
def test_each_bad_value_is_invalid_input_naming_its_field(builder: Any, options: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        builder(PIE, **options)
    assert caught.value.details == {"field": field}
    assert caught.value.message.startswith(f"Invalid input: {field}: ")


def test_a_choice_error_lists_the_choices() -> None:
    with pytest.raises(InvalidInput) as caught:
        build_render_options(PIE, theme="sparkly")
    assert caught.value.message == f"Invalid input: theme: unknown theme; choose one of: {', '.join(THEMES)}"
    with pytest.raises(InvalidInput, match="unknown paper size; choose one of: A3, A4"):
        build_pdf_options(PIE, paper="B9")


@pytest.mark.parametrize(
    ("code", "error", "message"),
    [
        (None, InvalidInput, "Invalid input: code is required (the Mermaid diagram source)"),
        (42, InvalidInput, "Invalid input: code must be a string"),
        ("  \n", InvalidInput, "Invalid input: code must contain a diagram, not only whitespace"),
        (
            "x" * (MAX_TEXT_CHARS + 1),
            InputTooLarge,
            f"diagram is {MAX_TEXT_CHARS + 1:,} characters; Mermaid's maxTextSize is {MAX_TEXT_CHARS:,}",
        ),
    ],
)
def test_code_is_checked_the_same_way_for_every_request(code: Any, error: type[Exception], message: str) -> None:
    for model in (RenderOptions, PdfOptions, PngOptions, ParseOptions):
        with pytest.raises(error) as caught:
            validate_request(model, {"code": code})
        assert str(caught.value) == message


def test_config_comes_as_an_object_or_as_json_text_under_either_name() -> None:
    as_text = validate_request(RenderOptions, {"code": PIE, "config_json": '{"theme": "dark"}'})
    as_object = validate_request(RenderOptions, {"code": PIE, "config_json": {"theme": "dark"}})
    by_name = build_render_options(PIE, config={"theme": "dark"})
    assert as_text.config == as_object.config == by_name.config == {"theme": "dark"}
    with pytest.raises(InvalidConfig):
        validate_request(RenderOptions, {"code": PIE, "config_json": "[1]"})
    with pytest.raises(InvalidInput, match="not both"):
        build_render_options(PIE, config={}, config_json="{}")


def test_none_means_not_given_so_the_models_default_applies() -> None:
    png = validate_request(PngOptions, {"code": PIE, "background": None, "scale": None})
    assert (png.background, png.scale) == ("white", None)


def test_the_svg_id_of_a_request_is_stable() -> None:
    # The id seeds every element id of the SVG: it must not change when options are added.
    options = build_render_options(PIE, theme="dark", background="#fff", config={"pie": {"textPosition": 0.6}})
    assert options.cache_key() == (
        '{"background":"#fff","code":"pie\\n  \\"a\\": 1","config":{"pie":{"textPosition":0.6}},'
        '"embed_fonts":true,"theme":"dark","timeout_ms":30000}'
    )
    assert diagram_dom_id(options) == diagram_dom_id(
        build_render_options(PIE, theme="dark", background="#fff", config={"pie": {"textPosition": 0.6}})
    )


def test_utf16_surrogates_in_code_are_read_as_javascript_reads_them() -> None:
    # JSON can carry them: "\ud83d\ude00" is one emoji, a lone "\ud800" is drawn as U+FFFD.
    options = build_render_options('pie\n  "a\ud800b \ud83d\ude00": 1')

    assert options.code == 'pie\n  "a\ufffdb \U0001f600": 1'
    assert options.code.encode("utf-8")  # and it can cross to the render process
