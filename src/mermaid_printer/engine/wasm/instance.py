"""One instance of ``quickjs.wasm``: a wasmtime store with QuickJS running inside it.

:class:`QuickJSInstance` calls the exports of ``host.c`` and moves UTF-8 text through the
module's linear memory (``printer_alloc``, then a read of ``printer_output``). It reports a
JavaScript exception as :class:`ScriptError` and a trap as :class:`Trapped`; after a trap the
module may have stopped halfway through QuickJS's own bookkeeping, so the instance refuses every
later call and its owner makes a new one.

What the module can reach outside its own memory is what it imports, and the host gives it only
these, none of which touches the system:

``wasi_snapshot_preview1``: ``fd_write``, ``fd_close``, ``fd_seek``, ``fd_fdstat_get``
    (wasi-libc's stdio pulls them in) ``EBADF``: there are no file descriptors, not even stdout
    or stderr.
``wasi_snapshot_preview1``: ``clock_time_get``
    time 0 for every clock. QuickJS seeds its hash function from it; the bundle's shim replaces
    ``Date``, ``performance`` and ``Math.random`` with deterministic ones anyway.
``printer_math``: ``sin``, ``cos``, ... ``pow``, ``hypot`` (22 functions of doubles)
    the host C library's answers, so that Math matches the native engine bit for bit
    (``host_math.py``).

No WASI context is configured: no preopened directories, no environment, no arguments, no
sockets, no random source. Memory is bounded twice: QuickJS's malloc limit (a clean
``InternalError: out of memory``) and the store's cap on linear memory (``memory.grow`` fails,
so malloc returns NULL, which QuickJS reports the same way). Time is bounded by QuickJS's
interrupt poll (:meth:`QuickJSInstance.time_limit`): a watchdog thread sets a flag in linear
memory once the calling thread has used its CPU budget, and the call ends with QuickJS's
uncatchable ``InternalError: interrupted``. Like the native engine's limit it stops JavaScript
and regular expressions, not a C function that never returns to either; the renderer pool's
wall-clock kill is the backstop for that.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import json
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import Any, Literal, Protocol

import wasmtime

from mermaid_printer.engine.wasm.host_math import define_host_math
from mermaid_printer.engine.wasm.module import compiled_quickjs, new_wasmtime_engine

__all__ = [
    "TRAP_KINDS",
    "WASMTIME_ERRORS",
    "MemorySnapshot",
    "NotSettled",
    "QuickJSInstance",
    "ScriptError",
    "TrapKind",
    "Trapped",
    "trapped",
]

# Status codes and output kinds of host.c.
_STATUS_OK, _STATUS_EXCEPTION, _STATUS_NOT_SETTLED, _STATUS_NO_MEMORY, _STATUS_NOT_READY = range(5)
_OUTPUT_NONE, _OUTPUT_STRING, _OUTPUT_JSON = range(3)

#: Linear memory beyond QuickJS's own limit: the shadow stack (8 MiB), static data, and what
#: the allocator keeps for itself; the store refuses to grow memory past limit + this.
_MEMORY_HEADROOM = 64 * 1024 * 1024
#: wasm32 addresses 4 GiB at most.
_MEMORY_CEILING = 4 * 1024 * 1024 * 1024
_WASM_PAGE = 65536
#: QuickJS's stack limit inside the module is the engine's ``stack_bytes`` divided by this. A
#: JavaScript call keeps far less on the module's shadow stack than on the native engine's C
#: stack (the rest lives in wasmtime's machine stack, 2 MiB: ``module.MAX_WASM_STACK``), so 1/6
#: gives nearly the native engine's depth for plain recursion and still ends it with
#: QuickJS's RangeError before the machine stack runs out. Recursion through C functions
#: (JSON.stringify, getters, Array.prototype.map) uses relatively more machine stack and may
#: trap instead; either way the call ends in ResourceLimit.
_SHADOW_STACK_DIVISOR = 6
_ERRNO_BADF = 8

#: Why the module trapped: its machine stack ran out, it asked for more memory than there is, it
#: ran out of time, or it crashed (a bug in its code: the instance is lost either way).
TrapKind = Literal["stack", "memory", "time", "crash"]

_T = wasmtime.TrapCode
#: What each of wasmtime's trap codes means here (``tests/engine/test_engine_errors.py`` fails
#: while one is missing). Fuel and epoch interruption are not configured (``module.py``), and the
#: module uses neither garbage-collected objects nor the component model, so most codes can
#: only mean a crash; the few that name a limit are placed with it all the same.
TRAP_KINDS: dict[wasmtime.TrapCode, TrapKind] = {
    _T.STACK_OVERFLOW: "stack",
    _T.ALLOCATION_TOO_LARGE: "memory",
    _T.INTERRUPT: "time",
    _T.OUT_OF_FUEL: "time",
    **dict.fromkeys(
        (
            _T.MEMORY_OUT_OF_BOUNDS,
            _T.HEAP_MISALIGNED,
            _T.TABLE_OUT_OF_BOUNDS,
            _T.INDIRECT_CALL_TO_NULL,
            _T.BAD_SIGNATURE,
            _T.INTEGER_OVERFLOW,
            _T.INTEGER_DIVISION_BY_ZERO,
            _T.BAD_CONVERSION_TO_INTEGER,
            _T.UNREACHABLE,
            _T.ATOMIC_WAIT_NON_SHARED_MEMORY,
            _T.NULL_REFERENCE,
            _T.ARRAY_OUT_OF_BOUNDS,
            _T.CAST_FAILURE,
            _T.CANNOT_ENTER_COMPONENT,
            _T.NO_ASYNC_RESULT,
            _T.UNHANDLED_TAG,
            _T.CONTINUATION_ALREADY_CONSUMED,
            _T.DISABLED_OPCODE,
            _T.ASYNC_DEADLOCK,
            _T.CANNOT_LEAVE_COMPONENT,
            _T.CANNOT_BLOCK_SYNC_TASK,
            _T.INVALID_CHAR,
            _T.DEBUG_ASSERT_STRING_ENCODING_FINISHED,
            _T.DEBUG_ASSERT_EQUAL_CODE_UNITS,
            _T.DEBUG_ASSERT_POINTER_ALIGNED,
            _T.DEBUG_ASSERT_UPPER_BITS_UNSET,
            _T.STRING_OUT_OF_BOUNDS,
            _T.LIST_OUT_OF_BOUNDS,
            _T.INVALID_DISCRIMINANT,
            _T.UNALIGNED_POINTER,
            _T.TASK_CANCEL_NOT_CANCELLED,
            _T.TASK_CANCEL_OR_RETURN_TWICE,
            _T.SUBTASK_CANCEL_AFTER_TERMINAL,
            _T.TASK_RETURN_INVALID,
            _T.WAITABLE_SET_DROP_HAS_WAITERS,
            _T.SUBTASK_DROP_NOT_RESOLVED,
            _T.THREAD_NEW_INDIRECT_INVALID_TYPE,
            _T.THREAD_NEW_INDIRECT_UNINITIALIZED,
            _T.BACKPRESSURE_OVERFLOW,
            _T.UNSUPPORTED_CALLBACK_CODE,
            _T.CANNOT_RESUME_THREAD,
            _T.CONCURRENT_FUTURE_STREAM_OP,
            _T.REFERENCE_COUNT_OVERFLOW,
            _T.STREAM_OP_TOO_BIG,
            _T.WAITABLE_SYNC_AND_ASYNC,
            _T.UNCAUGHT_EXCEPTION,
        ),
        "crash",
    ),
}
#: What wasmtime raises when a call into the module fails: a trap, or an error (``ExitTrap``,
#: WASI's ``proc_exit``, is one); each ends the instance (see :func:`trapped`).
WASMTIME_ERRORS: tuple[type[Exception], ...] = (wasmtime.Trap, wasmtime.WasmtimeError)

#: The functions host.c exports (plus wasi-libc's ``_initialize``, which runs its constructors).
_EXPORTS = (
    "_initialize",
    "printer_alloc",
    "printer_free",
    "printer_output",
    "printer_output_length",
    "printer_set_limits",
    "printer_init",
    "printer_eval",
    "printer_eval_module",
    "printer_run_jobs",
    "printer_interrupt_flag",
)


class ScriptError(Exception):
    """A JavaScript exception (or a rejected module): ``String(error)``, its name and stack."""

    def __init__(self, text: str, name: str = "Error", stack: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.name = name
        self.stack = stack


class NotSettled(Exception):
    """A module's evaluation was still pending once no promise job was left."""


