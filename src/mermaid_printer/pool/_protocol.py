"""The wire format between the caller and a single-use render process, and the process's side.

Every request has its own Unix stream socket pair. The caller keeps one end; the single-use
process (a child forked by the zygote, or a pre-spawned worker) gets the other. Both sides
exchange *frames*: one tag byte, a 4-byte big-endian length, then a message of
:mod:`mermaid_printer.wire` (JSON plus raw binary attachments: a job or result dataclass, or plain
JSON values).

====  ==============  ===========================================================
tag   sender          payload
====  ==============  ===========================================================
``W`` spawned worker  ``{"pid": n}`` when warm, or ``{"error": reason}`` (spawn mode)
``J`` caller          ``{"job": job, "memory_bytes": n, "cpu_seconds": n}``
``P`` render process  ``{"pid": n}`` as soon as it has read the job; its first frame
``R`` render process  ``{"result": result}`` or ``{"error": PrinterError.to_dict()}``
``X`` zygote          ``{"exit_code": n}``, ``{"signal": n}`` or ``{"error": reason}``
====  ==============  ===========================================================

The zygote writes ``X`` only after it has reaped the child, so it always comes last, and the
caller sees end-of-file once the child is gone.

The caller hands the zygote each request's socket over the control socket, one message per
socket: ``F`` followed by what the job needs primed (``prime_for``, ASCII, possibly empty; see
:func:`launch_message`).
"""

from __future__ import annotations

import contextlib
import os
import resource
import socket
import struct
import sys
import time
from collections.abc import Callable
from typing import Any

from mermaid_printer import wire
from mermaid_printer.errors import PrinterError, RenderFailed, ResourceLimit

TAG_READY = b"W"
TAG_JOB = b"J"
TAG_PID = b"P"
TAG_RESULT = b"R"
TAG_EXIT = b"X"

#: The longest ``prime_for`` a launch message carries (a longer one is left out).
MAX_PRIME_FOR = 32
_LAUNCH = b"F"

_HEADER = struct.Struct(">cI")
_CHUNK = 1 << 20


class DeadlineExceeded(Exception):
    """The caller's deadline passed while waiting on a socket (internal; never escapes the pool)."""


class ProtocolError(Exception):
    """The peer sent bytes that are not a frame (internal)."""


def launch_message(prime_for: str | None) -> bytes:
    """The control message that goes with a request's socket: ``F`` and ``prime_for`` when it
    is short printable ASCII, else ``F`` alone."""
    if prime_for and len(prime_for) <= MAX_PRIME_FOR and prime_for.isascii() and prime_for.isprintable():
        return _LAUNCH + prime_for.encode("ascii")
    return _LAUNCH


def prime_for_of(message: bytes) -> str | None:
    """What a launch message says its job needs primed, or ``None``."""
    text = message[len(_LAUNCH) :].decode("ascii", "replace") if message.startswith(_LAUNCH) else ""
    return text or None


def encode_frame(tag: bytes, payload: Any) -> bytes:
    """One frame as bytes, ready for ``sendall``.

    Raises:
        wire.WireError: ``payload`` holds something the wire does not carry.
    """
    body = wire.encode(payload)
    return _HEADER.pack(tag, len(body)) + body


def send_frame(sock: socket.socket, tag: bytes, payload: Any, deadline: float | None = None) -> None:
    """Send one frame; see :func:`send_bytes` for ``deadline``."""
    send_bytes(sock, encode_frame(tag, payload), deadline)


def send_bytes(sock: socket.socket, data: bytes, deadline: float | None = None) -> None:
    """Send all of ``data``; with a ``deadline`` (``time.monotonic()``), raise DeadlineExceeded past it."""
    if deadline is None:
        sock.settimeout(None)
    else:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise DeadlineExceeded
        sock.settimeout(remaining)
    try:
        sock.sendall(data)
    except TimeoutError as exc:
        raise DeadlineExceeded from exc


