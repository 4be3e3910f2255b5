"""CSS scrubbing for ``<style>`` text, ``style=""`` attributes and presentation attributes.

User input reaches Mermaid's CSS (``classDef``, ``style``, ``themeCSS``, ``fontFamily``), and the
published advisories show it breaking out of ``<style>``, fetching remote resources and leaking
attribute values. So the CSS is parsed with tinycss2 and whole rules or declarations are dropped,
never patched: unknown at-rules, selectors outside the diagram's ``#id`` scope, loading
functions, remote ``url()``, ``expression(``, anything holding ``<``, and nesting past 32
brackets. CSS that needs no change is returned byte for byte, so scrubbing is idempotent.

Stylesheets the warm process found safe in its own warm-up renders (:func:`remember_safe_stylesheet`)
are returned as they are under any id of the service's form, and so is the rest after such a
known beginning when it needs no change; otherwise the whole text is scrubbed. The policy in full,
and why a known stylesheet needs no scrub: ``docs/decisions/0006-css-scrubbing.md``.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterable

import tinycss2
import tinycss2.ast

__all__ = [
    "add_known_stylesheets",
    "check_css_value",
    "is_allowed_css_url",
    "known_stylesheets",
    "normalize_url",
    "remember_safe_stylesheet",
    "scrub_declarations",
    "scrub_stylesheet",
]

# Browsers strip ASCII whitespace and C0 controls from URLs before reading the scheme, so
# "jav\tascript:" is "javascript:". We strip those and C1 controls too, then case-fold.
_URL_IGNORED_CHARS = re.compile(r"[\x00-\x20\x7f-\x9f]+")

_FONT_DATA_URL = re.compile(
    r"data:(?:font/[a-z0-9.+-]+|application/(?:x-)?font-[a-z0-9.+-]+)"
    r"(?:;[a-z0-9.+=-]+)*;base64,[a-z0-9+/=]*"
)

_KEPT_AT_RULES_WITH_RULES = {
    "media",
    "supports",
    "container",
    "starting-style",
    "keyframes",
    "-webkit-keyframes",
    "-moz-keyframes",
}
_BLOCKED_PROPERTIES = {"behavior", "-ms-behavior", "-moz-binding"}
_LOADING_FUNCTIONS = {
    "image-set",
    "-webkit-image-set",
    "image",
    "cross-fade",
    "-webkit-cross-fade",
    "element",
    "-moz-element",
    "src",
    "attr",  # typed attr() could turn an attribute into a URL; Mermaid never uses it
}
_MAX_NESTING = 32
# Scope ids a known stylesheet may be matched under (see "Known stylesheets" above).
_TEMPLATE_SCOPE_ID = re.compile(r"(?:mermaid|markmap)-(?:[0-9a-f]{12}|export)")
# Where a known stylesheet's scope id was: NUL, which no XML text can contain.
_ID_MARK = "\0"
# A second id a stylesheet must pass under before it is remembered: digits and an "e" that a
# tokenizer could mistake for an exponent.
_PROBE_SCOPE_ID = "mermaid-0e1e2e3e4e5e"
_safe_templates: set[str] = set()
# The known stylesheets that end at a rule boundary, as known beginnings (see above).
_safe_beginnings: set[str] = set()
# Values and declaration lists judged so far: each judgement is a function of the text alone,
# and a drawing repeats a few of them many times (a mind map's labels: hundreds of <tspan>s
# in a handful of run styles, each `fill: rgb(…)` a tinycss2 parse). Short texts only, so the
# memo stays small.
_MEMO_MAX_CHARS = 1024
_MEMO_ENTRIES = 4096
_NOT_A_BRACKET = re.compile(r"[^()\[\]{}]+")
_SELECTOR_LITERALS = {".", ",", ":", ">", "+", "~", "*", "|", "=", "~=", "|=", "^=", "$=", "*="}
_SELECTOR_FUNCTIONS = {
    "not",
    "is",
    "where",
    "has",
    "nth-child",
    "nth-last-child",
    "nth-of-type",
    "nth-last-of-type",
    "lang",
    "dir",
}
_PLAIN_SELECTOR_TOKENS = (
    tinycss2.ast.WhitespaceToken,
    tinycss2.ast.IdentToken,
    tinycss2.ast.HashToken,
    tinycss2.ast.NumberToken,
    tinycss2.ast.PercentageToken,
    tinycss2.ast.DimensionToken,
    tinycss2.ast.StringToken,
)


def normalize_url(value: str) -> str:
    """The form of a URL used for scheme checks: entities decoded, blanks dropped, lower case.

    HTML character references are decoded (twice at most, for double encoding such as
    ``&amp;#x09;``) after the XML parser has already decoded the XML ones.
    """
    text = value
    for _ in range(2):
        decoded = html.unescape(text)
        if decoded == text:
            break
        text = decoded
    return _URL_IGNORED_CHARS.sub("", text).lower()


def is_allowed_css_url(url: str) -> bool:
    """True for ``#fragment`` references and base64 ``data:`` fonts; false for anything else."""
    cleaned = normalize_url(url)
    if cleaned.startswith("#"):
        return len(cleaned) > 1
    return _FONT_DATA_URL.fullmatch(cleaned) is not None


def check_css_value(value: str) -> str | None:
    """Check a presentation attribute value such as ``fill="url(#g)"``.

    Returns:
        None if the value is safe, else a short reason.
    """
    if "(" not in value and "\\" not in value and "<" not in value:
        return None  # without a function or an escape, a value cannot load or run anything
    if len(value) <= _MEMO_MAX_CHARS:
        return _checked_css_value(value)
    return _check_css_value(value)


@functools.lru_cache(maxsize=_MEMO_ENTRIES)
def _checked_css_value(value: str) -> str | None:
    return _check_css_value(value)


def _check_css_value(value: str) -> str | None:
    if "<" in value:
        return "markup in a CSS value"
    if _too_deeply_nested(value):
        return "CSS nested too deeply"
    return _value_problem(tinycss2.parse_component_value_list(value))


def scrub_stylesheet(text: str, scope_id: str | None = None) -> tuple[str, list[str]]:
    """Scrub the text of a ``<style>`` element.

    Args:
        text: the CSS, as decoded by the XML parser.
        scope_id: the root ``<svg>`` id every selector must start with as ``#id``, or None to
            skip the scoping check.

    Returns:
        The text (unchanged, same object, when nothing was unsafe) and notes on what was dropped.
    """
    if _safe_templates and scope_id is not None and _TEMPLATE_SCOPE_ID.fullmatch(scope_id) and _ID_MARK not in text:
        # `text` holds no mark, so it is `marked` with every mark turned back into the id.
        marked = text.replace(scope_id, _ID_MARK)
        if marked in _safe_templates:
            return text, []
        beginning = max((b for b in _safe_beginnings if marked.startswith(b)), key=len, default=None)
        if beginning is not None:
            rest = marked[len(beginning) :].replace(_ID_MARK, scope_id)
            if _scrub_stylesheet(rest, scope_id) == (rest, []):
                return text, []
    return _scrub_stylesheet(text, scope_id)


def known_stylesheets() -> tuple[frozenset[str], frozenset[str]]:
    """The known stylesheets and known beginnings remembered so far, as templates (the scope id
    cut out): for a process that remembered more to report what it added."""
    return frozenset(_safe_templates), frozenset(_safe_beginnings)


def add_known_stylesheets(templates: Iterable[str], beginnings: Iterable[str]) -> int:
    """Take in templates another process of this installation remembered from its own fixed
    warm-up output (:func:`remember_safe_stylesheet` there): the pool's learner child, which
    draws the types the warm process only parses (never a request's output). A text without
    the scope mark is no template and is skipped.

    Returns:
        How many templates and beginnings were new here.
    """
    added = 0
    for target, texts in ((_safe_templates, templates), (_safe_beginnings, beginnings)):
        for text in texts:
            if isinstance(text, str) and _ID_MARK in text and text not in target:
                target.add(text)
                added += 1
    return added


def remember_safe_stylesheet(text: str, scope_id: str) -> bool:
    """Remember a stylesheet of the warm process's own warm-up output if it needs no change
    (under its id and under another), so a request's copy of it is not parsed again.

    Only for fixed, built-in input: never call it with a request's output.

    Returns:
        Whether it was remembered.
    """
    if not _TEMPLATE_SCOPE_ID.fullmatch(scope_id) or _ID_MARK in text or scope_id not in text:
        return False
    template = text.replace(scope_id, _ID_MARK)
    for probe in (scope_id, _PROBE_SCOPE_ID):
        filled = template.replace(_ID_MARK, probe)
        scrubbed, notes = _scrub_stylesheet(filled, probe)
        if notes or scrubbed != filled:
            return False
    _safe_templates.add(template)
    if _ends_at_a_rule_boundary(template.replace(_ID_MARK, _PROBE_SCOPE_ID)):
        _safe_beginnings.add(template)
    return True


def _ends_at_a_rule_boundary(text: str) -> bool:
    """Whether a rule written right after ``text`` parses as a top-level rule of its own (not
    inside an unclosed block, comment, string or function of ``text``), and the nesting count of
    :func:`_too_deeply_nested` starts afresh after it."""
    if not text.endswith("}") or _bracket_depths(text)[1] != 0:
        return False  # (a nesting count still open at the end would carry into what follows)
    alone = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    marker = "#" + _PROBE_SCOPE_ID + "-end"
    followed = tinycss2.parse_stylesheet(text + marker + "{}", skip_comments=True, skip_whitespace=True)
    if len(followed) != len(alone) + 1:
        return False
    last = followed[-1]
    return last.type == "qualified-rule" and str(tinycss2.serialize(last.prelude)) == marker and not last.content


def _scrub_stylesheet(text: str, scope_id: str | None) -> tuple[str, list[str]]:
    if _too_deeply_nested(text):
        return "", ["removed a style sheet nested too deeply"]
    rules = tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)
    kept, notes = _scrub_rule_list(rules, scope_id)
    if "<" in text and not notes:
        notes.append("removed a CSS comment containing markup")
    if not notes:
        return text, []
    return "".join(kept), notes


