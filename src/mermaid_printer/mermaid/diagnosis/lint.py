"""Mistakes Mermaid accepts without a word but that were almost surely not meant: warnings.

Cheap text checks on a diagram that was drawn: a gantt date that does not match the
``dateFormat`` (Mermaid then places the task somewhere else or nowhere), and a flowchart
``style``/``class`` statement naming a node the diagram never defines (Mermaid silently draws a
new, unconnected node). Each warning names its line. Nothing here changes a drawing.
"""

from __future__ import annotations

import re

__all__ = ["silent_mistakes"]

#: dayjs tokens of a ``dateFormat`` and the text each one matches.
_DATE_TOKENS = (
    ("YYYY", r"\d{4}"),
    ("YY", r"\d{2}"),
    ("MM", r"\d{2}"),
    ("M", r"\d{1,2}"),
    ("DD", r"\d{2}"),
    ("D", r"\d{1,2}"),
    ("HH", r"\d{2}"),
    ("H", r"\d{1,2}"),
    ("mm", r"\d{2}"),
    ("ss", r"\d{2}"),
)
_DATE_LIKE = re.compile(r"(?<![\w#])\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?(?![\w])")
_LINK = re.compile(r"<?(?:-{2,}|={2,}|-\.+-|~{3,})[>ox]?(?:\|[^|]*\|)?|&")
_MAX_WARNINGS = 5


def silent_mistakes(code: str) -> list[str]:
    """Warnings (``line N: …``) for the silent mistakes found in ``code``; at most a few."""
    lines = code.split("\n")
    first = next((line.strip() for line in lines if line.strip() and not line.strip().startswith("%%")), "")
    word = first.split()[0] if first else ""
    if word == "gantt":
        return _gantt_dates(lines)[:_MAX_WARNINGS]
    if word in ("flowchart", "graph"):
        return _styled_missing_nodes(lines)[:_MAX_WARNINGS]
    return []


def _date_pattern(date_format: str) -> re.Pattern[str] | None:
    pattern = ""
    rest = date_format
    while rest:
        for token, regex in _DATE_TOKENS:
            if rest.startswith(token):
                pattern += regex
                rest = rest[len(token) :]
                break
        else:
            if rest[0].isalpha():
                return None  # a token this check does not know: no opinion
            pattern += re.escape(rest[0])
            rest = rest[1:]
    return re.compile(pattern + r"$")


def _gantt_dates(lines: list[str]) -> list[str]:
    date_format = next(
        (ln.strip()[len("dateFormat") :].strip() for ln in lines if ln.strip().startswith("dateFormat")), None
    )
    pattern = _date_pattern(date_format or "YYYY-MM-DD")
    if pattern is None:
        return []
    shown = date_format or "YYYY-MM-DD"
    warnings = []
    for number, line in enumerate(lines, start=1):
        if ":" not in line or line.strip().startswith(
            ("dateFormat", "axisFormat", "title", "%%", "excludes", "todayMarker")
        ):
            continue
        data = line.split(":", 1)[1]
        for date in _DATE_LIKE.findall(data):
            if not pattern.match(date):
                warnings.append(
                    f"line {number}: the date {date} does not match dateFormat {shown}; Mermaid misplaces the task"
                )
                break
    return warnings


def _styled_missing_nodes(lines: list[str]) -> list[str]:
    defined: set[str] = set()
    styled: list[tuple[int, str, str]] = []
    for number, line in enumerate(lines, start=1):
        text = line.split("%%", 1)[0].strip()
        if not text or number == 1:
            continue
        style = re.match(r"(style|class)\s+([^\s]+)", text)
        if style:
            for node in style.group(2).split(","):
                styled.append((number, style.group(1), node.strip()))
            continue
        if re.match(r"(classDef|linkStyle|click|direction|subgraph|end\b|accTitle|accDescr)", text):
            if text.startswith("subgraph"):
                defined.update(re.findall(r"^subgraph\s+([\w.-]+)", text))
            continue
        defined.update(re.findall(r"([\w.-]+)@", text))  # edge ids (`A e1@--> B`)
        masked = re.sub(r'"[^"]*"|\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|(?<=\w)>[^\]]*\]|\|[^|]*\|', " ", text)
        masked = re.sub(r"[\w.-]+@", " ", masked)
        for part in _LINK.split(masked):
            defined.update(re.findall(r"^\s*([\w.\u00a0-\uffff-]+?)(?::::\w+)?\s*$", part.strip().rstrip(";")) or [])
            ids = re.findall(r"([\w\u00a0-\uffff][\w.\u00a0-\uffff-]*)", part)
            if ids:
                defined.add(ids[0])
    return [
        f"line {number}: {keyword} names {node}, which no other statement defines; Mermaid draws it as a new, "
        "unconnected node"
        for number, keyword, node in styled
        if node and node not in defined
    ]
