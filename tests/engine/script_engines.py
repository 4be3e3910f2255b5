"""What the engine tests share: bundles of test scripts, and an engine with one entry whose
body a test sets (both real engines have an interpreter to set it with)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from mermaid_printer.engine import Bundle, Engine, Script

#: A script whose one entry, "run", runs whatever ``globalThis.body`` is set to (see set_entry).
BARE_ENTRY_SCRIPT = '__printer.register("run", (payload) => globalThis.body(payload));'


class ScriptEngine(Engine, Protocol):
    """An engine with an interpreter: both real engines."""

    def eval(self, source: str) -> Any: ...

    def logs(self) -> list[str]: ...


def bundle_of(tmp_path: Path, *sources: str, entries: tuple[str, ...] = ()) -> Bundle:
    """A bundle of classic scripts with the given sources."""
    scripts = []
    for index, source in enumerate(sources):
        path = tmp_path / f"script{index}.js"
        path.write_text(source)
        scripts.append(Script(path))
    return Bundle(name="test", version="0", scripts=tuple(scripts), entries=entries)


def bare_bundle(tmp_path: Path) -> Bundle:
    """The bundle of :data:`BARE_ENTRY_SCRIPT`."""
    return bundle_of(tmp_path, BARE_ENTRY_SCRIPT, entries=("run",))


def set_entry(engine: ScriptEngine, body: str) -> None:
    """Make ``body`` (a JavaScript function body over ``payload``) what "run" runs."""
    engine.eval(f"globalThis.body = function (payload) {{ {body} }};")


def works(engine: ScriptEngine) -> bool:
    """Whether the engine still answers a call of "run"."""
    set_entry(engine, "return {sum: payload.a + payload.b};")
    return engine.call("run", {"a": 2, "b": 3}) == {"ok": True, "sum": 5}
