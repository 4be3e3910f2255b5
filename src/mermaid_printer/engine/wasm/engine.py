"""The WebAssembly engine: the engine protocol over QuickJS-NG compiled to WebAssembly.

The same QuickJS-NG release as the native engine (``quickjs-ng`` on PyPI), built from its
vendored C sources into ``quickjs.wasm`` and run by wasmtime. What differs is the wall around
it: the interpreter runs inside a WebAssembly instance that can reach nothing but its own
linear memory, five WASI functions the host answers with "no" and the host's math functions on
plain numbers (``instance.py``), so a bug in QuickJS's C code cannot reach the host process.
Its SVG is byte-identical to the native engine's (``tests/engine/test_wasm_svg_identity.py``).

The call protocol is ``js/host.js``, run by the same host loop as the native engine's
(:mod:`mermaid_printer.engine.host`: ``__printer.start(entry, payloadJson)``, promise jobs,
``__printer.poll()``, ``__printer.runTimers()``; no callbacks), with the same error translation.

ES modules are named by their file names and an import resolves to a module already evaluated
under that name (there is no loader, so nothing else can be imported); any module of a bundle
can be published (``Script.publish_as``).

Limits: memory, stack and time end the call with QuickJS's own errors (out of memory, a
RangeError, the uncatchable "interrupted"), so the instance goes on working, as the native
engine does. A recursion through C functions can exhaust wasmtime's machine stack before
QuickJS's own check fires: that traps, the call ends in ResourceLimit all the same, and a trap
loses the instance: the next use starts a new one and loads the bundle again (about as long as
the first load), or restores the warm snapshot again. In the renderer pool, where a process
serves one request, that never matters.

:meth:`WasmEngine.restored` (the ``"wasm-snapshot"`` engine) starts from a warm snapshot of the
instance's memory, taken once the bundle was loaded and warmed up and kept on disk
(``snapshot.py``): the first use on a machine builds and saves it, every later one restores it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.bundle import Bundle, BundleTransformError, Script
from mermaid_printer.engine.host import Failure, FailureKind, check_entries, read_logs, run_entry, translate
from mermaid_printer.engine.wasm.instance import NotSettled, QuickJSInstance, ScriptError, TrapKind, Trapped
from mermaid_printer.engine.wasm.snapshot import restore_or_build
from mermaid_printer.errors import PrinterError, RenderFailed

__all__ = ["INSTANCE_ERRORS", "WasmEngine", "instance_failure"]

_HOST_JS = Path(__file__).resolve().parent.parent / "js" / "host.js"

#: Every exception the instance raises for a call it could not finish (``tests/engine/
#: test_engine_errors.py`` holds each to a printer error).
INSTANCE_ERRORS: tuple[type[Exception], ...] = (ScriptError, NotSettled, Trapped, MemoryError)
#: What each kind of trap says about the call it ended.
_TRAP_FAILURES: dict[TrapKind, FailureKind] = {"stack": "stack", "memory": "memory", "time": "time", "crash": "trap"}


def instance_failure(exc: Exception, *, interrupted: bool = False) -> Failure:
    """What an exception of :data:`INSTANCE_ERRORS` says about the call it ended
    (:func:`~mermaid_printer.engine.host.translate` makes the printer error); ``interrupted``: the
    call's time limit ran out, which ends it with QuickJS's "interrupted" error."""
    if isinstance(exc, ScriptError):
        return Failure("time") if interrupted else Failure("script", exc.text, exc.name)
    if isinstance(exc, Trapped):
        return Failure(_TRAP_FAILURES[exc.kind], str(exc))
    if isinstance(exc, MemoryError):
        return Failure("memory")
    if isinstance(exc, NotSettled):
        return Failure("unsettled")
    raise TypeError(f"not an instance error: {type(exc).__name__}")


def _translate(exc: Exception, during: str, *, interrupted: bool = False) -> PrinterError:
    return translate(instance_failure(exc, interrupted=interrupted), during)


class WasmEngine:
    """QuickJS-NG in a WebAssembly instance, with the host protocol and a bundle loaded.

    Args:
        bundle: what to load.
        limits: the engine's limits (a call may set its own).
        warm: start from the bundle's warm snapshot (see :meth:`restored`).

    Raises:
        RenderFailed: a script failed to load, the bundle did not register its entries, or (warm)
            a warm-up call did not answer ok.
        ResourceLimit: loading hit the memory or stack limit.
        EngineUnavailable: ``quickjs.wasm`` is not built or does not compile.
    """

    def __init__(self, bundle: Bundle, limits: EngineLimits | None = None, *, warm: bool = False) -> None:
        self._bundle = bundle
        self._limits = limits or EngineLimits()
        self._warm = warm
        self._instance: QuickJSInstance | None = None
        #: Instances started after one trapped (tests and benchmarks read it).
        self.restarts = 0
        self._instance = self._start()

    @classmethod
    def restored(cls, bundle: Bundle, limits: EngineLimits | None = None) -> WasmEngine:
        """The engine with ``bundle`` loaded and warmed up (its :attr:`~Bundle.warm_up` calls
        made), restored from the snapshot of that state in the user's cache directory; the
        first use builds and saves the snapshot (a log line says so), and so does a use that
        finds it damaged. Every later engine, in any process, restores it in a fraction of the
        time a load takes (``snapshot.py``).

        Raises:
            RenderFailed: the bundle failed to load, or a warm-up call did not answer ok.
            ResourceLimit: loading or warming up hit the memory or stack limit.
            EngineUnavailable: ``quickjs.wasm`` is not built or does not compile.
        """
        return cls(bundle, limits, warm=True)

    @property
    def bundle(self) -> Bundle:
        """The bundle this engine loaded."""
        return self._bundle

    @property
    def memory_size(self) -> int:
        """Bytes of linear memory the instance has grown to."""
        return self._ready().memory_size

    def _start(self) -> QuickJSInstance:
        if self._warm:
            return restore_or_build(self._bundle, self._limits, self._load_and_warm_up)
        return self._load_bundle()

    def _load_and_warm_up(self) -> QuickJSInstance:
        instance = self._load_bundle()
        for call in self._bundle.warm_up:
            try:
                with instance.time_limit(self._limits.time_s):
                    result = run_entry(instance, call.entry, call.payload)
            except INSTANCE_ERRORS as exc:
                raise _translate(exc, f"warm-up {call.entry}", interrupted=instance.interrupted) from exc
            if not result.get("ok"):
                raise RenderFailed(f"warm-up {call.entry} failed: {result.get('error')}", {"reason": "warm_up"})
        return instance

    def _load_bundle(self) -> QuickJSInstance:
        try:
            instance = QuickJSInstance(self._limits.memory_bytes, self._limits.stack_bytes)
        except INSTANCE_ERRORS as exc:
            raise _translate(exc, "starting the engine") from exc
        self._load(instance, Script(_HOST_JS))
        for script in self._bundle.scripts:
            self._load(instance, script)
        check_entries(instance, self._bundle)
        return instance

    def _ready(self) -> QuickJSInstance:
        """The live instance; a new one (bundle loaded again) if the last one trapped."""
        if self._instance is None:
            self._instance = self._start()
            self.restarts += 1
        return self._instance

    def _lose(self, exc: Exception) -> None:
        if isinstance(exc, Trapped):
            self._instance = None

    def _load(self, instance: QuickJSInstance, script: Script) -> None:
        try:
            source = script.source()  # the file, rewritten by the script's load-time transforms
        except BundleTransformError as exc:
            raise RenderFailed(f"loading {script.name}: {exc}", {"reason": "transform_mismatch"}) from exc
        try:
            if script.kind == "module":
                instance.eval_module(source, script.name, script.publish_as)
            elif script.kind == "data":
                # JSON.parse of a string literal, as the native engine loads data (the compiler is
                # several times slower on a large object literal).
                instance.eval(f"globalThis.{script.publish_as} = JSON.parse({json.dumps(source)});", script.name)
            else:
                instance.eval(source, script.name)
        except INSTANCE_ERRORS as exc:
            raise _translate(exc, f"loading {script.name}") from exc

    def eval(self, source: str) -> Any:
        """Evaluate a snippet (tests and warm-up only) and return its value as JSON would carry
        it (``None`` for undefined and functions); translates engine errors."""
        instance = self._ready()
        try:
            return instance.value(source, "<eval>")
        except INSTANCE_ERRORS as exc:
            self._lose(exc)
            raise _translate(exc, "eval") from exc

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        """Run ``__printer.start(entry, payload)`` to completion and return its JSON result.

        Raises:
            RenderTimeout: the time limit was hit.
            ResourceLimit: the memory or stack limit was hit.
            RenderFailed: the script threw outside the entry's own error handling, or never settled.
        """
        instance = self._ready()
        applied = limits or self._limits
        if limits is not None:
            instance.set_limits(limits.memory_bytes, limits.stack_bytes)
        try:
            with instance.time_limit(applied.time_s):
                return run_entry(instance, entry, json.dumps(payload))
        except INSTANCE_ERRORS as exc:
            self._lose(exc)
            raise _translate(exc, entry, interrupted=instance.interrupted) from exc
        finally:
            if limits is not None and self._instance is instance:
                instance.set_limits(self._limits.memory_bytes, self._limits.stack_bytes)

    def logs(self) -> list[str]:
        """What scripts wrote to ``console`` since the last call (for debugging)."""
        return read_logs(self._ready())
