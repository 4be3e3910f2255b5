"""Behaviour of the renderer pool with fake workers (no QuickJS involved)."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from process_tree import children, wait_for

import mermaid_printer.pool
from mermaid_printer.errors import (
    DiagramSyntaxError,
    EngineUnavailable,
    InvalidInput,
    RenderFailed,
    RenderTimeout,
    ResourceLimit,
)
from mermaid_printer.pool import JobCancelled, RendererPool, _zygote
from mermaid_printer.pool import _protocol as proto

HERE = Path(__file__).resolve().parent
FAKE = "pool_fake_worker"
START_METHODS = ["fork", "spawn"]
# Generous: these bound a hang in a broken pool, they do not measure anything.
JOB_TIMEOUT_S = 30.0
HANG_TIMEOUT_S = 0.3


@pytest.fixture(autouse=True)
def _fake_workers_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))


@pytest.fixture(params=START_METHODS)
def start_method(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def pool(start_method: str) -> Iterator[RendererPool]:
    with RendererPool(FAKE, start_method=start_method, child_memory_bytes=64 * 2**20) as pool:
        yield pool


# --- helpers ----------------------------------------------------------------------------------


def children_of(pid: int) -> set[int]:
    """Pids whose parent is ``pid``, zombies included (a zombie is a leak too)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue  # exited while we looked
        if int(fields[1]) == pid:
            found.add(int(entry))
    return found


def has_children(pid: int, count: int) -> bool:
    """Whether ``pid`` has exactly ``count`` children."""
    return len(children_of(pid)) == count


def is_engine_of(pid: int, worker: str) -> bool:
    """Whether ``pid`` is an engine process started for ``worker``."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return worker.encode() in cmdline.read().split(b"\0")
    except OSError:
        return False


def descendants_of(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        kids = children_of(todo.pop())
        found |= kids
        todo.extend(kids)
    return found


def open_fds() -> set[int]:
    return {int(fd) for fd in os.listdir("/proc/self/fd")}


def process_exists(pid: int) -> bool:
    return os.path.exists(f"/proc/{pid}")


def wait_for_exit(pid: int, limit_s: float = 10.0) -> bool:
    """Block until ``pid`` has exited (event-driven through a pidfd); False if it never does."""
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        return bool(select.select([pidfd], [], [], limit_s)[0])
    finally:
        os.close(pidfd)


def wait_until(condition: Callable[[], bool], limit_s: float = 10.0) -> bool:
    """Wait until ``condition`` holds; False if it never does (a hang guard, not a timing)."""
    try:
        wait_for(condition, "the condition", limit_s)
    except AssertionError:
        return False
    return True


def wait_for_file(path: Path, limit_s: float = 10.0) -> str:
    """The file's text once a job has written it; a hang guard, not a timing assertion."""
    wait_for(path.exists, str(path), limit_s)
    return path.read_text()


class Gate:
    """Where ``block_until`` jobs wait (a Unix socket they connect to): closed until
    :meth:`open`, which lets every one of them, and any that comes later, through at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._socket.bind(str(path))
        self._socket.listen(64)

    def open(self) -> None:
        """Closing the listening socket resets the waiting jobs' connections and refuses new ones."""
        self._socket.close()


