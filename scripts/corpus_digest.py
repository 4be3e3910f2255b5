"""Fingerprint every artifact the printer makes of a corpus, to prove a change output-neutral.

Renders each diagram of ``<corpus>/mermaid/index.json`` to SVG, PDF and PNG, and each document of
``<corpus>/markmap/index.json`` (where the corpus has one) to a mind map in the same formats and
HTML, with the product's public API, and records the SHA-256 of each artifact (or the error code
when the printer refuses the input); mind maps are listed under ``markmap:<id>``. Two runs, before and after a change, compared with ``--compare``, show whether any
byte changed. Used for refactors, load-time bundle transforms and alternative engines.

Usage::

    python scripts/corpus_digest.py --corpus ../shared/corpus --out /tmp/before.json
    python scripts/corpus_digest.py --corpus ../shared/corpus --out /tmp/after.json
    python scripts/corpus_digest.py --compare /tmp/before.json /tmp/after.json

``--formats svg`` limits the formats, ``--types pie,flowchart`` the diagram types, ``--jobs``
the renders in flight (default: the CPU count). For a quicker check, ``--per-type 5`` takes the
first five diagrams of each type (about 150) and ``--export-sample 20`` renders PDF and PNG for
only every n-th of those, 20 in all (SVG for every one).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FORMATS = ("svg", "pdf", "png")
#: The mind-map formats fingerprinted beside each Mermaid format asked for.
MARKMAP_FORMATS = {"svg": ("svg", "html"), "pdf": ("pdf",), "png": ("png",)}


def _renderers() -> dict[str, Callable[[str], bytes]]:
    import mermaid_printer as mp

    return {
        "svg": lambda code: mp.render_svg(code).svg.encode("utf-8"),
        "pdf": lambda code: mp.render_pdf(code).pdf,
        "png": lambda code: mp.render_png(code).png,
    }


def select_diagrams(index: dict[str, Any], types: set[str] | None, per_type: int | None = None) -> list[dict[str, Any]]:
    """The index entries to render: of the given types, at most ``per_type`` of each (in order)."""
    taken: dict[str, int] = {}
    chosen = []
    for entry in index["diagrams"]:
        if types is not None and entry["type"] not in types:
            continue
        if per_type is not None and taken.get(entry["type"], 0) >= per_type:
            continue
        taken[entry["type"]] = taken.get(entry["type"], 0) + 1
        chosen.append(entry)
    return chosen


def digest_corpus(
    corpus: Path,
    formats: list[str],
    types: set[str] | None,
    jobs: int,
    per_type: int | None = None,
    export_sample: int | None = None,
    ids: set[str] | None = None,
) -> dict[str, Any]:
    """``{"<id>": {"svg": "sha256:…" | "error:CODE", …}}`` for every diagram of the corpus."""
    from mermaid_printer.errors import PrinterError

    index = json.loads((corpus / "mermaid" / "index.json").read_text(encoding="utf-8"))
    diagrams = select_diagrams(index, types, per_type)
    if ids is not None:
        diagrams = [entry for entry in diagrams if entry["id"] in ids]
    exported: set[str] | None = None
    if export_sample is not None:
        step = max(1, len(diagrams) // max(1, export_sample))
        exported = {d["id"] for d in diagrams[::step][:export_sample]}
    renderers = _renderers()

    def one(entry: dict[str, Any]) -> tuple[str, dict[str, str]]:
        code = (corpus / "mermaid" / f"{entry['id']}.mmd").read_text(encoding="utf-8")
        row: dict[str, str] = {}
        for name in formats:
            if name != "svg" and exported is not None and entry["id"] not in exported:
                continue
            try:
                row[name] = "sha256:" + hashlib.sha256(renderers[name](code)).hexdigest()
            except PrinterError as exc:
                row[name] = f"error:{exc.code}"
        return entry["id"], row

    markmap_index = corpus / "markmap" / "index.json"
    documents = (
        []
        if types is not None or not markmap_index.exists()
        else json.loads(markmap_index.read_text(encoding="utf-8"))["documents"]
    )
    if ids is not None:
        documents = [entry for entry in documents if f"markmap:{entry['id']}" in ids]
    markmap_formats = [name for wanted in formats for name in MARKMAP_FORMATS[wanted]]

    def one_document(entry: dict[str, Any]) -> tuple[str, dict[str, str]]:
        import mermaid_printer as mp

        markdown = (corpus / "markmap" / f"{entry['id']}.md").read_text(encoding="utf-8")
        row: dict[str, str] = {}
        for name in markmap_formats:
            try:
                row[name] = "sha256:" + hashlib.sha256(mp.render_markmap(markdown, format=name).data).hexdigest()
            except PrinterError as exc:
                row[name] = f"error:{exc.code}"
        return f"markmap:{entry['id']}", row

    results: dict[str, dict[str, str]] = {}
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for done, (diagram_id, row) in enumerate(pool.map(one, diagrams), start=1):
            results[diagram_id] = row
            if sys.stderr.isatty() or done % 50 == 0 or done == len(diagrams):
                print(f"\r{done}/{len(diagrams)} diagrams, {time.monotonic() - started:.0f} s", end="", file=sys.stderr)
        for done, (document_id, row) in enumerate(pool.map(one_document, documents), start=1):
            results[document_id] = row
            if sys.stderr.isatty() or done % 50 == 0 or done == len(documents):
                print(
                    f"\r{done}/{len(documents)} mind maps, {time.monotonic() - started:.0f} s", end="", file=sys.stderr
                )
    print(file=sys.stderr)
    return {"formats": formats, "diagrams": dict(sorted(results.items()))}


def compare(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Every (id, format) whose fingerprint differs, or that only one run has."""
    differences = []
    for diagram_id in sorted(set(before["diagrams"]) | set(after["diagrams"])):
        old = before["diagrams"].get(diagram_id, {})
        new = after["diagrams"].get(diagram_id, {})
        for name in sorted(set(old) | set(new)):
            if old.get(name) != new.get(name):
                differences.append(f"{diagram_id} {name}: {old.get(name)} -> {new.get(name)}")
    return differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", type=Path, help="folder holding mermaid/index.json")
    parser.add_argument("--out", type=Path, help="where to write the fingerprints (JSON)")
    parser.add_argument("--formats", default=",".join(FORMATS), help="comma-separated: svg,pdf,png")
    parser.add_argument("--types", help="comma-separated diagram types (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--per-type", type=int, help="at most this many diagrams of each type")
    parser.add_argument("--export-sample", type=int, help="PDF and PNG for only this many diagrams")
    parser.add_argument("--ids", help="comma-separated ids to render (markmap:<id> for mind maps), e.g. to retry")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        before, after = (json.loads(path.read_text(encoding="utf-8")) for path in args.compare)
        differences = compare(before, after)
        counted = sum(len(row) for row in after["diagrams"].values())
        for line in differences:
            print(line)
        print(f"{len(differences)} of {counted} artifacts differ")
        return 1 if differences else 0
    if args.corpus is None or args.out is None:
        parser.error("--corpus and --out are required (or --compare BEFORE AFTER)")
    formats = [name.strip() for name in args.formats.split(",") if name.strip()]
    unknown = [name for name in formats if name not in FORMATS]
    if unknown:
        parser.error(f"unknown format(s): {', '.join(unknown)}")
    types = {name.strip() for name in args.types.split(",")} if args.types else None
    ids = {name.strip() for name in args.ids.split(",")} if args.ids else None
    digests = digest_corpus(args.corpus, formats, types, args.jobs, args.per_type, args.export_sample, ids)
    args.out.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    errors = sum(value.startswith("error:") for row in digests["diagrams"].values() for value in row.values())
    print(f"{len(digests['diagrams'])} diagrams, {errors} refused artifacts -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
