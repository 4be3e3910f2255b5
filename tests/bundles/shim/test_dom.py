"""dom.js and env.js: browser behaviour that a vendored bundle depends on.

Each test pins down a behaviour some diagram type needed (named in the test); expected values
are what Chromium does.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine(mermaid_bundle())


def js(engine: QuickJSEngine, body: str) -> Any:
    """The JSON value the JavaScript ``body`` (statements ending in ``return …``) returns."""
    return json.loads(engine.eval(f"JSON.stringify((function () {{ {body} }})())"))


def test_canvas_measure_text_uses_the_same_widths_as_svg_text(engine: QuickJSEngine) -> None:
    # ZenUML sizes participants and messages with canvas measureText (and cytoscape, under
    # architecture and mindmap, sizes labels with it): an 8 px-per-character stub laid them out wrong.
    measured = js(
        engine,
        """
        const ctx = document.createElement("canvas").getContext("2d");
        ctx.font = "bold 14px Helvetica, Verdana, serif";
        const canvas = ctx.measureText("Hello John").width;
        const svg = __printerMeasureText("Hello John", {family: "Helvetica, Verdana, serif", size: 14, weight: "bold", style: "normal"}).width;
        return [canvas, svg];
        """,
    )
    assert measured[0] == measured[1]
    assert measured[0] != len("Hello John") * 8


def test_canvas_font_defaults_and_ignores_values_it_cannot_parse(engine: QuickJSEngine) -> None:
    fonts = js(
        engine,
        """
        const ctx = document.createElement("canvas").getContext("2d");
        const initial = ctx.font;
        ctx.font = "not a font";
        const afterBad = ctx.font;
        ctx.font = "italic 600 12pt Arial";
        return [initial, afterBad, ctx.font, document.createElement("canvas").getContext("webgl")];
        """,
    )
    assert fonts == ["10px sans-serif", "10px sans-serif", "italic 600 12pt Arial", None]


def test_local_storage_is_an_empty_in_memory_store_at_every_render(engine: QuickJSEngine) -> None:
    # ZenUML reads localStorage while its module loads (a ReferenceError before this existed).
    engine.eval('localStorage.setItem("zenumlDebug", 1); sessionStorage.setItem("k", "v")')
    assert js(engine, 'return [localStorage.getItem("zenumlDebug"), localStorage.length, localStorage.key(0)]') == [
        "1",
        1,
        "zenumlDebug",
    ]
    engine.eval("__printerEnv.restore(__printerEnv.snapshot())")
    assert js(engine, 'return [localStorage.getItem("zenumlDebug"), localStorage.length, sessionStorage.length]') == [
        None,
        0,
        0,
    ]


def test_each_render_starts_with_the_head_the_bundles_loaded_into(engine: QuickJSEngine) -> None:
    # ZenUML's module appends ~900 KB of CSS for its React UI to <head> when it loads; left there,
    # the next render in every forked child spent ~2 s parsing it for getComputedStyle.
    config = build_mermaid_config({})
    head_before = js(engine, "return document.head.childNodes.map((n) => n.nodeName)")
    assert engine.call("render", {"code": "zenuml\n  A->B: hi", "config": config})["ok"]
    assert engine.call("render", {"code": 'pie\n  "a" : 1', "config": config})["ok"]
    assert js(engine, "return document.head.childNodes.map((n) => n.nodeName)") == head_before


def test_a_var_with_no_definition_and_no_fallback_makes_the_property_inherit(engine: QuickJSEngine) -> None:
    # gitGraph's stylesheet ends `.branch-label{font-family:'trebuchet ms',…;font-family:var(--mermaid-font-family)}`
    # and nothing defines --mermaid-font-family. Chromium treats the declaration as invalid at
    # computed-value time: it still wins the cascade, and font-family inherits (the label is
    # measured in the diagram's font). Taking it as an empty family put TB/BT branches 1.3-8 px
    # off. A fallback or a defined property is substituted as before.
    families = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("id", "v");
        const style = document.createElementNS(NS, "style");
        style.textContent = "#v{font-family:Arimo;--known:Tinos}" +
          " #v .a{font-family:'Open Sans';font-family:var(--nowhere)}" +
          " #v .b{font-family:var(--nowhere, 'Open Sans')}" +
          " #v .c{font-family:var(--known)}";
        svg.appendChild(style);
        for (const cls of ["a", "b", "c"]) {
          const text = document.createElementNS(NS, "text");
          text.setAttribute("class", cls);
          svg.appendChild(text);
        }
        document.body.appendChild(svg);
        const out = {};
        for (const text of svg.querySelectorAll("text")) out[text.getAttribute("class")] = getComputedStyle(text).fontFamily;
        svg.remove();
        return out;
        """,
    )
    assert families == {"a": "Arimo", "b": "'Open Sans'", "c": "Tinos"}