class FrameReader:
    """Reads frames from a stream socket, buffering partial ones."""

    def __init__(self, sock: socket.socket) -> None:
        self._sock = sock
        self._buffer = bytearray()

    def read(self, deadline: float | None = None) -> tuple[bytes, Any] | None:
        """The next ``(tag, payload)``, or ``None`` at end-of-file.

        Raises:
            DeadlineExceeded: ``deadline`` (``time.monotonic()``) passed first.
            ProtocolError: the stream ended inside a frame or a payload is not a wire message.
        """
        while True:
            frame = self._take_frame()
            if frame is not None:
                return frame
            if deadline is None:
                self._sock.settimeout(None)
            else:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise DeadlineExceeded
                self._sock.settimeout(remaining)
            try:
                data = self._sock.recv(_CHUNK)
            except TimeoutError as exc:
                raise DeadlineExceeded from exc
            except ConnectionResetError:
                data = b""
            if not data:
                if self._buffer:
                    raise ProtocolError("stream ended inside a frame")
                return None
            self._buffer += data

    def _take_frame(self) -> tuple[bytes, Any] | None:
        if len(self._buffer) < _HEADER.size:
            return None
        tag, length = _HEADER.unpack_from(self._buffer)
        end = _HEADER.size + length
        if len(self._buffer) < end:
            return None
        body = bytes(self._buffer[_HEADER.size : end])
        del self._buffer[:end]
        try:
            return tag, wire.decode(body)
        except wire.WireError as exc:
            raise ProtocolError(f"frame {tag!r} is not a wire message: {exc}") from exc


# --- the render process's side -------------------------------------------------------------


def serve_one_request(sock: socket.socket, handle: Callable[[Any], Any]) -> None:
    """Run in a single-use process: read the job, announce the pid, apply limits, answer.

    The pid frame doubles as "job received": before it, the caller may safely retry the job
    elsewhere; after it, the caller knows whom to kill on timeout, before anything slow runs.
    """
    frame = FrameReader(sock).read()
    if frame is None or frame[0] != TAG_JOB:
        return  # the caller gave up before sending the job
    send_frame(sock, TAG_PID, {"pid": os.getpid()})
    request = frame[1]
    apply_limits(int(request["memory_bytes"]), int(request["cpu_seconds"]))
    response = run_handle(handle, request["job"])
    try:
        data = encode_frame(TAG_RESULT, response)
    except wire.WireError as exc:
        error = RenderFailed(f"the worker returned a result that cannot cross the wire: {exc}")
        data = encode_frame(TAG_RESULT, {"error": error.to_dict()})
    # The caller hangs up once it has the result, and the process may be killed then: the
    # worker's logs go out first.
    flush_std_streams()
    sock.sendall(data)


def run_handle(handle: Callable[[Any], Any], job: Any) -> dict[str, Any]:
    """Call the worker's ``handle`` and turn its outcome into an ``R`` payload."""
    error: PrinterError | None = None
    exhausted: str | None = None
    try:
        result = handle(job)
    except PrinterError as exc:
        error = exc
    except (MemoryError, RecursionError) as exc:
        # Only note the name here: the traceback still pins whatever filled the memory, so
        # the error object is built after this block has released it.
        exhausted = type(exc).__name__
    except Exception as exc:  # a worker bug: report it as a typed failure, never a crash
        name = type(exc).__name__
        error = RenderFailed(f"the worker failed: {name}: {exc}", {"exception": name})
    else:
        return {"result": result}
    if exhausted is not None:
        error = ResourceLimit(f"the render ran out of memory or stack ({exhausted})", {"exception": exhausted})
    assert error is not None
    return {"error": error.to_dict()}


def apply_limits(memory_bytes: int, cpu_seconds: int) -> None:
    """Cap this process's address space, CPU time and core dumps before running untrusted work."""
    _set_limit(resource.RLIMIT_CORE, 0, 0)
    current = address_space_bytes()
    if current is not None:
        limit = current + memory_bytes
        _set_limit(resource.RLIMIT_AS, limit, limit)
    # SIGXCPU at the soft limit, SIGKILL one second later: a backstop behind the wall clock.
    _set_limit(resource.RLIMIT_CPU, cpu_seconds, cpu_seconds + 1)


def _set_limit(which: int, soft: int, hard: int) -> None:
    _, old_hard = resource.getrlimit(which)
    if old_hard != resource.RLIM_INFINITY:
        hard = min(hard, old_hard)
        soft = min(soft, hard)
    resource.setrlimit(which, (soft, hard))


def address_space_bytes() -> int | None:
    """This process's virtual memory size (``VmSize``), or ``None`` where /proc is missing."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            pages = int(statm.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * resource.getpagesize()


def flush_std_streams() -> None:
    """Flush Python's buffers before ``os._exit`` so the worker's logs are not lost."""
    for stream in (sys.stdout, sys.stderr):
        # A closed or replaced stream must not turn an exit into a crash.
        with contextlib.suppress(Exception):
            stream.flush()
