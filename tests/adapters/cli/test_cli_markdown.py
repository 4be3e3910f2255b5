"""``mermaid-printer markdown``: Markdown in, Markdown out, run as a subprocess with the real engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from adapters.cli.cli_runs import run_cli

GUIDE = """# Guide

```mermaid
flowchart LR
  A[Ask] --> B[Answer]
```

Between the diagrams.

```mermaid
flowchart TD
  A --> --> B
```
"""


@pytest.mark.engine
def test_markdown_draws_every_block_keeps_a_broken_one_and_reports_it(tmp_path: Path) -> None:
    source = tmp_path / "guide.md"
    source.write_text(GUIDE)

    result = run_cli("markdown", str(source), "-o", str(tmp_path / "out" / "guide.md"))

    assert result.returncode == 2  # a block was wrong: the input's fault
    assert result.stderr.count("\n") == 1, result.stderr
    # One line: where and what is wrong in plain words, and the hint, not Mermaid's caret picture
    # (it printed "... ----------------------^ Expecting 'AMP', ..." on one line).
    assert result.stderr.startswith(
        f"error: {source}#2 (line 12): SYNTAX_ERROR: Parse error on line 2, column 9: two arrows follow each other"
    ), result.stderr
    assert "^" not in result.stderr and "Hint: A link joins two nodes" in result.stderr
    document = (tmp_path / "out" / "guide.md").read_text()
    assert "not rendered: SYNTAX_ERROR: Parse error on line 2, column 9: two arrows follow each other" in document
    image = tmp_path / "out" / "guide-1.svg"
    assert image.read_bytes().startswith(b"<svg") and b"flowchart-v2" in image.read_bytes()
    assert "](guide-1.svg)" in document and "<details>" in document
    assert "flowchart TD\n  A --> --> B" in document  # the broken block is kept as written
    assert not (tmp_path / "out" / "guide-2.svg").exists()
    assert source.read_text() == GUIDE


@pytest.mark.engine
def test_markdown_png_images_and_default_output_name(tmp_path: Path) -> None:
    source = tmp_path / "notes.md"
    source.write_text(GUIDE.split("Between")[0])

    result = run_cli("markdown", str(source), "--format", "png", "--theme", "dark")

    assert result.returncode == 0, result.stderr
    assert (tmp_path / "notes-rendered-1.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "](notes-rendered-1.png)" in (tmp_path / "notes.rendered.md").read_text()


def test_markdown_refuses_to_overwrite_its_input(tmp_path: Path) -> None:
    source = tmp_path / "guide.md"
    source.write_text(GUIDE)

    result = run_cli("markdown", str(source), "-o", str(source))

    assert result.returncode == 2
    assert result.stderr.startswith("error: INVALID_INPUT: the output would overwrite the input")
    assert source.read_text() == GUIDE


def test_markdown_names_a_missing_input(tmp_path: Path) -> None:
    result = run_cli("markdown", str(tmp_path / "absent.md"))

    assert result.returncode == 2
    assert "absent.md" in result.stderr and "Traceback" not in result.stderr
