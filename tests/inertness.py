"""The inertness oracle: does any hostile feature survive in a sanitized SVG?

Independent of the sanitizer's own tables: it walks the output with lxml and tinycss2 and fails
on anything able to run script, load a resource or escape the diagram's scope. Used by the
hostile corpus, the sanitizer fuzzer and the end-to-end diagram fuzzer.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable

import tinycss2
from lxml import etree

SVG = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
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
    "listener",
}
# Attributes an animation element could rewrite to turn a drawing into a link or a script.
NEVER_ANIMATED = {"href", "xlink:href", "style", "class", "target"}
RASTER_DATA_URL = re.compile(r"data:image/(png|jpeg|jpg|gif|webp);base64,[a-z0-9+/=]*")
# Characters XML 1.0 cannot hold (a browser's XML parser refuses the whole document).
NOT_XML_CHAR = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_STRICT = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, recover=False, huge_tree=False)


# Attributes that only ever hold text (Mermaid writes labels and node names into some of them).
_TEXT_ATTRIBUTES = {"id", "class", "name", "title", "lang", "role"}
# Animation values are only read by animation elements (and there only for their attributeName).
_ANIMATION_VALUES = {"from", "to", "by", "values"}


def _never_followed(element: str, attribute: str) -> bool:
    """True for an attribute no browser reads a URL or script from on this element."""
    if attribute in _TEXT_ATTRIBUTES or attribute.startswith(("data-", "aria-")):
        return True
    return attribute in _ANIMATION_VALUES and not element.startswith(("animate", "set"))


def squash(value: str) -> str:
    """What a browser would read as the scheme: decoded, blanks and controls gone, lower case."""
    return re.sub(r"[\x00-\x20\x7f-\x9f]", "", html.unescape(html.unescape(value))).lower()


def css_urls(tokens: Iterable[tinycss2.ast.Node]) -> list[str]:
    """Every URL in a list of CSS component values or rules, at any depth."""
    urls: list[str] = []
    for token in tokens:
        if token.type == "url":
            urls.append(token.value)
        elif token.type == "function":
            if token.lower_name == "url":
                urls.extend(t.value for t in token.arguments if t.type == "string")
            urls.extend(css_urls(token.arguments))
        elif token.type in ("() block", "[] block", "{} block"):
            urls.extend(css_urls(token.content))
        elif token.type in ("qualified-rule", "at-rule"):
            urls.extend(css_urls(token.prelude or []))
            urls.extend(css_urls(token.content or []))
        elif token.type == "declaration":
            urls.extend(css_urls(token.value))
    return urls


# CSS functions that run script (old IE) or load a resource other than through url().
_LOADING_FUNCTIONS = {
    "expression",
    "image-set",
    "-webkit-image-set",
    "image",
    "cross-fade",
    "-webkit-cross-fade",
    "element",
    "-moz-element",
    "src",
    "attr",
}


def _function_names(nodes: Iterable[tinycss2.ast.Node]) -> list[str]:
    """Every CSS function name (escapes decoded, lower case), at any depth."""
    found: list[str] = []
    for node in nodes:
        if node.type == "function":
            found.append(node.lower_name)
            found.extend(_function_names(node.arguments))
        elif node.type in ("() block", "[] block", "{} block"):
            found.extend(_function_names(node.content))
        elif node.type in ("qualified-rule", "at-rule"):
            found.extend(_function_names(node.prelude or []))
            found.extend(_function_names(node.content or []))
        elif node.type == "declaration":
            found.extend(_function_names(node.value))
    return found


def _at_keywords(nodes: Iterable[tinycss2.ast.Node]) -> list[str]:
    """Every at-rule keyword, nested blocks included (``@media{@import …}``)."""
    found: list[str] = []
    for node in nodes:
        if node.type == "at-rule":
            found.append(node.lower_at_keyword)
            found.extend(_at_keywords(node.content or []))
        elif node.type == "at-keyword":
            found.append(node.lower_value)
        elif node.type == "qualified-rule":
            found.extend(_at_keywords(node.content or []))
        elif node.type in ("() block", "[] block", "{} block"):
            found.extend(_at_keywords(node.content))
        elif node.type == "function":
            found.extend(_at_keywords(node.arguments))
        elif node.type == "declaration":
            found.extend(_at_keywords(node.value))
    return found


def assert_css_inert(css: str) -> None:
    """Fail if CSS could break out of ``<style>``, load anything or bind behaviour."""
    assert "<" not in css
    nodes = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    assert all(node.type != "error" for node in nodes)
    assert not {"import", "namespace", "charset", "document"} & set(_at_keywords(nodes))
    assert not _LOADING_FUNCTIONS & set(_function_names(nodes)), "a CSS function that runs or loads survived"
    for url in css_urls(nodes):
        squashed = squash(url)
        assert squashed.startswith(("#", "data:font/", "data:application/font-")), f"url({url!r}) survived"


def assert_declarations_inert(declarations: str) -> None:
    """Fail if a ``style=""`` value could load anything or bind behaviour. A browser reads it
    as a declaration list, where a stray ``}`` is only an error, so it cannot open a rule."""
    assert "<" not in declarations
    nodes = tinycss2.parse_blocks_contents(declarations, skip_comments=True, skip_whitespace=True)
    assert not _LOADING_FUNCTIONS & set(_function_names(nodes)), "a CSS function that runs or loads survived"
    assert not {"import", "namespace"} & set(_at_keywords(nodes))
    for url in css_urls(nodes):
        assert squash(url).startswith(("#", "data:font/", "data:application/font-")), f"url({url!r}) survived"


def assert_inert(svg_text: str) -> None:
    """Fail if the text is not well-formed XML, or if anything able to run script, load a
    resource or escape its scope survived in it."""
    assert not NOT_XML_CHAR.search(svg_text), "a character XML cannot hold"
    root = etree.fromstring(svg_text.encode("utf-8"), _STRICT)
    assert root.getroottree().docinfo.internalDTD is None
    for node in root.iter():
        assert isinstance(node.tag, str), f"non-element node survived: {node!r}"
        qname = etree.QName(node)
        assert qname.namespace == SVG, f"foreign element survived: {node.tag}"
        assert qname.localname not in NEVER_ALLOWED, f"<{qname.localname}> survived"
        if qname.localname == "style":
            assert len(node) == 0
            assert_css_inert("".join(node.itertext()))
        if qname.localname.startswith("animate"):
            assert (node.get("attributeName") or "").strip() not in NEVER_ANIMATED
            assert not (node.get("attributeName") or "").strip().lower().startswith("on")
        for name, value in node.attrib.items():
            local = etree.QName(name).localname
            assert not local.lower().startswith("on"), f"event handler {name} survived"
            assert name != XML_BASE, "xml:base survived"
            squashed = squash(value)
            if _never_followed(qname.localname, name):
                continue
            for scheme in ("javascript:", "vbscript:", "data:text", "data:image/svg", "data:application"):
                assert scheme not in squashed, f"{name}={value!r} survived"
            if name in ("href", XLINK_HREF):
                if qname.localname == "a":
                    assert squashed.startswith(("http://", "https://", "mailto:")), f"link {value!r} survived"
                elif qname.localname == "image":
                    assert RASTER_DATA_URL.fullmatch(squashed), f"image {value!r} survived"
                else:
                    assert value.startswith("#"), f"reference {value!r} survived"
            if name == "style":
                assert_declarations_inert(value)
            elif "(" in value or "\\" in value:
                for url in css_urls(tinycss2.parse_component_value_list(value)):
                    assert squash(url).startswith("#"), f"{name}={value!r} survived"
