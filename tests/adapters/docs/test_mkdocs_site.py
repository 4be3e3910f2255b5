"""A real MkDocs site built with the plugin: pages carry the printed SVGs and no Mermaid script,
broken diagrams are warnings that strict mode turns into a failed build, rebuilds use the cache."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")

pytestmark = pytest.mark.engine

FLOW = "```mermaid\nflowchart LR\n  A[Start] --> B[Done]\n```\n"
BROKEN = "Intro line.\n\n```mermaid\nflowchart LR\n  A[Start --> B\n```\n"


def _site(tmp_path: Path, pages: dict[str, str], plugin: str = "  - mermaid-printer") -> Path:
    docs = tmp_path / "docs"
    docs.mkdir()
    for name, text in pages.items():
        (docs / name).write_text(text, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(f"site_name: Test\nplugins:\n{plugin}\n", encoding="utf-8")
    return tmp_path


def _build(site: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *flags], cwd=site, capture_output=True, text=True, timeout=300
    )


def test_every_mermaid_fence_becomes_an_inline_svg_and_no_script_is_published(tmp_path: Path) -> None:
    site = _site(tmp_path, {"index.md": "# Home\n\n" + FLOW, "other.md": "# Other\n\n" + FLOW.replace("Done", "End")})

    built = _build(site)

    assert built.returncode == 0, built.stderr
    for page in (site / "site" / "index.html", site / "site" / "other" / "index.html"):
        html = page.read_text(encoding="utf-8")
        assert '<div class="mermaid-printer"><svg' in html
        assert "```mermaid" not in html and "language-mermaid" not in html
        assert "mermaid.min.js" not in html and "mermaid.initialize" not in html
    assert "2 diagrams printed, 0 from the cache" in built.stderr


def test_a_rebuild_takes_its_diagrams_from_the_cache(tmp_path: Path) -> None:
    site = _site(tmp_path, {"index.md": FLOW})
    assert _build(site).returncode == 0

    again = _build(site)

    assert "1 diagrams printed, 1 from the cache" in again.stderr


def test_a_broken_diagram_is_a_warning_naming_the_page_and_line_and_fails_a_strict_build(tmp_path: Path) -> None:
    site = _site(tmp_path, {"index.md": BROKEN})

    relaxed = _build(site)
    strict = _build(site, "--strict")

    assert relaxed.returncode == 0
    assert "WARNING" in relaxed.stderr and "index.md:" in relaxed.stderr and "SYNTAX_ERROR" in relaxed.stderr
    assert strict.returncode != 0
    assert "A[Start --&gt; B" in (site / "site" / "index.html").read_text(encoding="utf-8")  # the source stays


def test_a_dark_theme_adds_a_dark_drawing_and_the_rule_that_picks_one(tmp_path: Path) -> None:
    site = _site(tmp_path, {"index.md": FLOW}, plugin="  - mermaid-printer:\n      dark_theme: dark")

    assert _build(site).returncode == 0

    html = (site / "site" / "index.html").read_text(encoding="utf-8")
    assert html.count("<svg") >= 2
    assert "mermaid-printer--light" in html and "mermaid-printer--dark" in html
    assert "[data-md-color-scheme=slate] .mermaid-printer--dark{display:block}" in html


def test_file_output_writes_svg_files_and_links_them_as_images(tmp_path: Path) -> None:
    site = _site(tmp_path, {"index.md": FLOW}, plugin="  - mermaid-printer:\n      output: file")

    assert _build(site).returncode == 0

    html = (site / "site" / "index.html").read_text(encoding="utf-8")
    (svg,) = (site / "site" / "assets" / "mermaid-printer").glob("*.svg")
    assert f'src="assets/mermaid-printer/{svg.name}"' in html
    assert svg.read_text(encoding="utf-8").startswith("<svg")
