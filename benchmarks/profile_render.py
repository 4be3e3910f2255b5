"""Where a render's time goes under QuickJS: Mermaid's code, the DOM shim, or the host.

A dev tool (never the product): it loads the Mermaid bundle with timing probes, renders one
diagram (a file, or a generated one of N nodes) through the same handler a render process runs,
and prints

* **host**: the handler's CPU time split into the engine call (the interpreter's ``eval`` and
  ``execute_pending_job``, and the call loop's own Python time: payload/result JSON), parsing,
  sanitizing, canonicalizing, font embedding and serializing the SVG — each step timed with a
  thread-CPU clock by wrapping the names the handler calls (``cProfile`` inflates Python code
  with many small calls, such as the CSS scrubbing, several times over);
* **JavaScript by category**: self time of Mermaid's named functions (``mermaid``), of each
  part of the shim (``shim:dom``, ``shim:css``, ``shim:selectors``, ``shim:geometry``,
  ``shim:text``, ``shim:html``, ``shim:env``) and of the bundle's glue, and what ran outside every
  probed frame (async continuations of Mermaid's render resumed by the host's job loop);
* **the top functions** by self time, with call counts.

``--sizes 10,25,50,100`` profiles a generated diagram at each size and prints the categories and
top functions side by side with their growth exponent (time ∝ n^k between the two largest
sizes): k ≈ 1 is linear, k ≈ 2 quadratic.

How the probes work (``profile_probe.js``): the probe script is loaded before the bundle and
wraps functions in counting, timing Proxies. Mermaid's bundle names its functions through one
helper (esbuild's ``__name``, ``var i=(r,t)=>...``); a load-time rewrite of this one bundle
routes it through the probe, and rewrites ``i(f,"f");`` statements of function declarations into
``f=i(f,"f");`` so declared functions are probed too. The shim's top-level functions are
rebound to probes at the end of each file, and the DOM classes' methods and accessors are
wrapped after loading. The clock is ``time.thread_time`` registered with ``add_callable`` (CPU
time of this thread, immune to other processes' load); the product's engine registers no
callables. Self times are corrected for the probes' own cost, calibrated on an empty function.
Probes slow the render down (reported as ``probe overhead``); the host split comes from a
separate, unprobed run.

Usage::

    python benchmarks/profile_render.py --type flowchart --nodes 50
    python benchmarks/profile_render.py path/to/diagram.mmd --top 40
    python benchmarks/profile_render.py --type class --sizes 10,25,50,100
    python benchmarks/profile_render.py --type state --nodes 50 --no-transforms   # bundle as shipped
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
import math
import re
import time
from pathlib import Path
from typing import Any

from scaling import GENERATORS, generate
from support import PROBE, SHIM_CATEGORY, WRAP_AFTER_LOAD, ProbeNames, categories, format_ms, print_single

from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.bundle import Bundle, BundleTransformError, Script
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.postprocess import finish

# esbuild's __name helper in Mermaid's bundle, and what routes it through the probe.
NAME_HELPER = 'var i=(r,t)=>Pee(r,"name",{value:t,configurable:!0})'
PROBED_NAME_HELPER = 'var i=(r,t)=>globalThis.__profile.wrap(Pee(r,"name",{value:t,configurable:!0}),t,"mermaid")'


@dataclasses.dataclass(frozen=True)
class _ProbeMermaid:
    """Routes Mermaid's __name helper through the probe (see the module docstring)."""

    declarations: bool
    #: Probe only these names (exact, as Mermaid names them), if given.
    only: tuple[str, ...] = ()
    name: str = "profile-probes"

    def key(self) -> str:
        return f"probes:mermaid:{self.declarations}:{','.join(self.only)}"

    def apply(self, source: str) -> str:
        if source.count(NAME_HELPER) != 1:
            raise BundleTransformError("the __name helper is not where the profiler expects it")
        helper = PROBED_NAME_HELPER
        if self.only:
            names = json.dumps(dict.fromkeys(self.only, 1))
            helper = helper.replace("__profile.wrap(", "__profile.wrapIf(").replace('"mermaid")', f'"mermaid",{names})')
        source = source.replace(NAME_HELPER, helper)
        if not self.declarations:
            return source
        # Function declarations are named by a statement of their own; make it rebind them.
        return re.sub(r"(?<=[;{}])i\((?!this\b)([\w$]+),\"([^\"]+)\"\);", r'\1=i(\1,"\2");', source)


