"""Throughput: the same batch of renders with one caller thread vs one per core.

Each render is its own forked process, so throughput should scale with cores until the
machine is saturated.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from mermaid_printer import Printer, build_render_options

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"
BATCH = [
    build_render_options((DIAGRAMS / f"{name}.mmd").read_text()) for name in ("pie", "gantt", "sequence", "journey")
] * 3


def _render_batch(printer: Printer, workers: int) -> None:
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(printer.render_svg, BATCH))


@pytest.mark.benchmark(group="throughput")
@pytest.mark.parametrize("workers", [1, os.cpu_count() or 1])
def test_batch_of_twelve_renders(benchmark, printer: Printer, workers: int) -> None:
    benchmark.pedantic(_render_batch, args=(printer, workers), rounds=3, iterations=1, warmup_rounds=1)
