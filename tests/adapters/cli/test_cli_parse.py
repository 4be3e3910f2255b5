"""``mermaid-printer parse`` and ``serve --tools``, run as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.engine

SEQUENCE = "sequenceDiagram\n  Alice->>Bob: Hi\n"


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mermaid_printer", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_parse_prints_the_diagram_type_and_ast_as_json(tmp_path: Path) -> None:
    source = tmp_path / "chat.mmd"
    source.write_text(SEQUENCE)

    result = run_cli("parse", str(source))

    assert (result.returncode, result.stderr) == (0, "")
    document = json.loads(result.stdout)
    assert document["diagram_type"] == "sequence"
    assert document["ast"]["edges"] == [{"from": "Alice", "to": "Bob", "label": "Hi", "type": "solid"}]
    assert document["ast"]["sequence"]["messages"][0]["text"] == "Hi"


def test_parse_reads_stdin_and_adds_positions_when_asked() -> None:
    result = run_cli("parse", "-", "--positions", stdin=SEQUENCE)

    assert result.returncode == 0
    nodes = json.loads(result.stdout)["ast"]["nodes"]
    assert [(n["id"], n["line"], n["column"]) for n in nodes] == [("Alice", 2, 3), ("Bob", 2, 11)]


def test_a_syntax_error_exits_2_printed_like_a_compiler_and_prints_nothing() -> None:
    result = run_cli("parse", "-", stdin="flowchart TD\n  A --> B\n  B --> --> C\n")

    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: SYNTAX_ERROR: Parse error on line 3")
    assert "\n3 |   B --> --> C\n" in result.stderr and "  = help: " in result.stderr


def test_an_unknown_diagram_type_exits_2_with_the_line_and_a_hint() -> None:
    result = run_cli("parse", "-", stdin="nonsense\n")

    assert result.returncode == 2
    assert result.stderr.startswith("error: UNSUPPORTED_DIAGRAM: Unknown diagram type on line 1, column 1:")
    assert " --> <stdin>:1:1\n" in result.stderr and "  = help: Start the diagram with its type" in result.stderr


@pytest.mark.parametrize(
    ("args", "stdin", "starts_with"),
    [
        (("parse", "/nonexistent/x.mmd"), "", "error: INVALID_INPUT: cannot read /nonexistent/x.mmd"),
        (("parse", "-"), "   \n", "error: INVALID_INPUT: code must contain a diagram"),
        (("parse", "-"), "nonsense\n", "error: UNSUPPORTED_DIAGRAM:"),
        (("serve", "--tools", "printer,bogus"), "", "error: INVALID_INPUT: --tools: unknown tool group(s) bogus"),
    ],
)
def test_input_errors_exit_2_with_one_line(args: tuple[str, ...], stdin: str, starts_with: str) -> None:
    result = run_cli(*args, stdin=stdin)

    assert result.returncode == 2
    assert result.stderr.startswith(starts_with) and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
