"""geometry.js: the boxes Mermaid reads back from the DOM shim, against Chromium's behaviour.

Each test is a regression found with the fidelity scorer (a corpus diagram laid out differently
from Mermaid in Chromium); the expected values are what Chromium reports.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine

FONT = 'font-family: "Recursive Variable", arial, sans-serif; font-size: 14px'


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine(mermaid_bundle())


def run(engine: QuickJSEngine, body: str) -> Any:
    """Evaluate ``body`` (JS statements ending in ``return …``) on a fresh <svg> in the page:
    the JSON value it returns."""
    script = f"""(function () {{
      const NS = "http://www.w3.org/2000/svg";
      const svg = document.createElementNS(NS, "svg");
      document.body.appendChild(svg);
      try {{ return JSON.stringify((function (svg, NS) {{ {body} }})(svg, NS)); }}
      finally {{ svg.remove(); }}
    }})()"""
    return json.loads(engine._context.eval(script))


def test_get_bbox_is_an_svg_rect_not_a_dom_rect(engine: QuickJSEngine) -> None:
    # Mermaid's withMinWidth() and the curly-brace shapes branch on `"left" in bbox`: Chromium's
    # SVGRect has no left/top, so a DOMRect here moved the "comment" shape's label by 60 px.
    result = run(
        engine,
        f"""const t = document.createElementNS(NS, "text");
        t.setAttribute("style", '{FONT}');
        t.textContent = "Comment";
        svg.appendChild(t);
        const box = t.getBBox();
        return {{hasLeft: "left" in box, hasTop: "top" in box, keys: Object.keys(box).sort()}};""",
    )
    assert result == {"hasLeft": False, "hasTop": False, "keys": ["height", "width", "x", "y"]}


def test_get_bbox_holds_32_bit_floats_like_chromium(engine: QuickJSEngine) -> None:
    result = run(
        engine,
        """const r = document.createElementNS(NS, "rect");
        r.setAttribute("x", "0.1"); r.setAttribute("width", "87.9");
        svg.appendChild(r);
        const box = r.getBBox();
        return [box.x, box.width];""",
    )
    assert result == [0.10000000149011612, 87.9000015258789]


def test_each_tspan_is_its_own_fragment_rounded_up_to_layout_units(engine: QuickJSEngine) -> None:
    # Chromium's box for "This is the text!" split into four tspans (a flowchart edge label) is
    # the sum of each fragment's width rounded up to 1/64 px: 113.84375 px. The same string in
    # one text node is rounded once: 113.828125 px.
    result = run(
        engine,
        f"""const t = document.createElementNS(NS, "text");
        t.setAttribute("style", '{FONT}');
        for (const word of ["This", " is", " the", " text!"]) {{
          const s = document.createElementNS(NS, "tspan");
          s.textContent = word;
          t.appendChild(s);
        }}
        svg.appendChild(t);
        const whole = document.createElementNS(NS, "text");
        whole.setAttribute("style", '{FONT}');
        whole.textContent = "This is the text!";
        svg.appendChild(whole);
        return [t.getBBox().width, whole.getBBox().width];""",
    )
    assert result == [113.84375, 113.828125]


@pytest.mark.parametrize(
    ("text", "chromium_width"),
    [
        ("Animal", 47.839813232421875),  # the final "l" inks 5 px from its pen, past its 4.9 px advance
        ("#", 9.0),
        ("A", 9.109375),  # no overflow: the advance rounded up to 1/64 px
    ],
)
def test_box_covers_glyph_ink_rounded_out_to_whole_pixels(
    engine: QuickJSEngine, text: str, chromium_width: float
) -> None:
    width = run(
        engine,
        f"""const t = document.createElementNS(NS, "text");
        t.setAttribute("style", '{FONT}');
        t.textContent = {json.dumps(text)};
        svg.appendChild(t);
        return t.getBBox().width;""",
    )
    assert width == pytest.approx(chromium_width, abs=1e-3)


def test_shapes_that_draw_nothing_do_not_grow_a_group_box(engine: QuickJSEngine) -> None:
    # Values recorded from Chromium 156. Mermaid's class boxes hold an empty
    # <rect class="background"/> beside each label; counting it made every row 1 px taller.
    shapes = {
        "empty-rect": "<rect/>",
        "zero-height-rect": '<rect width="10" height="0"/>',
        "zero-circle": '<circle r="0"/>',
        "empty-text": "<text></text>",
        "text-with-empty-tspan": '<text y="-10.1"><tspan x="0" dy="1.1em"/></text>',
        "empty-group": "<g/>",
        "flat-line": '<line x1="0" y1="0" x2="10" y2="0"/>',
        "moveto-only-path": '<path d="M0 0"/>',
    }
    boxes = run(
        engine,
        f"""const out = {{}};
        for (const [name, markup] of Object.entries({json.dumps(shapes)})) {{
          const g = document.createElementNS(NS, "g");
          g.innerHTML = markup + '<rect x="50" y="50" width="10" height="10"/>';
          svg.appendChild(g);
          const b = g.getBBox();
          out[name] = [b.x, b.y, b.width, b.height];
        }}
        return out;""",
    )
    drawn_only = [50, 50, 10, 10]
    assert boxes == {
        "empty-rect": drawn_only,
        "zero-height-rect": drawn_only,
        "zero-circle": drawn_only,
        "empty-text": drawn_only,
        "text-with-empty-tspan": [0, 0, 60, 60],
        "empty-group": drawn_only,
        "flat-line": [0, 0, 60, 60],
        "moveto-only-path": [0, 0, 60, 60],
    }


def test_an_empty_labels_zero_box_reaches_only_two_container_levels(engine: QuickJSEngine) -> None:
    # Values recorded from Chromium 156. Mermaid leaves an empty label (a text holding an empty
    # tspan) at (0, 0) for every edge without a label; in a class diagram that sits three levels
    # down and must not pull the viewBox to the origin (it widened docs/classDiagram/023 by 12 px).
    empty = '<text y="-10.1"><tspan x="0" y="-0.1em" dy="1.1em"/></text>'
    cases = {
        "one-level": f"<g>{empty}</g>",
        "one-level-translated": f'<g transform="translate(0, 0)">{empty}</g>',
        "two-levels": f"<g><g>{empty}</g></g>",
        "edge-label": f'<g class="edgeLabel"><g class="label" transform="translate(0, 0)">{empty}</g></g>',
    }
    boxes = run(
        engine,
        f"""const out = {{}};
        for (const [name, markup] of Object.entries({json.dumps(cases)})) {{
          const g = document.createElementNS(NS, "g");
          g.innerHTML = markup + '<rect x="50" y="50" width="10" height="10"/>';
          svg.appendChild(g);
          const b = g.getBBox();
          out[name] = [b.x, b.y, b.width, b.height];
        }}
        return out;""",
    )
    assert boxes == {
        "one-level": [0, 0, 60, 60],
        "one-level-translated": [0, 0, 60, 60],
        "two-levels": [50, 50, 10, 10],
        "edge-label": [50, 50, 10, 10],
    }


def test_a_stylesheet_text_anchor_beats_the_presentation_attribute_in_the_layout(engine: QuickJSEngine) -> None:
    # CSS cascade: author rules override SVG presentation attributes (Chromium centres this text).
    x = run(
        engine,
        f"""const style = document.createElementNS(NS, "style");
        style.textContent = ".head {{ text-anchor: middle; }}";
        svg.appendChild(style);
        const t = document.createElementNS(NS, "text");
        t.setAttribute("class", "head");
        t.setAttribute("text-anchor", "start");
        t.setAttribute("style", '{FONT}');
        t.textContent = "Problem";
        svg.appendChild(t);
        const b = t.getBBox();
        return b.x + b.width / 2;""",
    )
    assert x == pytest.approx(0, abs=0.5)


RECT = '<rect x="10" y="10" width="5" height="5"/>'
EMPTY_TEXT = "<text><tspan/></text>"


@pytest.mark.parametrize(
    ("content", "chromium_box"),
    [
        ("<rect/>", [10, 10, 5, 5]),  # a shape that draws nothing is left out
        ('<rect x="0" y="0" width="0" height="30"/>', [10, 10, 5, 5]),
        ('<circle r="0"/>', [10, 10, 5, 5]),
        ("<text></text>", [10, 10, 5, 5]),  # a text with neither glyphs nor a child element
        ("<text> </text>", [10, 10, 5, 5]),
        (EMPTY_TEXT, [0, 0, 15, 15]),  # with a (glyphless) tspan: the empty box at the origin
        ('<text y="5"><tspan x="3"/></text>', [0, 0, 15, 15]),  # ... wherever x and y put it
        ('<path d="M0 0"/>', [0, 0, 15, 15]),  # a lone move-to counts
        (f"<g>{EMPTY_TEXT}</g>", [0, 0, 15, 15]),
        (f"<g><g>{EMPTY_TEXT}</g></g>", [10, 10, 5, 5]),  # a nested empty group does not
        ('<g><g><path d="M0 0L0 0"/></g></g>', [10, 10, 5, 5]),
        ('<g><g><path d="M1 1L1 1"/></g></g>', [1, 1, 14, 14]),  # ... unless away from the origin
        (f'<g><path d="M0 0"/><g>{EMPTY_TEXT}</g></g>', [0, 0, 15, 15]),  # or beside content
        # Mermaid's mindmap edge label: empty text two groups deep, plus a label background.
        (
            (
                '<g class="edgeLabel"><g class="label" transform="translate(0, 0)"><text y="-10.1">'
                '<tspan x="0" y="-0.1em" dy="1.1em"/></text></g></g><g><rect class="background"/></g>'
            ),
            [10, 10, 5, 5],
        ),
    ],
)
def test_group_box_leaves_out_what_chromium_leaves_out(
    engine: QuickJSEngine, content: str, chromium_box: list[float]
) -> None:
    # Counting them put mindmap viewBoxes at 0,0 (15 px too wide) and moved edge labels.
    box = run(
        engine,
        f"""const g = document.createElementNS(NS, "g");
        svg.appendChild(g);
        g.innerHTML = {json.dumps(content + RECT)};
        const b = g.getBBox();
        return [b.x, b.y, b.width, b.height];""",
    )
    assert box == chromium_box


def test_text_without_glyphs_has_the_empty_box_at_the_origin(engine: QuickJSEngine) -> None:
    box = run(
        engine,
        """const t = document.createElementNS(NS, "text");
        t.setAttribute("x", "3");
        t.setAttribute("y", "-10.1");
        t.appendChild(document.createElementNS(NS, "tspan"));
        svg.appendChild(t);
        const b = t.getBBox();
        return [b.x, b.y, b.width, b.height];""",
    )
    assert box == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("d", "chromium_box"),
    [
        # the mindmap cloud's first lobe; cubic approximation was 2.8e-4 px off
        (
            "M0 0a14.4421875,14.4421875 0 0,1 24.0703125,-9.628125",
            [0, -13.343334197998047, 24.0703125, 13.343334197998047],
        ),
        ("M10 10 A 30 12 30 1 0 50 40", [-3.3283169269561768, 9.5830717086792, 53.329166412353516, 36.49657440185547]),
    ],
)
def test_arc_box_is_the_true_ellipse_box(engine: QuickJSEngine, d: str, chromium_box: list[float]) -> None:
    box = run(
        engine,
        f"""const p = document.createElementNS(NS, "path");
        p.setAttribute("d", {json.dumps(d)});
        svg.appendChild(p);
        const b = p.getBBox();
        return [b.x, b.y, b.width, b.height];""",
    )
    assert box == pytest.approx(chromium_box, abs=2e-6)


def test_html_box_is_empty_when_detached_or_not_displayed(engine: QuickJSEngine) -> None:
    # Mermaid hands cytoscape a display:none container and removes it; cytoscape sizes the
    # mindmap layout from it. Chromium reports 0 for both; 784 (a page's width) moved every node.
    sizes = run(
        engine,
        """const d = document.createElement("div");
        d.setAttribute("style", "display:none");
        document.body.appendChild(d);
        const hidden = [d.clientWidth, d.offsetWidth, d.getBoundingClientRect().width];
        d.remove();
        return [hidden, [d.clientWidth, d.clientHeight], document.createElement("div").offsetWidth];""",
    )
    assert sizes == [[0, 0, 0], [0, 0], 0]


def _boxes(engine: QuickJSEngine, markup: str, ids: str) -> dict[str, list[float]]:
    boxes: dict[str, list[float]] = run(
        engine,
        f"""svg.innerHTML = {json.dumps(markup)};
        const o = {{}};
        for (const id of {json.dumps(list(ids))}) {{
          const b = svg.querySelector("#" + id).getBBox();
          o[id] = [b.x, b.y, b.width, b.height];
        }}
        return o;""",
    )
    return boxes


def test_text_positions_are_32_bit_floats_summed_as_chromium_sums_them(engine: QuickJSEngine) -> None:
    # Mermaid's multi-line labels: y="-0.1em" then dy="1.1em" per line. Chromium adds the float
    # sum of the dy values since the last absolute y (52.800003) to that y: the last baseline is
    # 51.200005 and the box 54.200005 tall. Exact sizes matter: cose-bilkent (mindmap) turns a
    # one-ulp difference into a different layout.
    style = FONT.replace("14px", "16px")
    lines = '<tspan x="0" y="-0.1em" dy="1.1em">Ab</tspan>' + '<tspan x="0" dy="1.1em">Ab</tspan>' * 2
    boxes = _boxes(
        engine,
        f"<text id='t' y='-10.1' style='{style}'>{lines}</text>"
        f"<text style='{style}'><tspan id='a' y='10' dy='5'>a</tspan>"
        "<tspan id='b' y='10'>b</tspan><tspan id='d' x='20'>d</tspan></text>",
        "tabd",
    )
    assert boxes == {
        "t": [0, 1, 20.328125, 54.20000457763672],
        "a": [0, 0, 9.609375, 19],  # y 10 + dy 5
        "b": [9.609375, -5, 9.609375, 19],  # a new absolute y drops the earlier dy
        "d": [20, -5, 9.609375, 19],
    }


def test_path_coordinates_are_32_bit_floats_as_in_skia(engine: QuickJSEngine) -> None:
    boxes = _boxes(engine, '<path id="q" d="M0.1 0.2l0.1 0.2l0.1 0.2"/>', "q")
    assert boxes["q"] == [0.10000000149011612, 0.20000000298023224, 0.20000001788139343, 0.40000003576278687]


def test_a_stylesheet_text_anchor_beats_the_presentation_attribute_in_the_box(engine: QuickJSEngine) -> None:
    # Ishikawa's head label: text-anchor="start" on the element, text-anchor: middle in its CSS.
    # Chromium centres it (CSS rules outrank presentation attributes).
    box = run(
        engine,
        f"""svg.innerHTML = {
            json.dumps(
                "<style>.head-label { text-anchor: middle; }</style>"
                f"<text class='head-label' text-anchor='start' style='{FONT}'>Problem</text>"
            )
        };
        const b = svg.querySelector("text").getBBox();
        return [b.x, b.width];""",
    )
    assert box[0] == pytest.approx(-box[1] / 2, abs=1e-4)


def test_a_nested_svg_counts_its_content_fitted_from_its_viewbox_into_its_width_and_height(
    engine: QuickJSEngine,
) -> None:
    # An Iconify icon is a nested <svg width=80 height=80 viewBox="0 0 256 264">; Mermaid places
    # icon shapes and architecture services by the group's box. Counting the content at 256 units
    # put a logos:postgresql icon 200 px off its node and widened the diagram by a third.
    result = run(
        engine,
        """const g = document.createElementNS(NS, "g");
        const icon = document.createElementNS(NS, "svg");
        icon.setAttribute("x", "10"); icon.setAttribute("width", "80"); icon.setAttribute("height", "80");
        icon.setAttribute("viewBox", "0 0 256 264");
        const r = document.createElementNS(NS, "rect");
        r.setAttribute("width", "256"); r.setAttribute("height", "264");
        icon.appendChild(r); g.appendChild(icon); svg.appendChild(g);
        const box = g.getBBox();
        return [box.x, box.y, box.width, box.height];""",
    )
    scale = 80 / 264
    assert result == pytest.approx([10 + (80 - 256 * scale) / 2, 0, 256 * scale, 80], abs=1e-4)