def scrub_declarations(text: str) -> tuple[str, list[str]]:
    """Scrub the value of a ``style=""`` attribute.

    Returns:
        The value (unchanged when nothing was unsafe) and notes on what was dropped.
    """
    if "(" not in text and "\\" not in text and "<" not in text and "@" not in text:
        # Without a function, an escape, markup or an at-rule a declaration list can neither
        # load a resource nor bind behaviour (behavior/-moz-binding need url()).
        return text, []
    if len(text) <= _MEMO_MAX_CHARS:
        scrubbed, notes = _scrubbed_declarations(text)
        return scrubbed, list(notes)
    return _scrub_declarations(text)


@functools.lru_cache(maxsize=_MEMO_ENTRIES)
def _scrubbed_declarations(text: str) -> tuple[str, tuple[str, ...]]:
    scrubbed, notes = _scrub_declarations(text)
    return scrubbed, tuple(notes)


def _scrub_declarations(text: str) -> tuple[str, list[str]]:
    if _too_deeply_nested(text):
        return "", ["removed a style attribute nested too deeply"]
    nodes = tinycss2.parse_blocks_contents(text, skip_comments=True, skip_whitespace=True)
    kept, notes = _scrub_declaration_list(nodes)
    if "<" in text and not notes:
        notes.append("removed a CSS comment containing markup")
    if not notes:
        return text, []
    return ";".join(kept), notes


