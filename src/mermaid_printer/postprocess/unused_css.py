"""Drop the CSS rules that match no element of the finished SVG.

Mermaid writes one theme stylesheet for every diagram of a family: a two-node flowchart carries
the rules of clusters, swimlanes, the neo look, icons and notes, most of its bytes. A rule is
dropped only when it surely matches nothing, so the picture cannot change:

* A rule is kept when any selector of its list may match an element; the list is never cut (a
  list with one selector a browser does not understand is void as a whole, and cutting it could
  revive it).
* Selectors are matched right to left over the tree with their combinators (descendant, ``>``,
  ``+``, ``~``). Type, ``#id``, ``.class`` and attribute selectors (``=``, ``~=``, ``|=``, ``^=``,
  ``$=``, ``*=``) are evaluated, ignoring case and namespaces (a browser that cares about case
  matches less, never more). Pseudo-classes (``:not()``, ``:hover``, ``:has()``, …) and
  pseudo-elements are taken to match: the rule is kept if the rest of the compound matches.
  A selector this module cannot read (another combinator, an unexpected token) is kept.
* ``@media``, ``@supports`` and ``@container`` keep their rules that may match and go when none
  is left. ``@keyframes`` stay when their name appears in a kept rule or a ``style`` attribute;
  ``@font-face`` and every other at-rule stay.

The stylesheet is compiled once per text with its scope id (``#mermaid-<hex>``) cut out, so a
request's copy of the theme the warm process compiled during warm-up is not parsed again.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

import tinycss2
import tinycss2.ast
from lxml import etree

from mermaid_printer.postprocess.allowlist import SVG_NAMESPACE

__all__ = ["precompile_stylesheets", "prune_unused_css"]

_STYLE_TAG = "{" + SVG_NAMESPACE + "}style"
_GROUPING_AT_RULES = {"media", "supports", "container"}
_KEYFRAMES = {"keyframes", "-webkit-keyframes", "-moz-keyframes"}
# Scope ids compiled as one template (as the service and the exports choose them).
_TEMPLATE_SCOPE_ID = re.compile(r"(?:mermaid|markmap)-(?:[0-9a-f]{12}|export)")
# The scope id a template is compiled under: same form, so it tokenizes as any of them does;
# no suffix of it is a prefix of it, so it is found in a compiled text exactly where it was put.
_PROBE_SCOPE_ID = "mermaid-0e1e2e3e4e5e"
_ID_MARK = "\0"  # no XML text contains it
_COMPILED_TEMPLATES = 128


@dataclass(frozen=True)
class _Attribute:
    name: str
    operator: str | None = None  # None: the attribute is present
    value: str = ""


@dataclass
class _Compound:
    tag: str | None = None  # lower case; None for * or none given
    ids: list[str] = field(default_factory=list)
    classes: list[str] = field(default_factory=list)
    attributes: list[_Attribute] = field(default_factory=list)


#: A complex selector, left to right: the first compound, then (combinator, compound) pairs.
#: None: a selector this module cannot read (kept).
_Selector = tuple[_Compound, tuple[tuple[str, _Compound], ...]] | None


@dataclass(frozen=True)
class _Rule:
    text: str  # the rule as written (at-rules re-assembled around their kept rules)
    selectors: tuple[_Selector, ...] = ()  # a qualified rule's selector list
    children: tuple[_Rule, ...] = ()  # @media/@supports/@container
    grouping: bool = False
    keyframes: str | None = None  # the name of @keyframes


class _Document:
    """The elements of a tree, indexed for selector matching (names and values lower-cased)."""

    def __init__(self, root: etree._Element, scope: tuple[str, str] | None) -> None:
        # ``scope``: (the scope id, the probe id) when the rules were compiled from a template:
        # attribute values are indexed with the one written as the other, as the rules have it.
        self.elements = [element for element in root.iter() if isinstance(element.tag, str)]
        self.by_tag: dict[str, list[etree._Element]] = {}
        self.by_id: dict[str, list[etree._Element]] = {}
        self.by_class: dict[str, list[etree._Element]] = {}
        self.facts: dict[etree._Element, tuple[str, frozenset[str], dict[str, str]]] = {}
        for element in self.elements:
            tag = etree.QName(element).localname.lower()
            attributes = {etree.QName(name).localname.lower(): value.lower() for name, value in element.attrib.items()}
            if scope is not None:
                attributes = {name: value.replace(*scope) for name, value in attributes.items()}
            classes = frozenset(attributes.get("class", "").split())
            self.facts[element] = (tag, classes, attributes)
            self.by_tag.setdefault(tag, []).append(element)
            if "id" in attributes:
                self.by_id.setdefault(attributes["id"], []).append(element)
            for name in classes:
                self.by_class.setdefault(name, []).append(element)

    def candidates(self, compound: _Compound) -> Sequence[etree._Element]:
        """The elements the compound may match, from the smallest index that applies."""
        pools = [self.by_id.get(value, []) for value in compound.ids]
        pools += [self.by_class.get(value, []) for value in compound.classes]
        if compound.tag is not None:
            pools.append(self.by_tag.get(compound.tag, []))
        return min(pools, key=len) if pools else self.elements

    def has_parts_of(self, compound: _Compound) -> bool:
        """False when an id, class or type the compound names is on no element at all."""
        return (
            all(value in self.by_id for value in compound.ids)
            and all(value in self.by_class for value in compound.classes)
            and (compound.tag is None or compound.tag in self.by_tag)
        )

    def matches(self, element: etree._Element, compound: _Compound) -> bool:
        tag, classes, attributes = self.facts[element]
        if compound.tag is not None and tag != compound.tag:
            return False
        if compound.ids and any(attributes.get("id") != value for value in compound.ids):
            return False
        if compound.classes and not classes.issuperset(compound.classes):
            return False
        return all(_attribute_matches(attributes, attribute) for attribute in compound.attributes)


def prune_unused_css(root: etree._Element) -> None:
    """Drop, from every ``<style>`` of ``root``, the rules that match no element of ``root``.

    Call it on the finished tree (after sanitizing, before fonts are embedded): what it keeps
    depends on the elements present. Deterministic: the kept rules keep their order and text.
    """
    styles = [style for style in root.iter(_STYLE_TAG) if style.text]
    if not styles:
        return
    scope_id = root.get("id") or ""
    templated = bool(_TEMPLATE_SCOPE_ID.fullmatch(scope_id)) and not any(
        _ID_MARK in (style.text or "") or _PROBE_SCOPE_ID in (style.text or "") for style in styles
    )
    compiled = [
        _compiled_template(text.replace(scope_id, _ID_MARK)) if templated else _compile(text)
        for text in (style.text or "" for style in styles)
    ]
    document = _Document(root, (scope_id.lower(), _PROBE_SCOPE_ID) if templated else None)
    kept_sheets = [_kept_rules(rules, document) for rules in compiled]
    # Keyframes are judged after every rule, against the rules kept and the style attributes.
    used = "\n".join(
        [rule.text for rules in kept_sheets for rule in rules if rule.keyframes is None]
        + [element.get("style") or "" for element in document.elements]
    )
    for style, rules, original in zip(styles, kept_sheets, compiled, strict=True):
        final = [rule for rule in rules if rule.keyframes is None or _names(rule.keyframes, used)]
        if final != list(original):
            text = "".join(rule.text for rule in final)
            style.text = (text.replace(_PROBE_SCOPE_ID, scope_id) if templated else text) or None


def precompile_stylesheets(templates: Iterable[str]) -> int:
    """Compile known stylesheet templates (their scope id cut out as by ``postprocess/css.py``'s
    "Known stylesheets", the same mark), so a request's copy is not parsed again: for the warm
    process, with the stylesheets the pool's learner drew (fixed input only).

    Returns:
        How many were compiled.
    """
    compiled = 0
    for template in templates:
        if isinstance(template, str) and _ID_MARK in template and _PROBE_SCOPE_ID not in template:
            _compiled_template(template)
            compiled += 1
    return compiled


def _names(name: str, text: str) -> bool:
    """Whether ``text`` holds ``name`` as a whole CSS identifier (or more: never less)."""
    return re.search(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text) is not None


def _kept_rules(rules: Sequence[_Rule], document: _Document) -> list[_Rule]:
    kept: list[_Rule] = []
    for rule in rules:
        if rule.grouping:
            children = _kept_rules(rule.children, document)
            if children == list(rule.children):
                kept.append(rule)
            elif children:
                head = rule.text[: rule.text.index("{") + 1]
                kept.append(_Rule(head + "".join(child.text for child in children) + "}", (), tuple(children), True))
        elif not rule.selectors or any(_may_match(selector, document) for selector in rule.selectors):
            kept.append(rule)
    return kept


@functools.lru_cache(maxsize=_COMPILED_TEMPLATES)
def _compiled_template(template: str) -> tuple[_Rule, ...]:
    """The rules of a stylesheet with its scope id cut out, compiled under the probe id: once
    per template (the warm process compiles its warm-up output's before it forks)."""
    return _compile(template.replace(_ID_MARK, _PROBE_SCOPE_ID))


def _compile(text: str) -> tuple[_Rule, ...]:
    return tuple(_compile_rules(tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True)))


