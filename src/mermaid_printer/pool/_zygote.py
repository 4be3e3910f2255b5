"""Entry point of the warm engine process: ``python -m mermaid_printer.pool._zygote``.

``--mode fork --ctrl-fd N [--spares K]``: the zygote. Runs the worker's ``prepare()`` once,
then takes request sockets (``SCM_RIGHTS`` over a ``SOCK_SEQPACKET`` control socket) and hands
each to a single-use child that serves that one request and exits. It reaps its children,
reports their exit status, kills a child whose caller hung up, and exits when the control
socket closes. To keep work off a request's clock it keeps ``K`` *spares* forked ahead, lets
them *prime* and *copy ahead* the pages renders write (``_pages.py``) while cores are free,
puts its heap in *huge pages* (``_huge_pages.py``) and, when long-lived and idle, runs the
worker's *idle warm-up*. None of this changes what a request sees: a spare has seen no other
request. How and why: ``docs/pool.md``.

``--mode single --sock-fd N``: a pre-spawned, single-use worker for platforms without fork.

This process never writes to its real stdout (the caller may be an MCP server speaking on it):
fd 1 is pointed at stderr before the worker is imported.
"""

# Kept whole: one process's loop; forking, spares, priming, the page learner and the idle warm-up
# all act on the same socket set, child table and schedule, which a split would have to share.

from __future__ import annotations

import argparse
import contextlib
import ctypes
import gc
import importlib
import json
import logging
import math
import os
import select
import signal
import socket
import struct
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator
from types import ModuleType
from typing import Any, NoReturn

from mermaid_printer.pool import _huge_pages, _pages
from mermaid_printer.pool import _protocol as proto
from mermaid_printer.pool._engine_log import configure_engine_process

_PR_SET_PDEATHSIG = 1
# More fds than this in one control message would mean a confused caller; the rest are dropped.
_MAX_FDS_PER_MESSAGE = 16


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments the pool passes and run the requested mode."""
    parser = argparse.ArgumentParser(prog="mermaid_printer.pool._zygote")
    parser.add_argument("--worker", required=True)
    parser.add_argument("--worker-options", default="{}", help="JSON object of keyword arguments for prepare()")
    parser.add_argument("--mode", choices=("fork", "single"), required=True)
    parser.add_argument("--ctrl-fd", type=int)
    parser.add_argument("--sock-fd", type=int)
    parser.add_argument("--spares", type=int, default=0)  # fork mode; the pool always passes it
    args = parser.parse_args(argv)
    _keep_stdout_clean()
    configure_engine_process()
    options = json.loads(args.worker_options)
    if args.mode == "fork":
        ctrl = socket.socket(fileno=args.ctrl_fd)
        _run_zygote(ctrl, args.worker, options, max(0, args.spares))
    else:
        sock = socket.socket(fileno=args.sock_fd)
        _run_single_use(sock, args.worker, options)


def _keep_stdout_clean() -> None:
    # Anything the worker prints lands in stderr (the log), never on the caller's stdout.
    os.dup2(2, 1)
    sys.stdout = sys.stderr


_logger = logging.getLogger("mermaid_printer.pool.engine")  # not __main__: it runs as a module


def _log(message: str, level: int = logging.INFO) -> None:
    """A diagnostic of the engine process, for its caller's logging (:mod:`._engine_log`)."""
    _logger.log(level, message)


def _load_worker(name: str, options: dict[str, Any]) -> tuple[ModuleType | None, str | None]:
    """Import the worker and run its ``prepare(**options)``; return ``(module, None)`` or ``(None, reason)``."""
    try:
        module = importlib.import_module(name)
        if not callable(getattr(module, "handle", None)):
            return None, f"worker module {name!r} has no handle(job) function"
        prepare = getattr(module, "prepare", None)
        if prepare is not None:
            prepare(**options)
    except BaseException as exc:  # SystemExit too: any way prepare() stops is a failed start
        traceback.print_exc(file=sys.stderr)
        return None, f"worker {name!r} failed to start: {type(exc).__name__}: {exc}"
    finally:
        proto.flush_std_streams()
    return module, None