class SpareReports:
    """What the fake worker's processes report in ``FAKE_COPY_DIR`` (see its ``_report_copying``):
    one file per pid, lines ``served``, ``copied all <bytes>``, ``copied common <bytes>``,
    ``held back``. Set ``FAKE_COPY_DIR`` before the pool starts."""

    def __init__(self, directory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        directory.mkdir()
        monkeypatch.setenv("FAKE_COPY_DIR", str(directory))
        self.directory = directory

    def of(self, pid: int) -> list[str]:
        try:
            return (self.directory / str(pid)).read_text().splitlines()
        except FileNotFoundError:
            return []

    def copied(self, pid: int) -> list[str]:
        """The copying ``pid`` did, in order (``copied all 123``, ...)."""
        return [line for line in self.of(pid) if line.startswith("copied ")]

    def next_spare_once_all(self, pool: RendererPool, have: Callable[[list[str]], bool]) -> int | None:
        """The spare the next request goes to (the oldest idle one), once the pool keeps all
        its spares and each one's report ``have`` something; else None."""
        pool.start()  # (started already but for the first wait)
        assert pool.engine_pid is not None
        idle = [pid for pid in children(pool.engine_pid) if "served" not in self.of(pid)]
        if len(idle) != pool.spares or not all(have(self.of(pid)) for pid in idle):
            return None
        return idle[0]

    def wait_for_spares_that_copied(self, pool: RendererPool, level: str = "all") -> int:
        """The spare the next request goes to, once every idle spare has copied ahead ``level``
        (``all`` or ``common``) of what the learner found (more than nothing)."""

        def copied(lines: list[str]) -> bool:
            return any(line.startswith(f"copied {level} ") and int(line.split()[2]) > 0 for line in lines)

        return wait_for(lambda: self.next_spare_once_all(pool, copied), f"spares that copied {level}", limit_s=20)

    def wait_for_spares_held_back(self, pool: RendererPool) -> int:
        """The spare the next request goes to, once every idle spare has held its copying back
        for other programs."""
        return wait_for(
            lambda: self.next_spare_once_all(pool, lambda lines: "held back" in lines), "spares held back", limit_s=20
        )


def run_in_thread(target: Callable[[], Any]) -> tuple[threading.Thread, dict[str, Any]]:
    outcome: dict[str, Any] = {}

    def body() -> None:
        try:
            outcome["result"] = target()
        except BaseException as exc:
            outcome["error"] = exc

    thread = threading.Thread(target=body)
    thread.start()
    return thread, outcome


# --- the public surface -----------------------------------------------------------------------


def test_the_package_exports_only_the_pools_and_the_cancellation() -> None:
    assert mermaid_printer.pool.__all__ == ["JobCancelled", "QuickStartPool", "RendererPool"]


def test_an_unknown_start_method_is_refused() -> None:
    with pytest.raises(ValueError, match="start_method"):
        RendererPool(FAKE, start_method="forkserver")


# --- results and errors -----------------------------------------------------------------------


def test_a_job_round_trips_through_a_fresh_process(pool: RendererPool) -> None:
    first = pool.run({"action": "echo", "value": {"ünïcode": [1, 2.5, None]}}, timeout_s=JOB_TIMEOUT_S)
    second = pool.run({"action": "echo", "value": "again"}, timeout_s=JOB_TIMEOUT_S)

    assert first["echo"] == {"ünïcode": [1, 2.5, None]}
    assert second["echo"] == "again"
    assert first["pid"] != second["pid"]
    assert os.getpid() not in (first["pid"], second["pid"])
    assert first["prepared_by"] is not None  # prepare() ran before the job, in the warm process


def test_negative_spares_are_refused() -> None:
    with pytest.raises(ValueError, match="spares"):
        RendererPool(FAKE, spares=-1)


def test_a_job_sent_as_the_pool_starts_is_not_kept_waiting_for_priming(start_method: str) -> None:
    # Fork: the spares are forked as the zygote starts, and one whose request is already there
    # serves it at once. Spawn: a worker process primes only in prepare(), never per job.
    with RendererPool(FAKE, start_method=start_method, spares=1) as pool:
        result = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)

    assert result["primed_by"] is None


def test_a_fork_job_is_served_by_a_spare_forked_and_primed_before_it_was_sent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_PRIME_DIR", str(tmp_path))
    # No learner report: it would replace the spare (a second one primes, and serves).
    monkeypatch.setenv("FAKE_REHEARSE_FAIL", "1")
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        assert wait_until(lambda: any(tmp_path.glob("*.primed")))
        (spare,) = tmp_path.glob("*.primed")
        sent_at = time.monotonic()

        result = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)

    assert result["pid"] == int(spare.stem)
    assert result["primed_at"] < sent_at


def test_a_spare_forked_after_a_job_primes_for_what_that_job_needed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_PRIME_DIR", str(tmp_path))
    monkeypatch.setenv("FAKE_REHEARSE_FAIL", "1")  # no learner: no spare is replaced
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        assert wait_until(lambda: len(list(tmp_path.glob("*.primed"))) == 1)
        first = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S, prime_for="alpha")
        # Its replacement, forked as it was handed out, primes once no request is in flight.
        assert wait_until(lambda: len(list(tmp_path.glob("*.primed"))) == 2)
        second = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
        assert wait_until(lambda: len(list(tmp_path.glob("*.primed"))) == 3)
        third = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)

    assert first["primed_by"] == first["pid"] and first["primed_for"] is None  # forked at start
    assert second["primed_by"] == second["pid"] and second["primed_for"] == "alpha"
    assert third["primed_by"] == third["pid"] and third["primed_for"] is None  # the second named nothing


@pytest.mark.parametrize("prime_for", ["", "x" * 33, "bündel", "a\nb"])
def test_a_launch_message_leaves_out_what_it_cannot_carry(prime_for: str) -> None:
    assert proto.prime_for_of(proto.launch_message(prime_for)) is None
    assert proto.prime_for_of(proto.launch_message("mermaid")) == "mermaid"


def _touch_once_a_spare_copied(pool: RendererPool, reports: SpareReports) -> dict[str, Any]:
    """Once an idle spare has copied ahead all the learner found, a job writing where the
    rehearsal wrote (served by that spare: with no request in flight it is the only one)."""
    spare = reports.wait_for_spares_that_copied(pool, "all")
    result: dict[str, Any] = pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S)
    assert result["pid"] == spare
    return result


