"""The ``_quickjs`` extension module the native engine runs: the project's own build, or the wheel's.

``hatch_build.py`` compiles the ``quickjs-ng`` binding (its ``module.c`` and QuickJS-NG, vendored
byte-identical from the release the ``quickjs-ng`` wheel ships) into ``_quickjs.abi3.so`` beside
this file, with flags that suit an interpreter in a shared library (~0.85 of the wheel's CPU per
render: ``benchmarks/native_build_compare.py``). The two draw the same bytes; where the build
could not be made (see ``hatch_build.native_target``), or ``MERMAID_PRINTER_QUICKJS_MODULE=wheel``
asks for it, the wheel's module is used.

Only :mod:`mermaid_printer.engine.quickjs_engine` imports this.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["MODULE_ENV_VAR", "load_quickjs_module"]

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
