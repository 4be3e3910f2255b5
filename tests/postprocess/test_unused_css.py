"""Pruning the CSS rules no element of the SVG can match: only those, whole rules, same text."""

from __future__ import annotations

import re
from typing import Any

import pytest
from lxml import etree

from mermaid_printer.postprocess.canonicalize import serialize_svg
from mermaid_printer.postprocess.unused_css import prune_unused_css

SVG = "http://www.w3.org/2000/svg"


def pruned(css: str, body: str, scope: str = "my-svg", style_attribute: str = "") -> str:
    """The stylesheet left after pruning ``css`` in an SVG of ``body``."""
    root = etree.fromstring(
        f'<svg xmlns="{SVG}" id="{scope}"><style>{css}</style>'
        f'<g class="root"{style_attribute}>{body}</g></svg>'.encode()
    )
    prune_unused_css(root)
    style = root.find(f"{{{SVG}}}style")
    assert style is not None
    return style.text or ""


NODE = '<g class="node default" id="flowchart-A-0" data-look="neo"><rect class="basic label-container"/><g class="label"><text>A</text></g></g>'


def test_a_rule_whose_class_is_on_no_element_is_dropped_and_one_that_matches_is_kept() -> None:
    css = "#my-svg .node rect{fill:red;}#my-svg .swimlane rect{fill:blue;}#my-svg .cluster{stroke:green;}"

    assert pruned(css, NODE) == "#my-svg .node rect{fill:red;}"


def test_a_rule_that_still_matches_keeps_its_exact_text_and_place() -> None:
    css = "#my-svg .x{a:b}#my-svg   .node  >rect { fill : red ; }#my-svg .y{a:b}#my-svg text{font-size:14px}"

    assert pruned(css, NODE) == "#my-svg   .node  >rect { fill : red ; }#my-svg text{font-size:14px}"


@pytest.mark.parametrize(
    ("selector", "kept"),
    [
        ("#my-svg .node > rect", True),
        ("#my-svg .node > text", False),  # text is a grandchild of .node
        ("#my-svg .node text", True),
        ("#my-svg > .node", False),  # .node is inside g.root
        ("#my-svg > g > .node", True),
        ("#my-svg rect + .label", True),
        ("#my-svg .label + rect", False),
        ("#my-svg rect ~ g", True),
        ("#my-svg .label ~ rect", False),
        ("#my-svg .node.default", True),
        ("#my-svg .node.cluster", False),
        ("#my-svg rect.basic.label-container", True),
        ("#my-svg circle", False),
        ("#other .node", False),
        ("#my-svg #flowchart-A-0 rect", True),
        ("#my-svg #flowchart-B-1 rect", False),
        ("#my-svg svg|rect", True),
        ("#my-svg *|circle", False),
        ("#my-svg *", True),
    ],
)
def test_selectors_are_matched_with_their_combinators(selector: str, kept: bool) -> None:
    css = selector + "{fill:red}"

    assert pruned(css, NODE) == (css if kept else "")


@pytest.mark.parametrize(
    ("selector", "kept"),
    [
        ('#my-svg [data-look="neo"].node rect', True),
        ('#my-svg [data-look="classic"].node rect', False),
        ("#my-svg [data-look=NEO]", True),  # case is ignored: a browser matches less, never more
        ('#my-svg [id^="flowchart-"]', True),
        ('#my-svg [id$="-crosshead"]', False),
        ('#my-svg [id*="chart-A"]', True),
        ('#my-svg [class~="label-container"]', True),
        ('#my-svg [class~="label"] text', True),
        ('#my-svg [class~="lab"]', False),
        ("#my-svg [data-look|=neo]", True),
        ("#my-svg [data-color-id]", False),
        ('#my-svg [data-look="neo" i]', True),
    ],
)
def test_attribute_selectors_are_evaluated(selector: str, kept: bool) -> None:
    css = selector + "{fill:red}"

    assert pruned(css, NODE) == (css if kept else "")


@pytest.mark.parametrize(
    "selector",
    [
        "#my-svg .node:hover rect",
        "#my-svg .node:not(.default) rect",
        "#my-svg rect:nth-of-type(2)",
        "#my-svg .label::before",
        "#my-svg .node:has(.nothing-here)",
        "#my-svg :root",
    ],
)
def test_pseudo_classes_and_pseudo_elements_are_taken_to_match(selector: str) -> None:
    css = selector + "{fill:red}"

    assert pruned(css, NODE) == css


def test_a_pseudo_class_does_not_save_a_compound_whose_class_is_absent() -> None:
    assert pruned("#my-svg .cluster:hover rect{fill:red}", NODE) == ""


@pytest.mark.parametrize("selector", ["#my-svg .node || rect", "#my-svg .node >>> rect", "#my-svg 10% rect"])
def test_a_selector_that_cannot_be_read_is_kept(selector: str) -> None:
    css = selector + "{fill:red}"

    assert pruned(css, NODE) == css


def test_a_selector_list_is_kept_whole_when_one_of_its_selectors_may_match() -> None:
    css = "#my-svg .cluster rect,#my-svg .node rect,#my-svg .swimlane{fill:red}"

    assert pruned(css, NODE) == css


def test_media_keeps_only_its_matching_rules_and_goes_when_none_is_left() -> None:
    css = (
        "@media (max-width: 600px){#my-svg .node rect{fill:red}#my-svg .cluster{fill:blue}}"
        "@supports (display:grid){#my-svg .cluster{fill:blue}}"
    )

    assert pruned(css, NODE) == "@media (max-width: 600px){#my-svg .node rect{fill:red}}"


