"""The engine processes behind the pool: a zygote reached over a control socket (fork mode), or
pre-spawned single-use workers (spawn mode), and the single-use render process each job gets."""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from typing import Any, Protocol

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.pool import _protocol as proto
from mermaid_printer.pool._engine_log import LEVEL_ENV, engine_log_level, engine_stderr

__all__ = ["Backend", "EngineLost", "ForkBackend", "Launch", "SpawnBackend"]

_ENTRY_MODULE = "mermaid_printer.pool._zygote"
# prepare() of the real worker takes a few seconds on a loaded machine; this only bounds a hang.
_START_TIMEOUT_S = 120.0
# How long close() lets the engine process kill and reap its children before killing it.
_STOP_GRACE_S = 2.0


class EngineLost(Exception):
    """The engine process went away before the job reached a render process (internal).

    The job never started, so the pool may safely retry it on a fresh engine.
    """


def _child_env() -> dict[str, str]:
    # The engine must import the same code as the caller, including test-only worker modules
    # that are importable here only because of sys.path changes.
    env = dict(os.environ)
    paths = [entry or os.getcwd() for entry in sys.path]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    env[LEVEL_ENV] = str(engine_log_level())
    return env


def _popen(args: list[str], keep_fd: int) -> subprocess.Popen[bytes]:
    """Start the entry module; stdout never reaches the caller's stdout, and what it logs on
    stderr goes through the caller's logging (:mod:`._engine_log`)."""
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", _ENTRY_MODULE, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=engine_stderr(),
            pass_fds=(keep_fd,),
            env=_child_env(),
            # Own session: a Ctrl-C in the caller's terminal is the caller's to handle; the
            # engine follows when the caller closes the pool or exits.
            start_new_session=True,
        )
    except OSError as exc:
        raise EngineUnavailable(f"could not start the engine process: {exc}") from exc
    return proc


