"""Candidate edits for the common mistakes, and the edits between a source and its fixed copy.

Each function here takes the source (and the line the trouble is on) and returns a changed copy
of the source, or ``None`` when the mistake it knows is not there. Nothing here decides whether a
change is right: :mod:`mermaid_printer.mermaid.diagnosis.check` parses every candidate first.
Every change keeps what the author wrote (a label is quoted, never dropped).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

__all__ = [
    "Edit",
    "add_message_colon",
    "close_block",
    "edits_between",
    "escape_in_text",
    "fix_arrows",
    "insert_header",
    "quote_labels",
    "quote_line_labels",
    "quote_list_items",
    "remove_line",
    "rename_keyword_ids",
    "replace_in_line",
    "replace_word",
]

#: Node shape brackets, longest first, with their closers.
_SHAPES: tuple[tuple[str, str], ...] = (
    ("(((", ")))"),
    ("((", "))"),
    ("([", "])"),
    ("[[", "]]"),
    ("[(", ")]"),
    ("{{", "}}"),
    ("[/", "/]"),
    ("[\\", "\\]"),
    ("[/", "\\]"),
    ("[\\", "/]"),
    ("[", "]"),
    ("(", ")"),
    ("{", "}"),
    (">", "]"),
)
_NODE_AT = re.compile(
    r"([\w\u00a0-\uffff][\w.\u00a0-\uffff-]*?)(?=\(\(\(|\(\(|\(\[|\[\[|\[\(|\{\{|\[/|\[\\|\[|\(|\{|>[^>])"
)
#: Where a node's part of a statement ends: a link, `&`, `:::`, or a `;` ending the statement.
_LINK = re.compile(r"\s*(?:<|o|x)?(?:-{2,}|={2,}|-\.+-|~{3,})(?:>|o|x)?(?:\|[^|]*\|)?\s*|\s+&\s+|:::")
#: A label that Mermaid's flowchart lexer reads only inside quotes.
_LINK_ONLY = re.compile(r"\s*(?:<|o|x)?(?:-{2,}|={2,}|-\.+-|~{3,})(?:>|o|x)?(?:\|[^|]*\|)?\s*|:::")
#: A link with its text in the middle: ``-- text -->``, ``== text ==>``, ``-. text .->``.
_EDGE_TEXT = re.compile(r"(--|==|-\.)\s+([^\s\"-][^>]*?)\s+(-->|---|==>|===|\.->|\.-)")
_NEEDS_QUOTES = re.compile(r"[()\[\]{};:<>|#&\"]|^\s*[/\\]|[/\\]\s*$|\b(?:end|graph|subgraph|style|class|click)\b")


@dataclass(frozen=True)
class Edit:
    """One replacement: 1-based line and column (code points), end exclusive, and the new text."""

    line: int
    column: int
    end_line: int
    end_column: int
    text: str

    def to_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "text": self.text,
        }


def _lines(code: str) -> list[str]:
    return code.split("\n")


def _quoted(label: str) -> str:
    return '"' + label.replace('"', "#quot;") + '"'


def quote_labels(line: str, *, every: bool = False, amp: bool = True) -> str:
    """``line`` with each node label (``B(Process (with data))``) and edge label (``|a (b)|``,
    ``-- a (b) -->``) that holds characters Mermaid reads as syntax put in double quotes; with
    ``every``, every unquoted label."""
    out: list[str] = []
    i = 0
    n = len(line)
    while i < n:
        char = line[i]
        if char == '"':
            end = line.find('"', i + 1)
            end = n - 1 if end < 0 else end
            out.append(line[i : end + 1])
            i = end + 1
            continue
        if char == "|" and i > 0:
            end = line.find("|", i + 1)
            if end > i:
                label = line[i + 1 : end]
                out.append("|" + _maybe_quote(label, every) + "|")
                i = end + 1
                continue
        starts_token = i == 0 or line[i - 1] in " \t&>;|-=.:"
        match = _NODE_AT.match(line, i) if starts_token else None
        if match:
            node_id = match.group(1)
            j = match.end()
            shapes = [(o, c) for o, c in _SHAPES if line.startswith(o, j)]
            found = None
            for opener, closer in shapes:
                body_start = j + len(opener)
                stop = _segment_end(line, body_start, amp)
                close_at = line.rfind(closer, body_start, stop)
                if close_at >= body_start:
                    found = (opener, closer, body_start, close_at)
                    break
            if found is not None:
                opener, closer, body_start, close_at = found
                label = line[body_start:close_at]
                out.append(node_id + opener + _maybe_quote(label, every) + closer)
                i = close_at + len(closer)
                continue
            if shapes:
                opener, closer = shapes[-1]
                body_start = j + len(opener)
                stop = _segment_end(line, body_start, amp)
                if stop >= n:  # never closed on this line: close it at the end of the statement
                    label = line[body_start:].rstrip()
                    trail = line[body_start + len(label) :]
                    if label.endswith(";"):
                        label, trail = label[:-1], ";" + trail
                    out.append(node_id + opener + _quoted(label.strip()) + closer + trail)
                    i = n
                    continue
            out.append(node_id)
            i = match.end()
            continue
        edge = _EDGE_TEXT.match(line, i)
        if edge and (every or _NEEDS_QUOTES.search(edge.group(2))):
            out.append(f"{edge.group(1)} {_quoted(edge.group(2))} {edge.group(3)}")
            i = edge.end()
            continue
        out.append(char)
        i += 1
    return "".join(out)


def _maybe_quote(label: str, every: bool) -> str:
    stripped = label.strip()
    if stripped.startswith('"') and stripped.endswith('"') and len(stripped) > 1:
        return label
    if stripped.startswith("`") or not stripped:
        return label
    if every or _NEEDS_QUOTES.search(stripped):
        return _quoted(stripped)
    return label


def _segment_end(line: str, start: int, amp: bool) -> int:
    """Where the node part that starts at ``start`` ends: the next link (or ``&`` with ``amp``)
    outside quotes, or the end of the line."""
    i = start
    in_quotes = False
    pattern = _LINK if amp else _LINK_ONLY
    while i < len(line):
        if line[i] == '"':
            in_quotes = not in_quotes
        elif not in_quotes:
            link = pattern.match(line, i)
            if link and link.group().strip():
                return i
        i += 1
    return len(line)


def quote_line_labels(code: str, line_no: int, *, every: bool = False, amp: bool = True) -> str | None:
    """``code`` with the labels on line ``line_no`` (1-based) quoted (see :func:`quote_labels`)."""
    lines = _lines(code)
    if not 1 <= line_no <= len(lines):
        return None
    changed = quote_labels(lines[line_no - 1], every=every, amp=amp)
    if changed == lines[line_no - 1]:
        return None
    lines[line_no - 1] = changed
    return "\n".join(lines)


def _mask_labels(line: str) -> str:
    """``line`` with quoted text, bracketed labels and ``|edge labels|`` blanked, same length."""
    out = list(line)
    depth = 0
    quote = False
    pipe = False
    for k, char in enumerate(line):
        inside = quote or pipe or depth > 0
        if char == '"':
            quote = not quote
        elif quote:
            pass
        elif char == "|":
            pipe = not pipe
        elif char in "[({":
            depth += 1
        elif char in "])}" and depth:
            depth -= 1
            inside = True
        if inside or quote:
            out[k] = " "
    return "".join(out)


def rename_keyword_ids(code: str, keyword: str, replacement: str, first_line: int) -> str | None:
    """``code`` with the node id ``keyword`` (``end``) renamed ``replacement`` wherever it stands
    as a node (not a line of its own, not inside a label), from ``first_line`` on."""
    lines = _lines(code)
    pattern = re.compile(rf"(?<![\w-]){re.escape(keyword)}(?![\w-])")
    changed = False
    for k in range(first_line - 1, len(lines)):
        line = lines[k]
        if line.strip().rstrip(";") == keyword or re.match(rf"\s*{keyword}\s*(%%.*)?$", line):
            continue
        masked = _mask_labels(line)
        spots = [m.start() for m in pattern.finditer(masked)]
        for start in reversed(spots):
            line = line[:start] + replacement + line[start + len(keyword) :]
        if spots:
            lines[k] = line
            changed = True
    return "\n".join(lines) if changed else None


def fix_arrows(code: str, line_no: int, *, flowchart: bool = True) -> str | None:
    """``code`` with a one-dash link on line ``line_no`` made a Mermaid link: ``A -> B`` becomes
    ``A --> B`` and ``A - B`` becomes ``A --- B`` (flowchart); ``A -> B`` becomes ``A ->> B``
    (sequence)."""
    lines = _lines(code)
    if not 1 <= line_no <= len(lines):
        return None
    line = lines[line_no - 1]
    masked = _mask_labels(line)
    if flowchart:
        spots = [
            (m.start(), m.end(), m.group(1)) for m in re.finditer(r"(?<=[\w\]\)\}\s])\s*(=>|->|-(?=\s))\s*", masked)
        ]
        replacement = {"->": " --> ", "=>": " ==> ", "-": " --- "}
    else:
        spots = [(m.start(), m.end(), m.group(1)) for m in re.finditer(r"(?<=[\w\s])(=>|→)(?=[\w\s])", masked)]
        replacement = {"=>": "->>", "→": "->>"}
    if not spots:
        return None
    for start, end, arrow in reversed(spots):
        line = line[:start] + replacement[arrow] + line[end:]
    lines[line_no - 1] = line
    return "\n".join(lines)


def close_block(code: str, opener_line: int, closer: str, *, at_end: bool) -> str:
    """``code`` with ``closer`` (``end``, ``}``) added for the block opened on ``opener_line``:
    after the last line indented deeper than the opener (or at the end with ``at_end``)."""
    lines = _lines(code)
    opener = lines[opener_line - 1]
    indent = opener[: len(opener) - len(opener.lstrip())]
    last = len(lines)
    while last > opener_line and not lines[last - 1].strip():
        last -= 1
    where = last
    if not at_end:
        k = opener_line
        where = opener_line
        while k < len(lines):
            text = lines[k]
            if text.strip():
                if len(text) - len(text.lstrip()) <= len(indent):
                    break
                where = k + 1
            k += 1
        if where == opener_line:  # the block's body is not indented: close it at the end
            where = last
    lines.insert(where, indent + closer)
    return "\n".join(lines)


def remove_line(code: str, line_no: int) -> str:
    """``code`` without line ``line_no``."""
    lines = _lines(code)
    del lines[line_no - 1]
    return "\n".join(lines)


def insert_header(code: str, at_line: int, header: str) -> str:
    """``code`` with ``header`` as a new line before line ``at_line``."""
    lines = _lines(code)
    lines.insert(at_line - 1, header)
    return "\n".join(lines)


def replace_word(code: str, line_no: int, old: str, new: str) -> str | None:
    """``code`` with the first ``old`` on line ``line_no`` replaced by ``new``."""
    lines = _lines(code)
    line = lines[line_no - 1]
    at = line.find(old)
    if at < 0:
        return None
    lines[line_no - 1] = line[:at] + new + line[at + len(old) :]
    return "\n".join(lines)


def escape_in_text(code: str, line_no: int, after: str, chars: str) -> str | None:
    """``code`` with each of ``chars`` after the first ``after`` on line ``line_no`` written as
    Mermaid's entity (``;`` -> ``#59;``), so a message or task text keeps it as text."""
    lines = _lines(code)
    line = lines[line_no - 1]
    if not line.startswith(after):
        at = line.find(after)
        if at < 0:
            return None
    else:
        at = 0
    head, tail = line[: at + len(after)], line[at + len(after) :]
    escaped = "".join(f"#{ord(c)};" if c in chars else c for c in tail)
    if escaped == tail:
        return None
    lines[line_no - 1] = head + escaped
    return "\n".join(lines)


