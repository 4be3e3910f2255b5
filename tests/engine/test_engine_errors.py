"""Every way an engine can fail maps to a specific printer error, through the one translation
both engines share (``engine/host.py``): each exception the native binding defines, each trap
code and error wasmtime has, each exception the wasm instance raises and each kind of failure.
A binding or wasmtime release that adds one fails here until it is mapped."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import Any, get_args

import pytest
import wasmtime

from mermaid_printer.engine.host import Failure, FailureKind, translate
from mermaid_printer.engine.quickjs_engine import BINDING_ERRORS, QUICKJS_MODULE, binding_failure
from mermaid_printer.engine.wasm import instance
from mermaid_printer.engine.wasm.engine import INSTANCE_ERRORS, instance_failure
from mermaid_printer.engine.wasm.instance import (
    TRAP_KINDS,
    WASMTIME_ERRORS,
    NotSettled,
    ScriptError,
    TrapKind,
    Trapped,
    trapped,
)
from mermaid_printer.errors import PrinterError, RenderFailed, RenderTimeout, ResourceLimit

# What each failure must become: the printer error's class and its details.
_STACK = (ResourceLimit, {"limit": "stack"})
_MEMORY = (ResourceLimit, {"limit": "memory"})
_TIME = (RenderTimeout, {"limit": "time"})
_TRAP = (RenderFailed, {"reason": "trap"})


def _exception_classes(module: ModuleType) -> set[type[BaseException]]:
    """The exception classes ``module`` defines or exports."""
    return {value for value in vars(module).values() if inspect.isclass(value) and issubclass(value, BaseException)}


def _assert_maps(error: PrinterError, expected: tuple[type[PrinterError], dict[str, Any]]) -> None:
    assert (type(error), error.details) == expected
    assert error.message.startswith("call: ")


# ---- the shared translation ------------------------------------------------------------------


@pytest.mark.parametrize("kind", get_args(FailureKind))
def test_every_kind_of_failure_becomes_a_specific_printer_error(kind: FailureKind) -> None:
    error = translate(Failure(kind, "Error: boom", "Error"), "call")
    expected = {
        "script": (RenderFailed, {"exception": "Error"}),
        "stack": _STACK,
        "memory": _MEMORY,
        "time": _TIME,
        "trap": _TRAP,
        "unsettled": (RenderFailed, {}),
    }
    _assert_maps(error, expected[kind])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("RangeError: Maximum call stack size exceeded", _STACK),
        ("InternalError: stack overflow", _STACK),
        ("InternalError: out of memory", _MEMORY),
        ("TypeError: x is undefined\n    at f (<input>:1)", (RenderFailed, {"exception": "TypeError"})),
    ],
)
def test_a_script_error_naming_a_limit_is_that_limit(text: str, expected: tuple[type[PrinterError], Any]) -> None:
    _assert_maps(translate(Failure("script", text, "TypeError"), "call"), expected)


def test_a_script_error_is_reported_by_its_first_line() -> None:
    error = translate(Failure("script", "TypeError: x is undefined\n    at f (<input>:1)", "TypeError"), "call")
    assert error.message == "call: TypeError: x is undefined"


def test_a_failure_the_engine_knows_as_a_limit_says_which_in_the_same_words_for_every_engine() -> None:
    assert translate(Failure("time"), "render").message == "render: the render took longer than its time limit"
    assert translate(Failure("stack"), "render").message == "render: the diagram nests too deeply (stack limit)"
    assert translate(Failure("memory"), "render").message == "render: the render ran out of memory"
    assert translate(Failure("trap", "wasm trap: unreachable"), "render").message == (
        "render: the engine stopped (wasm trap: unreachable)"
    )
    assert (
        translate(Failure("unsettled"), "loading x.mjs").message
        == "loading x.mjs: the module never finished evaluating"
    )


# ---- the native binding ------------------------------------------------------------------------


def test_every_exception_the_native_binding_defines_is_mapped() -> None:
    assert _exception_classes(QUICKJS_MODULE) == set(BINDING_ERRORS)


def test_the_wheels_binding_defines_the_same_exceptions() -> None:
    wheel = importlib.import_module("_quickjs")
    assert {cls.__name__ for cls in _exception_classes(wheel)} == {cls.__name__ for cls in BINDING_ERRORS}


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("StackOverflow", "RangeError: Maximum call stack size exceeded\n", _STACK),
        ("JSException", "TypeError: no such thing\n    at <eval>", (RenderFailed, {"exception": "JSException"})),
        ("JSException", "InternalError: out of memory\n", _MEMORY),
        # The binding cannot tell its time limit from an error: "interrupted" is taken for it.
        ("JSException", "InternalError: interrupted\n", _TIME),
    ],
)
def test_each_binding_exception_becomes_a_specific_printer_error(
    name: str, text: str, expected: tuple[type[PrinterError], Any]
) -> None:
    exception_class = getattr(QUICKJS_MODULE, name)
    assert exception_class in BINDING_ERRORS
    _assert_maps(translate(binding_failure(exception_class(text)), "call"), expected)


def test_every_binding_exception_becomes_a_specific_printer_error() -> None:
    for exception_class in BINDING_ERRORS:
        error = translate(binding_failure(exception_class("Error: boom\n")), "call")
        assert type(error) in (RenderFailed, ResourceLimit, RenderTimeout), exception_class
        assert error.details, exception_class


# ---- wasmtime and the wasm instance ----------------------------------------------------------------


def test_every_wasmtime_trap_code_has_a_kind() -> None:
    assert set(wasmtime.TrapCode) == set(TRAP_KINDS)


_BY_TRAP_KIND: dict[TrapKind, tuple[type[PrinterError], dict[str, Any]]] = {
    "stack": _STACK,
    "memory": _MEMORY,
    "time": _TIME,
    "crash": _TRAP,
}


def test_every_kind_of_trap_is_mapped() -> None:
    assert set(get_args(TrapKind)) == set(_BY_TRAP_KIND)


@pytest.mark.parametrize("code", list(wasmtime.TrapCode), ids=lambda code: code.name)
def test_every_trap_code_becomes_a_specific_printer_error(code: wasmtime.TrapCode) -> None:
    kind = TRAP_KINDS[code]
    error = translate(instance_failure(Trapped(kind, f"wasm trap: {code.name.lower()}")), "call")
    _assert_maps(error, _BY_TRAP_KIND[kind])


def test_the_stack_trap_is_the_stack_limit_and_an_unknown_trap_a_crash() -> None:
    assert TRAP_KINDS[wasmtime.TrapCode.STACK_OVERFLOW] == "stack"
    assert TRAP_KINDS[wasmtime.TrapCode.UNREACHABLE] == "crash"
    # A trap without a code (a host function's) is a crash too.
    assert trapped(wasmtime.Trap("python exception")).kind == "crash"


def test_every_error_wasmtime_raises_is_caught_at_the_call_seam() -> None:
    for error_class in _exception_classes(wasmtime):
        assert issubclass(error_class, WASMTIME_ERRORS), error_class.__name__


def test_a_wasmtime_error_that_is_not_a_trap_ends_the_instance_as_a_crash() -> None:
    lost = trapped(wasmtime.WasmtimeError("store closed"))
    assert (lost.kind, str(lost)) == ("crash", "store closed")
    _assert_maps(translate(instance_failure(lost), "call"), _TRAP)


def test_every_exception_the_instance_defines_is_mapped() -> None:
    assert _exception_classes(instance) <= set(INSTANCE_ERRORS)


@pytest.mark.parametrize(
    ("exception", "interrupted", "expected"),
    [
        (ScriptError("TypeError: no such thing", "TypeError"), False, (RenderFailed, {"exception": "TypeError"})),
        (ScriptError("InternalError: interrupted", "InternalError"), True, _TIME),
        (ScriptError("RangeError: Maximum call stack size exceeded", "RangeError"), False, _STACK),
        (ScriptError("InternalError: out of memory", "InternalError"), False, _MEMORY),
        (NotSettled("the module never finished evaluating"), False, (RenderFailed, {})),
        (Trapped("stack", "wasm trap: call stack exhausted"), False, _STACK),
        (Trapped("crash", "wasm trap: unreachable"), False, _TRAP),
        (MemoryError("no memory left in the module for the input"), False, _MEMORY),
    ],
    ids=lambda value: type(value).__name__ if isinstance(value, Exception) else None,
)
def test_each_instance_exception_becomes_a_specific_printer_error(
    exception: Exception, interrupted: bool, expected: tuple[type[PrinterError], Any]
) -> None:
    assert isinstance(exception, INSTANCE_ERRORS)
    _assert_maps(translate(instance_failure(exception, interrupted=interrupted), "call"), expected)


def test_only_the_watchdog_makes_a_wasm_timeout_not_the_words_of_an_error() -> None:
    error = translate(instance_failure(ScriptError("Error: interrupted", "Error")), "call")
    assert type(error) is RenderFailed
