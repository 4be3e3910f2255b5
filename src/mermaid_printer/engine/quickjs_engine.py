"""The QuickJS host: the only module that imports the interpreter.

It runs ``_quickjs`` (the C extension of the ``quickjs-ng`` package, as the project builds it or
as the wheel ships it: :mod:`mermaid_printer.engine.native`) rather than the ``quickjs`` wrapper
module, because the wrapper starts a worker thread at import time, and the
renderer pool forks this process after loading it: a process with threads must not fork.

No Python callable is ever registered with the interpreter: data goes in as JSON strings and
results come back by polling (``js/host.js``). That keeps the interpreter's time limit usable
(the binding refuses it while callbacks exist) and means scripts have no way to reach the host.

ES modules: the binding installs no module loader and names every module ``"<input>"``; an
import of ``"<input>"`` resolves to the first module evaluated in the context. A module's
namespace is published (``Script.publish_as``) by a one-line module that imports it that way,
so only the first module of a bundle can be published; the engine refuses a bundle that asks
for more, rather than publish the wrong module.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.bundle import Bundle, BundleTransformError, Script
from mermaid_printer.engine.host import (
    Failure,
    FailureKind,
    check_entries,
    limit_named_by,
    read_logs,
    run_entry,
    translate,
)
from mermaid_printer.engine.native import freeze_heap, load_quickjs_module
from mermaid_printer.engine.native.script_cache import ScriptBytecode, ScriptFailed
from mermaid_printer.errors import RenderFailed

__all__ = ["BINDING_ERRORS", "QUICKJS_MODULE", "QuickJSEngine", "binding_failure"]

#: The ``_quickjs`` extension module this process runs (the project's build, or the wheel's).
QUICKJS_MODULE = load_quickjs_module()
#: Runs the large classic scripts from the bytecode an earlier process compiled (None: the
#: wheel's module, which compiles them each time).
_SCRIPT_BYTECODE = ScriptBytecode.for_module(QUICKJS_MODULE)

#: Every exception the binding defines, and what it says about the call it ended
#: (``tests/engine/test_engine_errors.py`` fails while one is missing).
BINDING_ERRORS: dict[type[Exception], FailureKind] = {
    QUICKJS_MODULE.StackOverflow: "stack",
    QUICKJS_MODULE.JSException: "script",
}
_CAUGHT = tuple(BINDING_ERRORS)
# A call that failed with its heap this close to the memory limit ran out of memory, whatever
# the script made of it: QuickJS throws null when it cannot even allocate the error, and
# libraries catch and rethrow (Mermaid reported "render failed", ELK a TypeError). Measured:
# right after such failures the heap is less than a MiB below the limit.
_OUT_OF_MEMORY_SLACK = 2 * 2**20

# Heap growth a forked child may have before the interpreter collects garbage (see
# QuickJSEngine.defer_garbage_collection); well below the default 768 MiB memory limit, which
# QuickJS enforces without collecting first.
_GC_HEADROOM = 128 * 2**20

# Given a module's evaluation promise, an object that tells once jobs have run how it settled.
_WATCH_PROMISE = """(promise) => {
  const outcome = { state: "pending" };
  promise.then(
    () => { outcome.state = "fulfilled"; },
    (error) => {
      outcome.state = "rejected";
      outcome.error = String(error);
      outcome.name = String((error && error.name) || "Error");
    },
  );
  return outcome;
}"""


def binding_failure(exc: Exception) -> Failure:
    """What a binding exception says about the call it ended (:func:`~mermaid_printer.engine.host.translate`
    makes the printer error). The binding cannot tell its time limit from a script's error: an
    error saying "interrupted" (``InternalError: interrupted``) is taken for the time limit."""
    kind = next(BINDING_ERRORS[cls] for cls in type(exc).__mro__ if cls in BINDING_ERRORS)
    text = str(exc)
    if kind == "script" and limit_named_by(text) is None and "interrupted" in text.lower():
        kind = "time"
    return Failure(kind, text, type(exc).__name__)


class _Context:
    """The host loop's primitives over a ``_quickjs`` context (which names no scripts)."""

    def __init__(self, context: Any) -> None:
        self._context = context

    def run(self, source: str, name: str) -> None:
        self._context.eval(source)

    def text(self, source: str, name: str) -> str:
        return str(self._context.eval(source))

    def value(self, source: str, name: str) -> Any:
        return self._context.eval(source)

    def run_jobs(self) -> None:
        while self._context.execute_pending_job():
            pass


# Publishes the first module evaluated in the context (see the module docstring).
_PUBLISH_MODULE = 'import * as namespace from "<input>"; globalThis[{name}] = namespace;'
_HOST_JS = Path(__file__).resolve().parent / "js" / "host.js"


