"""The engine seam: limits become typed errors, and the engine still works after each one."""

from __future__ import annotations

import pytest

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit


@pytest.fixture
def bare_engine() -> QuickJSEngine:
    """An interpreter with only a stand-in ``__printer`` (no Mermaid), for limit tests."""
    engine = QuickJSEngine(scripts=[])
    engine.eval("globalThis.__printer = {start() {}, poll() { return '' }, runTimers() { return 0 }}")
    return engine


def _entry(engine: QuickJSEngine, body: str) -> None:
    engine.eval(f"globalThis.__printer.start = function () {{ {body} }};")


def test_memory_limit_becomes_resource_limit_and_engine_recovers(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "const keep = []; for (;;) keep.push(new Array(100000).fill(1));")
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.call("render", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert caught.value.details == {"limit": "memory"}
    assert bare_engine.eval("1 + 1") == 2


def test_time_limit_becomes_render_timeout_and_engine_recovers(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "for (;;) {}")
    with pytest.raises(RenderTimeout):
        bare_engine.call("render", {}, EngineLimits(time_s=0.2))
    assert bare_engine.eval("2 + 2") == 4


def test_runaway_recursion_becomes_resource_limit(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "return (function f() { return f() + 1; })();")
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.call("render", {})
    assert caught.value.details == {"limit": "stack"}


def test_a_render_that_never_settles_is_reported(bare_engine: QuickJSEngine) -> None:
    with pytest.raises(RenderFailed, match="never finished"):
        bare_engine.call("render", {})


def test_the_loaded_scripts_expose_no_host_callables() -> None:
    # No Python callable is ever registered, so scripts cannot reach the host.
    engine = QuickJSEngine(scripts=[])
    assert engine.eval("typeof require + typeof process + typeof fetch + typeof XMLHttpRequest") == (
        "undefined" * 4
    )
