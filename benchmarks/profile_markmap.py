"""Where a mind map render's time goes under QuickJS: markmap, d3, or the DOM shim.

A dev tool (never the product), the markmap twin of ``profile_render.py`` (whose probes it
reuses: ``profile_probe.js`` loaded first, the shim's top-level functions rebound to probes, the
DOM classes' methods and accessors wrapped after loading, the clock ``time.thread_time``). It
renders a generated outline of N nodes (``test_markmap_bench.outline_of``) or a Markdown file
through the worker's render handler and prints

* the handler's CPU time, unprobed (median of ``--rounds``);
* JavaScript self time by category (``shim:*``, ``glue``, and what ran outside every probed
  frame: markmap-view's and d3's own code, which is not probed);
* the top functions by self time and by inclusive time, with call counts.

Usage::

    python benchmarks/profile_markmap.py --nodes 100
    python benchmarks/profile_markmap.py --nodes 1000 --top 40
    python benchmarks/profile_markmap.py path/to/map.md
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from pathlib import Path
from typing import Any

from support import PROBE, SHIM_CATEGORY, WRAP_AFTER_LOAD, ProbeNames, outline_of, print_single

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.markmap.style import font_shorthand, stylesheet


@dataclasses.dataclass(frozen=True)
class _ProbeSome:
    """Rebinds only the named top-level functions of a shim file (``file.js:name``) to probes."""

    file: str
    category: str
    names: tuple[str, ...]
    name: str = "profile-probes"

    def key(self) -> str:
        return f"probes:{self.file}:{','.join(self.names)}"

    def apply(self, source: str) -> str:
        end = source.rstrip().rfind("})();")
        rebind = "".join(
            f'  {n} = globalThis.__profile.wrap({n}, "{self.file}:{n}", "{self.category}");\n' for n in self.names
        )
        return source[:end] + rebind + source[end:]


def probed_bundle(base: Bundle, only: tuple[str, ...] = ()) -> Bundle:
    """``base`` with the probe script first and the shim's files probed (all their top-level
    functions, or only the ``file.js:name`` functions of ``only``)."""
    scripts = [Script(PROBE)]
    for script in base.scripts:
        extra: tuple[Any, ...] = ()
        if script.name in SHIM_CATEGORY and script.kind == "script":
            if not only:
                extra = (ProbeNames(script.name, SHIM_CATEGORY[script.name]),)
            else:
                names = tuple(n.split(":", 1)[1] for n in only if n.startswith(script.name + ":"))
                extra = (_ProbeSome(script.name, SHIM_CATEGORY[script.name], names),) if names else ()
        scripts.append(dataclasses.replace(script, transforms=(*script.transforms, *extra)))
    return dataclasses.replace(base, scripts=tuple(scripts))


def _job(markdown: str) -> MarkmapRenderJob:
    return MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0)


def host_cpu(engine: QuickJSEngine, markdown: str, rounds: int) -> list[float]:
    """CPU seconds (this thread) of each of ``rounds`` calls of the render handler."""
    times = []
    for _ in range(rounds):
        started = time.thread_time()
        worker.render(engine, _job(markdown))
        times.append(time.thread_time() - started)
    return times


def js_profile(engine: QuickJSEngine, markdown: str) -> dict[str, Any]:
    """One probed engine call of ``render``: per-function records corrected for probe cost."""
    import json

    inside, outside = json.loads(engine.eval("__profile.calibrate(20000)"))
    job = _job(markdown)
    payload = {
        "markdown": markdown,
        "options": {},
        "font": font_shorthand(job.font_size),
        "css": stylesheet(job.css_variables, job.label_padding_y),
        "svgId": "markmap-0123456789ab",  # of the form the service gives requests
    }
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
        rec["self"] = max(0.0, rec["self"] - rec["calls"] * inside - rec["childCalls"] * (outside - inside))
        overhead += rec["calls"] * outside
    return {"total": total, "records": records, "overhead": overhead}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", type=Path, help="a Markdown file (else --nodes)")
    parser.add_argument("--nodes", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5, help="unprobed rounds (the median is shown)")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--no-probes", action="store_true", help="only the unprobed CPU times")
    parser.add_argument(
        "--only",
        help="probe only these shim functions (comma-separated file.js:name, e.g. css.js:declaredValues), "
        "for accurate inclusive times; the DOM classes are then not probed",
    )
    args = parser.parse_args(argv)
    markdown = args.file.read_text(encoding="utf-8") if args.file else outline_of(args.nodes)
    label = str(args.file) if args.file else f"outline of {args.nodes} nodes"

    plain = QuickJSEngine(markmap_bundle())
    worker.warm_up(plain)
    host_cpu(plain, markdown, 1)
    times = host_cpu(plain, markdown, args.rounds)
    print(
        f"{label}: render CPU ms (unprobed): median {statistics.median(times) * 1000:.1f}, "
        f"min {min(times) * 1000:.1f}, rounds {[round(t * 1000, 1) for t in times]}"
    )
    if args.no_probes:
        return 0
    only = tuple(args.only.split(",")) if args.only else ()
    probed = QuickJSEngine(probed_bundle(markmap_bundle(), only))
    probed._context.add_callable("__profileClock", time.thread_time)  # only in this tool
    if not only:
        probed.eval(WRAP_AFTER_LOAD)
    worker.warm_up(probed)
    host_cpu(probed, markdown, 1)
    js = js_profile(probed, markdown)
    host = {"total": statistics.median(times), "parts": {}, "calls": {}}
    print_single(label, host, js, args.top, None)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
