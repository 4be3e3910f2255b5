"""What went wrong in a diagram Mermaid refused, where, in the reader's words, and what might fix it.

:func:`classify` takes the source and the error Mermaid gave (``{code, message, details}``) and
returns a :class:`Finding`: the kind of mistake, the line and column of its cause (the opener of
a block never closed, the label whose ``(`` started the trouble), a message and a hint in plain
words, and candidate fixed sources, best first. The classes are the mistakes people and agents
make most (see ``benchmarks/error_corpus``): a label holding ``(``, ``;`` or ``:`` left
unquoted, ``end`` as a node id, a block never closed, a one-dash arrow, an unknown or missing
diagram type, a sequence message without ``:``; anything else gets the parser's position and
expectation in plain words and a generic hint.

Kept whole: one ordered table of mistake classes sharing the source's line index; the order decides
which class explains an error, and split by diagram type it would be spread over files.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mermaid_printer.mermaid.diagnosis import fixes
from mermaid_printer.mermaid.diagnosis.tokens import expected_words, found_words

__all__ = ["DIAGRAM_TYPES", "Finding", "classify", "diagram_header"]

#: The header words of the diagram types the bundled Mermaid knows.
DIAGRAM_TYPES: tuple[str, ...] = (
    "flowchart",
    "graph",
    "sequenceDiagram",
    "classDiagram",
    "stateDiagram-v2",
    "stateDiagram",
    "erDiagram",
    "gantt",
    "pie",
    "journey",
    "gitGraph",
    "mindmap",
    "timeline",
    "quadrantChart",
    "xychart-beta",
    "requirementDiagram",
    "C4Context",
    "C4Container",
    "C4Component",
    "C4Dynamic",
    "C4Deployment",
    "sankey-beta",
    "block-beta",
    "packet-beta",
    "architecture-beta",
    "kanban",
    "radar-beta",
    "treemap-beta",
    "zenuml",
    "timeline",
    "venn-beta",
    "ishikawa-beta",
    "wardley-beta",
)
#: Names people and agents write for a type, and the header Mermaid wants.
_WRONG_NAMES: dict[str, str] = {
    "flowchart-v2": "flowchart",
    "flow": "flowchart",
    "flowdiagram": "flowchart",
    "flowchartdiagram": "flowchart",
    "sequence": "sequenceDiagram",
    "sequencediagrams": "sequenceDiagram",
    "sequence-diagram": "sequenceDiagram",
    "class": "classDiagram",
    "classdiagram-v2": "classDiagram",
    "uml": "classDiagram",
    "state": "stateDiagram-v2",
    "statediagram-v3": "stateDiagram-v2",
    "statemachine": "stateDiagram-v2",
    "er": "erDiagram",
    "entityrelationship": "erDiagram",
    "erd": "erDiagram",
    "entityrelationshipdiagram": "erDiagram",
    "ganttchart": "gantt",
    "gantt-chart": "gantt",
    "piechart": "pie",
    "pie-chart": "pie",
    "userjourney": "journey",
    "journeydiagram": "journey",
    "git": "gitGraph",
    "gitgraph": "gitGraph",
    "mindmaps": "mindmap",
    "mind-map": "mindmap",
    "mindmap-beta": "mindmap",
    "quadrant": "quadrantChart",
    "quadrant-chart": "quadrantChart",
    "xychart": "xychart-beta",
    "xy-chart": "xychart-beta",
    "barchart": "xychart-beta",
    "linechart": "xychart-beta",
    "bar": "xychart-beta",
    "line": "xychart-beta",
    "requirement": "requirementDiagram",
    "c4": "C4Context",
    "c4context": "C4Context",
    "sankey": "sankey-beta",
    "block": "block-beta",
    "packet": "packet-beta",
    "architecture": "architecture-beta",
    "radar": "radar-beta",
    "treemap": "treemap-beta",
    "network": "architecture-beta",
    "orgchart": "flowchart",
    "tree": "flowchart",
    "diagram": "flowchart",
}
_FAMILY = {
    "graph": "flowchart",
    "flowchart": "flowchart",
    "flowchart-elk": "flowchart",
    "sequenceDiagram": "sequence",
    "classDiagram": "class",
    "classDiagram-v2": "class",
    "stateDiagram": "state",
    "stateDiagram-v2": "state",
    "erDiagram": "er",
    "mindmap": "mindmap",
    "gitGraph": "gitGraph",
    "pie": "pie",
    "gantt": "gantt",
    "journey": "journey",
    "timeline": "timeline",
    "requirementDiagram": "requirement",
    "block-beta": "block",
    "quadrantChart": "quadrant",
    "xychart-beta": "xychart",
    "xychart": "xychart",
}
#: Block keywords closed by ``end``, per family.
_END_BLOCKS = {
    "flowchart": re.compile(r"^\s*subgraph\b"),
    "sequence": re.compile(r"^\s*(loop|alt|opt|par|par_over|critical|break|rect|box)\b"),
    "block": re.compile(r"^\s*block\b(?!-)"),
}
_BRACE_BLOCKS = {
    "class": re.compile(r"^\s*(?:class|namespace)\b[^{]*\{\s*$"),
    "state": re.compile(r"^\s*state\b[^{]*\{\s*$"),
    "er": re.compile(r"^\s*[\w\"-][^{]*\{\s*$"),
}
_PLAIN_TYPES = {"flowchart": "flowchart", "sequence": "sequence diagram", "class": "class diagram"}


@dataclass
class Finding:
    """The diagnosis of one error: kind, cause position, words, and candidate fixes."""

    kind: str
    line: int | None
    column: int | None
    message: str
    hint: str
    candidates: list[tuple[str, str]] = field(default_factory=list)


def diagram_header(code: str) -> tuple[int, str]:
    """The 1-based line of the diagram's header and its first word ("" when there is none):
    front matter, ``%%`` comments and directives and blank lines before it are skipped."""
    lines = code.split("\n")
    k = 0
    while k < len(lines) and not lines[k].strip():
        k += 1
    if k < len(lines) and lines[k].strip() == "---":
        k += 1
        while k < len(lines) and lines[k].strip() != "---":
            k += 1
        k += 1
    while k < len(lines) and (not lines[k].strip() or lines[k].lstrip().startswith("%%")):
        if lines[k].lstrip().startswith("%%{") and "}%%" not in lines[k]:
            while k < len(lines) and "}%%" not in lines[k]:
                k += 1
        k += 1
    if k >= len(lines):
        return len(lines), ""
    words = re.split(r"[\s;:]+", lines[k].strip(), maxsplit=1)
    return k + 1, words[0] if words else ""


def _family(word: str) -> str:
    return _FAMILY.get(word, word)


def classify(code: str, error: dict[str, Any]) -> Finding:
    """The :class:`Finding` for ``error`` (``{code, message, details}``) raised on ``code``."""
    kind = str(error.get("code") or "")
    details: dict[str, Any] = dict(error.get("details") or {})
    message = str(error.get("message") or "")
    header_line, word = diagram_header(code)
    if kind == "UNSUPPORTED_DIAGRAM":
        return _unknown_type(code, header_line, word)
    if kind == "SYNTAX_ERROR":
        if word not in DIAGRAM_TYPES and word not in _FAMILY and details.get("line") in (None, header_line):
            unknown = _unknown_type(code, header_line, word)
            if unknown.candidates:
                return unknown
        return _syntax(code, details, message, header_line, _family(word))
    return _draw_time(code, message, details, _family(word))


# --- diagram types --------------------------------------------------------------------------------


def _unknown_type(code: str, header_line: int, word: str) -> Finding:
    lines = code.split("\n")
    header_text = lines[header_line - 1] if header_line <= len(lines) else ""
    if word.startswith("```"):
        fence_free = "\n".join(line for line in lines if not line.strip().startswith("```"))
        return Finding(
            "markdown-fence",
            header_line,
            1,
            "the diagram starts with a Markdown code fence (```mermaid)",
            "Send only the diagram's text: remove the ``` lines around it.",
            [("Remove the Markdown code fence lines", fence_free)],
        )
    if word.lower() == "mermaid":
        rest = fixes.remove_line(code, header_line)
        return Finding(
            "mermaid-word",
            header_line,
            1,
            "the first line is `mermaid`, which is the code fence's language, not a diagram type",
            "Start with the diagram type (for example `flowchart TD`); remove the `mermaid` line.",
            [("Remove the `mermaid` line", rest)],
        )
    guesses = _type_guesses(word)
    candidates: list[tuple[str, str]] = []
    if guesses and word:
        for guess in guesses:
            replaced = fixes.replace_word(code, header_line, word, guess)
            if replaced is not None:
                candidates.append((f"Use the diagram type `{guess}`", replaced))
        shown = ", ".join(f"`{g}`" for g in guesses[:3])
        return Finding(
            "unknown-type",
            header_line,
            1,
            f"`{word}` is not a Mermaid diagram type; did you mean {shown}?",
            f"The first line names the diagram type, e.g. `flowchart TD`, `sequenceDiagram`, `classDiagram`; "
            f"write `{guesses[0]}` instead of `{word}`.",
            candidates,
        )
    guessed = _guess_type_from_content(code)
    candidates = [(f"Start the diagram with `{h}`", fixes.insert_header(code, header_line, h)) for h in guessed]
    return Finding(
        "missing-type",
        header_line,
        1,
        f"the diagram has no type: its first line `{header_text.strip()[:40]}` does not name one",
        "Start the diagram with its type on the first line, e.g. `flowchart TD` or `sequenceDiagram`"
        + (f"; this one looks like `{guessed[0]}`." if guessed else "."),
        candidates,
    )


def _type_guesses(word: str) -> list[str]:
    if not word:
        return []
    lowered = word.lower().rstrip(";:")
    if lowered in _WRONG_NAMES:
        return [_WRONG_NAMES[lowered]]
    by_lower = {t.lower(): t for t in DIAGRAM_TYPES}
    if lowered in by_lower:
        return [by_lower[lowered]]
    close = difflib.get_close_matches(lowered, list(by_lower) + list(_WRONG_NAMES), n=3, cutoff=0.6)
    out: list[str] = []
    for name in close:
        target = by_lower.get(name) or _WRONG_NAMES[name]
        if target not in out:
            out.append(target)
    return out


def _guess_type_from_content(code: str) -> list[str]:
    if re.search(r"->>|-->>|^\s*participant\b|^\s*actor\b", code, re.M):
        return ["sequenceDiagram"]
    if re.search(r"\|\|--|\}o--|\|o--|--o\{|--\|\{", code):
        return ["erDiagram"]
    if re.search(r"<\|--|--\|>|^\s*class\s+\w+\s*\{", code, re.M):
        return ["classDiagram"]
    if re.search(r"\[\*\]", code):
        return ["stateDiagram-v2"]
    if re.search(r"^\s*dateFormat\b", code, re.M):
        return ["gantt"]
    if re.search(r"^\s*(commit|branch|checkout)\b", code, re.M):
        return ["gitGraph"]
    if re.search(r'^\s*"[^"]+"\s*:\s*[\d.]+\s*$', code, re.M):
        return ["pie"]
    if re.search(r"--|==|-\.", code):
        return ["flowchart TD", "graph TD"]
    return ["flowchart TD"]


# --- syntax errors --------------------------------------------------------------------------------


def _syntax(code: str, details: dict[str, Any], raw: str, header_line: int, family: str) -> Finding:
    lines = code.split("\n")
    line = details.get("line")
    column = details.get("column")
    text = details.get("text")
    token = details.get("token")
    expected = details.get("expected") if isinstance(details.get("expected"), list) else None
    found = found_words(text if isinstance(text, str) else None, str(token) if token is not None else None)
    at_end = found == "the end of the diagram" or token in ("1", "EOF")

    block = _unclosed_block(lines, family, header_line)
    if block is not None and (at_end or line is None or line >= _last_content_line(lines)):
        return block(code)
    if family == "gitGraph" and line is None:
        line = 1
    named = re.match(r'\s*"([^"]+)"', raw) if line is None else None
    if named:
        spots = [k + 1 for k, t in enumerate(lines) if f'"{named.group(1)}"' in t]
        if spots:
            line, column = spots[0], lines[spots[0] - 1].find('"') + 1
    if isinstance(line, int) and 1 <= line <= len(lines):
        specific = _specific(code, lines, line, column, details, family, found, expected, raw)
        if specific is not None:
            return specific
    words = expected_words(expected)
    what = f"Mermaid found {found}" + (f" where it expected {words}" if words else " where it did not expect it")
    if not expected and raw:
        what = _plain_langium(raw) or what
    candidates: list[tuple[str, str]] = []
    if isinstance(line, int) and 1 <= line <= len(lines):
        for every in (False, True):
            quoted = fixes.quote_line_labels(code, line, every=every)
            if quoted is not None and quoted not in (c for _, c in candidates):
                candidates.append(("Quote the labels on this line", quoted))
        if family in ("flowchart", "sequence", "class", "state"):
            arrows = fixes.fix_arrows(code, line, flowchart=family != "sequence")
            if arrows is not None:
                candidates.append(("Write the arrow as Mermaid does", arrows))
    return Finding(
        "syntax",
        line if isinstance(line, int) else None,
        column if isinstance(column, int) else None,
        what,
        _GENERIC_HINTS.get(family, _GENERIC_HINTS[""]),
        candidates,
    )


_GENERIC_HINTS = {
    "flowchart": "Check this line's brackets and arrows: a node is `id[label]`, a link `A --> B` or "
    '`A -->|label| B`; put a label holding ( ) [ ] { } ; : or # in double quotes: `id["a (b)"]`.',
    "sequence": "A message is `Alice->>Bob: text`; blocks (loop, alt, opt, par, critical, rect) end with "
    "`end`; write ; and # in a text as #59; and #35;.",
    "class": "A member goes inside `class Name { ... }` or as `Name : +member`; write generics as "
    "`List~int~`, not `List<int>`.",
    "state": "A transition is `A --> B : label`; a composite state is `state Name { ... }`, closed with `}`.",
    "er": "A relationship is `A ||--o{ B : label` (the `: label` is required); attributes go in "
    "`ENTITY { type name }`, one per line.",
    "gantt": "A task is `Name : [tags,] [id,] start, end-or-duration`, with dates in the `dateFormat`.",
    "pie": 'A slice is `"Label" : 42`: the label in double quotes, a colon, then a number.',
    "mindmap": 'Each node is on its own line, indented under its parent; quote a text with brackets: `id["a (b)"]`.',
    "gitGraph": 'Create a branch with `branch name` before `checkout name`; quote ids and tags: `commit id: "x"`.',
    "": "Compare this line with Mermaid's syntax for the diagram type; quote texts that hold punctuation.",
}


def _plain_langium(raw: str) -> str | None:
    match = re.search(r"Expecting token of type '([^']+)' but found `([^`]*)`", raw)
    if match:
        words = expected_words([match.group(1)]) or "something else"
        return f"Mermaid found `{match.group(2)}` where it expected {words}"
    if re.search(r"Lexical error on line \d+\. Unrecognized text", raw):
        return "Mermaid cannot read part of this line: a character it does not allow here, often in a label that is not quoted"
    match = re.search(r"unexpected character: ->(.)<-", raw)
    if match:
        return f"Mermaid cannot read the character `{match.group(1)}` here"
    first = raw.strip().splitlines()[0] if raw.strip() else ""
    if first and not re.search(r"Expecting|got '|Parse error", first):
        return first.rstrip(".")
    return None


def _last_content_line(lines: list[str]) -> int:
    last = len(lines)
    while last > 0 and not lines[last - 1].strip():
        last -= 1
    return last


def _unclosed_block(lines: list[str], family: str, header_line: int) -> Callable[[str], Finding] | None:
    """A function building the unclosed-block :class:`Finding`, or None when every block closes."""
    opener_re = _END_BLOCKS.get(family)
    closer = "end"
    brace = False
    if opener_re is None:
        opener_re = _BRACE_BLOCKS.get(family)
        closer = "}"
        brace = True
    if opener_re is None:
        return None
    stack: list[int] = []
    for k in range(header_line, len(lines)):
        text = lines[k].split("%%", 1)[0]
        stripped = text.strip().rstrip(";")
        if opener_re.match(text):
            stack.append(k + 1)
        elif ((brace and stripped == "}") or (not brace and stripped == "end")) and stack:
            stack.pop()
    if not stack:
        return None
    opener_line = stack[-1]
    opener_text = lines[opener_line - 1].strip()
    keyword = opener_text.split()[0] if opener_text else closer

    def build(code: str) -> Finding:
        inner = fixes.close_block(code, opener_line, closer, at_end=False)
        outer = fixes.close_block(code, opener_line, closer, at_end=True)
        candidates = [(f"Close the `{keyword}` block with `{closer}`", inner)]
        if outer != inner:
            candidates.append((f"Close the `{keyword}` block with `{closer}` at the end", outer))
        return Finding(
            "unclosed-block",
            opener_line,
            len(lines[opener_line - 1]) - len(lines[opener_line - 1].lstrip()) + 1,
            f"the `{keyword}` block opened here is never closed by `{closer}`",
            f"Every `{keyword}` needs its own `{closer}` on a line after the block's last statement.",
            candidates,
        )

    return build


def _specific(
    code: str,
    lines: list[str],
    line: int,
    column: Any,
    details: dict[str, Any],
    family: str,
    found: str,
    expected: list[str] | None,
    raw: str,
) -> Finding | None:
    text_at = lines[line - 1]
    col = column if isinstance(column, int) else 1
    got = str(details.get("text") or "").strip()
    token = str(details.get("token") or "")
    if family == "flowchart":
        masked = fixes._mask_labels(text_at)
        # `end` (lower case) as a node id
        if (got == "end" or token == "end") and text_at.strip().rstrip(";") != "end":
            renamed = fixes.rename_keyword_ids(code, "end", "End", 1)
            if renamed is not None:
                spot = re.search(r"(?<![\w-])end(?![\w-])", masked)
                return Finding(
                    "end-as-id",
                    line,
                    spot.start() + 1 if spot else col,
                    "`end` is a keyword in flowcharts (it closes a subgraph), so it cannot be a node id",
                    "Rename the node, e.g. `End` or `finish` (any capital letter will do), everywhere it is used.",
                    [("Rename the node `end` to `End`", renamed)],
                )
        # a stray `end`
        if text_at.strip().rstrip(";") == "end":
            return Finding(
                "stray-end",
                line,
                col,
                "this `end` closes no `subgraph`",
                "Each `end` closes one `subgraph`; remove this one, or add the `subgraph` it was meant to close.",
                [("Remove the extra `end`", fixes.remove_line(code, line))],
            )
        shape_trouble = got in ("(", ")", "[", "]", "{", "}", "|", ";", ":", '"', "<", ">", "((", "))") or token in (
            "PS",
            "PE",
            "SQS",
            "SQE",
            "DIAMOND_START",
            "DIAMOND_STOP",
            "STR",
            "PIPE",
            "TAGEND",
            "TAGSTART",
        )
        closing_expected = any(e in (expected or []) for e in ("SQE", "PE", "DIAMOND_STOP")) and _open_shape(
            text_at[: max(col - 1, 0)]
        )
        if shape_trouble or closing_expected:
            candidates: list[tuple[str, str]] = []
            for every, amp in ((False, True), (False, False), (True, True)):
                quoted = fixes.quote_line_labels(code, line, every=every, amp=amp)
                if quoted is not None and quoted not in (c for _, c in candidates):
                    candidates.append(("Put the label in double quotes", quoted))
            node = _node_before(text_at, col)
            where = f"the label of node `{node}`" if node else "a label"
            char = got[:1] if got and got[0] in '()[]{}|;:"<>' else None
            reads = (
                f"`{char}` inside {where}: Mermaid reads it as syntax, not as text"
                if char
                else f"{where} is not closed before {found}"
            )
            return Finding(
                "unquoted-label",
                line,
                _label_start(text_at, col) or col,
                reads,
                f"Put the label in double quotes, {_quoted_example(candidates, line, node)}: inside quotes, "
                'brackets, `;`, `:` and `#` are plain text (a `"` itself is written `#quot;`).',
                candidates,
            )
        arrow = re.search(r"(?<=[\w\]\)\}])\s*(->|=>|-(?=\s))\s*(?=[\w\[\(])", masked)
        if arrow or got in ("-", "->", "=>", ">"):
            fixed = fixes.fix_arrows(code, line)
            if fixed is not None:
                return Finding(
                    "one-dash-arrow",
                    line,
                    arrow.start(1) + 1 if arrow else col,
                    "this link has one dash; Mermaid's links have at least two (`-->` or `---`)",
                    "Write an arrow as `A --> B` (with a head) or `A --- B` (a plain line).",
                    [("Write the link with two dashes", fixed)],
                )
        doubled = fixes.replace_in_line(code, line, r"(-->|---|==>)(\s*(?:-->|---|==>))+", r"\1")
        if doubled is not None:
            return Finding(
                "doubled-arrow",
                line,
                col,
                "two arrows follow each other with no node between them",
                "A link joins two nodes: `A --> B`; remove the extra arrow or add the node it should point to.",
                [("Remove the extra arrow", doubled)],
            )
    if family == "sequence":
        if (token == "NEWLINE" and expected == ["TXT"]) or (
            expected and "TXT" in expected and found == "the end of the line"
        ):
            fixed = fixes.add_message_colon(code, line)
            return Finding(
                "message-without-text",
                line,
                col,
                "a message needs `:` and its text after the receiver",
                "Write a message as `Alice->>Bob: Hello` (the text may be empty after the `:`).",
                [("Add `:` after the receiver", fixed)] if fixed else [],
            )
        text_at_col = _sequence_text_start(text_at)
        if text_at_col is not None and re.search(r"[;#]", text_at[text_at_col:]):
            fixed = fixes.escape_in_text(code, line, text_at[:text_at_col], ";#")
            if fixed is not None:
                return Finding(
                    "separator-in-text",
                    line,
                    text_at_col + 1,
                    "this text holds `;` or `#`, which end a sequence-diagram statement",
                    "Write `;` as `#59;` and `#` as `#35;` in a message, note, block label or alias.",
                    [("Write `;` and `#` as entities", fixed)],
                )
        if text_at.strip() in ("end", "else") or re.match(r"\s*(else|and)\b", text_at):
            keyword = text_at.strip().split()[0]
            return Finding(
                "stray-" + keyword,
                line,
                col,
                f"this `{keyword}` is outside any block it could belong to",
                "`else` belongs inside `alt`, `and` inside `par`, and every `end` closes one block "
                "(loop, alt, opt, par, critical, break, rect, box).",
                [(f"Remove the extra `{keyword}`", fixes.remove_line(code, line))] if keyword == "end" else [],
            )
        arrow_fixed = fixes.fix_arrows(code, line, flowchart=False)
        if arrow_fixed is not None:
            return Finding(
                "sequence-arrow",
                line,
                col,
                "this is not a sequence-diagram arrow",
                "Sequence arrows are `->>` (solid), `-->>` (dotted), `->` and `-->` (no head), `-x`, `-)`.",
                [("Write the arrow as `->>`", arrow_fixed)],
            )
    if family == "class" and "<" in text_at and re.search(r"\w<[\w ,<>]+>", text_at):
        fixed = "\n".join(re.sub(r"(\w)<([\w ,]+)>", r"\1~\2~", t) if k == line - 1 else t for k, t in enumerate(lines))
        return Finding(
            "class-generic",
            line,
            text_at.find("<") + 1,
            "`<` here starts a relation arrow; Mermaid writes generic types with `~`",
            "Write `List<int>` as `List~int~`.",
            [("Write the generic type with `~`", fixed)],
        )
    if family == "er" and expected and "COLON" in expected and found == "the end of the line":
        fixed = "\n".join(t + ' : ""' if k == line - 1 else t for k, t in enumerate(lines))
        return Finding(
            "er-relationship-label",
            line,
            len(text_at.rstrip()) + 1,
            "an entity relationship needs a label after `:`",
            'Write a relationship as `CUSTOMER ||--o{ ORDER : places` (use `: ""` for none).',
            [("Add an empty label", fixed)],
        )
    if family == "pie" and re.match(r"\s*[^\"\s][^:]*:\s*[\d.]+\s*$", text_at):
        label, value = text_at.split(":", 1)
        indent = label[: len(label) - len(label.lstrip())]
        fixed = "\n".join(
            f'{indent}"{label.strip()}" : {value.strip()}' if k == line - 1 else t for k, t in enumerate(lines)
        )
        return Finding(
            "pie-unquoted-label",
            line,
            len(indent) + 1,
            "a pie slice's label must be in double quotes",
            'Write a slice as `"Dogs" : 386`.',
            [("Quote the slice's label", fixed)],
        )
    if family == "gitGraph" and "checkout" in raw and "not yet created" in raw:
        branch = str(details.get("token") or "").replace("checkout", "").strip()
        spots = [k + 1 for k, t in enumerate(lines) if re.match(rf"\s*(checkout|switch)\s+{re.escape(branch)}\s*$", t)]
        if branch and spots:
            at_line = spots[0]
            indent = lines[at_line - 1][: len(lines[at_line - 1]) - len(lines[at_line - 1].lstrip())]
            fixed = fixes.replace_word(code, at_line, lines[at_line - 1].strip(), f"branch {branch}")
            return Finding(
                "gitgraph-checkout-missing-branch",
                at_line,
                len(indent) + 1,
                f"`checkout {branch}` names a branch that does not exist yet",
                f"Create it first with `branch {branch}` (which also checks it out).",
                [(f"Create the branch with `branch {branch}`", fixed)] if fixed else [],
            )
    if family == "state":
        arrows = fixes.fix_arrows(code, line)
        if arrows is not None:
            return Finding(
                "one-dash-arrow",
                line,
                col,
                "this transition has one dash; a state transition is written `-->`",
                "Write a transition as `A --> B` (with `: label` after it if you like).",
                [("Write the transition as `-->`", arrows)],
            )
    if family == "er" and got.startswith("("):
        opened = fixes.replace_in_line(code, line, r"\(\s*$", "{")
        if opened is not None:
            after = opened.split("\n")
            close = next((k + 1 for k in range(line, len(after)) if after[k].strip() == ")"), None)
            fixed_er = fixes.replace_in_line(opened, close, r"\)", "}") if close else None
            return Finding(
                "er-attribute-braces",
                line,
                col,
                "an entity's attributes go in braces `{ }`, not parentheses",
                "Write attributes as `CAR {` ... `}`, one `type name` per line.",
                [("Use braces around the attributes", fixed_er or opened)],
            )
    if family == "er":
        joined = fixes.replace_in_line(code, line, r"(?<=\s1)\s+(?=--|\.\.)", "")
        if joined is not None:
            return Finding(
                "er-cardinality-space",
                line,
                col,
                "Mermaid reads the cardinality `1` as one only when the line (`--` or `..`) follows it directly",
                "Write `A 1--1+ B : label` (no space between `1` and `--`), or the symbols: `A ||--|{ B : label`.",
                [("Join the cardinality and the line", joined)],
            )
    number = re.search(r"\b[01]\.0+\b", text_at) if family == "quadrant" else None
    if number:
        whole = fixes.replace_in_line(code, line, r"\b([01])\.0+\b", r"\1")
        if whole is not None:
            return Finding(
                "quadrant-number",
                line,
                number.start() + 1,
                "Mermaid's quadrant chart does not read `1.0` or `0.0`",
                "Write the edge values as `1` and `0` (any value between them, like `0.5`, is fine).",
                [("Write the number without its trailing zeros", whole)],
            )
    if family == "pie":
        cleaned = fixes.replace_in_line(code, line, r'^(\s*"[^"]*"\s*:\s*)[^\d\s.]*([\d.]+)[^\d\s]*\s*$', r"\1\2")
        if cleaned is not None:
            return Finding(
                "pie-value-not-a-number",
                line,
                col,
                "a pie slice's value must be a plain number (no `%`, currency sign or unit)",
                'Write the value as a number only: `"Dogs" : 30`; Mermaid computes the percentages.',
                [("Keep only the number", cleaned)],
            )
    if family in ("timeline", "gantt") and re.search(r"\d:\d", text_at):
        escaped = fixes.replace_in_line(code, line, r"(?<=\d):(?=\d)", "#58;")
        if escaped is not None:
            return Finding(
                "colon-in-text",
                line,
                text_at.find(":") + 1,
                "a `:` inside this text separates fields in a "
                + ("timeline (period : event)" if family == "timeline" else "gantt task (name : data)"),
                "Write a `:` that is part of the text as `#58;` (e.g. `14#58;00`).",
                [("Write the colon as `#58;`", escaped)],
            )
    if family == "gantt" and re.match(r"\s*:", text_at):
        named = fixes.replace_in_line(code, line, r"^(\s*):", r"\1Task :", count=1)
        return Finding(
            "gantt-task-without-name",
            line,
            col,
            "this task has no name before its `:`",
            "Every gantt task starts with its name: `Write report : 2024-01-01, 3d`.",
            [("Give the task a name", named)] if named else [],
        )
    if family == "xychart" and re.match(r"\s*x-axis\b.*\[", text_at):
        quoted = fixes.quote_list_items(code, line)
        if quoted is not None:
            return Finding(
                "unquoted-label",
                line,
                text_at.find("[") + 2,
                "an x-axis category that is not a plain word must be in double quotes",
                'Quote the categories: `x-axis ["Jan", "Feb"]`.',
                [("Quote the x-axis categories", quoted)],
            )
    if family == "mindmap" or family in ("state", "class", "block", "requirement"):
        quoted = fixes.quote_line_labels(code, line)
        if quoted is not None:
            return Finding(
                "unquoted-label",
                line,
                _label_start(text_at, col) or col,
                f"Mermaid found {found} inside a text that is not quoted",
                'Put the text in double quotes, e.g. `id["a (b)"]`; inside quotes, brackets are plain text.',
                [("Put the text in double quotes", quoted)],
            )
    return None


def _quoted_example(candidates: list[tuple[str, str]], line: int, node: str | None) -> str:
    """ "as in `B("a (b)")`": the quoted label from the first candidate, else a generic example."""
    if candidates:
        fixed_line = candidates[0][1].split("\n")[line - 1]
        lead = re.escape(node) + r"\W{1,3}" if node else r"\|"
        shown = re.search(lead + r'"[^"]*"\W{0,3}', fixed_line)
        if shown:
            return f"as in `{shown.group().strip()}`"
    return 'e.g. `id["a (b)"]`'


def _sequence_text_start(line: str) -> int | None:
    """Where the free text of a sequence statement starts (0-based): after a message's or note's
    `:`, a block keyword (`alt`, `loop`, ...) or a participant's `as`; None when it has none."""
    block = re.match(r"\s*(?:loop|alt|else|opt|par|and|critical|option|break|rect|box)\s+", line)
    if block:
        return block.end()
    alias = re.match(r"\s*(?:participant|actor)\s+\S+\s+as\s+", line)
    if alias:
        return alias.end()
    colon = line.find(":")
    return colon + 1 if colon >= 0 else None


