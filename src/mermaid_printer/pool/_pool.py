"""The caller's side of the renderer pool: a warm engine process and one fresh process per job."""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import signal
import threading
import time
from typing import Any

from mermaid_printer.errors import (
    EngineUnavailable,
    InvalidInput,
    PrinterError,
    RenderFailed,
    RenderTimeout,
    ResourceLimit,
    error_from_dict,
)
from mermaid_printer.pool import _protocol as proto
from mermaid_printer.pool._backends import Backend, EngineLost, ForkBackend, SpawnBackend

__all__ = ["JobCancelled", "RendererPool"]

logger = logging.getLogger(__name__)

# Children the zygote keeps forked ahead of time (see RendererPool's ``spares``).
_FORK_SPARES = 2


# With a cancel event, how often a waiting run() looks at it.
_CANCEL_POLL_S = 0.05


class JobCancelled(Exception):
    """The caller cancelled the job (for example its client hung up); its process was killed."""


class RendererPool:
    """Runs each job in a fresh, single-use process started from a warm engine process.

    With ``start_method="fork"`` (the default where ``os.fork`` exists) a separate *zygote*
    process imports ``worker`` and runs its ``prepare()`` once, then gives every job its own
    child, forked from it; the child runs ``handle(job)`` and exits. ``spares`` children are
    forked ahead of time, so a job does not wait for a fork. With ``"spawn"``, ``spares``
    worker processes are kept prepared ahead of time and each serves a single job. With fork, a
    spare runs the worker's optional ``prime()`` before its job when a core is free for it (not
    beside jobs that fill every core: there it costs more than it saves).

    Thread-safe. Use as a context manager or call :meth:`close`.

    Args:
        worker: importable module with ``prepare(**worker_options) -> None`` (optional; slow
            one-time set-up), ``prime(prime_for=None) -> None`` (optional; given the
            ``prime_for`` of the last job (:meth:`run`) when it named one) and
            ``handle(job) -> result`` (one job, in a fresh process). Jobs and results cross the
            process boundary through :mod:`mermaid_printer.wire`.
        worker_options: JSON-compatible keyword arguments for the worker's ``prepare()`` (for
            the real worker: ``{"engine": "native"}``).
        max_concurrency: jobs running at once; more wait, and the wait counts toward their
            timeout. Defaults to twice the CPU count.
        child_memory_bytes: address space a job may add on top of the warm process's size.
        start_method: ``"fork"`` or ``"spawn"``; ``None`` picks fork where available.
        spares: processes kept ready for the next jobs. Defaults to 2 with fork (a primed
            spare holds a few MB of its own, more once it has copied ahead; two keep back-to-back
            jobs from waiting for the next one to finish priming), and to the CPU count (at
            most ``max_concurrency``) with spawn, whose processes start slowly.
    """

    def __init__(
        self,
        worker: str = "mermaid_printer.worker",
        *,
        max_concurrency: int | None = None,
        child_memory_bytes: int = 1536 * 2**20,
        start_method: str | None = None,
        spares: int | None = None,
        worker_options: dict[str, Any] | None = None,
    ) -> None:
        if start_method is None:
            start_method = "fork" if hasattr(os, "fork") else "spawn"
        if start_method not in ("fork", "spawn"):
            raise ValueError(f"start_method must be 'fork' or 'spawn', not {start_method!r}")
        if start_method == "fork" and not hasattr(os, "fork"):
            raise ValueError("start_method 'fork' is not available on this platform")
        if max_concurrency is None:
            max_concurrency = 2 * (os.cpu_count() or 1)
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        if child_memory_bytes < 1:
            raise ValueError("child_memory_bytes must be positive")
        if spares is None:
            spares = _FORK_SPARES if start_method == "fork" else min(max_concurrency, os.cpu_count() or 1)
        if spares < 0:
            raise ValueError("spares must not be negative")
        self.worker = worker
        self.worker_options = dict(worker_options or {})
        self.start_method = start_method
        self.max_concurrency = max_concurrency
        self.child_memory_bytes = child_memory_bytes
        self.spares = spares
        self._slots = threading.BoundedSemaphore(max_concurrency)
        self._lock = threading.Lock()  # guards _backend; held while an engine starts
        self._backend: Backend | None = None
        self._spawned_at: float | None = None  # when _backend was spawned, until it is warm
        self._closures = 0  # counts close() calls, so a run in flight never restarts a closed pool

    def __enter__(self) -> RendererPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self, *, wait: bool = True) -> None:
        """Start the engine process and wait until it is warm. Does nothing if it already is.

        ``wait=False`` returns once the process is started, so the caller can do other work while
        it gets warm (the command line imports its own modules meanwhile); the first :meth:`run`
        (or a :meth:`start` that waits) waits for it, and says what went wrong if it failed.

        Raises:
            EngineUnavailable: the process could not start or the worker's ``prepare()`` failed.
        """
        if wait:
            self._ready_backend(None)
            return
        with self._lock:
            self._live_backend()

    def is_warm(self) -> bool:
        """Whether a job now would start at once: the engine process runs and is warm. Never
        waits (not for a job starting the engine either: that counts as not warm)."""
        if not self._lock.acquire(blocking=False):
            return False
        try:
            backend = self._backend
            if backend is None or not backend.alive():
                return False
            if self._spawned_at is not None and not backend.ready_now():
                return False
        finally:
            self._lock.release()
        try:
            self._ready_backend(None)  # takes its hello, which is there
        except PrinterError:
            return False
        return True

    @property
    def engine_pid(self) -> int | None:
        """The warm engine process's pid (the zygote, ``fork`` mode) while it runs, for monitoring;
        None before it starts, after it stopped, and in ``spawn`` mode (no single engine process)."""
        backend = self._backend
        return backend.engine_pid if isinstance(backend, ForkBackend) else None

    def run(
        self, job: Any, *, timeout_s: float, cancel: threading.Event | None = None, prime_for: str | None = None
    ) -> Any:
        """Run ``job`` in a fresh process and return the worker's result.

        ``timeout_s`` covers waiting for a free slot and the job itself; starting (or
        restarting) the engine process does not count against it. Setting ``cancel`` while
        the job runs kills its process at once (within ``_CANCEL_POLL_S``) and frees its slot.
        ``prime_for`` names what the job needs warm (for the product's worker, the bundle whose
        engine runs it; at most ``_protocol.MAX_PRIME_FOR`` printable ASCII characters, else ignored): with fork,
        the spares forked after this job prime with ``prime(prime_for)``, on the bet that the
        next jobs are of the same sort, instead of the worker's whole ``prime()``.

        Raises:
            JobCancelled: ``cancel`` was set before the job finished.
            RenderTimeout: the job did not finish in time; its process was killed.
            ResourceLimit: the job ran out of memory (or stack) and was stopped.
            RenderFailed: the job's process crashed or exited without a result.
            EngineUnavailable: the engine process cannot be started.
            PrinterError: any other error the worker raised, rebuilt with the same class.
        """
        if not timeout_s > 0:
            raise InvalidInput(f"timeout_s must be positive, not {timeout_s!r}")
        request = {
            "job": job,
            "memory_bytes": self.child_memory_bytes,
            "cpu_seconds": math.ceil(timeout_s) + 1,
        }
        try:
            data = proto.encode_frame(proto.TAG_JOB, request)
        except ValueError as exc:
            raise InvalidInput(f"the job cannot be sent to a render process: {exc}") from exc

        with self._lock:
            closures = self._closures
        backend = self._ready_backend(closures)
        deadline = time.monotonic() + timeout_s
        if not self._slots.acquire(timeout=max(0.0, deadline - time.monotonic())):
            raise RenderTimeout(
                f"no renderer became free within {timeout_s:g} s",
                {"timeout_s": timeout_s, "waiting_for": "slot"},
            )
        try:
            try:
                return self._run_once(backend, data, deadline, timeout_s, cancel, prime_for)
            except EngineLost:
                # The job never reached a render process: restart the engine and try once more.
                restart_began = time.monotonic()
                backend.on_lost()
                backend = self._ready_backend(closures)
                deadline += time.monotonic() - restart_began
            try:
                return self._run_once(backend, data, deadline, timeout_s, cancel, prime_for)
            except EngineLost:
                backend.on_lost()
                raise EngineUnavailable("the engine process keeps exiting before it takes a job") from None
        finally:
            self._slots.release()

    def close(self) -> None:
        """Stop the engine process and every job still running. Safe to call twice.

        A later :meth:`start` or :meth:`run` starts a new engine process.
        """
        with self._lock:
            backend, self._backend, self._spawned_at = self._backend, None, None
            self._closures += 1
        if backend is not None:
            backend.close()

    def _ready_backend(self, closures: int | None) -> Backend:
        """The running backend, started if need be and warm; refused if closed since ``closures``
        was read."""
        with self._lock:
            if closures is not None and closures != self._closures:
                raise EngineUnavailable("the renderer pool was closed")
            backend = self._live_backend()
            if self._spawned_at is not None:
                try:
                    backend.wait_ready()
                except BaseException:
                    self._backend, self._spawned_at = None, None
                    backend.close()
                    raise
                logger.info(
                    "renderer pool ready in %.1f s (%s, worker %s, options %s, %d spares)",
                    time.monotonic() - self._spawned_at,
                    self.start_method,
                    self.worker,
                    json.dumps(self.worker_options, sort_keys=True),
                    self.spares,
                )
                self._spawned_at = None
            return backend

    def _live_backend(self) -> Backend:
        """The backend if its processes run, else a new one being spawned; the caller holds
        ``_lock``."""
        backend = self._backend
        return backend if backend is not None and backend.alive() else self._spawn_backend()

    def _spawn_backend(self) -> Backend:
        """Replace the backend (a stale one is closed) with a new one whose processes are
        starting; the caller holds ``_lock``."""
        stale, self._backend = self._backend, None
        if stale is not None:
            stale.close()
        backend: Backend
        if self.start_method == "fork":
            backend = ForkBackend(self.worker, self.worker_options, spares=self.spares)
        else:
            backend = SpawnBackend(self.worker, self.worker_options, spares=self.spares)
        try:
            backend.spawn()
        except BaseException:
            backend.close()
            raise
        self._backend, self._spawned_at = backend, time.monotonic()
        return backend

    def _run_once(
        self,
        backend: Backend,
        data: bytes,
        deadline: float,
        timeout_s: float,
        cancel: threading.Event | None,
        prime_for: str | None,
    ) -> Any:
        launch = backend.launch(prime_for)
        pid: int | None = None
        outcome: dict[str, Any] | None = None
        exit_report: dict[str, Any] | None = None
        try:
            reader = launch.reader
            try:
                # If the process is gone, whatever it said before dying is still readable.
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    proto.send_bytes(launch.sock, data, deadline)
                while (frame := _read(reader, deadline, cancel)) is not None:
                    tag, payload = frame
                    if tag == proto.TAG_PID:
                        pid = int(payload["pid"])
                    elif tag == proto.TAG_RESULT:
                        # Done: the process has nothing left to do but exit. Not waiting for
                        # its exit report saves time; release() hangs up, and the process is
                        # reaped without us.
                        outcome = payload
                        break
                    elif tag == proto.TAG_EXIT:
                        exit_report = payload
            except proto.DeadlineExceeded:
                if outcome is None:
                    launch.kill(pid)
                    raise RenderTimeout(
                        f"the render did not finish within {timeout_s:g} s",
                        {"timeout_s": timeout_s},
                    ) from None
                # The result arrived; only the process's exit was slow. Keep the result, and
                # leave the process to release(): it may already be reaped, its pid free.
            except proto.ProtocolError as exc:
                if outcome is None:
                    launch.kill(pid)
                raise RenderFailed(f"the render process sent a broken reply: {exc}") from None
            except JobCancelled:
                launch.kill(pid)
                raise
            if outcome is None:
                exit_report = launch.exit_report(exit_report)
        finally:
            launch.release()

        if outcome is not None:
            if "error" in outcome:
                raise error_from_dict(outcome["error"])
            return outcome["result"]
        if pid is None and (exit_report is None or "error" not in exit_report):
            raise EngineLost
        raise _error_for_exit(exit_report)


