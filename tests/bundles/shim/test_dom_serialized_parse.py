"""dom.js: markup an element's ``innerHTML`` just gave is parsed from the tree it was written from.

DOMParser reads such markup by rebuilding the tree (``rebuildSerialized``) instead of scanning
the text, and must make exactly the nodes the parser makes of the text. Each test builds a tree,
reads its ``innerHTML`` and parses that markup twice: right away (the tree may be read) and after
another element's ``innerHTML`` was read (the text is parsed). Both documents are compared node by
node: type, namespace, prefix, local name, attributes in order (namespace, prefix, local name,
value), text.

Whether the tree was read is observed with a probe: after ``innerHTML`` the value of an ``Attr``
object is changed in place, which changes no version of the DOM (the shim keeps the value as a
plain field); a document rebuilt from the tree carries the probe, one parsed from the text does
not.

The last test is property-based (``tests/fuzzing.py``: short and derandomized by default,
``MERMAID_PRINTER_FUZZ=long`` for many random trees): any tree built from a vocabulary of what
the parser treats specially makes the same document both ways. Taking out one of the read-back's
declines makes it fail: without the prefix check 22 of 1,500 random trees differ, without the
void-element check 2 of 1,500 (about a quarter of the trees are read from the tree).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fuzzing import fuzz_settings
from hypothesis import given, note
from hypothesis import strategies as st

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine

# holderWithProbe(): a <div> holding an <svg> whose first child is the probe (an SVG <desc> with
# one attribute); a test adds its tree to the <svg>. parseBoth(): the holder's markup parsed both
# ways, whether they agree, and whether the first was read from the tree.
HELPERS = r"""
const SVG = "http://www.w3.org/2000/svg", XLINK = "http://www.w3.org/1999/xlink";
function describe(node) {
  if (node.nodeType === 3) return ["#text", node.data];
  if (node.nodeType === 8) return ["#comment", node.data];
  const attrs = Array.from(node.attributes).map((a) => [a.namespaceURI, a.prefix, a.localName, a.value]);
  return [node.namespaceURI, node.prefix, node.localName, attrs, Array.from(node.childNodes).map(describe)];
}
function parseBoth(holder, probe) {
  const html = holder.innerHTML;
  if (probe) probe.attributes[0].value = "probe";
  const fast = new DOMParser().parseFromString(html, "text/html");
  if (probe) probe.attributes[0].value = "original";
  document.createElement("i").innerHTML;  // another element's markup was read last
  const slow = new DOMParser().parseFromString(html, "text/html");
  const fromTree = fast.body.innerHTML.includes('data-probe="probe"');
  // (the probe's value apart)
  const fastTree = JSON.stringify(describe(fast.body)).replace('"data-probe","probe"', '"data-probe","original"');
  return { same: fastTree === JSON.stringify(describe(slow.body)), fromTree,
           slow: describe(slow.body) };
}
function holderWithProbe() {
  const holder = document.createElement("div");
  const svg = document.createElementNS(SVG, "svg");
  const probe = document.createElementNS(SVG, "desc");
  probe.setAttribute("data-probe", "original");
  svg.appendChild(probe);
  holder.appendChild(svg);
  return { holder, svg, probe };
}
"""


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    engine = QuickJSEngine(mermaid_bundle())
    engine.eval(
        f"globalThis.__t = (function () {{ {HELPERS} return {{ parseBoth, holderWithProbe, SVG, XLINK }}; }})(); 0"
    )
    return engine


def parse_both(engine: QuickJSEngine, build: str) -> dict[str, Any]:
    """Runs `build` (JavaScript with `t`, and `holder`, `svg`, `probe` from holderWithProbe in
    scope, which may add to `svg`) and parses the holder's markup both ways."""
    source = (
        "(function () { const t = __t; const { holder, svg, probe } = t.holderWithProbe(); "
        f"{build}\n return JSON.stringify(t.parseBoth(holder, probe)); }})()"
    )
    both: dict[str, Any] = json.loads(engine.eval(source))
    return both