def test_shared_style_memos_follow_a_change_to_an_ancestor(engine: QuickJSEngine) -> None:
    # Labels share substitution memos keyed by the type, id, class and inline style of the
    # element and of every ancestor (css.js chainKey, memoized per element until a style can next
    # change). A class or inline style set on an ancestor after a lookup must reach the element
    # — the key of the ancestor's ancestors included — and a change elsewhere must not.
    values = js(
        engine,
        """
        const outer = document.createElement("div");
        const inner = document.createElement("div");
        const span = document.createElement("span");
        const style = document.createElement("style");
        style.textContent = ".hot span{color:red} .cold span{color:blue} div > span{--depth:deep}";
        document.head.appendChild(style);
        outer.appendChild(inner);
        inner.appendChild(span);
        document.body.appendChild(outer);
        const read = () => [__printerCss.substitutedValue(span, "color") || null, __printerCss.substitutedValue(span, "--depth") || null];
        const out = [read()];
        outer.setAttribute("class", "hot");
        out.push(read());
        outer.setAttribute("class", "cold");
        out.push(read());
        document.body.appendChild(document.createElement("p"));
        out.push(read());
        outer.setAttribute("style", "--x:1");
        outer.removeAttribute("class");
        inner.setAttribute("class", "hot");
        out.push(read());
        outer.remove();
        style.remove();
        return out;
        """,
    )
    assert values == [
        [None, "deep"],
        ["red", "deep"],
        ["blue", "deep"],
        ["blue", "deep"],
        ["red", "deep"],
    ]


