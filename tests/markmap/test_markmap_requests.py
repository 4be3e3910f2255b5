"""Mind-map requests without the engine: validation, outlines, themes, and the jobs they make."""

from __future__ import annotations

from typing import Any

import pytest

from mermaid_printer.errors import InputTooLarge, InvalidInput, RenderTimeout
from mermaid_printer.markmap.build import customize_job, over_time_limit, render_job, structure_job
from mermaid_printer.markmap.outline import escape_markdown_text, outline_to_markdown
from mermaid_printer.markmap.requests import (
    MAX_MARKDOWN_BYTES,
    OPTION_DEFAULTS,
    MarkmapCustomizeRequest,
    MarkmapOutlineRequest,
    MarkmapRenderRequest,
    MarkmapStructureRequest,
    OutlineItem,
)
from mermaid_printer.markmap.style import MARKMAP_THEMES, font_shorthand, stylesheet
from mermaid_printer.requests import validate_request

MD = "# Plan\n- a\n- b\n"


def render(**values: Any) -> MarkmapRenderRequest:
    return validate_request(MarkmapRenderRequest, {"markdown_content": MD, **values})


def customize(**values: Any) -> MarkmapCustomizeRequest:
    return validate_request(MarkmapCustomizeRequest, {"markdown_content": MD, **values})


def test_markmap_options_travel_by_markmap_s_names() -> None:
    request = render(options={"colorFreezeLevel": 2, "maxWidth": 300, "zoom": False, "spacingVertical": 7.5})

    assert request.options.json_options() == {
        "colorFreezeLevel": 2,
        "maxWidth": 300,
        "zoom": False,
        "spacingVertical": 7.5,
    }
    job = render_job(request)
    assert job.options == request.options.json_options()
    assert job.defaults == OPTION_DEFAULTS == {"colorFreezeLevel": 6}


