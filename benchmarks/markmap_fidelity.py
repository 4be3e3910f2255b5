"""Fidelity against markmap in Chromium: render the mind-map corpus with the product, score it.

Opt-in, like ``benchmarks/fidelity.py``: it needs what a user's checkout does not have:

* a corpus laid out as ``<corpus>/markmap/index.json`` (``documents``: ``id``, ``features``),
  ``<corpus>/markmap/<id>.md`` and the reference drawings ``<corpus>/markmap/reference/<id>.svg``
  (markmap-lib + markmap-view 0.18.12 in Chromium: animation off, every node expanded, font
  ``300 16px/20px Arial``, images as alt text, viewBox = content bounds + 20 px);
* the fidelity tools (``<tools>/fidelity/score.py`` with its Python environment at
  ``<tools>/fidelity/.venv``), and the fonts the reference machine had: Debian's
  ``fonts-noto-cjk`` and ``fonts-noto-color-emoji`` (the reference SVGs embed no fonts; without
  them Chromium draws their CJK and emoji as empty boxes). Rasters are cached in the run's own
  folder (``<out>/raster-cache``): the scorer's shared cache is not keyed by the machine's fonts.

Run (either way)::

    MERMAID_PRINTER_CORPUS=../shared/corpus MERMAID_PRINTER_FIDELITY_TOOLS=/tmp/fidelity-tools \\
        pytest benchmarks/test_markmap_fidelity_bench.py --benchmark-only -s
    python benchmarks/markmap_fidelity.py --corpus ../shared/corpus --tools /tmp/fidelity-tools \\
        [--ids docs/001,docs/003] [--out /tmp/markmap-fidelity]

Every document is drawn through the renderer pool (a fresh process per document, the product's
SVG: sanitized, canonical, fonts embedded). The table gives MATCH % for all documents and by
the features the corpus index lists. The reference was made on a machine with Debian's Noto CJK
and Noto Color Emoji fonts, so CJK and emoji labels are judged like any other. Where a
reference page was read before markmap's transitions had run (labels still at ``opacity: 0``,
nodes where they entered: the reference is incomplete), the document is counted apart.
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

from mermaid_printer.errors import PrinterError
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.pool import RendererPool

CORPUS_ENV = "MERMAID_PRINTER_CORPUS"
TOOLS_ENV = "MERMAID_PRINTER_FIDELITY_TOOLS"
TIMEOUT_S = 300.0


@dataclass
class MarkmapFidelityRun:
    """What one run produced: where the SVGs went, and the scorer's per-document rows."""

    out_dir: Path
    rendered: int = 0
    failed: dict[str, str] = field(default_factory=dict)  # id -> "CODE: message"
    render_seconds: float = 0.0
    seconds_by_id: dict[str, float] = field(default_factory=dict)
    rows: dict[str, dict] = field(default_factory=dict)  # id -> scorer row + "features"

    def match_pct(self, ids: list[str] | None = None) -> float:
        """MATCH % over ``ids`` (all documents by default)."""
        chosen = list(self.rows) if ids is None else ids
        if not chosen:
            return 0.0
        return 100 * sum(self.rows[i].get("verdict") == "MATCH" for i in chosen) / len(chosen)

    def judged(self) -> list[str]:
        """The documents the reference drew completely."""
        return [i for i in sorted(self.rows) if not self.rows[i]["reference_incomplete"]]

    def table(self) -> str:
        """MATCH % for all documents, for those the reference drew fully (the judged ones), and
        by feature."""

        def line(label: str, ids: list[str]) -> str:
            verdicts = collections.Counter(self.rows[i].get("verdict") for i in ids)
            return (
                f"{label:38s} {len(ids):4d} {self.match_pct(ids):7.1f} "
                f"{verdicts['MATCH']:5d} {verdicts['CLOSE']:5d} {verdicts['DIFF']:5d} {verdicts['FAIL']:5d}"
            )

        everything = sorted(self.rows)
        judged = self.judged()
        lines = [f"{'documents':38s} {'n':>4s} {'match%':>7s} {'MATCH':>5s} {'CLOSE':>5s} {'DIFF':>5s} {'FAIL':>5s}"]
        lines.append(line("all", everything))
        lines.append(line("reference incomplete", [i for i in everything if self.rows[i]["reference_incomplete"]]))
        lines.append(line("judged (reference complete)", judged))
        by_feature: dict[str, list[str]] = collections.defaultdict(list)
        for doc_id in everything:
            for feature in self.rows[doc_id]["features"]:
                by_feature[feature].append(doc_id)
        lines.append("by feature (all, then judged):")
        for feature, ids in sorted(by_feature.items(), key=lambda kv: -len(kv[1])):
            lines.append(line(f"  {feature}", ids))
            kept = [i for i in ids if i in judged]
            if kept:
                lines.append(line(f"  {feature} (judged)", kept))
        return "\n".join(lines)


