"""foreign_objects.js, html_layout.js and mathml_layout.js: HTML and MathML drawn as SVG text.

The markup below is what Mermaid 12 puts in <foreignObject> for venn text nodes, event-modeling
boxes, journey tasks and KaTeX labels, with the fonts pinned to Recursive (the font the engine
measures exactly). The expected positions are what Chromium reported for the same markup
(Range.getClientRects of each line, the baseline from the font's ascent), in the SVG's user units.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine

STYLE = (
    '<style>#fx{font-family:"Recursive Variable",arial,sans-serif;font-size:16px;fill:#333;}'
    '#fx code{font-family:"Recursive Variable",arial,sans-serif;}</style>'
)

VENN = (
    '<svg xmlns="http://www.w3.org/2000/svg" id="fx" viewBox="0 0 400 300">' + STYLE + '<g font-size="20px">'
    '<foreignObject width="103.12568807643255" height="103.12568807643255" x="238.3474058029514" '
    'y="34.72920798199237" overflow="visible"><span xmlns="http://www.w3.org/1999/xhtml" style="display: flex; '
    "width: 100%; height: 100%; white-space: normal; align-items: center; justify-content: center; "
    'text-align: center; color: rgb(0, 128, 0);">color name</span></foreignObject>'
    '<foreignObject width="84.6" height="84.6" x="20.5" y="150.25" overflow="visible">'
    '<span xmlns="http://www.w3.org/1999/xhtml" style="display: flex; width: 100%; height: 100%; '
    'align-items: center; justify-content: center; text-align: center;">Extraordinarily long</span>'
    "</foreignObject></g></svg>"
)

EVENT_MODELING = (
    '<svg xmlns="http://www.w3.org/2000/svg" id="fx" viewBox="0 0 500 300">' + STYLE + "<g>"
    '<foreignObject x="30" y="25" width="393" height="88"><div xmlns="http://www.w3.org/1999/xhtml" '
    'style="display: table; height: 100%; width: 100%;"><span style="display: table-cell; text-align: center; '
    'vertical-align: middle;"><b>AddItem</b><br /><br /><code style="text-align: left; display: block;'
    "max-width:430px\">description:\u00a0'john'\n\u00a0image:\u00a0'avatar_john'\n\u00a0price:\u00a020.4<br />"
    "</code></span></div></foreignObject></g>"
    '<switch><foreignObject x="20" y="150" width="150" height="50"><div xmlns="http://www.w3.org/1999/xhtml" '
    'style="display: table; height: 100%; width: 100%;"><div style="display: table-cell; text-align: center; '
    'vertical-align: middle; color: #333;">A task name that wraps</div></div></foreignObject>'
    '<text x="95" y="175" style="text-anchor: middle;">A task name that wraps</text></switch></svg>'
)

# (text, x, baseline) of each line as Chromium lays it out.
VENN_CHROMIUM = [
    ("color", 264.906, 81.281),
    ("name", 263.406, 105.281),
    ("Extraordinarily", -13.0, 187.547),  # wider than its box: centred, overflowing both sides
    ("long", 41.297, 211.547),
]
EVENT_MODELING_CHROMIUM = [
    ("AddItem", 192.016, 46.0),
    ("description:\u00a0'john' \u00a0image:\u00a0'avatar_john'", 30.0, 84.0),
    ("\u00a0price:\u00a020.4", 30.0, 103.0),
    ("A task name that", 26.031, 171.0),
    ("wraps", 71.313, 190.0),
]
TOLERANCE = 0.05


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine(mermaid_bundle())


def convert(engine: QuickJSEngine, svg: str) -> dict[str, Any]:
    call = f"JSON.stringify(__printerForeignObjects.convertMarkup({json.dumps(svg)}))"
    converted: dict[str, Any] = json.loads(engine.eval(call))
    return converted


def tspans(svg: str) -> list[tuple[str, float, float, str]]:
    """(text, x, y, style) of every positioned <tspan>, in document order."""
    found = re.finditer(r'<tspan x="([-\d.e]+)" y="([-\d.e]+)" style="([^"]*)">([^<]*)</tspan>', svg)
    return [(m.group(4).replace("&#39;", "'"), float(m.group(1)), float(m.group(2)), m.group(3)) for m in found]


def assert_lines(svg: str, expected: list[tuple[str, float, float]]) -> None:
    drawn = [(text, x, y) for text, x, y, _ in tspans(svg)]
    assert [text for text, _, _ in drawn] == [text for text, _, _ in expected]
    for (text, x, y), (_, ex, ey) in zip(drawn, expected, strict=True):
        assert abs(x - ex) <= TOLERANCE, f"{text!r}: x {x} != Chromium's {ex}"
        assert abs(y - ey) <= TOLERANCE, f"{text!r}: baseline {y} != Chromium's {ey}"


def test_venn_text_nodes_wrap_and_centre_in_their_flex_box_as_in_chromium(engine: QuickJSEngine) -> None:
    result = convert(engine, VENN)
    assert "foreignObject" not in result["svg"]
    assert result["warnings"] == []
    assert_lines(result["svg"], VENN_CHROMIUM)
    styles = [style for *_, style in tspans(result["svg"])]
    assert "fill: rgb(0, 128, 0)" in styles[0]  # the HTML colour becomes the text's fill
    assert "font-size: 20px" in styles[0]  # inherited from the <g> around the foreignObject


def test_event_modeling_box_keeps_bold_name_blank_line_and_left_aligned_data(engine: QuickJSEngine) -> None:
    result = convert(engine, EVENT_MODELING)
    assert "foreignObject" not in result["svg"]
    assert_lines(result["svg"], EVENT_MODELING_CHROMIUM)
    assert "font-weight: 700" in tspans(result["svg"])[0][3]  # <b>


def test_event_modeling_code_is_laid_out_in_dejavu_sans_mono_under_a_name_a_face_can_carry(
    engine: QuickJSEngine,
) -> None:
    # Without the author rule for <code>, the user-agent `monospace` applies: Chromium on Debian
    # draws DejaVu Sans Mono, at 16 px here (inherited from an explicit size; only a keyword
    # size would become 13 px), and the longer line no longer fits the 393 px box.
    markup = EVENT_MODELING.replace('#fx code{font-family:"Recursive Variable",arial,sans-serif;}', "")
    converted = convert(engine, markup)["svg"]
    assert_lines(
        converted,
        [
            ("AddItem", 192.016, 46.0),
            ("description:\u00a0'john'", 30.0, 84.0),  # Chromium: 183.03 px wide, one 19 px line each
            ("\u00a0image:\u00a0'avatar_john' \u00a0price:\u00a020.4", 30.0, 103.0),
            *EVENT_MODELING_CHROMIUM[3:],
        ],
    )
    # A generic name alone cannot be given an embedded face: the family's own name goes first.
    assert "font-family: &quot;DejaVu Sans Mono&quot;, monospace;" in tspans(converted)[1][3]


def test_journey_switch_keeps_its_fallback_text_after_the_converted_label(engine: QuickJSEngine) -> None:
    svg = convert(engine, EVENT_MODELING)["svg"]
    found = re.search(r"<switch>(.*)</switch>", svg)
    assert found is not None, svg
    switch = found.group(1)
    # the converted label comes first, so viewers that honour <switch> draw it, not the fallback
    assert switch.startswith("<text><tspan")
    assert switch.count("<text") == 2


def test_images_in_html_labels_are_left_out_with_a_warning(engine: QuickJSEngine) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject x="0" y="0" width="100" height="40">'
        '<div xmlns="http://www.w3.org/1999/xhtml">logo <img src="x.png" /> here</div></foreignObject></svg>'
    )
    result = convert(engine, svg)
    assert "<img" not in result["svg"] and "foreignObject" not in result["svg"]
    assert [t[0] for t in tspans(result["svg"])] == ["logo here"]
    assert result["warnings"] == ["left out 1 image(s) inside an HTML label (<img>)"]


def test_markup_without_foreign_objects_is_returned_unchanged(engine: QuickJSEngine) -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="2">plain</text></svg>'
    assert convert(engine, svg) == {"svg": svg, "warnings": []}
    examined = "__printerForeignObjects.convertMarkup({}, () => 'looked').examined === undefined"
    assert engine.eval(examined.format(json.dumps(svg))) is True  # nothing converted, nothing examined


@pytest.mark.parametrize("markup", [VENN, EVENT_MODELING], ids=["venn", "event-modeling"])
def test_the_converted_tree_is_examined_as_its_markup_would_parse(engine: QuickJSEngine, markup: str) -> None:
    # The render entry reads the drawn faces from the converted tree instead of parsing the
    # converted markup again: both must give the same faces.
    call = (
        "(() => {{ const out = __printerForeignObjects.convertMarkup({}, __printerSvgOutput.drawnFacesOf);"
        " return JSON.stringify([out.examined, __printerSvgOutput.drawnFaces(out.svg).faces]); }})()"
    )
    from_tree, from_markup = json.loads(engine.eval(call.format(json.dumps(markup))))
    assert from_tree == from_markup
    assert {face["family"] for face in from_tree} >= {"Recursive Variable"}


def test_author_css_values_cannot_reach_the_output_as_new_declarations(engine: QuickJSEngine) -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject x="0" y="0" width="100" height="40">'
        '<div xmlns="http://www.w3.org/1999/xhtml" style="color: url(https://evil.example/x); '
        'font-family: a}b{c">hi</div></foreignObject></svg>'
    )
    style = tspans(convert(engine, svg)["svg"])[0][3]
    assert "url(" not in style and "{" not in style and "}" not in style


def nested_flex_label(depth: int) -> str:
    inner = "x y z"
    for _ in range(depth):
        inner = f'<div style="display: flex">{inner} <b>w</b></div>'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject x="0" y="0" width="100" height="40">'
        f'<div xmlns="http://www.w3.org/1999/xhtml" style="width: fit-content">{inner}</div></foreignObject></svg>'
    )


def test_deeply_nested_shrink_to_fit_boxes_lay_out_in_linear_work(engine: QuickJSEngine) -> None:
    # without a memo each level of flex items lays its content out three times (3^depth, years
    # at this depth); the interpreter's CPU limit turns such a regression into a RenderTimeout
    engine._apply_limits(EngineLimits(time_s=20))
    try:
        result = convert(engine, nested_flex_label(40))
    finally:
        engine._apply_limits(EngineLimits())
    assert result["warnings"] == []
    assert len(tspans(result["svg"])) == 41


def test_a_label_nested_too_deeply_is_dropped_with_a_warning(engine: QuickJSEngine) -> None:
    result = convert(engine, nested_flex_label(80))
    assert "foreignObject" not in result["svg"] and "<text" not in result["svg"]
    assert result["warnings"] == [
        "could not convert an HTML label to SVG text (an HTML label nests more than 64 boxes deep)"
    ]


# ---- KaTeX -----------------------------------------------------------------------------------

KATEX_NOTE = (
    '<svg xmlns="http://www.w3.org/2000/svg" id="fx" viewBox="0 0 500 300">' + STYLE + '<foreignObject height="15" '
    'width="108" x="321" y="149" style="font-size: 14px"><div style="width: fit-content;" '
    'xmlns="http://www.w3.org/1999/xhtml"><div style="display: flex; align-items: center; justify-content: center; '
    'white-space: nowrap;"><span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML" display="block">'
    "<mrow><msqrt><mrow><mn>2</mn><mo>+</mo><mn>2</mn></mrow></msqrt><mo>=</mo><mfrac><mn>1</mn><mi>x</mi>"
    "</mfrac></mrow></math></span></div></div></foreignObject></svg>"
)


def test_mermaid_gets_mathml_from_katex_instead_of_the_unsupported_message(engine: QuickJSEngine) -> None:
    assert engine.eval("typeof window.MathMLElement") == "function"


def test_katex_math_becomes_glyphs_bars_and_a_radical_sign(engine: QuickJSEngine) -> None:
    result = convert(engine, KATEX_NOTE)
    svg = result["svg"]
    assert "foreignObject" not in svg and "<math" not in svg
    assert [t[0] for t in tspans(svg)] == ["2", "+", "2", "=", "1", "x"]
    # one <text> for the whole label, so it reads as one string
    assert svg.count("<text") == 1
    assert len(re.findall(r"<rect ", svg)) == 2  # the radical's overbar and the fraction bar
    assert len(re.findall(r"<path ", svg)) == 1  # the radical sign
    styles = {t[0]: t[3] for t in tspans(svg)}
    assert "font-style: italic" in styles["x"] and "italic" not in styles["2"]
    assert "font-size: 16.94px" in styles["2"]  # katex.css: .katex { font-size: 1.21em } of 14 px


def test_katex_math_sits_on_one_baseline_with_operator_spacing_as_in_chromium(engine: QuickJSEngine) -> None:
    drawn = tspans(convert(engine, KATEX_NOTE)["svg"])
    two, plus, two_again, equals = drawn[:4]
    assert two[2] == plus[2] == two_again[2] == equals[2]
    # Chromium: the radicand's "2" starts after the radical sign (0.549 em), and an infix "+"
    # has 4/18 em on each side (3.764 px at 16.94 px)
    assert two[1] - 321 == pytest.approx(9.281, abs=0.05)
    gap = plus[1] - (two[1] + measure(engine, "2", 16.94))
    assert gap == pytest.approx(16.94 * 4 / 18, abs=0.05)


def test_math_box_heights_match_chromium_for_a_square_root(engine: QuickJSEngine) -> None:
    # Chromium: <msqrt><mn>2</mn><mo>+</mo><mn>2</mn></msqrt> at 16.94 px is 15.391 px tall
    height = engine.eval(
        """(function () {
          const div = document.createElement("div");
          div.setAttribute("style", "font-size: 14px");
          div.innerHTML = '<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"'
            + ' display="block"><msqrt><mn>2</mn><mo>+</mo><mn>2</mn></msqrt></math></span>';
          document.body.appendChild(div);
          const size = __printerHtmlLayout.boxSize(div.firstChild);
          div.remove();
          return size.height;
        })()"""
    )
    assert height == pytest.approx(15.391, abs=0.1)


def measure(engine: QuickJSEngine, text: str, size: float) -> float:
    font = {"family": '"Times New Roman", serif', "size": size}
    width: float = engine.eval(f"__printerMeasureText({json.dumps(text)}, {json.dumps(font)}).width")
    return width
