"""Render CPU time of Mermaid diagrams, a git revision's bundle JavaScript against the working tree's.

A dev tool, the Mermaid twin of ``markmap_compare.py``: the Mermaid bundle is loaded twice in
this process, once with the package's JavaScript (``src/mermaid_printer/bundles``: the shim
and Mermaid's glue) as it is in ``--base`` (default ``HEAD``) and once as it is on disk; the
vendored files, the load-time transforms and the Python are the same for both. The diagrams of
``benchmarks/diagrams`` (or the ``.mmd`` files given) are rendered through the worker's
``render_svg`` by both engines in alternation, round after round, and the CPU time of this thread
(``time.thread_time``: immune to other processes' load on a shared machine) is summed per
diagram type. It prints per type the median-of-rounds ratio new / old, and overall the ratio of
the summed medians and the median of per-diagram ratios; every SVG is compared byte for byte
(exit status 1 when one differs).

``--without NAME`` measures one load-time transform instead (``bundles/mermaid/transforms.py``):
"old" is the working tree's bundle without the transform of that name, "new" the bundle as it is.

``--fresh-child`` times what a render process pays instead: both engines are settled as the
zygote settles its engine (primed, collection deferred, heap frozen), and every render, the
compared one included, runs in a child forked from its engine, the two engines taking turns. A
render in one process meets the memos its earlier renders of the same diagram left (computed
styles shared by value, kept stylesheets), which a render process never has.

Usage::

    python benchmarks/mermaid_compare.py --rounds 3
    python benchmarks/mermaid_compare.py --base main~2 benchmarks/diagrams/flowchart-*.mmd
    python benchmarks/mermaid_compare.py --without elk-register-once
    python benchmarks/mermaid_compare.py --fresh-child --rounds 21 benchmarks/diagrams/c4-*.mmd
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from support import bundle_at, settle

from mermaid_printer.bundles.mermaid import handlers as worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import PrinterError
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

DIAGRAMS = Path(__file__).resolve().parent / "diagrams"


def engines_at(base: str) -> dict[str, QuickJSEngine]:
    """Warm engines ``old`` (the shim JavaScript of git revision ``base``) and ``new`` (as on disk)."""
    with tempfile.TemporaryDirectory() as tmp:
        engines = {
            "old": QuickJSEngine(bundle_at(base, Path(tmp), mermaid_bundle())),
            "new": QuickJSEngine(mermaid_bundle()),
        }
    for engine in engines.values():
        worker.warm_up(engine)
    return engines


def engines_without(transform: str) -> dict[str, QuickJSEngine]:
    """Warm engines ``old`` (the bundle without the load-time transform named ``transform``) and
    ``new`` (the bundle as it is)."""
    bundle = mermaid_bundle()
    try:
        without = bundle.without_transform(transform)
    except ValueError as exc:
        raise SystemExit(str(exc)) from exc
    engines = {"old": QuickJSEngine(without), "new": QuickJSEngine(bundle)}
    for engine in engines.values():
        worker.warm_up(engine)
    return engines


def rendered(engine: QuickJSEngine, code: str, svg_id: str) -> str:
    """What a render of ``code`` under ``svg_id`` gives, to compare byte for byte: the SVG and its
    warnings, or the error code."""
    job = SvgJob(code=code, config=build_mermaid_config({}), svg_id=svg_id, timeout_ms=120_000, embed_fonts=True)
    try:
        result = worker.render_svg(engine, job)
    except PrinterError as exc:
        return f"error:{exc.code}"
    return result.svg + "\n" + json.dumps(result.warnings)


def in_child(work: Callable[[], Any]) -> Any:
    """What ``work()`` returns (JSON) when run in a child forked from this process."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(read_end)
            os.write(write_end, json.dumps(work()).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    data = b""
    while chunk := os.read(read_end, 1 << 16):
        data += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    if not data:
        raise SystemExit("a child reported nothing")
    return json.loads(data)


def timed(engine: QuickJSEngine, code: str, svg_id: str, fresh_child: bool) -> tuple[str, float]:
    """A render's output (a digest of it, from a child) and its CPU seconds."""

    def render() -> tuple[str, float]:
        started = time.thread_time()
        output = rendered(engine, code, svg_id)
        cpu = time.thread_time() - started
        return (hashlib.sha256(output.encode()).hexdigest() if fresh_child else output), cpu

    if not fresh_child:
        return render()
    digest, cpu = in_child(render)
    return digest, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="diagrams (default: benchmarks/diagrams/*.mmd)")
    parser.add_argument("--base", default="HEAD", help="the git revision to compare with (default HEAD)")
    parser.add_argument("--without", metavar="NAME", help="compare with the bundle without this load-time transform")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--fresh-child", action="store_true", help="every render in a child forked from its engine")
    args = parser.parse_args(argv)
    files = args.files or sorted(DIAGRAMS.glob("*.mmd"))
    engines = engines_without(args.without) if args.without else engines_at(args.base)
    if args.fresh_child:
        for engine in engines.values():
            settle(engine)
    medians: dict[str, dict[str, float]] = {"old": {}, "new": {}}
    differ = []
    # Every render under an id of its own, of the form the service gives requests: in production
    # a request's id is derived from its diagram and options, and its process is forked from the
    # warm one, which never saw that id (what id-keyed memos, compile-css-once-per-sheet and the
    # shim's sheet templates, meet there). Both engines render a round under the same id.
    ids = (f"mermaid-{serial:012x}" for serial in itertools.count(1))
    for path in files:
        code = path.read_text(encoding="utf-8")
        svg_id = next(ids)
        outputs = {name: timed(engine, code, svg_id, args.fresh_child)[0] for name, engine in engines.items()}
        if outputs["old"] != outputs["new"]:
            differ.append(path.name)
            print(f"differs: {path.name}")
        times: dict[str, list[float]] = {"old": [], "new": []}
        for round_number in range(args.rounds):
            svg_id = next(ids)
            order = ("old", "new") if round_number % 2 == 0 else ("new", "old")
            for name in order:
                times[name].append(timed(engines[name], code, svg_id, args.fresh_child)[1])
        for name in engines:
            medians[name][path.name] = statistics.median(times[name])
    by_type: dict[str, list[str]] = {}
    for name in medians["old"]:
        by_type.setdefault(name.split("-")[0], []).append(name)
    print(f"{'type':18} {'old ms':>9} {'new ms':>9} {'new/old':>8}")
    for kind, names in sorted(by_type.items()):
        old = sum(medians["old"][n] for n in names)
        new = sum(medians["new"][n] for n in names)
        print(f"{kind:18} {old * 1000:9.1f} {new * 1000:9.1f} {new / old:8.2f}")
    old_total, new_total = sum(medians["old"].values()), sum(medians["new"].values())
    ratios = [medians["new"][n] / medians["old"][n] for n in medians["old"]]
    print(
        f"{len(files)} diagrams, CPU median of {args.rounds} each: total old {old_total * 1000:.0f} ms, "
        f"new {new_total * 1000:.0f} ms, new/old {new_total / old_total:.2f}; median per-diagram ratio "
        f"{statistics.median(ratios):.2f}; {len(files) - len(differ)}/{len(files)} identical"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
