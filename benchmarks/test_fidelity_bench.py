"""Fidelity against Mermaid in Chromium, per diagram type (opt-in; see benchmarks/fidelity.py).

Skipped unless MERMAID_PRINTER_CORPUS and MERMAID_PRINTER_FIDELITY_TOOLS point at a reference
corpus and the fidelity tools. The benchmark times the whole corpus render once; the per-type
table is printed (run with ``-s``) and stored in the benchmark's ``extra_info``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fidelity import CORPUS_ENV, TOOLS_ENV, run_fidelity

pytestmark = pytest.mark.skipif(
    not (os.environ.get(CORPUS_ENV) and os.environ.get(TOOLS_ENV)),
    reason=f"set {CORPUS_ENV} and {TOOLS_ENV} to run the fidelity benchmark",
)


def test_fidelity_per_type(benchmark, tmp_path: Path) -> None:
    types = os.environ.get("MERMAID_PRINTER_FIDELITY_TYPES")
    run = benchmark.pedantic(
        run_fidelity,
        args=(Path(os.environ[CORPUS_ENV]), Path(os.environ[TOOLS_ENV]), tmp_path / "candidate"),
        kwargs={"types": set(types.split(",")) if types else None},
        rounds=1,
        iterations=1,
    )
    benchmark.extra_info["match_pct_by_type"] = {k: round(v["match_pct"], 1) for k, v in run.by_type.items()}
    benchmark.extra_info["failed"] = run.failed
    print()
    print(run.table())
