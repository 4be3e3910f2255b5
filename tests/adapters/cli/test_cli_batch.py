"""``mermaid-printer render`` of many files: one output per diagram, failures reported, none lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mermaid_printer.adapters.cli.batch import BatchInputs, BatchItem, collect_items, render_batch
from mermaid_printer.errors import DiagramSyntaxError, InvalidInput, PrinterError, RenderTimeout

MARKDOWN = '# Doc\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\ntext\n\n```mermaid\npie\n  "a": 1\n```\n'


def test_each_mermaid_file_and_markdown_block_becomes_one_output(tmp_path: Path) -> None:
    sources = {"a.mmd": "flowchart TD\n  A --> B\n", "docs/guide.md": MARKDOWN}

    inputs = collect_items(list(sources), tmp_path / "out", "svg", sources.__getitem__)

    items = inputs.items
    assert inputs.unreadable == []
    assert [(item.located(), item.output.name) for item in items] == [
        ("a.mmd", "a.svg"),
        ("docs/guide.md#1 (line 3)", "guide-1.svg"),
        ("docs/guide.md#2 (line 10)", "guide-2.svg"),
    ]
    assert items[2].code == 'pie\n  "a": 1\n'


def test_a_failed_block_is_located_at_the_line_of_its_error_in_the_document() -> None:
    inputs = collect_items(["guide.md"], None, "svg", {"guide.md": MARKDOWN}.__getitem__)
    error = DiagramSyntaxError("Parse error on line 2", {"line": 2})

    assert inputs.items[1].located(error) == "guide.md#2 (line 12)"  # the fence is line 10
    assert inputs.items[1].located(RenderTimeout("over time")) == "guide.md#2 (line 10)"


def test_two_inputs_that_would_write_the_same_file_are_refused(tmp_path: Path) -> None:
    sources = {"one/a.mmd": "pie\n", "two/a.mmd": "pie\n"}
    with pytest.raises(InvalidInput, match=r"one/a\.mmd and two/a\.mmd would both write"):
        collect_items(list(sources), tmp_path, "png", sources.__getitem__)


def test_a_failing_diagram_is_reported_and_the_others_are_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    items = [BatchItem(f"d{index}.mmd", f"code {index}", tmp_path / f"d{index}.svg") for index in range(6)]

    def render(code: str) -> tuple[bytes, list[str]]:
        if code == "code 3":
            raise DiagramSyntaxError("Parse error on line 2", {"line": 2})
        return code.encode(), ["a note"] if code == "code 1" else []

    outcome = render_batch(BatchInputs(items, []), render, jobs=3)

    assert sorted(item.source for item in outcome.written) == ["d0.mmd", "d1.mmd", "d2.mmd", "d4.mmd", "d5.mmd"]
    assert [(item.source, error.code) for item, error in outcome.failed] == [("d3.mmd", "SYNTAX_ERROR")]
    assert (tmp_path / "d5.svg").read_bytes() == b"code 5" and not (tmp_path / "d3.svg").exists()
    err = capsys.readouterr().err.splitlines()
    assert "error: d3.mmd: SYNTAX_ERROR: Parse error on line 2" in err and "warning: d1.mmd: a note" in err


def test_a_terminal_gets_a_progress_line_and_a_summary(tmp_path: Path) -> None:
    import io

    status = io.StringIO()
    items = [BatchItem(f"d{index}", "x", tmp_path / f"d{index}.svg") for index in range(3)]

    render_batch(BatchInputs(items, []), lambda code: (b"<svg/>", []), jobs=1, status=status)

    text = status.getvalue()
    assert "[3/3]" in text and "3 of 3 diagrams in" in text and "not read" not in text


def test_an_input_that_cannot_be_read_is_reported_and_the_others_are_collected(tmp_path: Path) -> None:
    sources = {"a.mmd": "pie\n", "c.md": MARKDOWN}

    def read(name: str) -> str:
        if name not in sources:
            raise InvalidInput(f"cannot read {name}: No such file or directory")
        return sources[name]

    inputs = collect_items(["a.mmd", "gone.mmd", "c.md"], tmp_path, "svg", read)

    assert [item.located() for item in inputs.items] == ["a.mmd", "c.md#1 (line 3)", "c.md#2 (line 10)"]
    assert [(name, error.code) for name, error in inputs.unreadable] == [("gone.mmd", "INVALID_INPUT")]


def test_an_unreadable_input_is_reported_first_and_counted_as_a_failure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    status = io.StringIO()
    items = [BatchItem("d0.mmd", "x", tmp_path / "d0.svg")]
    unreadable: list[tuple[str, PrinterError]] = [
        ("gone.mmd", InvalidInput("cannot read gone.mmd: No such file or directory"))
    ]

    outcome = render_batch(BatchInputs(items, unreadable), lambda code: (b"<svg/>", []), jobs=1, status=status)

    assert [item.source for item in outcome.written] == ["d0.mmd"] and (tmp_path / "d0.svg").exists()
    assert [error.code for error in outcome.errors()] == ["INVALID_INPUT"]
    assert (
        capsys.readouterr().err.splitlines()[0]
        == "error: gone.mmd: INVALID_INPUT: cannot read gone.mmd: No such file or directory"
    )
    assert "1 of 1 diagrams in" in status.getvalue() and ", 1 input not read" in status.getvalue()


def test_batch_outputs_get_the_mode_the_umask_allows(tmp_path: Path) -> None:
    items = [BatchItem(f"d{index}.mmd", "pie\n", tmp_path / "out" / f"d{index}.svg") for index in range(2)]
    previous = os.umask(0o022)
    try:
        render_batch(BatchInputs(items, []), lambda code: (b"<svg/>", []), jobs=2)
    finally:
        os.umask(previous)

    assert [oct(item.output.stat().st_mode & 0o777) for item in items] == [oct(0o644)] * 2