def _scrub_rule_list(nodes: Iterable[tinycss2.ast.Node], scope_id: str | None) -> tuple[list[str], list[str]]:
    kept: list[str] = []
    notes: list[str] = []
    for node in nodes:
        if node.type == "error":
            notes.append("removed unparsable CSS")
        elif "<" in node.serialize():
            notes.append("removed a CSS rule containing markup (possible </style> breakout)")
        elif node.type == "qualified-rule":
            kept_rule = _scrub_qualified_rule(node, scope_id, notes)
            if kept_rule is not None:
                kept.append(kept_rule)
        elif node.type == "at-rule":
            kept_rule = _scrub_at_rule(node, scope_id, notes)
            if kept_rule is not None:
                kept.append(kept_rule)
        else:
            notes.append("removed unparsable CSS")
    return kept, notes


def _scrub_qualified_rule(rule: tinycss2.ast.QualifiedRule, scope_id: str | None, notes: list[str]) -> str | None:
    if not _selector_is_safe(rule.prelude):
        notes.append("removed a CSS rule with a disallowed selector")
        return None
    if scope_id is not None and not _selector_is_scoped(rule.prelude, scope_id):
        notes.append("removed a CSS rule not scoped to the diagram's #id")
        return None
    nodes = tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
    declarations, dropped = _scrub_declaration_list(nodes)
    if not dropped:
        return str(rule.serialize())
    notes.extend(dropped)
    if not declarations:
        return None
    return str(tinycss2.serialize(rule.prelude)) + "{" + ";".join(declarations) + "}"