def _prime(module: ModuleType, prime_for: str | None) -> None:
    """Run the worker's optional ``prime()`` in a spare, before it copies ahead (see ``_Zygote``'s
    ``_become_spare``): ``prime(prime_for)`` when the last request named what it needed warm."""
    prime = getattr(module, "prime", None)
    if prime is None:
        return
    if prime_for is None:
        prime()
    else:
        prime(prime_for)


def _thread_count() -> int:
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


# --- fork mode --------------------------------------------------------------------------------


def _run_zygote(ctrl: socket.socket, worker_name: str, options: dict[str, Any], spares: int) -> None:
    module, reason = _load_worker(worker_name, options)
    if module is None:
        _send_control(ctrl, {"error": reason})
        return
    threads = _thread_count()
    if threads > 1:
        # fork() copies only the calling thread; a worker that started threads may deadlock
        # its children on a lock some other thread held. Say so loudly, but keep serving.
        _log(f"{threads} threads are running before fork(); the worker should not start threads", logging.WARNING)
    # Objects created during prepare() are never freed; freezing them keeps the children's
    # garbage collector from touching (and so copying) those pages.
    gc.collect()
    gc.freeze()
    _send_control(ctrl, {"ready": True, "pid": os.getpid(), "threads": threads})
    _Zygote(ctrl, module, spares).serve()


def _send_control(ctrl: socket.socket, message: dict[str, Any]) -> None:
    # If the caller is gone, the main loop will see the closed socket and exit.
    with contextlib.suppress(OSError):
        ctrl.send(json.dumps(message).encode("utf-8"))


# How much a spare may copy ahead (sent to idle spares, no fd with it, when it changes; see
# _copy_level): nothing, the pages of the rehearsal's first step (what every render writes), or
# all it learned.
_COPY_NOTHING = b"0"
_COPY_COMMON = b"1"
_COPY_ALL = b"2"
_COPY_LEVELS = (_COPY_NOTHING, _COPY_COMMON, _COPY_ALL)
#: How long a spare waits before it looks again whether other tasks wait for a core: first,
#: and at most (the wait doubles while they do).
_POLITE_WAIT_MS = (2, 64)
#: How long fewer requests than cores must have been in flight before spares copy the common
#: pages, and no request before they copy all they learned.
_COPY_AFTER_S = 0.02

#: A step of putting the heap in huge pages (2 MiB) that takes longer than this stops it: the
#: kernel had to reclaim or compact memory for it (a host short of free memory), and requests
#: that come meanwhile wait for the step. A normal step takes a fraction of this.
_SLOW_COLLAPSE_STEP_S = 0.05

#: How long no request must have been in flight before the zygote takes a step of the worker's
#: idle warm-up (a request that comes during a step waits for it), and how long it waits before it looks again while other tasks wait for a core.
_IDLE_WARM_UP_AFTER_S = 1.0
_IDLE_WARM_UP_RETRY_S = 0.25
#: What ``next()`` gives once the idle warm-up has no steps left.
_NO_MORE_STEPS = object()

# A spare that dies this many times in a row before taking a request (a broken ``prime()``)
# turns spares off: requests then fork on demand, in children that do not prime (its traceback
# is on stderr; whatever else is broken shows in their results).
_MAX_SPARE_DEATHS = 3


