"""The render-process side of ``request_breakdown.py``: the product worker with timing probes.

A pool started with ``worker="_breakdown_worker"`` runs this module in its zygote. It imports the
real worker (:mod:`mermaid_printer.worker`), runs its ``prepare()``, then wraps, by the names the
code calls them, the steps a render process takes: reading the job, the pid frame, the limits,
the engine call, each post-processing step, font subsetting and WOFF wrapping, encoding the
result and sending it. Each single-use child appends one JSON line to the file named by
``$MERMAID_PRINTER_BREAKDOWN_LOG`` just before it sends its result: per step, CPU time (this thread)
and wall time, plus CLOCK_MONOTONIC marks so the caller can place the child's steps on its own
timeline (the clock is shared by every process of the machine), and the child's whole CPU time
since fork (priming included). The zygote's own work (forking, handing over) is not probed; the
caller reads it from ``/proc``.

Never part of the product: the probes add a few microseconds per step.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import resource
import time
from collections.abc import Callable
from typing import Any

from mermaid_printer import worker as _real

LOG_ENV = "MERMAID_PRINTER_BREAKDOWN_LOG"

_steps: dict[str, list[float]] = {}  # name -> [cpu_s, wall_s, count, minor page faults]
_marks: dict[str, float] = {}  # name -> time.monotonic()


def _add(name: str, cpu: float, wall: float, faults: int = 0) -> None:
    entry = _steps.setdefault(name, [0.0, 0.0, 0, 0])
    entry[0] += cpu
    entry[1] += wall
    entry[2] += 1
    entry[3] += faults


def _faults() -> int:
    """This process's minor page faults so far (copies on write and first touches)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        faults, cpu, wall = _faults(), time.thread_time(), time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _add(name, time.thread_time() - cpu, time.perf_counter() - wall, _faults() - faults)

    return wrapper


def _patch(owner: Any, attribute: str, name: str) -> None:
    setattr(owner, attribute, _timed(name, getattr(owner, attribute)))


def prepare(**options: Any) -> None:
    """The real ``prepare()``, then the probes (so the warm-up itself is not probed)."""
    _real.prepare(**options)
    _install()
    _steps.clear()


