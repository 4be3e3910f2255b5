"""The ``printer_math`` imports: Math.sin and its kin computed by the host's C math library.

``host.c`` routes QuickJS's transcendental functions (sine, logarithm, power, ...) here instead
of to wasi-libc's, because the two libraries disagree in the last bit often enough that
Mermaid's force-directed layouts draw differently (host.c says more). The answers come from the
C library this process already loaded (glibc's ``libm`` on Linux), the same functions the
native engine's QuickJS calls, so both engines compute the same numbers.

Each import takes and returns plain doubles; nothing else crosses. They are called thousands of
times per render (mostly ``hypot`` and ``pow``), so they bypass wasmtime-py's generic
host-function wrapper for wasmtime's unchecked callback with the arguments read in place, which
is many times cheaper a call.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from typing import Any

import wasmtime
from wasmtime import _ffi as ffi

__all__ = ["HOST_MATH_MODULE", "ONE_ARGUMENT", "TWO_ARGUMENTS", "define_host_math"]

HOST_MATH_MODULE = "printer_math"
#: The functions host.c imports, by the number of arguments they take.
ONE_ARGUMENT = (
    "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
    "exp", "expm1", "log", "log1p", "log2", "log10", "cbrt",
)  # fmt: skip
TWO_ARGUMENTS = ("atan2", "pow", "hypot")


@functools.cache
def _libm() -> ctypes.CDLL:
    # The math library the interpreter process already has (glibc's libm.so.6 on Linux): the
    # native engine's QuickJS resolves its calls to it as well.
    return ctypes.CDLL(ctypes.util.find_library("m") or None)


def _c_function(name: str, arguments: int) -> Any:
    function = getattr(_libm(), name)
    function.restype = ctypes.c_double
    function.argtypes = [ctypes.c_double] * arguments
    return function


@functools.cache
def _callbacks() -> dict[str, tuple[Any, int]]:
    """One unchecked callback per import (and its number of arguments), kept alive for the life
    of the process."""
    callbacks: dict[str, tuple[Any, int]] = {}
    for name in ONE_ARGUMENT:
        function = _c_function(name, 1)

        def one(_env: Any, _caller: Any, values: Any, _count: int, function: Any = function) -> int:
            values[0].f64 = function(values[0].f64)
            return 0

        callbacks[name] = (ffi.wasmtime_func_unchecked_callback_t(one), 1)
    for name in TWO_ARGUMENTS:
        function = _c_function(name, 2)

        def two(_env: Any, _caller: Any, values: Any, _count: int, function: Any = function) -> int:
            values[0].f64 = function(values[0].f64, values[1].f64)
            return 0

        callbacks[name] = (ffi.wasmtime_func_unchecked_callback_t(two), 2)
    return callbacks


def _finalize(_env: Any) -> None:
    return None  # the callbacks live as long as the process; nothing to free


_NO_FINALIZER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(_finalize)


def define_host_math(linker: wasmtime.Linker) -> None:
    """Define every ``printer_math`` import in ``linker``.

    Raises:
        wasmtime.WasmtimeError: the linker refused a definition.
    """
    module = HOST_MATH_MODULE.encode()
    f64 = wasmtime.ValType.f64()
    for name, (callback, arguments) in _callbacks().items():
        # A function type belongs to the wasmtime engine it is first used with: one per linker.
        signature = wasmtime.FuncType([f64] * arguments, [f64])
        encoded = name.encode()
        error = ffi.wasmtime_linker_define_func_unchecked(
            linker.ptr(),
            ctypes.create_string_buffer(module),
            len(module),
            ctypes.create_string_buffer(encoded),
            len(encoded),
            signature.ptr(),
            callback,
            None,
            _NO_FINALIZER,
        )
        if error:
            raise wasmtime.WasmtimeError._from_ptr(error)
