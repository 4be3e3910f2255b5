"""Hypothesis strategies for hostile SVG: documents built from the vocabulary of SVG/HTML/CSS
attacks, written as text so that the XML itself can be odd (entities, namespaces, CDATA).

Every payload that runs script calls ``alert`` (a browser shows a dialog) and every payload that
loads something points at ``evil.example`` or a relative file, so the browser judge
(``tests/test_browser_judge.py``) can tell when one got through. Most documents are well-formed
XML; a few are not on purpose (undefined entities), which the sanitizer must refuse.
"""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["ROOT_ID", "css_stylesheets", "hostile_documents", "urls"]

ROOT_ID = "fuzz"
SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XHTML_NS = "http://www.w3.org/1999/xhtml"

# --- URLs ------------------------------------------------------------------------------------

_SCRIPT_URLS = [
    "javascript:alert(1)",
    "javascript:alert(document.domain)//",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
    "data:image/svg+xml;base64,PHN2ZyB4bWxucz0naHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmcnIG9ubG9hZD0nYWxlcnQoMSknLz4=",
    "data:application/javascript,alert(1)",
    "data:text/javascript,alert(1)",
]
_LOADING_URLS = [
    "http://evil.example/x.svg#a",
    "https://evil.example/pixel.png",
    "//evil.example/x",
    "evil.svg#a",
    "/evil.png",
    "ftp://evil.example/x",
    "file:///etc/passwd",
    "blob:http://evil.example/1",
]
_SAFE_URLS = [
    "#local",
    "#fuzz",
    "https://ok.example/",
    "mailto:someone@example.com",
    "data:image/png;base64,iVBORw0KGgo=",
    "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
]
# Inserted into a scheme: what browsers strip (tab, newline, carriage return, leading blanks),
# what they do not (C1 controls, no-break space), as literal characters or XML references.
_BLANKS = ["\t", "\n", "\r", " ", "&#x09;", "&#10;", "&#x0D;", "&#x20;", "\u0085", "\u00a0", "&#x85;"]
# HTML character references, double-encoded so the XML parser leaves them for a second decoder.
_HTML_ENTITIES = {
    ":": ["&amp;colon;", "&amp;#58;", "&amp;#x3a;"],
    "\t": ["&amp;Tab;", "&amp;#9;"],
    "\n": ["&amp;NewLine;"],
}