def test_spares_copy_ahead_the_pages_the_workers_rehearsal_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        result = _touch_once_a_spare_copied(pool, reports)
    # The pages of every write the job made were copied before it: it took (almost) no faults,
    # and what the memory holds did not change (every page but the one byte each job wrote).
    assert result["faults"] < 200
    assert result["unchanged"] == result["pages"] * 4096 - result["pages"]


def test_a_spare_copies_ahead_once_the_last_caller_has_its_result_though_its_process_still_exits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Regression: a caller hangs up once it has its result and sends its next request at once;
    # the child that served the last one may still be exiting then (a big heap takes a while to
    # free). It counted as a request in flight, and the spare forked then never copied (so the
    # wait for it to copy gives up, and the test fails).
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        assert _touch_once_a_spare_copied(pool, reports)["faults"] < 200  # learned
        results = []
        for _ in range(4):  # (whether that process is still there is a race: try a few times)
            reports.wait_for_spares_that_copied(pool, "all")
            pool.run({"action": "echo", "ballast_mb": 256}, timeout_s=JOB_TIMEOUT_S)  # slow to exit
            pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)  # its spare's replacement forks now
            results.append(_touch_once_a_spare_copied(pool, reports))
    assert all(result["faults"] < 200 for result in results), results


def test_the_spares_forked_before_the_learner_reported_are_replaced_by_ones_that_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    learned = tmp_path / "learned"
    monkeypatch.setenv("FAKE_LEARNED_PATH", str(learned))
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=2) as pool:
        pool.start()
        assert wait_until(learned.exists, limit_s=20)  # no request has used a spare yet
        first = _touch_once_a_spare_copied(pool, reports)
    # Served by a spare forked after the report, not one of those from before it (which had
    # nothing to copy, and would take a fault a page).
    assert first["faults"] < 200, first


@pytest.mark.parametrize("learning_fails", [False, True])
def test_children_forked_after_the_learner_reported_start_with_what_it_studied(
    learning_fails: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    stderr_says: Callable[[str], Callable[[], bool]],
) -> None:
    learned = tmp_path / "learned"
    monkeypatch.setenv("FAKE_LEARNED_PATH", str(learned))
    if learning_fails:
        monkeypatch.setenv("FAKE_LEARN_FAIL", "1")
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        # The zygote has taken the learner's report in (or failed to: its traceback says so).
        ended = stderr_says("learning failed on purpose") if learning_fails else learned.exists
        assert wait_until(ended, limit_s=20)
        state = pool.run({"action": "recall"}, timeout_s=JOB_TIMEOUT_S)["state"]
        served = pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
    if learning_fails:
        assert "lesson" not in state and served["pid"]  # nothing learned, and the pool serves on
    else:
        # Studied in another process (the learner), taken in by the zygote before this child.
        assert state["lesson"]["studied_by"] not in (served["pid"], served["prepared_by"])


def _blocking(pool: RendererPool, tmp_path: Path, count: int) -> tuple[Gate, list[threading.Thread]]:
    """``count`` requests in flight until the returned gate opens (join the threads after)."""
    gate = Gate(tmp_path / "gate")
    threads = []
    for n in range(count):
        ready = tmp_path / f"ready-{n}"
        job = {"action": "block_until", "release_path": str(gate.path), "ready_path": str(ready)}
        thread = threading.Thread(target=pool.run, args=(job,), kwargs={"timeout_s": JOB_TIMEOUT_S})
        thread.start()
        threads.append(thread)
        assert wait_until(ready.exists)
    return gate, threads


def test_while_requests_fill_every_core_spares_copy_nothing_ahead_and_still_serve(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cores = len(os.sched_getaffinity(0))
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=2, max_concurrency=cores + 2) as pool:
        assert _touch_once_a_spare_copied(pool, reports)["faults"] < 200  # learned
        gate, blockers = _blocking(pool, tmp_path, cores)
        try:
            # Every core has a request: the spares were told to copy nothing, and one forked
            # now copies nothing; they serve all the same.
            busy = pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S)
            busy_again = pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S)
        finally:
            gate.open()
            for thread in blockers:
                thread.join()
        idle = _touch_once_a_spare_copied(pool, reports)
    # Its spare was forked while busy: it neither copied (a spare copies before it reads its
    # request, so it would have reported it by now) nor primed.
    assert reports.copied(busy_again["pid"]) == []
    assert busy_again["faults"] >= busy_again["pages"] * 0.9
    assert busy_again["primed_by"] is None
    assert busy["unchanged"] == busy_again["unchanged"] == busy["pages"] * 4095
    # Once no request has been in flight for a while, a spare primes and copies all again.
    assert idle["faults"] < 200
    assert idle["primed_by"] == idle["pid"]


