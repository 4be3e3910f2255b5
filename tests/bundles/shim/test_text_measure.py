"""text_measure.js + font_metrics.json in a bare QuickJS context, checked against the font file.

Expected widths are computed here independently of the generated table: advance widths come from
the vendored woff2 instanced with fontTools (``hmtx``), and the few kerned or height values are
the numbers Chromium reported (scripts/check_text_widths_vs_chromium.py).
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

from mermaid_printer.bundles.shim import SHIM_DIR, shim_scripts
from mermaid_printer.engine.quickjs_engine import QUICKJS_MODULE
from mermaid_printer.resources import vendor_manifest, vendored_file

FAMILY = '"Recursive Variable", arial, sans-serif'
LATIN = "fonts/recursive-variable/recursive-latin-wght-normal.woff2"


@pytest.fixture(scope="module")
def context() -> Any:
    ctx = QUICKJS_MODULE.Context()
    (metrics,) = [script for script in shim_scripts() if script.kind == "data"]  # as the engine loads it
    ctx.eval(f"globalThis.{metrics.publish_as} = {metrics.path.read_text(encoding='utf-8')};")
    ctx.eval((SHIM_DIR / "text_measure.js").read_text(encoding="utf-8"))
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


def measure(ctx: Any, text: str, **font: object) -> dict[str, Any]:
    spec = {"family": FAMILY, "size": 16, "weight": 400} | font
    box: dict[str, Any] = json.loads(
        ctx.eval(f"JSON.stringify(__printerMeasureText({json.dumps(text)}, {json.dumps(spec)}))")
    )
    return box


def snapped(units: float, size: float) -> float:
    """Chromium's reported width for an exact advance sum: rounded up to a whole 1/64 px."""
    return math.ceil(units * size / 1000 * 64 - 1e-6) / 64


def test_single_characters_measure_their_hmtx_advance(context: Any, advances: dict[int, dict[str, int]]) -> None:
    for ch in map(chr, range(0x21, 0x7F)):
        assert measure(context, ch)["width"] == snapped(advances[400][ch], 16), ch


@pytest.mark.parametrize("text", ["Hill", "Hello", "Minimum", "Number 123"])
@pytest.mark.parametrize("size", [12, 14, 16, 20.5])
def test_kern_free_strings_sum_their_advances(
    context: Any, advances: dict[int, dict[str, int]], text: str, size: float
) -> None:
    expected = snapped(sum(advances[400][ch] for ch in text), size)
    assert measure(context, text, size=size)["width"] == expected


@pytest.mark.parametrize("weight", [700, "700", "bold", "bolder", 550, 1000])
def test_bold_uses_the_bold_instance(context: Any, advances: dict[int, dict[str, int]], weight: int | str) -> None:
    # Recursive is "multiplexed": bold has the same advances as regular, so bold is not wider.
    text = "Minimum"
    expected = snapped(sum(advances[700][ch] for ch in text), 16)
    assert advances[700]["M"] == advances[400]["M"]
    assert measure(context, text, weight=weight)["width"] == expected


def test_kerning_is_applied_to_a_known_pair(context: Any, advances: dict[int, dict[str, int]]) -> None:
    unkerned = snapped(advances[400]["A"] + advances[400]["V"], 16)
    result = measure(context, "AV")
    assert result["width"] < unkerned
    assert result["width"] == 20.328125  # Chromium 156, 16 px


@pytest.mark.parametrize(
    ("text", "size", "chromium_width"),
    [("AVATAR Wave", 16, 104.640625), ("Hello World", 14, 81.0625), ("x", 14, 8.40625)],
)
def test_widths_match_recorded_chromium_values(context: Any, text: str, size: float, chromium_width: float) -> None:
    assert measure(context, text, size=size)["width"] == chromium_width


@pytest.mark.parametrize(("size", "ascent", "descent"), [(16, 15, 4), (14, 13, 4), (13, 12, 3)])
def test_heights_are_rounded_ascent_and_descent(context: Any, size: float, ascent: int, descent: int) -> None:
    result = measure(context, "Hello", size=size)
    assert (result["ascent"], result["descent"]) == (ascent, descent)


