"""Mermaid's parser token names in the reader's words.

Mermaid's jison parsers report what they wanted and what they got by token name (``PS``,
``SQE``, ``NEWLINE``, ``'1'`` for the end of input); a person or an agent needs what to type.
:func:`found_words` says what was found (from the text the parser stopped at),
:func:`expected_words` turns the expected list into a short phrase, and
:func:`has_token_name` tells whether a message still shows one.
"""

from __future__ import annotations

import re

__all__ = ["expected_words", "found_words", "has_token_name", "strip_token_names"]

#: Token -> what the reader types (or sees). Closers first: they are what is most often missing.
_WORDS: dict[str, str] = {
    "SQE": "a closing `]`",
    "PE": "a closing `)`",
    "DIAMOND_STOP": "a closing `}`",
    "STADIUMEND": "a closing `])`",
    "SUBROUTINEEND": "a closing `]]`",
    "CYLINDEREND": "a closing `)]`",
    "DOUBLECIRCLEEND": "a closing `)))`",
    "ELLIPSE_END": "a closing `-)`",
    "TRAPEND": "a closing `/]`",
    "INVTRAPEND": "a closing `\\]`",
    "TAGEND": "a closing `]`",
    "STR": "a quoted text",
    "MD_STR": "a quoted text",
    "PIPE": "a `|`",
    "COLON": "a `:`",
    "STYLE_SEPARATOR": "`:::`",
    "AMP": "`&`",
    "SEMI": "`;`",
    "COMMA": "`,`",
    "LINK": "an arrow such as `-->`",
    "START_LINK": "an arrow such as `-->`",
    "ARROW": "an arrow",
    "SOLID_ARROW": "an arrow such as `->>`",
    "DOTTED_ARROW": "an arrow such as `-->>`",
    "NODE_STRING": "a node id",
    "ACTOR": "a participant name",
    "TXT": "a message text after `:`",
    "TEXT": "text",
    "UNICODE_TEXT": "text",
    "ALPHA": "a name",
    "ID": "a name",
    "NUM": "a number",
    "NUMBER_PIE": "a number",
    "EOF": "the end of the diagram",
    "NEWLINE": "the end of the line",
    "NL": "the end of the line",
    "GRAPH": "a diagram type such as `flowchart TD`",
    "DIR": "a direction (TB, TD, BT, RL or LR)",
    "end": "`end`",
    "subgraph": "`subgraph`",
    "CARDINALITY": "a cardinality such as `||` or `o{`",
    "ENTITY_NAME": "an entity name",
    "RELATIONSHIP": "a relationship",
    "STRUCT_START": "`{`",
    "STRUCT_STOP": "a closing `}`",
    "taskData": "the task's dates after `:`",
    "taskTxt": "a task name",
    "title": "`title`",
    "section": "`section`",
}

#: Lower-case tokens that are keywords of the diagram: shown as typed.
_KEYWORDS = frozenset(
    [
        "end",
        "subgraph",
        "loop",
        "alt",
        "else",
        "opt",
        "par",
        "and",
        "critical",
        "break",
        "rect",
        "box",
        "participant",
        "actor",
        "note",
        "over",
        "activate",
        "deactivate",
        "autonumber",
        "class",
        "classDef",
        "style",
        "linkStyle",
        "click",
        "direction",
        "state",
        "section",
        "title",
        "dateFormat",
        "axisFormat",
        "commit",
        "branch",
        "checkout",
        "merge",
    ]
)


def expected_words(expected: list[str] | None, limit: int = 3) -> str:
    """``['SQE', 'PE', 'PIPE', ...]`` -> "a closing `]`, a closing `)` or a `|`" (at most
    ``limit`` kinds; "" when none is known)."""
    phrases: list[str] = []
    for name in expected or []:
        phrase = _WORDS.get(name) or (f"`{name}`" if name in _KEYWORDS else None)
        if phrase and phrase not in phrases:
            phrases.append(phrase)
    if len(expected or []) > 12 and not any("closing" in p for p in phrases):
        return "a new statement"
    phrases = phrases[:limit]
    if not phrases:
        return ""
    return phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + " or " + phrases[-1]


def found_words(text: str | None, token: str | None) -> str:
    """What the parser stopped at, as the reader sees it: "`(`", "the end of the line", "the end
    of the diagram"."""
    raw = text if text is not None else ""
    if raw == "" and token in (None, "1", "EOF", "$end"):
        return "the end of the diagram"
    if raw.strip() == "":
        if "\n" in raw or token in ("NEWLINE", "NL"):
            return "the end of the line"
        return "the end of the diagram" if token in ("1", "EOF") else "a space"
    shown = raw.strip().splitlines()[0][:40]
    return f"`{shown}`"


def has_token_name(message: str) -> bool:
    """Whether ``message`` shows one of the parser's token names (``'PS'``, ``SQE``, ``got '1'``)."""
    return bool(re.search(r"Expecting|got '|\b(?:PS|PE|SQE|SQS|NEWLINE|EOF|NODE_STRING|TXT)\b", message))


def strip_token_names(message: str) -> str:
    """Mermaid's text without its ``Expecting 'A', 'B', got 'C'`` tail and caret drawing."""
    kept = [line for line in message.splitlines() if not re.match(r"^(Expecting |-*\^|\.\.\.)", line)]
    return " ".join(" ".join(kept).split())
