"""The WebAssembly engine keeps the engine seam's promises (as tests/engine/test_quickjs_engine.py
checks them for the native engine), reaches nothing outside its instance, turns every limit into
a typed error and works again afterwards, and draws the same SVG as the native engine."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
from pathlib import Path

import pytest
import wasmtime

from mermaid_printer.bundles.mermaid.bundle import MERMAID_JS_DIR
from mermaid_printer.engine import ENGINES, Bundle, EngineLimits, Script, engine_factory
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.engine.wasm.host_math import HOST_MATH_MODULE, ONE_ARGUMENT, TWO_ARGUMENTS
from mermaid_printer.engine.wasm.module import WASM_PATH
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit
from mermaid_printer.resources import vendor_manifest, vendored_file

pytestmark = pytest.mark.engine

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
def bare_engine(tmp_path: Path) -> WasmEngine:
    """An engine whose one entry, "run", runs whatever ``globalThis.body`` is set to."""
    bundle = bundle_of(tmp_path, '__printer.register("run", (payload) => globalThis.body(payload));', entries=("run",))
    return WasmEngine(bundle)


def _entry(engine: WasmEngine, body: str) -> None:
    engine.eval(f"globalThis.body = function (payload) {{ {body} }};")


def _works(engine: WasmEngine) -> bool:
    _entry(engine, "return {sum: payload.a + payload.b};")
    return engine.call("run", {"a": 2, "b": 3}) == {"ok": True, "sum": 5}


# ---- the engine protocol ---------------------------------------------------------------------


def test_the_wasm_engine_is_registered_by_name() -> None:
    assert engine_factory("wasm") is WasmEngine
    assert "wasm" in ENGINES


def test_an_entry_answers_with_its_value_marked_ok(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "return {doubled: payload.n * 2, text: 'naïve ✓'};")
    assert bare_engine.call("run", {"n": 21}) == {"ok": True, "doubled": 42, "text": "naïve ✓"}


def test_an_entry_that_rejects_answers_with_a_render_failed_error(bare_engine: WasmEngine) -> None:
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
    result = WasmEngine(bundle).call("run", {"line": 3})
    assert result == {"ok": False, "error": {"code": "SYNTAX_ERROR", "message": "bad", "details": {"line": 3}}}


def test_an_unknown_entry_is_a_render_failed(bare_engine: WasmEngine) -> None:
    with pytest.raises(RenderFailed, match="unknown entry point nothing") as caught:
        bare_engine.call("nothing", {})
    assert caught.value.details == {"exception": "Error"}


def test_a_bundle_that_does_not_register_its_entries_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RenderFailed, match="did not register its entries: render") as caught:
        WasmEngine(bundle_of(tmp_path, "globalThis.x = 1;", entries=("render",)))
    assert caught.value.details == {"reason": "entries_missing"}


def test_a_script_with_a_syntax_error_stops_the_engine_loading(tmp_path: Path) -> None:
    with pytest.raises(RenderFailed, match=r"loading script0\.js: SyntaxError"):
        WasmEngine(bundle_of(tmp_path, "this is not javascript"))


def test_a_call_that_never_settles_is_reported(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "return new Promise(() => {});")
    with pytest.raises(RenderFailed, match="never finished"):
        bare_engine.call("run", {})


def test_virtual_timers_run_until_the_entry_settles(tmp_path: Path) -> None:
    bundle = bundle_of(
        tmp_path,
        "let queue = []; __printer.setEnvironment({logs: ['ran'], runTimers() {"
        " const due = queue; queue = []; due.forEach((fn) => fn()); return due.length; }});"
        '__printer.register("run", () => new Promise((resolve) => queue.push(() => resolve({later: true}))));',
        entries=("run",),
    )
    engine = WasmEngine(bundle)
    assert engine.call("run", {}) == {"ok": True, "later": True}
    assert engine.logs() == ["ran"]


# ---- limits, and working again after each ----------------------------------------------------


def test_an_infinite_loop_becomes_render_timeout_and_the_next_call_works(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "for (;;) {}")
    with pytest.raises(RenderTimeout) as caught:
        bare_engine.call("run", {}, EngineLimits(time_s=0.2))
    assert caught.value.details == {"limit": "time"}
    # QuickJS's "interrupted" error ended the call: the instance goes on.
    assert _works(bare_engine)
    assert bare_engine.restarts == 0


def test_a_loop_inside_quickjs_own_code_is_stopped_too(bare_engine: WasmEngine) -> None:
    # One call into C (a regular expression that backtracks catastrophically) never returns
    # to the interpreter's loop; the matcher polls the interrupt flag too.
    _entry(bare_engine, "return {m: /^(a+)+$/.test('a'.repeat(40) + 'b')};")
    with pytest.raises(RenderTimeout):
        bare_engine.call("run", {}, EngineLimits(time_s=0.2))
    assert _works(bare_engine)


def test_a_script_that_throws_the_words_of_a_timeout_is_not_a_timeout(bare_engine: WasmEngine) -> None:
    # Only the watchdog makes a timeout, not an error message that happens to say "interrupted".
    with pytest.raises(RenderFailed) as caught:
        bare_engine.eval("throw new Error('interrupted')")
    assert not isinstance(caught.value, RenderTimeout)


def test_a_call_within_its_time_limit_is_not_stopped(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "let n = 0; for (let i = 0; i < 1000; i++) n += i; return {n};")
    assert bare_engine.call("run", {}, EngineLimits(time_s=30)) == {"ok": True, "n": 499500}
    assert bare_engine.restarts == 0


def test_deep_recursion_becomes_resource_limit_and_the_next_call_works(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "return (function f(n) { return f(n + 1) + 1; })(0);")
    result = bare_engine.call("run", {})
    assert result["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the diagram nests too deeply (stack limit)",
        "details": {"limit": "stack"},
    }
    # QuickJS's own stack check fired (not a trap): the instance goes on.
    assert bare_engine.restarts == 0
    assert _works(bare_engine)


def test_recursion_through_c_functions_that_exhausts_the_machine_stack_is_resource_limit_too(
    bare_engine: WasmEngine,
) -> None:
    # JSON.stringify calling toJSON calling JSON.stringify...: each level is mostly C frames,
    # which use wasmtime's machine stack more than QuickJS's shadow stack; that trap ends the
    # call (and the instance) with the same error, and the engine starts a new instance.
    _entry(bare_engine, "const o = {toJSON() { return {a: this}; }}; return {s: JSON.stringify(o)};")
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.call("run", {})
    assert caught.value.details == {"limit": "stack"}
    assert _works(bare_engine)
    assert bare_engine.restarts == 1


def test_a_limit_hit_outside_any_entry_raises_resource_limit(bare_engine: WasmEngine) -> None:
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.eval("(function f() { return f() + 1; })()")
    assert caught.value.details == {"limit": "stack"}
    assert _works(bare_engine)


def test_runaway_recursion_becomes_resource_limit_whatever_the_bundle_would_say(tmp_path: Path) -> None:
    bundle = bundle_of(
        tmp_path,
        '__printer.register("run", async () => (function f() { return f() + 1; })(), '
        '() => ({code: "SYNTAX_ERROR", message: "no", details: {}}));',
        entries=("run",),
    )
    result = WasmEngine(bundle).call("run", {})
    assert result["error"]["code"] == "RESOURCE_LIMIT"
    assert result["error"]["details"] == {"limit": "stack"}


def test_a_2_gb_allocation_becomes_resource_limit_and_the_next_call_works(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "return {length: new Uint8Array(2 ** 31 - 1).length};")
    result = bare_engine.call("run", {})
    assert result["error"]["code"] == "RESOURCE_LIMIT"
    assert result["error"]["details"] == {"limit": "memory"}
    assert _works(bare_engine)


def test_growing_memory_becomes_resource_limit_and_the_next_call_works(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "const keep = []; for (;;) keep.push(new Array(100000).fill(1));")
    result = bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert result["error"]["code"] == "RESOURCE_LIMIT"
    assert result["error"]["details"] == {"limit": "memory"}
    assert _works(bare_engine)


def test_a_string_larger_than_the_memory_limit_becomes_resource_limit_and_the_next_call_works(
    bare_engine: WasmEngine,
) -> None:
    _entry(bare_engine, "return {length: 'x'.repeat(100 * 2 ** 20).length};")
    result = bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert result["error"]["code"] == "RESOURCE_LIMIT"
    assert result["error"]["details"] == {"limit": "memory"}
    assert _works(bare_engine)


def test_a_string_longer_than_javascript_allows_is_the_language_error_and_the_next_call_works(
    bare_engine: WasmEngine,
) -> None:
    # QuickJS caps a string at 2**30 - 1 characters, whatever the memory: a RangeError, as in
    # the native engine.
    _entry(bare_engine, "return {length: 'x'.repeat(2 ** 30).length};")
    assert bare_engine.call("run", {})["error"] == {
        "code": "RENDER_FAILED",
        "message": "invalid string length",
        "details": {"exception": "RangeError"},
    }
    assert _works(bare_engine)


def test_the_store_caps_linear_memory_near_the_interpreter_limit(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "const keep = []; for (;;) keep.push('z'.repeat(1 << 20) + keep.length);")
    bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert bare_engine.memory_size < (64 + 64 + 16) * 2**20


def test_a_limit_given_to_one_call_does_not_stay(bare_engine: WasmEngine) -> None:
    _entry(bare_engine, "return {length: new ArrayBuffer(100 * 2 ** 20).byteLength};")
    assert bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))["ok"] is False
    assert bare_engine.call("run", {}) == {"ok": True, "length": 100 * 2**20}


def _threads() -> int:
    """Threads of this process, the runtime's native ones included."""
    return len(os.listdir("/proc/self/task"))