def _escape_attribute(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


@st.composite
def _obfuscated(draw: st.DrawFn, url: str) -> str:
    """``url`` as attribute text (already escaped), its scheme disguised by case, blanks and references."""
    pieces: list[str] = []
    scheme_end = url.find(":") if ":" in url[:12] else 0
    for index, char in enumerate(url):
        in_scheme = index <= scheme_end
        if in_scheme and char.isalpha() and draw(st.booleans()):
            char = char.upper()
        if in_scheme and draw(st.integers(0, 5)) == 0:
            pieces.append(draw(st.sampled_from(_BLANKS)))
        if in_scheme and char == ":" and draw(st.integers(0, 3)) == 0:
            pieces.append(draw(st.sampled_from(_HTML_ENTITIES[":"])))
            continue
        if in_scheme and char.isalpha() and draw(st.integers(0, 9)) == 0:
            pieces.append(f"&#x{ord(char):x};")  # an XML character reference
            continue
        pieces.append(_escape_attribute(char))
    prefix = draw(st.sampled_from(["", "", " ", "&#x20;", "\t", *_HTML_ENTITIES["\t"]]))
    return prefix + "".join(pieces)


@st.composite
def urls(draw: st.DrawFn) -> str:
    """A URL as attribute text: scripting, loading or safe, often disguised."""
    url = draw(st.sampled_from(_SCRIPT_URLS + _LOADING_URLS + _SAFE_URLS))
    if draw(st.booleans()):
        return draw(_obfuscated(url))
    return _escape_attribute(url)


# --- CSS -------------------------------------------------------------------------------------

_CSS_URL_FORMS = ["url({})", 'url("{}")', "url('{}')", "URL( {} )", "u\\72l({})", "\\75 rl({})", "url(\\'{}\\')"]
_CSS_VALUES = [
    "red",
    "#f00",
    "var(--x, red)",
    "calc(1px + 2px)",
    "expression(alert(1))",
    "EXPRESSION(alert(1))",
    "expr\\65ssion(alert(1))",
    "image-set(url(//evil.example/a) 1x)",
    '-webkit-image-set("//evil.example/a" 1x)',
    "cross-fade(url(//evil.example/a), red, 50%)",
    "element(#fuzz)",
    "attr(href url)",
    "src(//evil.example/a)",
    "url(#local)",
    "rgb(1 2 3) url(//evil.example/z)",
    "red;background:url(//evil.example/semi)",
    "red}</style><script>alert(1)</script>",
    "red\\3c /style\\3e ",
    "var(--u)",
]
_CSS_PROPERTIES = [
    "fill",
    "stroke",
    "background",
    "background-image",
    "list-style",
    "cursor",
    "content",
    "mask",
    "filter",
    "marker-start",
    "behavior",
    "-moz-binding",
    "-ms-behavior",
    "--u",
    "font-family",
    "src",
]
_IMPORT_KEYWORDS = ["@import", "@IMPORT", "@\\69mport"]
_SELECTORS = [
    "#fuzz .node",
    "#fuzz",
    "#fuzz rect",
    ".node",
    "svg",
    "*",
    "#fuzz:not(&)",
    ":not(&)",
    "#fuzz ~ *",
    "#fuzz + div",
    "#fuzz, body",
    "#fuzz [href^=a]",
    "input[value^=a]",
    "#fuzz a[href*='evil']",
    "&",
    "#fuzz .x > .y",
    "#fuzz :is(.a, .b)",
    "body",
]


@st.composite
def _css_value(draw: st.DrawFn) -> str:
    if draw(st.booleans()):
        url = draw(st.sampled_from(_SCRIPT_URLS + _LOADING_URLS + _SAFE_URLS)).replace("'", "").replace('"', "")
        return draw(st.sampled_from(_CSS_URL_FORMS)).format(url)
    return draw(st.sampled_from(_CSS_VALUES))


@st.composite
def _declarations(draw: st.DrawFn) -> str:
    parts = [
        f"{draw(st.sampled_from(_CSS_PROPERTIES))}:{draw(_css_value())}{draw(st.sampled_from(['', ' !important']))}"
        for _ in range(draw(st.integers(1, 3)))
    ]
    return ";".join(parts)


@st.composite
def _css_rule(draw: st.DrawFn, depth: int = 0) -> str:
    kind = draw(st.integers(0, 11))
    if kind <= 4:
        return f"{draw(st.sampled_from(_SELECTORS))}{{{draw(_declarations())}}}"
    if kind == 5:
        target = draw(st.sampled_from(['"//evil.example/a.css"', "url(//evil.example/b.css)", "url(evil.css)"]))
        keyword = draw(st.sampled_from(_IMPORT_KEYWORDS))
        return f"{keyword} {target};"
    if kind == 6:
        source = draw(_css_value())
        return f"@font-face{{font-family:x;src:{source}}}"
    if kind == 7 and depth < 2:
        inner = "".join(draw(st.lists(_css_rule(depth + 1), min_size=1, max_size=3)))
        at = draw(
            st.sampled_from(["@media all", "@supports (display:grid)", "@media (min-width:1px)", "@document url(x)"])
        )
        return f"{at}{{{inner}}}"
    if kind == 8:
        return draw(
            st.sampled_from(
                [
                    '@charset "utf-8";',
                    "@namespace svg url(http://www.w3.org/2000/svg);",
                    "@keyframes k{from{fill:red}to{fill:url(//evil.example/k)}}",
                    "@page{background:url(//evil.example/p)}",
                ]
            )
        )
    if kind == 9:
        return draw(
            st.sampled_from(["/* </style><script>alert(1)</script> */", "/* comment */", "}", "{", "<!--", "-->"])
        )
    if kind == 10:
        return "}</style><script>alert(1)</script><style>"
    return f"#fuzz .n{{{draw(_declarations())}}}"


@st.composite
def css_stylesheets(draw: st.DrawFn) -> str:
    """CSS text (not yet escaped for XML) mixing Mermaid-like rules and attacks."""
    return "".join(draw(st.lists(_css_rule(), min_size=1, max_size=5)))


# --- elements and attributes -----------------------------------------------------------------

_ELEMENTS = [
    "g",
    "rect",
    "text",
    "tspan",
    "a",
    "use",
    "image",
    "feImage",
    "filter",
    "script",
    "Script",
    "SCRIPT",
    "animate",
    "set",
    "animateTransform",
    "animateMotion",
    "mpath",
    "discard",
    "handler",
    "listener",
    "foreignObject",
    "foreignobject",
    "iframe",
    "object",
    "embed",
    "img",
    "div",
    "body",
    "math",
    "metadata",
    "textPath",
    "pattern",
    "linearGradient",
    "mask",
    "clipPath",
    "symbol",
    "marker",
    "switch",
    "title",
    "desc",
    "style",
    "svg",
    "iMage",
]
# (how the element is written, namespace declarations it needs)
_NAMESPACE_TRICKS = [
    ("", ""),
    ("", ""),
    ("", ""),
    ("s:", f' xmlns:s="{SVG_NS}"'),
    ("h:", f' xmlns:h="{XHTML_NS}"'),
    ("", f' xmlns="{XHTML_NS}"'),
    ("", f' xmlns="{SVG_NS}"'),
    ("m:", ' xmlns:m="http://www.w3.org/1998/Math/MathML"'),
    ("x:", ' xmlns:x="urn:evil"'),
]
_EVENT_ATTRIBUTES = [
    "onload",
    "onclick",
    "OnLoad",
    "ONERROR",
    "onbegin",
    "onend",
    "onrepeat",
    "onfocusin",
    "onmouseover",
]
_LINK_ATTRIBUTES = ["href", "xlink:href", "xl:href", "src", "xml:base", "action", "formaction"]
_CSS_ATTRIBUTES = [
    "fill",
    "stroke",
    "filter",
    "clip-path",
    "mask",
    "marker-start",
    "marker-end",
    "cursor",
    "font-family",
]
_PLAIN_ATTRIBUTES = {
    "id": ["a", "fuzz", "x y"],
    "class": ["node", " a  b "],
    "x": ["1", "NaN", "-0", "1e999", "+.5e1"],
    "width": ["10", "Infinity", "100%"],
    "transform": ["translate(1,2)", "translate(NaN,2)", "scale(1e-7)"],
    "d": ["M0 0L10 10", "M0 0A5 5 0 0110 10", "M NaN 0", "garbage"],
    "attributeName": ["href", "xlink:href", "onload", "style", "transform", "fill", "class"],
    "values": ["javascript:alert(1);https://ok.example/", "0;1"],
    "to": ["javascript:alert(1)", "1"],
    "from": ["javascript:alert(1)", "0"],
    "by": ["1"],
    "begin": ["0s", "click", "indefinite"],
    "type": ["text/css", "text/javascript", "application/ecmascript"],
    "target": ["_blank", "_top", "evil"],
    "xlink:actuate": ["onLoad"],
    "xlink:show": ["embed", "new"],
    "xlink:type": ["simple"],
    "requiredExtensions": ["http://www.w3.org/1999/xhtml"],
    "externalResourcesRequired": ["true"],
    "data-x": ["javascript:alert(1)"],
    "aria-label": ["<img src=x onerror=alert(1)>"],
    "xml:space": ["preserve"],
    "rotate": ["1 2 3"],
    "viewBox": ["0 0 10 10", "0 0 NaN 10"],
}


@st.composite
def _attribute(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        name = draw(st.sampled_from(_EVENT_ATTRIBUTES))
        return f'{name}="{draw(st.sampled_from(["alert(1)", "javascript:alert(1)", "alert`1`"]))}"'
    if kind == 1:
        return f'{draw(st.sampled_from(_LINK_ATTRIBUTES))}="{draw(urls())}"'
    if kind == 2:
        return f'{draw(st.sampled_from(_CSS_ATTRIBUTES))}="{_escape_attribute(draw(_css_value()))}"'
    if kind == 3:
        return f'style="{_escape_attribute(draw(_declarations()))}"'
    name = draw(st.sampled_from(sorted(_PLAIN_ATTRIBUTES)))
    return f'{name}="{_escape_attribute(draw(st.sampled_from(_PLAIN_ATTRIBUTES[name])))}"'


_TEXTS = [
    "label",
    "<img src=x onerror=alert(1)>",
    "</svg><script>alert(1)</script>",
    "a & b",
    "]]>",
    "x\u2028y\u00a0z",
    "\U0001f600",
]


@st.composite
def _text(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 9))
    if kind <= 3:
        value = draw(st.sampled_from(_TEXTS))
        return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if kind == 4:
        return f"<![CDATA[{draw(st.sampled_from(['</style><script>alert(1)</script>', 'a<b', '#fuzz{}']))}]]>"
    if kind == 5:
        return f"<!--{draw(st.sampled_from(['x', '<script>alert(1)</script>', ' -']))}-->"
    if kind == 6:
        return draw(st.sampled_from(['<?xml-stylesheet href="//evil.example/s.css"?>', "<?php echo 1 ?>"]))
    if kind == 7:
        return draw(st.sampled_from(["&lt;", "&#60;script&#62;", "&#x1F600;", "&amp;lt;", "&e;", "&js;"]))
    if kind == 8:
        return draw(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=8)).translate(
            {
                ord("&"): "&amp;",
                ord("<"): "&lt;",
                ord(">"): "&gt;",
                **{c: None for c in range(32) if c not in (9, 10, 13)},
            }
        )
    return ""


