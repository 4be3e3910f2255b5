"""Both engines over the whole corpus: are the product SVGs byte-identical, and how long do they take?

Loads the native and the WebAssembly engine once, warms both as the zygote does, then renders
every diagram of ``<corpus>/mermaid/index.json`` with each engine in a forked child (a pristine
state per render, as the renderer pool gives) through ``bundles/mermaid/handlers.render_svg`` (sanitized,
canonical, fonts embedded), and compares the SHA-256 of the two SVGs (or the two error codes)::

    python benchmarks/wasm_corpus_identity.py --corpus ../shared/corpus [--out /tmp/identity.json]

It prints every diagram whose bytes differ, then the totals and the render-time ratio. About
25 minutes on 2 shared cores. (Last run: 784 of 784 identical; median render with
post-processing 0.475 s native, 0.636 s wasm, ratio of sums 1.32.)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.bundles.mermaid.handlers import render_svg, warm_up
from mermaid_printer.engine import Engine
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config


def _render_in_child(engine: Engine, code: str) -> dict[str, Any]:
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report through the pipe, never return
        os.close(read_end)
        try:
            started = time.perf_counter()
            job = SvgJob(code=code, config=build_mermaid_config({}), svg_id="corpus", timeout_ms=60_000)
            svg = render_svg(engine, job).svg
            report = {"sha256": hashlib.sha256(svg.encode()).hexdigest(), "seconds": time.perf_counter() - started}
        except Exception as exc:  # the error code is the outcome to compare
            report = {"error": getattr(exc, "code", type(exc).__name__)}
        os.write(write_end, json.dumps(report).encode())
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return json.loads(data) if data else {"error": "CRASHED"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    mermaid = args.corpus / "mermaid"
    index = json.loads((mermaid / "index.json").read_text())["diagrams"]
    engines: dict[str, Engine] = {"native": QuickJSEngine(mermaid_bundle()), "wasm": WasmEngine(mermaid_bundle())}
    for engine in engines.values():
        warm_up(engine)
    rows = []
    for item in index:
        code = next(mermaid.glob(item["id"] + ".*")).read_text()
        native, wasm = (_render_in_child(engine, code) for engine in engines.values())
        same = (native.get("sha256"), native.get("error")) == (wasm.get("sha256"), wasm.get("error"))
        rows.append({"id": item["id"], "native": native, "wasm": wasm, "same": same})
        if not same:
            print(f"DIFFERS {item['id']}: native {native} wasm {wasm}", flush=True)
    if args.out:
        args.out.write_text(json.dumps(rows, indent=1))
    timed = [r for r in rows if "seconds" in r["native"] and "seconds" in r["wasm"]]
    native_s = [r["native"]["seconds"] for r in timed]
    wasm_s = [r["wasm"]["seconds"] for r in timed]
    same = sum(r["same"] for r in rows)
    print(
        f"{same} of {len(rows)} identical; median render native {statistics.median(native_s):.3f} s, "
        f"wasm {statistics.median(wasm_s):.3f} s; ratio of sums {sum(wasm_s) / sum(native_s):.2f}"
    )
    return 0 if same == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
