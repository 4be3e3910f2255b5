"""The engine contract, held against every engine: the native QuickJS engine, the WebAssembly one
and (for what does not need an interpreter) the fake engine the adapter and pool tests use.

Every engine keeps the bundle it was made from and answers a call with a JSON object, ``ok`` or
a printer error's ``{code, message, details}``. The two interpreters also load a bundle's scripts
in order and publish modules and data under the names it gives; turn every limit into a typed
error and work again afterwards; and report a call that never settles. What only one engine
does stays in ``test_quickjs_engine.py`` and ``test_wasm_engine.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from engine.script_engines import ScriptEngine, bare_bundle, bundle_of, set_entry, works

from mermaid_printer.bundles.mermaid.bundle import MERMAID_JS_DIR
from mermaid_printer.engine import Bundle, Engine, EngineLimits, Script, engine_factory
from mermaid_printer.errors import ERROR_CODES, RenderFailed, RenderTimeout, ResourceLimit, error_from_dict
from mermaid_printer.resources import vendored_file

MakeEngine = Callable[[Bundle], ScriptEngine]

_REAL = pytest.mark.engine
#: Every engine by the name ``engine_factory`` knows it by.
_EVERY_ENGINE = [
    pytest.param("native", marks=_REAL),
    pytest.param("wasm", marks=_REAL),
    pytest.param("fake_engine:FakeEngine", id="fake"),
]
_INTERPRETERS = [pytest.param("native", marks=_REAL), pytest.param("wasm", marks=_REAL)]

GLUE = MERMAID_JS_DIR / "layout_tidy_tree.js"
TIDY_CHUNK = Script(
    vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"), kind="module", publish_as="__printerTidyTreeChunk"
)


# ---- every engine ----------------------------------------------------------------------------

# A render entry that answers as the fake engine does: an SVG naming the code's first line, and
# a syntax error for code that says SYNTAX.
_RENDER_LIKE_THE_FAKE = """
__printer.register("render", (payload) => {
  if (payload.code.includes("SYNTAX")) throw new Error("Parse error on line 1");
  const first = payload.code.split("\\n")[0];
  return {svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${first}</text></svg>`, diagram_type: "fake"};
}, (error) => ({code: "SYNTAX_ERROR", message: error.message, details: {line: 1, column: 1}}));
"""


@pytest.fixture(params=_EVERY_ENGINE)
def any_engine(request: pytest.FixtureRequest, tmp_path: Path) -> Engine:
    """Each engine, made by its factory, with a bundle whose ``render`` entry the fake knows."""
    return engine_factory(request.param)(bundle_of(tmp_path, _RENDER_LIKE_THE_FAKE, entries=("render",)))


def test_an_engine_keeps_the_bundle_it_was_made_from(any_engine: Engine) -> None:
    assert (any_engine.bundle.name, any_engine.bundle.entries) == ("test", ("render",))


def test_an_entry_answers_a_json_object_marked_ok(any_engine: Engine) -> None:
    result = any_engine.call("render", {"code": "graph TD\n  A --> B", "svgId": "x"})
    assert result["ok"] is True
    assert "graph TD" in result["svg"]
    assert json.loads(json.dumps(result)) == result


def test_an_entry_that_fails_answers_with_a_printer_errors_code_message_and_details(any_engine: Engine) -> None:
    result = any_engine.call("render", {"code": "SYNTAX here", "svgId": "x"})
    assert result["ok"] is False
    assert set(result) == {"ok", "error"}
    error = result["error"]
    assert (set(error), error["code"]) == ({"code", "message", "details"}, "SYNTAX_ERROR")
    assert error["code"] in ERROR_CODES
    assert error_from_dict(error).to_dict() == error


def test_a_failed_call_leaves_the_engine_answering(any_engine: Engine) -> None:
    assert any_engine.call("render", {"code": "SYNTAX", "svgId": "x"})["ok"] is False
    assert any_engine.call("render", {"code": "pie", "svgId": "x"})["ok"] is True


# ---- the interpreters: calls -------------------------------------------------------------------


@pytest.fixture(params=_INTERPRETERS)
def make_engine(request: pytest.FixtureRequest) -> MakeEngine:
    """The factory of each real engine."""
    factory: MakeEngine = engine_factory(request.param)  # type: ignore[assignment]
    return factory


@pytest.fixture
def bare_engine(make_engine: MakeEngine, tmp_path: Path) -> ScriptEngine:
    """An engine whose one entry, "run", runs whatever ``globalThis.body`` is set to."""
    bundle = bare_bundle(tmp_path)
    return make_engine(bundle)


def test_an_entry_answers_with_its_value_marked_ok(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "return {doubled: payload.n * 2, text: 'naïve ✓'};")
    assert bare_engine.call("run", {"n": 21}) == {"ok": True, "doubled": 42, "text": "naïve ✓"}


def test_an_entry_that_rejects_answers_with_a_render_failed_error(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "throw new TypeError('no such thing');")
    assert bare_engine.call("run", {}) == {
        "ok": False,
        "error": {"code": "RENDER_FAILED", "message": "no such thing", "details": {"exception": "TypeError"}},
    }


def test_a_bundle_describes_its_own_errors(make_engine: MakeEngine, tmp_path: Path) -> None:
    bundle = bundle_of(
        tmp_path,
        '__printer.register("run", () => { throw new Error("bad"); }, '
        '(error, payload) => ({code: "SYNTAX_ERROR", message: error.message, details: {line: payload.line}}));',
        entries=("run",),
    )
    result = make_engine(bundle).call("run", {"line": 3})
    assert result == {"ok": False, "error": {"code": "SYNTAX_ERROR", "message": "bad", "details": {"line": 3}}}


def test_an_unknown_entry_is_a_render_failed(bare_engine: ScriptEngine) -> None:
    with pytest.raises(RenderFailed, match=r"^nothing: Error: unknown entry point nothing$"):
        bare_engine.call("nothing", {})
    assert works(bare_engine)


def test_a_call_that_never_settles_is_reported(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "return new Promise(() => {});")
    with pytest.raises(RenderFailed, match=r"^run: the render never finished \(no pending work left\)$"):
        bare_engine.call("run", {})


def test_virtual_timers_run_until_the_entry_settles(make_engine: MakeEngine, tmp_path: Path) -> None:
    bundle = bundle_of(
        tmp_path,
        "let queue = []; __printer.setEnvironment({logs: ['ran'], runTimers() {"
        " const due = queue; queue = []; due.forEach((fn) => fn()); return due.length; }});"
        '__printer.register("run", () => new Promise((resolve) => queue.push(() => resolve({later: true}))));',
        entries=("run",),
    )
    engine = make_engine(bundle)
    assert engine.call("run", {}) == {"ok": True, "later": True}
    assert engine.logs() == ["ran"]


def test_the_loaded_scripts_expose_no_host_callables(bare_engine: ScriptEngine) -> None:
    # No Python callable is ever registered, so scripts cannot reach the host.
    assert bare_engine.eval(
        "typeof require + typeof process + typeof fetch + typeof XMLHttpRequest + typeof std + typeof os"
    ) == ("undefined" * 6)


# ---- the interpreters: limits, and working again after each -----------------------------------


def test_an_infinite_loop_becomes_render_timeout_and_the_next_call_works(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "for (;;) {}")
    with pytest.raises(RenderTimeout, match=r"^run: the render took longer than its time limit$") as caught:
        bare_engine.call("run", {}, EngineLimits(time_s=0.2))
    assert caught.value.details == {"limit": "time"}
    assert works(bare_engine)


def test_a_loop_inside_quickjs_own_code_is_stopped_too(bare_engine: ScriptEngine) -> None:
    # One call into C (a regular expression that backtracks catastrophically) never returns
    # to the interpreter's loop; the matcher checks the time limit too.
    set_entry(bare_engine, "return {m: /^(a+)+$/.test('a'.repeat(40) + 'b')};")
    with pytest.raises(RenderTimeout):
        bare_engine.call("run", {}, EngineLimits(time_s=0.2))
    assert works(bare_engine)


def test_a_call_within_its_time_limit_is_not_stopped(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "let n = 0; for (let i = 0; i < 1000; i++) n += i; return {n};")
    assert bare_engine.call("run", {}, EngineLimits(time_s=30)) == {"ok": True, "n": 499500}


def test_deep_recursion_becomes_resource_limit_and_the_next_call_works(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "return (function f(n) { return f(n + 1) + 1; })(0);")
    assert bare_engine.call("run", {})["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the diagram nests too deeply (stack limit)",
        "details": {"limit": "stack"},
    }
    assert works(bare_engine)


def test_runaway_recursion_becomes_resource_limit_whatever_the_bundle_would_say(
    make_engine: MakeEngine, tmp_path: Path
) -> None:
    # A bundle's own error description (here: everything is a syntax error) never hides the
    # interpreter's limits.
    bundle = bundle_of(
        tmp_path,
        '__printer.register("run", async () => (function f() { return f() + 1; })(), '
        '() => ({code: "SYNTAX_ERROR", message: "no", details: {}}));',
        entries=("run",),
    )
    assert make_engine(bundle).call("run", {})["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the diagram nests too deeply (stack limit)",
        "details": {"limit": "stack"},
    }


def test_a_limit_hit_outside_any_entry_raises_resource_limit(bare_engine: ScriptEngine) -> None:
    with pytest.raises(ResourceLimit, match=r"^eval: the diagram nests too deeply \(stack limit\)$") as caught:
        bare_engine.eval("(function f() { return f() + 1; })()")
    assert caught.value.details == {"limit": "stack"}
    assert works(bare_engine)


def test_growing_memory_becomes_resource_limit_and_the_next_call_works(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "const keep = []; for (;;) keep.push(new Array(100000).fill(1));")
    result = bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert result["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the render ran out of memory",
        "details": {"limit": "memory"},
    }
    assert works(bare_engine)


def test_a_2_gb_allocation_becomes_resource_limit_and_the_next_call_works(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "return {length: new Uint8Array(2 ** 31 - 1).length};")
    result = bare_engine.call("run", {})
    assert (result["error"]["code"], result["error"]["details"]) == ("RESOURCE_LIMIT", {"limit": "memory"})
    assert works(bare_engine)


def test_a_string_larger_than_the_memory_limit_becomes_resource_limit_and_the_next_call_works(
    bare_engine: ScriptEngine,
) -> None:
    set_entry(bare_engine, "return {length: 'x'.repeat(100 * 2 ** 20).length};")
    result = bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert (result["error"]["code"], result["error"]["details"]) == ("RESOURCE_LIMIT", {"limit": "memory"})
    assert works(bare_engine)


def test_a_string_longer_than_javascript_allows_is_the_language_error_and_the_next_call_works(
    bare_engine: ScriptEngine,
) -> None:
    # QuickJS caps a string at 2**30 - 1 characters, whatever the memory: a RangeError.
    set_entry(bare_engine, "return {length: 'x'.repeat(2 ** 30).length};")
    assert bare_engine.call("run", {})["error"] == {
        "code": "RENDER_FAILED",
        "message": "invalid string length",
        "details": {"exception": "RangeError"},
    }
    assert works(bare_engine)


def test_a_limit_given_to_one_call_does_not_stay(bare_engine: ScriptEngine) -> None:
    set_entry(bare_engine, "return {length: new ArrayBuffer(100 * 2 ** 20).byteLength};")
    assert bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))["ok"] is False
    assert bare_engine.call("run", {}) == {"ok": True, "length": 100 * 2**20}


# ---- the interpreters: loading a bundle ----------------------------------------------------------


def test_a_bundle_that_does_not_register_its_entries_is_refused(make_engine: MakeEngine, tmp_path: Path) -> None:
    with pytest.raises(RenderFailed, match=r"^bundle test did not register its entries: render$") as caught:
        make_engine(bundle_of(tmp_path, "globalThis.x = 1;", entries=("render",)))
    assert caught.value.details == {"reason": "entries_missing"}


def test_a_script_with_a_syntax_error_stops_the_engine_loading(make_engine: MakeEngine, tmp_path: Path) -> None:
    with pytest.raises(RenderFailed, match=r"^loading script0\.js: SyntaxError"):
        make_engine(bundle_of(tmp_path, "this is not javascript"))


def test_a_module_is_published_under_the_name_the_bundle_gives(make_engine: MakeEngine, tmp_path: Path) -> None:
    (tmp_path / "answer.mjs").write_text("export const answer = 42;")
    (tmp_path / "read.js").write_text("globalThis.seen = globalThis.answers.answer;")
    bundle = Bundle(
        "test",
        "0",
        (Script(tmp_path / "answer.mjs", kind="module", publish_as="answers"), Script(tmp_path / "read.js")),
        (),
    )
    assert make_engine(bundle).eval("globalThis.seen") == 42


def test_a_module_that_throws_while_it_runs_stops_the_engine_loading(make_engine: MakeEngine, tmp_path: Path) -> None:
    (tmp_path / "broken.mjs").write_text('throw new TypeError("no mermaid here");')
    bundle = Bundle("test", "0", (Script(tmp_path / "broken.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match=re.escape("loading broken.mjs: TypeError: no mermaid here")) as caught:
        make_engine(bundle)
    assert caught.value.details == {"exception": "TypeError"}


def test_a_module_still_waiting_once_no_job_is_left_stops_the_engine_loading(
    make_engine: MakeEngine, tmp_path: Path
) -> None:
    (tmp_path / "stuck.mjs").write_text("await new Promise(() => {});")
    bundle = Bundle("test", "0", (Script(tmp_path / "stuck.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match=r"^loading stuck\.mjs: the module never finished evaluating$"):
        make_engine(bundle)


def test_a_data_script_is_assigned_to_its_global(make_engine: MakeEngine, tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text('{"widths": [1, 2.5, "x"]}')
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    assert make_engine(bundle).eval("JSON.stringify(TABLE.widths)") == '[1,2.5,"x"]'


def test_a_data_script_is_read_as_json_so_a_proto_key_is_plain_data(make_engine: MakeEngine, tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text('{"__proto__": {"polluted": true}, "n": 1}')
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    engine = make_engine(bundle)
    assert engine.eval("Object.hasOwn(TABLE, '__proto__') && TABLE.polluted === undefined && TABLE.n === 1") is True


def test_a_data_script_that_is_not_json_does_not_load(make_engine: MakeEngine, tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text("{widths: [1, 2]}")
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    with pytest.raises(RenderFailed, match=r"^loading table\.json: SyntaxError"):
        make_engine(bundle)


def test_the_tidy_tree_glue_registers_the_vendored_layout_under_mermaids_name(
    make_engine: MakeEngine, tmp_path: Path
) -> None:
    (tmp_path / "mermaid_stub.js").write_text(
        "globalThis.mermaid = { registerLayoutLoaders(layouts) { globalThis.registered = layouts; } };"
    )
    bundle = Bundle("test", "0", (Script(tmp_path / "mermaid_stub.js"), TIDY_CHUNK, Script(GLUE)), ())
    engine = make_engine(bundle)
    assert (
        engine.eval("JSON.stringify(registered.map(l => [l.name, l.algorithm, typeof l.loader]))")
        == '[["tidy-tree","tidy-tree","function"]]'
    )


def test_the_tidy_tree_glue_refuses_to_load_without_the_layout_chunk(make_engine: MakeEngine) -> None:
    with pytest.raises(
        RenderFailed, match=re.escape("loading layout_tidy_tree.js: Error: the tidy-tree chunk exports no render")
    ):
        make_engine(Bundle("test", "0", (Script(GLUE),), ()))


# ---- bundles, before any engine ----------------------------------------------------------------


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
