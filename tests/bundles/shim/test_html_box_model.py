"""The shim's full HTML box model (html_layout.js, html_boxes.js), against Chromium's numbers.

markmap measures each label as ``scrollWidth`` x ``scrollHeight`` of an inline-block in a
``<foreignObject>``, styled by markmap's CSS with the font ``300 16px/20px Arial``. The expected
sizes are what Chromium 156 (Debian, fonts-liberation) reported for the same markup in the same
structure (markmap 0.18.12's stylesheet).
"""

from __future__ import annotations

import json

import pytest

from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine

# A page like markmap's: its stylesheet in the <svg>, a label as markmap-view builds it.
PAGE = """(function () {
  const SVG = "http://www.w3.org/2000/svg", HTML = "http://www.w3.org/1999/xhtml";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("id", "mm");
  svg.setAttribute("class", "markmap mm");
  svg.style.setProperty("--markmap-font", "300 16px/20px Arial");
  const style = document.createElementNS(SVG, "style");
  style.textContent = markmap.globalCSS;
  svg.appendChild(style);
  document.body.appendChild(svg);
  globalThis.__label = function (html, maxWidth) {
    svg.style.setProperty("--markmap-max-width", maxWidth ? maxWidth + "px" : "9999px");
    const fo = document.createElementNS(SVG, "foreignObject");
    fo.setAttribute("class", "markmap-foreign");
    const outer = document.createElementNS(HTML, "div");
    const inner = document.createElementNS(HTML, "div");
    inner.innerHTML = html;
    outer.appendChild(inner);
    fo.appendChild(outer);
    svg.appendChild(fo);
    return inner.scrollWidth + "x" + inner.scrollHeight;
  };
  return 1;
})()"""


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    engine = QuickJSEngine(markmap_bundle())  # the markmap bundle turns the full model on
    engine.eval(PAGE)
    return engine


def scroll_size(engine: QuickJSEngine, html: str, max_width: int | None = None) -> str:
    return str(engine.eval(f"__label({json.dumps(html)}, {json.dumps(max_width)})"))


CHROMIUM = [
    ("Hello world", "79x20"),
    # inline code: 14 px DejaVu Sans Mono, its 0.25em padding overflows the 20 px line
    ("<code>inline code</code>", "100x22"),
    ("a <code>b</code><br>c <code>d</code>", "29x42"),
    # a code block: the last newline makes no line; padding on the block
    ("<pre><code>a\n\n\nb\n</code></pre>", "15x87"),
    ("<strong>bold</strong> and <em>it</em> <s>del</s> <mark>mark</mark>", "143x20"),
    # collapsed 1 px borders, 1 px cell padding, header cells bold
    (
        (
            '<table><thead><tr><th>a</th><th>bb</th></tr></thead><tbody><tr><td>1</td><td style="text-align:right">'
            "22</td></tr></tbody></table>"
        ),
        "35x47",
    ),
    ('<table><tr><td colspan="2">wide cell here</td></tr><tr><td>a</td><td>b</td></tr></table>', "102x47"),
    # markmap's task checkbox: a 16 x 16 <svg> on the baseline makes the line taller
    ('<svg width="16" height="16" viewBox="0 -3 24 24"><path d="M1 1"/></svg> done', "56x21"),
    ("a<sup>2</sup>", "16x25"),
    ("H<sub>2</sub>O", "31x25"),
    ("<h2>Title</h2>text", "49x80"),
    ("<blockquote>quote</blockquote>", "120x52"),
    ("<ul><li>one</li><li>two</li></ul>", "67x72"),
    ("<p>a</p><p>b</p>", "9x40"),
    # the space before the link kerns with its first letter (one shaping run in Chromium)
    ('Read the <a href="x">Awesome</a>', "138x20"),
    # script and style are not drawn; a <template>'s content neither, and it ends at </template>
    (
        "<pre><code><script>x</script>\n\n<template>\n  <b>t</b>\n</template>\n\n<style scoped>y</style>\n</code></pre>",
        "7x107",
    ),
    ("a&#8203;b long&#8203;word", "87x20"),
    ('<iframe src="x"></iframe>', "304x159"),
]