def _open_shape(before: str) -> bool:
    """Whether a bracket opened in ``before`` (outside quotes) is still open at its end."""
    depth = 0
    quoted = False
    for char in before:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "[({":
            depth += 1
        elif not quoted and char in "])}":
            depth = max(depth - 1, 0)
    return depth > 0


def _open_label(line: str, column: int) -> tuple[str | None, int | None]:
    """The id of the node whose shape is still open at ``column`` on ``line`` and the column
    where that node starts (outside quotes; ``<br>`` and the like are not shapes)."""
    depth = 0
    quoted = False
    opened_at: int | None = None
    for k, char in enumerate(line[: max(column - 1, 0)]):
        if char == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif char in "[({":
            if depth == 0:
                opened_at = k
            depth += 1
        elif char in "])}" and depth:
            depth -= 1
    if opened_at is None or depth == 0:
        return None, None
    match = re.search(r"([\w.\u00a0-\uffff-]+)$", line[:opened_at])
    if not match:
        return None, opened_at + 1
    node = match.group(1).lstrip("-.")
    return (node or None), match.end() - len(node) + 1


def _node_before(line: str, column: int) -> str | None:
    """The id of the node whose shape opens before ``column`` on ``line``."""
    return _open_label(line, column)[0]


def _label_start(line: str, column: int) -> int | None:
    """The column where the node whose label holds ``column`` starts, if one does."""
    return _open_label(line, column)[1]


