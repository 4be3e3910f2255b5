"""Where a small warm request's time goes, end to end, phase by phase (CPU and wall).

For each diagram (a 2-slice pie, a 3-node flowchart, a small sequence, a 25-node flowchart; or
``--diagram FILE``) it renders through ``Printer.render_svg`` with a warm pool and the result
cache off, and for each ``--markmap N`` a generated outline of N nodes
(``test_markmap_bench.outline_of``) through ``Printer.render_markmap``, and prints the median of
each phase over ``--rounds`` renders:

* **caller** (this process; CPU = this thread): building the job (config merge), encoding the
  job frame, handing a socket to the zygote (``launch``), sending the job, waiting for the pid
  frame, waiting for the result, decoding it;
* **handoff** (wall only, from CLOCK_MONOTONIC marks both processes share): from the caller's
  launch to the spare child holding the request socket, and from there to the job read;
* **child** (the single-use render process, probed by ``_breakdown_worker.py``; CPU = its
  thread): reading the job, the pid frame, limits, the engine call (its result JSON apart),
  each post-processing step (parse, sanitize, coordinates, canonicalize, font embedding with
  subsetting and WOFF wrapping apart, serialize), encoding the result; and the child's priming
  (done before the request arrives, off its clock, but CPU the machine spends per request);
* **totals**: render wall time, unprobed and probed (the two printers' pools are both up: in
  the pauses of ``--gap`` the idle one's spares copy ahead beside the other's renders, so
  compare a pacing with another by the probed printer's rows); caller CPU; the CPU of the
  zygote and its reaped children per request (``/proc/<zygote>/stat``: utime+stime+cutime+cstime), i.e. everything
  the render processes spent, priming of the replacement spare included; the probed child's
  minor page faults from its fork to its result (the pages it copied on write or touched
  first, those its priming and copying ahead took included).

How requests follow each other changes what they cost: the unprobed renders run back to back,
while by default each probed render waits for its child's record first (a few ms in which the
next spare primes and copies ahead). ``--back-to-back`` issues the probed renders back to back
as well (the records are read after the last one; a child's record is written before it sends
its result, so records and renders pair up in order), which shows where a single caller's
stream of requests spends its time: the spare that takes each request had only the previous
request's time to get ready, beside it. ``--gap MS`` pauses MS between all renders instead, as
a caller that does something else between requests.

``--compare OLD_SRC`` runs the same measurements for another source tree (say, a ``git
archive`` of main) in a second process and alternates the two, diagram by diagram and round
by round, so both run under the same machine load; it prints old, new and new/old.

Usage::

    PYTHONPATH=src python benchmarks/request_breakdown.py [--rounds 30] [--json out.json]
    PYTHONPATH=src python benchmarks/request_breakdown.py --compare /tmp/main-src --rounds 30
    PYTHONPATH=src python benchmarks/request_breakdown.py --markmap 100
    PYTHONPATH=src python benchmarks/request_breakdown.py --back-to-back --rounds 30
    PYTHONPATH=src python benchmarks/request_breakdown.py --gap 60 --rounds 30
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

DIAGRAMS: dict[str, str] = {
    "pie-2": 'pie\n  "a": 1\n  "b": 2\n',
    "flowchart-3": "flowchart LR\n  A[Start] --> B{Check}\n  B --> C[Done]\n",
    "sequence-small": ("sequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice\n  Alice->>Bob: Bye\n"),
}

# Phases in print order: (key, label).
CALLER_PHASES = [
    ("caller.build_job", "caller: build job (config merge)"),
    ("caller.encode_job", "caller: encode job frame"),
    ("caller.launch", "caller: launch (fd to zygote)"),
    ("caller.send_job", "caller: send job"),
    ("caller.wait_pid", "caller: wait for pid frame"),
    ("caller.wait_result", "caller: wait for result"),
    ("caller.decode_result", "caller: decode result"),
]
GAP_PHASES = [
    ("gap.launch_to_child", "handoff: launch -> child has socket"),
    ("gap.child_to_job", "handoff: child has socket -> job read"),
    ("gap.result_to_caller", "transfer: child sends -> caller has it"),
]
CHILD_PHASES = [
    ("child.read_job", "child: read + decode job"),
    ("child.send_pid", "child: pid frame"),
    ("child.apply_limits", "child: apply limits"),
    ("child.handle", "child: handle (all below)"),
    ("engine.call", "  engine call"),
    ("engine.result_json", "    result JSON decode"),
    ("post.total", "  post-processing (all below)"),
    ("post.parse", "    parse (lxml)"),
    ("post.background", "    background"),
    ("post.sanitize", "    sanitize"),
    ("post.coordinates", "    repair coordinates"),
    ("post.canonicalize", "    canonicalize"),
    ("post.embed_fonts", "    embed fonts (all below)"),
    ("fonts.drawn_text", "      drawn text"),
    ("fonts.subset+woff", "      subset+woff (cached)"),
    ("fonts.subset", "      subset (HarfBuzz)"),
    ("fonts.woff", "      WOFF wrap (zlib)"),
    ("post.serialize", "    serialize"),
    ("child.encode_result", "child: encode result frame"),
    ("python.gc0", "child: Python GC gen 0"),
    ("python.gc1", "child: Python GC gen 1"),
    ("python.gc2", "child: Python GC gen 2"),
    ("child.serve_total", "child: serve total"),
    ("child.prime", "child: priming (before request)"),
]
TOTALS = [
    ("total.render_svg_wall", "render wall (unprobed)"),
    ("total.probed_render_wall", "render wall (probed)"),
    ("total.caller_cpu", "caller CPU (unprobed)"),
    ("total.engine_cpu_per_request", "zygote+children CPU/request"),
    ("total.child_cpu_since_fork", "child CPU since fork (probed)"),
    ("total.child_minor_faults", "child minor faults since fork (count)"),
]


def default_diagrams() -> dict[str, str]:
    from scaling import generate

    return {**DIAGRAMS, "flowchart-25": generate("flowchart", 25)}


#: How long a side waits after starting its printers for their start-up work to end (the
#: page learner rehearses every type at idle priority, after the heap goes into huge pages;
#: then the idle warm-up draws ZenUML's constructs, ~6 s of CPU, and retires the spares).
SETTLE_S = 20.0

#: The kinds of document a side renders: Mermaid code, or Markdown drawn as a mind map.
MERMAID, MARKMAP = "mermaid", "markmap"


@dataclasses.dataclass(frozen=True)
class Pacing:
    """How a side's renders follow each other (see the module's docstring)."""

    #: The probed renders too go back to back (their children's records are read after the last).
    back_to_back: bool = False
    #: A pause before every render, plain and probed (seconds).
    gap_s: float = 0.0

    def pause(self) -> None:
        if self.gap_s:
            time.sleep(self.gap_s)


# --- one side: a process measuring one source tree ----------------------------------------------


class Side:
    """A warm plain printer and a warm probed printer of the source tree on ``sys.path``."""

    def __init__(self) -> None:
        from mermaid_printer import Printer
        from mermaid_printer.pool import RendererPool

        self.log = Path(tempfile.mkstemp(prefix="breakdown-", suffix=".jsonl")[1])
        os.environ["MERMAID_PRINTER_BREAKDOWN_LOG"] = str(self.log)
        engine = {"engine": os.environ.get("MERMAID_PRINTER_ENGINE", "native")}
        self.plain = Printer(RendererPool(worker_options=engine), cache=None)
        self.probed = Printer(RendererPool(worker="_breakdown_worker", worker_options=engine), cache=None)
        self.plain.start()
        self.probed.start()
        # The pools' start-up work (the heap into huge pages, then learning the pages renders
        # write) is done before anything is measured, as in a server that has been up a while.
        time.sleep(SETTLE_S)
        self._caller: dict[str, list[float]] = {}
        self._install_caller_probes()

    def close(self) -> None:
        self.plain.close()
        self.probed.close()
        with contextlib.suppress(OSError):
            self.log.unlink()

    # Caller-side probes: on the module attributes the pool calls; they only record while
    # ``self._recording`` (the plain printer shares the modules).
    def _install_caller_probes(self) -> None:
        import time as time_module

        from mermaid_printer import service, wire
        from mermaid_printer.pool import _backends, _pool
        from mermaid_printer.pool import _protocol as proto

        self._recording = False
        marks: dict[str, float] = {}
        self._marks = marks

        def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                if not self._recording:
                    return function(*args, **kwargs)
                cpu, wall = time_module.thread_time(), time_module.perf_counter()
                try:
                    return function(*args, **kwargs)
                finally:
                    self._add(name, time_module.thread_time() - cpu, time_module.perf_counter() - wall)
                    marks[name] = time_module.monotonic()

            return wrapper

        service.build_mermaid_config = timed("caller.build_job", service.build_mermaid_config)  # type: ignore[attr-defined]
        proto.encode_frame = timed("caller.encode_job", proto.encode_frame)
        _backends.ForkBackend.launch = timed("caller.launch", _backends.ForkBackend.launch)  # type: ignore[method-assign]
        proto.send_bytes = timed("caller.send_job", proto.send_bytes)
        wire.decode = timed("caller.decode_result_json", wire.decode)
        original_read = _pool._read

        def read(reader: Any, deadline: float, cancel: Any) -> Any:
            if not self._recording:
                return original_read(reader, deadline, cancel)
            cpu, wall = time_module.thread_time(), time_module.perf_counter()
            before = list(self._caller.get("caller.decode_result_json", [0.0, 0.0]))
            frame = original_read(reader, deadline, cancel)
            cpu, wall = time_module.thread_time() - cpu, time_module.perf_counter() - wall
            decoded = self._caller.get("caller.decode_result_json", [0.0, 0.0])
            dcpu, dwall = decoded[0] - before[0], decoded[1] - before[1]
            tag = frame[0] if frame else b""
            name = {b"P": "caller.wait_pid", b"R": "caller.wait_result"}.get(tag, "caller.wait_other")
            self._add(name, cpu - dcpu, wall - dwall)
            if tag == b"R":
                self._add("caller.decode_result", dcpu, dwall)
                marks["result_received"] = time_module.monotonic() - dwall
            return frame

        _pool._read = read

    def _add(self, name: str, cpu: float, wall: float) -> None:
        entry = self._caller.setdefault(name, [0.0, 0.0])
        entry[0] += cpu
        entry[1] += wall

    def _engine_cpu(self, printer: Any) -> float:
        backend = printer._pool._backend  # a benchmark reads the zygote's pid
        fields = Path(f"/proc/{backend._proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
        return ticks / os.sysconf("SC_CLK_TCK")

    def run(self, kind: str, code: str, rounds: int, pacing: Pacing) -> dict[str, list[float]]:
        """``rounds`` plain renders, then ``rounds`` probed ones, paced as ``pacing`` says:
        every phase's samples (ms)."""
        from mermaid_printer import build_render_options
        from mermaid_printer.markmap.requests import MarkmapCustomizeRequest

        if kind == MARKMAP:
            request: Any = MarkmapCustomizeRequest(markdown_content=code)
            render = lambda printer: printer.render_markmap(request)  # noqa: E731
        else:
            options = build_render_options(code)
            render = lambda printer: printer.render_svg(options)  # noqa: E731
        samples: dict[str, list[float]] = {}

        def sample(name: str, seconds: float) -> None:
            samples.setdefault(name, []).append(seconds * 1000)

        render(self.plain)  # untimed: first render of this diagram
        engine_before = self._engine_cpu(self.plain)
        for _ in range(rounds):
            pacing.pause()
            wall = time.perf_counter()
            cpu = time.thread_time()
            render(self.plain)
            sample("total.render_svg_wall", time.perf_counter() - wall)
            sample("total.caller_cpu", time.thread_time() - cpu)
        # Over ``rounds`` requests in steady state, ``rounds`` children were reaped (each primed
        # before its request); the last one's exit may lag by a few ms.
        time.sleep(0.05)
        sample("total.engine_cpu_per_request", (self._engine_cpu(self.plain) - engine_before) / rounds)

        render(self.probed)
        self.log.write_bytes(b"")
        rendered: list[tuple[dict[str, list[float]], dict[str, float], dict[str, Any] | None]] = []
        for _ in range(rounds):
            pacing.pause()
            self._caller.clear()
            self._marks.clear()
            self._recording = True
            wall = time.perf_counter()
            try:
                render(self.probed)
            finally:
                self._recording = False
            sample("total.probed_render_wall", time.perf_counter() - wall)
            record = None if pacing.back_to_back else self._child_record()
            rendered.append(({k: list(v) for k, v in self._caller.items()}, dict(self._marks), record))
        if pacing.back_to_back:
            records = self._child_records(rounds)
            rendered = [(caller, marks, record) for (caller, marks, _), record in zip(rendered, records, strict=True)]
        for caller, caller_marks, record in rendered:
            assert record is not None
            for name, (cpu, wall) in caller.items():
                sample(name + ".cpu", cpu)
                sample(name + ".wall", wall)
            for name, step in record["steps"].items():
                sample(name + ".cpu", step["cpu"])
                sample(name + ".wall", step["wall"])
                if "faults" in step:
                    samples.setdefault(name + ".faults", []).append(step["faults"])
            sample("total.child_cpu_since_fork", record["child_cpu_since_fork"])
            if "minor_faults" in record:
                samples.setdefault("total.child_minor_faults", []).append(record["minor_faults"])
            child_marks = record["marks"]
            if "caller.launch" in caller_marks and "request_socket" in child_marks:
                sample("gap.launch_to_child.wall", child_marks["request_socket"] - caller_marks["caller.launch"])
                sample("gap.child_to_job.wall", child_marks["job_read"] - child_marks["request_socket"])
            if "result_received" in caller_marks and "result_sending" in child_marks:
                sample("gap.result_to_caller.wall", caller_marks["result_received"] - child_marks["result_sending"])
        return samples

    def _child_records(self, count: int) -> list[dict[str, Any]]:
        """The records of the last ``count`` children, in the order they wrote them."""
        for _ in range(400):
            lines = self.log.read_bytes().splitlines()
            if len(lines) >= count:
                self.log.write_bytes(b"")
                return [dict(json.loads(line)) for line in lines[-count:]]
            time.sleep(0.005)
        raise RuntimeError(f"the probed children wrote {len(lines)} records, not {count}")

    def _child_record(self) -> dict[str, Any]:
        """The record the child appends after sending its result (it may still be writing)."""
        for _ in range(400):
            lines = self.log.read_bytes().splitlines()
            if lines:
                self.log.write_bytes(b"")
                return dict(json.loads(lines[-1]))
            time.sleep(0.005)
        raise RuntimeError("the probed child wrote no record")


