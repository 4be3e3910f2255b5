"""What only the WebAssembly engine does (the engine contract both engines keep is
``test_engine_contract.py``): it keeps its instance through every limit QuickJS itself enforces
and starts a new one after a trap, tells its time limit from an error's words, reaches nothing
outside its instance, and computes Math as the native engine does."""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
from pathlib import Path

import pytest
import wasmtime
from engine.script_engines import bare_bundle, set_entry, works

from mermaid_printer.engine import ENGINES, Bundle, EngineLimits, Script, engine_factory
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.engine.wasm.host_math import HOST_MATH_MODULE, ONE_ARGUMENT, TWO_ARGUMENTS
from mermaid_printer.engine.wasm.module import WASM_PATH
from mermaid_printer.errors import RenderFailed, RenderTimeout, ResourceLimit
from mermaid_printer.resources import vendor_manifest

pytestmark = pytest.mark.engine


@pytest.fixture
def bare_engine(tmp_path: Path) -> WasmEngine:
    """An engine whose one entry, "run", runs whatever ``globalThis.body`` is set to."""
    bundle = bare_bundle(tmp_path)
    return WasmEngine(bundle)


# ---- the engine protocol ---------------------------------------------------------------------


def test_the_wasm_engine_is_registered_by_name() -> None:
    assert engine_factory("wasm") is WasmEngine
    assert "wasm" in ENGINES


# ---- limits, and working again after each ----------------------------------------------------


def test_the_time_limit_ends_a_call_without_losing_the_instance(bare_engine: WasmEngine) -> None:
    set_entry(bare_engine, "if (payload.spin) for (;;) {} return {n: 1};")
    assert bare_engine.call("run", {}, EngineLimits(time_s=30)) == {"ok": True, "n": 1}
    with pytest.raises(RenderTimeout):
        bare_engine.call("run", {"spin": True}, EngineLimits(time_s=0.2))
    # QuickJS's "interrupted" error ended the call: the instance goes on.
    assert works(bare_engine)
    assert bare_engine.restarts == 0


def test_a_script_that_throws_the_words_of_a_timeout_is_not_a_timeout(bare_engine: WasmEngine) -> None:
    # Only the watchdog makes a timeout, not an error message that happens to say "interrupted".
    with pytest.raises(RenderFailed) as caught:
        bare_engine.eval("throw new Error('interrupted')")
    assert not isinstance(caught.value, RenderTimeout)


def test_quickjs_own_stack_check_ends_a_deep_recursion_without_losing_the_instance(bare_engine: WasmEngine) -> None:
    set_entry(bare_engine, "return (function f(n) { return f(n + 1) + 1; })(0);")
    assert bare_engine.call("run", {})["error"]["details"] == {"limit": "stack"}
    assert bare_engine.restarts == 0
    assert works(bare_engine)


def test_recursion_through_c_functions_that_exhausts_the_machine_stack_is_resource_limit_too(
    bare_engine: WasmEngine,
) -> None:
    # JSON.stringify calling toJSON calling JSON.stringify...: each level is mostly C frames,
    # which use wasmtime's machine stack more than QuickJS's shadow stack; that trap ends the
    # call (and the instance) with the same error, and the engine starts a new instance.
    set_entry(bare_engine, "const o = {toJSON() { return {a: this}; }}; return {s: JSON.stringify(o)};")
    with pytest.raises(ResourceLimit) as caught:
        bare_engine.call("run", {})
    assert caught.value.details == {"limit": "stack"}
    assert works(bare_engine)
    assert bare_engine.restarts == 1


def test_the_store_caps_linear_memory_near_the_interpreter_limit(bare_engine: WasmEngine) -> None:
    set_entry(bare_engine, "const keep = []; for (;;) keep.push('z'.repeat(1 << 20) + keep.length);")
    bare_engine.call("run", {}, EngineLimits(memory_bytes=64 * 2**20))
    assert bare_engine.memory_size < (64 + 64 + 16) * 2**20


def _threads() -> int:
    """Threads of this process, the runtime's native ones included."""
    return len(os.listdir("/proc/self/task"))


def test_the_engine_leaves_no_thread_behind_and_works_in_a_forked_child(bare_engine: WasmEngine) -> None:
    # The renderer pool forks the process that loaded the engine: it must hold no thread then
    # (the time limit's watchdog lives only during a call), and the child's engine must work,
    # limits included.
    threads_before = _threads()
    set_entry(bare_engine, "if (payload.spin) for (;;) {} return {pid: 1};")
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
