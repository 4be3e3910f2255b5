"""The native engine runs the project's own build of the ``_quickjs`` module where it was built
(hatch_build.py), the quickjs-ng wheel's module otherwise or when asked, and both draw the same
bytes."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import mermaid_printer.engine.native as native
from mermaid_printer.engine.quickjs_engine import QUICKJS_MODULE

pytestmark = pytest.mark.engine

FIXTURES = Path(__file__).parents[1] / "fixtures"
OWN_MODULE = Path(native.__file__).with_name("_quickjs.abi3.so")
OWN_RECORD = OWN_MODULE.with_name(OWN_MODULE.name + ".json")


def _hatch_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build", Path(__file__).parents[2] / "hatch_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_engine_runs_the_projects_own_build_wherever_it_was_built() -> None:
    if os.environ.get("CI") and not isinstance(_hatch_build().native_target(), str):
        # CI installs on a machine the build supports: a failed build must not pass unseen.
        assert OWN_MODULE.is_file(), "the install did not build the native engine's module"
    if not OWN_MODULE.is_file():
        pytest.skip("the native module was not built on this machine (see hatch_build.native_target)")
    if os.environ.get(native.MODULE_ENV_VAR):
        pytest.skip(f"{native.MODULE_ENV_VAR} chooses the module")
    assert Path(QUICKJS_MODULE.__file__ or "") == OWN_MODULE


def test_the_built_module_is_the_one_its_record_describes_from_the_current_sources() -> None:
    # Fails after an edit to the vendored sources or the flags until the module is built again
    # (pip install -e . or python hatch_build.py).
    if not OWN_MODULE.is_file():
        pytest.skip("the native module was not built on this machine")
    hatch_build = _hatch_build()
    record = json.loads(OWN_RECORD.read_text())
    assert hashlib.sha256(OWN_MODULE.read_bytes()).hexdigest() == record["module_sha256"]
    assert record["zig"] == hatch_build.ZIG_VERSION
    target = hatch_build.native_target()
    assert not isinstance(target, str)
    assert record["target"] == target[0]
    expected = hatch_build._native_inputs_digest(hatch_build.ROOT, record["zig"], target[0], target[1])
    assert record["inputs_sha256"] == expected


def test_an_unknown_choice_of_module_is_refused_with_the_variable_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.MODULE_ENV_VAR, "fastest")
    with pytest.raises(ImportError, match=f"{native.MODULE_ENV_VAR} must be 'own' or 'wheel'"):
        native.load_quickjs_module()


def test_the_wheels_module_is_run_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(native.MODULE_ENV_VAR, "wheel")
    module = native.load_quickjs_module()
    assert module.__name__ == "_quickjs"
    assert Path(module.__file__ or "").parent != OWN_MODULE.parent


def _without_the_projects_build(monkeypatch: pytest.MonkeyPatch) -> None:
    """Imports as on a machine where the install could not build the module."""
    real_import = importlib.import_module

    def import_module(name: str, package: str | None = None) -> ModuleType:
        if name == "mermaid_printer.engine.native._quickjs":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real_import(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)


def test_without_the_projects_build_the_wheels_module_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_the_projects_build(monkeypatch)
    monkeypatch.delenv(native.MODULE_ENV_VAR, raising=False)
    module = native.load_quickjs_module()
    assert module.__name__ == "_quickjs"
    assert module.Context().eval("6 * 7") == 42


def test_asking_for_the_projects_build_where_it_is_absent_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    _without_the_projects_build(monkeypatch)
    monkeypatch.setenv(native.MODULE_ENV_VAR, "own")
    with pytest.raises(ImportError, match=r"native\._quickjs"):
        native.load_quickjs_module()


# What each process draws: Mermaid diagrams an ELK-, dagre- and a text-heavy type, and a mind map
# (the SVG the render entries return, before post-processing, so every coordinate is compared).
_DRAW = r"""
import hashlib, json, sys
from pathlib import Path
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QUICKJS_MODULE, QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.markmap.style import font_shorthand, stylesheet

