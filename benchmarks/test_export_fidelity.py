"""How close PDF and PNG come to Chromium drawing the same SVG (a report, never a gate).

Method: :mod:`export_fidelity` (Chromium screenshot of the product SVG vs our PNG at the same scale,
SSIM / mean absolute difference / share of visibly different pixels; and our PDF rasterized by
poppler vs our PNG). Needs Chromium (``$CHROMIUM`` or ``chromium`` on PATH) and, for the PDF
comparison, ``pdftoppm`` (poppler-utils); skips cleanly without them. Run::

    pytest benchmarks/test_export_fidelity.py --benchmark-only -s

Each test times our PNG conversion and records the comparison in the benchmark's
``extra_info`` (``--benchmark-json`` keeps it). Side-by-side images (Chromium | ours |
difference) go to ``$MERMAID_PRINTER_FIDELITY_DIR``, else a temporary directory (printed).
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import pytest
from export_fidelity import (
    SCALE,
    chromium_fonts_config,
    chromium_path,
    chromium_png,
    compare,
    on_white,
    pdf_page_png,
    side_by_side,
)
from PIL import Image

from mermaid_printer import Printer, build_render_options
from mermaid_printer.export.converter import load_svg
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"
CORE = ["class", "er", "flowchart", "gantt", "journey", "pie", "sequence", "state"]
#: More types and themes, small, to catch what the core fixtures do not use (nested <svg> icons,
#: rotated axis labels, dark themes, ...).
MORE = {
    "architecture": "architecture-beta\n group api(cloud)[API]\n service db(database)[Database] in api\n"
    " service server(server)[Server] in api\n db:L -- R:server",
    "mindmap": "mindmap\n root((mindmap))\n  Origins\n   Long history\n  Research",
    "gitgraph": "gitGraph\n commit\n branch dev\n commit\n checkout main\n merge dev",
    "c4": 'C4Context\n Person(a, "Alice")\n System(s, "Sys")\n Rel(a, s, "Uses")',
    "timeline": "timeline\n title T\n 2020 : a\n 2021 : b",
    "quadrant": "quadrantChart\n title Q\n x-axis Low --> High\n y-axis Low --> High\n A: [0.3, 0.6]",
    "xychart": 'xychart-beta\n title Sales\n x-axis [jan, feb, mar]\n y-axis "Revenue" 0 --> 10\n bar [1, 5, 7]',
    "block": "block-beta\n a b c",
    "kanban": "kanban\n Todo\n  [Task one]\n Done\n  [Task two]",
    "packet": 'packet-beta\n 0-15: "Source"\n 16-31: "Dest"',
    "sankey": "sankey-beta\n A,B,10\n A,C,5",
    "requirement": "requirementDiagram\n requirement r {\n id: 1\n text: t\n risk: high\n verifymethod: test\n }",
    "flowchart-dark": "%%{init: {'theme': 'dark'}}%%\nflowchart LR\n A[Dark] --> B{Theme}",
    "flowchart-forest": "%%{init: {'theme': 'forest'}}%%\nflowchart LR\n A[Forest] --> B((Circle))",
    "flowchart-markdown": 'flowchart TD\n A["`**bold** *it* normal`"] --> B["`The **very** long *label* that wraps`"]',
}
SOURCES = {**{name: (DIAGRAMS / f"{name}.mmd").read_text() for name in CORE}, **MORE}
#: Below this something is visibly wrong (a missing label, a black box); today's values: ~0.99.
SSIM_ALARM = 0.95


@pytest.fixture(scope="module")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium is not installed (set $CHROMIUM)")
    return path


@pytest.fixture(scope="module")
def fonts_conf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return chromium_fonts_config(tmp_path_factory.mktemp("chromium-fonts"))


@pytest.fixture(scope="module")
def out_dir() -> Path:
    configured = os.environ.get("MERMAID_PRINTER_FIDELITY_DIR")
    path = Path(configured) if configured else Path(tempfile.mkdtemp(prefix="mermaid-printer-fidelity-"))
    path.mkdir(parents=True, exist_ok=True)
    print(f"\nside-by-side images: {path}")
    return path


@pytest.mark.benchmark(group="export-fidelity")
@pytest.mark.parametrize("name", list(SOURCES))
def test_png_and_pdf_against_chromium(
    benchmark, printer: Printer, chromium: str, fonts_conf: Path, out_dir: Path, name: str
) -> None:
    svg = printer.render_svg(build_render_options(SOURCES[name])).svg
    loaded = load_svg(svg)
    reference = chromium_png(chromium, svg, loaded.width, loaded.height, fonts_conf)

    png = benchmark.pedantic(lambda: svg_to_png(svg, scale=SCALE), rounds=3, iterations=1)
    ours = on_white(Image.open(io.BytesIO(png.data)))
    against_chromium = compare(reference, ours)
    side_by_side(reference, ours, out_dir / f"{name}-chromium-vs-png.png")
    info = {
        "ssim_png_vs_chromium": round(against_chromium.ssim, 4),
        "mean_abs_diff_png_vs_chromium": round(against_chromium.mean_abs_diff, 2),
        "visibly_different_png_vs_chromium": round(against_chromium.visibly_different, 5),
    }
    pdf_page = pdf_page_png(svg_to_pdf(svg).data)
    if pdf_page is not None:
        pdf_vs_png = compare(ours, pdf_page)
        side_by_side(ours, pdf_page, out_dir / f"{name}-png-vs-pdf.png")
        info["ssim_pdf_vs_png"] = round(pdf_vs_png.ssim, 4)
    benchmark.extra_info.update(info)
    print(f"{name:18s} " + "  ".join(f"{key} {value}" for key, value in info.items()))
    assert against_chromium.ssim > SSIM_ALARM
