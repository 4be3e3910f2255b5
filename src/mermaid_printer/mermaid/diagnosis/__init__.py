"""The error path's diagnosis: Mermaid's error in plain words, at its cause, with a checked fix.

When Mermaid refuses a diagram (a syntax error, an unknown type, an error while drawing),
:func:`diagnose` turns its error into one a reader can act on: the message says what is wrong in
the reader's words at the line and column of the cause (``classify.py``; token names become
what to type, ``tokens.py``), ``details.hint`` says how to fix it, and ``details.fixes`` /
``details.fixed_code`` give edits (``fixes.py``) that were checked by parsing (or, for a drawing
error, drawing) the fixed source in the same sandboxed process (``check.py``), within a few
checks and a time budget. Mermaid's own text stays in ``details.mermaid_message``. It runs only
when a request has already failed: a diagram that renders never reaches it.
"""

from __future__ import annotations

from typing import Any

from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.diagnosis.check import Check, Exhausted
from mermaid_printer.mermaid.diagnosis.classify import Finding, classify
from mermaid_printer.mermaid.diagnosis.fixes import edits_between

__all__ = ["DIAGNOSED_CODES", "DIAGNOSIS_ENV_VAR", "Check", "diagnose", "diagnosis_details"]

#: Set to ``off`` (before the printer starts) to return Mermaid's errors undiagnosed, e.g. to
#: compare the error path's cost with and without the diagnosis (``benchmarks/error_diagnosis.py``).
DIAGNOSIS_ENV_VAR = "MERMAID_PRINTER_DIAGNOSIS"

#: The error codes the diagnosis explains (the others are not about the diagram's text).
DIAGNOSED_CODES = frozenset({"SYNTAX_ERROR", "UNSUPPORTED_DIAGRAM", "RENDER_FAILED"})
_PREFIX = {
    "SYNTAX_ERROR": "Parse error",
    "UNSUPPORTED_DIAGRAM": "Unknown diagram type",
    "RENDER_FAILED": "Drawing failed",
}
#: How many candidates are tried for the first problem, and how many problems one fix may chain.
_FIRST_CANDIDATES = 3
_CHAIN_DEPTH = 6


def diagnose(error: PrinterError, code: str, check: Check | None) -> PrinterError:
    """``error`` explained (same class, plain message, details with hint, fixes, fixed_code,
    mermaid_message); ``error`` itself when it is not about the diagram's text. ``check``
    parses (or draws) a candidate; None offers no fix."""
    if error.code not in DIAGNOSED_CODES or "mermaid_message" in error.details:
        return error
    if error.code == "RENDER_FAILED" and "exception" not in error.details:
        return error  # the printer's own failure (post-processing, converter): nothing in the text
    details = diagnosis_details(error.to_dict(), code, check)
    return type(error)(details.pop("_message"), details)


def diagnosis_details(error: dict[str, Any], code: str, check: Check | None) -> dict[str, Any]:
    """The diagnosed details of ``error`` (``{code, message, details}``); its new message under
    the key ``_message``."""
    finding = classify(code, error)
    details = dict(error.get("details") or {})
    parser_line, parser_column = details.get("line"), details.get("column")
    details["mermaid_message"] = str(error.get("message") or "")
    if finding.line is not None:
        if parser_line is not None and (parser_line, parser_column) != (finding.line, finding.column):
            details["parser_line"] = parser_line
            if parser_column is not None:
                details["parser_column"] = parser_column
        details["line"] = finding.line
        if finding.column is not None:
            details["column"] = finding.column
        else:
            details.pop("column", None)
    details["kind"] = finding.kind
    details["hint"] = finding.hint
    found = _search(code, finding, check) if check is not None else None
    if found is not None:
        fixed, titles = found
        details["fixes"] = [
            {"title": "; ".join(dict.fromkeys(titles)), "edits": [e.to_dict() for e in edits_between(code, fixed)]}
        ]
        details["fixed_code"] = fixed
    where = ""
    if finding.line is not None:
        where = f" on line {finding.line}" + (f", column {finding.column}" if finding.column is not None else "")
    text = finding.message if finding.message.endswith(("?", ".")) else finding.message + "."
    details["_message"] = f"{_PREFIX.get(str(error.get('code')), 'Error')}{where}: {text}"
    return details


def _search(code: str, finding: Finding, check: Check) -> tuple[str, list[str]] | None:
    """The first candidate (or chain of candidates, one problem after another) that ``check``
    accepts, with the fixes' titles; None when none does within the budget."""
    try:
        return _try(code, finding, check, _FIRST_CANDIDATES, _CHAIN_DEPTH)
    except Exhausted:
        return None


def _try(code: str, finding: Finding, check: Check, width: int, depth: int) -> tuple[str, list[str]] | None:
    for title, candidate in finding.candidates[:width]:
        if candidate == code:
            continue
        outcome = check(candidate)
        if outcome is None:
            return candidate, [title]
        if depth > 0 and outcome.get("code") in ("SYNTAX_ERROR", "UNSUPPORTED_DIAGRAM"):
            following = classify(candidate, outcome)
            chained = _try(candidate, following, check, 1, depth - 1)
            if chained is not None:
                return chained[0], [title, *chained[1]]
    return None
