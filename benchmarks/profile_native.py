"""Where a render's CPU goes inside the interpreter itself: `perf` samples grouped by QuickJS's parts.

A dev tool (never the product), the native twin of ``profile_render.py``: that one times
JavaScript functions with probes; this one samples the whole process with Linux ``perf`` (no
probes, no distortion of small functions) while a warm in-process engine renders a generated
diagram (:mod:`scaling`) or a mind map (``test_markmap_bench.outline_of``) a few times, and
groups the C symbols QuickJS spends them in:

* ``bytecode interpreter``: ``JS_CallInternal`` itself (the dispatch loop: what a JIT removes);
* ``property access``: shape lookups, gets and sets, atoms;
* ``allocation and freeing``: malloc/free, reference counts;
* ``garbage collector``: the cycle collector (``JS_RunGC``, mark/decref/scan);
* ``regular expressions``: ``lre_exec`` and the regex compiler;
* ``JS parsing``: the compiler (a bundle's ``new Function`` or eval at run time);
* ``built-ins``: Array, Map, String, Math, JSON … in C;
* ``Python host``: the interpreter of this process (post-processing, JSON).

Usage (needs ``perf`` and permission to use it)::

    python benchmarks/profile_native.py --type er --nodes 50
    python benchmarks/profile_native.py --markmap 100 --rounds 5
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from scaling import GENERATORS

HERE = Path(__file__).resolve().parent

GROUPS: tuple[tuple[str, str], ...] = (
    ("bytecode interpreter", r"^JS_CallInternal$"),
    ("garbage collector", r"^(JS_RunGC|gc_|free_gc_object|mark_children|js_\w+_mark$|free_zero_refcount)"),
    ("regular expressions", r"^(lre_|re_|lre_exec)"),
    ("JS parsing", r"^(next_token|parse_|js_parse|ident_realloc|skip_spaces|emit_|js_create_function|resolve_)"),
    (
        "property access",
        (
            r"^(find_own_property|JS_GetProperty|JS_SetProperty|add_property|add_shape_property|__JS_FindAtom|__JS_NewAtom"
            r"|JS_NewAtom|JS_DupAtom|JS_FreeAtom|JS_AtomTo|js_update_property_flags|JS_DefineProperty|delete_property"
            r"|free_property|js_shape|resize_properties|JS_GetOwnProperty|js_get_length|JS_HasProperty)"
        ),
    ),
    (
        "allocation and freeing",
        (
            r"^(js_malloc|js_free|js_realloc|js_arena|_int_malloc|_int_free|malloc|free|cfree|realloc|JS_FreeValue"
            r"|__JS_FreeValue|js_def_malloc|js_def_free|_PyObject_Malloc|JS_NewObject|js_new_shape|js_free_shape)"
        ),
    ),
    (
        "built-ins",
        r"^(map_|js_get_fast_array|js_array|js_map|js_string|js_math|js_json|js_regexp|js_object|js_function|js_typed|JS_Concat|js_number)",
    ),
    ("Python host", r"^(_Py|Py|lxml|xmlParse|xml)"),
)


def _group(symbol: str) -> str:
    for name, pattern in GROUPS:
        if re.search(pattern, symbol):
            return name
    return "other C"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--type", default="flowchart", choices=sorted(GENERATORS), help="a scaling kind (benchmarks/scaling.py)"
    )
    parser.add_argument("--nodes", type=int, default=50)
    parser.add_argument("--markmap", type=int, metavar="NODES", help="profile a mind map of NODES nodes instead")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    if shutil.which("perf") is None:
        print("perf is not installed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "perf.data"
        child = [sys.executable, str(Path(__file__).resolve()), "--child", *(argv or sys.argv[1:])]
        subprocess.run(["perf", "record", "-F", "999", "-o", str(data), "--", *child], check=True)
        report = subprocess.run(
            ["perf", "report", "-i", str(data), "--no-children", "--sort", "symbol", "-g", "none", "--stdio"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    samples: Counter[str] = Counter()
    for line in report.splitlines():
        match = re.match(r"\s*([\d.]+)%\s+\[[.k]\]\s+(\S+)", line)
        if match:
            samples[match.group(2)] += float(match.group(1))
    groups: Counter[str] = Counter()
    for symbol, share in samples.items():
        groups[_group(symbol)] += share
    print("share of all samples, by part of the interpreter:")
    for name, share in groups.most_common():
        print(f"  {name:26} {share:6.1f} %")
    print(f"top {args.top} symbols:")
    for symbol, share in samples.most_common(args.top):
        print(f"  {symbol:50} {share:6.2f} %  ({_group(symbol)})")
    return 0


def child(argv: list[str]) -> int:
    """Runs inside ``perf record``: warm an engine, then render ``--rounds`` times."""
    import time

    parser = argparse.ArgumentParser()
    parser.add_argument("--type", default="flowchart")
    parser.add_argument("--nodes", type=int, default=50)
    parser.add_argument("--markmap", type=int)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args(argv)
    if args.markmap:
        from test_markmap_bench import outline_of

        from mermaid_printer.bundles.markmap import handlers as markmap_worker
        from mermaid_printer.bundles.markmap.bundle import markmap_bundle
        from mermaid_printer.engine.quickjs_engine import QuickJSEngine
        from mermaid_printer.jobs import MarkmapRenderJob

        engine = QuickJSEngine(markmap_bundle())
        markmap_worker.warm_up(engine)
        job = MarkmapRenderJob(markdown=outline_of(args.markmap), options={}, timeout_ms=0)
        render = lambda: markmap_worker.render(engine, job)  # noqa: E731
    else:
        from profile_render import _engine, _job
        from scaling import generate

        from mermaid_printer.bundles.mermaid import handlers as mermaid_worker

        engine = _engine(transforms=True, probes=None)
        svg_job = _job(generate(args.type, args.nodes))
        render = lambda: mermaid_worker.render_svg(engine, svg_job)  # noqa: E731
    for _ in range(args.rounds):
        started = time.thread_time()
        render()
        print(f"render: {(time.thread_time() - started) * 1000:.0f} ms CPU", file=sys.stderr)
    return 0


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        raise SystemExit(child(sys.argv[2:]))
    raise SystemExit(main())
