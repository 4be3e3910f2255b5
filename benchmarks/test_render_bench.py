"""Render latency: cold start, warm render per core type (forked child), and the same render
in-process (no fork, no post-processing) to show where the time goes.

Reference points (FACTS.md, same machine kind): Mermaid in a prepared Chromium page renders the
real corpus at a 136 ms median; mmdc ~3 s per call; mermaidx ~2.4 s per render.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mermaid_printer import Printer, build_render_options
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"
CORE = ["class", "er", "flowchart", "gantt", "journey", "pie", "sequence", "state"]


@pytest.mark.benchmark(group="cold-start")
def test_cold_start_process_to_first_svg(benchmark) -> None:
    script = "import mermaid_printer; mermaid_printer.render_svg('flowchart LR\\n  A --> B')"
    benchmark.pedantic(lambda: subprocess.run([sys.executable, "-c", script], check=True), rounds=3, iterations=1)


@pytest.mark.benchmark(group="warm-render")
@pytest.mark.parametrize("name", CORE)
def test_warm_render_svg(benchmark, printer: Printer, name: str) -> None:
    options = build_render_options((DIAGRAMS / f"{name}.mmd").read_text())
    benchmark.pedantic(printer.render_svg, args=(options,), rounds=8, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="warm-render-no-fonts")
@pytest.mark.parametrize("name", CORE)
def test_warm_render_svg_without_font_embedding(benchmark, printer: Printer, name: str) -> None:
    options = build_render_options((DIAGRAMS / f"{name}.mmd").read_text(), embed_fonts=False)
    benchmark.pedantic(printer.render_svg, args=(options,), rounds=8, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="engine-only")
@pytest.mark.parametrize("name", CORE)
def test_engine_render_in_process(benchmark, engine: QuickJSEngine, name: str) -> None:
    payload = {"code": (DIAGRAMS / f"{name}.mmd").read_text(), "config": build_mermaid_config({}), "svgId": "bench"}
    benchmark.pedantic(engine.call, args=("render", payload), rounds=8, iterations=1, warmup_rounds=1)