@st.composite
def _element(draw: st.DrawFn, depth: int) -> str:
    name = draw(st.sampled_from(_ELEMENTS))
    prefix, declarations = draw(st.sampled_from(_NAMESPACE_TRICKS))
    attributes = " ".join(draw(st.lists(_attribute(), max_size=4, unique_by=lambda a: a.split("=")[0])))
    if name == "style":
        content = draw(css_stylesheets())
        if draw(st.booleans()):
            body = f"<![CDATA[{content.replace(']]>', '')}]]>"
        else:
            body = content.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        if draw(st.integers(0, 4)) == 0:
            body += draw(st.sampled_from(["<script>alert(1)</script>", "<g/>x{}", "<!--c-->"]))
    elif depth < 3 and draw(st.booleans()):
        body = "".join(draw(st.one_of(_text(), _element(depth + 1))) for _ in range(draw(st.integers(1, 3))))
    else:
        body = draw(_text())
    tag = prefix + name
    space = " " if attributes else ""
    if not body and draw(st.booleans()):
        return f"<{tag}{declarations}{space}{attributes}/>"
    return f"<{tag}{declarations}{space}{attributes}>{body}</{tag}>"


_DOCTYPES = [
    "",
    "",
    "",
    '<!DOCTYPE svg [<!ENTITY js "javascript:alert(1)"><!ENTITY e "<script>alert(1)</script>">]>',
    '<!DOCTYPE svg [<!ATTLIST a onclick CDATA "alert(1)"><!ATTLIST svg onload CDATA "alert(1)">]>',
    '<!DOCTYPE svg SYSTEM "http://evil.example/x.dtd">',
    '<!DOCTYPE svg [<!ENTITY ext SYSTEM "file:///etc/passwd">]>',
]


@st.composite
def hostile_documents(draw: st.DrawFn) -> str:
    """A whole SVG document (text) whose root is ``<svg id="fuzz">``, mostly well-formed."""
    prolog = draw(st.sampled_from(["", '<?xml version="1.0" encoding="UTF-8"?>', "<!-- before -->"]))
    doctype = draw(st.sampled_from(_DOCTYPES))
    xlink = draw(st.sampled_from([f' xmlns:xlink="{XLINK_NS}"', ' xmlns:xlink="urn:not-xlink"']))
    xlink += f' xmlns:xl="{XLINK_NS}"'
    drawn = draw(st.lists(_attribute(), max_size=2, unique_by=lambda a: a.split("=")[0]))
    root_attributes = " ".join(a for a in drawn if not a.startswith("id="))
    children = "".join(draw(st.lists(_element(0), min_size=1, max_size=4)))
    trailer = draw(st.sampled_from(["", "<!-- after -->", '<?xml-stylesheet href="//evil.example/t.css"?>']))
    return f'{prolog}{doctype}<svg xmlns="{SVG_NS}"{xlink} id="{ROOT_ID}" {root_attributes}>{children}</svg>{trailer}'