def _read(reader: proto.FrameReader, deadline: float, cancel: threading.Event | None) -> tuple[bytes, Any] | None:
    """The next frame, by ``deadline``; with ``cancel``, looking at it every ``_CANCEL_POLL_S``.

    Raises:
        JobCancelled: ``cancel`` was set.
        proto.DeadlineExceeded: ``deadline`` passed.
    """
    if cancel is None:
        return reader.read(deadline)
    while True:
        if cancel.is_set():
            raise JobCancelled
        try:
            return reader.read(min(deadline, time.monotonic() + _CANCEL_POLL_S))
        except proto.DeadlineExceeded:
            if time.monotonic() >= deadline:
                raise


def _error_for_exit(report: dict[str, Any] | None) -> PrinterError:
    """The error for a render process that ended without sending a result."""
    if report is None:
        return RenderFailed("the engine process stopped during the render", {"reason": "engine_stopped"})
    if "error" in report:
        return EngineUnavailable(str(report["error"]))
    if "signal" in report:
        number = int(report["signal"])
        name = _signal_name(number)
        details = {"signal": name, "signal_number": number}
        if number == signal.SIGXCPU:
            return RenderTimeout("the render used up its CPU time limit", details)
        if number == signal.SIGKILL:
            # We only SIGKILL after a timeout, which is reported as such; an unexpected
            # SIGKILL is almost always the kernel's out-of-memory killer, else an operator.
            return ResourceLimit(
                "the render process was killed (SIGKILL): by the system's out-of-memory killer, or from outside",
                details,
            )
        return RenderFailed(f"the render process crashed ({name})", details)
    code = int(report.get("exit_code", -1))
    return RenderFailed(f"the render process exited with code {code} without a result", {"exit_code": code})


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"
