"""Hostile diagrams: the payload shapes of Mermaid's published advisories, end to end."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from mermaid_printer import InvalidConfig, Printer, PrinterError, build_render_options
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine

HOSTILE = {
    "html-in-label": 'flowchart TD\n  A["<img src=x onerror=alert(1)>"] --> B',
    "click-javascript-href": 'flowchart TD\n  A --> B\n  click A href "javascript:alert(1)"',
    "click-entity-obfuscated-href": 'flowchart TD\n  A --> B\n  click A href "jav&#x09;ascript:alert(1)"',
    "init-directive-loosens-security": (
        "%%{init: {'securityLevel': 'loose', 'htmlLabels': true}}%%\n"
        'flowchart TD\n  A["<b onmouseover=alert(1)>x</b>"] --> B\n  click A call alert(1)'
    ),
    "theme-css-breakout": (
        "%%{init: {'themeCSS': '}</style><script>alert(1)</script><style>'}}%%\nflowchart TD\n  A --> B"
    ),
    "font-family-breakout": (
        "%%{init: {'fontFamily': 'x}</style><script>alert(1)</script>'}}%%\nflowchart TD\n  A --> B"
    ),
    "font-face-remote": (
        "%%{init: {'themeCSS': '@font-face{font-family:x;src:url(//evil.example/f)} .node{fill:url(https://evil.example/x)}'}}%%\n"
        "flowchart TD\n  A --> B"
    ),
    "classdef-breakout": "flowchart TD\n  A --> B\n  classDef x fill:red}</style><script>alert(1)</script>\n  class A x",
    "sequence-label-html": "sequenceDiagram\n  Alice->>Bob: <img src=x onerror=alert(1)>",
}


def _assert_inert(svg: str) -> None:
    root = etree.fromstring(svg.encode())
    for element in root.iter():
        assert isinstance(element.tag, str)
        local = etree.QName(element).localname
        assert local not in {"script", "foreignObject", "iframe", "object", "embed", "img"}
        for name, value in element.attrib.items():
            assert not etree.QName(name).localname.lower().startswith("on")
            assert "javascript:" not in value.lower().replace("\t", "")
    for style in root.iter("{http://www.w3.org/2000/svg}style"):
        text = style.text or ""
        assert "</style" not in text and "<script" not in text
        assert "evil.example" not in text and "@import" not in text


#: The hostile diagrams Mermaid itself refuses, and how. Every other one must render, inert.
REFUSED = {"classdef-breakout": "SYNTAX_ERROR"}


@pytest.mark.parametrize("name", sorted(set(HOSTILE) - set(REFUSED)))
def test_hostile_diagrams_render_inert(printer: Printer, name: str) -> None:
    _assert_inert(printer.render_svg(build_render_options(HOSTILE[name])).svg)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_hostile_diagrams_mermaid_refuses_are_refused_with_their_own_code(printer: Printer, name: str) -> None:
    with pytest.raises(PrinterError) as caught:
        printer.render_svg(build_render_options(HOSTILE[name]))
    assert caught.value.code == REFUSED[name]


def test_click_with_a_safe_https_link_keeps_the_link(printer: Printer) -> None:
    svg = printer.render_svg(
        build_render_options('flowchart TD\n  A --> B\n  click A href "https://example.com/docs"')
    ).svg
    root = etree.fromstring(svg.encode())
    links = list(root.iter("{http://www.w3.org/2000/svg}a"))
    hrefs = {a.get("href") or a.get("{http://www.w3.org/1999/xlink}href") for a in links}
    assert "https://example.com/docs" in hrefs


@pytest.mark.parametrize(
    "config",
    [
        {"securityLevel": "loose"},
        {"htmlLabels": True},
        {"maxTextSize": 10**9},
        {"dompurifyConfig": {"ADD_TAGS": ["script"]}},
        {"flowchart": {"htmlLabels": True}},
        {"themeVariables": {"__proto__": {"polluted": True}}},
        {"constructor": {"prototype": {}}},
    ],
)
def test_client_config_cannot_touch_security_keys(config: dict[str, Any]) -> None:
    with pytest.raises(InvalidConfig):
        build_mermaid_config(config)


def test_proto_key_in_config_json_is_refused_at_the_boundary() -> None:
    options = build_render_options('pie\n "a": 1', config_json='{"__proto__": {"securityLevel": "loose"}}')
    with pytest.raises(InvalidConfig):
        build_mermaid_config(options.config)
