"""sanitize_svg / parse_svg: what is kept, what goes, and what the caller is told."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lxml import etree

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

BENIGN = Path(__file__).parent / "fixtures" / "benign"
BENIGN_FIXTURES = sorted(BENIGN.glob("*.kept.svg"))
REGENERATE = os.environ.get("MERMAID_PRINTER_REGENERATE_GOLDENS") == "1"

SVG_OPEN = '<svg id="my-svg" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
NS = {"svg": "http://www.w3.org/2000/svg"}
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def sanitized(body: str) -> tuple[etree._Element, list[str]]:
    root = parse_svg(SVG_OPEN + body + "</svg>")
    return root, sanitize_svg(root)


def canonical_only(text: str) -> str:
    root = parse_svg(text)
    canonicalize_svg(root)
    return serialize_svg(root)


@pytest.mark.parametrize("path", BENIGN_FIXTURES, ids=lambda p: p.name)
def test_benign_mermaid_svg_loses_nothing_but_canonical_form(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    root = parse_svg(text)
    assert sanitize_svg(root) == []
    canonicalize_svg(root)
    assert serialize_svg(root) == canonical_only(text)


@pytest.mark.parametrize("path", BENIGN_FIXTURES, ids=lambda p: p.name)
def test_benign_mermaid_svg_matches_its_golden_file(path: Path) -> None:
    root = parse_svg(path.read_text(encoding="utf-8"))
    sanitize_svg(root)
    canonicalize_svg(root)
    output = serialize_svg(root)
    golden = path.with_name(path.name.replace(".kept.svg", ".expected.svg"))
    if REGENERATE:
        golden.write_text(output, encoding="utf-8")
    assert output == golden.read_text(encoding="utf-8")


def test_benign_fixture_keeps_link_markers_clip_path_and_css() -> None:
    root = parse_svg((BENIGN / "flowchart-with-link-and-markers.kept.svg").read_text("utf-8"))
    sanitize_svg(root)
    (link,) = root.iterfind(".//svg:a", NS)
    assert link.get(XLINK_HREF) == "https://example.com/orders?id=1&tab=2"
    assert link.get("target") == "_blank"
    assert len(root.findall(".//svg:marker", NS)) == 2
    assert root.find(".//svg:clipPath", NS) is not None
    assert root.find(".//svg:image", NS) is not None
    css = root.find("svg:style", NS).text
    assert "@keyframes dash{to{stroke-dashoffset:0;}}" in css
    assert "#my-svg .flowchart-link:not(.edge-animation-slow){stroke-dasharray:0;}" in css
    assert "fill:#f96 !important;" in css


def test_link_with_javascript_loses_href_but_keeps_its_label() -> None:
    root, warnings = sanitized('<a xlink:href="jav&#x09;ascript:alert(1)"><text>go</text></a>')
    (link,) = root.iterfind(".//svg:a", NS)
    assert link.get(XLINK_HREF) is None
    assert link.find("svg:text", NS).text == "go"
    assert warnings == ["removed a link that is not http, https or mailto"]


@pytest.mark.parametrize("href", ["https://example.com/a?b=1", "http://example.com", "mailto:a@example.com"])
def test_link_with_allowed_scheme_is_kept(href: str) -> None:
    root, warnings = sanitized(f'<a href="{href}"><text>go</text></a>')
    assert root.find(".//svg:a", NS).get("href") == href
    assert warnings == []


def test_link_href_surrounding_blanks_are_trimmed() -> None:
    root, _ = sanitized('<a href="  https://example.com/ "><text>go</text></a>')
    assert root.find(".//svg:a", NS).get("href") == "https://example.com/"


def test_removed_element_inside_text_keeps_the_words_after_it() -> None:
    root, warnings = sanitized("<text>before <script>alert(1)</script>after</text>")
    assert "".join(root.find("svg:text", NS).itertext()) == "before after"
    assert warnings == ["removed <script> element"]


def test_removed_first_child_keeps_its_tail_in_parent_text() -> None:
    root, _ = sanitized("<text><foreignObject/>kept</text>")
    assert root.find("svg:text", NS).text == "kept"


def test_foreign_object_removal_is_reported_as_missing_text() -> None:
    _, warnings = sanitized("<g><foreignObject><div xmlns='http://www.w3.org/1999/xhtml'>A</div></foreignObject></g>")
    assert len(warnings) == 1
    assert "foreignObject" in warnings[0] and "missing" in warnings[0]


def test_internal_fragment_references_are_kept() -> None:
    root, warnings = sanitized(
        '<defs><path id="p" d="M0 0"/></defs><use href="#p"/><use xlink:href="#p"/>'
        '<text><textPath href="#p">t</textPath></text>'
    )
    assert [use.get("href") or use.get(XLINK_HREF) for use in root.iterfind(".//svg:use", NS)] == [
        "#p",
        "#p",
    ]
    assert root.find(".//svg:textPath", NS).get("href") == "#p"
    assert warnings == []


def test_embedded_raster_image_is_kept_and_svg_image_is_dropped() -> None:
    root, warnings = sanitized(
        '<image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zy8+"/>'
    )
    assert len(root.findall("svg:image", NS)) == 1
    assert warnings == ["removed <image> whose source is not an embedded PNG, JPEG, GIF or WebP"]


def test_mermaid_step_animation_is_kept_but_attribute_animation_is_not() -> None:
    root, warnings = sanitized(
        '<g><animateTransform attributeName="transform" type="scale" values="1;1" dur="2s" '
        'begin="s1.begin" fill="remove"/></g>'
        '<circle r="3"><animateMotion id="s1" path="M0 0L10 10" dur="2s" begin="0s"/></circle>'
        '<rect><animate attributeName="width" to="10"/><set attributeName="href" to="x"/></rect>'
    )
    assert root.find(".//svg:animateTransform", NS) is not None
    assert root.find(".//svg:animateMotion", NS).get("path") == "M0 0L10 10"
    assert root.find(".//svg:rect", NS).getchildren() == []
    assert warnings == ["removed <animate> element", "removed <set> element"]


def test_unknown_attribute_is_removed_and_mermaid_attributes_are_kept() -> None:
    root, warnings = sanitized(
        '<g name="Alice" label-offset-x="3" transform-origin="1 1" data-points="W10=" '
        'aria-label="a" role="img" bogus="1" xml:base="https://x/"/>'
    )
    g = root.find("svg:g", NS)
    assert sorted(g.attrib) == sorted(
        ["name", "label-offset-x", "transform-origin", "data-points", "aria-label", "role"]
    )
    assert warnings == [
        "removed unsupported attribute 'bogus'",
        "removed unsupported attribute 'xml:base'",
    ]


def test_style_attribute_keeps_safe_declarations() -> None:
    root, warnings = sanitized('<rect style="fill:#f9f;stroke:url(https://x/a);stroke-width:4px !important"/>')
    assert root.find("svg:rect", NS).get("style") == "fill:#f9f;stroke-width:4px !important"
    assert warnings == ["removed CSS declaration 'stroke' (external or non-font URL)"]


def test_style_element_css_is_scoped_to_the_root_id() -> None:
    root, warnings = sanitized("<style>#my-svg .a{fill:red}#other .b{fill:red}</style>")
    assert root.find("svg:style", NS).text == "#my-svg .a{fill:red}"
    assert warnings == ["removed a CSS rule not scoped to the diagram's #id"]


def test_warnings_are_deduplicated_with_counts() -> None:
    _, warnings = sanitized("<g onclick='a'/><g onclick='b'/><g onclick='c'/>")
    assert warnings == ["removed event-handler attribute 'onclick' (×3)"]


def test_warnings_are_capped() -> None:
    body = "".join(f"<g onx{i}='1'/>" for i in range(50))
    _, warnings = sanitized(body)
    assert len(warnings) == 20
    assert warnings[-1] == "… and 31 more kinds of removal"


def test_parse_svg_ignores_a_declared_foreign_encoding_of_text_input() -> None:
    root = parse_svg('<?xml version="1.0" encoding="ISO-8859-1"?>' + SVG_OPEN + "<text>é→</text></svg>")
    assert root.find("svg:text", NS).text == "é→"


def test_parse_svg_accepts_utf8_bytes() -> None:
    root = parse_svg((SVG_OPEN + "<text>ü</text></svg>").encode("utf-8"))
    assert root.find("svg:text", NS).text == "ü"


def test_parse_svg_does_not_expand_entities() -> None:
    laughs = (
        '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>'
    )
    root = parse_svg(laughs + SVG_OPEN + "<text>&c;</text></svg>")
    sanitize_svg(root)
    assert root.find("svg:text", NS).text is None


@pytest.mark.parametrize(
    "text",
    ["", "not xml", "<svg xmlns='http://www.w3.org/2000/svg'>", "<svg/>", "\ud800"],
    ids=["empty", "not-xml", "unclosed", "no-namespace", "lone-surrogate"],
)
def test_parse_svg_raises_render_failed(text: str) -> None:
    with pytest.raises(RenderFailed):
        parse_svg(text)


def test_parse_svg_rejects_pathologically_deep_nesting() -> None:
    depth = 5000
    with pytest.raises(RenderFailed):
        parse_svg(SVG_OPEN + "<g>" * depth + "</g>" * depth + "</svg>")


def test_sanitize_svg_rejects_a_root_that_is_not_svg() -> None:
    with pytest.raises(RenderFailed):
        sanitize_svg(etree.fromstring("<g xmlns='http://www.w3.org/2000/svg'/>"))


def test_parse_svg_rejects_non_text_input() -> None:
    with pytest.raises(TypeError):
        parse_svg(None)  # type: ignore[arg-type]


def test_large_mermaid_shaped_flowchart_is_kept_whole_and_stable() -> None:
    text = (Path(__file__).parent / "fixtures" / "large-flowchart.svg").read_text("utf-8")
    root = parse_svg(text)
    assert sanitize_svg(root) == []
    canonicalize_svg(root)
    once = serialize_svg(root)
    again = parse_svg(once)
    assert sanitize_svg(again) == []
    canonicalize_svg(again)
    assert serialize_svg(again) == once
    assert once == canonical_only(text)


def test_public_names() -> None:
    from mermaid_printer.postprocess import canonicalize, css, sanitize

    assert sanitize.__all__ == [
        "SVG_NAMESPACE",
        "XLINK_NAMESPACE",
        "parse_svg",
        "remember_safe_stylesheets",
        "sanitize_svg",
    ]
    assert canonicalize.__all__ == [
        "canonicalize_svg",
        "format_number",
        "format_numbers_in",
        "format_path_data",
        "serialize_svg",
    ]
    assert css.__all__ == [
        "add_known_stylesheets",
        "check_css_value",
        "is_allowed_css_url",
        "known_stylesheets",
        "normalize_url",
        "remember_safe_stylesheet",
        "scrub_declarations",
        "scrub_stylesheet",
    ]


def test_animation_values_are_kept_only_as_numbers_and_attribute_name_only_on_animate_transform() -> None:
    root, warnings = sanitized(
        '<filter id="f"><feColorMatrix type="saturate" values="0.5"/></filter>'
        '<animateTransform attributeName="transform" type="rotate" from="0 5 5" to="360 5 5" dur="1s"/>'
        '<animateMotion attributeName="href" values="javascript:alert(1)" dur="1s"/>'
    )
    (matrix,) = root.iterfind(".//svg:feColorMatrix", NS)
    (rotate,) = root.iterfind(".//svg:animateTransform", NS)
    (motion,) = root.iterfind(".//svg:animateMotion", NS)
    assert matrix.get("values") == "0.5"
    assert (rotate.get("from"), rotate.get("to"), rotate.get("attributeName")) == ("0 5 5", "360 5 5", "transform")
    assert motion.get("values") is None and motion.get("attributeName") is None
    assert "removed attribute 'values' that is not a list of numbers" in warnings