class Trapped(Exception):
    """The module trapped: ``kind`` says why. The instance cannot be used again."""

    def __init__(self, kind: TrapKind, message: str) -> None:
        super().__init__(message)
        self.kind = kind


class MemorySnapshot(Protocol):
    """The linear memory of a loaded instance, to start a new instance from (``snapshot.py``).

    The module keeps all of its state in linear memory: its one mutable global, the shadow-stack
    pointer, is back at its initial value whenever no call is running, and its table is fixed
    (``tests/engine/test_wasm_snapshot.py`` checks both on the built module). So an instance
    whose memory is a copy of another's, taken between calls, is that instance.
    """

    @property
    def size(self) -> int:
        """Bytes of linear memory (a whole number of 64 KiB pages)."""
        ...

    def copy_into(self, memory: memoryview) -> None:
        """Write the snapshot into ``memory`` (``size`` bytes, all zero): its non-zero pages.

        Raises:
            ValueError: the snapshot turned out not to be whole (the instance is then discarded).
        """
        ...


#: Every instance alive in this process (see :func:`_close_all`).
_instances: weakref.WeakSet[QuickJSInstance] = weakref.WeakSet()


@atexit.register
def _close_all() -> None:
    # wasmtime's finalizers call into its bindings, which interpreter shutdown may already have
    # torn down ("Exception ignored ... 'NoneType' object is not callable" on stderr of every
    # process that exits holding an instance, such as the renderer pool's warm process); so the
    # stores and engines still alive are freed first, while the bindings are whole.
    for instance in list(_instances):
        instance.close()