def test_keyframes_stay_while_a_kept_rule_or_a_style_attribute_names_them() -> None:
    css = (
        "@keyframes dash{to{stroke-dashoffset:0;}}@keyframes pulse{to{opacity:0}}@keyframes spin{to{opacity:1}}"
        "#my-svg .node{animation:dash 5s linear;stroke-dasharray:3}#my-svg .cluster{animation:pulse 1s}"
    )

    assert (
        pruned(css, NODE)
        == "@keyframes dash{to{stroke-dashoffset:0;}}#my-svg .node{animation:dash 5s linear;stroke-dasharray:3}"
    )
    assert "@keyframes spin" in pruned(css, NODE, style_attribute=' style="animation: spin 1s"')


def test_a_keyframes_name_inside_another_word_does_not_keep_it() -> None:
    css = "@keyframes dash{to{stroke-dashoffset:0;}}#my-svg .node{stroke-dasharray:3}"

    assert pruned(css, NODE) == "#my-svg .node{stroke-dasharray:3}"


def test_font_faces_and_other_at_rules_are_kept() -> None:
    css = (
        '@font-face{font-family:"Nobody Uses";src:url(data:font/woff2;base64,AA==)}'
        "@starting-style{#my-svg .cluster{opacity:0}}#my-svg .cluster{fill:red}"
    )

    assert pruned(css, NODE) == css.removesuffix("#my-svg .cluster{fill:red}")


def test_a_stylesheet_is_pruned_alike_under_any_scope_id() -> None:
    css = (
        "#{id}{{fill:red}}#{id} .node rect{{filter:url(#{id}-drop-shadow)}}#{id} .cluster{{fill:red}}"
        '#{id}-drop-shadow{{opacity:1}}#{id}-other{{opacity:1}}[id^="{id}-"]{{opacity:1}}'
    )
    body = NODE + '<filter id="{id}-drop-shadow"/>'
    results = {
        scope: pruned(css.format(id=scope), body.format(id=scope), scope=scope)
        for scope in ("mermaid-0123456789ab", "mermaid-ba9876543210", "mermaid-export", "plain-id")
    }

    for scope, text in results.items():
        expected = "#{id}{{fill:red}}#{id} .node rect{{filter:url(#{id}-drop-shadow)}}#{id}-drop-shadow{{opacity:1}}"
        assert text == expected.format(id=scope) + f'[id^="{scope}-"]{{opacity:1}}'


def test_a_stylesheet_that_holds_the_compile_probe_id_is_pruned_correctly() -> None:
    scope = "mermaid-0123456789ab"
    css = f"#{scope} .node{{fill:red}}#mermaid-0e1e2e3e4e5e .node{{fill:blue}}#{scope} .cluster{{fill:red}}"

    assert pruned(css, NODE, scope=scope) == f"#{scope} .node{{fill:red}}"


def test_pruning_is_idempotent_and_only_touches_style_text() -> None:
    css = "#my-svg .node rect{fill:red;}#my-svg .cluster{stroke:green;}"
    root = etree.fromstring(f'<svg xmlns="{SVG}" id="my-svg"><style>{css}</style>{NODE}</svg>'.encode())
    before = serialize_svg(root)
    prune_unused_css(root)
    once = serialize_svg(root)
    prune_unused_css(root)

    assert serialize_svg(root) == once
    assert once == before.replace("#my-svg .cluster{stroke:green;}", "")


def test_an_element_inside_foreign_object_html_is_matched() -> None:
    body = (
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" class="label-box">'
        '<span class="nodeLabel"><p>A</p></span></div></foreignObject>'
    )
    css = "#my-svg .nodeLabel p{margin:0}#my-svg span.edgeLabel{color:red}#my-svg DIV > span{color:blue}"

    assert pruned(css, body) == "#my-svg .nodeLabel p{margin:0}#my-svg DIV > span{color:blue}"


@pytest.mark.engine
def test_a_two_node_flowchart_keeps_only_the_rules_its_elements_match(printer: object) -> None:
    from mermaid_printer.service import Printer

    assert isinstance(printer, Printer)
    svg = printer.render_svg("flowchart LR\n  A --> B").svg
    with_subgraph = printer.render_svg("flowchart LR\n  subgraph one\n    A --> B\n  end").svg
    theme = re.findall(r"<style>(.*?)</style>", svg, re.S)[-1]

    assert ".node rect" in theme and ".flowchart-link" in theme
    assert "swimlane" not in theme and ".cluster-label" not in theme and "edge-animation" not in theme
    assert ".cluster-label" in re.findall(r"<style>(.*?)</style>", with_subgraph, re.S)[-1]


def test_a_precompiled_template_is_not_parsed_again_for_a_request_under_another_id(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tinycss2

    from mermaid_printer.postprocess import unused_css

    template = "#\0 .node rect{fill:red}#\0 .precompiled-only{fill:blue}"
    assert unused_css.precompile_stylesheets([template, "no mark: skipped"]) == 1
    parsed: list[str] = []
    real_parse = tinycss2.parse_stylesheet

    def recorded_parse(text: str, **options: Any) -> Any:
        parsed.append(text)
        return real_parse(text, **options)

    monkeypatch.setattr(tinycss2, "parse_stylesheet", recorded_parse)
    scope = "mermaid-00112233aabb"

    assert pruned(template.replace("\0", scope), NODE, scope=scope) == f"#{scope} .node rect{{fill:red}}"
    assert parsed == []