def test_beside_a_request_spares_copy_only_what_the_rehearsal_s_first_step_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("needs two cores: with one, a request in flight fills them")
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=1, max_concurrency=3) as pool:
        assert _touch_once_a_spare_copied(pool, reports)["faults"] < 200  # learned
        gate, blockers = _blocking(pool, tmp_path, 1)
        try:
            pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)  # its spare's replacement forks now
            spare = reports.wait_for_spares_that_copied(pool, "common")
            beside = pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S)
        finally:
            gate.open()
            for thread in blockers:
                thread.join()
    # The fake rehearsal's first step writes half the pages: the other half took faults.
    assert beside["pid"] == spare and not any(line.startswith("copied all") for line in reports.copied(spare))
    assert beside["pages"] * 0.4 <= beside["faults"] <= beside["pages"] * 0.6, beside


def test_spares_copy_nothing_while_other_programs_want_every_core(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Whether other programs want every core is the fake's answer here (busy while the file
    # exists): the machine's real load is not the test's to decide (test_pages.py checks that
    # reading of it).
    busy_machine = tmp_path / "busy"
    monkeypatch.setenv("FAKE_MACHINE_BUSY", str(busy_machine))
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        assert _touch_once_a_spare_copied(pool, reports)["faults"] < 200  # learned
        reports.wait_for_spares_that_copied(pool, "all")
        busy_machine.touch()
        try:
            pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)  # its spare's replacement forks now
            # No request in flight: it would copy everything, but for them.
            spare = reports.wait_for_spares_held_back(pool)
            busy = pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S)
        finally:
            busy_machine.unlink()
        idle = _touch_once_a_spare_copied(pool, reports)
    assert busy["pid"] == spare
    assert busy["faults"] >= busy["pages"] * 0.9, busy
    assert idle["faults"] < 200  # once they are gone, spares copy again


@pytest.mark.parametrize(
    ("spares", "environment"), [(0, {}), (1, {"FAKE_REHEARSE_FAIL": "1"})], ids=["no spares", "failed rehearsal"]
)
def test_children_copy_nothing_ahead_without_spares_or_without_a_rehearsal(
    spares: int,
    environment: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    stderr_says: Callable[[str], Callable[[], bool]],
) -> None:
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    reports = SpareReports(tmp_path / "reports", monkeypatch)
    with RendererPool(FAKE, start_method="fork", spares=spares) as pool:
        pool.start()
        if spares:  # the learner has reported that it failed (without spares there is none)
            assert wait_until(stderr_says("the learner did not finish"), limit_s=20)
        results = [pool.run({"action": "touch_rehearsed"}, timeout_s=JOB_TIMEOUT_S) for _ in range(3)]
        # A failed rehearsal is no spare death: the spares still serve.
        assert pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)["pid"]
    assert all(r["faults"] >= r["pages"] * 0.9 for r in results)
    assert all(line.endswith(" 0") for r in results for line in reports.copied(r["pid"]))


def test_without_spares_each_fork_job_gets_a_fresh_child_that_serves_it_unprimed() -> None:
    before = children_of(os.getpid())
    with RendererPool(FAKE, start_method="fork", spares=0) as pool:
        pool.start()
        (zygote,) = children_of(os.getpid()) - before
        assert children_of(zygote) == set()  # nothing forked ahead of time

        results = [pool.run({"action": "echo", "value": n}, timeout_s=JOB_TIMEOUT_S) for n in range(3)]

    assert len({result["pid"] for result in results}) == 3
    # Forked for a waiting job: priming would only move its faults, not save them.
    assert all(result["primed_by"] is None for result in results)


def test_a_prime_that_always_fails_turns_spares_off_and_jobs_are_still_served(
    start_method: str, monkeypatch: pytest.MonkeyPatch, stderr_says: Callable[[str], Callable[[], bool]]
) -> None:
    monkeypatch.setenv("FAKE_PRIME_FAIL", "1")
    with RendererPool(FAKE, start_method=start_method) as pool:
        pool.start()
        if start_method == "fork":
            # The spares prime at once (no request is in flight) and die, each time: no fork
            # storm, spares are turned off.
            assert wait_until(stderr_says("spares keep dying"), limit_s=20)
        results = [pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S) for _ in range(3)]

    assert len({result["pid"] for result in results}) == 3
    assert all(result["primed_by"] is None for result in results)


def test_in_fork_mode_prepare_runs_once_in_the_zygote() -> None:
    with RendererPool(FAKE, start_method="fork") as pool:
        results = [pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S) for _ in range(3)]

    assert len({result["prepared_by"] for result in results}) == 1
    assert all(result["pid"] != result["prepared_by"] for result in results)


def test_a_job_cannot_see_what_an_earlier_job_changed(pool: RendererPool) -> None:
    pool.run({"action": "remember", "value": "secret"}, timeout_s=JOB_TIMEOUT_S)

    assert pool.run({"action": "recall"}, timeout_s=JOB_TIMEOUT_S) == {"state": {}}