def trapped(error: Exception) -> Trapped:
    """The :class:`Trapped` for an error of :data:`WASMTIME_ERRORS`: a trap's kind from its code
    (:data:`TRAP_KINDS`; a trap without one, such as a host function's, is a crash), any other
    error a crash."""
    if isinstance(error, wasmtime.Trap):
        code = error.trap_code
        return Trapped(TRAP_KINDS.get(code, "crash") if code is not None else "crash", error.message)
    return Trapped("crash", str(error))


def _define_imports(linker: wasmtime.Linker) -> None:
    """Every import of the module (see the module docstring), and nothing else."""
    i32, i64 = wasmtime.ValType.i32(), wasmtime.ValType.i64()

    def bad_descriptor(*_: int) -> int:
        return _ERRNO_BADF

    def clock_time_get(caller: wasmtime.Caller, _clock: int, _precision: int, result: int) -> int:
        memory = caller["memory"]
        assert isinstance(memory, wasmtime.Memory)
        memory.write(caller, bytes(8), result)
        return 0

    wasi = "wasi_snapshot_preview1"
    signatures: dict[str, list[wasmtime.ValType]] = {
        "fd_write": [i32, i32, i32, i32],
        "fd_close": [i32],
        "fd_seek": [i32, i64, i32, i32],
        "fd_fdstat_get": [i32, i32],
    }
    for name, params in signatures.items():
        linker.define_func(wasi, name, wasmtime.FuncType(params, [i32]), bad_descriptor)
    linker.define_func(
        wasi, "clock_time_get", wasmtime.FuncType([i32, i64, i32], [i32]), clock_time_get, access_caller=True
    )
    define_host_math(linker)