def _popen_with_socket(args: list[str], kind: int) -> tuple[subprocess.Popen[bytes], socket.socket]:
    """Start an engine process given one end of a new socket pair (its fd number ends ``args``)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, kind)
    try:
        proc = _popen([*args, str(theirs.fileno())], theirs.fileno())
    except BaseException:
        ours.close()
        raise
    finally:
        theirs.close()
    return proc, ours


def _worker_args(worker: str, options: dict[str, Any]) -> list[str]:
    return ["--worker", worker, "--worker-options", json.dumps(options)]


def _stop(proc: subprocess.Popen[bytes], grace_s: float) -> None:
    """Wait up to ``grace_s`` for ``proc`` to exit, then kill it; always reaps it."""
    try:
        proc.wait(timeout=grace_s)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Launch(Protocol):
    """One single-use render process, as seen by the request it serves."""

    sock: socket.socket
    reader: proto.FrameReader  # the one reader of ``sock``: it may hold bytes already received

    def kill(self, pid: int | None) -> None:
        """Kill the render process now (``pid`` as it reported itself, if it did)."""

    def exit_report(self, reported: dict[str, Any] | None) -> dict[str, Any] | None:
        """How the process ended, once it has; ``None`` if the engine process vanished."""

    def release(self) -> None:
        """Free everything the launch holds."""


class Backend(Protocol):
    def spawn(self) -> None:
        """Start the engine process(es), without waiting for them to be warm."""

    def wait_ready(self) -> None:
        """Wait until what :meth:`spawn` started is warm (raises ``EngineUnavailable``)."""

    def alive(self) -> bool: ...
    def ready_now(self) -> bool:
        """Whether :meth:`wait_ready` would return (or raise) without waiting."""
        ...

    def launch(self, prime_for: str | None = None) -> Launch: ...
    def on_lost(self) -> None: ...
    def close(self) -> None: ...


class _ForkLaunch:
    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.reader = proto.FrameReader(sock)

    def kill(self, pid: int | None) -> None:
        if pid is not None:
            # The child is the zygote's, not ours, but it cannot have been reaped (and its pid
            # reused) yet: the zygote reports the exit first, and we have not read that.
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        # Without a pid, closing our end is enough: the zygote kills a child whose caller hung up.

    def exit_report(self, reported: dict[str, Any] | None) -> dict[str, Any] | None:
        return reported

    def release(self) -> None:
        self.sock.close()


class ForkBackend:
    """A zygote process reached over a SOCK_SEQPACKET control socket."""

    def __init__(self, worker: str, options: dict[str, Any], spares: int) -> None:
        self._worker = worker
        self._options = options
        self._spares = spares
        self._proc: subprocess.Popen[bytes] | None = None
        self._ctrl: socket.socket | None = None
        self._ready = False  # said it is warm (wait_ready)
        self._send_lock = threading.Lock()  # guards _ctrl against close() while sending

    def spawn(self) -> None:
        self._proc, self._ctrl = _popen_with_socket(
            [*_worker_args(self._worker, self._options), "--mode", "fork", "--spares", str(self._spares), "--ctrl-fd"],
            socket.SOCK_SEQPACKET,
        )

    def wait_ready(self) -> None:
        ours, proc = self._ctrl, self._proc
        assert ours is not None and proc is not None, "spawn() first"
        ours.settimeout(_START_TIMEOUT_S)
        try:
            message = ours.recv(65536)
        except TimeoutError:
            raise EngineUnavailable(f"the engine process did not get ready within {_START_TIMEOUT_S:g} s") from None
        finally:
            ours.settimeout(None)
        if not message:
            code = proc.wait()
            raise EngineUnavailable(f"the engine process exited during start (exit code {code})")
        hello = json.loads(message)
        if "error" in hello:
            raise EngineUnavailable(str(hello["error"]))
        self._ready = True

    def alive(self) -> bool:
        return self._ctrl is not None and self._proc is not None and self._proc.poll() is None

    def ready_now(self) -> bool:
        ours = self._ctrl
        return ours is not None and bool(select.select([ours], [], [], 0)[0])

    @property
    def engine_pid(self) -> int | None:
        """The zygote's pid while it runs."""
        return self._proc.pid if self.alive() and self._proc is not None else None

    def launch(self, prime_for: str | None = None) -> _ForkLaunch:
        """Hand the zygote a socket for a new job; ``prime_for`` (see ``RendererPool.run``)
        rides along in the same message."""
        ours, theirs = socket.socketpair()
        try:
            with self._send_lock:
                if self._ctrl is None:
                    raise EngineLost
                try:
                    socket.send_fds(self._ctrl, [proto.launch_message(prime_for)], [theirs.fileno()])
                except OSError as exc:
                    raise EngineLost from exc
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        return _ForkLaunch(ours)

    def on_lost(self) -> None:
        self.close()

    def close(self) -> None:
        with self._send_lock:
            ctrl, self._ctrl = self._ctrl, None
        if ctrl is not None:
            ctrl.close()  # the zygote sees end-of-file, kills and reaps its children, exits
        if self._proc is not None:
            # One that never said it is warm reads nothing from its socket yet, and has no
            # children to reap: it is stopped at once (a head start nobody took, for one).
            _stop(self._proc, _STOP_GRACE_S if self._ready else 0.0)


