"""The engine seam: a bundle's scripts load in order, limits become typed errors and the engine
still works after each one; ES modules and data are published under the names a bundle gives."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from mermaid_printer.bundles.mermaid.bundle import MERMAID_JS_DIR
from mermaid_printer.engine import Bundle, EngineLimits, Script
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit
from mermaid_printer.resources import vendored_file

GLUE = MERMAID_JS_DIR / "layout_tidy_tree.js"
TIDY_CHUNK = Script(
    vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"), kind="module", publish_as="__printerTidyTreeChunk"
)


def bundle_of(tmp_path: Path, *sources: str, entries: tuple[str, ...] = ()) -> Bundle:
    """A bundle of classic scripts with the given sources."""
    scripts = []
    for index, source in enumerate(sources):
        path = tmp_path / f"script{index}.js"
        path.write_text(source)
        scripts.append(Script(path))
    return Bundle(name="test", version="0", scripts=tuple(scripts), entries=entries)


@pytest.fixture
def bare_engine(tmp_path: Path) -> QuickJSEngine:
    """An engine whose one entry, "run", runs whatever ``globalThis.body`` is set to."""
    bundle = bundle_of(tmp_path, '__printer.register("run", (payload) => globalThis.body(payload));', entries=("run",))
    return QuickJSEngine(bundle)


def _entry(engine: QuickJSEngine, body: str) -> None:
    engine.eval(f"globalThis.body = function (payload) {{ {body} }};")


def test_an_entry_answers_with_its_value_marked_ok(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "return {doubled: payload.n * 2};")
    assert bare_engine.call("run", {"n": 21}) == {"ok": True, "doubled": 42}


def test_an_entry_that_rejects_answers_with_a_render_failed_error(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "throw new TypeError('no such thing');")
    assert bare_engine.call("run", {}) == {
        "ok": False,
        "error": {"code": "RENDER_FAILED", "message": "no such thing", "details": {"exception": "TypeError"}},
    }


def test_a_bundle_describes_its_own_errors(tmp_path: Path) -> None:
    bundle = bundle_of(
        tmp_path,
        '__printer.register("run", () => { throw new Error("bad"); }, '
        '(error, payload) => ({code: "SYNTAX_ERROR", message: error.message, details: {line: payload.line}}));',
        entries=("run",),
    )
    result = QuickJSEngine(bundle).call("run", {"line": 3})
    assert result == {"ok": False, "error": {"code": "SYNTAX_ERROR", "message": "bad", "details": {"line": 3}}}


def test_an_unknown_entry_is_a_render_failed(bare_engine: QuickJSEngine) -> None:
    with pytest.raises(RenderFailed, match="unknown entry point nothing"):
        bare_engine.call("nothing", {})


def test_a_bundle_that_does_not_register_its_entries_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RenderFailed, match="did not register its entries: render") as caught:
        QuickJSEngine(bundle_of(tmp_path, "globalThis.x = 1;", entries=("render",)))
    assert caught.value.details == {"reason": "entries_missing"}


def test_memory_limit_becomes_resource_limit_and_engine_recovers(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "const keep = []; for (;;) keep.push(new Array(100000).fill(1));")
    result = bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert result["error"]["code"] == "RESOURCE_LIMIT"
    assert result["error"]["details"] == {"limit": "memory"}
    assert bare_engine.eval("1 + 1") == 2


def test_time_limit_becomes_render_timeout_and_engine_recovers(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "for (;;) {}")
    with pytest.raises(RenderTimeout):
        bare_engine.call("run", {}, EngineLimits(time_s=0.2))
    assert bare_engine.eval("2 + 2") == 4


def test_runaway_recursion_becomes_resource_limit_whatever_the_bundle_would_say(tmp_path: Path) -> None:
    # A bundle's own error description (here: everything is a syntax error) never hides the
    # interpreter's limits.
    bundle = bundle_of(
        tmp_path,
        '__printer.register("run", async () => (function f() { return f() + 1; })(), '
        '() => ({code: "SYNTAX_ERROR", message: "no", details: {}}));',
        entries=("run",),
    )
    result = QuickJSEngine(bundle).call("run", {})
    assert result["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the diagram nests too deeply (stack limit)",
        "details": {"limit": "stack"},
    }


def test_a_limit_hit_outside_any_entry_raises_resource_limit(bare_engine: QuickJSEngine) -> None:
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.eval("(function f() { return f() + 1; })()")
    assert caught.value.details == {"limit": "stack"}


def test_a_call_that_never_settles_is_reported(bare_engine: QuickJSEngine) -> None:
    _entry(bare_engine, "return new Promise(() => {});")
    with pytest.raises(RenderFailed, match="never finished"):
        bare_engine.call("run", {})


def test_the_loaded_scripts_expose_no_host_callables(bare_engine: QuickJSEngine) -> None:
    # No Python callable is ever registered, so scripts cannot reach the host.
    assert bare_engine.eval("typeof require + typeof process + typeof fetch + typeof XMLHttpRequest") == (
        "undefined" * 4
    )


def test_a_module_is_published_under_the_name_the_bundle_gives(tmp_path: Path) -> None:
    (tmp_path / "answer.mjs").write_text("export const answer = 42;")
    (tmp_path / "read.js").write_text("globalThis.seen = globalThis.answers.answer;")
    bundle = Bundle(
        "test",
        "0",
        (Script(tmp_path / "answer.mjs", kind="module", publish_as="answers"), Script(tmp_path / "read.js")),
        (),
    )
    assert QuickJSEngine(bundle).eval("globalThis.seen") == 42


def test_only_the_first_module_of_a_bundle_can_be_published(tmp_path: Path) -> None:
    # The binding resolves every import to the first module evaluated: publishing a later one
    # would publish the wrong module, so the engine refuses.
    (tmp_path / "first.mjs").write_text("export const which = 1;")
    (tmp_path / "second.mjs").write_text("export const which = 2;")
    scripts = (
        Script(tmp_path / "first.mjs", kind="module"),
        Script(tmp_path / "second.mjs", kind="module", publish_as="second"),
    )
    with pytest.raises(RenderFailed, match="only the first ES module") as caught:
        QuickJSEngine(Bundle("test", "0", scripts, ()))
    assert caught.value.details == {"reason": "module_not_first"}


def test_a_data_script_is_assigned_to_its_global(tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text('{"widths": [1, 2.5, "x"]}')
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    assert QuickJSEngine(bundle).eval("JSON.stringify(TABLE.widths)") == '[1,2.5,"x"]'


# A cycle only the cycle collector can free, watched through a WeakRef; and a way to grow the
# heap by whole MiB that stay alive.
_CYCLE = """
globalThis.cycle = (() => { const a = {}; a.self = a; return new WeakRef(a); })();
globalThis.kept = [];
globalThis.grow = (mib) => { for (let i = 0; i < mib; i++) kept.push(new ArrayBuffer(2 ** 20)); };
"""


def test_a_deferred_collection_waits_until_the_heap_has_grown_by_the_headroom(bare_engine: QuickJSEngine) -> None:
    bare_engine.defer_garbage_collection(headroom_bytes=64 * 2**20)
    bare_engine.eval(_CYCLE)
    bare_engine.eval("grow(32)")
    assert bare_engine.eval("cycle.deref() !== undefined") is True
    bare_engine.eval("grow(48)")
    assert bare_engine.eval("cycle.deref() === undefined") is True


def test_without_deferring_the_same_growth_collects_garbage(bare_engine: QuickJSEngine) -> None:
    bare_engine.eval(_CYCLE)
    bare_engine.eval("grow(32)")
    assert bare_engine.eval("cycle.deref() === undefined") is True


def test_a_data_script_is_read_as_json_so_a_proto_key_is_plain_data(tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text('{"__proto__": {"polluted": true}, "n": 1}')
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    engine = QuickJSEngine(bundle)
    assert engine.eval("Object.hasOwn(TABLE, '__proto__') && TABLE.polluted === undefined && TABLE.n === 1") is True


def test_a_data_script_that_is_not_json_does_not_load(tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text("{widths: [1, 2]}")
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    with pytest.raises(RenderFailed, match=r"loading table\.json: SyntaxError"):
        QuickJSEngine(bundle)


def test_a_module_that_throws_while_it_runs_stops_the_engine_loading(tmp_path: Path) -> None:
    # The binding reports that only by rejecting the module's promise, never by raising.
    (tmp_path / "broken.mjs").write_text('throw new TypeError("no mermaid here");')
    bundle = Bundle("test", "0", (Script(tmp_path / "broken.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match=re.escape("loading broken.mjs: TypeError: no mermaid here")) as caught:
        QuickJSEngine(bundle)
    assert caught.value.details == {"exception": "TypeError"}


def test_the_tidy_tree_glue_registers_the_vendored_layout_under_mermaids_name(tmp_path: Path) -> None:
    (tmp_path / "mermaid_stub.js").write_text(
        "globalThis.mermaid = { registerLayoutLoaders(layouts) { globalThis.registered = layouts; } };"
    )
    bundle = Bundle("test", "0", (Script(tmp_path / "mermaid_stub.js"), TIDY_CHUNK, Script(GLUE)), ())
    engine = QuickJSEngine(bundle)
    assert (
        engine.eval("JSON.stringify(registered.map(l => [l.name, l.algorithm, typeof l.loader]))")
        == '[["tidy-tree","tidy-tree","function"]]'
    )


def test_the_tidy_tree_glue_refuses_to_load_without_the_layout_chunk() -> None:
    with pytest.raises(
        RenderFailed, match=re.escape("loading layout_tidy_tree.js: Error: the tidy-tree chunk exports no render")
    ):
        QuickJSEngine(Bundle("test", "0", (Script(GLUE),), ()))


@pytest.mark.parametrize(
    ("script", "message"),
    [
        (lambda p: Script(p, kind="data"), "needs publish_as"),
        (lambda p: Script(p, publish_as="x"), "cannot be published"),
        (lambda p: Script(p, kind="module", publish_as="not an identifier"), "JavaScript identifier"),
    ],
)
def test_a_script_that_cannot_be_loaded_as_described_is_refused_when_described(
    script: Callable[[Path], Script], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        script(Path("x.js"))