def test_the_cascade_ranks_inline_important_specific_and_later_declarations(engine: QuickJSEngine) -> None:
    # css.js skips matching a rule that could not outrank the best declaration found so far;
    # the winners must stay the ones a browser picks.
    values = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        style.textContent = "#a.b.c{fill:blue} text{stroke:green !important} #d{fill:blue} text{fill:green}" +
          " text{opacity:0.2} text{opacity:0.3} .e text, text.f{stroke-width:3} svg text{stroke-width:4}";
        svg.appendChild(style);
        const make = (attrs) => {
          const text = document.createElementNS(NS, "text");
          for (const [name, value] of Object.entries(attrs)) text.setAttribute(name, value);
          svg.appendChild(text);
          return getComputedStyle(text);
        };
        document.body.appendChild(svg);
        const a = make({ id: "a", class: "b c", style: "fill:red;stroke:red" });
        const d = make({ id: "d", class: "f" });
        const out = [a.fill, a.stroke, d.fill, d.opacity, d.strokeWidth];
        svg.remove();
        return out;
        """,
    )
    assert values == ["red", "green", "blue", "0.3", "3"]


def test_the_cascade_picks_the_same_rule_when_a_property_has_many_rules_indexed_by_key(
    engine: QuickJSEngine,
) -> None:
    # css.js offers an element only the rules of a property filed under its type, under one of
    # its class names or under no key (ruleIndex, from 8 rules on): a C4 diagram's texts were
    # offered ~22 rules each. The winner must be the one a browser picks: every rule that can
    # match is offered, and rank alone (importance, specificity, order), not the order the
    # buckets come in, decides.
    values = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        const fillers = Array.from({ length: 8 }, (_, i) => ".z" + i + "{fill:gray;stroke:gray}").join(" ");
        style.textContent = fillers +
          " .c{fill:red} .b{fill:blue} text{stroke:green} .b text, text.k{stroke:purple}" +
          " [data-x]{fill:orange} *.u{stroke:olive} g > .n{fill:navy} .n{fill:teal}" +
          " .m:not(.b){fill:maroon} .p.q{fill:pink} .q{stroke:black !important} rect{stroke:brown}" +
          " .a\\\\ b{fill:lime}";
        svg.appendChild(style);
        const g = document.createElementNS(NS, "g");
        g.setAttribute("class", "b");
        svg.appendChild(g);
        const make = (tag, attrs, parent) => {
          const el = document.createElementNS(NS, tag);
          for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
          (parent || svg).appendChild(el);
          return getComputedStyle(el);
        };
        document.body.appendChild(svg);
        const styles = [
          make("text", { class: "c b" }),              // .b is later than .c, whichever class comes first
          make("text", { class: "b c" }),
          make("text", { class: "x" }, g),             // .b text (under g.b) beats text
          make("text", { class: "k" }),                // text.k filed under its class, beats text
          make("rect", { "data-x": "1", class: "z3" }), // [data-x] under no key beats .z3 by order; .z3 beats rect
          make("circle", { class: "u" }),              // *.u under its class
          make("circle", { class: "n" }, g),           // g > .n beats the later .n by specificity
          make("circle", { class: "m" }),              // :not() keeps .m's key
          make("circle", { class: "m b" }),
          make("circle", { class: "q p" }),            // .p.q needs both; .q is !important
          make("circle", { class: "q" }),
          make("circle", { class: "  a  b " }),        // white space around class names: .b, not ".a b"
          make("circle", { class: "a b" }),            // ".a b" (no key: tested on the whole text) beats .b
        ];
        const out = styles.map((st) => [st.fill, st.stroke]);
        svg.remove();
        return out;
        """,
    )
    black = "rgb(0, 0, 0)"  # fill's initial value
    assert values == [
        ["blue", "green"],
        ["blue", "green"],
        ["blue", "purple"],  # the fill inherited from g.b
        [black, "purple"],
        ["orange", "gray"],
        [black, "olive"],
        ["navy", "none"],
        ["maroon", "none"],
        ["blue", "none"],
        ["pink", "black"],
        [black, "black"],
        ["blue", "none"],
        ["lime", "none"],
    ]


def test_a_rule_is_filed_under_a_class_or_type_every_selector_of_its_list_tests_last(engine: QuickJSEngine) -> None:
    keys = js(
        engine,
        """
        const S = __printerSelectors;
        return [".a b", "b.c", "g .c.d", ".a, rect", "*", "[x]", "#i", "text, [x]", ".a\\\\ b", "p:not(.q)", "* .r"].map(
          (text) => S.ruleKeysOf(S.compile(text)));
        """,
    )
    assert keys == [["b"], [".c"], [".c"], [".a", "rect"], None, None, None, None, None, ["p"], [".r"]]


