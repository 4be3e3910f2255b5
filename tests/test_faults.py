"""Faults from outside, on a real printer: ``kill -9`` of the engine process and of a render
process in the middle of a render, a full or read-only result cache directory, a corrupted
vendored file (50 concurrent clients on a pool of 2: ``tests/http/test_http_faults.py``). Each request a fault hits ends in a
clear, typed error (or, where the pool can retry unseen, in its own answer); the requests after
it get full service; no request is ever answered with another request's output (every diagram
carries a label of its own, checked in each answer).

The font cache's faults (full, read-only, removed while running) are in
``tests/fonts/test_instances.py``; ``benchmarks/test_soak.py`` repeats these end to end.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mounts import full_directory, read_only_directory
from process_tree import children, wait_for

from mermaid_printer import Printer, PrinterError, build_render_options
from mermaid_printer.cache import default_cache
from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.pool import RendererPool
from mermaid_printer.resources import VENDOR_DIR_ENV, vendor_dir

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="acts on processes through Linux /proc"),
]

_LABEL = re.compile(r"uniq-\d{4}-q")


def labelled(index: int, nodes: int = 1) -> str:
    """A flowchart whose every node carries the label ``uniq-<index>-q`` (``nodes`` of them)."""
    lines = [f'  N{n}["uniq-{index:04d}-q {n}"] --> N{n + 1}' for n in range(nodes)]
    return "flowchart TD\n" + "\n".join(lines)


def labels_in(svg: str) -> set[str]:
    return set(_LABEL.findall(svg))


@pytest.fixture(scope="module")
def pool() -> Iterator[RendererPool]:
    with RendererPool(max_concurrency=2) as shared:
        shared.start()
        yield shared


@pytest.fixture(scope="module")
def printer_on_pool(pool: RendererPool) -> Printer:
    return Printer(pool, cache=None)  # closed with the pool


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])  # utime + stime


def _render_in_background(printer: Printer, code: str) -> tuple[threading.Thread, dict[str, Any]]:
    outcome: dict[str, Any] = {}

    def render() -> None:
        try:
            outcome["svg"] = printer.render_svg(build_render_options(code, timeout_ms=60_000)).svg
        except PrinterError as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=render)
    thread.start()
    return thread, outcome


def _niceness(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    except (OSError, IndexError, ValueError):
        return 0


def _busy_child(engine: int) -> int:
    """The render process that took the request: of the engine's children, the one using CPU
    now (spares wait idle; a primed spare's earlier CPU time does not count; the pool's learner,
    which draws fixed diagrams after start, runs at the lowest priority, niceness 19, from its
    first moments: a learner forked just before the first look is told apart by the second)."""

    window: list[tuple[float, dict[int, int]]] = []  # when the CPU times were read, and them

    def busy() -> int | None:
        # The CPU each child gained over a window of at least 0.15 s (then a new window opens).
        now = time.monotonic()
        if window and now - window[0][0] < 0.15:
            return None
        ticks = {pid: _cpu_ticks(pid) for pid in children(engine) if _niceness(pid) < 19}
        before = window[0][1] if window else {}
        window[:] = [(now, ticks)]
        gained = {pid: ticks[pid] - before[pid] for pid in before if pid in ticks}
        working = [pid for pid, gain in gained.items() if gain >= 3]
        return max(working, key=lambda pid: gained[pid]) if len(working) == 1 else None

    return wait_for(busy, "a render process at work")


def _assert_own_answer_or_clear_error(outcome: dict[str, Any], index: int, codes: set[str]) -> None:
    if "svg" in outcome:
        assert labels_in(outcome["svg"]) == {f"uniq-{index:04d}-q"}
    else:
        assert outcome["error"].code in codes, outcome["error"]
        assert outcome["error"].message.strip()


def _assert_full_service(printer: Printer, first_index: int) -> None:
    for index in range(first_index, first_index + 3):
        svg = printer.render_svg(build_render_options(labelled(index))).svg
        assert labels_in(svg) == {f"uniq-{index:04d}-q"}


def _engine_of(pool: RendererPool) -> int:
    """This pool's engine process (another printer of the test session has its own zygote)."""
    pid = pool.engine_pid
    assert pid is not None
    return pid


def test_kill_9_of_the_engine_process_mid_render_fails_that_request_and_serves_the_next(
    pool: RendererPool, printer_on_pool: Printer
) -> None:
    engine = _engine_of(pool)
    thread, outcome = _render_in_background(printer_on_pool, labelled(1, nodes=80))
    busy = _busy_child(engine)

    os.kill(engine, signal.SIGKILL)
    thread.join(300)

    # The render process dies with its engine (parent-death signal); the pool may retry a job
    # that never started on a new engine, so the request gets its own answer or a clear error.
    _assert_own_answer_or_clear_error(outcome, 1, {"RENDER_FAILED", "ENGINE_UNAVAILABLE"})
    wait_for(lambda: not Path(f"/proc/{busy}").exists() or "Z" in _state(busy), "the orphaned render to end")
    _assert_full_service(printer_on_pool, 100)
    assert _engine_of(pool) != engine


def test_kill_9_of_a_render_process_mid_render_is_a_clear_error_and_the_next_is_served(
    pool: RendererPool, printer_on_pool: Printer
) -> None:
    engine = _engine_of(pool)
    thread, outcome = _render_in_background(printer_on_pool, labelled(2, nodes=80))
    busy = _busy_child(engine)

    os.kill(busy, signal.SIGKILL)
    thread.join(300)

    error = outcome["error"]
    assert error.code == "RESOURCE_LIMIT" and error.details["signal"] == "SIGKILL"
    assert "from outside" in error.message
    _assert_full_service(printer_on_pool, 200)
    assert _engine_of(pool) == engine  # one render process lost, the engine untouched


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


@pytest.mark.parametrize("fault", ["full", "read-only"])
def test_a_result_cache_directory_that_cannot_be_written_costs_no_request(
    pool: RendererPool, tmp_path: Path, fault: str, caplog: pytest.LogCaptureFixture
) -> None:
    broken = full_directory if fault == "full" else read_only_directory
    with broken(tmp_path / "cache") as directory:
        printer = Printer(pool, cache=default_cache(directory / "results"))  # as --cache-dir gives it
        for index in (300, 301, 300):
            svg = printer.render_svg(build_render_options(labelled(index))).svg
            assert labels_in(svg) == {f"uniq-{index:04d}-q"}

    assert "result cache: cannot write" in caplog.text


def test_a_corrupted_vendored_file_is_engine_unavailable_until_it_is_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "vendor"
    shutil.copytree(vendor_dir(), copy)
    bundle = copy / "mermaid" / "mermaid.min.js"
    original = bundle.read_bytes()
    bundle.write_bytes(original[:1000] + b"X" + original[1001:])
    monkeypatch.setenv(VENDOR_DIR_ENV, str(copy))  # the engine process reads it as it starts

    with Printer(
        RendererPool(max_concurrency=1, worker_options={"engine": "native", "warm_up": False}), cache=None
    ) as printer:
        for _ in range(2):  # every request, not only the first
            with pytest.raises(EngineUnavailable) as caught:
                printer.render_svg(build_render_options(labelled(400)))
            assert "mermaid/mermaid.min.js does not match its SHA-256" in caught.value.message

        bundle.write_bytes(original)
        svg = printer.render_svg(build_render_options(labelled(401))).svg

    assert labels_in(svg) == {"uniq-0401-q"}
