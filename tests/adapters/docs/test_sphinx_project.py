"""A real Sphinx project with the extension: HTML pages carry the SVGs, LaTeX builds include PDFs,
broken diagrams are warnings that ``-W`` turns into a failed build."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("sphinx")

pytestmark = pytest.mark.engine

CONF = 'project = "Test"\nextensions = ["mermaid_printer.adapters.docs.sphinx"]\n'
PAGE = """Home
====

.. mermaid::
   :caption: The flow
   :align: center

   flowchart LR
     A[Start] --> B[Done]

.. mermaid:: flow.mmd
"""


def _project(tmp_path: Path, page: str = PAGE) -> Path:
    (tmp_path / "conf.py").write_text(CONF, encoding="utf-8")
    (tmp_path / "index.rst").write_text(page, encoding="utf-8")
    (tmp_path / "flow.mmd").write_text("sequenceDiagram\n  Alice->>Bob: Hi\n", encoding="utf-8")
    return tmp_path


def _build(project: Path, builder: str, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", builder, *flags, str(project), str(project / "_build" / builder)],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_an_html_build_inlines_each_diagram_as_svg_without_any_mermaid_script(tmp_path: Path) -> None:
    project = _project(tmp_path)

    built = _build(project, "html")

    assert built.returncode == 0, built.stderr
    html = (project / "_build" / "html" / "index.html").read_text(encoding="utf-8")
    assert html.count('<div class="mermaid-printer"><svg') == 2
    assert "The flow" in html
    assert "mermaid.min.js" not in html and "mermaid.initialize" not in html


def test_a_latex_build_includes_a_pdf_for_each_diagram(tmp_path: Path) -> None:
    project = _project(tmp_path)

    built = _build(project, "latex")

    assert built.returncode == 0, built.stderr
    pdfs = sorted((project / "_build" / "latex" / "_mermaid").glob("*.pdf"))
    assert len(pdfs) == 2 and all(pdf.read_bytes().startswith(b"%PDF") for pdf in pdfs)
    tex = next((project / "_build" / "latex").glob("*.tex")).read_text(encoding="utf-8")
    assert all(f"_mermaid/{pdf.name}" in tex for pdf in pdfs)


def test_a_parallel_build_prints_the_same_pages(tmp_path: Path) -> None:
    project = _project(tmp_path)

    built = _build(project, "html", "-j", "2")

    assert built.returncode == 0, built.stderr
    assert (project / "_build" / "html" / "index.html").read_text(encoding="utf-8").count("<svg") >= 2


def test_a_broken_diagram_warns_with_its_line_and_fails_a_build_that_treats_warnings_as_errors(tmp_path: Path) -> None:
    project = _project(tmp_path, "Home\n====\n\n.. mermaid::\n\n   flowchart LR\n     A[Start --> B\n")

    relaxed = _build(project, "html")
    strict = _build(project, "html", "-W", "-E")  # -E: read every page again, so its warnings come again

    assert relaxed.returncode == 0
    assert "index.rst:" in relaxed.stderr and "SYNTAX_ERROR" in relaxed.stderr
    assert strict.returncode != 0
