"""Make sanitized SVG byte-for-byte deterministic.

The engine is already deterministic (seeded randomness, frozen clock, ``deterministicIds``); this
step removes what is left to chance in how the tree is written out. Decisions:

* **Attribute order**: ``id`` first, ``class`` second, then every other attribute sorted by its
  written name (``xlink:href`` and ``xml:space`` sort by their prefixed form). Ids first keeps the
  output readable; sorting the rest removes any dependence on the order Mermaid set them in.
* **Numbers** in geometry attributes (``x``, ``y``, ``width``, ``r``, ``refX``, …), ``transform``,
  ``points``, ``viewBox`` and path data: rounded to at most 6 decimals, trailing zeros and a
  trailing point stripped, ``-0`` written as ``0``, exponents expanded, units kept
  (``1.20000em`` → ``1.2em``). Path data is re-tokenized (arc flags understood) and written with
  single spaces between numbers and no space around command letters (``M10 20L30 40``); path data
  that does not tokenize is left exactly as it was. Six decimals keep every multiple of 1/64
  (the browser's layout unit, in which Mermaid's measured sizes come) exact: a ``viewBox`` of
  ``517.84375`` rounded to ``517.844`` makes a browser draw at a scale of 0.9999993 instead of 1,
  and text then rasterizes and measures one pixel differently. Numbers inside ``style`` and CSS
  are not touched.
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

import functools
import re

from lxml import etree

from mermaid_printer.postprocess.allowlist import SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE

__all__ = [
    "canonicalize_svg",
    "format_number",
    "format_numbers_in",
    "format_path_data",
    "serialize_svg",
]

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

# Path grammar number ("3." is a number there). In other attribute values a point with no digit
# after it is left as text, so formatting "3.." twice gives the same result as once.
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NUMBER_IN_VALUE = re.compile(r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?")
# A value whose numbers are all already canonical (no leading "+", ".5", "-0", trailing zeros,
# exponents or more than 6 decimals) is skipped without re-formatting: most Mermaid values are.
_CANONICAL_NUMBER = r"(?:-?(?:[1-9]\d*(?:\.\d{0,5}[1-9])?|0\.\d{0,5}[1-9])|0)(?![\d.]|[eE][-+]?\d)"
_ALREADY_CANONICAL = re.compile(rf"[^\d.+-]*+(?:{_CANONICAL_NUMBER}[^\d.+-]*+)*+")
_PATH_COMMANDS = "MmZzLlHhVvCcSsQqTtAa"
_PATH_SEPARATORS = " \t\r\n,"
_PATH_PIECE = re.compile(r"[ \t\r\n,]*+(?:([MmZzLlHhVvCcSsQqTtAa])|(?>([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)))")
# Starts with a command letter (no number before the first command), then letters and numbers.
# Possessive quantifiers and atomic groups: "1111…x" must fail in linear time, not try every
# way of splitting the digits into numbers.
_PATH_SYNTAX = re.compile(r"(?:[ \t\r\n,]*+[MmZzLlHhVvCcSsQqTtAa](?:" + _PATH_PIECE.pattern + r")*+)?[ \t\r\n,]*+")
_ARC_FLAG_POSITIONS = (3, 4)  # in the 7 arguments of an arc: rx ry angle large sweep x y


def canonicalize_svg(root: etree._Element) -> None:
    """Normalize attribute order, number formatting and whitespace, in place."""
    stack: list[tuple[etree._Element, bool]] = [(root, False)]
    while stack:
        element, preserve_space = stack.pop()
        tag = element.tag
        if not isinstance(tag, str):
            continue
        preserve_space = (
            preserve_space or tag.rpartition("}")[2] in _TEXT_ELEMENTS or element.get(_XML_SPACE) == "preserve"
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
    text = str(etree.tostring(root, encoding="unicode", with_tail=False))
    if not _has_canonical_namespaces(root, text):
        text = str(etree.tostring(_copy_with_canonical_namespaces(root), encoding="unicode"))
    return text + "\n"


# Remembered per process (a render process serves one request): a drawing repeats its numbers
# (a sequence diagram's icons: 3,100 numbers in path data, 470 distinct), and formatting one is
# several times a lookup's cost. Bounded, so hostile path data cannot grow it without end.
@functools.lru_cache(maxsize=8192)
def format_number(token: str) -> str:
    """Write one number with at most 6 decimals: ``"10.50000"`` → ``"10.5"``, ``"-0.0001"`` → ``"0"``."""
    value = float(token)
    if abs(value) >= 1e9:
        return token  # beyond float precision for 6 decimals; leave it as written
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_numbers_in(value: str) -> str:
    """Format every number in an attribute value, keeping units and separators.

    A number that directly follows a digit or a point (``"1.0.5"``, ``"3+4"``) gets a space in
    front unless it starts with a minus sign, and one that follows a stray sign always does, so
    it cannot merge with what precedes it.
    """
    if _ALREADY_CANONICAL.fullmatch(value):
        return value

    def replace(match: re.Match[str]) -> str:
        formatted = format_number(match.group())
        before = value[match.start() - 1] if match.start() else ""
        after_sign = before in ("+", "-")
        after_number = (before.isdigit() or before == ".") and not formatted.startswith("-")
        if after_sign or after_number:
            formatted = " " + formatted  # would otherwise merge with what precedes it
        return formatted

    return _NUMBER_IN_VALUE.sub(replace, value)


# Path data at least this long is remembered whole (_format_long_path_data).
_LONG_PATH_DATA = 1000


def format_path_data(data: str) -> str:
    """Rewrite path data with formatted numbers; return it unchanged if it does not tokenize."""
    if len(data) >= _LONG_PATH_DATA:
        return _format_long_path_data(data)
    return _format_path_data(data)


# Remembered per process, whole: Mermaid draws the same long icons into every diagram of a type
# (a sequence diagram's symbols: one path of 13,000 characters, ~3,000 numbers, slow to
# format), and a render process inherits what its zygote's warm-up formatted. Only long data,
# so the many short paths of one large diagram cannot push the icons out. A render process
# serves one request, so beyond the warm-up's icons it holds at most a second copy of the
# request's own long paths.
@functools.lru_cache(maxsize=64)
def _format_long_path_data(data: str) -> str:
    return _format_path_data(data)


def _format_path_data(data: str) -> str:
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
    if "a" not in data and "A" not in data:
        return _tokenize_path_without_arcs(data)
    return _tokenize_path_with_arcs(data)


def _tokenize_path_without_arcs(data: str) -> list[str] | None:
    """The fast path: without arc flags, path data is just letters and numbers (two regexes)."""
    if not _PATH_SYNTAX.fullmatch(data):
        return None
    return [command or format_number(number) for command, number in _PATH_PIECE.findall(data)]


def _tokenize_path_with_arcs(data: str) -> list[str] | None:
    """Character by character, because an arc's flags may be written without separators."""
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
    items = element.items()
    if not items:
        return
    canonical: list[tuple[str, str]] = []
    for name, value in items:
        if name in _NUMERIC_ATTRIBUTES:
            value = format_numbers_in(value)
        elif name in _PATH_ATTRIBUTES:
            value = format_path_data(value)
        elif name == "class":
            value = " ".join(value.split())
            if not value:
                continue
        elif name == "style" and not value.strip():
            continue
        canonical.append((name, value))
    canonical.sort(key=_attribute_sort_key)
    if canonical != items:
        attributes = element.attrib
        attributes.clear()
        for name, value in canonical:
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


def _has_canonical_namespaces(root: etree._Element, text: str) -> bool:
    """True if ``text`` (lxml's serialization of ``root``) already has canonical declarations.

    Every declaration lxml writes contains "xmlns", so counting them is enough to rule out
    re-declarations further down; a false alarm (the word in text content) only costs a copy.
    """
    nsmap = root.nsmap
    if root.prefix is not None or nsmap.get(None) != SVG_NAMESPACE:
        return False
    if set(nsmap) - {None, "xlink"} or nsmap.get("xlink", XLINK_NAMESPACE) != XLINK_NAMESPACE:
        return False
    if "xlink" in nsmap and not root.xpath("boolean(//@xl:*)", namespaces={"xl": XLINK_NAMESPACE}):
        return False
    return text.count("xmlns") == len(nsmap)


def _copy_with_canonical_namespaces(root: etree._Element) -> etree._Element:
    uses_xlink = any(name.startswith("{" + XLINK_NAMESPACE + "}") for element in root.iter() for name in element.attrib)
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
