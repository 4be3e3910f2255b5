"""Bundles as values: load-time transforms rewrite a script's text exactly where they say, refuse
a file they do not fit, and are part of the bundle's fingerprint."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mermaid_printer.engine import Bundle, Script
from mermaid_printer.engine.bundle import BundleTransformError, SourcePatch
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import RenderFailed


def _script(tmp_path: Path, text: str, *patches: SourcePatch) -> Script:
    path = tmp_path / "upstream.js"
    path.write_text(text)
    return Script(path, transforms=patches)


def test_a_patch_rewrites_the_text_the_engine_loads_and_leaves_the_file_alone(tmp_path: Path) -> None:
    script = _script(tmp_path, "globalThis.answer = slow(41);", SourcePatch("fast", "slow(41)", "41 + 1"))
    assert script.source() == "globalThis.answer = 41 + 1;"
    assert script.path.read_text() == "globalThis.answer = slow(41);"
    engine = QuickJSEngine(Bundle("test", "0", (script,), ()))
    assert engine.eval("answer") == 42


def test_a_patch_replaces_every_occurrence_it_counts(tmp_path: Path) -> None:
    script = _script(tmp_path, "a(); a(); b();", SourcePatch("twice", "a()", "c()", count=2))
    assert script.source() == "c(); c(); b();"


def test_a_bundle_without_one_transform_keeps_the_others(tmp_path: Path) -> None:
    script = _script(tmp_path, "a(); b();", SourcePatch("first", "a()", "x()"), SourcePatch("second", "b()", "y()"))
    bundle = Bundle("test", "0", (script,), ())
    assert bundle.without_transform("first").scripts[0].source() == "a(); y();"
    assert bundle.scripts[0].source() == "x(); y();"
    with pytest.raises(ValueError, match="no transform named 'third'; the bundle has: first, second"):
        bundle.without_transform("third")


def test_a_bundle_with_one_more_transform_applies_it_last_to_that_file_only(tmp_path: Path) -> None:
    script = _script(tmp_path, "a(); b();", SourcePatch("first", "a()", "x()"))
    other = tmp_path / "other.js"
    other.write_text("a();")
    bundle = Bundle("test", "0", (script, Script(other)), ())
    probed = bundle.with_transform("upstream.js", SourcePatch("probe", "x(); b()", "z()"))
    assert [s.source() for s in probed.scripts] == ["z();", "a();"]
    assert [s.source() for s in bundle.scripts] == ["x(); b();", "a();"]
    with pytest.raises(ValueError, match=r"no script loaded from 'missing\.js'"):
        bundle.with_transform("missing.js", SourcePatch("probe", "a()", "b()"))


@pytest.mark.parametrize(("text", "found"), [("nothing to patch", 0), ("slow(); slow();", 2)])
def test_a_patch_whose_text_is_not_there_exactly_as_often_as_it_says_refuses_the_file(
    tmp_path: Path, text: str, found: int
) -> None:
    script = _script(tmp_path, text, SourcePatch("fast", "slow()", "fast()"))
    with pytest.raises(
        BundleTransformError, match=f"upstream.js: transform fast: expected 1 occurrence.*found {found}"
    ):
        script.source()


def test_an_engine_refuses_to_load_a_bundle_whose_transform_does_not_fit(tmp_path: Path) -> None:
    script = _script(tmp_path, "globalThis.x = 1;", SourcePatch("gone", "y = 2", "y = 3"))
    with pytest.raises(RenderFailed, match=r"loading upstream\.js: .*transform gone") as caught:
        QuickJSEngine(Bundle("test", "0", (script,), ()))
    assert caught.value.details == {"reason": "transform_mismatch"}


def test_transforms_are_part_of_the_fingerprint(tmp_path: Path) -> None:
    plain = Bundle("test", "0", (_script(tmp_path, "f();"),), ())
    patched = replace(plain, scripts=(replace(plain.scripts[0], transforms=(SourcePatch("p", "f", "g"),)),))
    other = replace(plain, scripts=(replace(plain.scripts[0], transforms=(SourcePatch("p", "f", "h"),)),))
    assert len({plain.fingerprint(), patched.fingerprint(), other.fingerprint()}) == 3
