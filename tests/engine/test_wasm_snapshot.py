"""The wasm engine's warm snapshot: built once (and said so), restored after, keyed by all it
depends on, kept only in a private directory, and never used when it is not whole: a damaged
file is built again. Tested with a small bundle whose warm-up leaves a mark in its state."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from mermaid_printer.engine import Bundle, EngineLimits, Script, WarmUpCall, engine_factory
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.engine.wasm.module import WASM_PATH, cache_path, compiled_quickjs
from mermaid_printer.engine.wasm.snapshot import snapshot_key, snapshot_path
from mermaid_printer.errors import RenderTimeout, ResourceLimit
from mermaid_printer.files import write_atomically

pytestmark = pytest.mark.engine

SOURCE = """
globalThis.warmed = 0;
__printer.register("warm", () => ({warmed: ++globalThis.warmed}));
__printer.register("run", (payload) =>
  globalThis.body ? globalThis.body(payload) : {warmed: globalThis.warmed, echo: payload.echo});
"""
BUILDING = "building the warm snapshot"


def small_bundle(directory: Path, source: str = SOURCE, warm_up: str = "{}") -> Bundle:
    path = directory / "small.js"
    path.write_text(source)
    return Bundle("small", "1", (Script(path),), ("warm", "run"), (WarmUpCall("warm", warm_up),))


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache directory of this test's own, holding quickjs.wasm's compiled code already (so
    processes started here do not compile it again)."""
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    cache_path().parent.mkdir(mode=0o700, parents=True)
    write_atomically(cache_path(), compiled_quickjs())
    return cache_path().parent


@pytest.fixture
def bundle(tmp_path: Path) -> Bundle:
    return small_bundle(tmp_path)


def _path(bundle: Bundle, limits: EngineLimits | None = None) -> Path:
    path = snapshot_path(bundle, snapshot_key(bundle, limits or EngineLimits()))
    assert path is not None
    return path


def _builds(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if BUILDING in record.getMessage()]


def _logged(caplog: pytest.LogCaptureFixture) -> str:
    return "\n".join(record.getMessage() for record in caplog.records)


def test_the_first_engine_builds_the_snapshot_and_says_so_and_later_ones_restore_it(
    cache_dir: Path, bundle: Bundle, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    first = WasmEngine.restored(bundle)
    path = _path(bundle)
    assert len(_builds(caplog)) == 1 and str(path) in _builds(caplog)[0]
    assert path.parent == cache_dir and oct(path.stat().st_mode & 0o777) == oct(0o600)
    inode = path.stat().st_ino
    second = WasmEngine.restored(bundle)
    assert len(_builds(caplog)) == 1
    assert path.stat().st_ino == inode
    # The warm-up ran once, before the snapshot: both engines hold its mark, neither ran it again.
    assert first.call("run", {"echo": 1}) == second.call("run", {"echo": 1}) == {"ok": True, "warmed": 1, "echo": 1}


def test_an_engine_restored_in_another_process_holds_the_warm_state(cache_dir: Path, bundle: Bundle) -> None:
    WasmEngine.restored(bundle)
    code = "from mermaid_printer.engine.wasm import WasmEngine\n"
    answer = _run_in_process(bundle, code + "print(json.dumps(WasmEngine.restored(bundle).call('run', {'echo': 'x'})))")
    assert json.loads(answer.stdout) == {"ok": True, "warmed": 1, "echo": "x"}
    assert BUILDING not in answer.stderr


def _start_process(bundle: Bundle, code: str) -> subprocess.Popen[str]:
    script = (
        textwrap.dedent(f"""
        import json, sys
        from pathlib import Path
        from mermaid_printer.engine import Bundle, Script, WarmUpCall
        bundle = Bundle("small", "1", (Script(Path({str(bundle.scripts[0].path)!r})),), ("warm", "run"),
                        (WarmUpCall("warm", "{{}}"),))
        """)
        + code
    )
    return subprocess.Popen(
        [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ
    )


def _run_in_process(bundle: Bundle, code: str) -> subprocess.CompletedProcess[str]:
    process = _start_process(bundle, code)
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, stderr
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def test_two_processes_building_at_once_both_get_an_engine_and_leave_a_whole_snapshot(
    cache_dir: Path, bundle: Bundle, caplog: pytest.LogCaptureFixture
) -> None:
    code = "from mermaid_printer.engine.wasm import WasmEngine\n"
    code += "print(json.dumps(WasmEngine.restored(bundle).call('run', {'echo': 2})))"
    processes = [_start_process(bundle, code) for _ in range(2)]
    for process in processes:
        stdout, stderr = process.communicate(timeout=300)
        assert process.returncode == 0, stderr
        assert json.loads(stdout) == {"ok": True, "warmed": 1, "echo": 2}
    caplog.set_level(logging.INFO)
    assert WasmEngine.restored(bundle).call("run", {"echo": 3})["warmed"] == 1
    assert _builds(caplog) == [] and "cannot be used" not in _logged(caplog)
    # No temporary file is left behind.
    assert sorted(path.name for path in cache_dir.iterdir()) == sorted([cache_path().name, _path(bundle).name])


def _flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))


