"""What a ZenUML render process pays to learn ZenUML's grammar, and what a richer warm-up in the
warm process would buy and cost.

A dev tool (never the product). ZenUML parses its text with an ANTLR 4 parser. ANTLR predicts
each decision from a DFA it builds as it meets token sequences (``adaptivePredict``: with an
empty DFA it computes ATN closures, ~60,000 ``closure_`` steps for a 13-line diagram), and keeps
that DFA in the parser's static state. The renderer pool's warm process (the zygote) renders one
tiny ZenUML diagram in its warm-up (``WARMUP_DIAGRAMS["zenuml"]``), and every render process is a
fresh fork of it: what a request's diagram needs beyond that, its process learns afresh, and the
process exits with it. The DFA changes how fast ANTLR predicts, never what it predicts, so the
SVG is the same either way (checked here).

It loads the engine as the zygote does (``worker.mermaid.warm_up``), forks ``--children``
children per diagram, each primed as a spare is and rendering the diagram once, and prints
the median CPU of that render (this thread's ``time.thread_time``) and the render of the same
diagram again in the same child (what a fully learned DFA leaves: the rest of the render). Then
the parent renders an extra warm-up diagram (``--warm FILE``, default :data:`RICH_WARM_UP`: one
diagram of the tool's own with every construct of ZenUML's grammar the product's docs name),
prints what that cost, forks again and prints the first renders after it and their ratio to
before. Diagrams default to the side-by-side benchmark's ZenUML diagrams.

Usage::

    python benchmarks/zenuml_learning.py
    python benchmarks/zenuml_learning.py my.mmd --warm other-warm-up.mmd --children 7
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import hashlib
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from mermaid_printer.bundles.mermaid import WARMUP_SVG_ID, mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid_config import build_mermaid_config
from mermaid_printer.worker import mermaid as worker

HERE = Path(__file__).resolve().parent
#: The side-by-side benchmark's ZenUML diagrams (vs_chromium.py's real diagrams).
DEFAULT_DIAGRAMS = tuple(sorted((HERE / "diagrams").glob("zenuml-*.mmd")))
#: The id requests render under (one of the form the service gives them).
SVG_ID = "mermaid-0123456789ab"

#: A warm-up of this tool's own: participants of every kind, a group, comments, async and sync
#: messages (with arguments, blocks, assignments, typed assignments, returns and @return), if /
#: else if / else, while, loop, forEach, opt, par, try / catch / finally, new, critical, section,
#: self calls and quoted names.
RICH_WARM_UP = """zenuml
  title Warm-up
  @Actor Client
  @Boundary Api
  @Control Service
  @Entity Model
  @Database Store
  @Queue Events
  group Back {
    @Collections Cache
  }
  // a comment on a message
  Client->Api: request
  Client->Api.handle(id, "text", 42) {
    Service.run() {
      item = Model.find(id)
      Type value = Cache.get(id)
      if (item == null) {
        return missing
      } else if (value > 1) {
        @return Api->Client: early
      } else {
        Store.save(item)
      }
      while (more) {
        Events.push(item)
      }
      loop {
        Cache.touch()
      }
      forEach(items) {
        Store.update(id)
      }
      opt {
        Model.check
      }
      par {
        Cache.warm
        Events.flush()
      }
      try {
        Store.commit()
      } catch (Error) {
        Store.rollback()
      } finally {
        Store.close()
      }
      receipt = new Receipt(id, 1)
      new Audit
      critical(lock) {
        Model.lock()
      }
      section(Notes) {
        Api->Events: note
      }
      Service->Service: self call
      "Other One"->Model: quoted
    }
    return done
  }
"""


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
    parser.add_argument("--warm", type=Path, help="the extra warm-up diagram (default: the tool's own)")
    parser.add_argument("--children", type=int, default=5)
    args = parser.parse_args(argv)
    warm_code = args.warm.read_text(encoding="utf-8") if args.warm else RICH_WARM_UP
    engine = QuickJSEngine(mermaid_bundle())
    worker.warm_up(engine)
    gc.collect()
    gc.freeze()  # as the zygote does: children do not copy Python's heap for its collector

    before = _measure(engine, args.diagrams, args.children)
    warm_cpu, _ = _render(engine, warm_code, WARMUP_SVG_ID)
    after = _measure(engine, args.diagrams, args.children)

    print(f"extra warm-up render in the warm process: {warm_cpu * 1000:.0f} ms CPU")
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
