"""Mermaid's load-time transforms: each fits the vendored bundle exactly, can be switched off, and
computes exactly what the code it replaces computes (run side by side with the original text)."""

from __future__ import annotations

import json
import re

import pytest

from mermaid_printer.bundles import TRANSFORMS_ENV, transforms_enabled
from mermaid_printer.bundles.mermaid.bundle import MERMAID_JS_DIR, mermaid_bundle
from mermaid_printer.bundles.mermaid.transforms import (
    MERMAID_COUNTER_RESETS,
    MERMAID_TRANSFORMS,
    ZENUML_TRANSFORMS,
)
from mermaid_printer.engine import Bundle, Script
from mermaid_printer.engine.bundle import SourcePatch
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.resources import vendored_file

MERMAID_JS = vendored_file("mermaid/mermaid.min.js")
ZENUML_JS = vendored_file("mermaid-zenuml/mermaid-zenuml.min.js")
FAST_PATHS = MERMAID_JS_DIR / "fast_paths.js"


def _transform(name: str) -> SourcePatch:
    return next(t for t in MERMAID_TRANSFORMS if t.name == name)


def test_every_transform_fits_the_vendored_bundle_exactly() -> None:
    source = MERMAID_JS.read_text(encoding="utf-8")
    for transform in MERMAID_COUNTER_RESETS + MERMAID_TRANSFORMS:
        assert source.count(transform.find) == transform.count, transform.name
    script = next(s for s in mermaid_bundle(transforms=True).scripts if s.path == MERMAID_JS)
    assert script.transforms == MERMAID_COUNTER_RESETS + MERMAID_TRANSFORMS
    assert script.source() != source


def test_without_transforms_mermaid_loads_with_its_counter_resets_only_and_without_the_helpers() -> None:
    bundle = mermaid_bundle(transforms=False)
    script = next(s for s in bundle.scripts if s.path == MERMAID_JS)
    assert script.transforms == MERMAID_COUNTER_RESETS
    shipped = MERMAID_JS.read_text(encoding="utf-8")
    for reset in MERMAID_COUNTER_RESETS:
        shipped = shipped.replace(reset.find, reset.replace)
    assert script.source() == shipped
    assert FAST_PATHS not in [s.path for s in bundle.scripts]
    assert bundle.fingerprint() != mermaid_bundle(transforms=True).fingerprint()


@pytest.mark.parametrize(
    ("value", "enabled"), [(None, True), ("on", True), ("off", False), ("0", False), ("OFF", False)]
)
def test_the_environment_switches_the_transforms_off(
    monkeypatch: pytest.MonkeyPatch, value: str | None, enabled: bool
) -> None:
    if value is None:
        monkeypatch.delenv(TRANSFORMS_ENV, raising=False)
    else:
        monkeypatch.setenv(TRANSFORMS_ENV, value)
    assert transforms_enabled() is enabled
    assert (FAST_PATHS in [s.path for s in mermaid_bundle().scripts]) is enabled


# ---- assign-with-depth-into-empty -----------------------------------------------------------------

# Mermaid's assignWithDepth as the vendored bundle has it, with esbuild's __name helper.
_ASSIGN = re.search(
    r'sHe=i\(\(r,t,\{depth:a=2\}=\{\}\)=>.*?,"assignWithDepth"\)', MERMAID_JS.read_text(encoding="utf-8")
)
_NAME_HELPER = 'var i=(r,t)=>Object.defineProperty(r,"name",{value:t,configurable:!0});'

# A description of a merge's result that two runs can compare: every key in order with its
# property descriptor; objects as "fresh" (with their contents) or as the path of the input
# object they are; how often each getter ran; and whether the target itself came back.
_DESCRIBE = r"""
globalThis.describe = function (merge, makeTarget, makeSource, depth) {
  const counts = { getter: 0 };
  const source = makeSource(counts);
  const target = makeTarget();
  const inputs = new Map();
  (function index(value, path, seen) {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (!inputs.has(value)) inputs.set(value, path);
    for (const key of Reflect.ownKeys(value)) {
      const d = Object.getOwnPropertyDescriptor(value, key);
      if ("value" in d) index(d.value, path + "/" + String(key), seen);
    }
  })(source, "source", new Set());
  let result, error = null;
  try {
    result = depth === "none" ? merge(target, source) : merge(target, source, { depth });
  } catch (e) {
    error = String(e);
  }
  function show(value, level) {
    if (value === null || (typeof value !== "object" && typeof value !== "function")) {
      return typeof value === "number" && Object.is(value, -0) ? "-0" : [typeof value, String(value)];
    }
    if (typeof value === "function") return inputs.has(value) ? "input " + inputs.get(value) : "function " + value.name;
    if (inputs.has(value)) return "input " + inputs.get(value);
    if (level > 6) return "deep";
    const proto = Object.getPrototypeOf(value);
    return {
      fresh: Array.isArray(value) ? "array" : proto === Object.prototype ? "object" : proto === null ? "null-proto" : "other",
      extensible: Object.isExtensible(value),
      keys: Reflect.ownKeys(value).map((key) => {
        const d = Object.getOwnPropertyDescriptor(value, key);
        const flags = [d.writable, d.enumerable, d.configurable].map(Number).join("");
        return [String(key), flags, "value" in d ? show(d.value, level + 1) : "accessor"];
      }),
    };
  }
  return JSON.stringify({ error, returnsTarget: result === target, result: show(result, 0), target: show(target, 0), counts });
};
"""