def documents(corpus: Path, ids: set[str] | None) -> list[dict]:
    """The corpus index entries, optionally only some ids."""
    index = json.loads((corpus / "markmap" / "index.json").read_text(encoding="utf-8"))["documents"]
    return [d for d in index if ids is None or d["id"] in ids]


def render_corpus(corpus: Path, items: list[dict], run: MarkmapFidelityRun) -> None:
    """Draw every document to ``out_dir/<id>.svg`` through the pool, two at a time."""

    def one(pool: RendererPool, item: dict) -> tuple[str, str | None, float]:
        markdown = (corpus / "markmap" / f"{item['id']}.md").read_text(encoding="utf-8")
        started = time.perf_counter()
        try:
            result = pool.run(
                MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=int(TIMEOUT_S * 1000)), timeout_s=TIMEOUT_S
            )
        except PrinterError as exc:
            return item["id"], f"{exc.code}: {str(exc).splitlines()[0][:160]}", time.perf_counter() - started
        destination = run.out_dir / f"{item['id']}.svg"
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(result.data)
        return item["id"], None, time.perf_counter() - started

    started = time.perf_counter()
    with (
        RendererPool() as pool,
        concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as threads,
    ):
        pool.start()
        for doc_id, error, seconds in threads.map(lambda item: one(pool, item), items):
            run.seconds_by_id[doc_id] = round(seconds, 3)
            if error is None:
                run.rendered += 1
            else:
                run.failed[doc_id] = error
    run.render_seconds = time.perf_counter() - started


def score(tools: Path, corpus: Path, items: list[dict], run: MarkmapFidelityRun) -> None:
    """Run the scorer on the drawings and fill ``run.rows``."""
    python = tools / "fidelity" / ".venv" / "bin" / "python"
    ids_file = run.out_dir / "ids.json"
    ids_file.write_text(json.dumps({"documents": items}), encoding="utf-8")
    report = run.out_dir / "fidelity.json"
    subprocess.run(
        [str(python), str(tools / "fidelity" / "score.py"), "--candidate", str(run.out_dir),
         "--reference", str(corpus / "markmap" / "reference"), "--ids-from", str(ids_file),
         "--out", str(report), "--quiet", "--cache", str(run.out_dir / "raster-cache")],
        check=True,
    )  # fmt: skip
    rows = json.loads(report.read_text(encoding="utf-8"))["diagrams"]
    features = {item["id"]: item.get("features", []) for item in items}
    references = corpus / "markmap" / "reference"
    run.rows = {
        doc_id: {
            **row,
            "features": features.get(doc_id, []),
            "reference_incomplete": reference_incomplete(references / f"{doc_id}.svg"),
        }
        for doc_id, row in rows.items()
    }


def reference_incomplete(reference: Path) -> bool:
    """Whether the reference was read before markmap's transitions ran (labels at opacity 0)."""
    if not reference.is_file():
        return False
    return 'class="markmap-foreign" x="8" y="0" style="opacity: 0;"' in reference.read_text(encoding="utf-8")


def run_markmap_fidelity(
    corpus: Path, tools: Path, out_dir: Path, ids: set[str] | None = None, *, render: bool = True
) -> MarkmapFidelityRun:
    """Render (unless ``render`` is false: the drawings of a run before are scored again) and
    score; returns the run (its ``table()`` is the table by feature)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    run = MarkmapFidelityRun(out_dir=out_dir)
    items = documents(corpus, ids)
    if render:
        render_corpus(corpus, items, run)
    score(tools, corpus, items, run)
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=os.environ.get(CORPUS_ENV))
    parser.add_argument("--tools", type=Path, default=os.environ.get(TOOLS_ENV))
    parser.add_argument("--out", type=Path, default=Path("/tmp/markmap-fidelity"))
    parser.add_argument("--ids", help="comma-separated document ids (default: all)")
    parser.add_argument("--score-only", action="store_true", help="score the drawings already in --out")
    args = parser.parse_args()
    if not args.corpus or not args.tools:
        parser.error(f"give --corpus and --tools (or set {CORPUS_ENV} and {TOOLS_ENV})")
    ids = set(args.ids.split(",")) if args.ids else None
    run = run_markmap_fidelity(args.corpus, args.tools, args.out, ids, render=not args.score_only)
    print(run.table())
    print(
        f"rendered {run.rendered}, failed {len(run.failed)} in {run.render_seconds:.0f} s; report: {args.out / 'fidelity.json'}"
    )
    for doc_id, error in sorted(run.failed.items()):
        print(f"  {doc_id}: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