class _Zygote:
    """The fork server loop: one child per request socket, reaped and reported."""

    def __init__(self, ctrl: socket.socket, module: ModuleType, spares: int) -> None:
        self._ctrl = ctrl
        self._module = module
        self._handle: Callable[[Any], Any] = module.handle
        self._children: dict[int, socket.socket] = {}  # pid -> request socket of a running child
        self._watched: dict[int, int] = {}  # request socket fd -> child pid
        self._spares: dict[int, socket.socket] = {}  # pid -> channel of an idle spare, oldest first
        self._spares_wanted = spares
        self._spare_deaths = 0
        self._unreported: set[int] = set()  # spares that died idle or mid-handover: reap, say nothing
        self._retired: set[int] = set()  # spares forked before the learner reported: reap quietly
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._poller = select.poll()
        self._libc = _load_libc()
        self._pid = os.getpid()
        # Copying ahead: the learner child while it runs, what it has sent so far, what it learned.
        self._learner_pid: int | None = None
        self._learner_pipe: int | None = None
        self._learner_bytes = bytearray()
        self._learned = b""  # packed page runs (_pages.pages_written) every new spare copies
        self._learned_common = 0  # how many bytes of them are the pages of the first step
        self._spares_copy = _COPY_ALL  # what the idle spares were last told (_copy_level)
        self._prime_for: str | None = None  # what the last request needed warm (its launch message)
        self._cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        # Since when fewer requests than cores, and no request, have been in flight.
        self._below_cores_since: float | None = time.monotonic()
        self._idle_since: float | None = time.monotonic()
        # A pool that keeps spares forks for long: its heap goes into huge pages first, a step
        # per turn of the loop, before the learner and the first spare are forked (they would
        # keep the 4 KiB pages alive beside the huge ones). Requests fork on demand meanwhile.
        self._collapser: _huge_pages.Collapser | None = _huge_pages.Collapser() if spares else None
        self._collapse_began = time.monotonic()
        # The worker's idle warm-up (a pool that keeps spares is long-lived): its steps once
        # started, how many taken and their CPU; None once done (or where there is none).
        self._idle_warm_up: Callable[[], Iterable[object]] | None = (
            getattr(module, "idle_warm_up", None) if spares else None
        )
        self._idle_steps: Iterator[object] | None = None
        self._idle_steps_taken = 0
        self._idle_cpu_s = 0.0
        self._idle_not_before = 0.0  # (monotonic) no step before then: the machine was busy
        self._collapse_pending = False  # the heap goes into huge pages again (after the idle warm-up)

    def serve(self) -> None:
        """Run until the control socket closes, then kill and reap every child."""
        # A Python-level handler is needed for the wakeup fd to fire; the handler itself has
        # nothing to do because the loop reaps after every wake-up.
        signal.signal(signal.SIGCHLD, lambda _signum, _frame: None)
        signal.set_wakeup_fd(self._wake_w)
        self._poller.register(self._ctrl, select.POLLIN)
        self._poller.register(self._wake_r, select.POLLIN)
        try:
            if self._collapser is None:
                self._start_learning()
            self._refill_spares()
            while self._poll_once():
                pass
        finally:
            self._shutdown()

    def _poll_once(self) -> bool:
        timeout_ms = (
            0 if self._collapser is not None else _sooner(self._ms_until_spares_copy(), self._ms_until_idle_step())
        )
        events = [fd for fd, _events in self._poller.poll(timeout_ms)]
        # Callers that hung up first: a caller closes a request's socket once it has the result,
        # before it sends its next request, so that child is no longer a request in flight when
        # the next one is handed out (see _requests_in_flight).
        ours = (self._ctrl.fileno(), self._wake_r, self._learner_pipe)
        for fd in events:
            if fd not in ours:
                self._caller_hung_up(fd)
        for fd in events:
            if fd == self._ctrl.fileno():
                if not self._accept_requests():
                    return False
            elif fd == self._wake_r:
                self._drain_wakeups()
            elif fd == self._learner_pipe:
                self._read_learned()
        self._reap()
        self._collapse_again()
        if self._collapser is not None:
            self._collapse_step()
        self._update_copying()
        self._refill_spares()
        self._idle_step()
        return True

    def _collapse_step(self) -> None:
        """Put the next 2 MiB of the heap in a huge page; once all are (or a step was slow), start
        learning (and so the spares)."""
        assert self._collapser is not None
        began = time.monotonic()
        self._collapser.step()
        slow = time.monotonic() - began > _SLOW_COLLAPSE_STEP_S
        if not self._collapser.done and not slow:
            return
        collapsed, skipped = self._collapser.collapsed, self._collapser.skipped
        self._collapser = None
        if slow:
            _log(
                f"putting the heap in huge pages is slow here ({(time.monotonic() - began) * 1000:.0f} ms "
                f"for 2 MiB): stopped, with {collapsed >> 20} MiB in huge pages"
            )
        elif collapsed:
            _log(
                f"{collapsed >> 20} MiB of the warm process's heap now in huge pages "
                f"({skipped >> 20} MiB not), in {time.monotonic() - self._collapse_began:.2f} s"
            )
        self._start_learning()

    def _accept_requests(self) -> bool:
        try:
            message, fds, _flags, _addr = socket.recv_fds(self._ctrl, 64, _MAX_FDS_PER_MESSAGE)
        except OSError:
            return False
        if not message and not fds:
            return False  # the caller closed the pool or died
        if fds:
            self._prime_for = proto.prime_for_of(message)
        for fd in fds:
            self._start_job(socket.socket(fileno=fd))
        return True

    def _start_job(self, sock: socket.socket) -> None:
        """Give the request to the oldest idle spare, or fork a child for it."""
        while self._spares:
            pid = next(iter(self._spares))
            channel = self._spares.pop(pid)
            try:
                socket.send_fds(channel, [b"R"], [sock.fileno()])
            except OSError:
                self._unreported.add(pid)  # it died idle; _reap collects it
                continue
            finally:
                channel.close()
            self._track(pid, sock)
            self._update_copying()
            return
        self._fork_child(sock)

    def _copy_level(self) -> bytes:
        """How much spares may copy ahead now.

        * All they learned once no request has been in flight for ``_COPY_AFTER_S``.
        * The pages every render writes (the rehearsal's first step) once fewer
          requests than cores have been in flight for ``_COPY_AFTER_S``: beside a stream of
          small renders on two cores that saves more than it costs.
        * Else nothing: while the cores are full, copying would take the requests' time, and a
          moment with a core free between requests is too short to copy much.

        Not all of it beside a render: copying streams through the caches and memory the render
        uses, and slowed back-to-back renders even on a core of its own; and not even the first
        step's pages when a core is free only between requests, which slowed a batch with one
        caller per core (``docs/decisions/0004-copying-pages-ahead.md``).
        """
        in_flight, now = self._requests_in_flight(), time.monotonic()
        if in_flight >= self._cores:
            self._below_cores_since = self._idle_since = None
            return _COPY_NOTHING
        if self._below_cores_since is None:
            self._below_cores_since = now
        if in_flight:
            self._idle_since = None
        elif self._idle_since is None:
            self._idle_since = now
        if self._idle_since is not None and now - self._idle_since >= _COPY_AFTER_S:
            return _COPY_ALL
        return _COPY_COMMON if now - self._below_cores_since >= _COPY_AFTER_S else _COPY_NOTHING

    def _ms_until_spares_copy(self) -> int | None:
        """How long the loop may sleep before it must tell the spares they may copy more (None:
        nothing to tell, or nothing until requests in flight end)."""
        if not self._spares or self._spares_copy == _COPY_ALL:
            return None
        since = self._below_cores_since if self._spares_copy == _COPY_NOTHING else self._idle_since
        if since is None:
            return None
        return max(0, math.ceil((_COPY_AFTER_S - (time.monotonic() - since)) * 1000))

    def _requests_in_flight(self) -> int:
        """Children still serving a request: their caller waits for the result, and they have
        not exited. One whose caller hung up is not (it has its result or gave up, and the
        child is being killed, though it may take a few ms to go), nor one that exited, though
        the loop has not reaped it yet (it is only looked at here: reaping in the middle of a
        batch of poll events would close sockets those events name)."""
        running = 0
        for pid in self._watched.values():
            try:
                exited = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                continue
            if exited is None:
                running += 1
        return running

    def _update_copying(self) -> None:
        """Tell the idle spares how much they may copy ahead, when that changed."""
        level = self._copy_level()
        if level == self._spares_copy:
            return
        self._spares_copy = level
        for channel in self._spares.values():
            with contextlib.suppress(OSError):  # one that died is reaped as usual
                channel.send(level, socket.MSG_DONTWAIT)

    def _track(self, pid: int, sock: socket.socket) -> None:
        self._children[pid] = sock
        self._watched[sock.fileno()] = pid
        # Event mask 0: only POLLHUP/POLLERR are reported, i.e. the caller closed its end
        # (timeout, death, or it has its result). The job bytes the caller sends must not wake us.
        self._poller.register(sock, 0)

    def _fork_child(self, sock: socket.socket) -> None:
        try:
            pid = os.fork()
        except OSError as exc:
            _send_quietly(sock, proto.TAG_EXIT, {"error": f"fork failed: {exc}"})
            sock.close()
            return
        if pid == 0:
            self._become_child(sock)  # never returns
        self._track(pid, sock)

    def _refill_spares(self) -> None:
        if self._collapser is not None or self._collapse_pending:
            return  # not yet: see __init__ and _collapse_again
        while len(self._spares) < self._spares_wanted:
            # (Decided here: in the child, the zygote's children are no longer its own.)
            level, prime_for = self._spares_copy, self._prime_for
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                pid = os.fork()
            except OSError as exc:
                ours.close()
                theirs.close()
                _log(f"could not fork a spare ({exc}); requests fork on demand until one can", logging.WARNING)
                return
            if pid == 0:
                ours.close()
                self._become_spare(theirs, level, prime_for)  # never returns
            theirs.close()
            self._spares[pid] = ours

    def _become_spare(self, channel: socket.socket, level: bytes, prime_for: str | None) -> None:
        copier = _pages.Copier(self._learned, self._learned_common)
        waiting = select.poll()
        waiting.register(channel, select.POLLIN)

        def request_socket() -> socket.socket | None:
            # Prime, then copy ahead as much as the zygote lets us until anything comes from
            # it; then read what came: the request, how much to copy now, or the end. Priming
            # is the first step of copying ahead, done only when the zygote lets us copy (fewer
            # requests than cores in flight): it saves its request less CPU than it costs (a
            # Mermaid parse and a mind-map transform, for the faults of one of them), so beside
            # requests that fill the cores it would take their time. It
            # does not wait for other programs as copying does (it is one short step, and the
            # next request may come soon).
            copying = level
            primed = False
            cores = self._cores

            def stop() -> bool:
                # Between steps: stop if anything came; else go on, once no other task waits
                # for a core (the copying is worth less than their time; looking again later
                # and later while the machine stays busy).
                wait_ms = _POLITE_WAIT_MS[0]
                while True:
                    if waiting.poll(0):
                        return True
                    if not _pages.others_wait_for_a_core(cores):
                        return False
                    if waiting.poll(wait_ms):
                        return True
                    wait_ms = min(2 * wait_ms, _POLITE_WAIT_MS[1])

            while True:
                if copying != _COPY_NOTHING:
                    if not primed and not waiting.poll(0):
                        _prime(self._module, prime_for)
                        primed = True
                    copier.copy(stop=stop, everything=copying == _COPY_ALL)
                message, fds, _flags, _addr = socket.recv_fds(channel, 16, 1)
                if fds:
                    channel.close()
                    return socket.socket(fileno=fds[0])
                if message not in _COPY_LEVELS:
                    channel.close()
                    return None  # end of file: the zygote is stopping
                copying = message

        self._serve_in_child(request_socket)

    def _become_child(self, sock: socket.socket) -> None:
        # Forked for a waiting request: priming or copying ahead would only move its faults,
        # not save them.
        self._serve_in_child(lambda: sock)

    def _serve_in_child(self, request_socket: Callable[[], socket.socket | None]) -> None:
        """In a newly forked child: wait for the request socket (a spare primes and copies
        pages ahead meanwhile, when it may), serve it, exit."""

        def serve() -> None:
            self._enter_child()
            sock = request_socket()
            if sock is not None:
                proto.serve_one_request(sock, self._handle)

        _exit_after(serve)

    def _enter_child(self) -> None:
        """In a newly forked child: drop the zygote's signal set-up and every fd but its own."""
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        if self._libc is not None:
            # The zygote is single-threaded, so "parent" here really is the zygote process.
            self._libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != self._pid:
            os._exit(70)  # the zygote died before prctl took effect
        self._ctrl.close()
        os.close(self._wake_r)
        os.close(self._wake_w)
        if self._learner_pipe is not None:
            os.close(self._learner_pipe)
        for other in [*self._children.values(), *self._spares.values()]:
            other.close()

    # --- idle warm-up ---------------------------------------------------------------------------

    def _idle_warm_up_due(self) -> float | None:
        """When the next step of the idle warm-up may be taken (monotonic time), or None while
        there is none to take now: none left, start-up (huge pages, the learner) not over, or a
        request in flight."""
        if self._idle_warm_up is None or self._collapser is not None or self._learner_pid is not None:
            return None
        if self._idle_since is None:
            return None
        return max(self._idle_since + _IDLE_WARM_UP_AFTER_S, self._idle_not_before)

    def _ms_until_idle_step(self) -> int | None:
        due = self._idle_warm_up_due()
        return None if due is None else max(0, math.ceil((due - time.monotonic()) * 1000))

    def _idle_step(self) -> None:
        """Take one step of the worker's idle warm-up once no request has been in flight for
        ``_IDLE_WARM_UP_AFTER_S`` and no other task waits for a core; after the last, retire the
        idle spares and have the heap put in huge pages again (``_collapse_again``) before their
        replacements are forked, with what it left."""
        due = self._idle_warm_up_due()
        if due is None or time.monotonic() < due or self._idle_warm_up is None:  # (None: for mypy)
            return
        if _pages.others_wait_for_a_core(self._cores):
            self._idle_not_before = time.monotonic() + _IDLE_WARM_UP_RETRY_S
            return
        began = time.thread_time()
        try:
            if self._idle_steps is None:
                self._idle_steps = iter(self._idle_warm_up())
            stepped = next(self._idle_steps, _NO_MORE_STEPS) is not _NO_MORE_STEPS
        except Exception:  # an optimization: never stop serving for it
            traceback.print_exc(file=sys.stderr)
            _log("the idle warm-up failed; serving without the rest of it", logging.WARNING)
            self._idle_warm_up = self._idle_steps = None
            return
        finally:
            self._idle_cpu_s += time.thread_time() - began
        if stepped:
            self._idle_steps_taken += 1
            return
        self._idle_warm_up = self._idle_steps = None
        if not self._idle_steps_taken:
            return
        _log(
            f"idle warm-up done: {self._idle_steps_taken} steps, {self._idle_cpu_s:.1f} s of CPU; "
            "render processes forked from now on start with it"
        )
        # Its writes (its garbage collection's above all: it marks every object) split the huge
        # pages the spares shared back into 4 KiB ones, and render processes forked from that
        # ran slower (throughput_compare.py): the heap goes into huge
        # pages again before the spares are forked anew, and the learner learns the pages
        # renders write now, as after start.
        # Only pages no other process maps can be put in huge pages: the collapsing begins once
        # the retired spares are gone and no render process runs (_collapse_again).
        self._retire_idle_spares()
        self._collapse_pending = bool(self._spares_wanted)

    def _collapse_again(self) -> None:
        """After the idle warm-up: put the heap in huge pages again once no child of ours maps it
        (no spare is forked until then; requests fork on demand meanwhile)."""
        if self._collapse_pending and not (self._children or self._retired or self._unreported or self._spares):
            self._collapse_pending = False
            self._collapser = _huge_pages.Collapser()
            self._collapse_began = time.monotonic()

    # --- copying ahead (see _pages.py) ----------------------------------------------------------

    def _start_learning(self) -> None:
        """Fork the learner: it rehearses and sends back the pages the rehearsal wrote.
        Only where spares are kept (they are what copy ahead) and the worker can record_pages."""
        record_pages = getattr(self._module, "record_pages", None)
        if not self._spares_wanted or record_pages is None or not _pages.supported():
            return
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError as exc:
            os.close(read_end)
            os.close(write_end)
            _log(f"could not fork the page learner ({exc}); spares will not copy ahead")
            return
        if pid == 0:
            os.close(read_end)
            self._learn(record_pages, write_end)  # never returns
        os.close(write_end)
        os.set_blocking(read_end, False)
        self._learner_pid, self._learner_pipe = pid, read_end
        self._poller.register(read_end, select.POLLIN)

    def _learn(self, record_pages: Callable[[], Iterable[object] | None], out: int) -> None:
        """In the learner child: report the pages the rehearsal's steps and the worker's
        optional ``find_safe_stylesheets()`` write (in the order of the step that first wrote them, find_safe_stylesheets last),
        then what ``find_safe_stylesheets()`` found, and exit. (It does not prime: a spare copies ahead after
        priming, and the pages priming already copied cost it nothing to ask for again.) It
        runs at the lowest priority: requests come first."""
        find_safe_stylesheets = getattr(self._module, "find_safe_stylesheets", None)
        lessons = [b""]

        def steps() -> Iterator[object]:
            rehearsal = record_pages()  # a worker whose rehearsal is one step may do it here
            if rehearsal is not None:
                yield from rehearsal
            if find_safe_stylesheets is not None:
                lessons[0] = find_safe_stylesheets()

        def adopt_safe_stylesheets() -> None:
            self._enter_child()
            with contextlib.suppress(OSError):
                os.nice(19)
            by_step = _pages.pages_written_by_steps(steps())
            runs = b"".join(by_step)
            header = struct.pack("=QQ", len(runs), len(by_step[0]))
            view = memoryview(header + runs + lessons[0])
            while view:
                view = view[os.write(out, view) :]

        _exit_after(adopt_safe_stylesheets)

    def _read_learned(self) -> None:
        assert self._learner_pipe is not None
        try:
            chunk = os.read(self._learner_pipe, 1 << 16)
        except BlockingIOError:
            return
        if chunk:
            self._learner_bytes += chunk
            return
        # End of file: the learner is done (or died; then what it sent is incomplete).
        self._poller.unregister(self._learner_pipe)
        os.close(self._learner_pipe)
        self._learner_pipe = None
        report, self._learner_bytes = bytes(self._learner_bytes), bytearray()
        status = self._reap_learner()
        if status != 0 or len(report) < 16:
            _log(f"the learner did not finish (status {status}); spares will not copy ahead")
            return
        length, common = struct.unpack_from("=QQ", report)
        runs, lessons = report[16 : 16 + length], report[16 + length :]
        size = _pages.learned_bytes(runs)
        if 0 < size <= _pages.MAX_LEARNED_BYTES and common <= length:
            self._learned, self._learned_common = runs, common
            common_size = _pages.learned_bytes(runs[:common])
            _log(
                f"spares will copy {size // 1024} KiB of pages ahead of their requests "
                f"({common_size // 1024} KiB of them beside requests)"
            )
        adopt_safe_stylesheets = getattr(self._module, "adopt_safe_stylesheets", None)
        if lessons and adopt_safe_stylesheets is not None:
            try:
                adopt_safe_stylesheets(lessons)
            except Exception:  # what the learner found is an optimization: never stop serving for it
                traceback.print_exc(file=sys.stderr)
        self._retire_idle_spares()

    def _retire_idle_spares(self) -> None:
        """End the idle spares, forked before the learner reported: they have neither its pages
        to copy nor what it studied. The loop forks their replacements (an idle spare sees the
        end of its channel and exits; it has served nobody)."""
        for pid, channel in self._spares.items():
            channel.close()
            self._retired.add(pid)
        self._spares.clear()

    def _reap_learner(self) -> int | None:
        """Wait for the learner to end (it has closed its pipe, or was killed); its exit code."""
        if self._learner_pid is None:
            return None
        pid, self._learner_pid = self._learner_pid, None
        try:
            _done, status = os.waitpid(pid, 0)
        except ChildProcessError:
            return None
        return os.waitstatus_to_exitcode(status)

    def _drain_wakeups(self) -> None:
        try:
            while os.read(self._wake_r, 512):
                pass
        except BlockingIOError:
            pass

    def _caller_hung_up(self, fd: int) -> None:
        pid = self._watched.pop(fd, None)
        self._poller.unregister(fd)
        if pid is not None:
            # Still our unreaped child, so the pid cannot have been reused.
            _kill(pid)

    def _reap(self) -> None:
        # Only our own children: the worker may have started helpers it waits for itself.
        for pid in [*self._children, *self._spares, *self._unreported, *self._retired]:
            try:
                done, status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done, status = pid, 0
            if done == 0:
                continue
            if pid in self._children:
                self._report_exit(pid, status)
                self._spare_deaths = 0
            elif pid in self._spares:
                self._spares.pop(pid).close()
                self._spare_died(status)
            elif pid in self._retired:
                self._retired.discard(pid)
            else:
                self._unreported.discard(pid)
                self._spare_died(status)

    def _report_exit(self, pid: int, status: int) -> None:
        sock = self._children.pop(pid)
        if self._watched.pop(sock.fileno(), None) is not None:
            self._poller.unregister(sock)
        code = os.waitstatus_to_exitcode(status)
        report = {"signal": -code} if code < 0 else {"exit_code": code}
        _send_quietly(sock, proto.TAG_EXIT, report)
        sock.close()

    def _spare_died(self, status: int) -> None:
        self._spare_deaths += 1
        _log(f"a spare exited before taking a request ({os.waitstatus_to_exitcode(status)})")
        if self._spare_deaths >= _MAX_SPARE_DEATHS and self._spares_wanted:
            self._spares_wanted = 0
            _log("spares keep dying; requests fork on demand from now on", logging.WARNING)

    def _shutdown(self) -> None:
        if self._learner_pid is not None:
            _kill(self._learner_pid)
            self._reap_learner()
        for channel in self._spares.values():
            channel.close()  # an idle spare sees end-of-file and exits
        for pid in [*self._children, *self._spares, *self._unreported, *self._retired]:
            _kill(pid)
        for pid in [*self._children, *self._spares, *self._unreported, *self._retired]:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, 0)
        for sock in self._children.values():
            sock.close()  # no exit report: the caller sees end-of-file, i.e. "engine stopped"
        self._children.clear()
        self._spares.clear()
        self._unreported.clear()
        self._retired.clear()


