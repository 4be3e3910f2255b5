"""The project's build of the ``_quickjs`` module against the quickjs-ng wheel's, side by side.

A dev tool (never the product). Two processes, one per module (``MERMAID_PRINTER_QUICKJS_MODULE``
``own`` and ``wheel``), each with a warm Mermaid engine and a warm markmap engine, render the same
documents in turns (the order flipped every round), and it prints the median CPU time of one
render entry call (``time.thread_time``, immune to the other process) per document and module,
their ratio, and the geometric mean of the ratios. It also checks that both drew the same SVG.

The documents: a 100-node mind map (``support.outline_of``), ``support.SMALL_DIAGRAMS``' small
diagrams, and generated diagrams of 10-25 nodes (``scaling.py``) of the types whose layout is
ELK, dagre and Mermaid's own.

``--old-src DIR`` compares two builds of the project's own module instead: the one of another
checkout (its ``src`` folder, first on ``PYTHONPATH``, its module built in place) against this
one's, e.g. before and after a change to how QuickJS is compiled. The renders here run in one
warm process, never forked: this measures the interpreter alone.

Usage::

    python benchmarks/native_build_compare.py [--rounds 7]
    python benchmarks/native_build_compare.py --old-src /tmp/main-before/src
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

#: The two sides: (label, MERMAID_PRINTER_QUICKJS_MODULE) without and with ``--old-src``.
MODULES = (("wheel", "wheel"), ("own", "own"))
BUILDS = (("old", "own"), ("new", "own"))
SIZED = [("flowchart", 25), ("er", 10), ("class", 25), ("sequence", 25), ("state", 25), ("gantt", 25)]


def serve() -> None:
    """``--serve``: answer a document name per line with ``[cpu_ms, svg_sha256]``."""
    from scaling import generate
    from support import SMALL_DIAGRAMS, markmap_render_payload, outline_of

    from mermaid_printer.bundles.markmap import handlers as markmap_worker
    from mermaid_printer.bundles.markmap.bundle import markmap_bundle
    from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
    from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
    from mermaid_printer.engine.quickjs_engine import QuickJSEngine

    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # nothing else may write to the reply channel
    mermaid = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(mermaid)
    markmap = QuickJSEngine(markmap_bundle())
    markmap_worker.warm_up(markmap)
    documents: dict[str, tuple[Any, dict[str, Any]]] = {
        "markmap-100": (markmap, markmap_render_payload(outline_of(100), "markmap-compare"))
    }
    for name, code in SMALL_DIAGRAMS.items():
        documents[name] = (mermaid, {"code": code, "config": {}, "svgId": "mermaid-compare"})
    for kind, nodes in SIZED:
        documents[f"{kind}-{nodes}"] = (
            mermaid,
            {"code": generate(kind, nodes), "config": {}, "svgId": "mermaid-compare"},
        )
    for engine, payload in documents.values():
        engine.call("render", payload)  # untimed: each document's first render
    out.write(json.dumps(list(documents)) + "\n")
    out.flush()
    for line in sys.stdin:
        engine, payload = documents[line.strip()]
        started = time.thread_time()
        result = engine.call("render", payload)
        cpu_ms = (time.thread_time() - started) * 1000
        out.write(json.dumps([cpu_ms, hashlib.sha256(result["svg"].encode()).hexdigest()]) + "\n")
        out.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--old-src", type=Path, help="compare another checkout's own build (its src folder) with this one's"
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return 0
    if args.old_src is not None and not (args.old_src / "mermaid_printer").is_dir():
        parser.error(f"{args.old_src} holds no mermaid_printer package")
    pairs = BUILDS if args.old_src is not None else MODULES
    labels = tuple(label for label, _ in pairs)
    sides = {}
    for label, module in pairs:
        env = {**os.environ, "MERMAID_PRINTER_QUICKJS_MODULE": module}
        if label == "old":
            env["PYTHONPATH"] = os.pathsep.join([os.fspath(args.old_src), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        command = [sys.executable, __file__, "--serve"]
        sides[label] = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    try:
        names: list[str] = []
        for side in sides.values():
            assert side.stdout is not None
            names = json.loads(side.stdout.readline())
        samples: dict[str, dict[str, list[float]]] = {m: {n: [] for n in names} for m in labels}
        drawn: dict[str, set[str]] = {n: set() for n in names}
        for round_index in range(args.rounds):
            for name in names:
                for module in labels if round_index % 2 == 0 else labels[::-1]:
                    side = sides[module]
                    assert side.stdin is not None and side.stdout is not None
                    side.stdin.write(name + "\n")
                    side.stdin.flush()
                    cpu_ms, digest = json.loads(side.stdout.readline())
                    samples[module][name].append(cpu_ms)
                    drawn[name].add(digest)
    finally:
        for side in sides.values():
            if side.stdin is not None:
                side.stdin.close()
            side.wait()
    before, after = labels
    print(f"{'document':16}{before + ' ms':>10}{after + ' ms':>10}{after + '/' + before:>11}  same SVG")
    ratios = []
    for name in names:
        first, second = (statistics.median(samples[m][name]) for m in labels)
        ratios.append(second / first)
        print(f"{name:16}{first:10.1f}{second:10.1f}{second / first:11.3f}  {'yes' if len(drawn[name]) == 1 else 'NO'}")
    mean = statistics.geometric_mean(ratios)
    print(f"geometric mean {after}/{before}: {mean:.3f} ({args.rounds} rounds, median CPU per render)")
    return 0 if all(len(d) == 1 for d in drawn.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
