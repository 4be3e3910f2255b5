"""A stand-in worker for the renderer pool tests; ``job["action"]`` picks the behaviour.

Imported by the engine process through the ``PYTHONPATH`` the pool passes on, so it must
not depend on anything the tests set up in-process.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from mermaid_printer.errors import DiagramSyntaxError

PREPARED_BY: int | None = None
PRIMED_BY: int | None = None
PRIMED_AT: float | None = None
PRIMED_FOR: str | None = None
STATE: dict[str, Any] = {}


#: Memory the rehearsal writes (made in prepare, so every child shares it with the zygote).
REHEARSED = bytearray()
REHEARSED_PAGES = 2048
PAGE = 4096


def prepare() -> None:
    """Record that this ran (once, in the warm process) and print to stdout on purpose.

    Spares copy ahead only while the machine has a core to spare (``pool/_pages.py``,
    ``others_wait_for_a_core``); what other programs on a shared test machine do must not
    decide these tests, so the machine looks idle to this engine process, or busy while the
    file ``FAKE_MACHINE_BUSY`` names exists (the test of what spares do then; test_pages.py
    tests the check itself).
    """
    global PREPARED_BY, REHEARSED
    from mermaid_printer.pool import _pages

    busy = os.environ.get("FAKE_MACHINE_BUSY")
    _pages.others_wait_for_a_core = lambda cores: busy is not None and os.path.exists(busy)
    if os.environ.get("FAKE_COPY_DIR"):
        _report_copying()
    if os.environ.get("FAKE_SLOW_COLLAPSE"):
        # Every step of putting the heap in huge pages takes 60 ms, as where the kernel must
        # compact memory for each: the slowness is what the test is about (the zygote times its
        # steps), so this sleep stays.
        from mermaid_printer.pool import _huge_pages

        real_step = _huge_pages.Collapser.step

        def slow_step(self: Any) -> None:
            time.sleep(0.06)
            real_step(self)

        _huge_pages.Collapser.step = slow_step  # type: ignore[method-assign]
    PREPARED_BY = os.getpid()
    REHEARSED = bytearray(b"r" * (REHEARSED_PAGES * PAGE))
    print("fake-worker: prepare wrote to stdout", flush=True)


def note(line: str) -> None:
    """Append ``line`` to this process's report in ``FAKE_COPY_DIR`` (one write: whole lines)."""
    directory = os.environ.get("FAKE_COPY_DIR")
    if directory:
        report = os.open(os.path.join(directory, str(os.getpid())), os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            os.write(report, f"{line}\n".encode())
        finally:
            os.close(report)


def _report_copying() -> None:
    """Have every process forked from here report, in ``FAKE_COPY_DIR/<pid>``, each time it
    copied pages ahead (``copied all <bytes so far>`` or ``copied common <bytes so far>``, once
    the pool's ``Copier.copy`` returns: done, or stopped because something came) and each time it
    held back because other programs wanted every core (``held back``), so that tests wait for
    what a spare did instead of sleeping."""
    from mermaid_printer.pool import _pages

    real_copy = _pages.Copier.copy

    def copy(self: _pages.Copier, stop: Callable[[], bool] = lambda: False, *, everything: bool = True) -> None:
        real_copy(self, stop, everything=everything)
        note(f"copied {'all' if everything else 'common'} {self.copied}")

    _pages.Copier.copy = copy  # type: ignore[method-assign]
    real_wait = _pages.others_wait_for_a_core

    def others_wait_for_a_core(cores: int) -> bool:
        waiting = real_wait(cores)
        if waiting:
            note("held back")
        return waiting

    _pages.others_wait_for_a_core = others_wait_for_a_core


def record_pages() -> Iterator[None]:
    """Write one byte of every page of REHEARSED, as the pool's page learner asks (unless the
    test says this worker cannot record_pages), in two steps: the second half first."""
    if os.environ.get("FAKE_REHEARSE_FAIL"):
        raise RuntimeError("fake-worker: rehearsal failed on purpose")
    half = REHEARSED_PAGES // 2
    for pages in (range(half, REHEARSED_PAGES), range(half)):
        for page in pages:
            REHEARSED[page * PAGE] = ord("r")
        yield


def prime(prime_for: str | None = None) -> None:
    """Record which process primed itself, when, and for what; fail if the test asks for it.

    With ``FAKE_PRIME_DIR`` set, also leave ``<pid>.primed`` there once primed.
    """
    global PRIMED_BY, PRIMED_AT, PRIMED_FOR
    if os.environ.get("FAKE_PRIME_FAIL"):
        raise RuntimeError("fake-worker: prime failed on purpose")
    PRIMED_BY, PRIMED_AT, PRIMED_FOR = os.getpid(), time.monotonic(), prime_for
    marker_dir = os.environ.get("FAKE_PRIME_DIR")
    if marker_dir:
        marker = os.path.join(marker_dir, f"{os.getpid()}.primed")
        with open(marker + ".tmp", "w") as out:
            out.write(repr(PRIMED_AT))
        os.rename(marker + ".tmp", marker)


def find_safe_stylesheets() -> bytes:
    """What the pool's learner child found, for the zygote's adopt_safe_stylesheets()."""
    return json.dumps({"studied_by": os.getpid()}).encode()


def adopt_safe_stylesheets(lessons: bytes) -> None:
    """Keep what the learner found (in the zygote, so every child forked later has it)."""
    if os.environ.get("FAKE_LEARN_FAIL"):
        raise RuntimeError("fake-worker: learning failed on purpose")
    STATE["lesson"] = json.loads(lessons)
    marker = os.environ.get("FAKE_LEARNED_PATH")
    if marker:  # lets a test know the zygote has learned without sending it requests
        with open(marker, "w") as learned:
            learned.write(str(os.getpid()))


def idle_warm_up() -> Iterator[None]:
    """``FAKE_IDLE_STEPS`` steps (none unless a test sets it), each recording when it ran
    (CLOCK_MONOTONIC, shared by every process) in ``STATE["idle_steps"]``, so that children
    forked afterwards show them, and leaving ``<n>.step`` in ``FAKE_IDLE_DIR`` if set; with
    ``FAKE_IDLE_FAIL`` the second step raises; with ``FAKE_IDLE_WRITES`` each step writes a
    byte of every page of REHEARSED, as a garbage collection marks every object."""
    for step in range(int(os.environ.get("FAKE_IDLE_STEPS", "0"))):
        if step == 1 and os.environ.get("FAKE_IDLE_FAIL"):
            raise RuntimeError("fake-worker: idle warm-up failed on purpose")
        if os.environ.get("FAKE_IDLE_WRITES"):
            for page in range(REHEARSED_PAGES):
                REHEARSED[page * PAGE + 1] = step
        STATE.setdefault("idle_steps", []).append(time.monotonic())
        marker_dir = os.environ.get("FAKE_IDLE_DIR")
        if marker_dir:
            with open(os.path.join(marker_dir, f"{step}.step"), "w") as marker:
                marker.write(str(os.getpid()))
        yield


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Do what ``job["action"]`` says."""
    action = job.get("action", "echo")
    note("served")
    if "ready_path" in job:
        # Lets a test know the job is running (and which process runs it) without sleeping.
        with open(job["ready_path"] + ".tmp", "w") as ready:
            ready.write(str(os.getpid()))
        os.rename(job["ready_path"] + ".tmp", job["ready_path"])
    if "ballast_mb" in job:
        # Memory the process holds until it exits, so that it takes a while to go.
        STATE["ballast"] = bytearray(int(job["ballast_mb"]) * 2**20)
        for page in range(0, len(STATE["ballast"]), PAGE):
            STATE["ballast"][page] = 1
    if action == "echo":
        return {
            "echo": job.get("value"),
            "pid": os.getpid(),
            "prepared_by": PREPARED_BY,
            "primed_by": PRIMED_BY,
            "primed_at": PRIMED_AT,
            "primed_for": PRIMED_FOR,
        }
    if action == "block_until":
        # Stay in flight until the test opens the gate listening at job["release_path"] (a Unix
        # socket; see test_pool.Gate): connected, this blocks until the test closes it, which
        # resets the connection; refused, the gate was open already (or 30 s pass).
        import socket

        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as gate:
            gate.settimeout(30)
            with contextlib.suppress(OSError):
                gate.connect(job["release_path"])
                gate.recv(1)
        return {"pid": os.getpid()}
    if action == "touch_rehearsed":
        # Write where the rehearsal wrote, counting the page faults that takes (copies on write).
        import resource

        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        for page in range(REHEARSED_PAGES):
            REHEARSED[page * PAGE] = ord("t")
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
        return {
            "faults": faults,
            "pages": REHEARSED_PAGES,
            "unchanged": REHEARSED.count(b"r"),
            "pid": os.getpid(),
            "primed_by": PRIMED_BY,
        }
    if action == "huge_pages":
        # How much of this process's memory is mapped in huge pages (kB), and whether it primed.
        with open("/proc/self/smaps_rollup") as rollup:
            huge_kib = int(rollup.read().split("AnonHugePages:")[1].split()[0])
        return {"huge_kib": huge_kib, "pid": os.getpid(), "primed_by": PRIMED_BY}
    if action == "remember":
        STATE["value"] = job.get("value")
        return {"state": dict(STATE)}
    if action == "recall":
        return {"state": dict(STATE)}
    if action == "now":
        # When this ran (CLOCK_MONOTONIC, shared by every process), and what the process started with.
        return {"at": time.monotonic(), "state": dict(STATE)}
    if action == "big":
        return {"text": "x" * int(job["size"])}
    if action == "sleep":
        while True:  # until the pool kills it
            signal.pause()
    if action == "syntax_error":
        raise DiagramSyntaxError(job["message"], job["details"])
    if action == "bug":
        raise KeyError("a worker bug")
    if action == "unencodable":
        return {"value": object()}
    if action == "bytes":
        return {"data": bytes(range(256)) * int(job.get("repeat", 1))}
    if action == "segfault":
        os.kill(os.getpid(), signal.SIGSEGV)
    if action == "signal":
        os.kill(os.getpid(), int(job["signal"]))
        while True:  # until the signal ends it
            signal.pause()
    if action == "exit":
        os._exit(int(job.get("code", 3)))
    if action == "hog":
        chunks = []
        while True:
            chunks.append(bytearray(16 * 2**20))
    if action == "print":
        print("fake-worker: handle wrote to stdout")
        sys.stdout.flush()
        return {"printed": True}
    raise ValueError(f"unknown action {action!r}")