#: What ``--probes`` wraps: nothing but Mermaid's phases (and ``--only`` names: accurate
#: inclusive times); the shim and glue; also Mermaid's named function expressions; also its
#: function declarations (most detail, most probe overhead).
PROBE_LEVELS = ("none", "shim", "mermaid", "all")


def probed_bundle(base: Bundle, level: str, only: tuple[str, ...] = ()) -> Bundle:
    """``base`` with the probe script first and the shim (and Mermaid, by ``level``) probed."""
    scripts = [Script(PROBE)]
    for script in base.scripts:
        extra: tuple[Any, ...] = ()
        if script.name == "mermaid.min.js":
            extra = (_ProbeMermaid(declarations=level == "all", only=only),) if level != "shim" or only else ()
        elif script.name in SHIM_CATEGORY and script.kind == "script" and level != "none":
            extra = (ProbeNames(script.name, SHIM_CATEGORY[script.name]),)
        scripts.append(dataclasses.replace(script, transforms=(*script.transforms, *extra)))
    return dataclasses.replace(base, scripts=tuple(scripts))


def _engine(*, transforms: bool, probes: str | None, only: tuple[str, ...] = ()) -> QuickJSEngine:
    base = mermaid_bundle(transforms=transforms)
    engine = QuickJSEngine(probed_bundle(base, probes, only) if probes else base)
    if probes:
        # A host callable, only in this tool: the product's engine registers none (and must not).
        engine._context.add_callable("__profileClock", time.thread_time)
        if probes != "none":
            engine.eval(WRAP_AFTER_LOAD)
    mermaid_worker.warm_up(engine)
    return engine


# Every render under an id of its own, of the form the service gives requests: a request's id is
# derived from its diagram, and its process never saw it (what id-keyed memos meet in production).
_SVG_IDS = (f"mermaid-{serial:012x}" for serial in itertools.count(1))


def _job(code: str) -> SvgJob:
    return SvgJob(code=code, config=build_mermaid_config({}), svg_id=next(_SVG_IDS), timeout_ms=0, embed_fonts=True)


#: The handler's steps, timed by wrapping the names ``bundles/mermaid/handlers.py`` calls them by.
# The steps of postprocess.finish.finish_svg, by the names it calls them.
HOST_STEPS = (
    "parse_svg",
    "apply_background",
    "sanitize_svg",
    "repair_coordinates",
    "canonicalize_svg",
    "_embed_fonts",
    "serialize_svg",
)


class _TimedContext:
    """Stands in for the engine's interpreter context: times ``eval`` and ``execute_pending_job``."""

    def __init__(self, context: Any, clock: dict[str, list[float]]) -> None:
        self._context = context
        self._clock = clock

    def _timed(self, name: str, *args: Any) -> Any:
        started = time.thread_time()
        try:
            return getattr(self._context, name)(*args)
        finally:
            entry = self._clock.setdefault(f"  {name}", [0.0, 0])
            entry[0] += time.thread_time() - started
            entry[1] += 1

    def eval(self, source: str) -> Any:
        return self._timed("eval", source)

    def execute_pending_job(self) -> Any:
        return self._timed("execute_pending_job")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._context, name)


def _timed(function: Any, label: str, clock: dict[str, list[float]]) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            entry = clock.setdefault(label, [0.0, 0])
            entry[0] += time.thread_time() - started
            entry[1] += 1

    return run


