"""The engine seam: limits become typed errors and the engine still works after each one; ES
modules load in order or stop the engine loading."""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit
from mermaid_printer.resources import js_dir, vendored_file

GLUE = js_dir() / "layout_tidy_tree.mjs"


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


def test_a_later_module_imports_the_first_module_evaluated_as_input(tmp_path: Path) -> None:
    # The binding installs no module loader and names every module "<input>"; the tidy-tree glue
    # module relies on this to import the vendored layout chunk.
    (tmp_path / "first.mjs").write_text("export const answer = 42;")
    (tmp_path / "second.mjs").write_text('import { answer } from "<input>"; globalThis.seen = answer;')
    engine = QuickJSEngine(scripts=[tmp_path / "first.mjs", tmp_path / "second.mjs"])
    assert engine.eval("globalThis.seen") == 42


def test_a_module_that_throws_while_it_runs_stops_the_engine_loading(tmp_path: Path) -> None:
    # The binding reports that only by rejecting the module's promise, never by raising.
    (tmp_path / "broken.mjs").write_text('throw new TypeError("no mermaid here");')
    with pytest.raises(RenderFailed, match="loading broken.mjs: TypeError: no mermaid here") as caught:
        QuickJSEngine(scripts=[tmp_path / "broken.mjs"])
    assert caught.value.details == {"exception": "TypeError"}


def test_the_tidy_tree_glue_registers_the_vendored_layout_under_mermaids_name(tmp_path: Path) -> None:
    (tmp_path / "mermaid_stub.js").write_text(
        "globalThis.mermaid = { registerLayoutLoaders(layouts) { globalThis.registered = layouts; } };"
    )
    scripts = [tmp_path / "mermaid_stub.js", vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"), GLUE]
    engine = QuickJSEngine(scripts=scripts)
    assert engine.eval(
        "JSON.stringify(registered.map(l => [l.name, l.algorithm, typeof l.loader]))"
    ) == '[["tidy-tree","tidy-tree","function"]]'


def test_the_tidy_tree_glue_refuses_to_load_unless_the_layout_chunk_came_first() -> None:
    with pytest.raises(RenderFailed, match="loading layout_tidy_tree.mjs: SyntaxError: .*'render'"):
        QuickJSEngine(scripts=[GLUE])
