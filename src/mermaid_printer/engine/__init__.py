"""The JavaScript engine seam: an interpreter that loads a bundle and answers calls to its entries.

Everything above this package talks to an :class:`Engine`: made from a
:class:`~mermaid_printer.engine.bundle.Bundle` (which scripts to load, which entries they
register), then :meth:`Engine.call` an entry with a JSON payload and get JSON back. The engine
knows no bundle: it loads ``js/host.js`` (the generic call protocol) and then the bundle's
scripts. Both engines run calls with one host loop and translate their errors the same way
(:mod:`mermaid_printer.engine.host`). Only :mod:`mermaid_printer.engine.quickjs_engine` imports QuickJS's binding, and only
:mod:`mermaid_printer.engine.wasm` imports wasmtime (QuickJS compiled to WebAssembly, the
``"wasm"`` entry of :data:`ENGINES`; ``"wasm-snapshot"`` is the same engine started from a warm
snapshot of its memory cached on disk, :mod:`mermaid_printer.engine.wasm.snapshot`).
"""

from __future__ import annotations

import glob
import importlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from mermaid_printer.engine.bundle import Bundle, Script, WarmUpCall

__all__ = [
    "ENGINES",
    "ENGINE_ENV_VAR",
    "ONE_SHOT_ENGINE",
    "Bundle",
    "Engine",
    "EngineFactory",
    "EngineLimits",
    "FreezableEngine",
    "Script",
    "WarmUpCall",
    "engine_factory",
    "one_shot_engine",
    "selected_engine",
]


@dataclass(frozen=True)
class EngineLimits:
    """Limits enforced inside the interpreter (the pool adds OS-level ones)."""

    memory_bytes: int = 768 * 1024 * 1024
    stack_bytes: int = 4 * 1024 * 1024
    #: CPU seconds for one call; ``None`` means no interpreter-level time limit.
    time_s: float | None = None


class Engine(Protocol):
    """A loaded JavaScript runtime with a bundle's entries ready to call."""

    @property
    def bundle(self) -> Bundle:
        """The bundle this engine loaded."""
        ...

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        """Call the bundle's ``entry`` with ``payload`` and run it to completion.

        Returns:
            ``{"ok": True, ...}`` with the entry's result, or ``{"ok": False, "error": {code,
            message, details}}`` when the entry rejected (a diagram error, for example).

        Raises:
            RenderTimeout: the interpreter's time limit was hit.
            ResourceLimit: the memory or stack limit was hit.
            RenderFailed: the script threw outside the entry's own error handling, or never settled.
        """
        ...


@runtime_checkable
class FreezableEngine(Engine, Protocol):
    """An engine whose heap a warm process can settle before it forks render processes."""

    def defer_garbage_collection(self) -> None:
        """Collect garbage now and let the heap grow before the interpreter collects again, so a
        short-lived child does not collect garbage it is about to drop by exiting."""
        ...

    def freeze_heap(self) -> int | None:
        """Make every block the interpreter holds now immortal, so a forked child copies only the
        pages it changes; how many blocks, or ``None`` where the module cannot.

        Raises:
            RuntimeError: the binding's layout is not the one expected.
        """
        ...


#: Makes an engine with a bundle loaded (the worker takes one of these).
EngineFactory = Callable[[Bundle], Engine]

#: Every engine by name: ``"module:attribute"`` of a class or function taking a bundle (the
#: attribute may be dotted, ``Class.method``, as in entry points).
ENGINES: dict[str, str] = {
    "native": "mermaid_printer.engine.quickjs_engine:QuickJSEngine",
    "wasm": "mermaid_printer.engine.wasm.engine:WasmEngine",
    # The wasm engine restored from its warm snapshot (built and cached on first use): a ready,
    # warmed engine in a fraction of the time a load takes, for one-shot processes.
    "wasm-snapshot": "mermaid_printer.engine.wasm.engine:WasmEngine.restored",
}


#: The variable naming the engine when the caller does not (``native`` if unset).
ENGINE_ENV_VAR = "MERMAID_PRINTER_ENGINE"
DEFAULT_ENGINE = "native"


