"""Fidelity against Mermaid in Chromium: render a reference corpus with the product, score it.

The per-type table in issue notes comes from here. It needs two things a user's checkout does
not have, so it is opt-in:

* a corpus laid out as ``<corpus>/mermaid/index.json``, ``<corpus>/mermaid/<id>.mmd`` and the
  reference renders ``<corpus>/reference/<id>.svg`` (made by the official mermaid-cli in
  Chromium with ``htmlLabels: false``, ``deterministicIds``, ``handDrawnSeed: 1``);
* the fidelity tools: ``<tools>/fidelity/score.py`` and its ``ref/`` renderer set up as their
  README says (Chromium, Node.js, the pinned mermaid-cli; ``ref/setup.sh``), with the scorer's
  Python environment at ``<tools>/fidelity/.venv``.

Run (either way)::

    MERMAID_PRINTER_CORPUS=../shared/corpus MERMAID_PRINTER_FIDELITY_TOOLS=/tmp/fidelity-tools \\
        pytest benchmarks/test_fidelity_bench.py --benchmark-only -s
    python benchmarks/fidelity.py --corpus ../shared/corpus --tools /tmp/fidelity-tools \\
        [--types flowchart,pie] [--out /tmp/fidelity-run]

The scorer rasterizes both SVGs in the same Chromium with the same fonts and calls a diagram a
MATCH when its size is within 3%, SSIM >= 0.90, every label is present and text boxes are within
3% (see the tools' README). Rendering uses the product's default options (fonts embedded).
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from mermaid_printer import Printer
from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.requests import build_render_options

CORPUS_ENV = "MERMAID_PRINTER_CORPUS"
TOOLS_ENV = "MERMAID_PRINTER_FIDELITY_TOOLS"


@dataclass
class FidelityRun:
    """What one run produced: where the SVGs went and the scorer's per-type results."""

    out_dir: Path
    rendered: int = 0
    failed: dict[str, str] = field(default_factory=dict)  # id -> "CODE: message"
    render_seconds: float = 0.0
    by_type: dict[str, dict[str, float]] = field(default_factory=dict)

    def table(self) -> str:
        """The per-type table: diagrams, product renders, reference renders, MATCH %."""
        lines = [f"{'type':20s} {'n':>4s} {'ok':>4s} {'ref ok':>6s} {'match%':>7s}"]
        total = collections.Counter()
        for name, row in sorted(self.by_type.items(), key=lambda kv: -kv[1]["n"]):
            lines.append(f"{name:20s} {row['n']:4d} {row['ok']:4d} {row['ref_ok']:6d} {row['match_pct']:7.1f}")
            for key in ("n", "ok", "ref_ok", "match"):
                total[key] += row[key]
        if total["n"]:
            lines.append(
                f"{'ALL':20s} {total['n']:4d} {total['ok']:4d} {total['ref_ok']:6d} "
                f"{100 * total['match'] / total['n']:7.1f}"
            )
        return "\n".join(lines)


def corpus_items(corpus: Path, types: set[str] | None) -> list[dict]:
    """The corpus index entries (``{"id", "type", ...}``), optionally only some types."""
    index = json.loads((corpus / "mermaid" / "index.json").read_text(encoding="utf-8"))["diagrams"]
    return [d for d in index if types is None or d["type"] in types]


def render_corpus(printer: Printer, corpus: Path, items: list[dict], out_dir: Path, run: FidelityRun) -> None:
    """Render every item to ``out_dir/<id>.svg`` with two caller threads (one per core here)."""

    def one(item: dict) -> tuple[str, str | None]:
        code = (corpus / "mermaid" / f"{item['id']}.mmd").read_text(encoding="utf-8")
        try:
            result = printer.render_svg(build_render_options(code))
        except PrinterError as exc:
            return item["id"], f"{exc.code}: {str(exc).splitlines()[0][:160]}"
        destination = out_dir / f"{item['id']}.svg"
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_text(result.svg, encoding="utf-8")
        return item["id"], None

    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        for diagram_id, error in pool.map(one, items):
            if error is None:
                run.rendered += 1
            else:
                run.failed[diagram_id] = error
    run.render_seconds = time.perf_counter() - started


def score(tools: Path, corpus: Path, items: list[dict], run: FidelityRun) -> None:
    """Run the scorer on the rendered SVGs and fill ``run.by_type``."""
    python = tools / "fidelity" / ".venv" / "bin" / "python"
    ids_file = run.out_dir / "ids.json"
    ids_file.write_text(json.dumps({"diagrams": items}), encoding="utf-8")
    report = run.out_dir / "fidelity.json"
    subprocess.run(
        [str(python), str(tools / "fidelity" / "score.py"), "--candidate", str(run.out_dir),
         "--reference", str(corpus / "reference"), "--ids-from", str(ids_file),
         "--out", str(report), "--quiet"],
        check=True,
    )  # fmt: skip
    diagrams = json.loads(report.read_text(encoding="utf-8"))["diagrams"]
    by_type: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for row in diagrams.values():
        counts = by_type[row["type"]]
        counts["n"] += 1
        counts["ok"] += bool(row.get("cand_present"))
        counts["ref_ok"] += bool(row.get("ref_ok"))
        counts["match"] += row.get("verdict") == "MATCH"
    run.by_type = {
        name: {**counts, "match_pct": 100 * counts["match"] / counts["n"]} for name, counts in by_type.items()
    }


def run_fidelity(corpus: Path, tools: Path, out_dir: Path, types: set[str] | None = None) -> FidelityRun:
    """Render and score; returns the run (its ``table()`` is the per-type table)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    run = FidelityRun(out_dir=out_dir)
    items = corpus_items(corpus, types)
    with Printer() as printer:
        printer.start()
        render_corpus(printer, corpus, items, out_dir, run)
    score(tools, corpus, items, run)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=os.environ.get(CORPUS_ENV))
    parser.add_argument("--tools", type=Path, default=os.environ.get(TOOLS_ENV))
    parser.add_argument("--types", help="comma-separated diagram types (default: all)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/mermaid-printer-fidelity"))
    args = parser.parse_args(argv)
    if not args.corpus or not args.tools:
        parser.error(f"give --corpus and --tools (or set {CORPUS_ENV} and {TOOLS_ENV})")
    run = run_fidelity(args.corpus, args.tools, args.out, set(args.types.split(",")) if args.types else None)
    print(run.table())
    for diagram_id, error in sorted(run.failed.items()):
        print(f"failed {diagram_id}: {error}")
    print(f"rendered {run.rendered} in {run.render_seconds:.0f} s; report: {args.out / 'fidelity.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