def host_profile(engine: QuickJSEngine, code: str, rounds: int) -> dict[str, Any]:
    """CPU seconds of the whole handler and of its steps (the round with the median total).

    The engine call is split into the interpreter's ``eval`` (the render's first synchronous
    part, the result polls) and ``execute_pending_job`` (everything after Mermaid's first
    ``await``); what is left is the call loop's own Python time (payload and result JSON).
    """
    runs = []
    originals = {name: getattr(finish, name) for name in HOST_STEPS}
    context = engine._context
    for _ in range(rounds):
        clock: dict[str, list[float]] = {}
        engine._context = _TimedContext(context, clock)
        call = engine.call
        engine.call = _timed(call, "engine call", clock)  # type: ignore[method-assign]
        for name, function in originals.items():
            setattr(finish, name, _timed(function, name.lstrip("_"), clock))
        try:
            engine.defer_garbage_collection()  # as the pool's zygote does before it forks
            started = time.thread_time()
            mermaid_worker.render_svg(engine, _job(code))
            total = time.thread_time() - started
        finally:
            engine._context = context
            del engine.call
            for name, function in originals.items():
                setattr(mermaid_worker, name, function)
        loop = clock["engine call"][0] - sum(clock.get(f"  {n}", [0.0])[0] for n in ("eval", "execute_pending_job"))
        clock["  call loop (Python)"] = [loop, clock["engine call"][1]]
        runs.append(
            {"total": total, "parts": {k: v[0] for k, v in clock.items()}, "calls": {k: v[1] for k, v in clock.items()}}
        )
    runs.sort(key=lambda r: r["total"])
    return runs[len(runs) // 2]


def child_profile(engine: QuickJSEngine, code: str, rounds: int) -> dict[str, Any]:
    """The handler in a child forked from this warm process, as the pool runs it (median round).

    The child first runs the worker's ``prime()`` (as the pool's spares do, off the request's
    clock), then the handler; it reports CPU and wall milliseconds of the handler and the page
    faults it took (copy-on-write copies of the warm process's memory, mostly).
    """
    import os
    import resource

    runs = []
    for _ in range(rounds):
        engine.defer_garbage_collection()  # as the pool's zygote does before it forks
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child
            try:
                os.close(read_end)
                mermaid_worker.prime(engine)
                faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
                wall, cpu = time.perf_counter(), time.process_time()
                mermaid_worker.render_svg(engine, _job(code))
                row = {
                    "wall": time.perf_counter() - wall,
                    "cpu": time.process_time() - cpu,
                    "faults": resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults,
                }
                os.write(write_end, json.dumps(row).encode())
            finally:
                os._exit(0)
        os.close(write_end)
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
        os.waitpid(pid, 0)
        runs.append(json.loads(data))
    runs.sort(key=lambda r: r["cpu"])
    return runs[len(runs) // 2]


def js_profile(engine: QuickJSEngine, code: str) -> dict[str, Any]:
    """One probed engine call: per-function records corrected for probe cost, and the total."""
    inside, outside = json.loads(engine.eval("__profile.calibrate(20000)"))
    payload = {"code": code, "config": build_mermaid_config({}), "svgId": next(_SVG_IDS)}
    engine.defer_garbage_collection()  # as the pool's zygote does before it forks
    engine.eval("__profile.start()")
    started = time.thread_time()
    result = engine.call("render", payload)
    total = time.thread_time() - started
    engine.eval("__profile.stop()")
    if not result.get("ok"):
        raise SystemExit(f"render failed: {result.get('error')}")
    records = json.loads(engine.eval("__profile.report()"))
    overhead = 0.0
    for rec in records:
        # Each probe costs `inside` within its own frame and `outside - inside` in its caller's.
        rec["self"] = max(0.0, rec["self"] - rec["calls"] * inside - rec["childCalls"] * (outside - inside))
        overhead += rec["calls"] * outside
    return {"total": total, "records": records, "overhead": overhead}


def _exponent(small: float, large: float, n_small: int, n_large: int) -> str:
    if small <= 0 or large <= 0:
        return "   -"
    return f"{math.log(large / small) / math.log(n_large / n_small):4.1f}"


def print_sizes(
    kind: str, sizes: list[int], results: dict[int, tuple[dict[str, Any], dict[str, Any]]], top: int
) -> None:
    a, b = sizes[-2], sizes[-1]
    head = "".join(f"{n:>10d}" for n in sizes)
    print(f"== {kind}: CPU ms by size (k: time ~ n^k between {a} and {b})")
    print(f"  {'part':40s}{head}     k")
    rows: dict[str, dict[int, float]] = {}
    for n, (host, js) in results.items():
        rows.setdefault("host: whole handler", {})[n] = host["total"]
        for name, seconds in host["parts"].items():
            rows.setdefault(f"host: {name.strip()}", {})[n] = seconds
        for name, seconds in categories(js).items():
            rows.setdefault(f"js: {name}", {})[n] = seconds
    for name, by_size in rows.items():
        cells = "".join(format_ms(by_size.get(n, 0.0)) + " " for n in sizes)
        print(f"  {name[:39]:40s}{cells}{_exponent(by_size.get(a, 0), by_size.get(b, 0), a, b)}")
    largest = results[b][1]["records"]
    print(f"top {top} functions at n={b} (self ms | calls per size)")
    by_name = {n: {(r["category"], r["name"]): r for r in results[n][1]["records"]} for n in sizes}
    for rec in sorted(largest, key=lambda r: -r["self"])[:top]:
        key = (rec["category"], rec["name"])
        selfs = "".join(format_ms(by_name[n].get(key, {"self": 0.0})["self"]) + " " for n in sizes)
        calls = " ".join(str(by_name[n].get(key, {"calls": 0})["calls"]) for n in sizes)
        small = by_name[a].get(key, {"self": 0.0})["self"]
        print(f"  {rec['name'][:39]:40s}{selfs}{_exponent(small, rec['self'], a, b)}  calls {calls}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="a .mmd file (else --type and --nodes)")
    parser.add_argument("--type", choices=sorted(GENERATORS), default="flowchart")
    parser.add_argument("--nodes", type=int, default=50)
    parser.add_argument("--sizes", help="comma-separated sizes of generated diagrams, e.g. 10,25,50,100")
    parser.add_argument("--rounds", type=int, default=3, help="unprobed host rounds (the median is shown)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--probes", choices=PROBE_LEVELS, default="mermaid", help="what to probe (default: %(default)s)"
    )
    parser.add_argument(
        "--only",
        help="probe only these of Mermaid's function names (comma-separated; with --probes shim: shim + these), "
        "for accurate inclusive times of big functions",
    )
    parser.add_argument("--no-transforms", action="store_true", help="the bundle without its load-time transforms")
    parser.add_argument("--json", type=Path, help="also write every number here")
    args = parser.parse_args(argv)
    if args.file is not None and not args.file.is_file():
        parser.error(f"no such diagram file: {args.file}")

    transforms = not args.no_transforms
    plain = _engine(transforms=transforms, probes=None)
    only = tuple(args.only.split(",")) if args.only else ()
    probed = _engine(transforms=transforms, probes=args.probes, only=only)
    if args.sizes:
        sizes = sorted(int(s) for s in args.sizes.split(","))
        codes = {n: generate(args.type, n) for n in sizes}
    elif args.file:
        sizes, codes = [0], {0: args.file.read_text(encoding="utf-8")}
    else:
        sizes, codes = [args.nodes], {args.nodes: generate(args.type, args.nodes)}
    results = {}
    children: dict[int, dict[str, Any]] = {}
    for n, code in codes.items():
        plain.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": next(_SVG_IDS)})
        host = host_profile(plain, code, args.rounds)
        probed.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": next(_SVG_IDS)})
        results[n] = (host, js_profile(probed, code))
        children[n] = child_profile(plain, code, args.rounds)
    if len(sizes) > 1:
        print_sizes(args.type, sizes, results, args.top)
    else:
        label = str(args.file) if args.file else f"{args.type}, {args.nodes} nodes"
        print_single(label, *results[sizes[0]], args.top, children[sizes[0]])
    if args.json:
        data = {str(n): {"host": host, "js": js, "child": children[n]} for n, (host, js) in results.items()}
        args.json.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
