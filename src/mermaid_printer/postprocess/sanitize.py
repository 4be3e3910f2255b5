"""Parse Mermaid's SVG safely and strip it down to an allow-list of inert SVG.

The SVG comes out of an engine that ran untrusted diagram source, and every published Mermaid
XSS smuggles something *new* into the output; an allow-list only has to know what Mermaid
legitimately draws. Parsing (``parse_svg``) has entities, DTDs and network off. Anything not on
the lists of elements, attributes and link targets is removed (``script``, ``foreignObject``,
``on*``, ``animate``/``set``, links other than ``http``/``https``/``mailto``, non-fragment
references, images other than base64 raster ``data:`` URLs), and every removal is reported.
``<style>`` text is scrubbed by :mod:`.css`, scoped to the root ``<svg>``'s id.

The lists in full, and why each entry: ``docs/decisions/0007-svg-allow-list.md``.
"""

from __future__ import annotations

from lxml import etree

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess import allowlist
from mermaid_printer.postprocess.allowlist import SVG_NAMESPACE, XLINK_NAMESPACE, XML_NAMESPACE
from mermaid_printer.postprocess.css import (
    check_css_value,
    normalize_url,
    remember_safe_stylesheet,
    scrub_declarations,
    scrub_stylesheet,
)

__all__ = ["SVG_NAMESPACE", "XLINK_NAMESPACE", "parse_svg", "remember_safe_stylesheets", "sanitize_svg"]

_MAX_NOTES = 20

_PARSER_OPTIONS = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    # Comments and processing instructions are kept so sanitize_svg can report removing them.
    "remove_comments": False,
    "remove_pis": False,
    "strip_cdata": True,
    "recover": False,
}


def parse_svg(raw_svg_text: str | bytes) -> etree._Element:
    """Parse SVG text with a parser that resolves no entities and loads nothing.

    Args:
        raw_svg_text: the SVG as text (an XML declaration naming another encoding is ignored:
            text is always read as the Unicode it is) or as UTF-8 bytes.

    Returns:
        The root ``<svg>`` element.

    Raises:
        RenderFailed: the text is not well-formed XML, or its root is not an SVG ``<svg>``.
    """
    if isinstance(raw_svg_text, str):
        try:
            data = raw_svg_text.encode("utf-8")
        except UnicodeEncodeError as error:
            raise RenderFailed("the SVG text is not valid Unicode") from error
    elif isinstance(raw_svg_text, bytes):
        data = raw_svg_text
    else:
        raise TypeError(f"parse_svg takes str or bytes, not {type(raw_svg_text).__name__}")
    parser = etree.XMLParser(encoding="utf-8", **_PARSER_OPTIONS)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as error:
        raise RenderFailed(
            "the renderer produced SVG that is not well-formed XML", {"reason": str(error)[:200]}
        ) from error
    if root is None or root.tag != allowlist.SVG + "svg":
        raise RenderFailed("the renderer's output is not an SVG document")
    return root


def sanitize_svg(root: etree._Element) -> list[str]:
    """Remove everything outside the allow-list from the tree, in place.

    Args:
        root: the ``<svg>`` element returned by ``parse_svg``.

    Returns:
        Short, de-duplicated, human-readable notes on what was removed (empty when nothing was).

    Raises:
        RenderFailed: ``root`` is not an SVG ``<svg>`` element.
    """
    if root.tag != allowlist.SVG + "svg":
        raise RenderFailed("the renderer's output is not an SVG document")
    notes = _Notes()
    _report_outside_root(root, notes)
    stack = [root]
    while stack:
        element = stack.pop()
        is_style = element.tag == allowlist.SVG + "style"
        for child in list(element):
            # A <style>'s CSS is all of its text, tails of children included, so it may have no
            # children: their tails join the text that scrub_stylesheet checks below.
            reason = "removed markup inside <style>" if is_style else _reason_to_remove(child)
            if reason is None:
                stack.append(child)
            else:
                notes.add(reason)
                _remove_keeping_tail(child)
        _sanitize_attributes(element, notes)
        if is_style:
            _sanitize_style_element(element, notes)
    return notes.as_list()


