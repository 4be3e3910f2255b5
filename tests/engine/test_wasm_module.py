"""quickjs.wasm's compiled code is cached per user, and a cache file is machine code the process
will run: only a private directory's file is read, and one wasmtime refuses is compiled again."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
import wasmtime

from mermaid_printer.engine.wasm.module import cache_path, compiled_quickjs, new_wasmtime_engine

pytestmark = pytest.mark.engine


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    compiled_quickjs.cache_clear()
    yield tmp_path / "cache" / "wasm"
    compiled_quickjs.cache_clear()


def _loads(code: bytes) -> bool:
    wasmtime.Module.deserialize(new_wasmtime_engine(), code)
    return True


def test_compiled_code_is_kept_in_a_private_directory_and_read_back(cache_dir: Path) -> None:
    code = compiled_quickjs()
    cached = cache_path()
    assert cached.parent == cache_dir
    assert cached.read_bytes() == code
    assert stat.S_IMODE(cache_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE(cached.stat().st_mode) == 0o600
    compiled_quickjs.cache_clear()
    assert compiled_quickjs() == code


def test_a_cache_file_wasmtime_refuses_is_compiled_again_and_replaced(cache_dir: Path) -> None:
    compiled_quickjs()
    cached = cache_path()
    cached.write_bytes(b"not machine code wasmtime made")
    compiled_quickjs.cache_clear()
    code = compiled_quickjs()
    assert _loads(code)
    assert cached.read_bytes() == code


def test_a_cache_directory_others_can_write_is_not_used(cache_dir: Path) -> None:
    # Anyone could have planted a file there: the engine compiles for itself and leaves the
    # directory as it found it.
    cache_dir.mkdir(parents=True)
    cache_dir.chmod(0o777)
    cache_path().write_bytes(b"planted")
    assert _loads(compiled_quickjs())
    assert [(path.name, path.read_bytes()) for path in cache_dir.iterdir()] == [(cache_path().name, b"planted")]