@pytest.mark.parametrize(("html", "size"), CHROMIUM, ids=[html[:40] for html, _ in CHROMIUM])
def test_a_labels_scroll_size_is_what_chromium_reports(engine: QuickJSEngine, html: str, size: str) -> None:
    assert scroll_size(engine, html) == size


@pytest.mark.parametrize(
    ("html", "size"),
    [
        ("A fairly long label that will need to wrap onto several lines when narrow", "200x60"),
        ("averyveryverylongwordthatcannotbreakanywhereatall and more", "378x40"),
        ("<code>some code that is long enough to wrap</code> text", "200x42"),
        ("<table><tr><td>a long cell content here</td><td>another long cell content</td></tr></table>", "200x44"),
    ],
)
def test_a_max_width_wraps_labels_as_chromium_does(engine: QuickJSEngine, html: str, size: str) -> None:
    assert scroll_size(engine, html, max_width=200) == size


def test_a_font_shorthand_made_of_a_variable_is_expanded_once_it_is_substituted(engine: QuickJSEngine) -> None:
    style = engine.eval(
        "(function () { const fo = document.querySelector('foreignObject');"
        " const s = __printerHtmlLayout.styleOf(fo.firstChild.firstChild);"
        " return [s['font-family'], s.sizePx, s.weightNum, s['line-height']].join('|'); })()"
    )

    assert style == "Arial|16|300|20px"


def test_calc_of_lengths_sets_a_font_size(engine: QuickJSEngine) -> None:
    assert engine.eval("__printerCss.absoluteFontSize('calc(1em - 2px)', 16)") == 14
    assert engine.eval("__printerCss.absoluteFontSize('calc(50% + 0.5em + 1px)', 20)") == 21


def test_an_svg_transform_reads_back_as_one_matrix_of_32_bit_floats(engine: QuickJSEngine) -> None:
    matrix = engine.eval(
        "(function () { const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');"
        " g.setAttribute('transform', 'translate(376, -94.1) scale(2)');"
        " const m = g.transform.baseVal.consolidate().matrix; return [m.a, m.d, m.e, m.f].join(',') +"
        " '|' + (document.createElementNS('http://www.w3.org/2000/svg', 'g').transform.baseVal.consolidate()); })()"
    )

    assert matrix == f"2,2,376,{json.loads(engine.eval('JSON.stringify(Math.fround(-94.1))'))}|null"


def test_the_template_of_inner_html_holds_only_what_is_inside_it(engine: QuickJSEngine) -> None:
    parsed = engine.eval(
        "(function () { const d = document.createElement('div');"
        " d.innerHTML = '<template><b>in</b></template><i>out</i>';"
        " return d.childNodes.length + '|' + d.lastChild.localName + '|' + d.textContent; })()"
    )

    assert parsed == "2|i|out"


# Builds a label like __label, without measuring it; `label(html)` -> [fo, outer, inner].
KEPT_HELPERS = """(function () {
  const SVG = "http://www.w3.org/2000/svg", HTML = "http://www.w3.org/1999/xhtml";
  const svg = document.getElementById("mm");
  svg.style.setProperty("--markmap-max-width", "9999px");
  globalThis.__build = function (html, outerStyle) {
    const fo = document.createElementNS(SVG, "foreignObject");
    fo.setAttribute("class", "markmap-foreign");
    fo.setAttribute("width", "300");
    fo.setAttribute("height", "40");
    const outer = document.createElementNS(HTML, "div");
    if (outerStyle) outer.setAttribute("style", outerStyle);
    const inner = document.createElementNS(HTML, "div");
    inner.innerHTML = html;
    outer.appendChild(inner);
    fo.appendChild(outer);
    svg.appendChild(fo);
    return [fo, outer, inner];
  };
  // What convertAll draws of a label: its text runs and where they go.
  globalThis.__drawn = function (fo) {
    const box = __printerHtmlLayout.layoutBox(fo, 300, 40);
    return JSON.stringify(box.lines.map((l) => [l.baseline, l.frags.map((f) => [f.text, f.x, f.style["font-size"]])]));
  };
  return 1;
})()"""