def _compile_rules(nodes: Iterable[tinycss2.ast.Node]) -> Iterator[_Rule]:
    for node in nodes:
        text = str(node.serialize())
        if node.type == "qualified-rule":
            yield _Rule(text, tuple(_selectors(node.prelude)))
        elif node.type == "at-rule" and node.content is not None and node.lower_at_keyword in _GROUPING_AT_RULES:
            inner = tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True)
            head = "@" + str(node.at_keyword) + str(tinycss2.serialize(node.prelude)) + "{"
            children = tuple(_compile_rules(inner))
            yield _Rule(head + "".join(child.text for child in children) + "}", (), children, True)
        elif node.type == "at-rule" and node.lower_at_keyword in _KEYFRAMES:
            names = [token.value for token in node.prelude if token.type in ("ident", "string")]
            yield _Rule(text, keyframes=names[0] if len(names) == 1 else None)
        else:
            yield _Rule(text)


def _selectors(prelude: list[tinycss2.ast.Node]) -> Iterator[_Selector]:
    current: list[tinycss2.ast.Node] = []
    for token in [*prelude, None]:
        if token is None or (token.type == "literal" and token.value == ","):
            yield _selector(current)
            current = []
        else:
            current.append(token)


def _selector(tokens: list[tinycss2.ast.Node]) -> _Selector:
    """One complex selector, or None when it holds anything this module does not read."""
    while tokens and tokens[0].type == "whitespace":
        tokens = tokens[1:]
    while tokens and tokens[-1].type == "whitespace":
        tokens = tokens[:-1]
    if not tokens:
        return None
    compounds: list[_Compound] = [_Compound()]
    combinators: list[str] = []
    pending: str | None = None  # a combinator read since the last compound ended
    started = False  # the current compound has a part
    index = 0
    while index < len(tokens):
        token = tokens[index]
        kind = token.type
        if kind == "whitespace" or (kind == "literal" and token.value in (">", "+", "~")):
            if not started and not combinators and not pending:
                return None
            combinator = " " if kind == "whitespace" else token.value
            if pending is None or pending == " ":
                pending = combinator
            elif combinator != " ":
                return None  # two explicit combinators in a row
            index += 1
            continue
        if pending is not None:
            if not started:
                return None
            combinators.append(pending)
            compounds.append(_Compound())
            pending, started = None, False
        compound = compounds[-1]
        following = tokens[index + 1] if index + 1 < len(tokens) else None
        if kind == "ident" or (kind == "literal" and token.value == "*"):
            if started:
                return None
            if following is not None and following.type == "literal" and following.value == "|":
                index += 2  # a namespace prefix: matched by local name
                if index >= len(tokens):
                    return None
                token = tokens[index]
                if not (token.type == "ident" or (token.type == "literal" and token.value == "*")):
                    return None
            compound.tag = token.value.lower() if token.type == "ident" else None
        elif kind == "hash":
            compound.ids.append(token.value.lower())
        elif kind == "literal" and token.value == ".":
            if following is None or following.type != "ident":
                return None
            compound.classes.append(following.value.lower())
            index += 1
        elif kind == "literal" and token.value == ":":
            # A pseudo-class (:name or :name(...)) or pseudo-element (::name): taken to match.
            index += 1
            if index < len(tokens) and tokens[index].type == "literal" and tokens[index].value == ":":
                index += 1
            if index >= len(tokens) or tokens[index].type not in ("ident", "function"):
                return None
        elif kind == "[] block":
            attribute = _attribute(token.content)
            if attribute is None:
                return None
            compound.attributes.append(attribute)
        else:
            return None
        started = True
        index += 1
    if pending is not None or not started:
        return None
    return compounds[0], tuple(zip(combinators, compounds[1:], strict=True))


