"""Batch time of the warm renderer pool, one caller against one caller per core, for two source
trees side by side (a dev tool, not the product).

Each trial is a new process (``--trial``) that starts a ``Printer`` (result cache off) with the
``src`` tree it is given on ``PYTHONPATH``, renders the batch once untimed, waits a moment (the
pool's start-up work: spares, page learning, huge pages; ``SETTLE_S``), then times the batch of ``test_throughput_bench.py``'s
four small diagrams (x4) three times with one caller thread and three times with one per core,
alternating; it prints the medians. Trials of the two trees alternate ``--trials`` times, so the
shared machine's load falls on both alike; the medians over trials and new/old are printed::

    git archive HEAD src vendor | tar -x -C /tmp/old
    python benchmarks/throughput_compare.py --old /tmp/old/src [--trials 4]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIAGRAMS = HERE.parent / "tests" / "fixtures" / "diagrams"
NAMES = ("pie", "gantt", "sequence", "journey")
#: How long a trial waits after its first batch for the pool's start-up work to end (the page
#: learner rehearses every type at idle priority; then the heap goes into huge pages).
SETTLE_S = 6.0


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def trial() -> dict[str, float]:
    """One trial in this process: median batch seconds with 1 caller and with one per core."""
    from mermaid_printer import Printer, build_render_options

    batch = [build_render_options((DIAGRAMS / f"{name}.mmd").read_text()) for name in NAMES] * 4
    callers = (1, _cores())
    times: dict[int, list[float]] = {n: [] for n in callers}
    with Printer(cache=None) as printer:
        printer.start()
        for options in batch:
            printer.render_svg(options)
        time.sleep(SETTLE_S)
        for _ in range(3):
            for n in callers:
                started = time.perf_counter()
                with ThreadPoolExecutor(n) as pool:
                    list(pool.map(printer.render_svg, batch))
                times[n].append(time.perf_counter() - started)
    return {"single": statistics.median(times[1]), "all_cores": statistics.median(times[_cores()])}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, help="the other tree's src/ directory")
    parser.add_argument("--new", type=Path, default=HERE.parent / "src")
    parser.add_argument("--trials", type=int, default=4)
    parser.add_argument("--trial", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.trial:
        print(json.dumps(trial()))
        return 0
    if args.old is None:
        parser.error("--old is required")
    samples: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for number in range(args.trials):
        for side, src in (("old", args.old), ("new", args.new)):
            env = dict(os.environ, PYTHONPATH=str(src))
            out = subprocess.run(
                [sys.executable, __file__, "--trial"], env=env, capture_output=True, text=True, check=True
            ).stdout
            for key, value in json.loads(out.strip().splitlines()[-1]).items():
                samples[side].setdefault(key, []).append(value)
            print(f"trial {number + 1} {side}: {out.strip().splitlines()[-1]}", file=sys.stderr)
    cores = _cores()
    print(f"batch of {len(NAMES) * 4} renders, median of {args.trials} trials (seconds; {cores} cores)")
    print(f"{'':24}{'old':>8}{'new':>8}{'new/old':>9}")
    medians = {side: {key: statistics.median(v) for key, v in kinds.items()} for side, kinds in samples.items()}
    for key, label in (("single", "1 caller"), ("all_cores", f"{cores} callers")):
        old, new = medians["old"][key], medians["new"][key]
        print(f"{label:24}{old:8.3f}{new:8.3f}{new / old:9.2f}")
    for side in ("old", "new"):
        scaling = medians[side]["single"] / medians[side]["all_cores"] / cores
        print(f"{side}: throughput with every core = {scaling:.2f} x cores x the single-caller rate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
