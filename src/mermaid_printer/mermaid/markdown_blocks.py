"""The fenced Mermaid blocks of a Markdown document, with where they are.

A block opens with a line of three or more backticks or tildes (indented at most three spaces)
whose info string's first word is ``mermaid`` (any case; ``{mermaid}`` too), and closes with a
line of the same character, at least as long, and nothing else — as CommonMark defines fenced
code. An unclosed fence runs to the end of the document (CommonMark again), so a block is never
lost. Line numbers are 1-based; ``code`` is the block's text with the fence's indentation removed.

With ``colon_blocks`` (the command line's Markdown, as mermaid-cli reads it), a ``:::mermaid``
block counts too: three or more colons and ``mermaid``, closed by a line of at least as many
colons. Another ``:::`` container (``::: note``) is not a block: its lines are searched as usual.
Off by default: in MkDocs ``::: name`` is mkdocstrings' syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["MermaidBlock", "find_mermaid_blocks"]

_OPENING = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,}|:{3,})[ \t]*(?P<info>[^\n]*)$")


@dataclass(frozen=True)
class MermaidBlock:
    """One fenced Mermaid block: its source and its lines in the document (fences included)."""

    code: str
    first_line: int  # the opening fence
    last_line: int  # the closing fence (the document's last line when unclosed)
    closed: bool


def _is_mermaid(info: str, fence: str) -> bool:
    if fence.startswith("`") and "`" in info:
        return False  # not a fence: CommonMark forbids backticks in a backtick fence's info string
    words = info.strip().split()
    return bool(words) and words[0].strip("{}.").lower() == "mermaid"


def find_mermaid_blocks(markdown: str, *, colon_blocks: bool = False) -> list[MermaidBlock]:
    """Every fenced Mermaid block of ``markdown``, in order (``:::mermaid`` ones too with
    ``colon_blocks``)."""
    lines = markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    blocks: list[MermaidBlock] = []
    index = 0
    while index < len(lines):
        opening = _OPENING.match(lines[index])
        if opening is None:
            index += 1
            continue
        fence, indent = opening.group("fence"), len(opening.group("indent"))
        if fence.startswith(":") and not (colon_blocks and _is_mermaid(opening.group("info"), fence)):
            index += 1
            continue
        closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = index + 1
        while end < len(lines) and not closing.match(lines[end]):
            end += 1
        if _is_mermaid(opening.group("info"), fence):
            body = [line[min(indent, len(line) - len(line.lstrip(" "))) :] for line in lines[index + 1 : end]]
            closed = end < len(lines)
            blocks.append(MermaidBlock("\n".join(body) + "\n", index + 1, min(end, len(lines) - 1) + 1, closed))
        index = end + 1
    return blocks
