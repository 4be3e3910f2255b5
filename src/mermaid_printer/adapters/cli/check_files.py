"""``mermaid-printer check-files``: do Mermaid files and Markdown blocks parse? (the pre-commit hook).

Each file is a Mermaid diagram (``.mmd``, ``.mermaid``, anything else) or Markdown (``.md``,
``.markdown``: every ```` ```mermaid ```` and ``:::mermaid`` block is one). Each diagram is parsed
by Mermaid itself (the printer's ``verify``); a broken one is reported as ``path:line: CODE:
message`` (one line) with the line counted in the file, and the exit status is 1.

``--fix`` rewrites what has one safe repair, only when the repaired diagram parses and the
original did not: a whole ``.mmd`` file wrapped in a Markdown fence loses the fence, and flowchart
node labels holding characters Mermaid reads as syntax (``A[Save (draft)]``) are quoted
(``A["Save (draft)"]``). A file changed by ``--fix`` also exits 1, as pre-commit expects of a
hook that modified files.

A parse-based check kept apart so that a fuller ``check`` command can replace it behind the same
hook ids (``.pre-commit-hooks.yaml``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mermaid_printer.errors import PrinterError
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks

__all__ = ["Problem", "add_check_files_command", "check_files", "repaired"]

_MARKDOWN = frozenset({".md", ".markdown"})
_WRAPPED = re.compile(r"\A\s*(`{3,}|~{3,})[ \t]*(?:mermaid)?[ \t]*\n(?P<body>.*?)\n[ \t]*\1[ \t]*\n?\s*\Z", re.DOTALL)
# A node's square-bracket label that is not quoted and holds characters Mermaid parses as syntax.
_BARE_LABEL = re.compile(r'(?P<id>\b[\w-]+)\[(?P<label>[^\]"\n]*[(){}<>|;][^\]"\n]*)\]')


@dataclass(frozen=True)
class Problem:
    """A diagram that does not parse: where (file, line in the file) and why."""

    path: str
    line: int
    summary: str  # "CODE: message", one line

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.summary}"


def add_check_files_command(commands: Any, common: argparse.ArgumentParser) -> None:
    """Add ``check-files`` to the command line's sub-commands."""
    check = commands.add_parser(
        "check-files",
        parents=[common],
        help="check that Mermaid files and Markdown's Mermaid blocks parse (the pre-commit hook)",
        description="Parse every diagram of the FILES with Mermaid: .md/.markdown files by their "
        "```mermaid and :::mermaid blocks, any other file as one diagram. Prints path:line: CODE: "
        "message for each broken one; exit status 1 when any is broken or was fixed.",
    )
    check.add_argument("files", metavar="FILE", nargs="*", help="files to check")
    check.add_argument(
        "--fix",
        action="store_true",
        help="repair what has one safe repair (a fence around a .mmd file, flowchart labels "
        "that need quotes), only when the repaired diagram parses",
    )


def _diagrams(path: Path, text: str) -> list[tuple[int, str]]:
    """``(first line of the diagram's source in the file, source)`` for each diagram of a file."""
    if path.suffix.lower() in _MARKDOWN:
        return [(block.first_line + 1, block.code) for block in find_mermaid_blocks(text, colon_blocks=True)]
    return [(1, text)] if text.strip() else []


def repaired(code: str, whole_file: bool) -> str | None:
    """``code`` with its safe repairs made, or ``None`` when there is none to make."""
    fixed = code
    if whole_file:
        wrapped = _WRAPPED.match(fixed)
        if wrapped:
            fixed = wrapped.group("body") + "\n"
    first = fixed.lstrip().split(None, 1)[0].lower() if fixed.strip() else ""
    if first in ("flowchart", "graph"):
        fixed = _BARE_LABEL.sub(lambda found: f'{found["id"]}["{found["label"]}"]', fixed)
    return fixed if fixed != code else None


def check_files(
    files: list[str], verify: Callable[[str], PrinterError | None], *, fix: bool = False
) -> tuple[list[Problem], list[str]]:
    """The problems of ``files`` (``verify(code)`` is a diagram's parse error or ``None``) and,
    with ``fix``, the files rewritten."""
    problems: list[Problem] = []
    fixed_files: list[str] = []
    for name in files:
        path = Path(name)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
            problems.append(Problem(name, 1, f"INVALID_INPUT: cannot read the file: {reason}"))
            continue
        new_text = text
        whole_file = path.suffix.lower() not in _MARKDOWN
        for first_line, code in reversed(_diagrams(path, text)):
            error = verify(code)
            if error is None:
                continue
            repair = repaired(code, whole_file) if fix else None
            if repair is not None and verify(repair) is None:
                new_text = repair if whole_file else new_text.replace(code, repair, 1)
                continue
            line = error.details.get("line")
            offset = line - 1 if isinstance(line, int) and not isinstance(line, bool) and line >= 1 else 0
            problems.append(Problem(name, first_line + offset, error.summary()))
        if new_text != text:
            write_atomically(path, new_text.encode("utf-8"))
            fixed_files.append(name)
    problems.sort(key=lambda problem: (problem.path, problem.line))
    return problems, fixed_files


def run_check_files(args: argparse.Namespace, printer: Any) -> int:
    """The ``check-files`` command with ``printer``; returns the exit status."""
    from mermaid_printer.mermaid.requests import VerifyOptions
    from mermaid_printer.requests import validate_request

    def verify(code: str) -> PrinterError | None:
        try:
            result = printer.verify(validate_request(VerifyOptions, {"code": code}))
        except PrinterError as exc:
            return exc
        return None if result.ok else (result.error or PrinterError("invalid diagram"))

    problems, fixed = check_files(args.files, verify, fix=args.fix)
    for name in fixed:
        print(f"fixed {name}", file=sys.stderr)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems or fixed else 0