def _sooner(first: int | None, second: int | None) -> int | None:
    """The smaller of two poll timeouts in ms, None meaning none."""
    return second if first is None else first if second is None else min(first, second)


def _exit_after(work: Callable[[], None]) -> NoReturn:
    """In a forked child: run ``work``, then exit (0, or 70 after printing what it raised)."""
    exit_code = 70
    try:
        work()
        exit_code = 0
    except BaseException:
        traceback.print_exc(file=sys.stderr)
    finally:
        proto.flush_std_streams()
        os._exit(exit_code)


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def _send_quietly(sock: socket.socket, tag: bytes, payload: dict[str, Any]) -> None:
    # The caller may have gone (timeout); a report nobody reads must never block the zygote.
    try:
        sock.setblocking(False)
        sock.send(proto.encode_frame(tag, payload), socket.MSG_NOSIGNAL)
    except OSError:
        pass


def _load_libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


# --- spawn mode -------------------------------------------------------------------------------


def _run_single_use(sock: socket.socket, worker_name: str, options: dict[str, Any]) -> None:
    module, reason = _load_worker(worker_name, options)
    exit_code = 70
    try:
        if module is None:
            proto.send_frame(sock, proto.TAG_READY, {"error": reason})
        else:
            proto.send_frame(sock, proto.TAG_READY, {"pid": os.getpid()})
            # Without fork there is no parent to kill us when the caller goes away mid-render,
            # so watch the caller's end ourselves.
            threading.Thread(target=_exit_when_caller_leaves, args=(sock,), daemon=True).start()
            proto.serve_one_request(sock, module.handle)
            exit_code = 0
    except OSError:
        exit_code = 1  # the caller went away
    except BaseException:
        traceback.print_exc(file=sys.stderr)
    finally:
        proto.flush_std_streams()
    os._exit(exit_code)


def _exit_when_caller_leaves(sock: socket.socket) -> None:
    poller = select.poll()
    poller.register(sock, 0)
    poller.poll()
    os._exit(1)


if __name__ == "__main__":
    main()
