"""``mermaid-printer check FILE…``: check Mermaid files and Markdown's Mermaid blocks, for CI and
pre-commit hooks, and print each error like a compiler: where, the line with a caret, ``help:``
and the suggested line.

Each diagram is drawn as ``render`` would draw it (so errors Mermaid raises while drawing are
found too). Exit status 0 when every diagram is drawn, 1 when any is not. ``--fix`` writes the
checked fixes back into the file (atomically): each diagram's fix is drawn first and applied only
if it draws, so a file whose fix does not hold is left untouched. ``--format json`` prints one JSON
document: per file, its diagrams' errors (``{code, message, details}``) and whether it was fixed.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mermaid_printer.errors import InvalidInput, PrinterError
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks

__all__ = ["add_check_command", "format_diagnostic", "run_check"]

_MARKDOWN_SUFFIXES = (".md", ".markdown", ".mdx")


def add_check_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """Register ``check`` on the command line's sub-command parser."""
    check = commands.add_parser(
        "check",
        parents=[common],
        help="check Mermaid files (.mmd) and Markdown files' Mermaid blocks; exit 1 on any error",
        description="Check that every diagram draws. Errors are printed like a compiler's, with the "
        "line, a caret, a hint and a suggested fix that was checked before it is shown.",
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="Mermaid (.mmd) or Markdown (.md) files")
    check.add_argument("--fix", action="store_true", help="apply the checked fixes in place (atomically)")
    check.add_argument("--format", choices=("text", "json"), default="text", help="output format (default text)")


@dataclass
class _Diagram:
    code: str
    first_line: int  # the document line of the diagram's first line, 1-based
    indent: str = ""
    error: PrinterError | None = None
    fixed: bool = False


@dataclass
class _File:
    name: str
    text: str
    diagrams: list[_Diagram] = field(default_factory=list)
    fixed: bool = False
    unreadable: str | None = None


def run_check(args: argparse.Namespace, printer: Any) -> int:
    """Check ``args.files`` with ``printer``; print the report; the exit status (0 or 1)."""
    files = [_read(name) for name in args.files]
    for entry in files:
        for diagram in entry.diagrams:
            diagram.error = _draw(printer, diagram.code)
        if args.fix and any(d.error is not None and d.error.details.get("fixed_code") for d in entry.diagrams):
            _fix(entry, printer)
    if args.format == "json":
        print(json.dumps({"files": [_as_json(entry) for entry in files]}, indent=2, ensure_ascii=False))
    else:
        _print_text(files, fixing=args.fix)
    failed = any(entry.unreadable or any(d.error is not None for d in entry.diagrams) for entry in files)
    return 1 if failed else 0


def _read(name: str) -> _File:
    try:
        text = Path(name).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        return _File(name, "", unreadable=f"cannot read {name}: {reason or exc}")
    entry = _File(name, text)
    if name.lower().endswith(_MARKDOWN_SUFFIXES):
        lines = text.replace("\r\n", "\n").split("\n")
        for block in find_mermaid_blocks(text):
            opener = lines[block.first_line - 1]
            indent = opener[: len(opener) - len(opener.lstrip(" "))]
            entry.diagrams.append(_Diagram(block.code, block.first_line + 1, indent))
    else:
        entry.diagrams.append(_Diagram(text, 1))
    return entry


def _draw(printer: Any, code: str) -> PrinterError | None:
    try:
        printer.render_svg(code, embed_fonts=False)
    except PrinterError as exc:
        return exc
    return None


def _fix(entry: _File, printer: Any) -> None:
    """Apply each diagram's fixed code that draws; a fix that does not draw is not applied, and
    the file is written (atomically) only when at least one fix was."""
    lines = entry.text.split("\n")
    applied = 0
    # From the last diagram up, so earlier line numbers stay right.
    for diagram in reversed(entry.diagrams):
        fixed = diagram.error.details.get("fixed_code") if diagram.error is not None else None
        if not isinstance(fixed, str) or _draw(printer, fixed) is not None:
            continue
        count = len(diagram.code.split("\n"))
        if diagram.code.endswith("\n") and fixed.endswith("\n"):
            count -= 1
            fixed = fixed[:-1]
        new = [diagram.indent + line if line else line for line in fixed.split("\n")]
        start = diagram.first_line - 1
        lines[start : start + count] = new
        diagram.fixed = True
        applied += 1
    if applied:
        write_atomically(Path(entry.name), "\n".join(lines).encode("utf-8"))
        entry.fixed = True