def test_a_measured_labels_layout_is_used_again_only_while_what_it_was_made_from_holds(engine: QuickJSEngine) -> None:
    engine.eval(KEPT_HELPERS)
    # Measured, then restyled around it (as d3 fades a label in), then drawn: as a fresh label.
    engine.eval(
        "globalThis.__a = __build('Hello <code>code</code> world'); __a[2].scrollWidth;"
        " globalThis.__fresh = __build('Hello <code>code</code> world');"
    )
    assert engine.eval("__a[2]._keptLayout !== null && __a[2]._keptLayout !== undefined") is True
    engine.eval("__a[0].style.setProperty('opacity', '1')")
    assert engine.eval("!!__a[2]._keptLayout") is True
    assert engine.eval("__drawn(__a[0]) === __drawn(__fresh[0])") is True
    # Its text changes: the kept layout is dropped, and it measures as a fresh label of that text.
    engine.eval(
        "__a[2].firstChild.data = 'Hello wider '; globalThis.__b = __build('Hello wider <code>code</code> world');"
    )
    assert engine.eval("!__a[2]._keptLayout") is True
    assert engine.eval("__a[2].scrollWidth === __b[2].scrollWidth && __drawn(__a[0]) === __drawn(__b[0])") is True
    # An inherited style changes outside it (kept, but no longer what it was made from).
    engine.eval("globalThis.__c = __build('Hello world'); __c[2].scrollWidth;")
    engine.eval(
        "__c[1].setAttribute('style', 'font-size: 24px'); globalThis.__d = __build('Hello world', 'font-size: 24px');"
    )
    assert engine.eval("!!__c[2]._keptLayout") is True
    assert engine.eval("__c[2].scrollWidth === __d[2].scrollWidth && __drawn(__c[0]) === __drawn(__d[0])") is True
    assert engine.eval("__d[2].scrollWidth > 100") is True


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_a_shrink_to_fit_labels_lines_are_aligned_in_the_width_it_takes(engine: QuickJSEngine, align: str) -> None:
    # Shrink-to-fit lays a label out unbounded to find its width, then in that width; the
    # unbounded lines may stand for the second layout only where no line moves with the width.
    engine.eval(KEPT_HELPERS)
    lines = json.loads(
        engine.eval(
            "(() => { const [fo, , inner] = __build('a much longer line<br>x');"
            f" inner.style.setProperty('text-align', '{align}'); inner.scrollWidth;"
            " const box = __printerHtmlLayout.layoutBox(fo, 300, 40);"
            " return JSON.stringify(box.lines.filter((l) => l.frags.length).map((l) => [l.frags[0].x, l.width])); })()"
        )
    )

    (long_x, long_width), (short_x, short_width) = lines
    free = long_width - short_width
    assert free > 50
    expected = {"left": 0, "center": engine.eval(f"__printerHtmlLayout.toLayoutUnit({free} / 2)"), "right": free}[align]
    assert short_x - long_x == pytest.approx(expected)


def test_drawing_a_measured_label_leaves_its_kept_layout_as_it_was(engine: QuickJSEngine) -> None:
    # Layouts share the lines they do not move (and a kept layout is drawn from again): placing
    # an inline-block's lines must make new ones rather than mark the kept ones.
    engine.eval(KEPT_HELPERS)
    engine.eval("globalThis.__e = __build('Hello <code>code</code> world'); __e[2].scrollWidth;")
    first = engine.eval("__drawn(__e[0])")

    assert engine.eval("__e[2]._keptLayout.box.lines.every((line) => !line.nested)") is True
    assert engine.eval("__drawn(__e[0])") == first
