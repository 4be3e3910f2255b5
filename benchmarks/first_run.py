"""The first run a new user meets (issue 37): each measurement starts from an empty cache
directory (``$MERMAID_PRINTER_CACHE_DIR``), no engine chosen, as on a fresh machine.

``cli``
    ``python -m mermaid_printer render small.mmd -o out.svg``: process start to exit.
``python``
    The README's Python example (module functions, then ``with Printer()``: three renders each)
    as a script: process start to exit.
``mcp``
    ``python -m mermaid_printer serve`` over stdio: from the answer to the client's
    ``initialize`` to the answer to its first ``tools/call`` (``mermaid_to_svg``), sent right after.

Also the cache directory's size after each. The kinds run in turn, round after round, so the
machine's load falls on all alike; medians and the load average are printed::

    python benchmarks/first_run.py [--rounds 3] [--kinds cli,python,mcp] [--old SRC]

``--old SRC`` runs each kind from another source tree too (see ``cold_start.py`` for how to
make one: a ``git archive`` with the built engines copied in), as ``<kind>@old``, and checks that both wrote the same SVG bytes.
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

KINDS = ("cli", "python", "mcp")
SMALL = "flowchart LR\n  A[Start] --> B{Check}\n  B --> C[Done]\n"
#: This checkout's sources: what a kind runs unless it is an ``@old`` twin (``--old``).
SRC = Path(__file__).resolve().parent.parent / "src"
OLD_SUFFIX = "@old"


def environment(cache_dir: Path, src: Path = SRC) -> dict[str, str]:
    """A fresh user's environment: ``cache_dir`` as the cache, nothing of the printer's set,
    the sources of ``src`` first on the path."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("MERMAID_PRINTER_")}
    env["MERMAID_PRINTER_CACHE_DIR"] = str(cache_dir)
    env["PYTHONPATH"] = os.pathsep.join([str(src), *filter(None, [os.environ.get("PYTHONPATH")])])
    return env


README_EXAMPLE = """
import sys
from mermaid_printer import Printer, build_render_options, render_pdf, render_png, render_svg

code = "flowchart LR\\n  A --> B"
svg = render_svg(code, theme="forest").svg
pdf = render_pdf(code, paper="A4").pdf
png = render_png(code, width=800).png
with Printer() as printer:
    result = printer.render_svg("pie\\n  \\"a\\": 1", theme="dark", background="white")
    page = printer.render_pdf("pie\\n  \\"a\\": 1", paper="Letter")
    image = printer.render_png("pie\\n  \\"a\\": 1", scale=1, background="transparent")
    request = build_render_options("pie\\n  \\"a\\": 1", theme="dark", background="white")
    again = printer.render_svg(request)
open(sys.argv[1], "w").write(svg)
"""

_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}},
}
_INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}
_CALL = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "tools/call",
    "params": {"name": "mermaid_to_svg", "arguments": {"code": SMALL}},
}


def _size(directory: Path) -> int:
    return sum(path.stat().st_size for path in directory.rglob("*") if path.is_file())


def _mcp(env: dict[str, str], output: Path) -> float:
    command = [sys.executable, "-m", "mermaid_printer", "serve"]
    with subprocess.Popen(
        command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write((json.dumps(_INITIALIZE) + "\n").encode())
        server.stdin.flush()
        json.loads(server.stdout.readline())  # the answer to initialize
        initialized = time.perf_counter()
        server.stdin.write((json.dumps(_INITIALIZED) + "\n" + json.dumps(_CALL) + "\n").encode())
        server.stdin.flush()
        reply = json.loads(server.stdout.readline())
        seconds = time.perf_counter() - initialized
        server.stdin.close()
        server.wait(timeout=60)
    output.write_text(reply["result"]["structuredContent"]["svg"])
    return seconds


def first_run(kind: str, scratch: Path, old: Path | None) -> dict[str, Any]:
    """One first run of ``kind`` on a new cache directory: seconds, cache bytes, the SVG."""
    base, is_old, _ = kind.partition(OLD_SUFFIX)
    src = old if is_old and old is not None else SRC
    with tempfile.TemporaryDirectory(dir=scratch) as fresh:
        cache_dir = Path(fresh) / "cache"
        env = environment(cache_dir, src)
        source, output = Path(fresh) / "small.mmd", Path(fresh) / "out.svg"
        source.write_text(SMALL)
        if base == "mcp":
            seconds = _mcp(env, output)
        else:
            if base == "cli":
                command = [sys.executable, "-m", "mermaid_printer", "render", str(source), "-o", str(output)]
            else:
                command = [sys.executable, "-c", README_EXAMPLE, str(output)]
            started = time.perf_counter()
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600)
            seconds = time.perf_counter() - started
            if done.returncode != 0:
                raise RuntimeError(f"{kind} failed: {done.stderr[-2000:]}")
        return {"seconds": seconds, "cache_mb": _size(cache_dir) / 2**20, "svg": output.read_text()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--old", type=Path, help="also run every kind from this source tree")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    if args.old is not None:
        kinds = [twin for kind in kinds for twin in (kind, kind + OLD_SUFFIX)]
    runs: dict[str, list[dict[str, Any]]] = {kind: [] for kind in kinds}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="mermaid-printer-first-") as scratch:
        for _ in range(args.rounds):
            for kind in kinds:
                runs[kind].append(first_run(kind, Path(scratch), args.old))
    load_after = os.getloadavg()
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}; {args.rounds} rounds")
    for kind, reports in runs.items():
        seconds = [round(r["seconds"], 2) for r in reports]
        cache = max(r["cache_mb"] for r in reports)
        print(f"{kind:12} median {statistics.median(seconds):6.2f} s  runs {seconds}  cache {cache:.1f} MiB")
    for kind in runs:
        if OLD_SUFFIX not in kind and kind + OLD_SUFFIX in runs:
            same = {r["svg"] for r in runs[kind] + runs[kind + OLD_SUFFIX]}
            print(f"{kind}: the same SVG bytes as {kind}{OLD_SUFFIX}: {len(same) == 1}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