# [target, source, depth] — JavaScript expressions (the source one gets `counts` for its getters).
_CASES = [
    (
        "{}",
        "({a: 1, b: null, c: [1, 1, 'x', 'x', NaN, NaN], d: {e: {f: {g: 1}}, n: null}, u: undefined, fn: Math.max})",
        2,
    ),
    ("{}", "({a: {b: {c: {d: 1}}}, e: [{x: 1}, {x: 1}]})", 1),
    ("{}", "({a: {b: {c: {d: 1}}}})", 3),
    ("{}", "({a: {b: 1}})", 0),
    ("{}", "({a: {b: 1}, s: 'x'})", "none"),
    ("{}", "({a: {b: 1}})", None),
    ("{}", "({a: {b: 1}})", float("nan")),
    ("{}", 'JSON.parse(\'{"__proto__": {"x": 1}, "y": 2}\')', 2),
    ("{}", '({a: JSON.parse(\'{"__proto__": {"x": 1}, "y": {"z": 1}}\'), b: 1})', 2),
    ("{}", "({a: 1, [Symbol.for('s')]: 2})", 2),
    ("{}", "({a: {[Symbol.for('s')]: 2, b: {c: 1}}})", 2),
    ("{}", "({get a() { counts.getter++; return {b: {c: 1}}; }, b: 2})", 2),
    ("{}", "({'2': 1, '1': {x: null}, b: 3, '0': [,1]})", 2),
    ("{}", "({d: new Date(0), m: new Map([[1, 2]]), r: /x/})", 2),
    ("{}", "[{a: 1}, {b: {c: 2}}]", 2),
    ("{}", "Object.assign(Object.create({inherited: 1}), {own: {x: 1}})", 2),
    ("{keep: 1}", "({a: {b: 1}, keep: 2})", 2),
    ("Object.create(null)", "({a: {b: 1}})", 2),
    ("Object.freeze({})", "({a: {b: 1}})", 2),
    ("Object.preventExtensions({})", "({a: 1})", 2),
    ("[]", "({a: 1})", 2),
    ("{}", "null", 2),
    ("{}", "'text'", 2),
]


@pytest.fixture(scope="module")
def merges(tmp_path_factory: pytest.TempPathFactory) -> QuickJSEngine:
    """Mermaid's assignWithDepth as shipped (``original``) and as transformed (``patched``)."""
    assert _ASSIGN is not None
    original = _ASSIGN.group(0)
    patched = _transform("assign-with-depth-into-empty").apply(original)
    assert patched != original
    folder = tmp_path_factory.mktemp("merges")
    harness = folder / "harness.js"
    harness.write_text(
        "(function () {" + _NAME_HELPER + "var sHe;" + original + ";globalThis.original = sHe;})();"
        "(function () {" + _NAME_HELPER + "var sHe;" + patched + ";globalThis.patched = sHe;})();" + _DESCRIBE
    )
    return QuickJSEngine(Bundle("test", "0", (Script(FAST_PATHS), Script(harness)), ()))


@pytest.mark.parametrize(("target", "source", "depth"), _CASES)
def test_assign_with_depth_into_empty_merges_exactly_as_mermaid_does(
    merges: QuickJSEngine, target: str, source: str, depth: object
) -> None:
    depth_js = json.dumps(depth) if depth is None or depth == "none" else repr(depth).replace("nan", "NaN")
    call = f"describe({{fn}}, () => ({target}), (counts) => ({source}), {depth_js})"
    expected = json.loads(merges.eval(call.replace("{fn}", "original")))
    assert json.loads(merges.eval(call.replace("{fn}", "patched"))) == expected


def test_assign_with_depth_into_empty_takes_the_fast_path_for_a_plain_config(merges: QuickJSEngine) -> None:
    # Guards the test above against comparing the original with itself.
    assert merges.eval("__printerFastPaths.mergesIntoEmpty({}, {a: {b: 1}}, 2)") is True
    assert merges.eval("__printerFastPaths.mergesIntoEmpty({x: 1}, {a: {b: 1}}, 2)") is False


@pytest.mark.engine
def test_get_config_copies_mermaids_whole_config_exactly_as_shipped() -> None:
    assert _ASSIGN is not None
    engine = QuickJSEngine(mermaid_bundle(transforms=True))
    engine.eval(
        "(function () {" + _NAME_HELPER + "var sHe;" + _ASSIGN.group(0) + ";globalThis.original = sHe;})();" + _DESCRIBE
    )
    # The site config with every theme's variables: the object getConfig() copies on every call.
    config = (
        "(() => { const c = mermaid.mermaidAPI.getConfig(); c.themeVariables = {...c.themeVariables}; return c; })()"
    )
    expected = engine.eval(f"describe(original, () => ({{}}), () => {config}, 2)")
    fast = engine.eval(
        f"describe((t, s, o) => __printerFastPaths.mergeIntoEmpty(original, t, s, o.depth), () => ({{}}), () => {config}, 2)"
    )
    assert json.loads(fast) == json.loads(expected)
    assert len(json.loads(expected)["result"]["keys"]) > 50


# ---- get-config-along-a-plan ----------------------------------------------------------------------


def test_the_config_module_block_holds_every_use_of_the_current_config() -> None:
    # copyConfig relies on the config object being built whole and replaced, never changed in
    # place; the transform's precondition is the block of code that touches it, so every other
    # mention of it in the bundle must be its declaration alone.
    source = MERMAID_JS.read_text(encoding="utf-8")
    block = _transform("get-config-along-a-plan").find
    start = source.index(block)
    mentions = [m.start() for m in re.finditer(r"(?<![\w$\"])Uee(?![\w$\"])", source)]
    outside = [m for m in mentions if not start <= m < start + len(block)]
    assert len(outside) == 1
    assert source[outside[0] - 4 : outside[0] + 8] == ",fA,Uee,Vee,"  # in the module's `var` list


# [source] — JavaScript expressions for configs getConfig may copy.
_CONFIGS = [
    "({a: 1, b: null, c: [1, 1, 'x'], d: {e: {f: {g: 1}}, n: null, l: [2, 2]}, u: undefined, fn: Math.max})",
    "({theme: 'dark', themeVariables: {primaryColor: '#fff', nested: {deep: {x: 1}}}, flowchart: {htmlLabels: false}})",
    '({a: JSON.parse(\'{"__proto__": {"x": 1}, "y": {"z": 1}}\'), b: {c: 1}})',
    "({a: {[Symbol.for('s')]: 2, b: {c: 1}}, d: 2})",
    "({'2': 1, '1': {x: null}, b: 3, '0': [,1]})",
    "({d: new Date(0), m: new Map([[1, 2]]), inst: new (class T { constructor() { this.q = {r: 1}; } })()})",
]


