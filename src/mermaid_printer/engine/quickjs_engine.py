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
from mermaid_printer.engine.native import freeze_heap, load_quickjs_module
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit

__all__ = ["QUICKJS_MODULE", "QuickJSEngine"]

#: The ``_quickjs`` extension module this process runs (the project's build, or the wheel's).
QUICKJS_MODULE = load_quickjs_module()

# A render that needs more rounds than this of (promise jobs, then due timers) is stuck.
_MAX_ROUNDS = 100_000
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


def _translate(exc: BaseException, during: str) -> Exception:
    """Map an interpreter exception to the most specific printer error."""
    text = str(exc)
    first_line = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    if isinstance(exc, QUICKJS_MODULE.StackOverflow) or "stack overflow" in text.lower():
        return ResourceLimit(f"{during}: the diagram nests too deeply (stack limit)", {"limit": "stack"})
    if "out of memory" in text.lower():
        return ResourceLimit(f"{during}: the render ran out of memory", {"limit": "memory"})
    if "interrupted" in text.lower():
        return RenderTimeout(f"{during}: the render took longer than its time limit", {"limit": "time"})
    return RenderFailed(f"{during}: {first_line}", {"exception": type(exc).__name__})


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
        self._apply_limits(self._limits)
        self._modules_evaluated = 0
        self._load(Script(_HOST_JS))
        for script in bundle.scripts:
            self._load(script)
        self._check_entries()

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
            source = script.source()
        except BundleTransformError as exc:
            raise RenderFailed(f"loading {script.name}: {exc}", {"reason": "transform_mismatch"}) from exc
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
        except (QUICKJS_MODULE.JSException, QUICKJS_MODULE.StackOverflow) as exc:
            raise _translate(exc, f"loading {script.name}") from exc

    def _load_module(self, name: str, source: str) -> None:
        # An import that cannot be resolved raises here, but an error thrown while the module
        # body runs only rejects the promise the binding returns, so its outcome is read back.
        context = self._context
        outcome = context.eval(_WATCH_PROMISE)(context.module(source))
        self._modules_evaluated += 1
        while context.execute_pending_job():
            pass
        settled = json.loads(outcome.json())
        if settled["state"] == "rejected":
            raise RenderFailed(f"loading {name}: {settled['error']}", {"exception": settled["name"]})
        if settled["state"] != "fulfilled":
            raise RenderFailed(f"loading {name}: the module never finished evaluating")

    def _publish_first_module(self, script: Script) -> None:
        if self._modules_evaluated != 1:
            raise RenderFailed(
                f"loading {script.name}: this engine can publish only the first ES module of a bundle",
                {"reason": "module_not_first"},
            )
        self._load_module(f"{script.name} (publishing)", _PUBLISH_MODULE.format(name=json.dumps(script.publish_as)))

    def _check_entries(self) -> None:
        registered = set(json.loads(self._context.eval("__printer.entries()")))
        missing = [entry for entry in self._bundle.entries if entry not in registered]
        if missing:
            raise RenderFailed(
                f"bundle {self._bundle.name} did not register its entries: {', '.join(missing)}",
                {"reason": "entries_missing"},
            )

    def eval(self, source: str) -> Any:
        """Evaluate a snippet (tests and warm-up only); translates engine errors."""
        try:
            return self._context.eval(source)
        except (QUICKJS_MODULE.JSException, QUICKJS_MODULE.StackOverflow) as exc:
            raise _translate(exc, "eval") from exc

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
        context = self._context
        start = f"__printer.start({json.dumps(entry)}, {json.dumps(json.dumps(payload))})"
        try:
            context.eval(start)
            for _ in range(_MAX_ROUNDS):
                while context.execute_pending_job():
                    pass
                result = context.eval("__printer.poll()")
                if result:
                    return self._settled(_json_object(result), active)
                if not context.eval("__printer.runTimers()"):
                    while context.execute_pending_job():
                        pass
                    result = context.eval("__printer.poll()")
                    if result:
                        return self._settled(_json_object(result), active)
                    raise RenderFailed(f"{entry}: the render never finished (no pending work left)")
        except (QUICKJS_MODULE.JSException, QUICKJS_MODULE.StackOverflow) as exc:
            raise _translate(exc, entry) from exc
        finally:
            if limits is not None:
                self._apply_limits(self._limits)
        raise RenderFailed(f"{entry}: the render did not settle after {_MAX_ROUNDS} rounds")

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
        logs: list[str] = json.loads(self._context.eval("__printer.logs()"))
        return logs


def _json_object(text: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(text)
    return value