def test_a_drawing_like_mermaids_is_rebuilt_as_the_parser_reads_its_markup(engine: QuickJSEngine) -> None:
    result = parse_both(
        engine,
        r"""
        svg.setAttribute("viewBox", "0 0 10 10");
        svg.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:xlink", t.XLINK);
        const style = document.createElement("style");  // Mermaid puts an HTML <style> in its <svg>
        style.textContent = "#a .b > .c { fill: red; } .d::after { content: 'x' }";
        svg.appendChild(style);
        const defs = document.createElementNS(t.SVG, "defs");
        const gradient = document.createElementNS(t.SVG, "linearGradient");
        gradient.setAttribute("id", "g1");
        defs.appendChild(gradient);
        svg.appendChild(defs);
        const use = document.createElementNS(t.SVG, "use");
        use.setAttributeNS(t.XLINK, "xlink:href", "#g1");
        use.setAttribute("xml:space", "preserve");
        svg.appendChild(use);
        const text = document.createElementNS(t.SVG, "text");
        text.setAttribute("title", 'quote " amp & lt < nbsp \u00a0 ctl \u0001');
        text.appendChild(document.createTextNode("a < b & c > d \u00a0 &amp; \u0002"));
        text.appendChild(document.createTextNode(""));
        text.appendChild(document.createTextNode(" joined"));
        svg.appendChild(text);
        const fo = document.createElementNS(t.SVG, "foreignObject");
        const div = document.createElement("div");
        div.setAttribute("class", "label");
        const span = document.createElement("span");
        span.appendChild(document.createTextNode("one"));
        span.appendChild(document.createElement("br"));
        span.appendChild(document.createTextNode("two"));
        div.appendChild(span);
        div.appendChild(document.createElement("p"));
        fo.appendChild(div);
        svg.appendChild(fo);
        const empty = document.createElementNS(t.SVG, "rect");
        svg.appendChild(empty);
        const math = document.createElementNS("http://www.w3.org/1998/Math/MathML", "math");
        math.appendChild(document.createElementNS("http://www.w3.org/1998/Math/MathML", "mi"));
        div.appendChild(math);
        """,
    )
    assert result["fromTree"] is True
    assert result["same"] is True
    svg = result["slow"][4][0]
    kinds = {node[2]: node[0] for node in svg[4] if isinstance(node, list) and len(node) == 5}
    assert kinds["style"] == "http://www.w3.org/2000/svg"  # read as the SVG element the markup makes
    assert any(node[2] == "linearGradient" for node in svg[4][2][4])


def test_text_and_attributes_are_what_the_parser_decodes(engine: QuickJSEngine) -> None:
    result = parse_both(
        engine,
        r"""
        const g = document.createElementNS(t.SVG, "g");
        g.setAttribute("data-x", "&lt; stays as written, \u0003 is dropped");
        g.setAttributeNS(null, "a:b", "first");
        g.setAttributeNS("urn:other", "a:b", "second of the same name");
        g.appendChild(document.createTextNode("\ud800 lone surrogate, pair \ud83d\ude00"));
        svg.appendChild(g);
        """,
    )
    assert result["fromTree"] is True
    assert result["same"] is True
    g = result["slow"][4][0][4][1]
    assert g[3] == [[None, None, "data-x", "&lt; stays as written,  is dropped"], [None, None, "a:b", "first"]]
    assert g[4] == [["#text", " lone surrogate, pair \U0001f600"]]


@pytest.mark.parametrize(
    ("case", "build"),
    [
        ("a comment", "svg.appendChild(document.createComment('note'));"),
        ("a prefixed element", "svg.appendChild(document.createElementNS(t.SVG, 'svg:g'));"),
        (
            "an empty SVG element in a foreignObject (read as an HTML element left open)",
            (
                "const fo = document.createElementNS(t.SVG, 'foreignObject'); "
                "fo.appendChild(document.createElementNS(t.SVG, 'rect')); "
                "fo.appendChild(document.createElement('span')); svg.appendChild(fo);"
            ),
        ),
        (
            "an HTML void element with children",
            (
                "const fo = document.createElementNS(t.SVG, 'foreignObject'); const br = document.createElement('br'); "
                "br.appendChild(document.createTextNode('inside')); fo.appendChild(br); svg.appendChild(fo);"
            ),
        ),
        (
            "an HTML raw-text element where the parser reads one",
            (
                "const fo = document.createElementNS(t.SVG, 'foreignObject'); const style = document.createElement('style'); "
                "style.textContent = 'b { color: red }'; fo.appendChild(style); svg.appendChild(fo);"
            ),
        ),
        (
            "raw text holding markup",
            "const style = document.createElement('style'); style.textContent = 'a<b>c'; svg.appendChild(style);",
        ),
        (
            "raw text holding a reference",
            (
                "const style = document.createElement('style'); style.textContent = '.a::after { content: \"&amp;\" }'; "
                "svg.appendChild(style);"
            ),
        ),
        ("an attribute name the parser splits", "svg.lastChild.setAttribute('a b', '1');"),
        ("a tag name the parser does not read as one", "svg.appendChild(document.createElementNS(t.SVG, '1g'));"),
        (
            "a tag name longer than the parser reads",
            "svg.appendChild(document.createElementNS(t.SVG, 'g'.repeat(151)));",
        ),
        (
            "a template",
            (
                "const fo = document.createElementNS(t.SVG, 'foreignObject'); fo.appendChild(document.createElement('template')); "
                "svg.appendChild(fo);"
            ),
        ),
    ],
)
def test_markup_the_parser_reads_otherwise_is_parsed(engine: QuickJSEngine, case: str, build: str) -> None:
    result = parse_both(engine, build)
    assert result["fromTree"] is False, case
    assert result["same"] is True, case