def test_a_large_result_arrives_whole(pool: RendererPool) -> None:
    size = 5 * 2**20

    assert pool.run({"action": "big", "size": size}, timeout_s=JOB_TIMEOUT_S)["text"] == "x" * size


def test_a_printer_error_keeps_its_class_message_and_details(pool: RendererPool) -> None:
    details = {"line": 3, "column": 7, "expected": ["NODE", "-->"]}

    with pytest.raises(DiagramSyntaxError) as caught:
        pool.run(
            {"action": "syntax_error", "message": "Parse error on line 3", "details": details}, timeout_s=JOB_TIMEOUT_S
        )

    assert caught.value.message == "Parse error on line 3"
    assert caught.value.details == details
    assert (caught.value.line, caught.value.column) == (3, 7)


def test_any_other_worker_exception_becomes_render_failed(pool: RendererPool) -> None:
    with pytest.raises(RenderFailed) as caught:
        pool.run({"action": "bug"}, timeout_s=JOB_TIMEOUT_S)

    assert type(caught.value) is RenderFailed
    assert caught.value.details == {"exception": "KeyError"}


def test_a_result_that_cannot_cross_the_wire_becomes_render_failed(pool: RendererPool) -> None:
    with pytest.raises(RenderFailed, match="cannot cross the wire"):
        pool.run({"action": "unencodable"}, timeout_s=JOB_TIMEOUT_S)


def test_binary_results_come_back_byte_for_byte(pool: RendererPool) -> None:
    result = pool.run({"action": "bytes", "repeat": 4096}, timeout_s=JOB_TIMEOUT_S)
    assert result == {"data": bytes(range(256)) * 4096}


def test_a_job_that_is_not_json_is_invalid_input(pool: RendererPool) -> None:
    with pytest.raises(InvalidInput):
        pool.run({"action": "echo", "value": object()}, timeout_s=JOB_TIMEOUT_S)


def test_a_non_positive_timeout_is_invalid_input(pool: RendererPool) -> None:
    with pytest.raises(InvalidInput):
        pool.run({"action": "echo"}, timeout_s=0)


# --- limits, crashes, and recovery ------------------------------------------------------------


def test_a_hanging_job_times_out_is_killed_and_the_next_job_works(pool: RendererPool, tmp_path: Path) -> None:
    ready = tmp_path / "sleeper.pid"

    with pytest.raises(RenderTimeout) as caught:
        pool.run({"action": "sleep", "ready_path": str(ready)}, timeout_s=HANG_TIMEOUT_S)

    assert caught.value.details == {"timeout_s": HANG_TIMEOUT_S}
    assert isinstance(caught.value, TimeoutError)
    assert wait_for_exit(int(ready.read_text()))
    assert pool.run({"action": "echo", "value": 1}, timeout_s=JOB_TIMEOUT_S)["echo"] == 1


def test_a_cancelled_job_is_killed_and_the_next_job_works(pool: RendererPool, tmp_path: Path) -> None:
    ready = tmp_path / "cancelled.pid"
    cancel = threading.Event()
    outcome: list[BaseException] = []

    def run() -> None:
        try:
            pool.run({"action": "sleep", "ready_path": str(ready)}, timeout_s=JOB_TIMEOUT_S, cancel=cancel)
        except BaseException as exc:
            outcome.append(exc)

    runner = threading.Thread(target=run)
    runner.start()
    pid = int(wait_for_file(ready))
    cancel.set()
    runner.join(JOB_TIMEOUT_S)

    assert [type(exc) for exc in outcome] == [JobCancelled]
    assert wait_for_exit(pid)
    assert pool.run({"action": "echo", "value": 3}, timeout_s=JOB_TIMEOUT_S, cancel=threading.Event())["echo"] == 3


def test_a_segfault_is_render_failed_with_the_signal_and_the_next_job_works(pool: RendererPool) -> None:
    with pytest.raises(RenderFailed) as caught:
        pool.run({"action": "segfault"}, timeout_s=JOB_TIMEOUT_S)

    assert type(caught.value) is RenderFailed
    assert caught.value.details == {"signal": "SIGSEGV", "signal_number": signal.SIGSEGV}
    assert pool.run({"action": "echo", "value": 2}, timeout_s=JOB_TIMEOUT_S)["echo"] == 2


def test_an_early_exit_is_render_failed_with_the_exit_code_and_the_next_job_works(pool: RendererPool) -> None:
    with pytest.raises(RenderFailed) as caught:
        pool.run({"action": "exit", "code": 3}, timeout_s=JOB_TIMEOUT_S)

    assert caught.value.details == {"exit_code": 3}
    assert pool.run({"action": "echo", "value": 3}, timeout_s=JOB_TIMEOUT_S)["echo"] == 3