def test_the_engine_leaves_no_thread_behind_and_works_in_a_forked_child(bare_engine: WasmEngine) -> None:
    # The renderer pool forks the process that loaded the engine: it must hold no thread then
    # (the time limit's watchdog lives only during a call), and the child's engine must work,
    # limits included.
    threads_before = _threads()
    _entry(bare_engine, "if (payload.spin) for (;;) {} return {pid: 1};")
    assert bare_engine.call("run", {}, EngineLimits(time_s=5)) == {"ok": True, "pid": 1}
    assert _threads() == threads_before
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report, never return into pytest
        try:
            answer = bare_engine.call("run", {}, EngineLimits(time_s=5))
            try:
                bare_engine.call("run", {"spin": True}, EngineLimits(time_s=0.1))
                timed_out = False
            except RenderTimeout:
                timed_out = True
            os.write(write_end, json.dumps([answer, timed_out]).encode())
        finally:
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        report = json.loads(pipe.read() or b"null")
    os.waitpid(pid, 0)
    assert report == [{"ok": True, "pid": 1}, True]


# ---- what the scripts can reach -------------------------------------------------------------


def test_the_loaded_scripts_expose_no_host_callables(bare_engine: WasmEngine) -> None:
    assert bare_engine.eval(
        "typeof require + typeof process + typeof fetch + typeof XMLHttpRequest + typeof std + typeof os"
    ) == ("undefined" * 6)