def remember_safe_stylesheets(raw_svg_text: str) -> int:
    """Remember the ``<style>`` sheets of a warm-up SVG that need no scrubbing (see ``css.py``,
    "Known stylesheets"): for the warm process's own fixed warm-up output only, never a request's.

    Returns:
        How many were remembered.
    """
    root = parse_svg(raw_svg_text)
    scope_id = root.get("id")
    if not scope_id:
        return 0
    remembered = 0
    for element in root.iter(allowlist.SVG + "style"):
        if len(element) == 0 and element.get("type") in (None, "", "text/css"):
            remembered += remember_safe_stylesheet(element.text or "", scope_id)
    return remembered


def _report_outside_root(root: etree._Element, notes: _Notes) -> None:
    """Note what sits outside the root element; serialize_svg writes only the root."""
    if root.getparent() is not None:
        return
    if root.getroottree().docinfo.internalDTD is not None or root.getroottree().docinfo.doctype:
        notes.add("removed a DOCTYPE")
    for sibling in [*root.itersiblings(preceding=True), *root.itersiblings()]:
        reason = _reason_to_remove(sibling)
        if reason:
            notes.add(reason)


def _reason_to_remove(element: etree._Element) -> str | None:
    """Why this element must go, or None to keep it (its children are checked separately)."""
    tag = element.tag
    if not isinstance(tag, str):
        if isinstance(element, etree._Comment):
            return "removed a comment"
        if isinstance(element, etree._ProcessingInstruction):
            return "removed a processing instruction"
        if isinstance(element, etree._Entity):
            return "removed an unresolved entity reference"
        return "removed a non-element node"
    if tag.startswith(allowlist.SVG) and tag[len(allowlist.SVG) :] in allowlist.PLAIN_ELEMENTS:
        return None  # the common case: an allowed element with no element-level condition
    qname = etree.QName(element)
    name = qname.localname
    if qname.namespace != SVG_NAMESPACE:
        if qname.namespace == "http://www.w3.org/1999/xhtml":
            return f"removed HTML element <{_short(name)}>"
        return f"removed element <{_short(name)}> from a foreign namespace"
    if name == "foreignObject":
        return (
            "removed <foreignObject> (an HTML label was not converted to SVG text; its text is missing from the output)"
        )
    if name in allowlist.DANGEROUS_ELEMENTS:
        return f"removed <{name}> element"
    if name not in allowlist.ALLOWED_ELEMENTS:
        return f"removed unsupported element <{_short(name)}>"
    if name == "image" and not _image_source_allowed(element):
        return "removed <image> whose source is not an embedded PNG, JPEG, GIF or WebP"
    if name == "animateTransform" and element.get("attributeName") not in allowlist.ANIMATABLE_TRANSFORMS:
        return "removed <animateTransform> that does not animate a transform"
    return None


def _sanitize_attributes(element: etree._Element, notes: _Notes) -> None:
    local_name = element.tag[len(allowlist.SVG) :]  # only SVG elements get here
    for name, value in element.items():
        if name in allowlist.PLAIN_ATTRIBUTES:
            continue  # the common case, decided by name alone
        replacement, reason = _check_attribute(local_name, name, value, notes)
        if reason is not None:
            notes.add(reason)
            del element.attrib[name]
        elif replacement is not None:
            element.set(name, replacement)