def test_a_memory_hog_hits_resource_limit_and_the_next_job_works(pool: RendererPool) -> None:
    with pytest.raises(ResourceLimit) as caught:
        pool.run({"action": "hog"}, timeout_s=JOB_TIMEOUT_S)

    assert isinstance(caught.value, MemoryError)
    assert pool.run({"action": "echo", "value": 4}, timeout_s=JOB_TIMEOUT_S)["echo"] == 4


def test_running_out_of_cpu_time_is_a_timeout(pool: RendererPool) -> None:
    # SIGXCPU is what RLIMIT_CPU delivers; sending it directly avoids burning seconds of CPU.
    with pytest.raises(RenderTimeout) as caught:
        pool.run({"action": "signal", "signal": signal.SIGXCPU}, timeout_s=JOB_TIMEOUT_S)

    assert caught.value.details["signal"] == "SIGXCPU"


def test_an_unexpected_sigkill_is_a_resource_limit(pool: RendererPool) -> None:
    # What the kernel's out-of-memory killer does to a process.
    with pytest.raises(ResourceLimit) as caught:
        pool.run({"action": "signal", "signal": signal.SIGKILL}, timeout_s=JOB_TIMEOUT_S)

    assert caught.value.details["signal"] == "SIGKILL"


def test_failed_jobs_leave_no_fds_behind(pool: RendererPool) -> None:
    pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
    fds = open_fds()

    failing: list[tuple[dict[str, Any], type[Exception]]] = [
        ({"action": "sleep"}, RenderTimeout),
        ({"action": "segfault"}, RenderFailed),
        ({"action": "exit"}, RenderFailed),
        ({"action": "bug"}, RenderFailed),
        ({"action": "syntax_error", "message": "m", "details": {}}, DiagramSyntaxError),
    ]
    for job, error in failing * 3:
        with pytest.raises(error):
            pool.run(job, timeout_s=HANG_TIMEOUT_S if job["action"] == "sleep" else JOB_TIMEOUT_S)

    assert open_fds() == fds


def test_a_killed_zygote_is_replaced_on_the_next_run() -> None:
    before = children_of(os.getpid())
    with RendererPool(FAKE, start_method="fork") as pool:
        pool.start()
        (zygote,) = children_of(os.getpid()) - before

        os.kill(zygote, signal.SIGKILL)  # no waiting: the next run may still see it dying

        assert pool.run({"action": "echo", "value": 5}, timeout_s=JOB_TIMEOUT_S)["echo"] == 5
        assert wait_for_exit(zygote)
        assert pool.run({"action": "echo", "value": 6}, timeout_s=JOB_TIMEOUT_S)["echo"] == 6


def test_a_killed_warm_worker_is_skipped_in_spawn_mode() -> None:
    before = children_of(os.getpid())
    with RendererPool(FAKE, start_method="spawn", max_concurrency=1) as pool:
        pool.start()
        (warm,) = children_of(os.getpid()) - before

        os.kill(warm, signal.SIGKILL)

        assert pool.run({"action": "echo", "value": 7}, timeout_s=JOB_TIMEOUT_S)["echo"] == 7


def test_a_failing_prepare_is_engine_unavailable_with_the_reason(start_method: str) -> None:
    with RendererPool("pool_broken_worker", start_method=start_method) as pool:
        with pytest.raises(EngineUnavailable, match="RuntimeError: no bundle here"):
            pool.start()
        # Every later request tries again (and here fails again) instead of hanging.
        with pytest.raises(EngineUnavailable):
            pool.run({}, timeout_s=JOB_TIMEOUT_S)


def test_a_start_that_does_not_wait_reports_a_failing_prepare_on_the_first_run(start_method: str) -> None:
    with RendererPool("pool_broken_worker", start_method=start_method) as pool:
        pool.start(wait=False)  # returns while the engine process starts (and fails)

        with pytest.raises(EngineUnavailable, match="RuntimeError: no bundle here"):
            pool.run({}, timeout_s=JOB_TIMEOUT_S)


def test_a_start_that_does_not_wait_serves_the_first_run_from_the_zygote_it_started() -> None:
    with RendererPool(FAKE, start_method="fork", max_concurrency=1) as pool:
        pool.start(wait=False)
        zygote = pool.engine_pid
        pool.start(wait=False)  # started already: nothing more

        assert zygote is not None and pool.engine_pid == zygote
        assert pool.run({"action": "echo", "value": 8}, timeout_s=JOB_TIMEOUT_S)["echo"] == 8
        assert pool.engine_pid == zygote


# --- idle warm-up -----------------------------------------------------------------------------


def _fake_idle_warm_up(monkeypatch: pytest.MonkeyPatch, markers: Path, steps: int) -> None:
    """The fake worker's idle warm-up: ``steps`` steps, each leaving ``<n>.step`` in ``markers``."""
    monkeypatch.setenv("FAKE_IDLE_STEPS", str(steps))
    monkeypatch.setenv("FAKE_IDLE_DIR", str(markers))


