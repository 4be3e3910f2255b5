"""Render latency of the warm renderer pool with requests back to back and with a pause between
them, for two source trees side by side (a dev tool, not the product).

What the spares do between requests (priming, copying pages ahead, see ``pool/_pages.py``)
shows only when there is time between requests, and what they do beside a render shows only
when requests come back to back; this measures both. Each trial is a new process (``--trial``)
that starts a ``Printer`` (result cache off) with the ``src`` tree it is given on
``PYTHONPATH``, renders each diagram once untimed, waits for the pool's start-up work (spares,
the page learner), then renders each diagram ``--rounds`` times back to back and ``--rounds``
times with ``--gap`` seconds between renders, timing ``render_svg`` (wall). Trials of the two
trees alternate ``--trials`` times, so the shared machine's load falls on both alike; it prints
per diagram the median over trials of each trial's median, and new/old::

    git archive HEAD src vendor | tar -x -C /tmp/old
    python benchmarks/gap_compare.py --old /tmp/old/src [--trials 2] [--gap 0.1]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DIAGRAMS = ("pie-time", "radar-skills", "gantt-sprint", "journey-support", "sequence-login", "requirement-api")
#: Long enough for the pool's page learner to report (it draws every warm-up diagram) and its
#: idle warm-up to end (ZenUML's constructs, ~6 s of CPU).
START_UP_S = 20.0


def trial(names: list[str], rounds: int, gap: float) -> dict[str, dict[str, float]]:
    """One trial in this process: per diagram, the median ms back to back and with the gap."""
    from mermaid_printer import Printer, build_render_options

    options = {name: build_render_options((HERE / "diagrams" / f"{name}.mmd").read_text()) for name in names}
    out: dict[str, dict[str, float]] = {}
    with Printer(cache=None) as printer:
        for one in options.values():
            printer.render_svg(one)
        time.sleep(START_UP_S)
        for name, one in options.items():
            times: dict[str, list[float]] = {"back_to_back": [], "with_gap": []}
            for pause, key in ((0.0, "back_to_back"), (gap, "with_gap")):
                time.sleep(gap)
                for _ in range(rounds):
                    started = time.perf_counter()
                    printer.render_svg(one)
                    times[key].append(1000 * (time.perf_counter() - started))
                    time.sleep(pause)
            out[name] = {key: statistics.median(values[1:]) for key, values in times.items()}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--old", type=Path, help="the other tree's src/ directory")
    parser.add_argument("--new", type=Path, default=HERE.parent / "src")
    parser.add_argument("--diagrams", default=",".join(DIAGRAMS), help="names in benchmarks/diagrams/")
    parser.add_argument("--trials", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--gap", type=float, default=0.1, help="seconds between renders (default %(default)s)")
    parser.add_argument("--trial", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = args.diagrams.split(",")
    if args.trial:
        print(json.dumps(trial(names, args.rounds, args.gap)))
        return 0
    if args.old is None:
        parser.error("--old is required")
    samples: dict[str, dict[str, dict[str, list[float]]]] = {"old": {}, "new": {}}
    for number in range(args.trials):
        for side, src in (("old", args.old), ("new", args.new)):
            command = [sys.executable, __file__, "--trial", "--diagrams", args.diagrams]
            command += ["--rounds", str(args.rounds), "--gap", str(args.gap)]
            env = dict(os.environ, PYTHONPATH=str(src))
            out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
            result = json.loads(out.strip().splitlines()[-1])
            for name, kinds in result.items():
                for key, value in kinds.items():
                    samples[side].setdefault(name, {}).setdefault(key, []).append(value)
            print(f"trial {number + 1} {side}: {json.dumps(result)}", file=sys.stderr)
    print(f"render_svg wall ms, median of {args.trials} trials; gap {args.gap:g} s")
    print(f"{'':18}{'back to back: old':>19}{'new':>8}{'new/old':>9}{'with gap: old':>15}{'new':>8}{'new/old':>9}")
    for name in names:
        line = f"{name:18}"
        for key in ("back_to_back", "with_gap"):
            old = statistics.median(samples["old"][name][key])
            new = statistics.median(samples["new"][name][key])
            line += f"{old:{19 if key == 'back_to_back' else 15}.1f}{new:8.1f}{new / old:9.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
