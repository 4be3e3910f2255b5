"""``mermaid-printer markmap`` and the Python ``render_markmap``, with the real engine."""

from __future__ import annotations

from pathlib import Path

import pytest
from adapters.cli.cli_runs import run_cli

from mermaid_printer import markmap_structure, render_markmap
from mermaid_printer.errors import InvalidInput

NOTES = "# Trip\n## Pack\n- socks\n## Go\n"


@pytest.mark.engine
def test_markmap_writes_the_format_its_output_names(tmp_path: Path) -> None:
    source = tmp_path / "trip.md"
    source.write_text(NOTES)

    svg = run_cli("markmap", str(source))
    png = run_cli("markmap", str(source), "-o", str(tmp_path / "trip.png"), "--theme", "dark", "--font-size", "20")
    html = run_cli("markmap", "-", "--format", "html", stdin=NOTES)

    assert svg.returncode == 0, svg.stderr
    assert (tmp_path / "trip.svg").read_text().startswith("<svg") and "socks" in (tmp_path / "trip.svg").read_text()
    assert png.returncode == 0, png.stderr
    assert (tmp_path / "trip.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert html.returncode == 0 and html.stdout.startswith("<!DOCTYPE html>") and "socks" in html.stdout


def test_markmap_refuses_flags_of_another_format_and_bad_options(tmp_path: Path) -> None:
    source = tmp_path / "trip.md"
    source.write_text(NOTES)

    paper = run_cli("markmap", str(source), "--paper", "A4")
    zoom = run_cli("markmap", str(source), "--zoom", "maybe")
    colours = run_cli("markmap", str(source), "--color-scheme", "#fff,blue")
    width = run_cli("markmap", str(source), "--max-width", "-5")

    assert (paper.returncode, paper.stderr) == (2, "error: INVALID_INPUT: --paper applies to PDF output, not SVG\n")
    assert zoom.returncode == 2 and "--zoom takes true or false" in zoom.stderr
    # Named as the flag typed, not the request's field (it was "color_scheme", "options.max_width").
    assert colours.returncode == 2 and "INVALID_INPUT: --color-scheme: item 1 ('blue')" in colours.stderr
    assert width.returncode == 2 and width.stderr.startswith("error: INVALID_INPUT: --max-width: ")
    assert not (tmp_path / "trip.svg").exists()


def test_markmap_refuses_an_output_name_that_contradicts_or_hides_the_format(tmp_path: Path) -> None:
    source = tmp_path / "trip.md"
    source.write_text(NOTES)

    against = run_cli("markmap", str(source), "-o", str(tmp_path / "trip.pdf"), "--format", "html")
    unknown = run_cli("markmap", str(source), "-o", str(tmp_path / "trip.txt"))

    assert against.returncode == 2 and "trip.pdf is named as a PDF file but --format is html" in against.stderr
    assert unknown.returncode == 2 and "name the file .svg, .pdf, .png, .html, or give --format" in unknown.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == ["trip.md"]


@pytest.mark.engine
def test_python_api_draws_and_describes_a_mind_map() -> None:
    drawn = render_markmap(NOTES, theme="minimal", options={"maxWidth": 200})
    tree = markmap_structure(NOTES)

    assert drawn.format == "svg" and drawn.data.startswith(b"<svg")
    assert (drawn.node_count, drawn.max_depth) == (tree.node_count, tree.max_depth) == (4, 3)
    assert tree.headings_by_level == {"1": 1, "2": 2}
    with pytest.raises(InvalidInput):
        render_markmap(NOTES, theme="neon")