def test_tall_accented_capitals_grow_the_box_like_chromium(context: Any) -> None:
    # Chromium: getBBox() of "É" at 16 px starts 16 px above the baseline, 20 px tall.
    result = measure(context, "É")
    assert (result["ascent"], result["descent"]) == (16, 4)


@pytest.mark.parametrize(
    ("text", "size", "weight", "chromium_top", "chromium_bottom"),
    [
        # Chromium's getBBox() (baseline y=100): Recursive is a web font drawn with FreeType's
        # light autohinting, so the box covers the grid-fitted outline, not the designed one.
        ("using <br>", 16, 400, 85, 105),  # a sequence note's line: the "g" a pixel deeper
        ("g", 20, 400, 81, 106),
        ("g", 13, 400, 88, 103),  # here grid-fitting lifts it: a pixel less than unhinted
        ("g", 12, 700, 89, 104),
        ("Ö", 12, 400, 87, 103),
        ("É", 13, 700, 88, 103),
        ("§", 20, 700, 81, 106),
        ("multiline", 16, 400, 85, 104),  # nothing grid-fitted past the box
        ("g", 16.5, 400, 84, 105),  # a fractional size: the unhinted outline, rounded out
    ],
)
def test_recursive_glyph_boxes_are_chromiums_grid_fitted_ones(
    context: Any, text: str, size: float, weight: int, chromium_top: int, chromium_bottom: int
) -> None:
    result = measure(context, text, size=size, weight=weight)
    assert (100 - result["ascent"], 100 + result["descent"]) == (chromium_top, chromium_bottom)


def test_unknown_families_fall_through_the_list(context: Any) -> None:
    reference = measure(context, "Fallback test")
    assert measure(context, "Fallback test", family="Nope, 'Also Nope', 'Recursive Variable'") == reference
    assert measure(context, "Fallback test", family="'recursive variable', arial") == reference


@pytest.mark.parametrize(
    ("family", "same_as"),
    [
        ('"trebuchet ms", verdana, arial, sans-serif', "Arimo"),  # Trebuchet is not installed
        ("Helvetica, Verdana, serif", "Arimo"),  # fontconfig's metric alias
        ("sans-serif", "Arimo"),
        ("'Liberation Sans'", "Arimo"),
        ("Nope, 'Also Nope'", "Tinos"),  # nothing available: Chromium's default, Times New Roman
        ("serif", "Tinos"),
        (None, "Tinos"),
        ("ArialMT, 'Times New Roman'", "Tinos"),  # no alias for ArialMT
        ("monospace", "DejaVu Sans Mono"),  # Chromium 156: same widths as "DejaVu Sans Mono"
        ('"monospace"', "DejaVu Sans Mono"),  # quoted too (fontconfig's alias)
        ("Menlo, monospace", "DejaVu Sans Mono"),
        ("system-ui", "DejaVu Sans"),
        ("ui-monospace", "Tinos"),  # not resolved: Chromium's default font
        ("cursive", "Tinos"),
    ],
)
def test_css_names_resolve_like_chromium_on_debian(context: Any, family: str | None, same_as: str) -> None:
    for weight, style in [(400, "normal"), (700, "normal"), (400, "italic")]:
        expected = measure(context, "Family Wg 0123", family=same_as, weight=weight, style=style)
        assert measure(context, "Family Wg 0123", family=family, weight=weight, style=style) == expected


