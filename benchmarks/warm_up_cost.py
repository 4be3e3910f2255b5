"""What the Mermaid warm-up costs the warm engine process, and what its themed renders add.

A dev tool (never the product). The renderer pool's warm process (``worker.mermaid.warm_up``)
makes the bundle's warm-up calls (``bundles/mermaid.py`` ``mermaid_warm_up``), loads fonts and
prepares the export converter before it forks any child: time every server start pays. This
measures the CPU of that warm-up (``time.thread_time``) for the bundle as it is and for the same
bundle without its themed flowchart renders (``THEMED_WARMUP_THEMES``), alternating, each in a
fresh engine, and prints the medians of ``--rounds``.

Usage::

    python benchmarks/warm_up_cost.py --rounds 3
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import time

from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.bundles.mermaid.bundle import THEMED_WARMUP_THEMES, mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    bundle = mermaid_bundle()
    # The themed renders are the calls whose config names a theme.
    plain_calls = tuple(call for call in bundle.warm_up if "theme" not in json.loads(call.payload).get("config", {}))
    themed = len(bundle.warm_up) - len(plain_calls)
    if themed != len(THEMED_WARMUP_THEMES):
        raise SystemExit(f"expected {len(THEMED_WARMUP_THEMES)} themed warm-up calls, found {themed}")
    bundles = {"without themed": dataclasses.replace(bundle, warm_up=plain_calls), "as it is": bundle}
    times: dict[str, list[float]] = {name: [] for name in bundles}
    for _ in range(args.rounds):
        for name, candidate in bundles.items():
            engine = QuickJSEngine(candidate)
            started = time.thread_time()
            worker.warm_up(engine)
            times[name].append(time.thread_time() - started)
    for name, measured in times.items():
        print(f"warm-up {name:15} {statistics.median(measured):6.2f} s CPU (median of {args.rounds})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
