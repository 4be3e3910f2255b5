"""Proof that the idle warm-up changes nothing drawn: the real diagrams, before and after it.

A dev tool (never the product). A long-lived warm process draws ``IDLE_WARMUP_DIAGRAMS`` once it
is idle (``worker.idle_warm_up``, ``pool/_zygote.py``), and every render process forked after it
starts from what that left in the interpreter. Whatever it leaves must not show in a drawing:
the same diagram must come out byte for byte the same from a young server, an old one and the
command line. This loads the engine as the zygote does (warm-up, priming, the heap settled and
frozen), renders every diagram of ``benchmarks/diagrams`` (or the files given) each in a child
of its own, forked as the pool forks them, takes the idle warm-up, renders them again and
prints which differ (the engine's whole answer is compared: SVG, warnings, diagram type).

Run on 2026-11-29: 100 of 100 the same. (Drawing the types the warm-up only parses would not
be: that changed all 3 architecture and all 3 sankey diagrams, which is why they stay parsed.)

Usage::

    python benchmarks/idle_warm_up_identity.py [diagram.mmd ...]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path

from support import settle

from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

HERE = Path(__file__).resolve().parent
#: The id requests render under (one of the form the service gives them).
SVG_ID = "mermaid-0123456789ab"


def _digest_in_child(engine: QuickJSEngine, code: str) -> str:
    """A digest of the engine's answer to a render of ``code`` in a forked child."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            answer = engine.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": SVG_ID})
            os.write(write_end, hashlib.sha256(json.dumps(answer, sort_keys=True).encode()).hexdigest().encode())
        finally:
            os._exit(0)
    os.close(write_end)
    digest = os.read(read_end, 128).decode()
    os.close(read_end)
    os.waitpid(pid, 0)
    if not digest:
        raise SystemExit("a child reported nothing")
    return digest


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("diagrams", nargs="*", type=Path, default=sorted((HERE / "diagrams").glob("*.mmd")))
    args = parser.parse_args(argv)
    engine = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(engine)
    settle(engine)
    codes = {path.name: path.read_text(encoding="utf-8") for path in args.diagrams}
    before = {name: _digest_in_child(engine, code) for name, code in codes.items()}
    steps = sum(1 for _ in mermaid_worker.idle_warm_up(engine))
    settle(engine)
    after = {name: _digest_in_child(engine, code) for name, code in codes.items()}
    differ = sorted(name for name in codes if before[name] != after[name])
    print(f"{len(codes)} diagrams, idle warm-up of {steps} steps: {len(codes) - len(differ)} the same")
    for name in differ:
        print(f"  differs: {name}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