def _scrub_at_rule(rule: tinycss2.ast.AtRule, scope_id: str | None, notes: list[str]) -> str | None:
    name = rule.lower_at_keyword
    if name == "font-face" and rule.content is not None:
        nodes = tinycss2.parse_blocks_contents(rule.content, skip_comments=True, skip_whitespace=True)
        _, dropped = _scrub_declaration_list(nodes)
        if dropped or _value_problem(rule.prelude):
            notes.append("removed an @font-face rule with a non-embedded source")
            return None
        return str(rule.serialize())
    if name in _KEPT_AT_RULES_WITH_RULES and rule.content is not None:
        if _value_problem(rule.prelude):
            notes.append(f"removed a CSS @{name} rule with an unsafe condition")
            return None
        inner_nodes = tinycss2.parse_rule_list(rule.content, skip_comments=True, skip_whitespace=True)
        inner_scope = None if name.endswith("keyframes") else scope_id
        inner, dropped = _scrub_rule_list(inner_nodes, inner_scope)
        if not dropped:
            return str(rule.serialize())
        notes.extend(dropped)
        return "@" + str(rule.at_keyword) + str(tinycss2.serialize(rule.prelude)) + "{" + "".join(inner) + "}"
    notes.append(f"removed CSS @{_short(name)}")
    return None


def _scrub_declaration_list(nodes: Iterable[tinycss2.ast.Node]) -> tuple[list[str], list[str]]:
    kept: list[str] = []
    notes: list[str] = []
    for node in nodes:
        if node.type == "declaration":
            name = node.lower_name
            if name in _BLOCKED_PROPERTIES:
                notes.append(f"removed CSS property '{name}'")
                continue
            text = node.serialize()
            problem = "markup in a CSS value" if "<" in text else _value_problem(node.value)
            if problem:
                notes.append(f"removed CSS declaration '{_short(name)}' ({problem})")
                continue
            kept.append(text)
        elif node.type in ("qualified-rule", "at-rule"):
            notes.append("removed a nested CSS rule")
        else:
            notes.append("removed an unparsable CSS declaration")
    return kept, notes


def _value_problem(tokens: Iterable[tinycss2.ast.Node]) -> str | None:
    """The first reason a list of component values is unsafe, or None."""
    for token in tokens:
        kind = token.type
        if kind == "error":
            return "unparsable value"
        if kind == "url":
            if not is_allowed_css_url(token.value):
                return "external or non-font URL"
        elif kind == "function":
            name = token.lower_name
            if name == "url":
                arguments = [t for t in token.arguments if t.type != "whitespace"]
                if len(arguments) != 1 or arguments[0].type != "string":
                    return "unparsable url()"
                if not is_allowed_css_url(arguments[0].value):
                    return "external or non-font URL"
            elif name == "expression":
                return "expression()"
            elif name in _LOADING_FUNCTIONS:
                return f"{name}() loads resources"
            problem = _value_problem(token.arguments)
            if problem:
                return problem
        elif kind in ("() block", "[] block", "{} block"):
            problem = _value_problem(token.content)
            if problem:
                return problem
    return None


def _selector_is_safe(tokens: Iterable[tinycss2.ast.Node]) -> bool:
    for token in tokens:
        if isinstance(token, _PLAIN_SELECTOR_TOKENS):
            continue
        if token.type == "literal":
            if token.value not in _SELECTOR_LITERALS:
                return False
        elif token.type == "[] block":
            if not _selector_is_safe(token.content):
                return False
        elif token.type == "function":
            if token.lower_name not in _SELECTOR_FUNCTIONS:
                return False
            if not _selector_is_safe(token.arguments):
                return False
        else:
            return False
    return True


def _selector_is_scoped(tokens: list[tinycss2.ast.Node], scope_id: str) -> bool:
    """True if every selector in the comma-separated list starts with ``#scope_id``."""
    selectors: list[list[tinycss2.ast.Node]] = [[]]
    for token in tokens:
        if token.type == "literal" and token.value == ",":
            selectors.append([])
        elif token.type != "whitespace" or selectors[-1]:
            selectors[-1].append(token)
    for selector in selectors:
        if not selector or selector[0].type != "hash" or selector[0].value != scope_id:
            return False
        following = [token for token in selector[1:] if token.type != "whitespace"]
        if following and following[0].type == "literal" and following[0].value in ("~", "+"):
            return False
    return True


def _too_deeply_nested(text: str) -> bool:
    """Over-estimates depth (brackets inside strings count too), which only errs on the safe side."""
    return _bracket_depths(text)[0] > _MAX_NESTING


def _bracket_depths(text: str) -> tuple[int, int]:
    """The deepest bracket nesting of ``text`` and the nesting at its end, counting every bracket
    (a closing one never takes the count below 0)."""
    depth = deepest = 0
    for bracket in _NOT_A_BRACKET.sub("", text):
        if bracket in "([{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest, depth


def _short(name: str) -> str:
    return name if len(name) <= 40 else name[:37] + "..."