def _as_json(entry: _File) -> dict[str, Any]:
    errors = []
    if entry.unreadable:
        errors.append(InvalidInput(entry.unreadable).to_dict())
    for diagram in entry.diagrams:
        if diagram.error is not None:
            error = diagram.error.to_dict()
            details = dict(error["details"])
            if isinstance(details.get("line"), int):
                details["file_line"] = details["line"] + diagram.first_line - 1
            error["details"] = details
            errors.append(error)
    return {
        "file": entry.name,
        "ok": not errors,
        "diagrams": len(entry.diagrams),
        "errors": errors,
        "fixed": entry.fixed,
    }


def _print_text(files: list[_File], *, fixing: bool) -> None:
    for entry in files:
        if entry.unreadable:
            print(f"error: {entry.unreadable}", file=sys.stderr)
        for diagram in entry.diagrams:
            if diagram.error is not None:
                print(
                    format_diagnostic(diagram.error, diagram.code, entry.name, diagram.first_line - 1), file=sys.stderr
                )
                print(file=sys.stderr)
        failing = [d for d in entry.diagrams if d.error is not None]
        if not fixing or not failing:
            continue
        done = sum(d.fixed for d in failing)
        if done == len(failing):
            print(f"fixed: {entry.name}", file=sys.stderr)
        elif done:
            print(f"partly fixed: {entry.name} ({done} of {len(failing)} diagrams)", file=sys.stderr)
        else:
            print(f"not fixed: {entry.name} (no fix that draws)", file=sys.stderr)


def format_diagnostic(error: PrinterError, source: str | None, name: str = "<input>", offset: int = 0) -> str:
    """``error`` as a compiler prints it::

        error: SYNTAX_ERROR: Parse error on line 2, column 18: `(` inside the label of node `B`: ...
         --> diagram.mmd:2:18
          |
        2 |     A --> B(Process (with data))
          |                  ^
          = help: Put the label in double quotes ...
          = suggested: 2 |     A --> B("Process (with data)")

    ``offset`` is added to the line numbers (a Markdown block's place in its document).
    """
    details = error.details
    message = error.message
    line, column = details.get("line"), details.get("column")
    out = [f"error: {error.code}: {' '.join(message.split())}"]
    lines = source.split("\n") if source is not None else []
    if isinstance(line, int):
        where = f"{name}:{line + offset}" + (f":{column}" if isinstance(column, int) else "")
        out.append(f" --> {where}")
        if 1 <= line <= len(lines):
            number = str(line + offset)
            pad = " " * len(number)
            text = lines[line - 1].replace("\t", " ")
            out.append(f"{pad} |")
            out.append(f"{number} | {text}")
            if isinstance(column, int):
                out.append(f"{pad} | {' ' * (column - 1)}^")
    elif name != "<input>":
        out.append(f" --> {name}")
    hint = details.get("hint")
    if hint:
        out.append(f"  = help: {hint}")
    fixed = details.get("fixed_code")
    fix_list = details.get("fixes")
    if isinstance(fixed, str) and isinstance(fix_list, list) and fix_list:
        first = fix_list[0]
        out.append(f"  = fix: {first.get('title')}")
        fixed_lines = fixed.split("\n")
        shown = _changed_lines(first.get("edits") or [], fixed_lines, len(lines))
        for fixed_number, text in shown[:4]:
            out.append(f"  {fixed_number + offset} | {text}")
    return "\n".join(out)


def _changed_lines(edits: list[dict[str, Any]], fixed_lines: list[str], old_count: int) -> list[tuple[int, str]]:
    """The fixed source's lines the edits touch (numbered in the fixed source)."""
    shown: list[tuple[int, str]] = []
    shift = 0
    for edit in edits:
        start = int(edit["line"]) + shift
        added = str(edit["text"]).count("\n") - (int(edit["end_line"]) - int(edit["line"]))
        span = max(1, str(edit["text"]).count("\n") + (0 if str(edit["text"]).endswith("\n") else 1))
        first = start + (1 if str(edit["text"]).startswith("\n") else 0)
        for number in range(first, min(first + span, len(fixed_lines) + 1)):
            if (number, fixed_lines[number - 1]) not in shown:
                shown.append((number, fixed_lines[number - 1]))
        shift += added
    del old_count
    return shown