@pytest.mark.parametrize("source", _CONFIGS)
def test_get_config_copies_exactly_as_mermaids_merge_and_afresh_every_time(merges: QuickJSEngine, source: str) -> None:
    merges.eval(f"globalThis.config = {source};")
    expected = json.loads(merges.eval("describe(original, () => ({}), () => config, 'none')"))
    # Once every key has been read, the copy is property for property what the merge makes.
    copy = "(t, s) => { const c = __printerFastPaths.copyConfig(s, original); Object.keys(c).forEach((k) => c[k]); return c; }"
    first = json.loads(merges.eval(f"describe({copy}, () => ({{}}), () => config, 'none')"))
    again = json.loads(merges.eval(f"describe({copy}, () => ({{}}), () => config, 'none')"))
    assert first["result"] == expected["result"] and again["result"] == expected["result"]
    # Two copies share nothing Mermaid's merge would have copied (levels 0-2), as its copies don't.
    fresh = merges.eval(
        "(() => { const a = __printerFastPaths.copyConfig(config, original), b = __printerFastPaths.copyConfig(config, original);"
        " const objects = (o, level) => o && typeof o === 'object' && level < 3 ? [o, ...Object.values(o).flatMap((v) => objects(v, level + 1))] : [];"
        " const seen = new Set(objects(a, 0)); return objects(b, 0).every((o) => !seen.has(o)); })()"
    )
    assert fresh is True


# Things done to a fresh copy before any of its nested objects was read; each returns what it saw.
_COPY_SCENARIOS = {
    "serialized": "(c) => JSON.stringify(c)",
    "keys, in": "(c) => [Object.keys(c), 'flowchart' in c, Object.hasOwn(c, 'themeVariables'), 'x' in c]",
    "read twice is one object": "(c) => [c.flowchart === c.flowchart, typeof c.flowchart, JSON.stringify(c.flowchart)]",
    "nested write stays in the copy": (
        "(c) => { c.flowchart.htmlLabels = 'changed'; c.themeVariables.nested.deep.x = 2;"
        " const again = copy(); return [again.flowchart.htmlLabels, config.flowchart.htmlLabels,"
        " again.themeVariables.nested.deep.x, (config.themeVariables.nested.deep.x = 1)]; }"
    ),
    "written before read": "(c) => { c.themeVariables = 5; c.flowchart.x = 1; return [c.themeVariables, Object.keys(c), JSON.stringify(c)]; }",
    "deleted before read": "(c) => { delete c.flowchart; return [Object.keys(c), c.flowchart, JSON.stringify(c)]; }",
    "spread, entries, assign": (
        "(c) => [JSON.stringify({...c}), JSON.stringify(Object.entries(c)), JSON.stringify(Object.assign({}, c)),"
        " Object.values(c).filter((v) => v === c.flowchart).length]"
    ),
    "inherited": (
        "(c) => { const d = Object.create(c); const first = d.flowchart; d.flowchart = 'own';"
        " return [first === c.flowchart, d.flowchart, typeof c.flowchart, Object.keys(d), JSON.stringify(c)]; }"
    ),
    "frozen before read": (
        "(c) => { Object.freeze(c); const a = c.flowchart, b = c.flowchart; let error = null;"
        " try { (() => { 'use strict'; c.flowchart = 1; })(); } catch (e) { error = e.constructor.name; }"
        " a.mutable = 1; return [a === b, Object.isFrozen(c), error, JSON.stringify(c)]; }"
    ),
    "sealed then deleted": (
        "(c) => { Object.seal(c); let error = null; try { (() => { 'use strict'; delete c.flowchart; })(); }"
        " catch (e) { error = e.constructor.name; } c.flowchart = 7; return [error, c.flowchart, JSON.stringify(c)]; }"
    ),
}


@pytest.mark.parametrize("scenario", sorted(_COPY_SCENARIOS))
def test_get_config_copy_behaves_as_a_whole_copy_before_its_nested_objects_are_read(
    merges: QuickJSEngine, scenario: str
) -> None:
    merges.eval(
        "globalThis.config = ({theme: 'dark', list: [1, 1, 2], themeVariables: {primaryColor: '#fff',"
        " nested: {deep: {x: 1}}}, flowchart: {htmlLabels: false, padding: {x: 1}}, gone: null, n: 3});"
    )
    seen = {}
    for name, make in (("merge", "original({}, config)"), ("copy", "__printerFastPaths.copyConfig(config, original)")):
        seen[name] = merges.eval(
            f"(() => {{ const copy = () => {make}; return JSON.stringify(({_COPY_SCENARIOS[scenario]})(copy())); }})()"
        )
    assert seen["copy"] == seen["merge"]


@pytest.mark.engine
def test_mermaids_config_reads_the_same_with_and_without_the_transforms() -> None:
    show = (
        "(() => { const show = (v, level) => v === null || typeof v !== 'object' ? [typeof v, String(v)]"
        " : level > 2 ? 'deep' : Object.keys(v).map((k) => [k, show(v[k], level + 1)]);"
        " return JSON.stringify(show(mermaid.mermaidAPI.getConfig(), 0)); })()"
    )
    steps = [
        "mermaid.initialize({theme: 'dark', flowchart: {htmlLabels: false, curve: 'basis'}})",
        "mermaid.mermaidAPI.setConfig({fontSize: 13, sequence: {mirrorActors: false}})",
        "mermaid.initialize({theme: 'forest', themeVariables: {primaryColor: '#123456'}})",
    ]
    seen = {}
    for transforms in (True, False):
        engine = QuickJSEngine(mermaid_bundle(transforms=transforms))
        readings = []
        for step in steps:
            engine.eval(step)
            readings.append(engine.eval(show))
        seen[transforms] = readings
    assert seen[True] == seen[False]
    assert len(set(seen[True])) == len(steps)


# ---- elk-register-once ----------------------------------------------------------------------------

_ELK_FLOWCHART = "flowchart LR\n  A[Start] --> B{Check}\n  B -->|yes| C[Done]\n  B -->|no| A\n"
_ELK_ER = "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER ||--|{ LINE_ITEM : contains\n"