# --- draw-time errors -----------------------------------------------------------------------------


def _draw_time(code: str, message: str, details: dict[str, Any], family: str) -> Finding:
    lines = code.split("\n")
    date = re.search(r"Invalid date:?\s*(\S+)", message)
    if date:
        bad = date.group(1)
        at = next((k + 1 for k, t in enumerate(lines) if bad in t and ":" in t), None)
        fmt = next(
            (t.split("dateFormat", 1)[1].strip() for t in lines if t.strip().startswith("dateFormat")), "YYYY-MM-DD"
        )
        candidates: list[tuple[str, str]] = []
        if at is not None:
            task = lines[at - 1]
            alias = fixes.replace_in_line(code, at, rf":\s*{re.escape(bad)}\s*,\s*(?=\d+[a-z]+\s*$)", ": ")
            if alias is not None:
                candidates.append((f"Remove `{bad}`, which Mermaid reads as the start date", alias))
            name, sep, _data = task.rpartition(" : ")
            if sep and ":" in name:
                escaped = fixes.replace_in_line(code, at, re.escape(name), name.replace(":", "#58;"), count=1)
                if escaped is not None:
                    candidates.append(("Write the colons in the task's name as `#58;`", escaped))
        return Finding(
            "gantt-invalid-date",
            at,
            (lines[at - 1].find(bad) + 1) if at else None,
            f"`{bad}` is not a date in the format `{fmt}`, nor the id of an earlier task",
            "A task is `Name : [crit, done, active, milestone,] [id,] start, end-or-duration`; tags come "
            f"first, the start is a date in `{fmt}` or `after <id>` of a task defined above.",
            candidates,
        )
    link_styles = [(k + 1, int(m.group(1))) for k, t in enumerate(lines) if (m := re.match(r"\s*linkStyle\s+(\d+)", t))]
    if family == "flowchart" and link_styles and "style" in message:
        edges = len(re.findall(r"(?:-{2,}|={2,}|-\.+-|~{3,})[>ox]?", "\n".join(lines)))
        worst = max(link_styles, key=lambda item: item[1])
        return Finding(
            "linkstyle-index",
            worst[0],
            1,
            f"`linkStyle {worst[1]}` styles a link that does not exist",
            f"linkStyle counts links from 0 in the order they are written; this diagram has about {edges}, "
            f"so the last index is {max(edges - 1, 0)}.",
        )
    exception = str(details.get("exception") or "")
    return Finding(
        "draw-failed",
        None,
        None,
        f"Mermaid accepted the diagram but failed while drawing it ({message.strip()[:120]})",
        "This usually comes from a reference to something that does not exist (a node, link or task "
        "id, a style index) or a value Mermaid cannot draw; check the statements that refer to others."
        + (" It is a JavaScript error inside Mermaid." if exception in ("TypeError", "RangeError") else ""),
    )