def test_fonts_shared_by_value_differ_wherever_an_ancestor_or_the_element_differs(engine: QuickJSEngine) -> None:
    # css.js fontOf shares one answer among elements that agree on what the cascade reads of
    # them and of every ancestor (namespace, type, inline style, presentation attributes, and
    # what the sheets' selectors read: ids, classes, attributes, positions, being the root).
    # Each text below differs from an earlier one in one of these only; some are restyled or
    # moved after their font was asked for.
    fonts = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const font = (el) => { const f = __printerCss.fontOf(el); return [f.family, f.size, f.weight, f.style]; };
        const tree = (css) => {
          const svg = document.createElementNS(NS, "svg");
          const style = document.createElementNS(NS, "style");
          style.textContent = css;
          svg.appendChild(style); // a tree of its own: its <style> applies to it alone
          return svg;
        };
        const add = (parent, groupAttrs, textAttrs) => {
          const g = document.createElementNS(NS, "g");
          for (const [name, value] of Object.entries(groupAttrs)) g.setAttribute(name, value);
          const text = document.createElementNS(NS, "text");
          for (const [name, value] of Object.entries(textAttrs)) text.setAttribute(name, value);
          text.textContent = "x";
          g.appendChild(text);
          parent.appendChild(g);
          return text;
        };
        const out = {};
        const names = (svg) => {
          const texts = {};
          return [texts, (name, groupAttrs, textAttrs) => (texts[name] = add(svg, groupAttrs || {}, textAttrs || {}))];
        };
        // type, id, class, inline style and presentation attributes
        const pure = tree("svg{font-family:Arial} g.big text{font-size:20px} #n text{font-weight:700} .i{font-style:italic} .a\\\\ b text{font-size:9px} svg.top text{font-size:11px}");
        const [p, put] = names(pure);
        put("plain"); put("same"); put("class", { class: "big" }); put("unread class", { class: "other" });
        put("id", { id: "n" }); put("unread id", { id: "m" }); put("inline", { style: "font-size:30px" });
        put("presentation", { "font-family": "Courier" }); put("own presentation", {}, { "font-weight": "300" });
        put("own class", {}, { class: "i" }); put("spaced class", { class: "a b" }); put("other spaced", { class: "b a" });
        for (const name in p) out[name] = font(p[name]);
        p.class.parentNode.setAttribute("class", "");
        out["class removed"] = font(p.class);
        pure.setAttribute("class", "top"); // the top element, which has no parent
        out["top restyled"] = font(p.plain);
        // attributes
        const attributes = tree("svg{font-size:10px} [data-k] text{font-size:40px}");
        const [a, putAttribute] = names(attributes);
        putAttribute("no attribute");
        putAttribute("attribute", { "data-k": "" });
        for (const name in a) out[name] = font(a[name]);
        // attributes, positions and the root
        const read = tree("svg{font-size:10px} g:first-child text{font-weight:700}" +
          " text:nth-of-type(2){font-style:italic} :root > g > text{font-family:Verdana}");
        const [r, putRead] = names(read);
        putRead("first");                       // the <style> is the svg's first child: no g is
        putRead("second");
        const extra = document.createElementNS(NS, "text");
        r.second.parentNode.appendChild(extra);
        extra.textContent = "y";
        for (const name in r) out[name] = font(r[name]);
        out["second text"] = font(extra);
        read.insertBefore(document.createElementNS(NS, "g"), read.firstChild);
        out["moved to first"] = font(r.first);     // now the second child: still not first
        read.insertBefore(r.first.parentNode, read.firstChild);
        out["made first"] = font(r.first);
        out["last before the move"] = font(r.second);
        document.createDocumentFragment().appendChild(read);
        out["in a fragment"] = font(r.second);  // not the root any more
        const holder = document.createElementNS(NS, "g");
        holder.appendChild(read);
        out["under a g"] = font(r.second);
        // siblings and children: read, so nothing is shared
        const opaque = tree("svg{font-size:10px} g + g text{font-size:50px} g:empty{font-size:60px}");
        const [o, putOpaque] = names(opaque);
        putOpaque("alone"); putOpaque("after a g");
        for (const name in o) out["opaque " + name] = font(o[name]);
        return out;
        """,
    )
    assert fonts == {
        "plain": ["Arial", 16, 400, "normal"],
        "same": ["Arial", 16, 400, "normal"],
        "class": ["Arial", 20, 400, "normal"],
        "unread class": ["Arial", 16, 400, "normal"],
        "id": ["Arial", 16, 700, "normal"],
        "unread id": ["Arial", 16, 400, "normal"],
        "inline": ["Arial", 30, 400, "normal"],
        "presentation": ["Courier", 16, 400, "normal"],
        "own presentation": ["Arial", 16, 300, "normal"],
        "own class": ["Arial", 16, 400, "italic"],
        "spaced class": ["Arial", 9, 400, "normal"],
        "other spaced": ["Arial", 16, 400, "normal"],
        "class removed": ["Arial", 16, 400, "normal"],
        "top restyled": ["Arial", 11, 400, "normal"],
        "no attribute": ["Times New Roman", 10, 400, "normal"],
        "attribute": ["Times New Roman", 40, 400, "normal"],
        "first": ["Verdana", 10, 400, "normal"],
        "second": ["Verdana", 10, 400, "normal"],
        "second text": ["Verdana", 10, 400, "italic"],
        "moved to first": ["Verdana", 10, 400, "normal"],
        "made first": ["Verdana", 10, 700, "normal"],
        "last before the move": ["Verdana", 10, 400, "normal"],
        "in a fragment": ["Times New Roman", 10, 400, "normal"],
        "under a g": ["Times New Roman", 10, 700, "normal"],  # the parentless <g> around it is a first child
        "opaque alone": ["Times New Roman", 10, 400, "normal"],
        "opaque after a g": ["Times New Roman", 50, 400, "normal"],
    }


def test_class_selectors_match_whole_class_names_and_follow_the_attribute(engine: QuickJSEngine) -> None:
    # selectors.js keeps each element's class names with the attribute value they came from.
    answers = js(
        engine,
        """
        const el = document.createElement("div");
        document.body.appendChild(el);
        const out = [];
        for (const value of ["node", " node\\tactive\\n", "nodes active", "a b", "x node-y", ""]) {
          el.setAttribute("class", value);
          out.push([".node", ".active", ".node.active", ".a.b", ".a\\\\ b"].map((sel) => el.matches(sel)));
        }
        el.classList.add("node");
        out.push(el.matches(".node"));
        el.remove();
        return out;
        """,
    )
    assert answers == [
        [True, False, False, False, False],
        [True, True, True, False, False],
        [False, True, False, False, False],
        [False, False, False, True, True],
        [False, False, False, False, False],
        [False, False, False, False, False],
        True,
    ]


def test_a_styles_rules_follow_every_way_its_text_can_change(engine: QuickJSEngine) -> None:
    # css.js keeps a <style>'s compiled rules while no <style> has changed, without reading its
    # text again; each step reads a computed style first (so the rules are kept), then changes
    # the <style>'s text one way, and reads again.
    colors = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        style.textContent = "text{fill:red}";
        const text = document.createElementNS(NS, "text");
        svg.appendChild(style);
        svg.appendChild(text);
        document.body.appendChild(svg);
        const fill = () => getComputedStyle(text).fill;
        const out = [fill()];
        style.firstChild.data = "text{fill:green}";             // its text node's data
        out.push(fill());
        style.firstChild.nodeValue = "text{fill:blue}";
        out.push(fill());
        style.appendChild(document.createTextNode(" text{fill:navy}")); // one more text node
        out.push(fill());
        style.removeChild(style.lastChild);
        out.push(fill());
        style.textContent = "text{fill:teal}";
        out.push(fill());
        style.replaceChildren(document.createTextNode("text{fill:gray}"));
        out.push(fill());
        svg.remove();
        return out;
        """,
    )
    assert colors == ["red", "green", "blue", "navy", "blue", "teal", "gray"]