def test_elk_registration_is_noted_per_registry_and_per_list_of_algorithms(merges: QuickJSEngine) -> None:
    answers = merges.eval(
        "(() => { const f = __printerFastPaths.elkRegisteredBefore, a = {}, b = {};"
        " return JSON.stringify([f(a, ['layered', 'force']), f(a, ['layered', 'force']), f(a, ['layered']), f(b, ['layered', 'force']),"
        " f(a, ['force', 'layered']), f(a, 'layered,force'), f(a, 'layered,force'), f(null, ['layered']),"
        " f(a, ['layered', 1]), f(a, ['layered', 1])]); })()"
    )
    assert json.loads(answers) == [False, True, False, False, False, False, False, False, False, False]


@pytest.mark.engine
def test_elk_registers_its_algorithms_once_per_process_and_draws_as_it_did() -> None:
    from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
    from mermaid_printer.jobs import SvgJob
    from mermaid_printer.mermaid.config import build_mermaid_config

    def draw(engine: QuickJSEngine, code: str) -> str:
        job = SvgJob(code=code, config=build_mermaid_config({}), svg_id="elk", timeout_ms=0, embed_fonts=False)
        return mermaid_worker.render_svg(engine, job).svg

    bundle = mermaid_bundle(transforms=True)
    engines = {"with": QuickJSEngine(bundle), "without": QuickJSEngine(bundle.without_transform("elk-register-once"))}
    # Count the registrations ELK runs (the helper answers false exactly when it lets one run).
    engines["with"].eval(
        "(() => { const f = __printerFastPaths.elkRegisteredBefore; globalThis.registrations = 0;"
        " __printerFastPaths.elkRegisteredBefore = (r, a) => { const before = f(r, a); if (!before) registrations++; return before; }; })()"
    )
    drawings = {
        name: [draw(e, code) for code in (_ELK_FLOWCHART, _ELK_ER, _ELK_FLOWCHART)] for name, e in engines.items()
    }
    assert drawings["with"] == drawings["without"]
    assert drawings["with"][0] == drawings["with"][2]
    assert "<path" in drawings["with"][0] and "CUSTOMER" in drawings["with"][1]
    assert engines["with"].eval("registrations") == 1


# ---- elk-string-hash-memo ---------------------------------------------------------------------------


def test_elk_string_hash_is_javas_as_elk_computes_it_first_and_again(merges: QuickJSEngine) -> None:
    transform = _transform("elk-string-hash-memo")
    # ELK's own function beside the transformed one, with ELK's bounds check (which throws).
    merges.eval(
        "(function () { var i = (f) => f;"
        " function un(e, n) { if (e < 0 || e >= n) throw new Error('index ' + e); }"
        + transform.find
        + " globalThis.elkHash = Vy; })();"
        "(function () { var i = (f) => f;" + transform.apply(transform.find) + " globalThis.memoHash = Vy; })();"
    )
    strings = [
        "",
        "a",
        "org.eclipse.elk.layered.spacing.nodeNodeBetweenLayers",
        "ünïcödé ✓ 𝔸 \ud800",  # Latin-1, BMP, a surrogate pair and a lone surrogate
        "x" * 5000,  # wraps around 32 bits many times
        "L_1",
    ]
    cases = json.dumps(strings)
    expected = json.loads(merges.eval(f"JSON.stringify({cases}.map(elkHash))"))
    assert expected[:2] == [0, 97] and len(set(expected)) == len(expected)
    # Once, again (remembered), and across the memo's emptying at 8,192 strings.
    for _ in range(2):
        assert json.loads(merges.eval(f"JSON.stringify({cases}.map(memoHash))")) == expected
    assert (
        merges.eval(
            "(() => { for (let k = 0; k < 20000; k++) if (memoHash('filler' + k) !== elkHash('filler' + k)) return k;"
            " return -1; })()"
        )
        == -1
    )
    assert json.loads(merges.eval(f"JSON.stringify({cases}.map(memoHash))")) == expected
    # Anything that is not a string is hashed as ELK's loop would, and not remembered.
    assert merges.eval("memoHash({length: 2, charCodeAt: (k) => 40 + k})") == merges.eval(
        "elkHash({length: 2, charCodeAt: (k) => 40 + k})"
    )


# ---- dompurify-unapply-rest-parameters -------------------------------------------------------------


def test_dompurify_unapply_calls_as_the_shipped_helper_does(merges: QuickJSEngine) -> None:
    transform = _transform("dompurify-unapply-rest-parameters")
    merges.eval(
        "(function () { var FHe = Reflect.apply;" + transform.find + " globalThis.shippedUnapply = Xf; })();"
        "(function () { var FHe = Reflect.apply;"
        + transform.apply(transform.find)
        + " globalThis.restUnapply = Xf; })();"
    )
    calls = [
        "(u) => { const re = /a/g; re.lastIndex = 5; return [u(RegExp.prototype.test)(re, 'xa'), re.lastIndex]; }",
        "(u) => u(String.prototype.replace)('a-b-c', /-/g, '+')",
        "(u) => u(String.prototype.toLowerCase)('ABC')",
        "(u) => { const a = [1]; return [u(Array.prototype.push)(a, 2, 3, 4, 5), a]; }",
        "(u) => u(function () { return [this === undefined, arguments.length, Array.isArray(arguments[0])]; })()",
        "(u) => u(function (...xs) { return [typeof this, xs]; })('t', undefined, null)",
        "(u) => [u(Math.max).length, u(Math.max).name]",
        "(u) => { try { u(RegExp.prototype.test)({}, 'x'); return 'no error'; } catch (e) { return e.constructor.name; } }",
    ]
    for call in calls:
        shipped = merges.eval(f"JSON.stringify(({call})(shippedUnapply))")
        assert merges.eval(f"JSON.stringify(({call})(restUnapply))") == shipped, call


# ---- compile-css-once-per-sheet -------------------------------------------------------------------