def _attribute(content: list[tinycss2.ast.Node]) -> _Attribute | None:
    tokens = [token for token in content if token.type != "whitespace"]
    if len(tokens) >= 3 and tokens[1].type == "literal" and tokens[1].value == "|" and tokens[2].type == "ident":
        tokens = tokens[2:]  # ns|name
    elif len(tokens) >= 2 and tokens[0].type == "literal" and tokens[0].value == "|" and tokens[1].type == "ident":
        tokens = tokens[1:]
    if not tokens or tokens[0].type != "ident":
        return None
    name = tokens[0].value.lower()
    if len(tokens) == 1:
        return _Attribute(name)
    operator = tokens[1]
    if operator.type != "literal" or operator.value not in ("=", "~=", "|=", "^=", "$=", "*="):
        return None
    if len(tokens) < 3 or tokens[2].type not in ("ident", "string"):
        return None
    if len(tokens) > 4 or (len(tokens) == 4 and tokens[3].type != "ident"):
        return None
    return _Attribute(name, operator.value, tokens[2].value.lower())


def _attribute_matches(attributes: dict[str, str], attribute: _Attribute) -> bool:
    actual = attributes.get(attribute.name)
    if actual is None:
        return False
    value, wanted = actual, attribute.value
    match attribute.operator:
        case None:
            return True
        case "=":
            return value == wanted
        case "~=":
            return wanted in value.split()
        case "|=":
            return value == wanted or value.startswith(wanted + "-")
        case "^=":
            return bool(wanted) and value.startswith(wanted)
        case "$=":
            return bool(wanted) and value.endswith(wanted)
        case _:  # "*="
            return bool(wanted) and wanted in value