def _gc_callback(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _gc_began[:] = [time.thread_time(), time.perf_counter()]
    elif _gc_began:
        _add(f"python.gc{info['generation']}", time.thread_time() - _gc_began[0], time.perf_counter() - _gc_began[1])


_gc_began: list[float] = []


def prime(prime_for: str | None = None) -> None:
    # The zygote's own probed calls (its exit reports go through encode_frame) are not this
    # child's: start from zero.
    _steps.clear()
    _marks.clear()
    gc.callbacks.append(_gc_callback)
    _mark("child_started")
    faults, cpu, wall = _faults(), time.thread_time(), time.perf_counter()
    if prime_for is None:  # (an older tree's worker, under --compare, takes no argument)
        _real.prime()
    else:
        _real.prime(prime_for)
    _steps.clear()  # the priming parse is not the request's engine call
    _add("child.prime", time.thread_time() - cpu, time.perf_counter() - wall, _faults() - faults)
    _mark("primed")


def handle(job: Any) -> Any:
    return _real.handle(job)


if hasattr(_real, "record_pages"):  # (a source tree from before the pool learned pages to copy ahead)

    def record_pages() -> Any:
        """The real rehearsal, in the pool's page learner (not probed: it serves no request): its
        steps to iterate (or, in a tree from before the rehearsal had steps, done in the call)."""
        return _real.record_pages()


if hasattr(_real, "find_safe_stylesheets"):  # (a source tree from before the pool's learner found safe stylesheets)

    def find_safe_stylesheets() -> bytes:
        """The real find_safe_stylesheets, in the pool's learner (not probed)."""
        return _real.find_safe_stylesheets()

    def adopt_safe_stylesheets(lessons: bytes) -> None:
        """The real learning, in the zygote."""
        _real.adopt_safe_stylesheets(lessons)


def _mark(name: str) -> None:
    _marks[name] = time.monotonic()


def _install() -> None:
    from mermaid_printer.bundles.markmap import handlers as markmap_worker
    from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
    from mermaid_printer.engine import quickjs_engine
    from mermaid_printer.fonts import embed
    from mermaid_printer.pool import _protocol as proto
    from mermaid_printer.postprocess import finish

    # The render process's protocol steps (serve_one_request calls these by module attribute).
    original_read = proto.FrameReader.read

    def read(self: Any, deadline: float | None = None) -> Any:
        _mark("job_wait_began")
        cpu, wall = time.thread_time(), time.perf_counter()
        frame = original_read(self, deadline)
        _add("child.read_job", time.thread_time() - cpu, time.perf_counter() - wall)
        _mark("job_read")
        return frame

    proto.FrameReader.read = read  # type: ignore[method-assign]
    _patch(proto, "send_frame", "child.send_pid")
    _patch(proto, "apply_limits", "child.apply_limits")
    _patch(proto, "run_handle", "child.handle")
    _patch(proto, "encode_frame", "child.encode_result")

    original_serve = proto.serve_one_request
    serve_began: list[float] = []

    def serve_one_request(sock: Any, handle: Callable[[Any], Any]) -> None:
        _mark("request_socket")
        serve_began[:] = [time.thread_time(), time.perf_counter(), _faults()]
        original_serve(sock, handle)

    # The caller hangs up once it has the result, and the zygote then kills this process: the
    # record is written just before the result is sent (flush_std_streams comes right before).
    original_flush = proto.flush_std_streams

    def flush_std_streams() -> None:
        original_flush()
        if serve_began:  # once: the child flushes again on its way out
            _add(
                "child.serve_total",
                time.thread_time() - serve_began[0],
                time.perf_counter() - serve_began[1],
                _faults() - int(serve_began[2]),
            )
            _mark("result_sending")
            _write_record()
            serve_began.clear()

    proto.serve_one_request = serve_one_request
    proto.flush_std_streams = flush_std_streams

    # The engine call, and the JSON decode of its result inside it.
    _patch(quickjs_engine.QuickJSEngine, "call", "engine.call")
    _patch(quickjs_engine, "_json_object", "engine.result_json")

    # The post-processing chain (finish_svg calls these by module attribute).
    _patch(mermaid_worker, "_finish_svg", "post.total")
    _patch(markmap_worker, "finish_svg", "post.total")
    for attribute, name in [
        ("parse_svg", "post.parse"),
        ("apply_background", "post.background"),
        ("sanitize_svg", "post.sanitize"),
        ("repair_coordinates", "post.coordinates"),
        ("canonicalize_svg", "post.canonicalize"),
        ("_embed_fonts", "post.embed_fonts"),
        ("serialize_svg", "post.serialize"),
    ]:
        _patch(finish, attribute, name)
    for attribute, name in [
        ("subset_sfnt", "fonts.subset"),
        ("to_woff", "fonts.woff"),
        ("_drawn_text", "fonts.drawn_text"),
    ]:
        if hasattr(embed, attribute):
            _patch(embed, attribute, name)
    # Optional steps that only some versions of the code have (cached subsets).
    for attribute, name in [("_woff_subset", "fonts.subset+woff"), ("_font_face_rule", "fonts.rule")]:
        if hasattr(embed, attribute):
            _patch(embed, attribute, name)


def _write_record() -> None:
    path = os.environ.get(LOG_ENV)
    if not path:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    record = {
        "pid": os.getpid(),
        "steps": {name: {"cpu": v[0], "wall": v[1], "count": v[2], "faults": v[3]} for name, v in _steps.items()},
        "marks": _marks,
        "child_cpu_since_fork": usage.ru_utime + usage.ru_stime,
        "minor_faults": usage.ru_minflt,
    }
    line = (json.dumps(record) + "\n").encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        os.write(fd, line)
    finally:
        os.close(fd)