def test_compile_css_once_keeps_a_result_per_sheet_and_puts_each_scope_back(merges: QuickJSEngine) -> None:
    # A stand-in compileCSS that counts its calls and, like stylis, writes the scope into the result.
    merges.eval(
        "globalThis.compiles = 0; globalThis.fakeCompile = (scope, css) => { compiles++;"
        " return css.split('}').filter(Boolean).map((rule) => scope + ' ' + rule + '}').join(''); };"
        "globalThis.once = (scope, css) => __printerFastPaths.compileCssOnce(fakeCompile, scope, css);"
    )
    a, b = "#mermaid-0123456789ab", "#mermaid-export"
    sheet = ".node{fill:red}.edge{filter:url(SCOPE-drop-shadow)}"
    cases = [
        (a, sheet.replace("SCOPE", a)),  # compiled
        (b, sheet.replace("SCOPE", b)),  # the same sheet under another scope: kept
        (a, sheet.replace("SCOPE", a)),  # kept
        (b, ".x{}" + sheet.replace("SCOPE", b)),  # another sheet: compiled
        ("#custom-id", ".y{}"),  # a scope the service never gives: compiled every time
        ("#custom-id", ".y{}"),
        (a, ".z{fill:url(#mermaid-ffffffffffff-x)}"),  # names another id: compiled every time
        (a, ".z{fill:url(#mermaid-ffffffffffff-x)}"),
    ]
    for scope, css in cases:
        args = json.dumps([scope, css])
        expected = merges.eval(f"fakeCompile(...{args})")
        merges.eval("compiles = 0")
        assert merges.eval(f"once(...{args})") == expected
    assert merges.eval("compiles") == 1  # the last case was compiled again
    merges.eval("compiles = 0")
    for scope, css in cases:
        merges.eval(f"once(...{json.dumps([scope, css])})")
    assert merges.eval("compiles") == 4  # the custom scope twice, the other id's sheet twice