def _check_attribute(element: str, name: str, value: str, notes: _Notes) -> tuple[str | None, str | None]:
    """Judge one attribute (CSS notes from ``style`` go straight to ``notes``).

    Args:
        element: the element's local name.
        name: the attribute name, ``{namespace}local`` when namespaced.
        value: the attribute value.
        notes: where CSS notes go.

    Returns:
        ``(replacement, reason)``: a reason means remove the attribute; otherwise a replacement
        value (or None to keep the value as it is).
    """
    if name.lower().startswith("on"):
        return None, f"removed event-handler attribute '{_short(name)}'"
    if name in ("href", allowlist.XLINK_HREF):
        return _check_link(element, value)
    if name == "style":
        scrubbed, dropped = scrub_declarations(value)
        for note in dropped:
            notes.add(note)
        return (scrubbed if dropped else None), None
    if name == "target":
        if element == "a" and value in allowlist.LINK_TARGETS:
            return None, None
        return None, "removed a link target"
    if name in allowlist.ANIMATION_VALUES:
        if allowlist.NUMBER_LIST.fullmatch(value):
            return None, None
        return None, f"removed attribute '{name}' that is not a list of numbers"
    if name == "attributeName":
        # Only animateTransform reads it, and _reason_to_remove kept only transform targets.
        if element == "animateTransform":
            return None, None
        return None, f"removed attribute 'attributeName' from <{element}>"
    if name in allowlist.PRESENTATION_ATTRIBUTES:
        problem = check_css_value(value)
        if problem:
            return None, f"removed attribute '{name}' ({problem})"
        return None, None
    if name in allowlist.PLAIN_ATTRIBUTES or name in allowlist.NAMESPACED_ATTRIBUTES:
        return None, None
    if name.startswith(("data-", "aria-")):
        return None, None
    return None, f"removed unsupported attribute '{_short(_prefixed(name))}'"


def _check_link(element: str, value: str) -> tuple[str | None, str | None]:
    if element == "a":
        if normalize_url(value).startswith(allowlist.LINK_SCHEMES):
            stripped = value.strip()
            return (stripped if stripped != value else None), None
        return None, "removed a link that is not http, https or mailto"
    if element == "image":
        return None, None  # checked with the element: a bad source removes the whole <image>
    if _is_fragment_reference(value):
        return None, None
    return None, f"removed a non-local reference from <{element}>"


def _is_fragment_reference(value: str) -> bool:
    return value.startswith("#") and len(value) > 1 and not allowlist.BLANK_OR_CONTROL.search(value)


def _image_source_allowed(element: etree._Element) -> bool:
    sources = [element.get(name) for name in ("href", allowlist.XLINK_HREF) if element.get(name) is not None]
    if not sources:
        return False
    return all(allowlist.RASTER_DATA_URL.fullmatch(normalize_url(source)) for source in sources)


def _sanitize_style_element(element: etree._Element, notes: _Notes) -> None:
    """Scrub the CSS in ``<style>`` (its children were removed, so ``.text`` is all of it)."""
    if element.get("type") not in (None, "", "text/css"):
        notes.add("removed a non-CSS style type")
        del element.attrib["type"]
    text = element.text or ""
    scope_id = element.getroottree().getroot().get("id") or None
    scrubbed, dropped = scrub_stylesheet(text, scope_id)
    for note in dropped:
        notes.add(note)
    if dropped:
        element.text = scrubbed


def _remove_keeping_tail(element: etree._Element) -> None:
    parent = element.getparent()
    tail = element.tail
    if tail:
        previous = element.getprevious()
        if previous is not None:
            previous.tail = (previous.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(element)


def _prefixed(name: str) -> str:
    """``{http://www.w3.org/1999/xlink}type`` → ``xlink:type``, for readable notes."""
    qname = etree.QName(name)
    prefix = {XLINK_NAMESPACE: "xlink", XML_NAMESPACE: "xml"}.get(qname.namespace or "")
    return f"{prefix}:{qname.localname}" if prefix else qname.localname


def _short(name: str) -> str:
    return name if len(name) <= 40 else name[:37] + "..."


class _Notes:
    """Ordered, de-duplicated removal notes, capped so a hostile SVG cannot flood the caller."""

    def __init__(self) -> None:
        self._counts: dict[str, int] = {}

    def add(self, note: str) -> None:
        self._counts[note] = self._counts.get(note, 0) + 1

    def as_list(self) -> list[str]:
        notes = [note if count == 1 else f"{note} (×{count})" for note, count in self._counts.items()]
        if len(notes) > _MAX_NOTES:
            extra = len(notes) - _MAX_NOTES + 1
            notes = [*notes[: _MAX_NOTES - 1], f"… and {extra} more kinds of removal"]
        return notes
