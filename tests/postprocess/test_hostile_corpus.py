"""Hostile SVG corpus: every fixture must come out inert, well-formed and stable.

Fixture names state the expectation: ``*.neutralized.svg`` must sanitize to a tree in which no
hostile feature survives (checked by walking the output with lxml and tinycss2, independently
of the sanitizer's own tables), with at least one removal reported; ``*.rejected.svg`` must make
``parse_svg`` raise ``RenderFailed``. Payload shapes follow the published Mermaid advisories.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import tinycss2
from lxml import etree

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
NEUTRALIZED = sorted(HOSTILE.glob("*.neutralized.svg"))
REJECTED = sorted(HOSTILE.glob("*.rejected.svg"))

SVG = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
NEVER_ALLOWED = {
    "script",
    "foreignObject",
    "iframe",
    "object",
    "embed",
    "audio",
    "video",
    "canvas",
    "animate",
    "set",
    "discard",
    "feImage",
    "metadata",
    "handler",
}
RASTER_DATA_URL = re.compile(r"data:image/(png|jpeg|jpg|gif|webp);base64,[a-z0-9+/=]*")


def _squash(value: str) -> str:
    """What a browser would read as the scheme: decoded, blanks and controls gone, lower case."""
    return re.sub(r"[\x00-\x20\x7f-\x9f]", "", html.unescape(html.unescape(value))).lower()


def _sanitized(path: Path) -> tuple[str, list[str]]:
    root = parse_svg(path.read_text(encoding="utf-8"))
    warnings = sanitize_svg(root)
    canonicalize_svg(root)
    return serialize_svg(root), warnings


def _css_urls(tokens) -> list[str]:
    urls = []
    for token in tokens:
        if token.type == "url":
            urls.append(token.value)
        elif token.type == "function":
            if token.lower_name == "url":
                urls.extend(t.value for t in token.arguments if t.type == "string")
            urls.extend(_css_urls(token.arguments))
        elif token.type in ("() block", "[] block", "{} block"):
            urls.extend(_css_urls(token.content))
        elif token.type in ("qualified-rule", "at-rule"):
            urls.extend(_css_urls(token.prelude or []))
            urls.extend(_css_urls(token.content or []))
    return urls


def _assert_css_inert(css: str) -> None:
    assert "<" not in css
    nodes = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    assert all(node.type != "error" for node in nodes)
    assert not [n for n in nodes if n.type == "at-rule" and n.lower_at_keyword == "import"]
    flat = tinycss2.serialize(nodes).lower()
    for forbidden in ("expression(", "-moz-binding", "behavior", "image-set("):
        assert forbidden not in flat
    for url in _css_urls(nodes):
        squashed = _squash(url)
        assert squashed.startswith(("#", "data:font/", "data:application/font-"))


def assert_inert(svg_text: str) -> None:
    """Fail if anything able to run script, load a resource or escape its scope survived."""
    root = etree.fromstring(svg_text.encode("utf-8"), etree.XMLParser(resolve_entities=False))
    assert root.getroottree().docinfo.internalDTD is None
    for node in root.iter():
        assert isinstance(node.tag, str), f"non-element node survived: {node!r}"
        qname = etree.QName(node)
        assert qname.namespace == SVG, f"foreign element survived: {node.tag}"
        assert qname.localname not in NEVER_ALLOWED, f"<{qname.localname}> survived"
        if qname.localname == "style":
            assert len(node) == 0
            _assert_css_inert("".join(node.itertext()))
        for name, value in node.attrib.items():
            local = etree.QName(name).localname
            assert not local.lower().startswith("on"), f"event handler {name} survived"
            squashed = _squash(value)
            for scheme in ("javascript:", "vbscript:", "data:text", "data:image/svg"):
                assert scheme not in squashed, f"{name}={value!r} survived"
            if name in ("href", XLINK_HREF):
                if qname.localname == "a":
                    assert squashed.startswith(("http://", "https://", "mailto:"))
                elif qname.localname == "image":
                    assert RASTER_DATA_URL.fullmatch(squashed)
                else:
                    assert value.startswith("#")
            if name == "style":
                _assert_css_inert("x{" + value + "}")
            elif "(" in value:
                for url in _css_urls(tinycss2.parse_component_value_list(value)):
                    assert _squash(url).startswith("#"), f"{name}={value!r} survived"


@pytest.mark.parametrize("path", NEUTRALIZED, ids=lambda p: p.name)
def test_hostile_fixture_is_neutralized_and_reported(path: Path) -> None:
    output, warnings = _sanitized(path)
    assert_inert(output)
    assert warnings, "something hostile was removed, so the caller must be told"


@pytest.mark.parametrize("path", NEUTRALIZED, ids=lambda p: p.name)
def test_sanitizing_hostile_fixture_output_again_changes_nothing(path: Path) -> None:
    output, _ = _sanitized(path)
    root = parse_svg(output)
    assert sanitize_svg(root) == []
    canonicalize_svg(root)
    assert serialize_svg(root) == output


@pytest.mark.parametrize("path", REJECTED, ids=lambda p: p.name)
def test_rejected_fixture_raises_render_failed(path: Path) -> None:
    with pytest.raises(RenderFailed):
        parse_svg(path.read_text(encoding="utf-8"))


def test_corpus_is_not_empty() -> None:
    assert len(NEUTRALIZED) >= 25
    assert len(REJECTED) >= 3