def test_the_markup_is_parsed_once_anything_changed_or_once_it_was_read(engine: QuickJSEngine) -> None:
    outcome = json.loads(
        engine.eval(
            r"""
            (function () {
              const t = __t;
              const out = {};
              let { holder, svg, probe } = t.holderWithProbe();
              let html = holder.innerHTML;
              svg.setAttribute("width", "5");          // a change after the markup was read
              probe.attributes[0].value = "probe";
              out.afterChange = new DOMParser().parseFromString(html, "text/html").body.innerHTML;
              ({ holder, svg, probe } = t.holderWithProbe());
              html = holder.innerHTML;
              probe.attributes[0].value = "probe";
              out.first = new DOMParser().parseFromString(html, "text/html").body.innerHTML;
              out.second = new DOMParser().parseFromString(html, "text/html").body.innerHTML;
              out.other = new DOMParser().parseFromString(html + " ", "text/html").body.innerHTML;
              return JSON.stringify(out);
            })()
            """
        )
    )
    probed = 'data-probe="probe"'
    assert probed not in outcome["afterChange"] and 'width="5"' not in outcome["afterChange"]
    assert probed in outcome["first"]
    assert probed not in outcome["second"]
    assert probed not in outcome["other"]


# ---- any tree -----------------------------------------------------------------------------------
# Trees from a vocabulary of what the parser treats specially: namespaces, names that switch or
# end them (svg, math, foreignObject), raw-text, void and template elements, names its patterns
# read otherwise, namespaced and duplicate attributes, values and text with references, markup,
# characters XML cannot hold, comments, empty and adjacent texts.
_NAMESPACES = ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML", None]
_TAGS = [
    "g", "rect", "text", "tspan", "svg", "math", "mi", "foreignObject", "foreignobject", "linearGradient",
    "div", "span", "p", "br", "img", "style", "script", "title", "textarea", "template", "DIV", "Style",
    "a:b", "1g", "x y", "body", "html",
]  # fmt: skip
_ATTRIBUTES = [
    (None, "class"), (None, "id"), (None, "viewBox"), (None, "CLASS"), (None, "data-x"), (None, "a b"),
    (None, "x=y"), (None, "a/b"), (None, "xlink:href"), (None, "xml:space"), (None, "xmlns"),
    ("http://www.w3.org/1999/xlink", "xlink:href"), ("http://www.w3.org/XML/1998/namespace", "xml:lang"),
    ("http://www.w3.org/2000/xmlns/", "xmlns:xlink"), ("urn:other", "o:class"), ("urn:other", "class"),
]  # fmt: skip
_TEXTS = st.sampled_from(
    [
        "",
        " ",
        "a",
        "a < b",
        "x & y",
        "&amp;",
        "&lt;p&gt;",
        "</style>",
        "<b>",
        'q"q',
        "\u00a0",
        "\u0001",
        "\ud800",
        "\ud83d\ude00",
        "-->",
    ]
)


def _trees() -> st.SearchStrategy[list[tuple[object, ...]]]:
    """One node spec in a list: ``("t", text)``, ``("c", text)`` or ``("e", ns, tag, attributes, children)``."""
    leaf = st.one_of(st.tuples(st.just("t"), _TEXTS), st.tuples(st.just("c"), _TEXTS))
    return st.recursive(
        leaf,
        lambda children: st.tuples(
            st.just("e"),
            st.sampled_from(_NAMESPACES),
            st.sampled_from(_TAGS),
            st.lists(st.tuples(st.sampled_from(_ATTRIBUTES), _TEXTS), max_size=4),
            st.lists(children, max_size=4),
        ),
        max_leaves=24,
    ).map(lambda tree: [tree])


_BUILD = r"""
(function (specs) {
  function make(spec) {
    if (spec[0] === "t") return document.createTextNode(spec[1]);
    if (spec[0] === "c") return document.createComment(spec[1]);
    const el = document.createElementNS(spec[1], spec[2]);
    for (const [[ns, name], value] of spec[3]) el.setAttributeNS(ns, name, value);
    for (const child of spec[4]) el.appendChild(make(child));
    return el;
  }
  const { holder, svg, probe } = __t.holderWithProbe();
  for (const spec of specs) svg.appendChild(make(spec));
  return JSON.stringify(__t.parseBoth(holder, probe));
})
"""


@fuzz_settings(ci=300, long=20_000)
@given(_trees())
def test_any_tree_read_back_makes_the_document_its_markup_parses_into(
    engine: QuickJSEngine, specs: list[tuple[object, ...]]
) -> None:
    note(json.dumps(specs))
    result = json.loads(engine.eval(f"{_BUILD}({json.dumps(specs)})"))
    assert result["same"] is True
