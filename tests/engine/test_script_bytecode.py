"""Large classic scripts run from the bytecode an earlier engine compiled
(``engine/native/script_cache.py``, ``script_bytecode.c``), through the real native engine."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mermaid_printer.engine import Bundle, Script
from mermaid_printer.engine.bundle import SourcePatch
from mermaid_printer.engine.native import script_cache
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed
from mermaid_printer.files import CACHE_DIR_ENV

pytestmark = pytest.mark.engine

#: Padding that makes a script large enough to be kept as bytecode.
_PADDING = "// " + "x" * (script_cache.SMALLEST_CACHED_SCRIPT + 1024) + "\n"


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv(CACHE_DIR_ENV, str(cache))
    return cache


@pytest.fixture(autouse=True)
def _project_build() -> None:
    from mermaid_printer.engine import quickjs_engine

    if quickjs_engine._SCRIPT_BYTECODE is None:
        pytest.skip("the native engine runs the quickjs-ng wheel's module, which cannot run bytecode")


def _large_script(
    tmp_path: Path, body: str, *, name: str = "large.js", transforms: tuple[SourcePatch, ...] = ()
) -> Script:
    path = tmp_path / name
    path.write_text(_PADDING + body, encoding="utf-8")
    return Script(path, transforms=transforms)


def _bundle(*scripts: Script) -> Bundle:
    return Bundle(name="test", version="0", scripts=scripts, entries=())


def _kept(cache: Path) -> list[Path]:
    folder = cache / "quickjs-bytecode"
    return sorted(folder.iterdir()) if folder.is_dir() else []


@pytest.fixture
def sources_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the scripts whose source text is read (so compiled) from here on."""
    names: list[str] = []
    original = Script.source

    def counted(self: Script) -> str:
        names.append(self.name)
        return original(self)

    monkeypatch.setattr(Script, "source", counted)
    return names


def test_a_large_script_is_compiled_once_and_then_run_from_its_bytecode(
    tmp_path: Path, cache_dir: Path, sources_read: list[str]
) -> None:
    script = _large_script(tmp_path, "globalThis.answer = [1, 2, 3].map((n) => n * 14).join(',');")

    first = QuickJSEngine(_bundle(script))
    assert sources_read.count("large.js") == 1
    (kept,) = _kept(cache_dir)
    assert kept.name.startswith("large-") and kept.stat().st_mode & 0o777 == 0o600
    second = QuickJSEngine(_bundle(script))

    assert sources_read.count("large.js") == 1  # the second engine compiled nothing
    assert first.eval("answer") == second.eval("answer") == "14,28,42"


def test_functions_run_from_bytecode_keep_their_source_text_and_line_numbers(tmp_path: Path) -> None:
    body = "function named(a, b) { return a + b; }\nfunction thrower() {\n  throw new Error('here');\n}\n"
    script = _large_script(tmp_path, body)
    compiled = QuickJSEngine(_bundle(script))
    from_bytecode = QuickJSEngine(_bundle(script))

    probe = "[named.toString(), (() => { try { thrower(); } catch (e) { return e.stack; } })()].join('|')"
    text = compiled.eval(probe)
    assert "return a + b" in text and "<input>:4" in text
    assert from_bytecode.eval(probe) == text


def test_small_scripts_and_engines_without_a_private_cache_compile_as_before(
    tmp_path: Path, cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    small = tmp_path / "small.js"
    small.write_text("globalThis.small = 1;", encoding="utf-8")
    QuickJSEngine(_bundle(Script(small)))
    assert _kept(cache_dir) == []

    shared = tmp_path / "shared"
    (shared / "quickjs-bytecode").mkdir(parents=True)
    os.chmod(shared / "quickjs-bytecode", 0o777)  # writable by others: nothing is kept or read there
    monkeypatch.setenv(CACHE_DIR_ENV, str(shared))
    engine = QuickJSEngine(_bundle(_large_script(tmp_path, "globalThis.large = 2;")))
    assert engine.eval("large") == 2
    assert list((shared / "quickjs-bytecode").iterdir()) == []


def test_a_damaged_bytecode_file_is_compiled_again_and_replaced(
    tmp_path: Path, cache_dir: Path, sources_read: list[str]
) -> None:
    script = _large_script(tmp_path, "globalThis.answer = 42;")
    QuickJSEngine(_bundle(script))
    (kept,) = _kept(cache_dir)
    data = bytearray(kept.read_bytes())
    data[-10] ^= 0xFF
    kept.write_bytes(bytes(data))

    engine = QuickJSEngine(_bundle(script))

    assert engine.eval("answer") == 42
    assert sources_read.count("large.js") == 2
    assert kept.read_bytes() != bytes(data)  # written again, whole
    QuickJSEngine(_bundle(script))
    assert sources_read.count("large.js") == 2


def test_a_changed_transform_or_file_is_compiled_anew(tmp_path: Path, sources_read: list[str]) -> None:
    plain = _large_script(tmp_path, "globalThis.answer = 1;")
    patched = Script(plain.path, transforms=(SourcePatch("two", "answer = 1", "answer = 2"),))
    assert QuickJSEngine(_bundle(plain)).eval("answer") == 1
    assert QuickJSEngine(_bundle(patched)).eval("answer") == 2
    plain.path.write_text(_PADDING + "globalThis.answer = 3;", encoding="utf-8")
    script_cache._file_sha256.cache_clear()  # a process reads each file once; this one changed it
    assert QuickJSEngine(_bundle(plain)).eval("answer") == 3
    assert sources_read.count("large.js") == 3


@pytest.mark.parametrize("kept_before", [False, True], ids=["compiled", "from bytecode"])
def test_a_script_that_throws_while_loading_fails_the_engine_with_its_error(tmp_path: Path, kept_before: bool) -> None:
    script = _large_script(tmp_path, "if (globalThis.fail) { throw new TypeError('the bundle broke'); }")
    if kept_before:
        QuickJSEngine(_bundle(script))
    setter = tmp_path / "setter.js"
    setter.write_text("globalThis.fail = true;", encoding="utf-8")

    with pytest.raises(RenderFailed, match=r"loading large\.js.*TypeError: the bundle broke"):
        QuickJSEngine(_bundle(Script(setter), script))


def test_a_syntax_error_is_reported_as_when_compiled_by_the_binding(tmp_path: Path) -> None:
    script = _large_script(tmp_path, "let = ;")
    with pytest.raises(RenderFailed, match=r"loading large\.js.*SyntaxError"):
        QuickJSEngine(_bundle(script))


def test_mermaid_draws_the_same_bytes_from_its_bytecode_as_compiled(cache_dir: Path, sources_read: list[str]) -> None:
    from mermaid_printer.bundles import bundle_worker

    bundle = bundle_worker("mermaid").bundle()
    payload = {"code": "flowchart LR\n  A[Start] --> B{Ok?}\n  B -- yes --> C[(Done)]", "config": {}, "svgId": "s"}
    compiled = QuickJSEngine(bundle).call("render", payload)
    assert "mermaid.min.js" in sources_read
    reads = len(sources_read)
    from_bytecode = QuickJSEngine(bundle).call("render", payload)

    assert "mermaid.min.js" not in sources_read[reads:]
    assert compiled["ok"] and from_bytecode == compiled
