"""``mermaid-printer render`` to PDF and PNG, run as a subprocess."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from export.export_checks import pixel
from PIL import Image

FLOWCHART = "flowchart TD\n  A[Start] --> B[Done]\n"
BROKEN = "flowchart TD\n  A --> B\n  B --> --> C\n"


def run_cli(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "mermaid_printer", *args],
        input=stdin.encode(),
        capture_output=True,
        cwd=cwd,
        timeout=300,
    )


def one_error_line(result: subprocess.CompletedProcess[bytes]) -> str:
    stderr = result.stderr.decode()
    assert stderr.count("\n") == 1 and stderr.startswith("error: "), stderr
    return stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-o", "a.png", "--paper", "A4"], "error: INVALID_INPUT: --paper applies to PDF output, not PNG"),
        (["-o", "a.svg", "--fit", "fill"], "error: INVALID_INPUT: --fit applies to PDF output, not SVG"),
        (["-o", "a.pdf", "--width", "0"], "error: INVALID_INPUT: --width: "),
        (
            ["-o", "a.svg", "-s", "2", "-w", "100"],
            "error: INVALID_INPUT: --scale: give scale or a width",
        ),
        (["-o", "a.pdf", "--no-embed-fonts"], "error: INVALID_INPUT: --no-embed-fonts applies to SVG output, not PDF"),
        (["-o", "a.pdf", "--paper", "B9"], "error: INVALID_INPUT: --paper: unknown paper size"),
        (["-o", "a.pdf", "--orientation", "landscape"], "error: INVALID_INPUT: --orientation: "),
        (["-o", "a.png", "--scale", "0"], "error: INVALID_INPUT: --scale: "),
        (
            ["-f", "png", "--scale", "2", "--width", "100"],
            "error: INVALID_INPUT: --width: give scale or width",
        ),
    ],
)
def test_options_of_another_format_or_out_of_range_are_input_errors_and_write_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli("render", "a.mmd", *args, cwd=tmp_path)

    assert result.returncode == 2
    assert one_error_line(result).startswith(message)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.mmd"]


@pytest.mark.engine
def test_the_output_suffix_picks_pdf_and_the_paper_flags_apply(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli("render", "a.mmd", "-o", "a.pdf", "--paper", "a5", "--orientation", "portrait", cwd=tmp_path)

    assert (result.returncode, result.stderr) == (0, b"")
    data = (tmp_path / "a.pdf").read_bytes()
    assert data.startswith(b"%PDF-") and b"/MediaBox [ 0 0 419.52" in data  # A5 portrait


@pytest.mark.engine
def test_format_png_writes_beside_the_input_with_the_size_and_background_flags(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli(
        "render", "a.mmd", "--format", "png", "--width", "300", "--background", "transparent", cwd=tmp_path
    )

    assert (result.returncode, result.stderr) == (0, b"")
    png = (tmp_path / "a.png").read_bytes()
    image = Image.open(io.BytesIO(png))
    assert (image.format, image.width) == ("PNG", 300)
    assert pixel(png, 0, 0)[3] == 0


@pytest.mark.engine
def test_stdin_renders_a_png_to_stdout() -> None:
    result = run_cli("render", "-", "-f", "png", "--scale", "1", stdin=FLOWCHART)

    assert result.returncode == 0
    assert Image.open(io.BytesIO(result.stdout)).format == "PNG"


@pytest.mark.engine
def test_a_syntax_error_exits_2_naming_the_line_and_writes_no_png(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(BROKEN)

    result = run_cli("render", "a.mmd", "-o", "a.png", cwd=tmp_path)

    assert result.returncode == 2
    stderr = result.stderr.decode()
    assert stderr.splitlines()[0].startswith("error: SYNTAX_ERROR: Parse error on line 3")
    assert " --> a.mmd:3:" in stderr and "  = help: " in stderr
    assert not (tmp_path / "a.png").exists()