def add_message_colon(code: str, line_no: int) -> str | None:
    """``code`` with a sequence message that has no ``: text`` given one (``A->>B`` -> ``A->>B: ``
    is not valid either, so the text becomes a space-free placeholder only when there is none)."""
    lines = _lines(code)
    line = lines[line_no - 1]
    match = re.match(r"^(\s*[^:]+?(?:-{1,2}>>?|-{1,2}[x)]|<<-{1,2}>>)[+-]?\s*[^\s:]+)\s*(.*)$", line)
    if not match or ":" in line:
        return None
    rest = match.group(2).strip()
    lines[line_no - 1] = match.group(1) + ": " + rest
    return "\n".join(lines)


def edits_between(before: str, after: str) -> list[Edit]:
    """The edits that turn ``before`` into ``after``: one per changed run of lines, narrowed to
    the changed columns when a line changes in place. Never overlapping, in source order."""
    old, new = before.split("\n"), after.split("\n")
    edits: list[Edit] = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == 1 and j2 - j1 == 1:
            a, b = old[i1], new[j1]
            prefix = 0
            while prefix < min(len(a), len(b)) and a[prefix] == b[prefix]:
                prefix += 1
            suffix = 0
            while suffix < min(len(a), len(b)) - prefix and a[-1 - suffix] == b[-1 - suffix]:
                suffix += 1
            edits.append(Edit(i1 + 1, prefix + 1, i1 + 1, len(a) - suffix + 1, b[prefix : len(b) - suffix]))
        elif tag == "insert":
            text = "".join(line + "\n" for line in new[j1:j2])
            if i1 < len(old):
                edits.append(Edit(i1 + 1, 1, i1 + 1, 1, text))
            else:  # after the last line
                last = len(old)
                edits.append(Edit(last, len(old[-1]) + 1, last, len(old[-1]) + 1, "\n" + text.rstrip("\n")))
        else:  # delete, or replace whole lines
            text = "".join(line + "\n" for line in new[j1:j2])
            if i2 < len(old):
                edits.append(Edit(i1 + 1, 1, i2 + 1, 1, text))
            else:
                end_line = len(old)
                start_col = 1
                if tag == "delete" and i1 > 0:  # remove the line break before, not after
                    edits.append(Edit(i1, len(old[i1 - 1]) + 1, end_line, len(old[-1]) + 1, ""))
                    continue
                edits.append(Edit(i1 + 1, start_col, end_line, len(old[-1]) + 1, text.rstrip("\n")))
    return edits


def replace_in_line(code: str, line_no: int, pattern: str, replacement: str, count: int = 0) -> str | None:
    """``code`` with ``pattern`` (a regular expression) replaced on line ``line_no``; None when
    nothing changes."""
    lines = _lines(code)
    if not 1 <= line_no <= len(lines):
        return None
    changed = re.sub(pattern, replacement, lines[line_no - 1], count=count)
    if changed == lines[line_no - 1]:
        return None
    lines[line_no - 1] = changed
    return "\n".join(lines)


def quote_list_items(code: str, line_no: int) -> str | None:
    """``code`` with each unquoted item of the ``[a, b]`` list on line ``line_no`` quoted
    (``x-axis [1月, 2月]`` -> ``x-axis ["1月", "2月"]``)."""
    lines = _lines(code)
    line = lines[line_no - 1]
    match = re.search(r"\[([^\]]*)\]", line)
    if not match:
        return None
    items = [item.strip() for item in match.group(1).split(",")]
    quoted = ", ".join(item if item.startswith('"') or not item else _quoted(item) for item in items)
    new = line[: match.start(1)] + quoted + line[match.end(1) :]
    if new == line:
        return None
    lines[line_no - 1] = new
    return "\n".join(lines)
