"""Make sanitized SVG byte-for-byte deterministic.

The engine is already deterministic (seeded randomness, frozen clock, ``deterministicIds``); this
step removes what is left to chance in how the tree is written out. Decisions:

* **Attribute order**: ``id`` first, ``class`` second, then every other attribute sorted by its
  written name (``xlink:href`` and ``xml:space`` sort by their prefixed form). Ids first keeps the
  output readable; sorting the rest removes any dependence on the order Mermaid set them in.
* **Numbers** in geometry attributes (``x``, ``y``, ``width``, ``r``, ``refX``, …), ``transform``,
  ``points``, ``viewBox`` and path data: rounded to at most 3 decimals, trailing zeros and a
  trailing point stripped, ``-0`` written as ``0``, exponents expanded, units kept
  (``1.20000em`` → ``1.2em``). Path data is re-tokenized (arc flags understood) and written with
  single spaces between numbers and no space around command letters (``M10 20L30 40``); path data
  that does not tokenize is left exactly as it was. Three decimals is 1/1000 of a user unit,
  far below a device pixel at any sensible zoom. Numbers inside ``style`` and CSS are not touched.
* **Text is never touched.** Whitespace-only text between elements is removed only outside
  text-bearing elements (``text``, ``tspan``, ``textPath``, ``title``, ``desc``, ``style``) and
  outside ``xml:space="preserve"``; everything inside them stays as written.
* **Empty elements** are written as ``<x/>``. **Empty attributes**: ``style=""`` and ``class=""``
  are dropped; ``class`` has its whitespace
  collapsed to single spaces (the class list and its order are kept).
* **Ids are not renamed.** Mermaid's CSS targets ``#id`` and markers are referenced with
  ``url(#id)``; with ``deterministicIds`` they are stable already.
* **Namespaces** (done by ``serialize_svg``): the SVG namespace is the default namespace on the
  root, ``xmlns:xlink`` is declared on the root only when an ``xlink:`` attribute is used, and no
  other namespace declaration appears anywhere. lxml cannot re-prefix nodes in place, so the
  serializer writes a fresh copy of the tree.
* **Output**: no XML declaration, no DOCTYPE, one trailing newline; lxml escapes text and
  attribute values, so the result is well-formed XML and encodes to UTF-8 without error.
"""

from __future__ import annotations

import re

from lxml import etree

from mermaid_printer.postprocess.sanitize import SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE

__all__ = ["canonicalize_svg", "format_number", "format_path_data", "serialize_svg"]

_SVG = "{" + SVG_NAMESPACE + "}"
_XML_SPACE = "{" + XML_NAMESPACE + "}space"
_PREFIXES = {XLINK_NAMESPACE: "xlink", XML_NAMESPACE: "xml"}

_NUMERIC_ATTRIBUTES = {
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "dx",
    "dy",
    "width",
    "height",
    "refX",
    "refY",
    "markerWidth",
    "markerHeight",
    "textLength",
    "startOffset",
    "viewBox",
    "points",
    "transform",
    "gradientTransform",
    "patternTransform",
}
_PATH_ATTRIBUTES = {"d", "path"}
_TEXT_ELEMENTS = {"text", "tspan", "textPath", "title", "desc", "style"}

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_PATH_COMMANDS = "MmZzLlHhVvCcSsQqTtAa"
_PATH_SEPARATORS = " \t\r\n,"
_ARC_FLAG_POSITIONS = (3, 4)  # in the 7 arguments of an arc: rx ry angle large sweep x y


def canonicalize_svg(root: etree._Element) -> None:
    """Normalize attribute order, number formatting and whitespace, in place."""
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    while stack:
        element, preserve_space = stack.pop()
        if not isinstance(element.tag, str):
            continue
        preserve_space = (
            preserve_space
            or etree.QName(element).localname in _TEXT_ELEMENTS
            or element.get(_XML_SPACE) == "preserve"
        )
        _canonicalize_attributes(element)
        if element.text == "":
            element.text = None  # so an empty element is always written as <x/>
        if not preserve_space:
            if element.text is not None and not element.text.strip():
                element.text = None
            for child in element:
                if child.tail is not None and not child.tail.strip():
                    child.tail = None
        stack.extend((child, preserve_space) for child in element)
    etree.cleanup_namespaces(root)


