"""Cold start to first SVG, native against wasm against wasm from its warm snapshot (issue 10).

Each measurement is a new process that renders one 3-node flowchart to an SVG file and exits:

``script-<engine>``
    ``python -c`` a small script: import, make the engine (``engine_factory(<engine>)``), one
    ``bundles/mermaid/handlers.render_svg`` (post-processed, fonts embedded), write the file. It reports
    its own split (imports, engine ready, render, write).
``cli-<engine>``
    ``MERMAID_PRINTER_ENGINE=<engine> python -m mermaid_printer render small.mmd -o out.svg``:
    the CLI's one-shot path (a renderer pool without warm-up or spares, started ahead of the
    command line's own imports, the render in a forked child).

The kinds run in alternation, round after round, so the machine's load falls on all of them
alike; medians and ratios to native are printed with the load average::

    python benchmarks/cold_start.py [--rounds 5] [--kinds script-native,script-wasm-snapshot]

``--old SRC`` runs each kind a second time, in the same turn, from another source tree (say, a
``git archive`` of main with the built engines copied in: ``engine/native/_quickjs.abi3.so``,
``engine/wasm/quickjs.wasm``) on ``PYTHONPATH``, as ``<kind>@old``, and prints new/old::

    git archive HEAD src vendor | tar -x -C /tmp/old && cp src/mermaid_printer/engine/native/*.so* \
        /tmp/old/src/mermaid_printer/engine/native/ && cp src/mermaid_printer/engine/wasm/quickjs.wasm* \
        /tmp/old/src/mermaid_printer/engine/wasm/
    python benchmarks/cold_start.py --old /tmp/old/src --kinds cli-wasm-snapshot --rounds 9

All of them share a cache directory of their own (``$MERMAID_PRINTER_CACHE_DIR``), made warm
first: quickjs.wasm's compiled code, the warm snapshot and the native engine's bytecode exist
before the first round (the snapshot's one-time cost is ``test_snapshot_bench.py``'s
``snapshot build``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SMALL = "flowchart LR\n  A[Start] --> B{Check}\n  B --> C[Done]\n"
ENGINES = ("native", "wasm", "wasm-snapshot")
KINDS = tuple(f"{way}-{engine}" for way in ("script", "cli") for engine in ENGINES)

_SCRIPT = """
import json, sys, time
started = time.perf_counter()
from pathlib import Path
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine import engine_factory
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.bundles.mermaid.handlers import render_svg
imported = time.perf_counter()
engine = engine_factory(sys.argv[1])(mermaid_bundle())
ready = time.perf_counter()
job = SvgJob(code=Path(sys.argv[2]).read_text(), config=build_mermaid_config({}), svg_id="cold", timeout_ms=0)
svg = render_svg(engine, job).svg
rendered = time.perf_counter()
Path(sys.argv[3]).write_text(svg)
done = time.perf_counter()
print(json.dumps({"imports": imported - started, "engine": ready - imported, "render": rendered - ready,
                  "write": done - rendered}))
"""


#: This checkout's sources: what a kind runs unless it is an ``@old`` twin (``--old``).
SRC = Path(__file__).resolve().parent.parent / "src"
OLD_SUFFIX = "@old"


def environment(cache_dir: Path, src: Path = SRC) -> dict[str, str]:
    """The environment of every measured process: its own engine cache, no result cache, the
    sources of ``src`` first on the path."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("MERMAID_PRINTER_")}
    env["MERMAID_PRINTER_CACHE_DIR"] = str(cache_dir)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


def prepare(cache_dir: Path) -> None:
    """Fill ``cache_dir`` with quickjs.wasm's compiled code and the warm snapshot, and the
    native engine's bytecode of the bundle's large scripts."""
    for engine in ("wasm-snapshot", "native"):
        subprocess.run(
            [sys.executable, "-c", _SCRIPT, engine, str(_input(cache_dir)), str(cache_dir / "prepare.svg")],
            env=environment(cache_dir),
            check=True,
            capture_output=True,
        )


def _input(directory: Path) -> Path:
    path = directory / "small.mmd"
    if not path.exists():
        path.write_text(SMALL)
    return path


def cold_start(kind: str, cache_dir: Path, old: Path | None = None) -> dict[str, Any]:
    """One cold start of ``kind`` (from ``old``'s sources if it ends in ``@old``): ``{"seconds":
    wall time, ...its own split}``; the SVG it wrote."""
    base, is_old, _ = kind.partition(OLD_SUFFIX)
    src = old if is_old and old is not None else SRC
    way, _, engine = base.partition("-")
    output = cache_dir / f"out-{kind}.svg"
    output.unlink(missing_ok=True)
    if way == "script":
        command = [sys.executable, "-c", _SCRIPT, engine, str(_input(cache_dir)), str(output)]
    else:
        cli = [sys.executable, "-m", "mermaid_printer"]
        command = [*cli, "render", str(_input(cache_dir)), "-o", str(output)]
    env = environment(cache_dir, src)
    if way == "cli":
        # Chosen as a user's environment does: the command line's --engine flag would cost its
        # engine process the head start (adapters/cli_start.py).
        env["MERMAID_PRINTER_ENGINE"] = engine
    started = time.perf_counter()
    finished = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if finished.returncode != 0:
        raise RuntimeError(f"{kind} failed: {finished.stderr[-2000:]}")
    report: dict[str, Any] = json.loads(finished.stdout) if way == "script" else {}
    report["seconds"] = seconds
    report["svg"] = output.read_text()
    return report


def alternated(
    kinds: list[str], rounds: int, cache_dir: Path, old: Path | None = None
) -> dict[str, list[dict[str, Any]]]:
    """``rounds`` cold starts of every kind (and its ``@old`` twin), in turn within each round."""
    runs: dict[str, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    for _ in range(rounds):
        for kind in kinds:
            runs[kind].append(cold_start(kind, cache_dir, old))
    return runs


def summary(runs: dict[str, list[dict[str, Any]]]) -> dict[str, dict[str, float]]:
    """Per kind: the median of each measured part, and the wall time's ratio to native."""
    table: dict[str, dict[str, float]] = {}
    for kind, reports in runs.items():
        parts = [key for key in reports[0] if key != "svg"]
        table[kind] = {part: round(statistics.median(r[part] for r in reports), 3) for part in parts}
    for kind, row in table.items():
        native = table.get(kind.split("-", 1)[0] + "-native")
        if native and OLD_SUFFIX not in kind:
            row["ratio_to_native"] = round(row["seconds"] / native["seconds"], 2)
        old = table.get(kind + OLD_SUFFIX)
        if old:
            row["new_to_old"] = round(row["seconds"] / old["seconds"], 2)
    return table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--old", type=Path, help="also run every kind from this source tree (see above)")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    if args.old is not None:
        kinds = [twin for kind in kinds for twin in (kind, kind + OLD_SUFFIX)]
    with tempfile.TemporaryDirectory(prefix="mermaid-printer-cold-") as scratch:
        cache_dir = Path(scratch)
        prepare(cache_dir)
        load_before = os.getloadavg()
        runs = alternated(kinds, args.rounds, cache_dir, args.old)
        load_after = os.getloadavg()
    svgs = {kind: {r["svg"] for r in reports} for kind, reports in runs.items()}
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}; {args.rounds} rounds")
    for kind, row in summary(runs).items():
        print(f"{kind:22} {json.dumps(row)}")
    print("one SVG per kind:", all(len(found) == 1 for found in svgs.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
