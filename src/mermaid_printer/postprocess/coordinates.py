"""Coordinates that came out ``NaN`` or ``Infinity``: repaired as a browser draws them, or refused.

Mermaid computes every position in JavaScript. A division by zero (a sankey whose flows are all
0, a radar whose ``max`` is 0) or a config value of the wrong type (``pie.textPosition: "x"``)
gives ``NaN`` or ``Infinity``, and the SVG carries them as text. Such a value is not a number to
any SVG reader: a browser ignores an attribute it cannot parse and draws path data and
``points`` up to the first bad number. Where the diagram's frame is intact, that is Mermaid's
drawing as a browser shows it, and the printer writes exactly that:

* path data (``d``, ``path``) is cut before the first command whose arguments hold a non-finite
  number, ``points`` before the first such pair (the attribute goes when nothing is left);
* any other attribute holding one (``x``, ``width``, ``transform``, …) is removed;
* a ``style`` declaration holding one is removed.

A paint (``fill``, ``stroke``, ``stop-color``, …) holding one is removed too, and said apart: a
browser ignores it and the shape takes the default paint (Mermaid 12's quadrant chart computes
its points' colour as ``hsl(240, 100%, NaN%)`` from the default theme; Chromium draws them black).

Text is never touched (a label may say "NaN"), nor are attributes that only hold names (``id``,
``class``, ``data-*``, …). When the frame itself is broken — the root ``<svg>``'s ``viewBox``
is not four finite numbers, or its ``width``/``height`` are not finite — there is no drawing to
repair: :func:`repair_coordinates` raises ``RenderFailed``.
"""

from __future__ import annotations

import math
import re

from lxml import etree

from mermaid_printer.errors import RenderFailed

__all__ = ["repair_coordinates"]

# "NaN", "Infinity", "-Infinity" not inside a word ("NaNpx" in CSS counts: a unit may follow).
_NON_FINITE = re.compile(r"(?<![A-Za-z0-9_])[-+]?(?:NaN|Infinity)")
_PATH_COMMAND = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]")
_DRAWING_COMMAND = re.compile(r"[LlHhVvCcSsQqTtAa]")
_SEPARATORS = re.compile(r"[\s,]+")
# Attributes that hold names or text, never numbers.
_TEXT_ATTRIBUTES = {"id", "class", "name", "title", "lang", "role", "type", "media", "target"}
_FRAME_ATTRIBUTES = ("viewBox", "width", "height")
# Attributes that hold a colour: without it a shape takes the default paint, nothing goes missing.
_PAINT_ATTRIBUTES = {"fill", "stroke", "color", "stop-color", "flood-color", "lighting-color"}
# Only attribute values worth a closer look (libxml2 does the scan).
_SUSPECTS = etree.XPath('//@*[contains(., "NaN") or contains(., "Infinity")]')


def repair_coordinates(root: etree._Element) -> list[str]:
    """Repair non-finite coordinates in place, as a browser reads them.

    Args:
        root: the sanitized ``<svg>`` element.

    Returns:
        A warning for coordinates removed and one for colours removed, else nothing.

    Raises:
        RenderFailed: the root's ``viewBox``, ``width`` or ``height`` is not finite.
    """
    _check_frame(root)
    removed = paints = 0
    for value in _SUSPECTS(root):
        element, name = value.getparent(), value.attrname
        if not _NON_FINITE.search(value) or _holds_text(name):
            continue
        repaired = _repaired(name, str(value))
        if name in _PAINT_ATTRIBUTES:
            paints += 1
        else:
            removed += 1
        if repaired:
            element.set(name, repaired)
        else:
            del element.attrib[name]
    notes = []
    if removed:
        notes.append(
            f"{removed} attribute(s) held coordinates that came out NaN or Infinity; they were left out "
            "as a browser leaves them out, so parts of the drawing may be missing"
        )
    if paints:
        notes.append(
            f"{paints} colour(s) came out NaN in Mermaid's computation (e.g. hsl(240, 100%, NaN%)); they "
            "were left out as a browser ignores them, so those shapes take the default colour, black; "
            "set the colour in the config's themeVariables to choose one"
        )
    return notes


def _check_frame(root: etree._Element) -> None:
    for name in _FRAME_ATTRIBUTES:
        value = root.get(name)
        if value is None:
            continue
        broken = not _finite_numbers(value, 4) if name == "viewBox" else _NON_FINITE.search(value) is not None
        if broken:
            raise RenderFailed(
                f'Mermaid laid this diagram out with no finite size ({name}="{value[:60]}"): a config '
                "value of the wrong type, or data it cannot draw (e.g. values that are all 0)",
                {"reason": "non_finite_layout", "attribute": name},
            )


def _finite_numbers(value: str, count: int) -> bool:
    parts = [part for part in _SEPARATORS.split(value.strip()) if part]
    if len(parts) != count:
        return False
    try:
        return all(math.isfinite(float(part)) for part in parts)
    except ValueError:
        return False


def _holds_text(name: str) -> bool:
    return name in _TEXT_ATTRIBUTES or name.startswith(("data-", "aria-", "{"))


def _repaired(name: str, value: str) -> str:
    """The value a browser would use, or "" to drop the attribute."""
    if name in ("d", "path"):
        return _path_before_non_finite(value)
    if name == "points":
        return _points_before_non_finite(value)
    if name == "style":
        kept = [part for part in value.split(";") if not _NON_FINITE.search(part)]
        return ";".join(kept).strip()
    return ""


def _path_before_non_finite(data: str) -> str:
    bad = _NON_FINITE.search(data)
    assert bad is not None
    commands = list(_PATH_COMMAND.finditer(data, 0, bad.start()))
    if not commands:
        return ""
    kept = data[: commands[-1].start()].strip()
    # A path that only moves (or closes) draws nothing.
    return kept if _DRAWING_COMMAND.search(kept) else ""


def _points_before_non_finite(points: str) -> str:
    numbers = [part for part in _SEPARATORS.split(points.strip()) if part]
    finite: list[str] = []
    for number in numbers:
        if _NON_FINITE.fullmatch(number):
            break
        finite.append(number)
    pairs = [f"{finite[i]},{finite[i + 1]}" for i in range(0, len(finite) - 1, 2)]
    return " ".join(pairs) if len(pairs) >= 2 else ""