def test_the_module_clock_reads_zero(bare_engine: WasmEngine) -> None:
    # The host answers WASI's clock with 0: no real time reaches the scripts.
    assert bare_engine.eval("Date.now()") == 0


def test_the_module_imports_only_what_the_host_answers_without_touching_the_system() -> None:
    module = wasmtime.Module(wasmtime.Engine(), WASM_PATH.read_bytes())
    imports = {(item.module, item.name) for item in module.imports}
    wasi = {
        ("wasi_snapshot_preview1", name)
        for name in ("fd_write", "fd_close", "fd_seek", "fd_fdstat_get", "clock_time_get")
    }
    math = {(HOST_MATH_MODULE, name) for name in (*ONE_ARGUMENT, *TWO_ARGUMENTS)}
    assert imports == wasi | math


def test_math_gives_the_native_engines_numbers_to_the_last_bit(bare_engine: WasmEngine) -> None:
    # wasi-libc's own functions differ from the host C library's in the last bit for many of
    # these arguments (cbrt for half of them); the engine routes them to the host's.
    functions = [*ONE_ARGUMENT, *TWO_ARGUMENTS]
    script = (
        "(() => { const out = []; for (let i = 1; i < 400; i++) { const x = (i * 0.7377) % 3 - 0.4;"
        f" for (const f of {json.dumps(functions)}) out.push(Math[f](x, 1.5 + x)); }}"
        " return out.map((v) => String(v)); })()"
    )
    native = QuickJSEngine(bare_engine.bundle)
    assert bare_engine.eval(script) == json.loads(native.eval(f"JSON.stringify({script})"))


