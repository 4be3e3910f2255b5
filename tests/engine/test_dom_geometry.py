"""geometry.js: the boxes Mermaid reads back from the DOM shim, against Chromium's behaviour.

Each test is a regression found with the fidelity scorer (a corpus diagram laid out differently
from Mermaid in Chromium); the expected values are what Chromium reports.
"""

from __future__ import annotations

import json

import pytest

from mermaid_printer.engine.quickjs_engine import QuickJSEngine

FONT = 'font-family: "Recursive Variable", arial, sans-serif; font-size: 14px'


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine()


def run(engine: QuickJSEngine, body: str) -> object:
    """Evaluate ``body`` (JS statements ending in ``return …``) on a fresh <svg> in the page."""
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


def test_a_stylesheet_text_anchor_beats_the_presentation_attribute(engine: QuickJSEngine) -> None:
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