def test_a_sheet_scoped_to_an_id_styles_as_its_text_does_under_every_id(engine: QuickJSEngine) -> None:
    # Mermaid scopes its stylesheet to the svg's id; css.js compiles such a sheet once with the id
    # cut out and binds it to each render's id. The same sheet under four ids (three long enough
    # to be cut out, a short one compiled as text) in four svgs of one document styles the same
    # tree the same way: selectors with the id bound (also inside :not()), the id in a declaration
    # put back, the id inside an attribute value or a longer name compiled as text. (Each svg is
    # a tree of its own: in one document every <style> would apply to every svg, as in a browser.)
    results = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const SHEET = `#ID{fill:rgb(1,1,1);font-size:11px}
          #ID .a{fill:rgb(2,2,2)}
          #ID .b{filter:url(#ID-shadow);stroke:rgb(3,3,3)}
          [data-ref="#ID"] .c{fill:rgb(4,4,4)}
          #ID-other .d{fill:rgb(5,5,5)}
          :not(#ID) > .e{fill:rgb(6,6,6)}
          #ID g:not(#ID) .f{fill:rgb(7,7,7)}
          #ID .g{fill:rgb(9,9,9)} .g{fill:rgb(8,8,8)}
          #ID .h{font:italic 700 13px serif}`;
        const TREE = '<g class="a"/><g class="b"/><g data-ref="#ID"><g class="c"/></g>' +
          '<g id="ID-other"><g class="d"/></g><g class="e"/><g><g class="e"/></g>' +
          '<g><g class="f"/></g><g class="g"/><text class="h">t</text>';
        const ids = ["mermaid-aaaaaaaaaaaa", "mermaid-bbbbbbbbbbbb", "scoped-0123456789", "short"];
        const svgs = ids.map((id) => {
          const svg = document.createElementNS(NS, "svg");
          svg.setAttribute("id", id);
          svg.innerHTML = "<style>" + SHEET.split("ID").join(id) + "</style>" + TREE.split("ID").join(id);
          return svg;
        });
        const read = (svg) => Array.from(svg.querySelectorAll("g, text")).map((el) => {
          const style = getComputedStyle(el);
          return [el.getAttribute("class"), style.fill, style.stroke, style.filter, style["font-size"], style["font-style"], style["font-weight"]].join(" ");
        });
        // read each svg twice, interleaved, so a binding that outlived its svg would show
        const first = svgs.map(read);
        const again = svgs.slice().reverse().map(read).reverse();
        return { first, again, ids };
        """,
    )
    first, again, ids = results["first"], results["again"], results["ids"]
    assert first == again
    as_written = [[row.replace(id_, "ID") for row in rows] for rows, id_ in zip(first, ids, strict=True)]
    assert as_written[0] == as_written[1] == as_written[2] == as_written[3]
    assert as_written[0] == [
        "a rgb(2,2,2) none  11px normal 400",
        "b rgb(1,1,1) rgb(3,3,3) url(#ID-shadow) 11px normal 400",
        " rgb(1,1,1) none  11px normal 400",
        "c rgb(4,4,4) none  11px normal 400",
        " rgb(1,1,1) none  11px normal 400",
        "d rgb(5,5,5) none  11px normal 400",
        "e rgb(1,1,1) none  11px normal 400",
        " rgb(1,1,1) none  11px normal 400",
        "e rgb(6,6,6) none  11px normal 400",
        " rgb(1,1,1) none  11px normal 400",
        "f rgb(7,7,7) none  11px normal 400",
        "g rgb(9,9,9) none  11px normal 400",
        "h rgb(1,1,1) none  13px italic 700",
    ]


def test_computed_styles_follow_every_mutation_that_can_reach_them(engine: QuickJSEngine) -> None:
    # Computed styles are memoized per element until a mutation that can reach them: dom.js
    # stamps the mutated node's parent (siblings via + ~ and :nth-*, the parent's :empty), a
    # node taken out of a tree, and any change to a <style> or to which <style>s a tree holds.
    # Memos elsewhere survive (which is what makes measuring many labels cheap). Each step reads
    # the memo first, mutates, and reads again.
    colors = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        style.textContent = "g.on + text{fill:red} g:empty{stroke:blue} g > text:first-of-type{opacity:0.5}";
        svg.appendChild(style);
        const g = document.createElementNS(NS, "g");
        const text = document.createElementNS(NS, "text");
        svg.appendChild(g);
        svg.appendChild(text);
        document.body.appendChild(svg);
        const fill = (el) => getComputedStyle(el).fill;
        const out = {};
        out.before = fill(text);
        g.setAttribute("class", "on");                 // a sibling's class: g.on + text
        out.sibling = fill(text);
        out.empty = getComputedStyle(g).stroke;
        const inner = document.createElementNS(NS, "text");
        g.appendChild(inner);                          // g is no longer :empty
        out.notEmpty = getComputedStyle(g).stroke;
        out.firstOfType = getComputedStyle(inner).opacity;
        g.insertBefore(document.createElementNS(NS, "text"), inner);
        out.secondOfType = getComputedStyle(inner).opacity;
        style.textContent = "text{fill:green}";        // a <style>'s text
        out.newSheet = fill(text);
        const other = document.createElementNS(NS, "svg");
        other.appendChild(text);                        // moved to a tree without a <style>
        out.moved = fill(text);
        const own = document.createElementNS(NS, "style");
        own.textContent = "text{fill:purple}";
        const holder = document.createElementNS(NS, "g");
        holder.appendChild(own);
        const mid = document.createElementNS(NS, "g");
        const deep = document.createElementNS(NS, "g");
        mid.appendChild(deep);
        other.appendChild(mid);
        out.moved = fill(text);
        deep.appendChild(holder);                       // a <style> arrives deep in another branch
        out.arrived = fill(text);
        deep.removeChild(holder);                       // and leaves with it
        out.left = fill(text);
        other.appendChild(text);
        text.setAttribute("class", "x");
        style.textContent = "text{fill:green}";
        svg.appendChild(text);
        out.back = fill(text);
        svg.removeChild(text);                          // out of every tree: no sheet reaches it
        out.detached = fill(text);
        svg.remove();
        return out;
        """,
    )
    assert colors == {
        "before": "rgb(0, 0, 0)",
        "sibling": "red",
        "empty": "blue",
        "notEmpty": "none",
        "firstOfType": "0.5",
        "secondOfType": "1",
        "newSheet": "green",
        "moved": "rgb(0, 0, 0)",
        "arrived": "purple",
        "left": "rgb(0, 0, 0)",
        "back": "green",
        "detached": "rgb(0, 0, 0)",
    }