def _idle_steps_once_done(pool: RendererPool, done: Callable[[], bool]) -> list[float]:
    """The idle steps a child starts with once the zygote says its idle warm-up is done (it
    retires its idle spares then: every child forked after starts with every step)."""
    wait_for(done, "the idle warm-up done", limit_s=30)
    steps: list[float] = pool.run({"action": "recall"}, timeout_s=JOB_TIMEOUT_S)["state"].get("idle_steps", [])
    return steps


def test_an_idle_zygote_takes_its_idle_warm_up_and_children_forked_after_start_with_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stderr_says: Callable[[str], Callable[[], bool]]
) -> None:
    _fake_idle_warm_up(monkeypatch, tmp_path, 3)
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        first = pool.run({"action": "now"}, timeout_s=JOB_TIMEOUT_S)
        assert "idle_steps" not in first["state"]

        steps = _idle_steps_once_done(pool, stderr_says("idle warm-up done: 3 steps"))

    # After the request before them (how long after: benchmarks/pool_idle_warm_up.py), in order.
    assert len(steps) == 3 and first["at"] < steps[0] < steps[1] < steps[2]


def test_a_request_in_flight_holds_the_idle_warm_up_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stderr_says: Callable[[str], Callable[[], bool]]
) -> None:
    _fake_idle_warm_up(monkeypatch, tmp_path, 1)
    gate = Gate(tmp_path / "gate")
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        ready = tmp_path / "ready"
        thread, _ = run_in_thread(
            lambda: pool.run(
                {"action": "block_until", "release_path": str(gate.path), "ready_path": str(ready)},
                timeout_s=JOB_TIMEOUT_S,
            )
        )
        wait_for_file(ready)
        # The behaviour under test is that time passing with a request in flight starts no
        # step; no event marks a step not taken, so the test lets the warm-up's delay pass
        # twice (the one sleep of these tests that is the point, not a synchronization).
        time.sleep(2 * _zygote._IDLE_WARM_UP_AFTER_S)
        assert not (tmp_path / "0.step").exists()
        released = time.monotonic()
        gate.open()
        thread.join()

        (step,) = _idle_steps_once_done(pool, stderr_says("idle warm-up done: 1 steps"))

    # Only once the request was over (how long after: benchmarks/pool_idle_warm_up.py).
    assert step > released


def test_a_failing_idle_warm_up_is_reported_and_the_pool_serves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    _fake_idle_warm_up(monkeypatch, tmp_path, 3)
    monkeypatch.setenv("FAKE_IDLE_FAIL", "1")
    said: list[str] = []

    def reported() -> bool:
        said.append(capfd.readouterr().err)
        return "the idle warm-up failed" in "".join(said)

    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        wait_for(reported, "the idle warm-up's failure logged", limit_s=30)

        assert pool.run({"action": "echo", "value": 9}, timeout_s=JOB_TIMEOUT_S)["echo"] == 9
    logged = "".join(said)
    assert "idle warm-up failed on purpose" in logged
    assert (tmp_path / "0.step").exists() and not (tmp_path / "2.step").exists()


def test_a_pool_without_spares_serves_one_shot_runs_and_takes_no_idle_warm_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_idle_warm_up(monkeypatch, tmp_path, 1)
    with RendererPool(FAKE, start_method="fork", spares=0) as pool:
        pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
        # The behaviour under test is that idle time starts no step here; no event marks a step
        # not taken, so the test lets the warm-up's delay pass (a point, not a synchronization).
        time.sleep(3 * _zygote._IDLE_WARM_UP_AFTER_S)

        assert "idle_steps" not in pool.run({"action": "recall"}, timeout_s=JOB_TIMEOUT_S)["state"]
    assert not (tmp_path / "0.step").exists()


def test_a_missing_worker_module_is_engine_unavailable(start_method: str) -> None:
    with (
        RendererPool("pool_no_such_worker", start_method=start_method) as pool,
        pytest.raises(EngineUnavailable, match="ModuleNotFoundError"),
    ):
        pool.run({}, timeout_s=JOB_TIMEOUT_S)


# --- concurrency ------------------------------------------------------------------------------


def test_ten_concurrent_runs_from_threads_all_succeed(pool: RendererPool) -> None:
    pool.start()

    def echo(n: int) -> Callable[[], dict[str, Any]]:
        return lambda: pool.run({"action": "echo", "value": n}, timeout_s=JOB_TIMEOUT_S)

    runs = [run_in_thread(echo(n)) for n in range(10)]
    for thread, _ in runs:
        thread.join()

    assert [outcome for _, outcome in runs if "error" in outcome] == []
    assert [outcome["result"]["echo"] for _, outcome in runs] == list(range(10))