fixtures = Path(sys.argv[1])
drawn = {"module": QUICKJS_MODULE.__file__}
engine = QuickJSEngine(mermaid_bundle())
for name in ("er", "flowchart", "sequence", "class"):
    code = (fixtures / "diagrams" / f"{name}.mmd").read_text()
    result = engine.call("render", {"code": code, "config": {}, "svgId": "mermaid-native"})
    drawn[name] = hashlib.sha256(result["svg"].encode()).hexdigest()
job = MarkmapRenderJob(markdown="", options={}, timeout_ms=0)
markdown = (fixtures / "markmap" / "math.md").read_text()
payload = {"markdown": markdown, "font": font_shorthand(job.font_size),
           "css": stylesheet(job.css_variables, job.label_padding_y), "svgId": "markmap-native"}
result = QuickJSEngine(markmap_bundle()).call("render", payload)
drawn["markmap"] = hashlib.sha256(result["svg"].encode()).hexdigest()
print(json.dumps(drawn))
"""


def _drawn_with(choice: str) -> dict[str, str]:
    env = {**os.environ, native.MODULE_ENV_VAR: choice}
    done = subprocess.run(
        [sys.executable, "-c", _DRAW, str(FIXTURES)], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_the_projects_build_draws_the_same_bytes_as_the_wheels_module() -> None:
    if not OWN_MODULE.is_file():
        pytest.skip("the native module was not built on this machine")
    own, wheel = _drawn_with("own"), _drawn_with("wheel")
    assert Path(own.pop("module")) == OWN_MODULE
    assert Path(wheel.pop("module")).parent != OWN_MODULE.parent
    assert own == wheel


_RAW_UPDATE = re.compile(r"JS_REF_COUNT\([^()]*\)(\+\+|--)|--JS_REF_COUNT\(")


def test_the_build_guards_every_reference_count_update_but_the_collectors_trial_deletion() -> None:
    # The one change the native build makes to QuickJS (frozen_heap.c): raw updates remain in the
    # guard macros' own definitions and in the cycle collector's trial deletion, which counts a
    # child down and up again and must see frozen counts move both ways.
    hatch_build = _hatch_build()
    vendored = (hatch_build.ROOT / hatch_build.QUICKJS_DIR / "quickjs.c").read_text(encoding="utf-8")

    guarded = hatch_build.guard_reference_counts(vendored)

    raw = [line.strip() for line in guarded.splitlines() if _RAW_UPDATE.search(line) and not line.startswith("#define")]
    assert raw == ["JS_REF_COUNT(p)--;", "JS_REF_COUNT(p)++;", "JS_REF_COUNT(p)++;"]
    uses = sum(len(re.findall(rf"\b{macro}\(", guarded)) - 1 for macro in ("JS_RC_INC", "JS_RC_DROP", "JS_RC_DEC"))
    assert uses == hatch_build.GUARDED_UPDATES
    assert vendored.count("\n") + 4 == guarded.count("\n")  # the four macros, every other line in place


def test_the_build_refuses_a_quickjs_whose_reference_counting_changed() -> None:
    hatch_build = _hatch_build()
    vendored = (hatch_build.ROOT / hatch_build.QUICKJS_DIR / "quickjs.c").read_text(encoding="utf-8")
    one_more = vendored + "\nstatic void counted_again(JSObject *p) { JS_REF_COUNT(p)++; }\n"
    no_define = vendored.replace("#define JS_REF_COUNT(p)", "#define JS_REFCOUNT(p)")

    with pytest.raises(RuntimeError, match="26 reference-count updates to guard, not 25"):
        hatch_build.guard_reference_counts(one_more)
    with pytest.raises(RuntimeError, match="review guard_reference_counts"):
        hatch_build.guard_reference_counts(no_define)
