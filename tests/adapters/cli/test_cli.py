"""The ``mermaid-printer`` command, run as a subprocess (``python -m mermaid_printer``)."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

import pytest
from adapters.cli.cli_runs import run_cli

FLOWCHART = "flowchart TD\n  A[Start] --> B[Done]\n"
BROKEN = "flowchart TD\n  A --> B\n  B --> --> C\n"


def assert_one_error_line(stderr: str, starts_with: str) -> None:
    assert stderr.count("\n") == 1 and stderr.startswith(starts_with), stderr
    assert "Traceback" not in stderr


def assert_compiler_style_error(stderr: str, starts_with: str, where: str) -> None:
    """The error's first line (``error: CODE: message``), then where, the line with a caret and ``help:``."""
    lines = stderr.splitlines()
    assert lines[0].startswith(starts_with), stderr
    assert lines[1] == f" --> {where}", stderr
    assert any(line.strip().startswith("|") and line.strip().endswith("^") for line in lines), stderr
    assert any(line.startswith("  = help: ") for line in lines), stderr
    assert "Traceback" not in stderr


def test_version_names_the_package_version() -> None:
    result = run_cli("--version")

    assert (result.returncode, result.stdout.strip()) == (0, f"mermaid-printer {version('mermaid-printer')}")


def test_a_config_file_that_is_not_json_is_an_input_error_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "bad.json").write_text("{theme: dark}")

    result = run_cli("render", "a.mmd", "--config", "bad.json", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_CONFIG: config file bad.json: the file is not valid JSON")
    assert "line 1, column 2" in result.stderr
    assert not (tmp_path / "a.svg").exists()


def test_a_config_file_that_is_not_an_object_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "list.json").write_text("[1, 2]")

    result = run_cli("render", "a.mmd", "--config", "list.json", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_CONFIG: config file list.json: ")


def test_a_missing_config_file_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli("render", "a.mmd", "--config", "nope.json", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_CONFIG: cannot read config file nope.json: ")


def test_an_unknown_theme_is_an_input_error_and_leaves_an_existing_output_untouched(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "a.svg").write_text("previous work")

    result = run_cli("render", "a.mmd", "--theme", "sparkly", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_INPUT: ")
    assert "default, base, dark" in result.stderr
    assert (tmp_path / "a.svg").read_text() == "previous work"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.mmd", "a.svg"]


def test_a_missing_input_file_is_an_input_error(tmp_path: Path) -> None:
    result = run_cli("render", "missing.mmd", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_INPUT: cannot read missing.mmd: ")


def test_an_svg_input_without_an_output_name_is_refused_rather_than_overwritten(tmp_path: Path) -> None:
    (tmp_path / "a.svg").write_text(FLOWCHART)

    result = run_cli("render", "a.svg", cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, "error: INVALID_INPUT: a.svg already ends in .svg")
    assert (tmp_path / "a.svg").read_text() == FLOWCHART


@pytest.mark.engine
def test_a_file_renders_to_the_file_beside_it(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli("render", "a.mmd", cwd=tmp_path)

    assert (result.returncode, result.stderr) == (0, "")
    svg = (tmp_path / "a.svg").read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "<text" in svg and "Start" in svg
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.mmd", "a.svg"]


@pytest.mark.engine
def test_a_file_renders_to_the_named_output_with_every_option(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "config.json").write_text('{"flowchart": {"curve": "basis"}}')

    result = run_cli(
        "render", "a.mmd", "-o", "b.svg", "--theme", "dark", "--background", "white",
        "--config", "config.json", "--timeout-ms", "60000", "--no-embed-fonts",
        cwd=tmp_path,
    )  # fmt: skip

    assert (result.returncode, result.stderr) == (0, "")
    assert (tmp_path / "b.svg").read_text(encoding="utf-8").startswith("<svg")
    assert not (tmp_path / "a.svg").exists()


@pytest.mark.engine
def test_an_output_that_cannot_be_written_exits_1_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    (tmp_path / "taken").write_text("a file where the output's directory would be")

    result = run_cli("render", "a.mmd", "-o", "taken/a.svg", cwd=tmp_path)

    assert result.returncode == 1
    assert_one_error_line(result.stderr, "error: RENDER_FAILED: cannot write taken/a.svg: ")


@pytest.mark.engine
def test_stdin_renders_to_stdout() -> None:
    result = run_cli("render", "-", "-o", "-", stdin=FLOWCHART)

    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("<svg") and "<text" in result.stdout


@pytest.mark.engine
def test_a_syntax_error_exits_2_printed_like_a_compiler_naming_the_line_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "broken.mmd").write_text(BROKEN)

    result = run_cli("render", "broken.mmd", cwd=tmp_path)

    assert result.returncode == 2
    assert_compiler_style_error(result.stderr, "error: SYNTAX_ERROR: Parse error on line 3", "broken.mmd:3:9")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["broken.mmd"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ("-o", "flow.pdf", "--format", "png"),
            "error: INVALID_INPUT: flow.pdf is named as a PDF file but --format is png: name it .png or drop --format",
        ),
        (
            ("-o", "flow.jpg"),
            "error: INVALID_INPUT: cannot tell the format from flow.jpg: name the file .svg, .pdf, .png",
        ),
    ],
    ids=["suffix-against-format", "unknown-suffix"],
)
def test_an_output_name_that_contradicts_or_hides_the_format_is_refused_before_rendering(
    tmp_path: Path, arguments: tuple[str, ...], message: str
) -> None:
    # Both wrote a file before: PNG bytes into flow.pdf, SVG into flow.jpg.
    (tmp_path / "flow.mmd").write_text(FLOWCHART)

    result = run_cli("render", "flow.mmd", *arguments, cwd=tmp_path)

    assert result.returncode == 2
    assert_one_error_line(result.stderr, message)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["flow.mmd"]


@pytest.mark.engine
def test_an_output_in_a_directory_not_there_yet_is_written_there(tmp_path: Path) -> None:
    # It failed after the render ("cannot write build/img/flow.svg: No such file or directory").
    (tmp_path / "flow.mmd").write_text(FLOWCHART)

    result = run_cli("render", "flow.mmd", "-o", "build/img/flow.svg", "--format", "svg", cwd=tmp_path)

    assert (result.returncode, result.stderr) == (0, "")
    assert (tmp_path / "build" / "img" / "flow.svg").read_text().startswith("<svg")


@pytest.mark.engine
def test_a_syntax_error_on_stdin_writes_nothing_to_stdout() -> None:
    result = run_cli("render", "-", stdin=BROKEN)

    assert (result.returncode, result.stdout) == (2, "")
    assert_compiler_style_error(result.stderr, "error: SYNTAX_ERROR: Parse error on line 3", "<stdin>:3:9")


@pytest.mark.engine
def test_a_batch_writes_one_file_per_diagram_and_reports_the_broken_one(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text("flowchart LR\n  A --> B\n")
    (tmp_path / "doc.md").write_text(
        '# Doc\n\n```mermaid\npie\n  "x": 1\n```\n\n```mermaid\nflowchart TD\n  A --> --> B\n```\n'
    )

    result = run_cli("render", "a.mmd", "doc.md", "-o", "out/", "--jobs", "2", cwd=tmp_path)

    assert result.returncode == 2
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["a.svg", "doc-1.svg"]
    assert (tmp_path / "out" / "doc-1.svg").read_text().startswith("<svg")
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: doc.md#2 (line 10): SYNTAX_ERROR: Parse error on line 2")  # its line in doc.md


@pytest.mark.engine
def test_a_batch_reports_inputs_it_cannot_read_and_writes_the_others(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text("flowchart LR\n  A --> B\n")
    (tmp_path / "latin1.mmd").write_bytes('pie\n  "caf\u00e9": 1\n'.encode("latin-1"))

    result = run_cli("render", "a.mmd", "missing.mmd", "latin1.mmd", "-o", "out/", cwd=tmp_path)

    assert result.returncode == 2
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == ["a.svg"]
    assert (tmp_path / "out" / "a.svg").read_text().startswith("<svg")
    assert result.stderr.splitlines() == [
        "error: missing.mmd: INVALID_INPUT: cannot read missing.mmd: No such file or directory",
        "error: latin1.mmd: INVALID_INPUT: latin1.mmd is not UTF-8 text: invalid continuation byte at byte 10",
    ]


def test_a_batch_of_inputs_none_of_which_can_be_read_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    result = run_cli("render", "gone.mmd", "also-gone.md", "-o", "out/", cwd=tmp_path)

    assert result.returncode == 2
    assert result.stderr.splitlines() == [
        "error: gone.mmd: INVALID_INPUT: cannot read gone.mmd: No such file or directory",
        "error: also-gone.md: INVALID_INPUT: cannot read also-gone.md: No such file or directory",
    ]
    assert not (tmp_path / "out").exists()
