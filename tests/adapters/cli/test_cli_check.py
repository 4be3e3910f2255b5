"""``mermaid-printer check``, end to end in a subprocess with the real engine: exit status, the
compiler-style report, ``--fix`` (in place, only when the fixed file draws) and ``--format json``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.engine

BROKEN = "flowchart TD\n    A[Start] --> B(Process (with data))\n    B --> C\n"
GOOD = "flowchart LR\n    A --> B\n"
DOCUMENT = "# Notes\n\nText.\n\n```mermaid\nsequenceDiagram\n    Alice->>Bob: hi\n    loop every minute\n    Bob->>Alice: yo\n```\n"
NO_FIX = 'pie\n    "Dogs" : many\n'


def run_check(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mermaid_printer", "check", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def test_check_exits_0_and_prints_nothing_when_every_diagram_draws(tmp_path: Path) -> None:
    (tmp_path / "ok.mmd").write_text(GOOD)
    (tmp_path / "doc.md").write_text('# Doc\n\n```mermaid\npie\n    "a" : 1\n```\n')

    result = run_check("ok.mmd", "doc.md", cwd=tmp_path)

    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


def test_check_prints_each_error_like_a_compiler_and_exits_1(tmp_path: Path) -> None:
    (tmp_path / "bad.mmd").write_text(BROKEN)
    (tmp_path / "doc.md").write_text(DOCUMENT)

    result = run_check("bad.mmd", "doc.md", cwd=tmp_path)

    assert result.returncode == 1
    report = result.stderr
    assert "error: SYNTAX_ERROR: Parse error on line 2, column 18: `(` inside the label of node `B`" in report
    assert " --> bad.mmd:2:18\n  |\n2 |     A[Start] --> B(Process (with data))\n  |                  ^\n" in report
    assert '  = fix: Put the label in double quotes\n  2 |     A[Start] --> B("Process (with data)")' in report
    # The Markdown block's error is reported at its opener, in the document's own line numbers.
    assert " --> doc.md:8:5\n  |\n8 |     loop every minute\n" in report
    assert "  = help: Every `loop` needs its own `end`" in report
    assert (tmp_path / "bad.mmd").read_text() == BROKEN  # nothing written without --fix


def test_check_fix_writes_the_checked_fixes_in_place(tmp_path: Path) -> None:
    (tmp_path / "bad.mmd").write_text(BROKEN)
    (tmp_path / "doc.md").write_text(DOCUMENT)

    result = run_check("--fix", "bad.mmd", "doc.md", cwd=tmp_path)

    assert result.returncode == 1  # the files had errors; they are fixed now
    assert "fixed: bad.mmd" in result.stderr and "fixed: doc.md" in result.stderr
    assert (tmp_path / "bad.mmd").read_text() == BROKEN.replace("B(Process (with data))", 'B("Process (with data)")')
    assert (tmp_path / "doc.md").read_text() == DOCUMENT.replace("yo\n```", "yo\n    end\n```")
    assert run_check("bad.mmd", "doc.md", cwd=tmp_path).returncode == 0


def test_check_fix_leaves_a_file_without_a_fix_that_draws_untouched(tmp_path: Path) -> None:
    # The label's fix parses, but the diagram still cannot be drawn (linkStyle past the last link).
    undrawable = "flowchart TD\n    A --> B(x (y))\n    linkStyle 3 stroke:red\n"
    (tmp_path / "pie.mmd").write_text(NO_FIX)
    (tmp_path / "links.mmd").write_text(undrawable)

    result = run_check("--fix", "pie.mmd", "links.mmd", cwd=tmp_path)

    assert result.returncode == 1
    assert (tmp_path / "pie.mmd").read_text() == NO_FIX
    assert (tmp_path / "links.mmd").read_text() == undrawable
    assert "not fixed: pie.mmd" in result.stderr and "not fixed: links.mmd" in result.stderr


def test_check_fix_applies_the_fixes_that_draw_and_keeps_the_rest(tmp_path: Path) -> None:
    (tmp_path / "both.md").write_text(f"```mermaid\n{BROKEN}```\n\n```mermaid\n{NO_FIX}```\n")

    result = run_check("--fix", "both.md", cwd=tmp_path)

    assert result.returncode == 1
    fixed = BROKEN.replace("B(Process (with data))", 'B("Process (with data)")')
    assert (tmp_path / "both.md").read_text() == f"```mermaid\n{fixed}```\n\n```mermaid\n{NO_FIX}```\n"
    assert "partly fixed: both.md (1 of 2 diagrams)" in result.stderr


def test_check_format_json_gives_every_files_errors_with_document_lines(tmp_path: Path) -> None:
    (tmp_path / "ok.mmd").write_text(GOOD)
    (tmp_path / "doc.md").write_text(DOCUMENT)

    result = run_check("--format", "json", "ok.mmd", "doc.md", cwd=tmp_path)

    assert result.returncode == 1
    files = {entry["file"]: entry for entry in json.loads(result.stdout)["files"]}
    assert files["ok.mmd"] == {"file": "ok.mmd", "ok": True, "diagrams": 1, "errors": [], "fixed": False}
    (error,) = files["doc.md"]["errors"]
    assert error["code"] == "SYNTAX_ERROR" and error["details"]["kind"] == "unclosed-block"
    assert (error["details"]["line"], error["details"]["file_line"]) == (3, 8)
    assert error["details"]["fixes"][0]["edits"] and error["details"]["hint"]