def test_an_attribute_only_the_cascade_reads_reaches_the_subtree_and_leaves_siblings_memos() -> None:
    # A style attribute or a presentation attribute is read by the element's own cascade only
    # (and inherited below it), so its change stamps the element, not its parent: the siblings'
    # memos survive (d3 restyling a markmap circle leaves the label beside it measured). Named in
    # an attribute selector, the same attribute reaches the siblings again. (A fresh engine:
    # the names attribute selectors read are known per engine, and another test's sheet could
    # name `fill` or `style`.)
    out = js(
        QuickJSEngine(mermaid_bundle()),
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        style.textContent = "circle[stroke] + text{fill:red}";
        svg.appendChild(style);
        const g = document.createElementNS(NS, "g");
        const rect = document.createElementNS(NS, "rect");
        const inner = document.createElementNS(NS, "g");
        const label = document.createElementNS(NS, "text");
        const circle = document.createElementNS(NS, "circle");
        const after = document.createElementNS(NS, "text");
        inner.appendChild(label);
        for (const el of [rect, inner, circle, after]) g.appendChild(el);
        svg.appendChild(g);
        document.body.appendChild(svg);
        const cs = (el, name) => getComputedStyle(el)[name];
        const out = {};
        cs(label, "fill");
        const labelMemo = label._computed;
        rect.setAttribute("fill", "blue");              // a sibling's presentation attribute
        out.rect = cs(rect, "fill");
        out.labelKept = cs(label, "fill") === "rgb(0, 0, 0)" && label._computed === labelMemo;
        rect.setAttribute("style", "opacity: 0.5");     // a sibling's style attribute
        out.rectOpacity = cs(rect, "opacity");
        out.labelStillKept = label._computed === labelMemo;
        inner.setAttribute("fill", "green");            // an ancestor's: inherited below it
        out.inherited = cs(label, "fill");
        inner.setAttribute("style", "fill: purple");
        out.inheritedStyle = cs(label, "fill");
        inner.removeAttribute("style");
        out.removed = cs(label, "fill");
        out.before = cs(after, "fill");
        circle.setAttribute("stroke", "black");         // named in a selector: circle[stroke] + text
        out.selected = cs(after, "fill");
        circle.removeAttribute("stroke");
        out.unselected = cs(after, "fill");
        svg.remove();
        return out;
        """,
    )

    assert out == {
        "rect": "blue",
        "labelKept": True,
        "rectOpacity": "0.5",
        "labelStillKept": True,
        "inherited": "green",
        "inheritedStyle": "purple",
        "removed": "green",
        "before": "rgb(0, 0, 0)",
        "selected": "red",
        "unselected": "rgb(0, 0, 0)",
    }


@pytest.mark.parametrize(
    ("value", "attribute", "text"),
    [
        ("plain 1.5", "plain 1.5", "plain 1.5"),
        ('say "hi"', "say &quot;hi&quot;", 'say "hi"'),
        ("a>b", "a&gt;b", "a&gt;b"),
        ("a<b&c", "a&lt;b&amp;c", "a&lt;b&amp;c"),
        ("bell\u0007here", "bellhere", "bellhere"),
        ("lone \ud800 half", "lone  half", "lone  half"),
        ("pair \U0001f600 ok", "pair \U0001f600 ok", "pair \U0001f600 ok"),
    ],
)
def test_serialized_text_and_attributes_escape_what_xml_needs_and_drop_what_it_cannot_hold(
    engine: QuickJSEngine, value: str, attribute: str, text: str
) -> None:
    # Values with nothing to escape are written unsearched; each character that needs a change
    # alone must still get it.
    written = js(
        engine,
        f"""
        const el = document.createElementNS("http://www.w3.org/2000/svg", "text");
        el.setAttribute("data-v", {json.dumps(value)});
        el.textContent = {json.dumps(value)};
        return el.outerHTML;
        """,
    )

    assert written == f'<text data-v="{attribute}">{text}</text>'


def test_how_a_rule_matched_is_asked_again_after_a_mutation_that_can_change_it(engine: QuickJSEngine) -> None:
    # The cascade keeps, per element, how each rule's selector matched it, for the element's
    # other properties (a rule sets several, and each property is cascaded on its own). A
    # mutation that can change a match drops what was kept.
    strokes = js(
        engine,
        """
        const NS = "http://www.w3.org/2000/svg";
        const svg = document.createElementNS(NS, "svg");
        const style = document.createElementNS(NS, "style");
        style.textContent = ".b{stroke:blue} .a{fill:red;stroke:red} .on .c{fill:green;stroke:green}";
        svg.appendChild(style);
        const g = document.createElementNS(NS, "g");
        const rect = document.createElementNS(NS, "rect");
        g.appendChild(rect);
        svg.appendChild(g);
        document.body.appendChild(svg);
        const out = {};
        rect.setAttribute("class", "a b c");
        out.fill = getComputedStyle(rect).fill;        // .a matched, kept for stroke
        rect.setAttribute("class", "b c");             // .a no longer matches
        out.own = getComputedStyle(rect).stroke;
        out.ownFill = getComputedStyle(rect).fill;
        g.setAttribute("class", "on");                 // an ancestor's class: .on .c now matches
        out.ancestor = getComputedStyle(rect).stroke;
        svg.remove();
        return out;
        """,
    )

    assert strokes == {"fill": "red", "own": "blue", "ownFill": "rgb(0, 0, 0)", "ancestor": "green"}


def test_the_tree_another_documents_body_was_written_from_stands_for_its_markup_only_while_unchanged(
    engine: QuickJSEngine,
) -> None:
    # DOMPurify writes Mermaid's SVG from its own document's <body>; reading the drawn faces from
    # that tree, instead of parsing the markup again, must find what the parse finds.
    found = js(
        engine,
        r"""
        const svg = '<svg xmlns="http://www.w3.org/2000/svg" id="m"><style>#m .b{font-weight:bold}'
          + ' #m text{font-family:Courier New}</style><text>plain<tspan class="b">bold \u00e9</tspan></text>'
          + '<text style="font-style:italic">it</text></svg>';
        const doc = new DOMParser().parseFromString(svg, "text/html");
        doc.body.querySelector("text").appendChild(doc.createTextNode("x\u0001y"));  // XML cannot hold \u0001
        const html = doc.body.innerHTML;
        const out = {};
        out.sameTree = __printerDom.serializedBody(html) === doc.body;
        out.readOnce = __printerDom.serializedBody(html);
        doc.body.innerHTML;
        out.otherMarkup = __printerDom.serializedBody(html + " ");
        const again = doc.body.innerHTML;
        doc.body.querySelector("tspan").setAttribute("class", "");
        out.changedSince = __printerDom.serializedBody(again);
        doc.body.querySelector("tspan").setAttribute("class", "b");
        const written = doc.body.innerHTML;
        const holder = document.createElement("div");
        holder.innerHTML = written;
        out.fromTree = __printerSvgOutput.drawnFaces(written).faces;
        out.fromMarkup = __printerSvgOutput.drawnFacesOf(holder);
        out.wasTree = out.fromTree !== null && __printerDom.serializedBody(written) === null;
        return out;
        """,
    )

    assert found["sameTree"] is True
    assert found["readOnce"] is None
    assert found["otherMarkup"] is None
    assert found["changedSince"] is None
    assert found["fromTree"] == found["fromMarkup"]
    drawn = [(f["name"], f["weight"], "".join(chr(c) for c in f["codepoints"])) for f in found["fromTree"]]
    assert drawn == [("Courier New", "400", "ailnptxy"), ("Courier New", "700", " bdlo\u00e9")]
