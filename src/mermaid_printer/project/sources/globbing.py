"""The one glob grammar every file source uses, so a pattern means the same on disk, in git and
on GitHub.

A pattern is matched against a file's path relative to the listing's ``root``, split at ``/``:

* ``*`` — any run of characters within one path segment (``/`` never), the empty run included;
  names that start with a dot are matched like any other;
* ``?`` — exactly one character that is not ``/``;
* ``[abc]``, ``[a-z]``, ``[!a-z]`` (or ``[^a-z]``) — one character of (or not of) the set; a
  ``]`` right after the opening bracket (or its ``!``/``^``) is a member; ``/`` is never matched
  and cannot be a member (the pattern is split at ``/`` first);
* ``**`` as a whole segment — zero or more whole segments, so ``**/*.py`` finds ``setup.py`` as
  well as ``src/pkg/mod.py``, ``docs/**`` everything inside ``docs``, and ``a/**/b`` finds
  ``a/b`` and ``a/x/y/b``; ``**`` inside a segment (``a**b``) is the same as ``*``;
* ``\\x`` — the character ``x`` itself (``\\*`` is a star).

Nothing else is special (``{a,b}`` is literal). Matching is case-sensitive. A leading ``./``
and repeated slashes are ignored; an absolute pattern, a ``..`` segment, an unclosed ``[`` or a
reversed range is refused (``InvalidInput``).
"""

from __future__ import annotations

import functools
import re

from mermaid_printer.errors import InvalidInput

__all__ = ["DEFAULT_GLOB", "GlobPattern", "compile_glob"]

#: Every file.
DEFAULT_GLOB = "**/*"
_MAX_PATTERN_CHARS = 1000


class GlobPattern:
    """A compiled glob; ``matches(path)`` tests a normalized relative path."""

    def __init__(self, pattern: str, regex: re.Pattern[str]) -> None:
        self.pattern = pattern
        self._regex = regex

    def matches(self, path: str) -> bool:
        """Whether ``path`` (relative, ``/``-separated, normalized) matches the pattern."""
        return self._regex.fullmatch(path) is not None

    def __repr__(self) -> str:
        return f"GlobPattern({self.pattern!r})"


def _refuse(pattern: str, why: str) -> InvalidInput:
    return InvalidInput(f"glob {pattern!r}: {why}", {"field": "glob"})


def _translate_class(pattern: str, segment: str, start: int) -> tuple[str, int]:
    """The regex for the ``[...]`` opening at ``segment[start]`` and the index after it."""
    index = start + 1
    negated = index < len(segment) and segment[index] in "!^"
    if negated:
        index += 1
    members: list[str] = []
    first = True
    while index < len(segment) and (first or segment[index] != "]"):
        first = False
        char = segment[index]
        if char == "\\" and index + 1 < len(segment):
            index += 1
            char = segment[index]
        if index + 2 < len(segment) and segment[index + 1] == "-" and segment[index + 2] != "]":
            high = segment[index + 2]
            if high < char:
                raise _refuse(pattern, f"the range {char}-{high} is reversed")
            members.append(f"{re.escape(char)}-{re.escape(high)}")
            index += 3
            continue
        members.append(re.escape(char))
        index += 1
    if index >= len(segment):
        raise _refuse(pattern, "a '[' is not closed by ']' (write '\\[' for a literal bracket)")
    body = "".join(members)
    # Neither form may match "/": segments are matched one by one.
    return (f"[^/{body}]" if negated else f"(?:(?!/)[{body}])"), index + 1


def _translate_segment(pattern: str, segment: str) -> str:
    parts: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        if char == "*":
            while index < len(segment) and segment[index] == "*":
                index += 1
            parts.append("[^/]*")
            continue
        if char == "?":
            parts.append("[^/]")
        elif char == "[":
            translated, index = _translate_class(pattern, segment, index)
            parts.append(translated)
            continue
        elif char == "\\" and index + 1 < len(segment):
            index += 1
            parts.append(re.escape(segment[index]))
        else:
            parts.append(re.escape(char))
        index += 1
    return "".join(parts)


@functools.lru_cache(maxsize=256)
def compile_glob(pattern: str) -> GlobPattern:
    """Compile ``pattern`` (grammar in the module docstring).

    Raises:
        InvalidInput: the pattern is empty, absolute, climbs with ``..``, is too long or has an
            unclosed ``[``.
    """
    if not pattern or not pattern.strip():
        raise _refuse(pattern, "it is empty (use '**/*' for every file)")
    if len(pattern) > _MAX_PATTERN_CHARS:
        raise _refuse(pattern[:40] + "…", f"it is longer than {_MAX_PATTERN_CHARS} characters")
    if pattern.startswith("/") or re.match(r"^[A-Za-z]:[\\/]", pattern):
        raise _refuse(pattern, "it is absolute; patterns are relative to the listing's root")
    segments = [segment for segment in pattern.split("/") if segment not in ("", ".")]
    if ".." in segments:
        raise _refuse(pattern, "'..' is not allowed; list from another root instead")
    if not segments:
        raise _refuse(pattern, "it names no file (use '**/*' for every file)")
    regex: list[str] = []
    for position, segment in enumerate(segments):
        last = position == len(segments) - 1
        if segment == "**":
            # Zero or more whole segments; at the end, at least one (a file inside).
            regex.append(".+" if last else "(?:[^/]+/)*")
        else:
            regex.append(_translate_segment(pattern, segment) + ("" if last else "/"))
    return GlobPattern(pattern, re.compile("".join(regex), re.DOTALL))
