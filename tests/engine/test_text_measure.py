"""text_measure.js + font_metrics.js in a bare QuickJS context, checked against the font file.

Expected widths are computed here independently of the generated table: advance widths come from
the vendored woff2 instanced with fontTools (``hmtx``), and the few kerned or height values are
the numbers Chromium reported (scripts/check_text_widths_vs_chromium.py).
"""

from __future__ import annotations

import json
import math

import _quickjs
import pytest
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

from mermaid_printer.resources import js_dir, vendored_file

FAMILY = '"Recursive Variable", arial, sans-serif'
LATIN = "fonts/recursive-variable/recursive-latin-wght-normal.woff2"


@pytest.fixture(scope="module")
def context() -> _quickjs.Context:
    ctx = _quickjs.Context()
    ctx.eval((js_dir() / "font_metrics.js").read_text(encoding="utf-8"))
    ctx.eval((js_dir() / "text_measure.js").read_text(encoding="utf-8"))
    return ctx


@pytest.fixture(scope="module")
def advances() -> dict[int, dict[str, int]]:
    """``{weight: {char: advance in font units}}`` from the instanced latin file."""
    result = {}
    for weight in (400, 700):
        font = instancer.instantiateVariableFont(TTFont(vendored_file(LATIN)), {"wght": weight})
        metrics = font["hmtx"].metrics
        result[weight] = {chr(cp): metrics[g][0] for cp, g in font.getBestCmap().items()}
    return result


def measure(ctx: _quickjs.Context, text: str, **font: object) -> dict:
    spec = {"family": FAMILY, "size": 16, "weight": 400} | font
    return json.loads(ctx.eval(f"JSON.stringify(__printerMeasureText({json.dumps(text)}, {json.dumps(spec)}))"))


def snapped(units: float, size: float) -> float:
    """Chromium's reported width for an exact advance sum: rounded up to a whole 1/64 px."""
    return math.ceil(units * size / 1000 * 64 - 1e-6) / 64


def test_single_characters_measure_their_hmtx_advance(context, advances) -> None:
    for ch in map(chr, range(0x21, 0x7F)):
        assert measure(context, ch)["width"] == snapped(advances[400][ch], 16), ch


@pytest.mark.parametrize("text", ["Hill", "Hello", "Minimum", "Number 123"])
@pytest.mark.parametrize("size", [12, 14, 16, 20.5])
def test_kern_free_strings_sum_their_advances(context, advances, text, size) -> None:
    expected = snapped(sum(advances[400][ch] for ch in text), size)
    assert measure(context, text, size=size)["width"] == expected


@pytest.mark.parametrize("weight", [700, "700", "bold", "bolder", 550, 1000])
def test_bold_uses_the_bold_instance(context, advances, weight) -> None:
    # Recursive is "multiplexed": bold has the same advances as regular, so bold is not wider.
    text = "Minimum"
    expected = snapped(sum(advances[700][ch] for ch in text), 16)
    assert advances[700]["M"] == advances[400]["M"]
    assert measure(context, text, weight=weight)["width"] == expected


def test_kerning_is_applied_to_a_known_pair(context, advances) -> None:
    unkerned = snapped(advances[400]["A"] + advances[400]["V"], 16)
    result = measure(context, "AV")
    assert result["width"] < unkerned
    assert result["width"] == 20.328125  # Chromium 156, 16 px


@pytest.mark.parametrize(
    ("text", "size", "chromium_width"),
    [("AVATAR Wave", 16, 104.640625), ("Hello World", 14, 81.0625), ("x", 14, 8.40625)],
)
def test_widths_match_recorded_chromium_values(context, text, size, chromium_width) -> None:
    assert measure(context, text, size=size)["width"] == chromium_width


@pytest.mark.parametrize(("size", "ascent", "descent"), [(16, 15, 4), (14, 13, 4), (13, 12, 3)])
def test_heights_are_rounded_ascent_and_descent(context, size, ascent, descent) -> None:
    result = measure(context, "Hello", size=size)
    assert (result["ascent"], result["descent"]) == (ascent, descent)


def test_tall_accented_capitals_grow_the_box_like_chromium(context) -> None:
    # Chromium: getBBox() of "É" at 16 px starts 16 px above the baseline, 20 px tall.
    result = measure(context, "É")
    assert (result["ascent"], result["descent"]) == (16, 4)


def test_unknown_families_fall_through_the_list(context) -> None:
    reference = measure(context, "Fallback test")
    assert measure(context, "Fallback test", family="Nope, 'Also Nope', serif") == reference
    assert measure(context, "Fallback test", family="arial, 'recursive variable'") == reference
    assert measure(context, "Fallback test", family=None) == reference


def test_missing_characters_are_counted_and_reported(context, advances) -> None:
    result = measure(context, "A漢B")
    assert result["missing"] == 1
    assert result["width"] == snapped(advances[400]["A"] + 1000 + advances[400]["B"], 16)
    assert 0x6F22 in json.loads(context.eval("JSON.stringify(__printerMissingCodepoints())"))


def test_controls_and_empty_text_have_no_width(context) -> None:
    assert measure(context, "")["width"] == 0
    assert measure(context, "\u200b")["missing"] == 0
    assert measure(context, "a\u200bb")["width"] == measure(context, "ab")["width"]


def test_cached_results_equal_fresh_ones_and_scale_with_size(context) -> None:
    first = measure(context, "Cache me if you can")
    for i in range(200):
        measure(context, f"filler {i}")
    assert measure(context, "Cache me if you can") == first
    double = measure(context, "Cache me if you can", size="32px")
    assert abs(double["width"] - 2 * first["width"]) <= 2 / 64


def test_a_width_of_whole_layout_units_is_not_rounded_up(context) -> None:
    # " the" at 14 px is exactly 28 px (1792 units of 1/64 px): Chromium reports 28, where the
    # old floor + 1 rule said 28.015625 and widened every label containing such a fragment.
    assert measure(context, " the", size=14)["width"] == 28.0
