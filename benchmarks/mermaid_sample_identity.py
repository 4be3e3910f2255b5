"""Prove a change of the shared shim output-neutral for Mermaid on a sample of the corpus.

A dev tool: the Mermaid bundle is loaded twice in this process, once with the package's
JavaScript (``src/mermaid_printer/bundles/js``: the shim, Mermaid's glue) as it is in ``--base``
(default ``HEAD``) and once as it is on disk (``markmap_compare.bundle_at``); vendored files and
the Python are the same for both. The first ``--per-type`` diagrams of every type of
``<corpus>/mermaid/index.json`` (in index order) are rendered by both through the worker's
``render_svg`` and the SVGs (or error codes) compared byte for byte; the differing ids are
printed. Exit status 1 when any differs.

Usage::

    python benchmarks/mermaid_sample_identity.py --corpus ../shared/corpus --per-type 6
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mermaid_compare import engines_at, rendered


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--base", default="HEAD")
    parser.add_argument("--per-type", type=int, default=6)
    args = parser.parse_args(argv)
    index = json.loads((args.corpus / "mermaid" / "index.json").read_text(encoding="utf-8"))
    sample: dict[str, list[str]] = {}
    for entry in index["diagrams"]:
        ids = sample.setdefault(entry["type"], [])
        if len(ids) < args.per_type:
            ids.append(entry["id"])
    engines = engines_at(args.base)
    differ = []
    total = 0
    started = time.perf_counter()
    for kind, ids in sample.items():
        for doc_id in ids:
            code = (args.corpus / "mermaid" / f"{doc_id}.mmd").read_text(encoding="utf-8")
            out = {name: rendered(engine, code, f"mermaid-{total + 1:012x}") for name, engine in engines.items()}
            total += 1
            if out["old"] != out["new"]:
                differ.append(doc_id)
                print(f"differs: {doc_id} ({kind})")
    print(
        f"{total - len(differ)}/{total} Mermaid diagrams identical ({len(sample)} types, "
        f"up to {args.per_type} each; {time.perf_counter() - started:.0f} s)"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