def _flip_first_page_byte(path: Path) -> None:
    # In the first chunk the reader hashes on its own thread, while later ones are still read.
    data = bytearray(path.read_bytes())
    data[-(len(data) // 2) - 1] ^= 0x01  # the middle of the pages, well past the header
    data[4096 * 3] ^= 0x01
    path.write_bytes(bytes(data))


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-4096])


def _change_key(path: Path) -> None:
    data = path.read_bytes()
    at = data.index(b'"key":"') + len(b'"key":"')
    path.write_bytes(data[:at] + (b"0" if data[at : at + 1] != b"0" else b"1") + data[at + 1 :])


def _garbage(path: Path) -> None:
    path.write_bytes(b"not a snapshot at all")


DAMAGE = {
    "a flipped bit in its pages": (_flip_last_byte, "digest does not match"),
    "flipped bits early and midway": (_flip_first_page_byte, "digest does not match"),
    "cut short": (_truncate, "not as long as its header says"),
    "made for another key": (_change_key, "another key"),
    "not a snapshot": (_garbage, "not a snapshot file"),
}


@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_snapshot_is_never_used_the_engine_is_built_again_and_the_file_replaced(
    cache_dir: Path, bundle: Bundle, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    caplog.set_level(logging.INFO)  # the engine's notes on its snapshot are INFO records
    WasmEngine.restored(bundle)
    path = _path(bundle)
    whole = path.read_bytes()
    spoil, reason = DAMAGE[damage]
    spoil(path)
    caplog.clear()
    engine = WasmEngine.restored(bundle)
    assert reason in _logged(caplog) and len(_builds(caplog)) == 1
    assert engine.call("run", {"echo": 4}) == {"ok": True, "warmed": 1, "echo": 4}
    assert path.read_bytes() == whole
    caplog.clear()
    WasmEngine.restored(bundle)
    assert _builds(caplog) == []


def test_a_snapshot_reached_through_a_symbolic_link_is_not_followed(
    cache_dir: Path, bundle: Bundle, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)  # the engine's notes on its snapshot are INFO records
    WasmEngine.restored(bundle)
    path = _path(bundle)
    elsewhere = tmp_path / "elsewhere.bin"
    path.rename(elsewhere)
    path.symlink_to(elsewhere)
    caplog.clear()
    assert WasmEngine.restored(bundle).call("run", {"echo": 5})["warmed"] == 1
    assert "cannot be used" in _logged(caplog) and len(_builds(caplog)) == 1
    assert not path.is_symlink()


def test_a_cache_directory_others_can_write_is_neither_read_nor_written(
    tmp_path: Path, bundle: Bundle, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # Anyone could have planted a file there: the engine builds for itself and leaves it alone.
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    shared = tmp_path / "cache" / "wasm"
    shared.mkdir(parents=True)
    shared.chmod(0o777)
    planted = shared / f"snapshot-small-{snapshot_key(bundle, EngineLimits())[:24]}.bin"
    planted.write_bytes(b"planted")
    caplog.set_level(logging.INFO)
    assert WasmEngine.restored(bundle).call("run", {"echo": 6})["warmed"] == 1
    assert "no private cache directory" in _logged(caplog)
    assert [(path.name, path.read_bytes()) for path in shared.iterdir()] == [(planted.name, b"planted")]


def test_the_key_changes_with_the_limits_the_warm_up_the_bundle_files_and_the_module(
    bundle: Bundle, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = snapshot_key(bundle, EngineLimits())
    assert snapshot_key(bundle, EngineLimits()) == key
    assert snapshot_key(bundle, EngineLimits(memory_bytes=256 * 1024 * 1024)) != key
    other_warm_up = small_bundle(tmp_path, warm_up='{"again": true}')
    assert snapshot_key(other_warm_up, EngineLimits()) != key
    (tmp_path / "edited").mkdir()
    edited = small_bundle(tmp_path / "edited", SOURCE + "\n// edited\n")
    assert snapshot_key(edited, EngineLimits()) != key
    monkeypatch.setattr("mermaid_printer.engine.wasm.snapshot.wasm_sha256", lambda: "0" * 64)
    assert snapshot_key(bundle, EngineLimits()) != key


def test_the_engine_limits_name_their_own_snapshot(
    cache_dir: Path, bundle: Bundle, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    WasmEngine.restored(bundle)
    WasmEngine.restored(bundle, EngineLimits(memory_bytes=256 * 1024 * 1024))
    assert len(_builds(caplog)) == 2
    assert _path(bundle) != _path(bundle, EngineLimits(memory_bytes=256 * 1024 * 1024))


def test_snapshots_of_the_same_bundle_unused_for_a_day_are_removed_when_a_new_one_is_written(
    cache_dir: Path, bundle: Bundle
) -> None:
    day_old = time.time() - 25 * 3600
    stale = cache_dir / "snapshot-small-000000000000000000000000.bin"
    interrupted = cache_dir / ".snapshot-small-000000000000000000000000.bin.abc.tmp"
    recent = cache_dir / "snapshot-small-111111111111111111111111.bin"
    other_bundle = cache_dir / "snapshot-other-000000000000000000000000.bin"
    for path in (stale, interrupted, recent, other_bundle):
        path.write_bytes(b"old")
    for path in (stale, interrupted, other_bundle):
        os.utime(path, (day_old, day_old))
    WasmEngine.restored(bundle)
    assert not stale.exists() and not interrupted.exists()
    assert recent.exists() and other_bundle.exists() and _path(bundle).exists()


def test_a_restored_engine_that_traps_restores_the_snapshot_again(
    cache_dir: Path, bundle: Bundle, caplog: pytest.LogCaptureFixture
) -> None:
    engine = WasmEngine.restored(bundle)
    caplog.clear()
    # Recursion through C functions exhausts wasmtime's machine stack: a trap loses the instance.
    engine.eval(
        "globalThis.body = () => { const o = {toJSON() { return {a: this}; }}; return {s: JSON.stringify(o)}; };"
    )
    with pytest.raises(ResourceLimit):
        engine.call("run", {})
    assert engine.call("run", {"echo": 7}) == {"ok": True, "warmed": 1, "echo": 7}
    assert engine.restarts == 1 and _builds(caplog) == []


def test_a_restored_engine_keeps_its_time_limit_and_works_after_it(cache_dir: Path, bundle: Bundle) -> None:
    WasmEngine.restored(bundle)
    engine = WasmEngine.restored(bundle)
    engine.eval("globalThis.body = () => { for (;;) {} };")
    with pytest.raises(RenderTimeout):
        engine.call("run", {}, EngineLimits(time_s=0.2))
    engine.eval("globalThis.body = undefined;")
    assert engine.call("run", {"echo": 8}) == {"ok": True, "warmed": 1, "echo": 8}
    assert engine.restarts == 0


def test_the_snapshot_engine_is_registered_by_name() -> None:
    assert engine_factory("wasm-snapshot") == WasmEngine.restored


def test_a_warm_up_call_that_fails_stops_the_engine_and_leaves_no_snapshot(cache_dir: Path, tmp_path: Path) -> None:
    from mermaid_printer.errors import RenderFailed

    broken = small_bundle(tmp_path, SOURCE.replace("++globalThis.warmed", "undefinedName"))
    with pytest.raises(RenderFailed, match="warm-up warm failed"):
        WasmEngine.restored(broken)
    assert not _path(broken).exists()


def test_a_bundle_whose_warm_up_calls_an_entry_it_does_not_register_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not register"):
        Bundle("small", "1", (Script(tmp_path / "x.js"),), ("run",), (WarmUpCall("warm", "{}"),))


# ---- the module keeps all its state in linear memory -------------------------------------------


def _unsigned(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _sections(wasm: bytes) -> dict[int, bytes]:
    sections, at = {}, 8
    while at < len(wasm):
        size, start = _unsigned(wasm, at + 1)
        sections[wasm[at]] = wasm[start : start + size]
        at = start + size
    return sections


def test_the_module_keeps_all_its_state_in_linear_memory() -> None:
    # What a snapshot copies is linear memory. The module's other state must be none that a
    # call leaves changed: one mutable global (the shadow-stack pointer, back at its initial value
    # between calls), exported to no one, and a table that cannot grow. A build that adds a
    # global (thread-local storage, say) or a growable table fails here first.
    sections = _sections(WASM_PATH.read_bytes())
    globals_, _ = _unsigned(sections[6], 0)
    assert globals_ == 1
    assert sections[6][1:3] == bytes([0x7F, 0x01])  # i32, mutable
    table = sections[4]
    assert table[:3] == bytes([0x01, 0x70, 0x01])  # one funcref table with a maximum...
    minimum, at = _unsigned(table, 3)
    assert _unsigned(table, at)[0] == minimum  # ...equal to its size
    exports = sections[7]
    count, at = _unsigned(exports, 0)
    kinds = []
    for _ in range(count):
        length, at = _unsigned(exports, at)
        at += length
        kinds.append(exports[at])
        _, at = _unsigned(exports, at + 1)
    assert sorted(set(kinds)) == [0, 2]  # functions and the memory; no global, no table


def test_a_process_that_exits_holding_an_engine_prints_no_finalizer_errors(cache_dir: Path, bundle: Bundle) -> None:
    # Regression: wasmtime's finalizers ran after interpreter shutdown had torn down its bindings
    # and printed "Exception ignored ... 'NoneType' object is not callable" on every exit (the
    # renderer pool's warm process with the wasm engine, so every CLI run). That process keeps
    # its engine in a global of a module imported before wasmtime, then freezes the garbage
    # collector's objects (worker.prepare), as here.
    code = "import gc, mermaid_printer.worker as keep\nfrom mermaid_printer.engine import engine_factory\n"
    answer = _run_in_process(bundle, code + "keep.kept = engine_factory('wasm-snapshot')(bundle)\ngc.freeze()")
    assert "Exception ignored" not in answer.stderr
