"""QuickJS-NG compiled to WebAssembly and run by wasmtime: the sandboxed engine (``"wasm"``).

``host.c`` (our C side of the module), ``module.py`` (the compiled module and its cache),
``instance.py`` (one instance: its imports, limits and calls) and ``engine.py``
(:class:`WasmEngine`, the engine protocol). ``quickjs.wasm`` is built at install time by
``hatch_build.py`` from ``vendor/quickjs-ng`` and ``host.c``.
"""

from __future__ import annotations

from mermaid_printer.engine.wasm.engine import WasmEngine

__all__ = ["WasmEngine"]