def _may_match(selector: _Selector, document: _Document) -> bool:
    if selector is None:
        return True
    first, rest = selector
    compounds = [first, *(compound for _, compound in rest)]
    combinators = [combinator for combinator, _ in rest]
    if not all(document.has_parts_of(compound) for compound in compounds):
        return False
    return any(
        _matches_from(element, len(compounds) - 1, compounds, combinators, document)
        for element in document.candidates(compounds[-1])
    )


def _matches_from(
    element: etree._Element, index: int, compounds: list[_Compound], combinators: list[str], document: _Document
) -> bool:
    """Whether ``element`` matches compound ``index`` with everything left of it."""
    if not document.matches(element, compounds[index]):
        return False
    if index == 0:
        return True
    combinator = combinators[index - 1]
    if combinator == ">":
        parent = element.getparent()
        return parent is not None and _matches_from(parent, index - 1, compounds, combinators, document)
    if combinator == " ":
        return any(
            _matches_from(ancestor, index - 1, compounds, combinators, document) for ancestor in element.iterancestors()
        )
    siblings = (sibling for sibling in element.itersiblings(preceding=True) if isinstance(sibling.tag, str))
    if combinator == "+":
        previous = next(siblings, None)
        return previous is not None and _matches_from(previous, index - 1, compounds, combinators, document)
    return any(_matches_from(sibling, index - 1, compounds, combinators, document) for sibling in siblings)
