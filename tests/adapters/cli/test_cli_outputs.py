"""What a new user meets on the command line: outputs only where asked, one line per problem,
the same line named for the same broken block, a quiet terminal (subprocesses)."""

from __future__ import annotations

from pathlib import Path

import pytest
from adapters.cli.cli_runs import run_cli


def assert_one_error_line(stderr: str, starts_with: str) -> None:
    assert stderr.count("\n") == 1 and stderr.startswith(starts_with), stderr
    assert "Traceback" not in stderr


GUIDE = "# Guide\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\ntext\n\n```mermaid\nflowchart TD\n  A --> --> B\n```\n"
#: The broken block's error is on the document's line 12 (its second line; the fence is line 10).
BROKEN_LINE = 12


@pytest.mark.parametrize(
    ("inputs", "output"),
    [(["guide.md"], "name.svg"), (["guide.md", "a.mmd"], "two.svg"), (["a.mmd", "b.mmd"], "x.png")],
)
def test_a_batch_given_a_file_name_as_output_is_refused_and_makes_no_directory(
    tmp_path: Path, inputs: list[str], output: str
) -> None:
    (tmp_path / "guide.md").write_text(GUIDE)
    (tmp_path / "a.mmd").write_text("pie\n")
    (tmp_path / "b.mmd").write_text("pie\n")

    result = run_cli("render", *inputs, "-o", output, cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, f"error: INVALID_INPUT: -o {output} names a file, but ")
    assert "directory" in result.stderr
    assert not (tmp_path / output).exists()


@pytest.mark.parametrize("command", [["render"], ["markdown"]])
def test_a_markdown_file_without_diagrams_exits_0_with_one_line_saying_so(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n\nNo diagram here.\n")

    result = run_cli(*command, "notes.md", cwd=tmp_path)

    assert result.returncode == 0
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("note: notes.md has no ```mermaid block")


def test_a_flag_with_a_wrong_choice_is_one_line_naming_the_choices() -> None:
    result = run_cli("markmap", "map.md", "--theme", "neon")

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_INPUT: argument --theme: invalid choice: 'neon'")
    assert "'dark'" in result.stderr and "usage:" not in result.stderr


def test_a_markdown_output_of_a_markdown_input_takes_only_the_flags_the_document_has(tmp_path: Path) -> None:
    (tmp_path / "guide.md").write_text(GUIDE)

    result = run_cli("render", "guide.md", "-o", "out.md", "--scale", "2", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_INPUT: --scale does not apply to a Markdown document")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["guide.md"]


@pytest.mark.engine
def test_a_markdown_input_with_a_markdown_output_is_drawn_as_the_markdown_command_does(tmp_path: Path) -> None:
    (tmp_path / "guide.md").write_text(GUIDE)

    rendered = run_cli("render", "guide.md", "-o", "out.md", cwd=tmp_path)
    documented = run_cli("markdown", "guide.md", "-o", "doc.md", cwd=tmp_path)

    assert (rendered.returncode, documented.returncode) == (2, 2)  # the broken block
    assert (tmp_path / "out.md").read_text() == (tmp_path / "doc.md").read_text().replace("doc-1.svg", "out-1.svg")
    assert (tmp_path / "out-1.svg").read_bytes() == (tmp_path / "doc-1.svg").read_bytes()
    assert not (tmp_path / "out-2.svg").exists()


@pytest.mark.engine
def test_render_and_markdown_name_the_line_of_the_users_file_for_a_broken_block(tmp_path: Path) -> None:
    (tmp_path / "guide.md").write_text(GUIDE)

    batch = run_cli("render", "guide.md", "-o", "images/", cwd=tmp_path)
    document = run_cli("markdown", "guide.md", cwd=tmp_path)

    expected = f"error: guide.md#2 (line {BROKEN_LINE}): SYNTAX_ERROR: Parse error on line 2, column 9"
    assert batch.stderr.splitlines()[0].startswith(expected), batch.stderr
    assert document.stderr.splitlines()[0].startswith(expected), document.stderr


@pytest.mark.engine
def test_a_batch_prints_nothing_but_its_diagrams_problems_and_verbose_adds_the_engines_notes(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text("flowchart LR\n  A --> B\n")
    (tmp_path / "b.mmd").write_text('pie\n  "x": 1\n')

    quiet = run_cli("render", "a.mmd", "b.mmd", "-o", "out/", cwd=tmp_path)
    verbose = run_cli("render", "-v", "a.mmd", "b.mmd", "-o", "verbose/", cwd=tmp_path)

    assert (quiet.returncode, quiet.stderr) == (0, "")
    assert verbose.returncode == 0 and " INFO " in verbose.stderr
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["a.svg", "b.svg"]


def test_quiet_leaves_out_the_notes(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("# Notes\n")

    result = run_cli("render", "-q", "notes.md", cwd=tmp_path)

    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.engine
def test_an_output_that_cannot_be_written_is_reported_as_code_and_message(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text('pie\n  "x": 1\n')
    (tmp_path / "taken").write_text("a file where the output's directory would be")

    result = run_cli("render", "a.mmd", "-o", "taken/a.svg", cwd=tmp_path)

    assert result.returncode == 1
    assert_one_error_line(result.stderr, "error: RENDER_FAILED: cannot write taken/a.svg: ")
