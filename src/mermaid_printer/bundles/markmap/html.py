"""A mind map as one self-contained interactive HTML page: markmap-view on d3, nothing fetched.

The page inlines the vendored ``d3.min.js`` and markmap-view's browser build, then hands
markmap the tree markmap-lib's transform made (in the engine) and the options in force:
``Markmap.create(svg, deriveOptions(options), tree)``, so zoom, pan, the animation ``duration``
and ``initialExpandLevel`` apply and every node with children folds on a click.

Safety: the labels are HTML that came from untrusted Markdown (markmap's markdown-it runs with
raw HTML on). Each label is cut down to an allow-list of inert elements and attributes
(:func:`clean_label`): scripts, styles, frames, forms, event handlers and every URL but
``http(s):``/``mailto:`` links go, and an image becomes its alt text, as in the static print,
so the page loads nothing. A Content-Security-Policy meta tag backs that up: no network at all
(``default-src 'none'``), and only the page's own three scripts run (their SHA-256 hashes), so
an event handler or ``javascript:`` URL that slipped through would not.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json
from typing import Any

from lxml import etree
from lxml import html as lxml_html

from mermaid_printer.resources import vendored_file

__all__ = ["clean_label", "interactive_page"]

# Elements a label keeps (the markup markmap-lib's Markdown makes, and plain formatting).
_KEPT = {
    "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "cite", "code", "dd", "del", "dfn", "div",
    "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "ins", "kbd", "li", "mark",
    "ol", "p", "pre", "q", "s", "samp", "small", "span", "strike", "strong", "sub", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul", "var", "wbr",
    # markmap's task checkboxes
    "svg", "path",
}  # fmt: skip
# Elements dropped with everything inside them.
_DROPPED = {
    "script",
    "style",
    "template",
    "iframe",
    "frame",
    "frameset",
    "object",
    "embed",
    "noscript",
    "textarea",
    "select",
    "title",
    "head",
    "math",
    "canvas",
    "audio",
    "video",
}
_ATTRIBUTES = {
    "a": {"href", "title"},
    "code": {"class"},
    "td": {"colspan", "rowspan", "style"},
    "th": {"colspan", "rowspan", "style"},
    "ol": {"start"},
    "svg": {"width", "height", "viewbox"},
    "path": {"d", "fill-rule", "clip-rule"},
}
_SAFE_STYLE = {"text-align:left", "text-align:right", "text-align:center"}
_SAFE_LINK = ("http://", "https://", "mailto:")


def clean_label(label: str) -> str:
    """A label's HTML cut down to the allow-list (see the module docstring)."""
    if "<" not in label and "&" not in label:
        return label
    holder = lxml_html.fragment_fromstring(label, create_parent="div")
    _clean_children(holder)
    inner = (holder.text and html.escape(holder.text, quote=False)) or ""
    return inner + "".join(etree.tostring(child, encoding="unicode", method="html") for child in holder)


def _clean_children(parent: Any) -> None:
    for child in list(parent):
        if not isinstance(child.tag, str):  # comments, processing instructions
            child.drop_tree()
            continue
        name = child.tag.lower()
        if name == "img":
            _replace_with_text(child, child.get("alt") or "")
            continue
        if name in _DROPPED:
            child.drop_tree()
            continue
        _clean_children(child)
        if name not in _KEPT:
            child.drop_tag()  # its text and children take its place
            continue
        allowed = _ATTRIBUTES.get(name, set())
        for attribute in list(child.attrib):
            value = child.get(attribute) or ""
            key = attribute.lower()
            keep = key in allowed
            if keep and key == "href":
                keep = value.strip().lower().startswith(_SAFE_LINK)
            elif keep and key == "style":
                keep = value.replace(" ", "").rstrip(";").lower() in _SAFE_STYLE
            elif keep and key == "class":
                keep = all(part.replace("-", "").replace("_", "").isalnum() for part in value.split())
            if not keep:
                del child.attrib[attribute]
        if name == "a" and child.get("href"):
            child.set("rel", "noopener noreferrer")
            child.set("target", "_blank")


def _replace_with_text(element: Any, text: str) -> None:
    parent = element.getparent()
    previous = element.getprevious()
    joined = text + (element.tail or "")
    element.tail = None
    if previous is not None:
        previous.tail = (previous.tail or "") + joined
    else:
        parent.text = (parent.text or "") + joined
    parent.remove(element)


def _clean_tree(node: dict[str, Any]) -> dict[str, Any]:
    cleaned: dict[str, Any] = {"content": clean_label(str(node.get("content") or ""))}
    children = node.get("children") or []
    cleaned["children"] = [_clean_tree(child) for child in children]
    payload = node.get("payload")
    if isinstance(payload, dict):
        # only what markmap-view reads: folding
        cleaned["payload"] = {key: payload[key] for key in ("fold",) if key in payload}
    return cleaned


@functools.cache
def _vendored_scripts() -> tuple[str, str]:
    return (
        vendored_file("d3/d3.min.js").read_text(encoding="utf-8"),
        vendored_file("markmap/markmap-view.js").read_text(encoding="utf-8"),
    )


def _script_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _json_for_script(value: Any) -> str:
    # JSON inside <script>: "<" escaped so no "</script>" or "<!--" can end or change it.
    return (
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        .replace("<", "\\u003c")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def _page_style(font: str, background: str) -> str:
    # The font keeps Arial first and falls back to the viewer's sans-serif.
    return (
        f"html,body{{margin:0;padding:0;height:100%;background:{background}}}\n"
        f"svg.markmap{{display:block;width:100vw;height:100vh;--markmap-font:{font},sans-serif}}"
    )


def interactive_page(
    tree: dict[str, Any],
    options: dict[str, Any],
    title: str = "Mind map",
    *,
    font: str = "300 16px/20px Arial",
    css: str = "",
    background: str = "transparent",
) -> str:
    """The HTML page that shows ``tree`` (markmap's transform) with markmap's JSON ``options``.

    Args:
        tree: markmap's tree: ``content`` (HTML), ``children``, ``payload``.
        options: markmap's JSON options (as front matter ``markmap:`` holds them).
        title: the page title.
        font: the labels' CSS font shorthand (:func:`mermaid_printer.markmap.style.font_shorthand`).
        css: the printer's stylesheet after markmap's (:func:`mermaid_printer.markmap.style.stylesheet`;
            checked values only), handed to markmap as its ``style`` option.
        background: the page's background (a checked CSS colour); transparent shows white.
    """
    d3, view = _vendored_scripts()
    data = {"root": _clean_tree(tree), "options": options, "css": css}
    boot = (
        "(function(){var data=" + _json_for_script(data) + ";"
        "var m=window.markmap;var o=m.deriveOptions(data.options);"
        "if(data.css){o.style=function(){return data.css;};}"
        "m.Markmap.create(document.getElementById('mindmap'),o,data.root);})();"
    )
    policy = (
        "default-src 'none'; "
        f"script-src {_script_hash(d3)} {_script_hash(view)} {_script_hash(boot)}; "
        "style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'"
    )
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{html.escape(policy, quote=False)}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{_page_style(font, '#fff' if background == 'transparent' else background)}</style></head>"
        '<body><svg class="markmap" id="mindmap"></svg>'
        f"<script>{d3}</script><script>{view}</script><script>{boot}</script>"
        "</body></html>\n"
    )
