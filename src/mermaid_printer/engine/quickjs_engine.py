"""The QuickJS host: the only module that imports the interpreter.

It imports ``_quickjs`` (the C extension of the ``quickjs-ng`` package) rather than the
``quickjs`` wrapper module, because the wrapper starts a worker thread at import time, and the
renderer pool forks this process after loading it: a process with threads must not fork.

No Python callable is ever registered with the interpreter: data goes in as JSON strings and
results come back by polling. That keeps the interpreter's time limit usable (the binding
refuses it while callbacks exist) and means scripts have no way to reach the host.

Files ending in ``.mjs`` are evaluated as ES modules, the rest as classic scripts. The binding
installs no module loader: a module can import only ``"<input>"``, the name it gives every
module, which resolves to the first module evaluated (see ``layout_tidy_tree.mjs``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import _quickjs

from mermaid_printer.engine import EngineLimits
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit
from mermaid_printer.resources import js_dir, vendored_file

__all__ = ["QuickJSEngine", "mermaid_scripts"]

# A render that needs more rounds than this of (promise jobs, then due timers) is stuck.
_MAX_ROUNDS = 100_000

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


def mermaid_scripts() -> list[Path]:
    """The scripts that make up the Mermaid engine, in load order."""
    js = js_dir()
    return [
        js / "env.js",
        js / "selectors.js",
        js / "css.js",
        js / "dom.js",
        js / "geometry.js",
        js / "font_metrics.js",
        js / "text_measure.js",
        js / "html_layout.js",
        js / "mathml_layout.js",
        js / "foreign_objects.js",
        vendored_file("mermaid/mermaid.min.js"),
        js / "ast.js",
        # The ZenUML plugin mermaid-cli registers; defines globalThis["mermaid-zenuml"].
        vendored_file("mermaid-zenuml/mermaid-zenuml.min.js"),
        # The tidy-tree layout mermaid-cli registers: the package's chunk must be the first
        # module evaluated, because the glue module after it imports it as "<input>".
        vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"),
        js / "layout_tidy_tree.mjs",
        js / "bootstrap.js",
    ]


def _translate(exc: BaseException, during: str) -> Exception:
    """Map an interpreter exception to the most specific printer error."""
    text = str(exc)
    first_line = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    if isinstance(exc, _quickjs.StackOverflow) or "stack overflow" in text.lower():
        return ResourceLimit(f"{during}: the diagram nests too deeply (stack limit)", {"limit": "stack"})
    if "out of memory" in text.lower():
        return ResourceLimit(f"{during}: the render ran out of memory", {"limit": "memory"})
    if "interrupted" in text.lower():
        return RenderTimeout(f"{during}: the render took longer than its time limit", {"limit": "time"})
    return RenderFailed(f"{during}: {first_line}", {"exception": type(exc).__name__})


class QuickJSEngine:
    """A QuickJS context with the DOM shim, font metrics, Mermaid and the bootstrap loaded."""

    def __init__(self, scripts: Iterable[Path] | None = None, limits: EngineLimits | None = None) -> None:
        self._limits = limits or EngineLimits()
        self._context = _quickjs.Context()
        self._apply_limits(self._limits)
        for script in scripts if scripts is not None else mermaid_scripts():
            self._load(script)

    def _apply_limits(self, limits: EngineLimits) -> None:
        self._context.set_memory_limit(limits.memory_bytes)
        self._context.set_max_stack_size(limits.stack_bytes)
        # The binding measures CPU time with clock(); -1 switches the limit off.
        self._context.set_time_limit(limits.time_s if limits.time_s is not None else -1)

    def _load(self, script: Path) -> None:
        source = script.read_text(encoding="utf-8")
        try:
            if script.suffix == ".mjs":
                self._load_module(script, source)
            else:
                self._context.eval(source)
        except (_quickjs.JSException, _quickjs.StackOverflow) as exc:
            raise _translate(exc, f"loading {script.name}") from exc

    def _load_module(self, script: Path, source: str) -> None:
        # An import that cannot be resolved raises here, but an error thrown while the module
        # body runs only rejects the promise the binding returns, so its outcome is read back.
        context = self._context
        outcome = context.eval(_WATCH_PROMISE)(context.module(source))
        while context.execute_pending_job():
            pass
        settled = json.loads(outcome.json())
        if settled["state"] == "rejected":
            raise RenderFailed(f"loading {script.name}: {settled['error']}", {"exception": settled["name"]})
        if settled["state"] != "fulfilled":
            raise RenderFailed(f"loading {script.name}: the module never finished evaluating")

    def eval(self, source: str) -> Any:
        """Evaluate a snippet (tests and warm-up only); translates engine errors."""
        try:
            return self._context.eval(source)
        except (_quickjs.JSException, _quickjs.StackOverflow) as exc:
            raise _translate(exc, "eval") from exc

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        """Run ``__printer.start(entry, payload)`` to completion and return its JSON result.

        Raises:
            RenderTimeout: the interpreter's time limit was hit.
            ResourceLimit: the memory or stack limit was hit.
            RenderFailed: the script threw outside Mermaid's own error handling, or never settled.
        """
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
                    return json.loads(result)
                if not context.eval("__printer.runTimers()"):
                    while context.execute_pending_job():
                        pass
                    result = context.eval("__printer.poll()")
                    if result:
                        return json.loads(result)
                    raise RenderFailed(f"{entry}: the render never finished (no pending work left)")
        except (_quickjs.JSException, _quickjs.StackOverflow) as exc:
            raise _translate(exc, entry) from exc
        finally:
            if limits is not None:
                self._apply_limits(self._limits)
        raise RenderFailed(f"{entry}: the render did not settle after {_MAX_ROUNDS} rounds")

    def logs(self) -> list[str]:
        """What scripts wrote to ``console`` since the last call (for debugging)."""
        return json.loads(self._context.eval("__printer.logs()"))