#: The wasm engine restored from its warm snapshot: a process that serves one request starts
#: from it faster than the native engine loads, once the snapshot is built; building it takes
#: seconds and a large file in the user's cache, so it is used only when chosen
#: (``--engine wasm-snapshot``; ``benchmarks/cold_start.py`` measures both).
ONE_SHOT_ENGINE = "wasm-snapshot"


def one_shot_engine(bundle_name: str = "mermaid") -> str:
    """The engine for a process that serves one request (a one-shot CLI run): the one chosen
    (``$MERMAID_PRINTER_ENGINE``, which ``--engine`` sets); else the wasm engine from its warm
    snapshot where one of ``bundle_name`` is already kept (it starts fastest); else ``native``,
    which builds nothing first and keeps nothing on disk. A snapshot is kept only once someone
    chose ``wasm-snapshot``, so the first run on a machine never pays for building one.

    Raises:
        ValueError: the variable names no engine.
    """
    if os.environ.get(ENGINE_ENV_VAR, "").strip():
        return selected_engine()
    wasm_built = (Path(__file__).resolve().parent / "wasm" / "quickjs.wasm").is_file()
    if wasm_built and _snapshot_kept(bundle_name):
        return ONE_SHOT_ENGINE
    return DEFAULT_ENGINE


def snapshot_file_prefix(bundle_name: str) -> str:
    """How the names of ``bundle_name``'s warm snapshot files begin (the key follows), in the
    wasm engine's private cache directory (``engine/wasm/snapshot.py``)."""
    return "snapshot-" + (re.sub(r"[^a-z0-9_]+", "_", bundle_name.lower()) or "bundle") + "-"


def _snapshot_kept(bundle_name: str) -> bool:
    """Whether a warm snapshot of ``bundle_name`` is kept in this user's cache (found by name and
    owner, nothing created: a snapshot of another version counts, a cheap guess)."""
    from mermaid_printer.files import cache_root, is_own_directory

    directory = cache_root() / "wasm"
    try:
        if not is_own_directory(directory):
            return False
    except OSError:
        return False
    return any(directory.glob(f"{glob.escape(snapshot_file_prefix(bundle_name))}*.bin"))


def starts_without_building(engine: str, bundle_name: str) -> bool:
    """Whether ``engine`` can start with ``bundle_name`` without building anything first: true
    but for the wasm engine from its snapshot when no snapshot of that bundle is kept (which this
    finds by name, not by key, so a snapshot of another version counts: a guess that is cheap)."""
    if engine != ONE_SHOT_ENGINE:
        return True
    from mermaid_printer.files import private_cache_directory

    directory = private_cache_directory("wasm")
    prefix = snapshot_file_prefix(bundle_name)
    return directory is not None and any(directory.glob(f"{glob.escape(prefix)}*.bin"))


def selected_engine(name: str | None = None) -> str:
    """The engine to use: ``name`` if given, else ``$MERMAID_PRINTER_ENGINE``, else ``native``.

    Raises:
        ValueError: the name is not a key of :data:`ENGINES` (nor ``module:attribute``).
    """
    chosen = name or os.environ.get(ENGINE_ENV_VAR, "").strip() or DEFAULT_ENGINE
    if chosen not in ENGINES and ":" not in chosen:
        source = "" if name else f" (from ${ENGINE_ENV_VAR})"
        raise ValueError(f"unknown engine {chosen!r}{source}; choose one of: {', '.join(ENGINES)}")
    return chosen


def engine_factory(name: str) -> EngineFactory:
    """The factory of the engine called ``name`` (a key of :data:`ENGINES`, or ``module:attribute``
    for an engine of your own, e.g. a fake in tests).

    Raises:
        ValueError: no such engine.
    """
    target = ENGINES.get(name, name)
    module_name, _, attribute = target.partition(":")
    if not attribute:
        raise ValueError(f"unknown engine {name!r}; choose one of: {', '.join(ENGINES)}")
    try:
        found: Any = importlib.import_module(module_name)
        for name_part in attribute.split("."):
            found = getattr(found, name_part)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"engine {name!r} cannot be loaded: {exc}") from exc
    factory: EngineFactory = found
    return factory
