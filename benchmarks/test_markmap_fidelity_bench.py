"""Fidelity against markmap in Chromium, by feature (opt-in; see benchmarks/markmap_fidelity.py).

Skipped unless MERMAID_PRINTER_CORPUS and MERMAID_PRINTER_FIDELITY_TOOLS point at a corpus with
``markmap/`` and the fidelity tools. The benchmark times the whole corpus render once; the table
by feature is printed (run with ``-s``) and stored in the benchmark's ``extra_info``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from markmap_fidelity import CORPUS_ENV, TOOLS_ENV, run_markmap_fidelity

pytestmark = pytest.mark.skipif(
    not (os.environ.get(CORPUS_ENV) and os.environ.get(TOOLS_ENV)),
    reason=f"set {CORPUS_ENV} and {TOOLS_ENV} to run the mind-map fidelity benchmark",
)


def test_markmap_fidelity_by_feature(benchmark, tmp_path: Path) -> None:
    ids = os.environ.get("MERMAID_PRINTER_MARKMAP_IDS")
    run = benchmark.pedantic(
        run_markmap_fidelity,
        args=(Path(os.environ[CORPUS_ENV]), Path(os.environ[TOOLS_ENV]), tmp_path / "candidate"),
        kwargs={"ids": set(ids.split(",")) if ids else None},
        rounds=1,
        iterations=1,
    )
    benchmark.extra_info["match_pct"] = round(run.match_pct(), 1)
    benchmark.extra_info["failed"] = run.failed
    print()
    print(run.table())