@pytest.mark.parametrize("line_width", [2, [1, 3, 2], [0.5]])
def test_line_width_is_a_number_or_markmap_s_three_numbers(line_width: Any) -> None:
    assert render(options={"lineWidth": line_width}).options.json_options() == {"lineWidth": line_width}


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({"options": {"maxWidth": "wide"}}, "options.maxWidth", "valid integer"),
        ({"options": {"colourFreezeLevel": 2}}, "options.colourFreezeLevel", "unknown parameter"),
        ({"options": {"duration": True}}, "options.duration", "not true/false"),
        ({"options": {"colorFreezeLevel": -1}}, "options.colorFreezeLevel", "greater than or equal to 0"),
        ({"format": "jpeg"}, "format", "choose one of: svg, png, pdf, html"),
        ({"paper": "A4"}, "paper", "applies to format pdf, not svg"),
        ({"format": "pdf", "scale": 2}, "scale", "applies to format png, not pdf"),
        ({"background": "url(x)"}, "background", "CSS colour"),
        ({"timeout_ms": 60_000}, "timeout_ms", "less than or equal to 10000"),
        ({"options": {"lineWidth": True}}, "options.lineWidth", "a number from 0 to 50"),
        ({"options": {"lineWidth": [1, 2, 3, 4]}}, "options.lineWidth", "one to three such numbers"),
        ({"options": {"lineWidth": [1, 3, 0]}}, "options.lineWidth", "factor (third number) must be at least 1"),
    ],
)
def test_a_wrong_value_is_refused_naming_its_field(values: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        render(**values)

    assert caught.value.details["field"] == field
    assert message in caught.value.message


def test_markdown_must_be_text_within_the_limit() -> None:
    with pytest.raises(InvalidInput, match="markdown_content must contain text"):
        render(markdown_content=" \n ")
    with pytest.raises(InputTooLarge) as caught:
        render(markdown_content="x" * (MAX_MARKDOWN_BYTES + 1))
    assert caught.value.details["max_bytes"] == MAX_MARKDOWN_BYTES
    with pytest.raises(InvalidInput, match="markdown_content: Field required"):
        validate_request(MarkmapStructureRequest, {})


def test_format_specific_fields_apply_to_their_format() -> None:
    pdf = render_job(render(format="pdf", paper="a4", orientation="landscape"))
    png = render_job(render(format="png", width=640))

    assert (pdf.paper, pdf.orientation, pdf.background) == ("A4", "landscape", "white")
    assert (png.width, png.scale, png.background) == (640, None, "white")
    assert render_job(render()).background == "transparent"
    assert render_job(render(format="html")).background == "transparent"


def test_each_theme_is_its_variables_palette_and_background() -> None:
    plain = customize_job(customize())
    dark = customize_job(customize(theme="dark", format="png"))
    minimal = customize_job(customize(theme="minimal", background="#fafafa"))

    assert plain == render_job(render())  # the default theme is markmap's own look
    assert dark.css_variables["--markmap-text-color"] == "#c0caf5"
    assert dark.options["color"] == list(MARKMAP_THEMES["dark"].palette)
    assert dark.background == "#1a1b26"  # baked in, whatever the format
    assert minimal.options["color"] == ["#6b7280"]
    assert minimal.background == "#fafafa"  # the request's background wins


def test_a_colour_scheme_replaces_the_palette_and_must_be_hex() -> None:
    job = customize_job(customize(theme="colorful", color_scheme=[" #E63946", "#abc", "#11223344"]))

    assert job.options["color"] == ["#e63946", "#abc", "#11223344"]
    for wrong in (["red"], ["#12345"], ["#ggg"], []):
        with pytest.raises(InvalidInput) as caught:
            customize(color_scheme=wrong)
        assert caught.value.details["field"] == "color_scheme"


def test_style_options_become_markmap_options_font_and_padding() -> None:
    job = customize_job(customize(options={"fontSize": 20, "spacing": 96, "paddingY": 4, "paddingX": 10}))

    assert job.options == {"paddingX": 10, "spacingHorizontal": 96, "spacingVertical": 6}
    assert (job.font_size, job.label_padding_y) == (20, 4)
    with pytest.raises(InvalidInput, match="not both") as caught:
        customize(options={"spacing": 96, "spacingVertical": 2})
    assert caught.value.details["field"] == "options.spacing"


def test_the_svg_id_follows_the_map_and_its_look_not_the_time_limit() -> None:
    first = render_job(render())

    assert first.svg_id == render_job(render(timeout_ms=5000)).svg_id
    assert first.svg_id != render_job(render(markdown_content="# Other")).svg_id
    assert first.svg_id != customize_job(customize(theme="dark")).svg_id
    assert first.svg_id.startswith("markmap-")


def test_structure_jobs_carry_the_defaults() -> None:
    job = structure_job(validate_request(MarkmapStructureRequest, {"markdown_content": MD, "timeout_ms": 2000}))

    assert (job.markdown, job.timeout_ms, job.defaults) == (MD, 2000, OPTION_DEFAULTS)


def test_the_stylesheet_and_font_hold_only_what_was_asked() -> None:
    assert stylesheet({}) == ""
    assert stylesheet({"--markmap-text-color": "#111"}, 3) == (
        ".markmap { --markmap-text-color: #111; }\n"
        ".markmap-foreign > div > div { padding-top: 3px; padding-bottom: 3px; }"
    )
    assert font_shorthand() == "300 16px/20px Arial"
    assert font_shorthand(18) == "300 18px/22.5px Arial"


# --- outlines -----------------------------------------------------------------------------------


def items(*pairs: tuple[str, int]) -> list[OutlineItem]:
    return [OutlineItem(text=text, level=level) for text, level in pairs]


def test_outline_items_become_headings_with_literal_text() -> None:
    made = outline_to_markdown(items(("# Root", 1), ("- item *x* `y` $z$ [a](b) <b>", 2), ("two\nlines", 3)))

    assert made.markdown == ("# \\# Root\n## \\- item \\*x\\* \\`y\\` \\$z\\$ \\[a\\]\\(b\\) \\<b\\>\n### two lines\n")
    assert made.warnings == []


def test_a_level_that_jumps_is_attached_to_the_item_before_with_a_warning() -> None:
    made = outline_to_markdown(items(("Root", 1), ("Deep", 3), ("Deeper", 5), ("Back", 2)))

    assert made.markdown == "# Root\n## Deep\n### Deeper\n## Back\n"
    assert len(made.warnings) == 2
    assert made.warnings[0].startswith("outline item 2 ('Deep') jumps from level 1 to 3")


def test_outline_requests_are_validated() -> None:
    for wrong, field in (
        ({"outline_items": []}, "outline_items"),
        ({"outline_items": [{"text": "a", "level": 7}]}, "outline_items.0.level"),
        ({"outline_items": [{"text": "  ", "level": 1}]}, "outline_items.0.text"),
        ({"outline_items": [{"text": "a"}]}, "outline_items.0.level"),
    ):
        with pytest.raises(InvalidInput) as caught:
            validate_request(MarkmapOutlineRequest, wrong)
        assert caught.value.details["field"] == field


def test_escaping_keeps_plain_text_plain() -> None:
    assert escape_markdown_text("Plain words 123") == "Plain words 123"
    assert escape_markdown_text("1. not a list") == "1\\. not a list"


def test_a_document_with_too_many_bullets_is_refused_before_the_engine() -> None:
    many = "# r\n" + "- n\n" * 10_000
    fenced = "# r\n```\n" + "- n\n" * 10_001 + "```\n"
    front = "---\n" + "# c\n" * 10_001 + "---\n# r\n"
    breaks = "# r\n" + "- - -\n" * 10_001

    with pytest.raises(InputTooLarge) as caught:
        render_job(render(markdown_content=many))
    assert caught.value.details == {"limit": "nodes", "max_nodes": 10_000, "nodes": 10_001}
    for fine in (fenced, front, breaks, "# r\n" + "- n\n" * 9_999):
        render_job(render(markdown_content=fine))


def test_a_wait_for_a_free_renderer_is_not_the_documents_time_limit() -> None:
    # over_time_limit names the document's limit only when the document used the time: a
    # request that waited for a renderer on a busy server keeps the pool's own error.
    busy = RenderTimeout("no renderer became free within 11 s", {"timeout_s": 11.0, "waiting_for": "slot"})
    slow = RenderTimeout("the render did not finish within 11 s", {"timeout_s": 11.0})

    assert over_time_limit(busy, drawing=True, timeout_ms=10_000) is busy
    named = over_time_limit(slow, drawing=True, timeout_ms=10_000)
    assert (named.code, named.details["limit"], named.details["max_timeout_ms"]) == ("TIMEOUT", "render_time", 10_000)
    assert over_time_limit(slow, drawing=False, timeout_ms=2_000).details == {
        "limit": "parse_time",
        "timeout_ms": 2_000,
        "max_timeout_ms": 5_000,
    }
