"""What only the native engine does (the engine contract both engines keep is
``test_engine_contract.py``): it publishes only the first ES module of a bundle, and a warm
process can defer its garbage collection."""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer.engine import Bundle, Script, engine_factory
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed

pytestmark = pytest.mark.engine


@pytest.fixture
def bare_engine() -> QuickJSEngine:
    """An engine with the host protocol and nothing else."""
    return QuickJSEngine(Bundle(name="test", version="0", scripts=(), entries=()))


def test_the_native_engine_is_registered_by_name() -> None:
    assert engine_factory("native") is QuickJSEngine


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