def serve() -> None:
    """``--serve``: answer ``{"kind", "code", "rounds"}`` lines on stdin with JSON samples on stdout."""
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # nothing else may write to the reply channel
    side = Side()
    try:
        out.write(json.dumps({"ready": True}) + "\n")
        out.flush()
        for line in sys.stdin:
            request = json.loads(line)
            pacing = Pacing(**request["pacing"])
            out.write(json.dumps(side.run(request["kind"], request["code"], request["rounds"], pacing)) + "\n")
            out.flush()
    finally:
        side.close()


class Remote:
    """A ``--serve`` process for one source tree."""

    def __init__(self, src: str) -> None:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([src, str(HERE)])
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None
        hello = self.proc.stdout.readline()
        if not hello:
            raise RuntimeError(f"the side for {src} did not start")

    def run(self, kind: str, code: str, rounds: int, pacing: Pacing) -> dict[str, list[float]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        request = {"kind": kind, "code": code, "rounds": rounds, "pacing": dataclasses.asdict(pacing)}
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        return dict(json.loads(self.proc.stdout.readline()))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


# --- report ---------------------------------------------------------------------------------------


def _median(samples: dict[str, list[float]], key: str) -> float | None:
    values = samples.get(key)
    return statistics.median(values) if values else None


def _fmt(value: float | None) -> str:
    return "" if value is None else f"{value:8.2f}"


def _ratio(new: float | None, old: float | None) -> str:
    if new is None or old is None or old < 0.005:
        return ""
    return f"{new / old:6.2f}x"


def report(name: str, sides: list[tuple[str, dict[str, list[float]]]]) -> str:
    lines = [f"== {name} (median ms over rounds)"]
    header = f"{'phase':44}" + "".join(f"{label + ' cpu':>10}{label + ' wall':>11}" for label, _ in sides)
    if len(sides) == 2:
        header += f"{'cpu new/old':>13}{'wall new/old':>13}"
    header += "".join(f"{label + ' faults':>13}" for label, _ in sides)
    lines.append(header)
    rows: list[tuple[str, str, bool]] = [(key, label, True) for key, label in CALLER_PHASES]
    rows += [(key, label, False) for key, label in GAP_PHASES]
    rows += [(key, label, True) for key, label in CHILD_PHASES]
    for key, label, has_cpu in rows:
        cpus = [_median(s, key + ".cpu") if has_cpu else None for _, s in sides]
        walls = [_median(s, key + ".wall") for _, s in sides]
        if all(v is None for v in cpus + walls):
            continue
        line = f"{label:44}" + "".join(f"{_fmt(c):>10}{_fmt(w):>11}" for c, w in zip(cpus, walls, strict=True))
        if len(sides) == 2:
            line += f"{_ratio(cpus[1], cpus[0]):>13}{_ratio(walls[1], walls[0]):>13}"
        faults = [_median(s, key + ".faults") for _, s in sides]
        line += "".join(f"{'' if f is None else f'{f:.0f}':>13}" for f in faults)
        lines.append(line)
    lines.append("-- totals")
    for key, label in TOTALS:
        values = [_median(s, key) for _, s in sides]
        line = f"{label:44}" + "".join(f"{_fmt(v):>21}" for v in values)
        if len(sides) == 2:
            line += f"{_ratio(values[1], values[0]):>26}"
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--chunk", type=int, default=5, help="with --compare: rounds per turn")
    parser.add_argument("--diagram", type=Path, action="append", help="a .mmd file (repeatable)")
    parser.add_argument(
        "--markmap", type=int, action="append", metavar="N", help="a mind map of an N-node outline (repeatable)"
    )
    parser.add_argument("--compare", metavar="OLD_SRC", help="another source tree's src/ to measure alongside")
    parser.add_argument(
        "--back-to-back", action="store_true", help="issue the probed renders back to back too (default: each waits)"
    )
    parser.add_argument("--gap", type=float, default=0.0, metavar="MS", help="pause MS before every render")
    parser.add_argument("--json", type=Path, help="write every sample here")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return 0
    if args.diagram:
        missing = [str(path) for path in args.diagram if not path.is_file()]
        if missing:
            parser.error(f"no such diagram file: {', '.join(missing)}")
        diagrams = {path.stem: (MERMAID, path.read_text(encoding="utf-8")) for path in args.diagram}
    elif args.markmap:
        diagrams = {}
    else:
        diagrams = {name: (MERMAID, code) for name, code in default_diagrams().items()}
    if args.markmap:
        from test_markmap_bench import outline_of

        diagrams.update({f"markmap-{nodes}": (MARKMAP, outline_of(nodes)) for nodes in args.markmap})
    if args.gap < 0:
        parser.error("--gap must not be negative")
    pacing = Pacing(back_to_back=args.back_to_back, gap_s=args.gap / 1000)
    results: dict[str, dict[str, dict[str, list[float]]]] = {}
    if args.compare:
        import mermaid_printer

        new_src = str(Path(mermaid_printer.__file__).resolve().parent.parent)
        sides = {"old": Remote(args.compare), "new": Remote(new_src)}
        try:
            for name, (kind, code) in diagrams.items():
                merged: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
                done = 0
                while done < args.rounds:
                    n = min(args.chunk, args.rounds - done)
                    for label, remote in sides.items():
                        for key, values in remote.run(kind, code, n, pacing).items():
                            merged[label].setdefault(key, []).extend(values)
                    done += n
                results[name] = merged
                print(report(name, [("old", merged["old"]), ("new", merged["new"])]), flush=True)
                print(flush=True)
        finally:
            for remote in sides.values():
                remote.close()
    else:
        os.environ["PYTHONPATH"] = os.pathsep.join([*sys.path])
        side = Side()
        try:
            for name, (kind, code) in diagrams.items():
                samples = side.run(kind, code, args.rounds, pacing)
                results[name] = {"this": samples}
                print(report(name, [("this", samples)]), flush=True)
                print(flush=True)
        finally:
            side.close()
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
