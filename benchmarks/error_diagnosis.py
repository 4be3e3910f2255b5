"""How well the error path teaches the fix, on real broken diagrams, and what it costs.

Reads ``benchmarks/error_corpus/cases.json`` (real broken diagrams from public threads, each with
its link, the correction found for it and the lines that correction changes) and, through a real
:class:`~mermaid_printer.service.Printer`, reports per category and overall:

- located: the error's line is one of the lines the correction changes (or a block's opener);
- hint: ``details.hint`` is present;
- fix: a fix is offered (``details.fixed_code``);
- parses: the offered fix parses (and draws, for an error raised while drawing);
- structure: the fix gives the known correction's structure through ``mermaid_parse`` (same node
  ids, edge count, and node and edge labels);
- plain: the message shows no parser token name.

Cases whose broken source Mermaid 12.3 accepts, or whose correction it refuses, are listed and
left out. ``--cost N`` also times N rounds of every failing case's parse with the diagnosis off
and on (two printers started side by side, requests alternating) and prints the p50/p95.

Run: ``python benchmarks/error_diagnosis.py [--cost 3] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.diagnosis import DIAGNOSIS_ENV_VAR
from mermaid_printer.mermaid.diagnosis.tokens import has_token_name
from mermaid_printer.service import Printer

CORPUS = Path(__file__).parent / "error_corpus" / "cases.json"
METRICS = ("located", "hint", "fix", "parses", "structure", "plain")


def _structure(ast: dict[str, Any]) -> tuple[Any, ...]:
    nodes = ast.get("nodes") or []
    edges = ast.get("edges") or []
    return (
        sorted(str(n.get("id")) for n in nodes),
        len(edges),
        sorted(str(n.get("label") or "") for n in nodes),
        sorted(str(e.get("label") or "") for e in edges),
    )


def _attempt(printer: Printer, code: str) -> tuple[PrinterError | None, bool]:
    """The error the code gives (parse first, then a drawing) and whether it came from drawing."""
    try:
        printer.parse(code)
    except PrinterError as exc:
        return exc, False
    try:
        printer.render_svg(code, embed_fonts=False)
    except PrinterError as exc:
        return exc, True
    return None, False


def evaluate(printer: Printer, cases: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    rows: list[dict[str, Any]] = []
    skipped: list[str] = []
    for case in cases:
        error, drawn = _attempt(printer, case["broken"])
        if error is None:
            skipped.append(f"{case['id']}: Mermaid 12.3 accepts the broken source")
            continue
        known_error, _ = _attempt(printer, case["fixed"])
        if known_error is not None:
            skipped.append(f"{case['id']}: the known correction fails too ({known_error.code})")
            continue
        details = error.details
        fixed = details.get("fixed_code")
        parses = structure = False
        if isinstance(fixed, str):
            fixed_error, _ = _attempt(printer, fixed) if drawn else (_parse_error(printer, fixed), False)
            parses = fixed_error is None
            if parses:
                structure = _structure(printer.parse(fixed).ast) == _structure(printer.parse(case["fixed"]).ast)
        rows.append(
            {
                "id": case["id"],
                "type": case["type"],
                "category": case["category"],
                "kind": details.get("kind"),
                "line": details.get("line"),
                "lines": case["lines"],
                "located": details.get("line") in case["lines"],
                "hint": bool(details.get("hint")),
                "fix": isinstance(fixed, str),
                "parses": parses,
                "structure": structure,
                "plain": not has_token_name(error.message),
                "message": error.message,
            }
        )
    return rows, skipped


def _parse_error(printer: Printer, code: str) -> PrinterError | None:
    try:
        printer.parse(code)
    except PrinterError as exc:
        return exc
    return None


def table(rows: list[dict[str, Any]], key: str) -> str:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row[key]].append(row)
    head = f"| {key} | n | " + " | ".join(METRICS) + " |"
    lines = [head, "|" + "---|" * (len(METRICS) + 2)]
    for name in sorted(groups):
        lines.append(_line(name, groups[name]))
    lines.append(_line("**overall**", rows))
    return "\n".join(lines)


def _line(name: str, rows: list[dict[str, Any]]) -> str:
    cells = [f"{100 * sum(r[m] for r in rows) / len(rows):.0f}%" for m in METRICS]
    return f"| {name} | {len(rows)} | " + " | ".join(cells) + " |"


def cost(cases: list[dict[str, Any]], rounds: int) -> dict[str, dict[str, float]]:
    """p50/p95 (ms) of the failing requests' parse, diagnosis off and on, requests alternating."""
    failing = [c["broken"] for c in cases]
    printers = {}
    for mode in ("off", "on"):
        os.environ[DIAGNOSIS_ENV_VAR] = mode
        printers[mode] = Printer(cache=None)
        printers[mode].start()
    os.environ.pop(DIAGNOSIS_ENV_VAR, None)
    times: dict[str, list[float]] = {"off": [], "on": []}
    try:
        for _ in range(rounds):
            for code in failing:
                for mode in ("off", "on"):
                    started = time.perf_counter()
                    _parse_error(printers[mode], code)
                    times[mode].append((time.perf_counter() - started) * 1000)
    finally:
        for printer in printers.values():
            printer.close()
    out = {}
    for mode, values in times.items():
        values.sort()
        out[mode] = {
            "n": len(values),
            "p50_ms": statistics.median(values),
            "p95_ms": values[max(0, round(0.95 * len(values)) - 1)],
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cost", type=int, default=0, metavar="N", help="also time N rounds, diagnosis off vs on")
    parser.add_argument("--json", metavar="FILE", help="write every case's row here")
    parser.add_argument("--verbose", action="store_true", help="print each case's row")
    args = parser.parse_args()
    cases = json.loads(CORPUS.read_text())["cases"]
    with Printer(cache=None) as printer:
        rows, skipped = evaluate(printer, cases)
    print(f"{len(cases)} cases, {len(rows)} evaluated, {len({r['type'] for r in rows})} diagram types\n")
    for line in skipped:
        print("left out:", line)
    print()
    print(table(rows, "category"))
    print()
    print(table(rows, "type"))
    if args.verbose:
        for row in rows:
            flags = " ".join(m for m in METRICS if not row[m])
            print(f"{row['id']:32} {row['kind'] or '':28} line {row['line']} in {row['lines']}  missing: {flags}")
            print(f"    {row['message']}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1, ensure_ascii=False))
    if args.cost:
        figures = cost([c for c in cases if c["id"] in {r["id"] for r in rows}], args.cost)
        print()
        for mode, figure in figures.items():
            print(
                f"diagnosis {mode:3}: {figure['n']} failing requests, "
                f"p50 {figure['p50_ms']:.1f} ms, p95 {figure['p95_ms']:.1f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
