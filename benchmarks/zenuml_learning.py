"""What a ZenUML render process pays to learn ZenUML's grammar, and what the idle warm-up of a long-lived warm process
buys.

A dev tool (never the product). ZenUML parses its text with an ANTLR 4 parser. ANTLR predicts
each decision from a DFA it builds as it meets token sequences (``adaptivePredict``: with an
empty DFA it computes ATN closures, ~60,000 ``closure_`` steps for a 13-line diagram), and keeps
that DFA in the parser's static state. The renderer pool's warm process (the zygote) renders one
tiny ZenUML diagram in its warm-up (``WARMUP_DIAGRAMS["zenuml"]``), and every render process is a
fresh fork of it: what a request's diagram needs beyond that, its process learns afresh, and the
process exits with it. A long-lived warm process (one that keeps spares) also draws
``IDLE_WARMUP_DIAGRAMS`` once it is idle (``worker.mermaid.idle_warm_up``, ``pool/_zygote.py``). The DFA changes how fast ANTLR predicts, never what it predicts, so the
SVG is the same either way (checked here).

It loads the engine as the zygote does (``worker.mermaid.warm_up``), forks ``--children``
children per diagram, each primed as a spare is and rendering the diagram once, and prints
the median CPU of that render (this thread's ``time.thread_time``) and the render of the same
diagram again in the same child (what a fully learned DFA leaves: the rest of the render). Then
the parent takes the idle warm-up as the zygote does (its steps, then the heap settled for
forking again), or renders the diagram of ``--warm FILE`` instead, prints what that cost, forks
again and prints the first renders after it and their ratio to before. Diagrams default to the
side-by-side benchmark's ZenUML diagrams.

Measured (2026-11-29, 5 children, both sides settled as the zygote settles): the idle warm-up,
5.5 s of CPU once, took first renders of the three to 0.23-0.24 of their CPU (484/813/1,079 ->
118/193/252 ms; an earlier single diagram with every construct: 6.5 s, 0.25-0.46).

Usage::

    python benchmarks/zenuml_learning.py
    python benchmarks/zenuml_learning.py my.mmd --warm other-warm-up.mmd --children 7
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from idle_warm_up_identity import settle

from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.bundles.mermaid.bundle import WARMUP_SVG_ID, mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

HERE = Path(__file__).resolve().parent
#: The side-by-side benchmark's ZenUML diagrams (vs_chromium.py's real diagrams).
DEFAULT_DIAGRAMS = tuple(sorted((HERE / "diagrams").glob("zenuml-*.mmd")))
#: The id requests render under (one of the form the service gives them).
SVG_ID = "mermaid-0123456789ab"


def _render(engine: QuickJSEngine, code: str, svg_id: str) -> tuple[float, str]:
    """CPU seconds of one render and a digest of its SVG."""
    started = time.thread_time()
    result = engine.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": svg_id})
    cpu = time.thread_time() - started
    if not result.get("ok"):
        raise SystemExit(f"the render failed: {result.get('error')}")
    return cpu, hashlib.sha256(result["svg"].encode()).hexdigest()[:16]


def _in_child(engine: QuickJSEngine, code: str) -> dict[str, Any]:
    """In a forked child primed as a spare is: the first render of ``code`` and a second one."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: measure, report, exit without Python's clean-up
        os.close(read_end)
        try:
            worker.prime(engine)
            first, digest = _render(engine, code, SVG_ID)
            again, digest_again = _render(engine, code, SVG_ID)
            measured = {"first": first, "again": again, "digest": digest, "same_again": digest == digest_again}
            os.write(write_end, json.dumps(measured).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 65536):
        data += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    if not data:
        raise SystemExit("a child reported nothing")
    report: dict[str, Any] = json.loads(data)
    return report


@dataclasses.dataclass(frozen=True)
class Renders:
    """A diagram's renders in ``children`` forked children: medians in ms, and what they drew."""

    first_ms: float
    again_ms: float
    digests: frozenset[str]
    same_again: bool


def _measure(engine: QuickJSEngine, diagrams: list[Path], children: int) -> dict[str, Renders]:
    """Each diagram's first and second render in ``children`` children of ``engine``."""
    out = {}
    for path in diagrams:
        code = path.read_text(encoding="utf-8")
        reports = [_in_child(engine, code) for _ in range(children)]
        out[path.name] = Renders(
            first_ms=statistics.median(r["first"] for r in reports) * 1000,
            again_ms=statistics.median(r["again"] for r in reports) * 1000,
            digests=frozenset(r["digest"] for r in reports),
            same_again=all(r["same_again"] for r in reports),
        )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("diagrams", nargs="*", type=Path, default=list(DEFAULT_DIAGRAMS))
    parser.add_argument("--warm", type=Path, help="an extra warm-up diagram instead of the idle warm-up")
    parser.add_argument("--children", type=int, default=5)
    args = parser.parse_args(argv)
    engine = QuickJSEngine(mermaid_bundle())
    worker.warm_up(engine)
    settle(engine)  # as the zygote does before it forks (its heap frozen, its collection deferred)

    before = _measure(engine, args.diagrams, args.children)
    started = time.thread_time()
    if args.warm:
        _render(engine, args.warm.read_text(encoding="utf-8"), WARMUP_SVG_ID)
    else:
        for _ in worker.idle_warm_up(engine):
            pass
        settle(engine)  # as worker.idle_warm_up() leaves the zygote's engines
    warm_cpu = time.thread_time() - started
    after = _measure(engine, args.diagrams, args.children)

    print(f"{'extra warm-up' if args.warm else 'idle warm-up'} in the warm process: {warm_cpu * 1000:.0f} ms CPU")
    print(f"{'diagram':24} {'first':>8} {'again':>8} {'after warm-up':>14} {'ratio':>6}  same SVG")
    for name, was in before.items():
        now = after[name]
        same = was.digests == now.digests and len(now.digests) == 1 and was.same_again and now.same_again
        ratio = now.first_ms / was.first_ms
        print(f"{name:24} {was.first_ms:8.0f} {was.again_ms:8.0f} {now.first_ms:14.0f} {ratio:6.2f}  {same}")
    print("(ms of CPU, medians; 'again': the same diagram rendered a second time in the same child)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