def test_waiting_for_a_free_slot_counts_toward_the_timeout(start_method: str, tmp_path: Path) -> None:
    ready = tmp_path / "busy.pid"
    with RendererPool(FAKE, start_method=start_method, max_concurrency=1) as pool:
        busy, busy_outcome = run_in_thread(
            lambda: pool.run({"action": "sleep", "ready_path": str(ready)}, timeout_s=JOB_TIMEOUT_S)
        )
        wait_for_file(ready)

        with pytest.raises(RenderTimeout) as caught:
            pool.run({"action": "echo"}, timeout_s=HANG_TIMEOUT_S)

        assert caught.value.details["waiting_for"] == "slot"
    busy.join()
    assert isinstance(busy_outcome["error"], RenderFailed)  # close() stopped the running job


# --- hygiene ----------------------------------------------------------------------------------


def _assert_no_leaks(pool: RendererPool, jobs: int) -> None:
    for _ in range(3):  # warm up: the first runs may create lasting objects (the engine process)
        pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
    fds, children = open_fds(), children_of(os.getpid())

    for n in range(jobs):
        assert pool.run({"action": "echo", "value": n}, timeout_s=JOB_TIMEOUT_S)["echo"] == n

    assert open_fds() == fds
    if pool.start_method == "fork":
        assert children_of(os.getpid()) == children
        # run() returns on the result, before the child has exited: give the zygote time to
        # reap. What must remain is exactly its spares, waiting for the next jobs.
        for zygote in children:
            if is_engine_of(zygote, FAKE):  # not a zygote another test's printer left running
                assert wait_until(partial(has_children, zygote, pool.spares)), children_of(zygote)
    else:
        # Each job uses up one warm worker and starts a replacement: same number, new pids.
        assert len(children_of(os.getpid())) == len(children)


def test_hundreds_of_fork_jobs_leave_no_fds_or_processes_behind() -> None:
    with RendererPool(FAKE, start_method="fork") as pool:
        _assert_no_leaks(pool, jobs=300)


def test_spawn_jobs_leave_no_fds_or_processes_behind() -> None:
    with RendererPool(FAKE, start_method="spawn") as pool:
        _assert_no_leaks(pool, jobs=30)


def test_close_stops_every_process_even_with_a_job_running(start_method: str, tmp_path: Path) -> None:
    ready = tmp_path / "running.pid"
    # Descendants, not children: another pool's zygote may hold spares of its own.
    before = descendants_of(os.getpid())
    pool = RendererPool(FAKE, start_method=start_method)
    pool.start()
    running, outcome = run_in_thread(
        lambda: pool.run({"action": "sleep", "ready_path": str(ready)}, timeout_s=JOB_TIMEOUT_S)
    )
    wait_for_file(ready)
    ours = descendants_of(os.getpid()) - before
    assert int(ready.read_text()) in ours

    pool.close()
    pool.close()  # idempotent
    running.join()

    assert not [pid for pid in ours if process_exists(pid)]
    assert isinstance(outcome["error"], RenderFailed)


def test_a_closed_pool_starts_again_on_the_next_run(start_method: str) -> None:
    pool = RendererPool(FAKE, start_method=start_method)
    pool.run({"action": "echo"}, timeout_s=JOB_TIMEOUT_S)
    pool.close()
    try:
        assert pool.run({"action": "echo", "value": 8}, timeout_s=JOB_TIMEOUT_S)["echo"] == 8
    finally:
        pool.close()


def test_nothing_the_worker_prints_reaches_the_callers_stdout(
    start_method: str, capfd: pytest.CaptureFixture[str]
) -> None:
    with RendererPool(FAKE, start_method=start_method) as pool:
        assert pool.run({"action": "print"}, timeout_s=JOB_TIMEOUT_S) == {"printed": True}

    captured = capfd.readouterr()
    assert captured.out == ""
    assert "fake-worker: prepare wrote to stdout" in captured.err
    assert "fake-worker: handle wrote to stdout" in captured.err


def test_threads_left_running_before_fork_are_reported(capfd: pytest.CaptureFixture[str]) -> None:
    with RendererPool("pool_threaded_worker", start_method="fork") as pool:
        assert pool.run({"n": 1}, timeout_s=JOB_TIMEOUT_S) == {"n": 1}

    assert "threads are running before fork()" in capfd.readouterr().err


def test_the_engine_exits_when_its_caller_dies_without_closing(start_method: str) -> None:
    script = textwrap.dedent(
        f"""
        import os, sys
        sys.path[:0] = [{str(HERE)!r}, {str(HERE.parent)!r}]  # the fake workers, test_pool's helpers
        from mermaid_printer.pool import JobCancelled, RendererPool
        from test_pool import children_of
        pool = RendererPool({FAKE!r}, start_method={start_method!r})
        pool.run({{"action": "echo"}}, timeout_s=30)
        print(*children_of(os.getpid()), flush=True)
        os._exit(0)  # no close(), no cleanup
        """
    )
    caller = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    engines = [int(pid) for pid in caller.stdout.split()]

    assert engines
    assert all(wait_for_exit(pid) for pid in engines)