def test_no_module_can_be_imported_that_the_bundle_did_not_load(tmp_path: Path) -> None:
    (tmp_path / "reach.mjs").write_text('import * as fs from "fs"; globalThis.fs = fs;')
    bundle = Bundle("test", "0", (Script(tmp_path / "reach.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match="could not load module 'fs'"):
        WasmEngine(bundle)


# ---- modules and data ------------------------------------------------------------------------


def test_a_module_is_published_under_the_name_the_bundle_gives(tmp_path: Path) -> None:
    (tmp_path / "answer.mjs").write_text("export const answer = 42;")
    (tmp_path / "read.js").write_text("globalThis.seen = globalThis.answers.answer;")
    bundle = Bundle(
        "test",
        "0",
        (Script(tmp_path / "answer.mjs", kind="module", publish_as="answers"), Script(tmp_path / "read.js")),
        (),
    )
    assert WasmEngine(bundle).eval("globalThis.seen") == 42


def test_any_module_of_a_bundle_can_be_published(tmp_path: Path) -> None:
    # Unlike the native binding, modules have names here, so publishing a later one is exact.
    (tmp_path / "first.mjs").write_text("export const which = 1;")
    (tmp_path / "second.mjs").write_text("export const which = 2;")
    scripts = (
        Script(tmp_path / "first.mjs", kind="module", publish_as="first"),
        Script(tmp_path / "second.mjs", kind="module", publish_as="second"),
    )
    assert WasmEngine(Bundle("test", "0", scripts, ())).eval("[first.which, second.which]") == [1, 2]


def test_a_module_imports_an_earlier_module_by_its_file_name(tmp_path: Path) -> None:
    (tmp_path / "base.mjs").write_text("export const base = 40;")
    (tmp_path / "top.mjs").write_text('import { base } from "base.mjs"; export const top = base + 2;')
    scripts = (
        Script(tmp_path / "base.mjs", kind="module"),
        Script(tmp_path / "top.mjs", kind="module", publish_as="t"),
    )
    assert WasmEngine(Bundle("test", "0", scripts, ())).eval("t.top") == 42


def test_a_data_script_is_assigned_to_its_global(tmp_path: Path) -> None:
    (tmp_path / "table.json").write_text('{"widths": [1, 2.5, "x"]}')
    bundle = Bundle("test", "0", (Script(tmp_path / "table.json", kind="data", publish_as="TABLE"),), ())
    assert WasmEngine(bundle).eval("JSON.stringify(TABLE.widths)") == '[1,2.5,"x"]'


def test_a_module_that_throws_while_it_runs_stops_the_engine_loading(tmp_path: Path) -> None:
    (tmp_path / "broken.mjs").write_text('throw new TypeError("no mermaid here");')
    bundle = Bundle("test", "0", (Script(tmp_path / "broken.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match=r"loading broken\.mjs: TypeError: no mermaid here") as caught:
        WasmEngine(bundle)
    assert caught.value.details == {"exception": "TypeError"}


def test_a_module_still_waiting_once_no_job_is_left_stops_the_engine_loading(tmp_path: Path) -> None:
    (tmp_path / "stuck.mjs").write_text("await new Promise(() => {});")
    bundle = Bundle("test", "0", (Script(tmp_path / "stuck.mjs", kind="module"),), ())
    with pytest.raises(RenderFailed, match=r"loading stuck\.mjs: the module never finished evaluating"):
        WasmEngine(bundle)


def test_the_tidy_tree_glue_registers_the_vendored_layout_under_mermaids_name(tmp_path: Path) -> None:
    (tmp_path / "mermaid_stub.js").write_text(
        "globalThis.mermaid = { registerLayoutLoaders(layouts) { globalThis.registered = layouts; } };"
    )
    bundle = Bundle("test", "0", (Script(tmp_path / "mermaid_stub.js"), TIDY_CHUNK, Script(GLUE)), ())
    engine = WasmEngine(bundle)
    assert engine.eval("registered.map(l => [l.name, l.algorithm, typeof l.loader])") == [
        ["tidy-tree", "tidy-tree", "function"]
    ]


def test_the_tidy_tree_glue_refuses_to_load_without_the_layout_chunk() -> None:
    with pytest.raises(
        RenderFailed, match=r"loading layout_tidy_tree\.js: Error: the tidy-tree chunk exports no render"
    ):
        WasmEngine(Bundle("test", "0", (Script(GLUE),), ()))


# ---- provenance --------------------------------------------------------------------------------


def test_the_module_is_built_from_the_quickjs_release_the_native_engine_runs() -> None:
    vendored = {e["version"] for e in vendor_manifest()["files"] if e["package"] == "quickjs-ng"}
    assert vendored == {importlib.metadata.version("quickjs-ng")}


def test_the_built_module_is_the_one_its_build_record_describes_from_the_current_sources() -> None:
    # Fails after an edit to host.c or the vendored sources until the module is built again
    # (pip install -e . or python hatch_build.py).
    spec = importlib.util.spec_from_file_location("hatch_build", Path(__file__).parents[2] / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    hatch_build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hatch_build)
    record = json.loads(WASM_PATH.with_name(WASM_PATH.name + ".json").read_text())
    assert hashlib.sha256(WASM_PATH.read_bytes()).hexdigest() == record["wasm_sha256"]
    assert record["zig"] == hatch_build.ZIG_VERSION
    assert record["inputs_sha256"] == hatch_build._inputs_digest(hatch_build.ROOT, record["zig"])
