"""An outline (items with levels) as the Markdown markmap reads: one heading per item.

Each item becomes a heading of its level (``#`` … ``######``), so the map is markmap's drawing of
ordinary Markdown. An item's text is taken literally: every ASCII punctuation character is
backslash-escaped (CommonMark lets any of them be escaped, and markmap's math plugin honours
``\\$``), line breaks become spaces, so ``# x``, ``- y``, ``**z**``, ``<b>``, ``$x$`` or ``[a](b)``
stay text.

Levels: the first item may have any level; after it, an item may go at most one level deeper
than the item before it. A deeper one (1 → 3) is attached to the item before it (its level
becomes that item's plus one) and a warning names it, so no item is lost and the map keeps the
order it was given.
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from dataclasses import dataclass

from mermaid_printer.markmap.requests import OutlineItem

__all__ = ["OutlineMarkdown", "escape_markdown_text", "outline_to_markdown"]

_PUNCTUATION = re.compile("([" + re.escape(string.punctuation) + "])")
_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029\u0085\v\f]+")


@dataclass(frozen=True)
class OutlineMarkdown:
    """The Markdown made from an outline and the warnings of the way there."""

    markdown: str
    warnings: list[str]


def escape_markdown_text(text: str) -> str:
    """``text`` as Markdown that reads back as exactly this text, on one line."""
    one_line = _LINE_BREAKS.sub(" ", text).strip()
    return _PUNCTUATION.sub(r"\\\1", one_line)


def outline_to_markdown(items: Sequence[OutlineItem]) -> OutlineMarkdown:
    """One heading per item, levels made consecutive (see the module's documentation)."""
    lines: list[str] = []
    warnings: list[str] = []
    previous: int | None = None
    for number, item in enumerate(items, start=1):
        level = item.level
        if previous is not None and level > previous + 1:
            warnings.append(
                f"outline item {number} ({_short(item.text)}) jumps from level {previous} to {level}; "
                f"it is attached to the item before it, at level {previous + 1}"
            )
            level = previous + 1
        lines.append(f"{'#' * level} {escape_markdown_text(item.text)}")
        previous = level
    return OutlineMarkdown("\n".join(lines) + "\n", warnings)


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")
