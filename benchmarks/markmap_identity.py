"""Fingerprint what the markmap handlers make of a set of documents, to prove a change output-neutral.

For every Markdown document of the markmap corpus (``<corpus>/markmap/index.json``), of
``tests/fixtures/markmap/*.md`` and a few generated outlines (the benchmarks' documents), it
records the SHA-256 of the SVG the worker's render handler makes and of the structure handler's
whole result (tree included, as sorted JSON), or the error code when the printer refuses the
document. Two runs, before and after a change, compared with ``--compare``, show whether any byte
changed. Everything runs in one engine in this process (no pool), one document after another:
state a change might leave behind in the engine (a cache) is carried from document to document,
which is stricter than the product's fresh child per request.

Usage::

    python benchmarks/markmap_identity.py --corpus ../shared/corpus --out /tmp/before.json
    python benchmarks/markmap_identity.py --corpus ../shared/corpus --out /tmp/after.json
    python benchmarks/markmap_identity.py --compare /tmp/before.json /tmp/after.json

Set ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off`` to load the bundles exactly as shipped. ``--frozen``
freezes the engine's heap after its warm-up, as the pool's warm process does before it forks
(``QuickJSEngine.freeze_heap``), and renders everything after that in the frozen engine: compare
a run with it against one without.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import time
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "markmap"
#: Generated outlines (``test_markmap_bench.outline``) of these many nodes.
OUTLINES = (10, 100, 1000)


def documents(corpus: Path | None) -> dict[str, str]:
    """``{id: markdown}``: the corpus's documents, the fixtures, the generated outlines."""
    from support import outline

    docs: dict[str, str] = {}
    if corpus is not None:
        index = json.loads((corpus / "markmap" / "index.json").read_text(encoding="utf-8"))
        for entry in index["documents"]:
            docs[entry["id"]] = (corpus / "markmap" / f"{entry['id']}.md").read_text(encoding="utf-8")
    for path in sorted(FIXTURES.glob("*.md")):
        docs[f"fixtures/{path.stem}"] = path.read_text(encoding="utf-8")
    for nodes in OUTLINES:
        docs[f"outline/{nodes}"] = outline(nodes)
    return docs


def digest(docs: dict[str, str], *, frozen: bool = False) -> dict[str, dict[str, str]]:
    """``{id: {"svg": "sha256:…" | "error:CODE", "structure": …}}``, from an engine whose heap
    is ``frozen`` after its warm-up or not."""
    from mermaid_printer.bundles.markmap import handlers as worker
    from mermaid_printer.bundles.markmap.bundle import markmap_bundle
    from mermaid_printer.engine.quickjs_engine import QuickJSEngine
    from mermaid_printer.errors import PrinterError
    from mermaid_printer.jobs import MarkmapRenderJob, MarkmapStructureJob

    engine = QuickJSEngine(markmap_bundle())
    worker.warm_up(engine)
    if frozen and engine.freeze_heap() is None:
        raise SystemExit("this engine's module cannot freeze its heap (the quickjs-ng wheel's)")
    out: dict[str, dict[str, str]] = {}
    for doc_id, markdown in docs.items():
        row: dict[str, str] = {}
        try:
            job = MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0)
            row["svg"] = _sha(worker.render(engine, job).data)
        except PrinterError as exc:
            row["svg"] = f"error:{exc.code}"
        try:
            sjob = MarkmapStructureJob(markdown=markdown, options={}, timeout_ms=0, include_tree=True)
            result = worker.structure(engine, sjob)
            row["structure"] = _sha(json.dumps(dataclasses.asdict(result), sort_keys=True).encode("utf-8"))
        except PrinterError as exc:
            row["structure"] = f"error:{exc.code}"
        out[doc_id] = row
    return out


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    """Print the documents whose fingerprints differ; 0 when every one is identical."""
    a, b = before["documents"], after["documents"]
    differ = [doc for doc in sorted(set(a) | set(b)) if a.get(doc) != b.get(doc)]
    for doc in differ:
        print(f"differs: {doc}: {a.get(doc)} -> {b.get(doc)}")
    same = len(set(a) | set(b)) - len(differ)
    print(f"{same}/{len(set(a) | set(b))} documents identical (SVG and structure)")
    return 1 if differ else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="the shared corpus (holding markmap/index.json)")
    parser.add_argument("--out", type=Path, help="write the fingerprints here (JSON)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--frozen", action="store_true", help="freeze the engine's heap after its warm-up")
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(p.read_text(encoding="utf-8")) for p in args.compare)
        return compare(before, after)
    if args.out is None:
        parser.error("--out is required (or --compare)")
    started = time.perf_counter()
    result = digest(documents(args.corpus), frozen=args.frozen)
    data = {"seconds": round(time.perf_counter() - started, 1), "documents": result}
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(result)} documents fingerprinted in {data['seconds']} s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
