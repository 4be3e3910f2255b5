"""markmap's load-time transforms: each fits the vendored file exactly, can be switched off, and
markmap builds exactly the same tree, and draws exactly the same map, with and without them (run
side by side)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.markmap.transforms import MARKMAP_LIB_TRANSFORMS, MARKMAP_VIEW_TRANSFORMS
from mermaid_printer.engine.bundle import SourcePatch
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.resources import vendored_file

MARKMAP_LIB = vendored_file("markmap/markmap-lib.iife.js")
MARKMAP_VIEW = vendored_file("markmap/markmap-view.js")
_TRANSFORMED = [(MARKMAP_LIB, MARKMAP_LIB_TRANSFORMS), (MARKMAP_VIEW, MARKMAP_VIEW_TRANSFORMS)]


@pytest.mark.parametrize(("path", "transforms"), _TRANSFORMED, ids=["markmap-lib", "markmap-view"])
def test_every_transform_fits_its_vendored_file_exactly(path: Path, transforms: tuple[SourcePatch, ...]) -> None:
    source = path.read_text(encoding="utf-8")
    for transform in transforms:
        assert source.count(transform.find) == transform.count, transform.name
    script = next(s for s in markmap_bundle(transforms=True).scripts if s.path == path)
    assert script.transforms == transforms
    assert script.source() != source


@pytest.mark.parametrize("path", [MARKMAP_LIB, MARKMAP_VIEW], ids=["markmap-lib", "markmap-view"])
def test_without_transforms_markmap_loads_as_shipped(path: Path) -> None:
    bundle = markmap_bundle(transforms=False)
    script = next(s for s in bundle.scripts if s.path == path)
    assert script.source() == path.read_text(encoding="utf-8")
    assert bundle.fingerprint() != markmap_bundle(transforms=True).fingerprint()


# Documents whose trees go through every path of the cache: markmap's own selectors (headings,
# nested and ordered lists, a paragraph image, a table, code), and front matter naming selectors
# of its own (markmap.htmlParser): a descendant combinator (css-select's cached descendant test),
# a positional filter (never cached), and one that is not a selector at all.
_DOCUMENTS = [
    "# A\n\n## B\n\n- one\n  - [two](https://x.test) `code` **bold**\n\n1. first\n2. second\n",
    "# T\n\n![alt](i.png)\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nx\n```\n\n<!-- markmap: fold -->\n- folded\n  - child\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,h2,li,ul li,ol'\n---\n# A\n- a\n  - b\n    - c\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,li:first,ul'\n---\n# A\n- a\n- b\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,,li['\n---\n# A\n- a\n",
    # the tokenizer's runs: entities in text and in quoted attribute values (double, single; with
    # and without ";"), raw HTML, a "<" that opens no tag, text ending the input
    (
        '# A &amp; B &copy 2024 &lt;tag&gt;\n\n- [q](https://x.test/?a=1&b=2&amp;c=3 "t &quot;x&quot;")\n'
        '- <span title=\'it&#39;s &amp; "so"\' data-x="1 &lt; 2">raw</span> & 3 < 4 >\n'
        "- <abbr title=plain&amp;value>u</abbr> tail &nbsp text"
    ),
]

_TRANSFORM_ALL = """JSON.stringify(%s.map((doc) => {
  try {
    const { root, features, frontmatter } = new markmap.Transformer().transform(doc);
    return { root, features, frontmatter };
  } catch (e) {
    return { error: String(e && e.name) + ": " + String(e && e.message) };
  }
}))"""


@pytest.mark.engine
def test_markmap_builds_the_same_trees_with_and_without_the_transforms() -> None:
    script = _TRANSFORM_ALL % json.dumps(_DOCUMENTS)
    results = []
    for transforms in (False, True):
        engine = QuickJSEngine(markmap_bundle(transforms=transforms))
        # twice: the second run reuses what the first compiled
        results.append([json.loads(engine.eval(script)) for _ in range(2)])
    assert results[0][0] == results[0][1] == results[1][0] == results[1][1]
    assert "error" in results[0][0][4]
    assert all("root" in tree for tree in results[0][0][:4])


# An outline of 1 + 4 × 9 = 37 nodes: 36 links, each drawn with d3's insert("path", "g").
_OUTLINE = "# Root\n\n" + "".join(
    f"## Branch {b}\n\n"
    + "".join(f"- leaf {b}.{i} with `code` and [a link](https://x.test/{b}/{i})\n" for i in range(8))
    + "\n"
    for b in range(4)
)

# Counts the queries for the first "g" (d3's insert("path", "g") asks one per link upstream).
_COUNT_G_QUERIES = """(() => {
  const query = Element.prototype.querySelector;
  globalThis.__gQueries = 0;
  Element.prototype.querySelector = function (selector) {
    if (selector === "g") globalThis.__gQueries += 1;
    return query.call(this, selector);
  };
})()"""


@pytest.mark.engine
def test_markmap_view_finds_the_links_anchor_once_and_draws_the_same_map() -> None:
    """link-anchor-once: one query for the map's first group instead of one per link, and the
    same SVG bytes as markmap-view as shipped."""
    job = MarkmapRenderJob(markdown=_OUTLINE, options={}, timeout_ms=0)
    drawn = {}
    queries = {}
    for transforms in (False, True):
        engine = QuickJSEngine(markmap_bundle(transforms=transforms))
        worker.warm_up(engine)
        engine.eval(_COUNT_G_QUERIES)
        drawn[transforms] = worker.render(engine, job)
        queries[transforms] = engine.eval("globalThis.__gQueries")
    assert drawn[True].node_count == 37
    assert queries == {False: 36, True: 1}
    assert drawn[True].data == drawn[False].data
    assert drawn[True].data.count(b'class="markmap-link"') == 36


# cheerio as markmap-lib bundles it, published for this test only (its IIFE keeps it local).
_PUBLISH_CHEERIO = SourcePatch(
    name="publish-cheerio (test only)",
    find="  function buildTree(html2, opts) {",
    replace="  globalThis.__cheerioLoad = load;\n  function buildTree(html2, opts) {",
)

# Selector answers that depend on the options a compiled query was made with: XML mode matches
# tag names case-sensitively. Asked in both orders, so a cache that mixed the two would differ.
_ANSWERS_BY_OPTIONS = """JSON.stringify([0, 1].map(() => {
  const html = __cheerioLoad("<ul><li class='a'>x</li></ul>");
  const xml = __cheerioLoad("<ul><LI class='a'>x</LI></ul>", { xml: true });
  return [
    html("li").is("LI"), xml("LI").is("li"), xml("LI").is("LI"), html("li").is("li.a"),
    html("li").closest("UL").length, xml("LI").closest("ul").length, xml("LI").closest("ul, ul").length,
    html("ul").children().filter("LI").length, xml("ul").children().filter("li").length,
    html("li").is(() => true), html("li").is("ul li"), xml("LI").is("ul LI"),
    html("li").contents().is("li"), html("li").contents().is("*"), html("ul, li").is("li"), html("nothing").closest("li[").length,
    html("li").closest((i, el) => el.name === "ul").length,
    ...[() => html("nothing").is("li["), () => html("li").is("li[")].map((ask) => { try { return ask(); } catch (e) { return e.name; } }),
    ...["li[", "li:first"].map((bad) => { try { return html("li").closest(bad).length; } catch (e) { return e.name; } }),
  ];
}))"""


@pytest.mark.engine
def test_compiled_selectors_are_kept_apart_by_the_options_they_were_compiled_with() -> None:
    answers = []
    for transforms in (False, True):
        engine = QuickJSEngine(markmap_bundle(transforms=transforms).with_transform(MARKMAP_LIB.name, _PUBLISH_CHEERIO))
        answers.append(json.loads(engine.eval(_ANSWERS_BY_OPTIONS)))
    assert answers[0] == answers[1]
    first = answers[1][0]
    assert first[:4] == [True, False, True, True]
    assert first[12:] == [False, False, True, 0, 1, "Error", "Error", "Error", 1]
    assert answers[1][0] == answers[1][1]


# Transitions of duration 0 on a small drawing, made by d3 (`real`) or at once
# (`__printerMarkmapFastPaths.transitionAtOnce`), then the timers run out; the markup after.
_TRANSITIONS = """(function (atOnce) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = d3.select(document.body).append("svg");
  const make = (sel) => (atOnce && __printerMarkmapFastPaths.canTransitionAtOnce(sel)
    ? __printerMarkmapFastPaths.transitionAtOnce(sel) : sel.transition().duration(0));
  const g = svg.selectAll("g").data([1, 2, 3]).join("g")
    .attr("transform", (d) => `translate(${d},${d * 2})`).attr("data-k", "same");
  g.append("line").attr("stroke", "#d62728").attr("x1", 0);
  g.append("circle").attr("r", 0);
  g.append("foreignObject").style("opacity", 0).style("color", "red");
  g.append("path").attr("d", "M0,0C1,1,2,2,3,3");
  make(g).attr("transform", (d) => `translate(${d * 10.5},${-d})`).attr("data-k", "same")
    .attr("data-gone", (d) => (d === 2 ? null : "kept")).attr("xlink:href", (d) => "#n" + d);
  make(g.select("line")).attr("stroke", (d) => d3.schemeCategory10[d]).attr("x1", -1).attr("stroke-width", (d) => d / 3);
  make(g.select("circle")).attr("r", 6).attr("stroke-width", "1.5");
  make(g.select("foreignObject")).style("opacity", 1).style("color", "#0097e6");
  make(g.select("path")).attr("d", "M5,5C6.25,6,7,8,9.125,10");
  svg.append("rect").attr("width", 1);
  make(svg.select("rect")).attr("width", 5).remove();
  const again = g.filter((d) => d === 1);
  make(again).attr("data-first", "a");
  make(again).attr("data-second", "b"); // a node already waiting: a real transition
  for (let i = 0; i < 50 && __printerEnv.pendingTimers() > 0; i++) __printerEnv.runTimers();
  const markup = svg.node().outerHTML;
  svg.remove();
  return markup;
})"""


@pytest.mark.engine
def test_transitions_made_at_once_set_what_d3_sets() -> None:
    """transitions-at-once: the same attribute and style values as d3's transitions of duration
    0 (its interpolators: a transform decomposed, colours as rgb(), numbers, path strings),
    attributes a function leaves out removed, namespaced names, removal at the end."""
    engine = QuickJSEngine(markmap_bundle(transforms=True))
    real = engine.eval(f"{_TRANSITIONS}(false)")
    at_once = engine.eval(f"{_TRANSITIONS}(true)")
    assert at_once == real
    assert real.count("<g") == 3
    assert "<rect" not in real  # removed at its end
    assert 'transform="translate(10.5, -1)"' in real
    assert 'stroke="rgb(255, 127, 14)"' in real
    assert real.count("data-gone") == 2  # removed from the second node only
    assert 'href="#n1"' in real  # set through setAttributeNS (xlink)
    assert "opacity: 1" in real
    assert 'data-first="a"' in real and 'data-second="b"' in real


# Numbers in every form a plain translate() may hold, and pairs of them: equal, different, zero,
# negative zero, exponents, beyond 32-bit precision and beyond its range.
_TRANSLATE_NUMBERS = [
    "0",
    "-0",
    "+0",
    "230",
    "-642.875",
    "10.1",
    "457.0000001",
    ".5",
    "5.",
    "1e-7",
    "-1.5E3",
    "16777217",
    "3.4e38",
    "1e39",
    "-1e39",
]
_TRANSLATE_FORMS = [
    None,
    "",
    "translate(10,20)",
    "translate(10, 20)",
    "translate(10)",
    "scale(2)",
    "translate(1,2) rotate(30)",
    " translate(3,4)",
]
_TRANSLATE_PAIRS = """(function (numbers, forms) {
  const values = forms.slice();
  for (const x of numbers) for (const y of numbers) values.push(`translate(${x},${y})`);
  const out = [];
  for (const from of values) {
    for (const to of values) {
      if (to === null) continue;
      const fast = __printerMarkmapFastPaths.translateAtOnce(from, to);
      const real = d3.interpolateTransformSvg(from, to)(1);
      out.push([from, to, fast === undefined ? null : fast, real]);
    }
  }
  return JSON.stringify(out);
})"""


def test_a_translation_made_at_once_is_what_d3_interpolates_to() -> None:
    """transitions-at-once writes a plain translate() (markmap-view's node positions) without
    d3's DOM parse of it: for every pair of transforms the fast path takes, the value is d3's
    interpolateTransformSvg at t = 1, byte for byte, and the pairs it must not take (another
    form, a number beyond a 32-bit float) go to d3."""
    engine = QuickJSEngine(markmap_bundle(transforms=True))
    pairs = json.loads(
        engine.eval(f"{_TRANSLATE_PAIRS}({json.dumps(_TRANSLATE_NUMBERS)}, {json.dumps(_TRANSLATE_FORMS)})")
    )
    taken = [(source, target, fast, real) for source, target, fast, real in pairs if fast is not None]
    assert [(s, t, f) for s, t, f, r in taken if f != r] == []
    left = {(source, target) for source, target, fast, _real in pairs if fast is None}
    plain = re.compile(r"translate\((?!-?1e39)[^, ]+,(?!-?1e39)[^, ]+\)")

    def takes(value: str | None) -> bool:
        return value in (None, "") or plain.fullmatch(value or "") is not None

    assert {(s, t) for s, t, _f, _r in pairs if takes(s) and takes(t)}.isdisjoint(left)
    assert ("scale(2)", "translate(10,20)") in left and ("translate(0,1e39)", "translate(0,0)") in left
    assert ("translate(10, 20)", "translate(0,0)") in left  # not markmap's form: d3 reads it
    assert any(real == "" for _s, _t, fast, real in taken)  # translate(0,0) from nothing: no value
    assert ("translate(-0,0)", "translate(0,-0)", "", "") in taken