class _SpawnedWorker:
    """One pre-spawned, single-use worker process and the caller's end of its socket."""

    def __init__(self, worker: str, options: dict[str, Any]) -> None:
        self.proc, ours = _popen_with_socket(
            [*_worker_args(worker, options), "--mode", "single", "--sock-fd"], socket.SOCK_STREAM
        )
        self.sock = ours
        self.reader = proto.FrameReader(ours)
        self._ready = False
        self.stopped = False
        self._ready_lock = threading.Lock()

    def wait_ready(self) -> None:
        """Block until the worker is warm.

        Raises:
            EngineLost: it died before saying so.
            EngineUnavailable: its ``prepare()`` failed.
        """
        with self._ready_lock:
            if self._ready:
                return
            try:
                frame = self.reader.read(time.monotonic() + _START_TIMEOUT_S)
            except proto.DeadlineExceeded:
                raise EngineUnavailable(f"a worker process did not get ready within {_START_TIMEOUT_S:g} s") from None
            except proto.ProtocolError:
                frame = None
            if frame is None or frame[0] != proto.TAG_READY:
                raise EngineLost
            if "error" in frame[1]:
                raise EngineUnavailable(str(frame[1]["error"]))
            self._ready = True

    def kill(self, pid: int | None) -> None:
        self.proc.kill()  # our own child: no pid-reuse question

    def stop(self) -> None:
        """Kill the worker because the pool is closing (its job then reports "engine stopped")."""
        self.stopped = True
        self.proc.kill()

    def exit_report(self, reported: dict[str, Any] | None) -> dict[str, Any] | None:
        _stop(self.proc, _STOP_GRACE_S)
        if self.stopped:
            return None
        code = self.proc.returncode
        return {"signal": -code} if code < 0 else {"exit_code": code}

    def release(self) -> None:
        self.sock.close()
        _stop(self.proc, _STOP_GRACE_S)


class SpawnBackend:
    """A few prepared single-use worker processes; each job takes one and a new one starts."""

    def __init__(self, worker: str, options: dict[str, Any], spares: int) -> None:
        self._worker = worker
        self._options = options
        self._spares = spares
        self._lock = threading.Lock()
        self._idle: deque[_SpawnedWorker] = deque()
        self._busy: set[_SpawnedWorker] = set()
        self._closed = False

    def spawn(self) -> None:
        with self._lock:
            while len(self._idle) < self._spares:
                self._idle.append(_SpawnedWorker(self._worker, self._options))

    def wait_ready(self) -> None:
        with self._lock:
            idle = list(self._idle)
        for worker in idle:
            try:
                worker.wait_ready()
            except EngineLost:
                raise EngineUnavailable("a worker process exited during start") from None

    def ready_now(self) -> bool:
        return True  # its workers start one by one, each job waiting for its own

    def alive(self) -> bool:
        return not self._closed

    def launch(self, prime_for: str | None = None) -> _SpawnLaunch:
        # (A spawned worker primes in prepare(), never per job: ``prime_for`` has no use here.)
        with self._lock:
            if self._closed:
                raise EngineLost
            worker = self._idle.popleft() if self._idle else _SpawnedWorker(self._worker, self._options)
            self._busy.add(worker)
        try:
            self._refill()  # the replacement warms up while this job runs
            worker.wait_ready()
        except BaseException:
            self.finish(worker)
            raise
        return _SpawnLaunch(self, worker)

    def _refill(self) -> None:
        with self._lock:
            try:
                while not self._closed and len(self._idle) < self._spares:
                    self._idle.append(_SpawnedWorker(self._worker, self._options))
            except EngineUnavailable:
                pass  # this job has its worker; the next launch spawns directly and reports it

    def finish(self, worker: _SpawnedWorker) -> None:
        """Reap a worker that served (or failed to take) its job."""
        worker.release()
        with self._lock:
            self._busy.discard(worker)

    def on_lost(self) -> None:
        pass  # one dead worker says nothing about the others

    def close(self) -> None:
        with self._lock:
            self._closed = True
            idle, busy = list(self._idle), list(self._busy)
            self._idle.clear()
        for worker in idle + busy:
            worker.stop()
        for worker in idle:
            worker.release()
        for worker in busy:
            worker.proc.wait()  # its job's thread sees end-of-file and releases the socket


class _SpawnLaunch:
    def __init__(self, backend: SpawnBackend, worker: _SpawnedWorker) -> None:
        self.sock = worker.sock
        self.reader = worker.reader
        self._backend = backend
        self._worker = worker

    def kill(self, pid: int | None) -> None:
        self._worker.kill(pid)

    def exit_report(self, reported: dict[str, Any] | None) -> dict[str, Any] | None:
        return self._worker.exit_report(reported)

    def release(self) -> None:
        self._backend.finish(self._worker)