def serialize_svg(root: etree._Element) -> str:
    """Write the tree as XML text with canonical namespace declarations and a final newline."""
    copy = _copy_with_canonical_namespaces(root)
    return etree.tostring(copy, encoding="unicode") + "\n"


def format_number(token: str) -> str:
    """Write one number with at most 3 decimals: ``"10.50000"`` → ``"10.5"``, ``"-0.0001"`` → ``"0"``."""
    value = float(token)
    if abs(value) >= 1e15:
        return token  # beyond float precision for 3 decimals; leave it as written
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_numbers_in(value: str) -> str:
    """Format every number in an attribute value, keeping units and separators.

    Two numbers written without a separator (``"1.0.5"`` or ``"3+4"``) get a space between
    them when the second no longer starts with a sign, so the value keeps its meaning.
    """
    parts: list[str] = []
    position = 0
    for match in _NUMBER.finditer(value):
        formatted = format_number(match.group())
        between = value[position : match.start()]
        if parts and not between and not formatted.startswith("-"):
            between = " "
        parts.append(between)
        parts.append(formatted)
        position = match.end()
    parts.append(value[position:])
    return "".join(parts)


def format_path_data(data: str) -> str:
    """Rewrite path data with formatted numbers; return it unchanged if it does not tokenize."""
    tokens = _tokenize_path(data)
    if tokens is None:
        return data
    parts: list[str] = []
    previous_was_number = False
    for token in tokens:
        is_number = token not in _PATH_COMMANDS
        if is_number and previous_was_number:
            parts.append(" ")
        parts.append(token)
        previous_was_number = is_number
    return "".join(parts)


def _tokenize_path(data: str) -> list[str] | None:
    """Command letters and formatted numbers, or None when the data is not valid path syntax."""
    tokens: list[str] = []
    command = ""
    argument_index = 0
    position = 0
    length = len(data)
    while position < length:
        char = data[position]
        if char in _PATH_SEPARATORS:
            position += 1
        elif char in _PATH_COMMANDS:
            tokens.append(char)
            command = char
            argument_index = 0
            position += 1
        elif command in ("a", "A") and argument_index % 7 in _ARC_FLAG_POSITIONS:
            if char not in "01":
                return None
            tokens.append(char)
            argument_index += 1
            position += 1
        else:
            match = _NUMBER.match(data, position)
            if match is None or not command:
                return None
            tokens.append(format_number(match.group()))
            argument_index += 1
            position = match.end()
    return tokens


def _canonicalize_attributes(element: etree._Element) -> None:
    attributes = element.attrib
    for name in ("style", "class"):
        value = attributes.get(name)
        if value is None:
            continue
        if name == "class":
            value = " ".join(value.split())
        if value.strip():
            attributes[name] = value
        else:
            del attributes[name]
    for name, value in attributes.items():
        if name in _NUMERIC_ATTRIBUTES:
            formatted = format_numbers_in(value)
        elif name in _PATH_ATTRIBUTES:
            formatted = format_path_data(value)
        else:
            continue
        if formatted != value:
            attributes[name] = formatted
    items = attributes.items()
    ordered = sorted(items, key=_attribute_sort_key)
    if ordered != items:
        attributes.clear()
        for name, value in ordered:
            attributes[name] = value


def _attribute_sort_key(item: tuple[str, str]) -> tuple[int, str]:
    name = item[0]
    if name == "id":
        return (0, "")
    if name == "class":
        return (1, "")
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        name = _PREFIXES.get(namespace, namespace) + ":" + local
    return (2, name)


def _copy_with_canonical_namespaces(root: etree._Element) -> etree._Element:
    uses_xlink = any(
        name.startswith("{" + XLINK_NAMESPACE + "}") for element in root.iter() for name in element.attrib
    )
    nsmap: dict[str | None, str] = {None: SVG_NAMESPACE}
    if uses_xlink:
        nsmap["xlink"] = XLINK_NAMESPACE
    copy = etree.Element(root.tag, attrib=dict(root.attrib), nsmap=nsmap)
    copy.text = root.text
    stack = [(root, copy)]
    while stack:
        source, target = stack.pop()
        for child in source:
            if not isinstance(child.tag, str):
                continue  # sanitize_svg already removed comments and the like
            child_copy = etree.SubElement(target, child.tag, attrib=dict(child.attrib))
            child_copy.text = child.text
            child_copy.tail = child.tail
            stack.append((child, child_copy))
    return copy