class QuickJSEngine:
    """A QuickJS context with the host protocol and a bundle loaded.

    Raises:
        RenderFailed: a script failed to load, or the bundle did not register its entries.
        ResourceLimit: loading hit the memory or stack limit.
    """

    def __init__(self, bundle: Bundle, limits: EngineLimits | None = None) -> None:
        self._bundle = bundle
        self._limits = limits or EngineLimits()
        self._context = QUICKJS_MODULE.Context()
        self._calls = _Context(self._context)
        self._apply_limits(self._limits)
        self._modules_evaluated = 0
        self._load(Script(_HOST_JS))
        for script in bundle.scripts:
            self._load(script)
        check_entries(self._calls, bundle)

    @property
    def bundle(self) -> Bundle:
        """The bundle this engine loaded."""
        return self._bundle

    def _apply_limits(self, limits: EngineLimits) -> None:
        self._context.set_memory_limit(limits.memory_bytes)
        self._context.set_max_stack_size(limits.stack_bytes)
        # The binding measures CPU time with clock(); -1 switches the limit off.
        self._context.set_time_limit(limits.time_s if limits.time_s is not None else -1)

    def _load(self, script: Script) -> None:
        try:
            if _SCRIPT_BYTECODE is not None and _SCRIPT_BYTECODE.wants(script):
                _SCRIPT_BYTECODE.run(self._context, script)
                return
            source = script.source()
        except BundleTransformError as exc:
            raise RenderFailed(f"loading {script.name}: {exc}", {"reason": "transform_mismatch"}) from exc
        except ScriptFailed as exc:
            raise translate(Failure("script", str(exc), str(exc).partition(":")[0]), f"loading {script.name}") from exc
        try:
            if script.kind == "module":
                self._load_module(script.name, source)
                if script.publish_as is not None:
                    self._publish_first_module(script)
            elif script.kind == "data":
                # JSON.parse of a string literal, not the document as an object literal: the
                # compiler is several times slower on a large literal (the font metrics).
                self._context.eval(f"globalThis.{script.publish_as} = JSON.parse({json.dumps(source)});")
            else:
                self._context.eval(source)
        except _CAUGHT as exc:
            raise translate(binding_failure(exc), f"loading {script.name}") from exc

    def _load_module(self, name: str, source: str) -> None:
        # An import that cannot be resolved raises here, but an error thrown while the module
        # body runs only rejects the promise the binding returns, so its outcome is read back.
        context = self._context
        outcome = context.eval(_WATCH_PROMISE)(context.module(source))
        self._modules_evaluated += 1
        self._calls.run_jobs()
        settled = json.loads(outcome.json())
        if settled["state"] == "rejected":
            raise translate(Failure("script", settled["error"], settled["name"]), f"loading {name}")
        if settled["state"] != "fulfilled":
            raise translate(Failure("unsettled"), f"loading {name}")

    def _publish_first_module(self, script: Script) -> None:
        if self._modules_evaluated != 1:
            raise RenderFailed(
                f"loading {script.name}: this engine can publish only the first ES module of a bundle",
                {"reason": "module_not_first"},
            )
        self._load_module(f"{script.name} (publishing)", _PUBLISH_MODULE.format(name=json.dumps(script.publish_as)))

    def eval(self, source: str) -> Any:
        """Evaluate a snippet (tests and warm-up only); translates engine errors."""
        try:
            return self._context.eval(source)
        except _CAUGHT as exc:
            raise translate(binding_failure(exc), "eval") from exc

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        """Run ``__printer.start(entry, payload)`` to completion and return its JSON result.

        Raises:
            RenderTimeout: the interpreter's time limit was hit.
            ResourceLimit: the memory or stack limit was hit.
            RenderFailed: the script threw outside Mermaid's own error handling, or never settled.
        """
        active = limits or self._limits
        if limits is not None:
            self._apply_limits(limits)
        try:
            return self._settled(run_entry(self._calls, entry, json.dumps(payload)), active)
        except _CAUGHT as exc:
            raise translate(binding_failure(exc), entry) from exc
        finally:
            if limits is not None:
                self._apply_limits(self._limits)

    def _settled(self, result: dict[str, Any], limits: EngineLimits) -> dict[str, Any]:
        """The call's result, unless it failed because the heap reached the memory limit."""
        if result.get("ok") or (result.get("error") or {}).get("code") == "RESOURCE_LIMIT":
            return result
        if limits.memory_bytes - int(self._context.memory()["malloc_size"]) >= _OUT_OF_MEMORY_SLACK:
            return result
        self._context.gc()  # free what the failed call left, so the next call starts with room
        return {
            "ok": False,
            "error": {
                "code": "RESOURCE_LIMIT",
                "message": "the render ran out of memory",
                "details": {"limit": "memory"},
            },
        }

    def defer_garbage_collection(self, headroom_bytes: int = _GC_HEADROOM) -> None:
        """Collect garbage now, and let the heap grow by about ``headroom_bytes`` before the
        interpreter collects again on its own.

        QuickJS collects cycles when its heap passes a threshold, and then sets the next one to
        1.5 times the heap it kept. A warm zygote ends a few MiB below its threshold, so nearly
        every child forked from it ran a full collection of Mermaid's whole heap, plus
        a copy-on-write copy of every page the collector touches, for garbage the child is about
        to drop by exiting. The binding cannot set the threshold, so this sets it the way QuickJS
        does: a collection runs while a temporary buffer is alive, which puts the threshold at 1.5
        times the heap plus the buffer; the buffer is then freed. A child that grows past the
        headroom still collects, as before.
        """
        self._context.gc()
        heap = int(self._context.memory()["malloc_size"])
        buffer = int((heap + headroom_bytes) / 1.5) - heap
        if buffer > 0:
            # Creating an object checks the threshold: the collection runs with `pad` alive.
            self._context.eval(
                f"(() => {{ let pad = new ArrayBuffer({buffer}); let probe = {{}}; pad = probe = null; }})()"
            )

    def freeze_heap(self) -> int | None:
        """Make every block the interpreter holds now immortal: never counted again, so never
        written by reading it, and never freed (``engine/native/frozen_heap.c``). A process
        forked afterwards then copies only the pages it really changes instead of those of every
        object it reads: for the zygote's last step before it forks render processes, after its
        last garbage collection (what this process lets go of afterwards stays allocated, and
        later blocks are allocated in new arenas, not in the holes between frozen ones).

        Returns:
            how many blocks were frozen, or ``None`` where the module cannot (the wheel's).
        """
        return freeze_heap(QUICKJS_MODULE, self._context)

    def logs(self) -> list[str]:
        """What scripts wrote to ``console`` since the last call (for debugging)."""
        return read_logs(self._calls)
