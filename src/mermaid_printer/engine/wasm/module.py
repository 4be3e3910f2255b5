"""``quickjs.wasm`` as wasmtime code: compiled once per machine, cached on disk, loaded at once.

``quickjs.wasm`` is built from the vendored QuickJS-NG sources and ``host.c`` when the package is
installed (``hatch_build.py``). Compiling it to machine code takes seconds, so the compiled code is
kept in the user's cache directory (``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or
``~/.cache``, then ``mermaid-printer/``), named after the hashes of the WebAssembly, the wasmtime
version and the compiler settings: a change to any of them gets a new file. A cached file is
machine code the process maps and runs, so it is read only from a directory that is this
user's own and writable by nobody else; where there is none, every process compiles for itself.

Compilation is single-threaded on purpose: wasmtime's parallel compiler leaves a thread pool
behind, and the renderer pool forks this process after loading the engine.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import json
import os
from pathlib import Path

import wasmtime

from mermaid_printer import files
from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.files import write_atomically

__all__ = [
    "MAX_WASM_STACK",
    "WASM_PATH",
    "cache_path",
    "compiled_quickjs",
    "new_wasmtime_engine",
    "private_cache_directory",
    "wasm_sha256",
]

#: The module the install builds (``hatch_build.py``), and the record of how it was built.
WASM_PATH = Path(__file__).resolve().parent / "quickjs.wasm"

#: Bytes of machine stack the compiled code may use (wasmtime's own check; it traps beyond).
#: QuickJS's stack limit (on the module's shadow stack) is meant to stop a deep recursion first;
#: this must stay well below the smallest thread stack a caller runs on (8 MiB on Linux).
MAX_WASM_STACK = 2 * 1024 * 1024


def _config() -> wasmtime.Config:
    config = wasmtime.Config()
    config.cranelift_opt_level = "speed"
    # The watchdog thread writes the interrupt flag through a raw pointer into linear memory
    # (instance.py), so the memory must stay where it is when it grows (on 64-bit hosts
    # wasmtime reserves the whole 4 GiB a wasm32 memory can reach; this makes that a promise).
    config.memory_may_move = False
    config.parallel_compilation = False
    config.max_wasm_stack = MAX_WASM_STACK
    return config


#: What the compiled code depends on besides the WebAssembly (the cache key includes it).
_CONFIG_KEY = json.dumps(
    {
        "opt": "speed",
        "memory_may_move": False,
        "stack": MAX_WASM_STACK,
        "wasmtime": importlib.metadata.version("wasmtime"),
    }
)


def new_wasmtime_engine() -> wasmtime.Engine:
    """A wasmtime engine with the settings the cached code was compiled for."""
    return wasmtime.Engine(_config())


@functools.cache
def _wasm_bytes() -> bytes:
    try:
        return WASM_PATH.read_bytes()
    except FileNotFoundError:
        raise EngineUnavailable(
            f"{WASM_PATH.name} is not built: reinstall mermaid-printer (pip install .), "
            "or run python hatch_build.py in a source checkout"
        ) from None


@functools.cache
def wasm_sha256() -> str:
    """The SHA-256 of ``quickjs.wasm`` (hex): what everything cached from it is keyed by.

    Raises:
        EngineUnavailable: ``quickjs.wasm`` is missing.
    """
    return hashlib.sha256(_wasm_bytes()).hexdigest()


def private_cache_directory() -> Path | None:
    """The directory for this engine's cache files (made if need be), or None where there is no
    directory that is this user's own and writable by nobody else: nothing is cached then."""
    return files.private_cache_directory("wasm")


def cache_path() -> Path:
    """Where the compiled code of this ``quickjs.wasm`` is cached (perhaps not yet)."""
    key = hashlib.sha256(_wasm_bytes() + _CONFIG_KEY.encode("utf-8")).hexdigest()[:20]
    return files.cache_root() / "wasm" / f"quickjs-{key}.cwasm"


@functools.cache
def compiled_quickjs() -> bytes:
    """The compiled module, serialized (load it with ``wasmtime.Module.deserialize``).

    Raises:
        EngineUnavailable: ``quickjs.wasm`` is missing or does not compile.
    """
    wasm = _wasm_bytes()
    cached = cache_path()
    private = private_cache_directory() is not None
    if private and cached.is_file() and cached.stat().st_uid == os.getuid():
        data = cached.read_bytes()
        try:
            # Refuses code made by another wasmtime version or for another CPU.
            wasmtime.Module.deserialize(new_wasmtime_engine(), data)
        except wasmtime.WasmtimeError:
            pass
        else:
            return data
    try:
        data = bytes(wasmtime.Module(new_wasmtime_engine(), wasm).serialize())
    except wasmtime.WasmtimeError as exc:
        raise EngineUnavailable(f"{WASM_PATH.name} does not compile: {exc}") from exc
    if private:
        # Where it cannot be written, the next process compiles again: only time is lost.
        with contextlib.suppress(OSError):
            write_atomically(cached, data, private=True)
    return data
