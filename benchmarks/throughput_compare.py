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
    python benchmarks/throughput_compare.py            # this tree alone

Each batch also reads the machine's busy time (``/proc/stat``: every process, the pool's
zygote, spares and render processes included) and reports it per render and as a share of all
cores. That is why the single-caller rate is a high bar: with one caller the spares get ready on
the other cores (priming, copying ahead, the previous render process's exit), so one caller
already keeps more than one core busy (on 2 cores: 80-86 %, ~90-105 ms of CPU per render of
this batch), and with one caller per core the machine does less per render (~70-83 ms: spares
do not copy while requests fill the cores) but has nothing left to give.
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
#: How long a trial waits after its first batch for the pool's start-up work to end (the heap
#: goes into huge pages; the page learner rehearses every type at idle priority; then the idle
#: warm-up draws ZenUML's constructs, ~6 s of CPU, which a timed batch must not meet).
SETTLE_S = 20.0


def _cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _machine_busy_s() -> float:
    """Seconds of CPU the whole machine has spent on anything but idling and waiting for I/O."""
    with open("/proc/stat", encoding="ascii") as stat:
        ticks = [int(field) for field in stat.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def trial() -> dict[str, float]:
    """One trial in this process, with 1 caller and with one per core: the median batch
    seconds, and the machine's CPU per render (ms) and busy share of all cores in those batches."""
    from mermaid_printer import Printer, build_render_options

    batch = [build_render_options((DIAGRAMS / f"{name}.mmd").read_text()) for name in NAMES] * 4
    callers = {"single": 1, "all_cores": _cores()}
    times: dict[str, list[float]] = {key: [] for key in callers}
    busy: dict[str, list[float]] = {key: [] for key in callers}
    with Printer(cache=None) as printer:
        printer.start()
        for options in batch:
            printer.render_svg(options)
        time.sleep(SETTLE_S)
        for _ in range(3):
            for key, n in callers.items():
                started, busy_before = time.perf_counter(), _machine_busy_s()
                with ThreadPoolExecutor(n) as pool:
                    list(pool.map(printer.render_svg, batch))
                times[key].append(time.perf_counter() - started)
                busy[key].append(_machine_busy_s() - busy_before)
    result: dict[str, float] = {}
    for key in callers:
        result[key] = statistics.median(times[key])
        result[key + "_cpu_ms"] = statistics.median(busy[key]) / len(batch) * 1000
        result[key + "_busy"] = statistics.median(b / t for b, t in zip(busy[key], times[key], strict=True)) / _cores()
    return result


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
    trees = [("old", args.old), ("new", args.new)] if args.old is not None else [("new", args.new)]
    samples: dict[str, dict[str, list[float]]] = {side: {} for side, _src in trees}
    for number in range(args.trials):
        for side, src in trees:
            env = dict(os.environ, PYTHONPATH=str(src))
            out = subprocess.run(
                [sys.executable, __file__, "--trial"], env=env, capture_output=True, text=True, check=True
            ).stdout
            for key, value in json.loads(out.strip().splitlines()[-1]).items():
                samples[side].setdefault(key, []).append(value)
            print(f"trial {number + 1} {side}: {out.strip().splitlines()[-1]}", file=sys.stderr)
    cores = _cores()
    medians = {side: {key: statistics.median(v) for key, v in kinds.items()} for side, kinds in samples.items()}
    print(f"batch of {len(NAMES) * 4} renders, median of {args.trials} trials ({cores} cores)")
    print(f"{'':36}" + "".join(f"{side:>8}" for side in medians) + (f"{'new/old':>9}" if len(medians) == 2 else ""))
    rows = []
    for key, label in (("single", "1 caller"), ("all_cores", f"{cores} callers")):
        rows += [
            (key, f"{label}: batch (s)", "8.3f"),
            (key + "_cpu_ms", f"{label}: machine CPU/render (ms)", "8.1f"),
            (key + "_busy", f"{label}: machine busy (share)", "8.2f"),
        ]
    for key, label, spec in rows:
        values = [medians[side][key] for side in medians]
        line = f"{label:36}" + "".join(format(value, spec) for value in values)
        if len(values) == 2:
            line += f"{values[1] / values[0]:9.2f}"
        print(line)
    for side in medians:
        scaling = medians[side]["single"] / medians[side]["all_cores"] / cores
        print(f"{side}: throughput with every core = {scaling:.2f} x cores x the single-caller rate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