class QuickJSInstance:
    """QuickJS in a fresh instance of ``quickjs.wasm``, with a runtime and a context made.

    Args:
        memory_bytes: QuickJS's malloc limit (the store caps linear memory a little above it).
        stack_bytes: the engine's stack limit (see ``_SHADOW_STACK_DIVISOR``).
        image: instead of ``quickjs.wasm``, a module pre-initialized from a memory snapshot of a
            loaded instance (``benchmarks/wasm_preinit.py``) and the wasmtime engine it was
            compiled for: its memory already holds a runtime, so nothing is initialized again.
        snapshot: the memory of a loaded instance to start from (copied in, so nothing is
            initialized again either).

    Raises:
        Trapped: the module trapped while starting.
        MemoryError: QuickJS could not allocate its runtime within ``memory_bytes``, or the
            snapshot is larger than the store allows.
        ValueError: the snapshot is not whole (from :meth:`MemorySnapshot.copy_into`).
    """

    def __init__(
        self,
        memory_bytes: int,
        stack_bytes: int,
        image: tuple[wasmtime.Engine, wasmtime.Module] | None = None,
        snapshot: MemorySnapshot | None = None,
    ) -> None:
        self._broken: Trapped | None = None
        self._owns_engine = image is None
        if image is None:
            self._engine = new_wasmtime_engine()
            module = wasmtime.Module.deserialize(self._engine, compiled_quickjs())
        else:
            self._engine, module = image
        self._store = wasmtime.Store(self._engine)
        _instances.add(self)
        self._store_memory_limit(memory_bytes)
        linker = wasmtime.Linker(self._engine)
        _define_imports(linker)
        instance = linker.instantiate(self._store, module)
        exports = instance.exports(self._store)
        memory = exports["memory"]
        assert isinstance(memory, wasmtime.Memory)
        self._memory = memory
        self._functions: dict[str, wasmtime.Func] = {}
        for name in _EXPORTS:
            function = exports[name]
            assert isinstance(function, wasmtime.Func)
            self._functions[name] = function
        #: Whether the last time limit ran out (the watchdog set the interrupt flag).
        self.interrupted = False
        self._interrupt_flag = self._call("printer_interrupt_flag")
        if snapshot is not None:
            self._restore(snapshot)
        if image is not None or snapshot is not None:
            self.set_limits(memory_bytes, stack_bytes)
            return
        self._call("_initialize")
        if self._call("printer_init", memory_bytes, stack_bytes // _SHADOW_STACK_DIVISOR) != _STATUS_OK:
            raise MemoryError("QuickJS could not allocate its runtime")

    def close(self) -> None:
        """Free the store and the engine now (the instance cannot be used afterwards)."""
        self._broken = self._broken or Trapped("crash", "the instance was closed")
        self._store.close()
        if self._owns_engine:
            self._engine.close()

    # ---- plumbing --------------------------------------------------------------------------

    def _call(self, name: str, *args: int) -> int:
        if self._broken is not None:
            raise Trapped(self._broken.kind, f"the instance trapped before: {self._broken}")
        try:
            result = self._functions[name](self._store, *args)
        except WASMTIME_ERRORS as error:
            self._broken = trapped(error)
            raise self._broken from error
        return int(result) if result is not None else 0

    def _put(self, text: str) -> int:
        """Copy ``text`` into the module as NUL-terminated UTF-8; the caller frees it."""
        data = text.encode("utf-8") + b"\0"
        pointer = self._call("printer_alloc", len(data))
        if pointer == 0:
            raise MemoryError("no memory left in the module for the input")
        self._memory.write(self._store, data, pointer)
        return pointer

    def _output(self) -> str:
        pointer = self._call("printer_output")
        length = self._call("printer_output_length")
        if pointer == 0:
            return ""
        return self._memory.read(self._store, pointer, pointer + length).decode("utf-8", "surrogatepass")

    def _check(self, status: int) -> None:
        if status == _STATUS_OK:
            return
        if status == _STATUS_EXCEPTION:
            described = json.loads(self._output())
            raise ScriptError(str(described["text"]), str(described["name"]), str(described["stack"]))
        if status == _STATUS_NOT_SETTLED:
            raise NotSettled("the module never finished evaluating")
        if status == _STATUS_NO_MEMORY:
            raise ScriptError("InternalError: out of memory", "InternalError")
        raise RuntimeError(f"quickjs.wasm answered with unknown status {status}")

    def _with_text(self, texts: tuple[str, ...], run: Callable[..., int]) -> int:
        pointers: list[int] = []
        try:
            for text in texts:
                pointers.append(self._put(text))
            return run(*pointers)
        finally:
            if self._broken is None:
                for pointer in pointers:
                    self._call("printer_free", pointer)

    def _store_memory_limit(self, memory_bytes: int) -> None:
        self._store.set_limits(memory_size=min(memory_bytes + _MEMORY_HEADROOM, _MEMORY_CEILING))

    # ---- the calls -------------------------------------------------------------------------

    @property
    def memory_size(self) -> int:
        """Bytes of linear memory the module has grown to."""
        return int(self._memory.data_len(self._store))

    def read_memory(self) -> bytes:
        """A copy of the whole linear memory (a snapshot, between calls)."""
        return bytes(self._memory.read(self._store, 0, self.memory_size))

    def write_memory(self, snapshot: bytes) -> None:
        """Put a snapshot from :meth:`read_memory` back (the memory never shrinks; what lies
        beyond the snapshot is above the allocator's break and never read again)."""
        self._memory.write(self._store, snapshot, 0)

    def _restore(self, snapshot: MemorySnapshot) -> None:
        """Make this new instance's memory the snapshot's: grow it to the snapshot's size, clear
        what instantiation wrote (static data), then let the snapshot copy its pages in."""
        current = self.memory_size
        if snapshot.size % _WASM_PAGE or snapshot.size < current:
            raise ValueError(f"a memory snapshot of {snapshot.size} bytes does not fit this module")
        try:
            self._memory.grow(self._store, (snapshot.size - current) // _WASM_PAGE)
        except wasmtime.WasmtimeError as exc:
            raise MemoryError(f"the snapshot needs more memory than the limit allows: {exc}") from exc
        address = ctypes.addressof(self._memory.data_ptr(self._store).contents)
        ctypes.memset(address, 0, current)
        # Straight into linear memory: no copy of the whole snapshot in Python.
        with memoryview((ctypes.c_ubyte * snapshot.size).from_address(address)).cast("B") as view:
            snapshot.copy_into(view)

    def set_limits(self, memory_bytes: int, stack_bytes: int) -> None:
        """QuickJS's malloc and stack limits, and the store's cap on linear memory to match."""
        self._store_memory_limit(memory_bytes)
        self._call("printer_set_limits", memory_bytes, stack_bytes // _SHADOW_STACK_DIVISOR)

    def eval(self, source: str, name: str, output: Literal["none", "string", "json"] = "none") -> str:
        """Evaluate a classic script; return its completion value as text (``"string"``: ``String(v)``,
        ``"json"``: ``JSON.stringify(v)``, ``"null"`` when that is undefined)."""
        kind = {"none": _OUTPUT_NONE, "string": _OUTPUT_STRING, "json": _OUTPUT_JSON}[output]
        length = len(source.encode("utf-8"))
        status = self._with_text((source, name), lambda src, nm: self._call("printer_eval", src, length, nm, kind))
        self._check(status)
        return self._output() if kind != _OUTPUT_NONE else ""

    def run(self, source: str, name: str) -> None:
        """Evaluate a classic script for its effects (the host loop's primitive)."""
        self.eval(source, name)

    def text(self, source: str, name: str) -> str:
        """Evaluate a classic script; ``String()`` of its value (the host loop's primitive)."""
        return self.eval(source, name, "string")

    def value(self, source: str, name: str) -> Any:
        """Evaluate a classic script; its value as JSON carries it, ``None`` for undefined and
        functions (the host loop's primitive)."""
        return json.loads(self.eval(source, name, "json"))

    def eval_module(self, source: str, name: str, publish_as: str | None = None) -> None:
        """Evaluate an ES module named ``name`` to completion; publish its namespace if asked."""
        length = len(source.encode("utf-8"))
        status = self._with_text(
            (source, name, publish_as or ""),
            lambda src, nm, pub: self._call("printer_eval_module", src, length, nm, pub),
        )
        self._check(status)

    def run_jobs(self) -> None:
        """Run every pending promise job."""
        self._check(self._call("printer_run_jobs"))

    def _set_interrupt_flag(self, value: int) -> None:
        self._memory.write(self._store, value.to_bytes(4, "little"), self._interrupt_flag)

    @contextlib.contextmanager
    def time_limit(self, seconds: float | None) -> Iterator[None]:
        """Interrupt the JavaScript running in the block once this thread has used ``seconds``
        of CPU time in it (then :attr:`interrupted` is true and the block's call raised
        :class:`ScriptError` ``InternalError: interrupted``)."""
        self.interrupted = False
        if seconds is None:
            yield
            return
        self._set_interrupt_flag(0)
        # The watchdog writes through this address: memory never moves (module.py), and a
        # 4-byte aligned store is seen whole by the polling load.
        address = ctypes.addressof(self._memory.data_ptr(self._store).contents) + self._interrupt_flag
        stop = threading.Event()
        expired = threading.Event()
        watcher = threading.Thread(target=_watch, args=(address, _cpu_clock(), seconds, stop, expired), daemon=True)
        watcher.start()
        try:
            yield
        finally:
            stop.set()
            watcher.join()
            self.interrupted = expired.is_set()
            if self._broken is None:
                self._set_interrupt_flag(0)


def _cpu_clock() -> Callable[[], float]:
    """The CPU time of the calling thread, read from any thread (wall time where unavailable)."""
    try:
        clock_id = time.pthread_getcpuclockid(threading.get_ident())
    except (AttributeError, OSError):
        return time.monotonic
    return lambda: time.clock_gettime(clock_id)


def _watch(
    address: int, clock: Callable[[], float], seconds: float, stop: threading.Event, expired: threading.Event
) -> None:
    # A thread's CPU time grows no faster than wall time, so waiting out what is left of the
    # budget never overshoots; the loop ends within one wait of the budget running out.
    start = clock()
    while True:
        left = seconds - (clock() - start)
        if left <= 0:
            expired.set()
            ctypes.c_int32.from_address(address).value = 1
            return
        if stop.wait(left):
            return