# getBBox() in Chromium 156 (mermaid-cli's page fonts, Debian fonts-liberation): width, height, x, y.
CHROMIUM_BOXES = [
    ('"Open Sans", sans-serif', 16, 400, "normal", "Hello World", [87.40625, 22, 0, -17]),
    ('"Open Sans", sans-serif', 14, 400, "normal", "AVAWay 0123 Tg", [108.775390625, 19, 0, -15]),
    ('"Open Sans", sans-serif', 16, 700, "normal", "AVAWay 0123 Tg", [125.171875, 22, -1, -17]),
    ('"Open Sans", sans-serif', 16, 400, "italic", "Hello World", [83.1015625, 22, 0, -17]),
    ('"Open Sans", sans-serif', 12, 400, "italic", "Container [Person]", [99.091796875, 17, 0, -13]),
    ('"trebuchet ms", verdana, arial, sans-serif', 16, 400, "normal", "Hello World AVAWay 0123 Tg", [209.28125, 17, 0, -14]),
    ('"trebuchet ms", verdana, arial, sans-serif', 17, 400, "normal", "Dogs [386]", [82.234375, 19, 0, -15]),
    ('"trebuchet ms", verdana, arial, sans-serif', 25, 700, "normal", "Key elements in Product X", [315.69384765625, 28, 0, -23]),
    ('"trebuchet ms", verdana, arial, sans-serif', 14, 400, "italic", "Milestone Tg", [80.3583984375, 16, 0, -13]),
    ("Helvetica, Verdana, serif", 14, 400, "normal", "Alice->Bob: sync()", [113.984375, 16, 0, -13]),
    ('"Times New Roman"', 16, 400, "normal", "Hello John, how are you?", [163.96875, 18, 0, -14]),
    ("serif", 16, 700, "normal", "Great!", [45.015625, 17, 0, -14]),
    ('Nope, "Also Nope"', 16, 400, "normal", "See you later!", [88.859375, 18, 0, -14]),
    ('"Recursive Variable", arial, sans-serif', 16, 400, "normal", "Greek αβγ mix", [110.9375, 19, 0, -15]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("family", "size", "weight", "style", "text", "box"),
    CHROMIUM_BOXES,
    ids=[f"{row[4]}-{row[1]}px-{row[2]}-{row[3]}" for row in CHROMIUM_BOXES],
)
def test_boxes_in_other_families_match_chromium(
    context: Any, family: str | None, size: float, weight: int | str, style: str, text: str, box: list[float]
) -> None:
    result = measure(context, text, family=family, size=size, weight=weight, style=style)
    width = result["right"] - result["left"]
    assert [width, result["ascent"] + result["descent"], result["left"], -result["ascent"]] == box


def test_open_sans_synthetic_bold_keeps_advances_and_grows_ink(context: Any) -> None:
    regular = measure(context, "AVAWay", family='"Open Sans"')
    bold = measure(context, "AVAWay", family='"Open Sans"', weight="bold")
    assert bold["width"] == regular["width"]
    assert bold["left"] < regular["left"]


def test_static_faces_are_matched_by_css_weight_rules(context: Any) -> None:
    text = "Weighty Words"
    regular = measure(context, text, family="arial")
    bold = measure(context, text, family="arial", weight=700)
    assert bold["width"] > regular["width"]  # Arimo has a real bold with its own advances
    assert measure(context, text, family="arial", weight=500) == regular
    assert measure(context, text, family="arial", weight=600) == bold
    assert measure(context, text, family="arial", weight=300) == regular
    assert measure(context, text, family="arial", weight=900) == bold


def test_italic_uses_the_italic_face_where_there_is_one(context: Any) -> None:
    text = "Hello World"
    assert measure(context, text, family='"Open Sans"', style="italic") != measure(context, text, family='"Open Sans"')
    assert measure(context, text, family='"Open Sans"', style="oblique") == measure(
        context, text, family='"Open Sans"', style="italic"
    )
    # Recursive has no italic face: the browser slants the upright one, same advances.
    assert measure(context, text, style="italic")["width"] == measure(context, text)["width"]


def test_characters_missing_from_the_first_family_come_from_the_next(context: Any) -> None:
    mixed = measure(context, "Hi αβγ")
    first = measure(context, "Hi ")
    greek = measure(context, "αβγ", family="arial")
    assert mixed["missing"] == 0
    assert abs(mixed["width"] - (first["width"] + greek["width"])) <= 1 / 64


def drawn(ctx: Any, runs: list[tuple[str, dict[str, object]]]) -> list[list[Any]]:
    script = "(function(){const usage = new Map();"
    for text, font in runs:
        script += f"__printerRecordDrawnText({json.dumps(text)}, {json.dumps(font)}, usage);"
    script += "return JSON.stringify(Array.from(usage, ([k, v]) => [k.split('\\u0000'), Array.from(v).sort((a, b) => a - b)]).sort());})()"
    usage: list[list[Any]] = json.loads(ctx.eval(script))
    return usage


def test_drawn_text_is_attributed_to_faces_under_the_name_a_viewer_looks_up(context: Any) -> None:
    pie = '"trebuchet ms", verdana, arial, sans-serif'
    result = drawn(
        context,
        [
            ("Dogs", {"family": pie, "size": 17}),
            ("Hi α", {"family": FAMILY, "size": 16, "weight": 700}),
            ("Note", {"family": '"Open Sans", sans-serif', "size": 14, "weight": "bold", "style": "italic"}),
            ("Mono", {"family": "sans-serif", "size": 14}),
        ],
    )
    assert result == [
        [["Open Sans", "Open Sans", "italic", "400"], [ord(c) for c in "Neot"]],
        [["Recursive Variable", "Recursive Variable", "normal", "300 1000"], [ord(c) for c in " Hi"]],
        # Chromium drew α from arial: the face carries that name, so a viewer finds it there.
        [["arial", "Arimo", "normal", "700"], [ord("α")]],
        # Chromium skipped "trebuchet ms" (not installed); a viewer may have it, so the face
        # takes that name to win over it.
        [["trebuchet ms", "Arimo", "normal", "400"], [ord(c) for c in "Dgos"]],
        # Text in a generic family alone cannot be given a face.
    ]


def test_missing_characters_are_counted_and_reported(context: Any, advances: dict[int, dict[str, int]]) -> None:
    # U+20000 (CJK extension B) is in no vendored face, fallbacks included: guessed at 1 em.
    result = measure(context, "A\U00020000B")
    assert result["missing"] == 1
    assert result["width"] == snapped(advances[400]["A"] + 1000 + advances[400]["B"], 16)
    assert 0x20000 in json.loads(context.eval("JSON.stringify(__printerMissingCodepoints())"))


def fallback_advances(family: str, text: str) -> list[float]:
    """Advances (em) of ``text``'s characters in the vendored files of a last-resort family."""
    manifest = vendor_manifest()
    result = []
    for ch in text:
        for entry in manifest["files"]:
            if entry.get("font_family") != family:
                continue
            ranges = [r.strip().removeprefix("U+").split("-") for r in entry["unicode_range"].split(",")]
            if not any(int(r[0], 16) <= ord(ch) <= int(r[-1], 16) for r in ranges):
                continue
            font = TTFont(vendored_file(entry["path"]))
            glyph = font.getBestCmap().get(ord(ch))
            if glyph is not None:
                result.append(font["hmtx"].metrics[glyph][0] / font["head"].unitsPerEm)
                break
    assert len(result) == len(text), text
    return result


def test_cjk_and_emoji_are_measured_from_the_fallback_faces(context: Any, advances: dict[int, dict[str, int]]) -> None:
    cjk = measure(context, "中文，かな", size=14)
    assert cjk["missing"] == 0
    assert cjk["width"] == math.ceil(sum(fallback_advances("Noto Sans SC", "中文，かな")) * 14 * 64 - 1e-6) / 64
    assert cjk["width"] == 70  # all five are 1 em in Noto Sans SC
    hangul = measure(context, "한국어")
    assert hangul["missing"] == 0
    assert hangul["width"] == snapped(sum(fallback_advances("Noto Sans KR", "한국어")) * 1000, 16)  # 0.92 em each
    emoji = measure(context, "A🚀", size=14)
    assert emoji["missing"] == 0
    assert emoji["width"] == snapped(advances[400]["A"] + 136 / 109 * 1000, 14)  # Noto Color Emoji's advance


def test_fallback_faces_keep_the_first_fonts_box_height(context: Any) -> None:
    # Chromium: "A中" in Recursive Variable at 16 px is as tall as "A" (19 px).
    latin, mixed = measure(context, "A"), measure(context, "A中")
    assert (mixed["ascent"], mixed["descent"]) == (latin["ascent"], latin["descent"])
    assert mixed["width"] == latin["width"] + 16


def test_fallback_characters_are_recorded_under_the_first_family_name(context: Any) -> None:
    result = drawn(context, [("Hi 中🚀", {"family": FAMILY, "size": 16, "weight": 700})])
    assert result == [
        [["Recursive Variable", "Noto Emoji", "normal", "400", "normal", "300 1000"], [ord("🚀")]],
        [["Recursive Variable", "Noto Sans SC", "normal", "400", "normal", "300 1000"], [ord("中")]],
        [["Recursive Variable", "Recursive Variable", "normal", "300 1000"], [ord(c) for c in " Hi"]],
    ]
    # A list of generic names alone gives no name to declare: nothing is recorded.
    assert drawn(context, [("中", {"family": "sans-serif", "size": 16})]) == []


def test_controls_and_empty_text_have_no_width(context: Any) -> None:
    assert measure(context, "")["width"] == 0
    assert measure(context, "\u200b")["missing"] == 0
    assert measure(context, "a\u200bb")["width"] == measure(context, "ab")["width"]


def test_cached_results_equal_fresh_ones_and_scale_with_size(context: Any) -> None:
    first = measure(context, "Cache me if you can")
    for i in range(200):
        measure(context, f"filler {i}")
    assert measure(context, "Cache me if you can") == first
    double = measure(context, "Cache me if you can", size="32px")
    assert abs(double["width"] - 2 * first["width"]) <= 2 / 64


def test_a_width_of_whole_layout_units_is_not_rounded_up(context: Any) -> None:
    # " the" at 14 px is exactly 28 px (1792 units of 1/64 px): Chromium reports 28, where the
    # old floor + 1 rule said 28.015625 and widened every label containing such a fragment.
    assert measure(context, " the", size=14)["width"] == 28.0


def test_a_bmp_dingbat_is_drawn_from_dejavu_sans_not_the_emoji_face(context: Any) -> None:
    # U+2764 at 16 px: Chromium on Linux draws it from DejaVu Sans, 13.40625 px wide; taking
    # Noto Emoji's 20.3 px widened every "❤" label (docs/flowchart/026) by 7 px.
    result = measure(context, "\u2764", size=16)
    assert result == measure(context, "\u2764", size=16, family='"DejaVu Sans"')
    assert (result["width"], result["missing"]) == (13.40625, 0)


def test_emoji_dejavu_sans_lacks_come_from_the_emoji_face(context: Any) -> None:
    # U+2705 is in no vendored face but the emoji one; it is measured as the colour emoji font
    # the reference machine has draws it (136/109 em), not as a missing-glyph box.
    result = measure(context, "\u2705", size=16)
    assert (result["width"], result["missing"]) == (snapped(136 / 109 * 1000, 16), 0)


@pytest.mark.parametrize(
    ("size", "weight", "text", "chromium_width", "chromium_height", "chromium_top"),
    [(14, 700, "Ship it ✔ ⚡", 79.765625, 17, -13), (16, 400, "Hi 😀", 39.53125, 19, -15)],
)
def test_an_emoji_grows_the_svg_text_box_to_its_bitmaps_height(
    context: Any,
    size: float,
    weight: int,
    text: str,
    chromium_width: float,
    chromium_height: float,
    chromium_top: float,
) -> None:
    # getComputedTextLength() and getBBox() in Chromium 156 with Noto Color Emoji: the width is
    # exact; the box's height and top are the emoji bitmap's, rounded out to whole pixels.
    result = measure(context, text, family='"trebuchet ms", verdana, arial, sans-serif', size=size, weight=weight)
    assert result["width"] == chromium_width
    assert (result["ascent"] + result["descent"], -result["ascent"]) == (chromium_height, chromium_top)


# Chromium 156 with Debian's fonts-noto-color-emoji, a <span> in `300 64px arial`: every
# emoji-presentation sequence is one glyph of Noto Color Emoji, 79.859375 px (136/109 em), even
# where DejaVu Sans has a text glyph for its first character (⚙ alone is DejaVu's, 57.375 px).
@pytest.mark.parametrize(
    ("text", "chromium_width"),
    [
        ("\u2699\ufe0f", 79.859375),  # ⚙ + VS16
        ("\u2699", 57.375),  # ⚙ alone: text presentation, DejaVu Sans
        ("\u2764", 53.625),  # ❤ alone: DejaVu Sans
        ("\u2764\ufe0f", 79.859375),
        ("\U0001f64b\u200d\u2640\ufe0f", 79.859375),  # 🙋‍♀️, a ZWJ sequence
        ("\U0001f44d\U0001f3fd", 79.859375),  # 👍🏽, a skin tone
        ("\U0001f1eb\U0001f1f7", 79.859375),  # 🇫🇷, a flag
        ("#\ufe0f\u20e3", 79.859375),  # #️⃣, a keycap
        ("\U0001f600", 79.859375),  # 😀 (DejaVu Sans has it, but it is presented as emoji)
        ("\u2705", 79.859375),
    ],
)
def test_an_emoji_sequence_is_one_colour_emoji_glyph_as_chromium_measures_it(
    context: Any, text: str, chromium_width: float
) -> None:
    result = measure(context, text, family="arial", size=64, weight=300)
    assert (result["width"], result["missing"]) == (chromium_width, 0)


# getComputedTextLength() at 64 px in Chromium 156 (reference fonts): which font draws a
# character that no family of the list has. First the default font (Liberation Serif: Tinos),
# after every list, then DejaVu Sans (fontconfig's first system fallback).
CHROMIUM_FALLBACK_WIDTHS = [
    ('"Recursive Variable"', 400, "α", 33.53125),  # Liberation Serif, not DejaVu Sans (42.19)
    ("monospace", 400, "ℓ", 30.65625),  # Liberation Serif, though the list ends in a generic
    ("monospace", 700, "ℓ", 24.0),  # Liberation Serif Bold
    ("monospace", 400, "⁄", 10.6875),
    ('"Recursive Variable", arial, sans-serif', 400, "✓", 53.625),  # DejaVu Sans
    ('"trebuchet ms", verdana, arial, sans-serif', 400, "★", 57.375),
    ('"trebuchet ms", verdana, arial, sans-serif', 700, "⚠", 57.375),  # DejaVu Sans Bold
    ('"Open Sans", sans-serif', 400, "☁", 64.0),
    ('"Recursive Variable"', 400, "😀", 79.859375),  # presented as emoji: Noto Color Emoji, not DejaVu Sans
    ('"Recursive Variable"', 400, "🂡", 65.46875),
    ('"Recursive Variable", system-ui', 400, "→", 53.625),
]  # fmt: skip


@pytest.mark.parametrize(("family", "weight", "text", "chromium_width"), CHROMIUM_FALLBACK_WIDTHS)
def test_characters_no_listed_family_has_come_from_the_default_font_then_dejavu_sans(
    context: Any, family: str | None, weight: int | str, text: str, chromium_width: float
) -> None:
    result = measure(context, text, family=family, size=64, weight=weight)
    assert (result["width"], result["missing"]) == (chromium_width, 0)


@pytest.mark.parametrize(
    ("family", "weight", "style", "text", "chromium_width"),
    [
        ('"trebuchet ms", verdana, arial, sans-serif', 400, "normal", "→", 64.0),
        ('"trebuchet ms", verdana, arial, sans-serif', 400, "normal", "≤", 35.125),
        ('"trebuchet ms", verdana, arial, sans-serif', 700, "normal", "●", 38.65625),
        ('"trebuchet ms", verdana, arial, sans-serif', 400, "italic", "→", 63.84375),
        ("arial", 400, "normal", "═│", 85.34375),
        ('"Recursive Variable"', 400, "normal", "│", 45.34375),  # Liberation Serif, the default font
        ("serif", 700, "normal", "♥", 38.0),
    ],
)
def test_liberation_symbols_the_vendored_slices_lack_have_liberations_widths(
    context: Any, family: str | None, weight: int | str, style: str, text: str, chromium_width: float
) -> None:
    # Arrows, box drawing, shapes and math operators: Chromium draws them from Liberation (the
    # Arimo and Tinos slices we vendor stop at Latin, Greek and Cyrillic), not from DejaVu Sans.
    result = measure(context, text, family=family, size=64, weight=weight, style=style)
    assert (result["width"], result["missing"]) == (chromium_width, 0)


@pytest.mark.parametrize(
    ("family", "chromium_width"),
    [
        ('"Recursive Variable"', 23.375),  # Recursive's files do not claim U+0E01: Liberation's box
        ('"Recursive Variable", arial', 23.375),
        ('"Open Sans"', 23.375),
        ("monospace", 38.53125),  # DejaVu Sans Mono's box
        ('"Recursive Variable", "DejaVu Sans"', 38.40625),
    ],
)
def test_a_character_no_font_has_is_as_wide_as_chromiums_missing_glyph_box(
    context: Any, family: str | None, chromium_width: float
) -> None:
    # U+0E01 (Thai): no vendored face, no font of the reference machine has it.
    result = measure(context, "\u0e01", family=family, size=64)
    assert (result["width"], result["missing"]) == (chromium_width, 1)


# getComputedTextLength() and getBBox() (width, height, x, y) in Chromium 156.
CHROMIUM_DEJAVU_BOXES = [
    ("monospace", 16, 400, "description: string", 183.03125, [183.03125, 19, 0, -15]),
    ("monospace", 14, 400, "id: UUID", 67.4375, [67.4375, 16, 0, -13]),
    ("monospace", 16, 700, "String[] items", 134.859375, [134.859375, 19, 0, -15]),
    ("monospace", 16, 400, "x ≤ y → ✓", 86.703125, [86.703125, 19, 0, -15]),
    ('"DejaVu Sans"', 16, 400, "Hello World", 91.5, [91.5, 19, 0, -15]),
    ('"DejaVu Sans"', 16, 700, "AVAWay 0123 Tg", 150.109375, [150.109375, 19, 0, -15]),
    ("system-ui", 14, 400, "Quick brown fox", 113.0625, [113.0625, 16, 0, -13]),
    ('"Recursive Variable", arial, sans-serif', 16, 400, "Done ✓ ★", 76.5625, [76.5625, 19, 0, -15]),
    ('"trebuchet ms", verdana, arial, sans-serif', 16, 400, "Done ✓ ★", 74.890625, [74.890625, 17, 0, -14]),
    ('"trebuchet ms", verdana, arial, sans-serif', 16, 400, "☁ cloud ⚙ gear", 113.953125, [114.625, 17, 0, -14]),
    ('"Open Sans", sans-serif', 16, 400, "Status ✓", 64.078125, [64.078125, 22, 0, -17]),
    ('"Recursive Variable", arial, sans-serif', 16, 400, "ℕ ⊆ ℝ", 48.5, [48.81875, 19, 0, -15]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("family", "size", "weight", "text", "chromium_width", "box"),
    CHROMIUM_DEJAVU_BOXES,
    ids=[f"{row[3]}-{row[1]}px-{row[2]}" for row in CHROMIUM_DEJAVU_BOXES],
)
def test_dejavu_widths_and_boxes_match_chromium(
    context: Any, family: str | None, size: float, weight: int | str, text: str, chromium_width: float, box: list[float]
) -> None:
    # DejaVu drawn as the family (monospace, system-ui) or as the fallback for symbols: the box
    # keeps the first font's height, and DejaVu's hinted ink is fitted by its slack.
    result = measure(context, text, family=family, size=size, weight=weight)
    assert result["width"] == chromium_width
    drawn = [result["right"] - result["left"], result["ascent"] + result["descent"], result["left"], -result["ascent"]]
    assert drawn == pytest.approx(box, abs=1e-5)  # Chromium's box is float32


def test_characters_from_the_default_font_and_dejavu_are_recorded_as_fallbacks(context: Any) -> None:
    result = drawn(
        context,
        [
            ("Hi α ✓", {"family": '"Recursive Variable"', "size": 16}),
            ("Go ★", {"family": '"trebuchet ms", verdana, arial, sans-serif', "size": 16, "weight": 700}),
        ],
    )
    assert result == [
        [["Recursive Variable", "DejaVu Sans", "normal", "400", "normal", "300 1000"], [ord("✓")]],
        [["Recursive Variable", "Recursive Variable", "normal", "300 1000"], [ord(c) for c in " Hi"]],
        [["Recursive Variable", "Tinos", "normal", "400", "normal", "300 1000"], [ord("α")]],
        [["trebuchet ms", "Arimo", "normal", "700"], [ord(c) for c in " Go"]],
        [["trebuchet ms", "DejaVu Sans", "normal", "700", "normal", "700"], [ord("★")]],
    ]


@pytest.mark.parametrize(
    ("family", "nameable", "face"),
    [
        ("monospace", '"DejaVu Sans Mono", monospace', "DejaVu Sans Mono"),
        ("system-ui", '"DejaVu Sans", system-ui', "DejaVu Sans"),
        ("sans-serif", '"Arimo", sans-serif', "Arimo"),
        ("", '"Tinos"', "Tinos"),
        ('"trebuchet ms", verdana, arial, sans-serif', '"trebuchet ms", verdana, arial, sans-serif', "Arimo"),
        ("Menlo, monospace", "Menlo, monospace", "DejaVu Sans Mono"),  # Menlo can carry the face
    ],
)
def test_a_list_of_generic_names_is_given_the_name_of_the_family_it_resolves_to(
    context: Any, family: str | None, nameable: str, face: str
) -> None:
    assert json.loads(context.eval(f"JSON.stringify(__printerNameableFamilyList({json.dumps(family)}))")) == nameable
    # The named list measures the same and its text is recorded under a name a face can carry.
    assert measure(context, "Wg 01", family=nameable) == measure(context, "Wg 01", family=family)
    ((key, _),) = drawn(context, [("x", {"family": nameable, "size": 16})])
    assert key[1] == face


# Chromium 156 with Debian's fonts-noto-cjk, a <span> in `300 64px arial` (text-spacing-trim:
# normal trims fullwidth punctuation next to punctuation by half an em).
@pytest.mark.parametrize(
    ("text", "chromium_width"),
    [("中文，《书》", 352), ("（中）", 192), ("中、「文」。", 320), ("《Java 面试指北》：", 568.96875)],
)
def test_fullwidth_punctuation_pairs_are_trimmed_as_chromium_does(
    context: Any, text: str, chromium_width: float
) -> None:
    assert measure(context, text, family="arial", size=64, weight=300)["width"] == chromium_width


# Chromium 156 with Debian's fonts-liberation 1.07, a <span> in `64px arial`: Liberation Sans
# does not kern "11" (Arimo, which stands in for it, does) and kerns capitals against a
# no-break space (Arimo does not).
@pytest.mark.parametrize(
    ("weight", "text", "chromium_width"),
    [(400, "11", 71.1875), (400, "#11874", 213.5625), (400, "A\u00a0A", 96.09375), (700, "L\u00a0Y", 97.25)],
)
def test_arial_is_kerned_as_liberation_sans_not_as_arimo(
    context: Any, weight: int, text: str, chromium_width: float
) -> None:
    assert measure(context, text, family="arial", size=64, weight=weight)["width"] == chromium_width
