"""The ``_quickjs`` extension module the native engine runs: the project's own build, or the wheel's.

``hatch_build.py`` compiles the ``quickjs-ng`` binding (its ``module.c`` and QuickJS-NG, vendored
byte-identical from the release the ``quickjs-ng`` wheel ships) into ``_quickjs.abi3.so`` beside
this file, with flags that suit an interpreter in a shared library (less CPU per render than the
wheel's: ``benchmarks/RESULTS.md``, "Engines"). The two draw the same bytes; where the build
could not be made (see ``hatch_build.native_target``), or ``MERMAID_PRINTER_QUICKJS_MODULE=wheel``
asks for it, the wheel's module is used.

The project's build also has :func:`freeze_heap` (``frozen_heap.c``): a warm process about to
fork render processes makes every block its runtime holds immortal, so that a child reading an
object no longer writes its reference count, and so no longer copies its page. The wheel's module
has no such function; there it does nothing.

Only :mod:`mermaid_printer.engine.quickjs_engine` imports this.
"""

from __future__ import annotations

import ctypes
import importlib
import os
from types import ModuleType
from typing import Any

__all__ = ["MODULE_ENV_VAR", "context_pointers", "freeze_heap", "load_quickjs_module", "own_library"]

#: ``wheel`` runs the ``quickjs-ng`` wheel's module even where the project's own build exists
#: (for side-by-side measurements and identity checks); ``own`` requires the project's build.
MODULE_ENV_VAR = "MERMAID_PRINTER_QUICKJS_MODULE"


def load_quickjs_module() -> ModuleType:
    """The ``_quickjs`` module to run: the project's build unless it is absent or not wanted.

    Raises:
        ImportError: ``MERMAID_PRINTER_QUICKJS_MODULE=own`` and the project's build is absent,
            or the variable has another value than ``own``, ``wheel`` or nothing.
    """
    wanted = os.environ.get(MODULE_ENV_VAR, "").strip().lower()
    if wanted not in ("", "own", "wheel"):
        raise ImportError(f"{MODULE_ENV_VAR} must be 'own' or 'wheel', not {wanted!r}")
    if wanted != "wheel":
        try:
            return importlib.import_module("mermaid_printer.engine.native._quickjs")
        except ImportError:
            if wanted == "own":
                raise
    return importlib.import_module("_quickjs")


def freeze_heap(module: ModuleType, context: Any) -> int | None:
    """Make every block ``context``'s runtime holds immortal (see ``frozen_heap.c``): how many
    blocks were frozen, or ``None`` where ``module`` cannot (the wheel's module).

    Raises:
        TypeError: ``context`` is not a ``module.Context`` (its memory is never read).
        RuntimeError: ``context``'s layout is not the one ``module.c`` defines.
    """
    if not isinstance(context, module.Context):
        raise TypeError(f"not a {module.__name__}.Context: {type(context).__name__}")
    freeze = getattr(own_library(module), "mermaid_printer_freeze_heap", None)
    if freeze is None:
        return None
    runtime, _js_context = context_pointers(module, context)
    freeze.argtypes = [ctypes.c_void_p]
    freeze.restype = ctypes.c_int
    return int(freeze(runtime))


def own_library(module: ModuleType) -> ctypes.CDLL | None:
    """``module`` as a C library, for the functions the project's build adds (``frozen_heap.c``,
    ``script_bytecode.c``; the wheel's module has none, as a lookup finds), or None where it
    has no file."""
    return ctypes.CDLL(module.__file__) if module.__file__ else None


def context_pointers(module: ModuleType, context: Any) -> tuple[int, int]:
    """``(JSRuntime *, JSContext *)`` of ``context``, a ``module.Context``.

    The binding keeps its runtime and context pointers right after the object header; they are
    taken from there only when QuickJS's ``JS_GetRuntime`` of the context pointer gives the same
    runtime back.

    Raises:
        TypeError: ``context`` is not a ``module.Context`` (its memory is never read).
        RuntimeError: ``context``'s layout is not the one ``module.c`` defines.
    """
    if not isinstance(context, module.Context):
        raise TypeError(f"not a {module.__name__}.Context: {type(context).__name__}")
    library = own_library(module)
    if library is None:
        raise RuntimeError(f"{module.__name__} has no file to call QuickJS through")
    pointer = ctypes.sizeof(ctypes.c_void_p)
    runtime = ctypes.c_void_p.from_address(id(context) + object.__basicsize__).value
    js_context = ctypes.c_void_p.from_address(id(context) + object.__basicsize__ + pointer).value
    library.JS_GetRuntime.argtypes = [ctypes.c_void_p]
    library.JS_GetRuntime.restype = ctypes.c_void_p
    if not runtime or not js_context or library.JS_GetRuntime(js_context) != runtime:
        raise RuntimeError("the _quickjs Context does not hold its runtime where module.c puts it")
    return runtime, js_context