def _drawings_with_and_without(transform: str, jobs: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The SVGs of (code, svg id) jobs drawn by the bundle with its transforms and without one."""
    from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
    from mermaid_printer.jobs import SvgJob
    from mermaid_printer.mermaid.config import build_mermaid_config

    bundle = mermaid_bundle(transforms=True)
    engines = {"with": QuickJSEngine(bundle), "without": QuickJSEngine(bundle.without_transform(transform))}
    return {
        name: [
            mermaid_worker.render_svg(
                engine,
                SvgJob(code=code, config=build_mermaid_config({}), svg_id=svg_id, timeout_ms=0, embed_fonts=False),
            ).svg
            for code, svg_id in jobs
        ]
        for name, engine in engines.items()
    }


def _drawn_twice_alike(transform: str, codes: list[str]) -> list[str]:
    """Each of ``codes`` drawn twice, with the bundle's transforms and without ``transform``,
    asserting the same SVGs both ways and the second drawings (answered from what the transform
    keeps) the same as the first. Returns the drawings with the transform."""
    drawings = _drawings_with_and_without(transform, [(code, "mermaid-0123456789ab") for code in codes * 2])
    assert drawings["with"] == drawings["without"]
    assert drawings["with"][: len(codes)] == drawings["with"][len(codes) :]
    return drawings["with"]


@pytest.mark.engine
def test_compile_css_once_draws_what_mermaid_draws_under_any_id() -> None:
    code = _ELK_FLOWCHART + "  classDef hot fill:#f96\n  class A hot\n"
    ids = ("mermaid-export", "mermaid-0123456789ab", "mermaid-ba9876543210")
    drawings = _drawings_with_and_without("compile-css-once-per-sheet", [(code, svg_id) for svg_id in ids])
    assert drawings["with"] == drawings["without"]
    assert "mermaid-ba9876543210-drop-shadow" in drawings["with"][2] or "#mermaid-ba9876543210" in drawings["with"][2]


# ---- theme-variables-once ---------------------------------------------------------------------------


def test_theme_variables_are_calculated_once_per_overrides_and_every_caller_gets_its_own_copy(
    merges: QuickJSEngine,
) -> None:
    # A stand-in theme: a class whose calculate counts its calls and derives values, nested ones too.
    merges.eval(
        "globalThis.calcs = 0;"
        "class FakeTheme { constructor() { this.background = '#fff'; this.nested = { a: [1, { b: 2 }] }; }"
        "  calculate(o) { calcs++; if (o) for (const k of Object.keys(o)) this[k] = o[k];"
        "    this.derived = String(this.background) + '!'; } }"
        "globalThis.themes = __printerFastPaths.themesComputedOnce({ fake: { getThemeVariables: (o) => {"
        "  const t = new FakeTheme(); t.calculate(o); return t; } } });"
        "globalThis.fresh = (o) => { const t = new FakeTheme(); t.calculate(o); return t; };"
        "globalThis.describe = (t) => JSON.stringify([Object.getPrototypeOf(t) === FakeTheme.prototype,"
        "  Object.keys(t), t]);"
    )
    calls = [
        "undefined",
        "{background: '#000', extra: 1}",
        "{background: '#000', extra: 1}",
        "{extra: 1, background: '#000'}",  # the same values in another order: keys come in that order
        "{background: '#111', extra: 1}",  # the same keys, another value
        "{background: '#111', extra: '1'}",  # the same text, another type
        "undefined",
        "{background: '#000', extra: 1}",
    ]
    for call in calls:
        assert merges.eval(f"describe(themes.fake.getThemeVariables({call}))") == merges.eval(
            f"describe(fresh({call}))"
        )
    merges.eval("calcs = 0")
    for call in calls:
        merges.eval(f"themes.fake.getThemeVariables({call})")
    assert merges.eval("calcs") == 0  # every one kept
    # Each caller's copy is its own, nested objects included.
    merges.eval("const first = themes.fake.getThemeVariables(); first.nested.a[1].b = 99; first.background = 'x';")
    assert merges.eval("describe(themes.fake.getThemeVariables())") == merges.eval("describe(fresh())")
    # Overrides holding an object are calculated every time (the theme would share it).
    merges.eval("calcs = 0")
    merges.eval("themes.fake.getThemeVariables({nested: {c: 1}}); themes.fake.getThemeVariables({nested: {c: 1}});")
    assert merges.eval("calcs") == 2


@pytest.mark.engine
def test_theme_variables_once_draws_what_mermaid_draws() -> None:
    codes = [
        "%%{init: {'theme': 'forest', 'themeVariables': {'primaryColor': '#ff0000'}}}%%\n" + _ELK_FLOWCHART,
        "---\nconfig:\n  theme: dark\n---\nsequenceDiagram\n  Alice->>Bob: Hi\n",
        'venn-beta\n  set A["Design"]:10\n  set B["Code"]:14\n  union A,B["Both"]:4\n',
        "%%{init: {'theme': 'base', 'themeVariables': {'primaryColor': '#00ff00', 'darkMode': true}}}%%\n"
        + _ELK_FLOWCHART,
    ]
    _drawn_twice_alike("theme-variables-once", codes)  # the second from kept themes


# ---- default-theme-variables-once --------------------------------------------------------------------


def test_a_theme_kept_on_its_own_is_kept_once_with_the_registry(merges: QuickJSEngine) -> None:
    # The default theme is wrapped where it is defined, then listed in the registry: the
    # registry takes the wrapped function as it is, and both share one kept theme.
    merges.eval(
        "globalThis.calcs2 = 0;"
        "class OwnTheme { constructor() { this.background = '#fff'; }"
        "  calculate(o) { calcs2++; if (o) for (const k of Object.keys(o)) this[k] = o[k]; } }"
        "globalThis.own = __printerFastPaths.themeVariablesComputedOnce((o) => {"
        "  const t = new OwnTheme(); t.calculate(o); return t; });"
        "globalThis.registry = __printerFastPaths.themesComputedOnce({ own: { getThemeVariables: own } });"
    )
    assert merges.eval("registry.own.getThemeVariables === own")
    merges.eval("own(); own(); registry.own.getThemeVariables(); own({background: '#000'});")
    assert merges.eval("calcs2") == 2  # once without overrides, once with them
    assert merges.eval(
        "JSON.stringify([own(), Object.getPrototypeOf(own()) === OwnTheme.prototype, own() !== own()])"
    ) == ('[{"background":"#fff"},true,true]')


@pytest.mark.engine
def test_default_theme_variables_once_draws_what_mermaid_draws() -> None:
    # The types that ask for the default theme's variables themselves, on every render.
    codes = [
        "radar-beta\n  axis a, b, c\n  curve one{1, 2, 3}\n  curve two{3, 2, 1}\n",
        'treemap-beta\n"Root"\n    "A": 10\n    "B": 20\n',
        "xychart-beta\n  x-axis [a, b, c]\n  bar [1, 2, 3]\n",
        "wardley-beta\ntitle Tea\ncomponent Tea [0.9, 0.2]\n",
        'cynefin-beta\n  complex\n    "Forecasting"\n  clear\n    "Payroll"\n',
        "%%{init: {'theme': 'dark'}}%%\nradar-beta\n  axis a, b, c\n  curve one{1, 2, 3}\n",
    ]
    drawings = _drawn_twice_alike("default-theme-variables-once", codes)  # the second from the kept theme
    described = ["radar", "treemap", "xychart", "wardley", "cynefin", "radar"]
    for svg, kind in zip(drawings, described * 2, strict=True):
        assert f'aria-roledescription="{kind}' in svg


# ---- svg-cleanup-skips-absent-text ------------------------------------------------------------------


def test_svg_cleanup_returns_what_the_shipped_cleanup_returns_for_any_text(merges: QuickJSEngine) -> None:
    # decodeEntities (a2) and cleanUpSvgCode (rxi) as shipped and as transformed, side by side.
    decode, clean_up = (t for t in MERMAID_TRANSFORMS if t.name == "svg-cleanup-skips-absent-text")
    shipped = decode.find + ";" + clean_up.find
    transformed = decode.apply(decode.find) + ";" + clean_up.apply(clean_up.find)
    assert transformed != shipped
    merges.eval(
        f"(function () {{ {_NAME_HELPER} var a2, rxi; {shipped}; globalThis.shippedCleanup = [a2, rxi]; }})();"
        f"(function () {{ {_NAME_HELPER} var a2, rxi; {transformed}; globalThis.fastCleanup = [a2, rxi]; }})();"
        "globalThis.outcome = (f) => { try { return JSON.stringify(['ok', f()]); }"
        " catch (e) { return JSON.stringify([e.constructor.name]); } };"
    )
    texts = [
        "''",
        "'plain <svg> text with nothing to change'",
        "'\\uFB02\\xB0\\xB0quot\\xB6\\xDF and \\uFB02\\xB0lt\\xB6\\xDF and \\uFB02\\xB0\\xB035\\xB6\\xDF'",
        "'only \\uFB02\\xB0 half'",
        "'\\uFB02\\xB0\\xB0\\xB0 \\xB6\\xDF\\xB6\\xDF \\xB6'",
        "'a<br>b<br/>c<br>'",
        '\'<path marker-end="url(http://host/page.html#arrow)"/><path marker-end="url(#local)"/>\'',
        "'marker-end=\"url(' ",
        "new String('\\uFB02\\xB0amp\\xB6\\xDF<br>')",
        "42",
        "undefined",
        "null",
    ]
    for text in texts:
        for call in (
            f"(fs) => fs[0]({text})",
            f"(fs) => fs[1]({text}, false, false)",
            f"(fs) => fs[1]({text}, true, false)",
            f"(fs) => fs[1]({text}, false, true)",
        ):
            expected = merges.eval(f"outcome(() => ({call})(shippedCleanup))")
            assert merges.eval(f"outcome(() => ({call})(fastCleanup))") == expected, call


@pytest.mark.engine
def test_svg_cleanup_draws_what_mermaid_draws() -> None:
    codes = [
        _ELK_FLOWCHART + '  C --> D["say #quot;hi#quot; #35; #amp;<br>next line"]\n',
        "sequenceDiagram\n  Alice->>Bob: a #lt;b#gt; c<br>d\n",
        'pie\n  "a": 1\n  "b": 2\n',
    ]
    drawings = _drawings_with_and_without(
        "svg-cleanup-skips-absent-text", [(code, "mermaid-0123456789ab") for code in codes]
    )
    assert drawings["with"] == drawings["without"]
    assert '> "hi"</tspan>' in drawings["with"][0]  # the label's entities, decoded


# ---- dompurify-allow-lists-copied-natively ----------------------------------------------------------

# DOMPurify's clone() as shipped, and its cleanArray; the helpers it calls are the built-ins
# DOMPurify captured (entries, create, isArray, hasOwnProperty) and Babel's destructuring, which
# for an entries pair is the pair itself.
_PURIFY_CLONE = re.search(
    r"function O5n\(r\)\{.*?return r\}function Ww\(r\)\{.*?return t\}", MERMAID_JS.read_text(encoding="utf-8")
)


def test_dompurify_allow_lists_are_copied_as_its_clone_copies_them(merges: QuickJSEngine) -> None:
    assert _PURIFY_CLONE is not None
    merges.eval(
        "(function () { const mz = Object.create, Cor = Object.entries, yz = Array.isArray;"
        " const t2 = (o, k) => Object.prototype.hasOwnProperty.call(o, k); const S5n = (pair) => pair;"
        + _PURIFY_CLONE.group(0)
        + " globalThis.purifyClone = Ww; })();"
        # an allow-list as DOMPurify's addToSet makes one
        "globalThis.flagSet = (keys) => { const set = {}; Object.setPrototypeOf(set, null);"
        " for (const key of keys) set[key] = true; return set; };"
        # what a copy is: its prototype, keys and values, and which values are the source's own objects
        "globalThis.shape = (copy, source) => JSON.stringify([Object.getPrototypeOf(copy) === null,"
        " Reflect.ownKeys(copy).map(String), Object.values(copy),"
        " Object.keys(copy).map((k) => typeof copy[k] === 'object' && copy[k] === source[k])]);"
    )
    sets = [
        "flagSet(['svg', 'g', '#text', 'tbody', '2', '10', 'a'])",  # integer-like keys come first, in order
        "flagSet([])",
        "Object.assign(flagSet(['a', 'b']), {c: false})",  # not a flag: clone's way
        "Object.assign(flagSet(['a']), {list: [1, 2]})",
        "Object.assign(flagSet(['a']), {nested: {b: true}})",
        "Object.assign(flagSet(['a']), {[Symbol('s')]: true})",
        "({a: true, b: true})",  # Object.prototype: clone's way
    ]
    for set_ in sets:
        shipped = merges.eval(f"(() => {{ const s = {set_}; return shape(purifyClone(s), s); }})()")
        fast = merges.eval(
            f"(() => {{ const s = {set_}; return shape(__printerFastPaths.cloneFlagSet(s, purifyClone), s); }})()"
        )
        assert fast == shipped, set_
    # The copy is its own: adding to it leaves the list as it was.
    assert merges.eval(
        "(() => { const list = flagSet(['a']); const copy = __printerFastPaths.cloneFlagSet(list, purifyClone);"
        " copy.b = true; return JSON.stringify([Object.keys(list), Object.keys(copy)]); })()"
    ) == json.dumps([["a"], ["a", "b"]], separators=(",", ":"))


@pytest.mark.engine
def test_dompurify_allow_lists_copied_natively_draw_what_mermaid_draws() -> None:
    codes = [
        _ELK_FLOWCHART,
        'pie\n  "a": 1\n  "b": 2\n',
        "sequenceDiagram\n  Alice->>Bob: <b>bold</b> and <i>it</i>\n",
    ]
    drawings = _drawings_with_and_without(
        "dompurify-allow-lists-copied-natively", [(code, "mermaid-0123456789ab") for code in codes * 2]
    )
    assert drawings["with"] == drawings["without"]


# ---- current-config-rebuilt-once-per-inputs ---------------------------------------------------------


def test_current_config_inputs_are_keyed_by_identity_changes_and_plain_values(merges: QuickJSEngine) -> None:
    merges.eval(
        "globalThis.site = {a: 1}; globalThis.own = {b: 2}; globalThis.initial = {c: 3};"
        "globalThis.key = (directives, list, scope, s = site) =>"
        " __printerFastPaths.currentConfigKey(s, directives, list, scope, own, initial);"
    )
    first = merges.eval("key([{theme: 'dark'}], [{theme: 'dark'}], 'flowchart')")
    assert first is not None
    assert merges.eval("key([{theme: 'dark'}], [{theme: 'dark'}], 'flowchart')") == first  # same values
    others = [
        "key([{theme: 'forest'}], [{theme: 'dark'}], 'flowchart')",  # another directive
        "key([{theme: 'dark'}], [], 'flowchart')",  # another list of directives
        "key([{theme: 'dark'}], [{theme: 'dark'}], undefined)",  # no scope
        "key([{theme: 'dark'}], [{theme: 'dark'}], 'pie')",
        "key([{theme: 'dark'}], [{theme: 'dark'}], 'flowchart', {a: 1})",  # another site config object
        "key([{theme: 'dark', x: '1'}], [{theme: 'dark'}], 'flowchart')",
        "key([{theme: 'dark', x: 1}], [{theme: 'dark'}], 'flowchart')",  # the same text, another type
    ]
    keys = [merges.eval(other) for other in others]
    assert None not in keys and len({first, *keys}) == len(keys) + 1
    # A site config merged into in place (updateSiteConfig) is another input.
    merges.eval("__printerFastPaths.configChanged(site)")
    assert merges.eval("key([{theme: 'dark'}], [{theme: 'dark'}], 'flowchart')") != first
    # Anything JSON would not write exactly is not keyed: rebuilt as upstream.
    unkeyed = [
        "[{a: undefined}]",
        "[{f: () => 1}]",
        "[{d: new Date(0)}]",
        "[{n: -0}]",
        "[{n: NaN}]",
        "[{n: Infinity}]",
        "[[1, , 3]]",
        "[Object.assign([1], {extra: 2})]",
        "[{[Symbol('s')]: 1}]",
        "[Object.defineProperty({}, 'g', {get: () => 1, enumerable: true})]",
        "[new (class Directive {})()]",
    ]
    for directives in unkeyed:
        assert merges.eval(f"key({directives}, [], 'flowchart')") is None, directives
        assert merges.eval(f"key([], {directives}, 'flowchart')") is None, directives
    assert merges.eval("key([], [], {scope: 1})") is None
    assert merges.eval("key([], [], 'x', 'not an object')") is None
    assert merges.eval("key([], [], 'x', Object.create(null)) !== null")  # a null-prototype object
    # Kept per key; a null key keeps nothing.
    merges.eval("globalThis.kept = {current: true}; __printerFastPaths.keepCurrentConfig('k', kept);")
    assert merges.eval("__printerFastPaths.keptCurrentConfig('k') === kept")
    merges.eval("__printerFastPaths.keepCurrentConfig(null, {})")
    assert merges.eval("__printerFastPaths.keptCurrentConfig(null) === undefined")


@pytest.mark.engine
def test_current_config_rebuilt_once_reads_and_draws_what_mermaid_does() -> None:
    bundle = mermaid_bundle(transforms=True)
    engines = {
        "with": QuickJSEngine(bundle),
        "without": QuickJSEngine(bundle.without_transform("current-config-rebuilt-once-per-inputs")),
    }
    # The config API in the order a page might call it; after each step, the current config.
    steps = """
      const api = mermaid.mermaidAPI, out = [];
      const seen = () => out.push(JSON.stringify(api.getConfig()));
      api.initialize({theme: 'dark', flowchart: {curve: 'linear'}}); seen();
      api.setConfig({fontSize: 20}); seen();
      api.updateSiteConfig({theme: 'forest'}); seen();   // merged into the site config in place
      api.reset(); seen();
      api.updateSiteConfig({flowchart: {nodeSpacing: 77}}); seen();
      api.reset(); seen();
      api.setConfig({theme: 'neutral', themeVariables: {primaryColor: '#ff0000'}}); seen();
      api.reset(); seen();
      api.initialize({}); seen();
      return JSON.stringify(out);
    """
    reads = {name: engine.eval(f"(function () {{ {steps} }})()") for name, engine in engines.items()}
    assert reads["with"] == reads["without"]
    assert len(set(json.loads(reads["with"]))) >= 5  # the steps did change the config
    codes = [
        "%%{init: {'theme': 'forest', 'flowchart': {'curve': 'step'}}}%%\n" + _ELK_FLOWCHART,
        _ELK_FLOWCHART,
        "---\nconfig:\n  theme: dark\n  sequence:\n    mirrorActors: false\n---\nsequenceDiagram\n  Alice->>Bob: Hi\n",
        "sequenceDiagram\n  Alice->>Bob: Hi\n",
        'pie\n  "a": 1\n  "b": 2\n',
    ]
    _drawn_twice_alike("current-config-rebuilt-once-per-inputs", codes)  # the second from kept configs


# ---- zenuml-sll-prediction-first ----------------------------------------------------------------


def test_the_zenuml_transform_fits_the_plugins_bundle_exactly_and_only_with_transforms() -> None:
    source = ZENUML_JS.read_text(encoding="utf-8")
    for transform in ZENUML_TRANSFORMS:
        assert source.count(transform.find) == transform.count, transform.name
    with_them, without = (
        next(s for s in mermaid_bundle(transforms=on).scripts if s.path == ZENUML_JS) for on in (True, False)
    )
    assert with_them.transforms == ZENUML_TRANSFORMS
    assert without.transforms == ()
    assert without.source() == source


_ZENUML = [
    (
        "zenuml\n  title Order\n  @Actor Customer\n  Customer->Shop.order(items) {\n    Store.save(order)\n"
        "    if(paid) {\n      return confirmation\n    } else {\n      return error\n    }\n  }\n"
    ),
    (
        "zenuml\n  A->B.call(x) {\n    try { C.x() } catch(e) { return err } finally { C.close() }\n  }\n"
        "  par {\n    A->B: a\n    A->C: b\n  }\n  // a comment\n  A->B: async\n  opt { B.x() }\n  new D()\n"
        '  result = B.compute(1 + 2 * 3, a.b, "s")\n'
    ),
]
# Not ZenUML's syntax (the plugin's LL parse reports a syntax error in each and draws what it
# recovered): SLL bails out at the error and the shipped parse runs.
_ZENUML_BROKEN = [
    "zenuml\n  A->B.m( {\n  if(x) {",
    "zenuml\n  A->B: hi\n  @@@ ;;; )(",
    "zenuml\n  A->>B: async\n",
    "zenuml\n  A->B.call(x) {\n    while(true) { B->C: ping }\n  }\n",
]


@pytest.mark.engine
def test_zenuml_parses_sll_first_draws_what_the_plugin_draws_and_falls_back_on_a_syntax_error() -> None:
    # The transform as shipped, with a count of the first stage's successes (a probe: the same
    # text, only counting), against the bundle without it.
    (transform,) = ZENUML_TRANSFORMS
    ok = "return s.prog()}catch{}"
    assert transform.replace.count(ok) == 1
    counted = SourcePatch(
        name=transform.name,
        find=transform.find,
        replace=transform.replace.replace(
            ok, "const t=s.prog();globalThis.__sllParses=(globalThis.__sllParses|0)+1;return t}catch{}"
        ),
    )
    bundle = mermaid_bundle(transforms=True).without_transform(transform.name)
    engines = {"with": QuickJSEngine(bundle.with_transform(ZENUML_JS.name, counted)), "without": QuickJSEngine(bundle)}
    drawn: dict[str, list[str]] = {}
    for name, engine in engines.items():
        drawn[name] = [
            json.dumps(
                engine.call("render", {"code": code, "config": {}, "svgId": "mermaid-0123456789ab"}), sort_keys=True
            )
            for code in _ZENUML + _ZENUML_BROKEN
        ]

    assert drawn["with"] == drawn["without"]
    assert all('"ok": true' in drawing for drawing in drawn["with"])
    # every valid diagram was parsed by the first stage, no broken one
    assert json.loads(engines["with"]._context.eval("JSON.stringify(globalThis.__sllParses|0)")) == len(_ZENUML)
