"""Freezing the interpreter's heap before forking (``engine/native/frozen_heap.c``): a child that
reads frozen objects copies no page for them; everything else behaves as before.

The project's build of QuickJS guards its reference counts (``hatch_build.guard_reference_counts``)
and ``freeze_heap`` gives every block alive an immortal count. What that must not change: the
results of scripts that touch frozen objects, strings, shapes and maps; the freeing of new
objects, cycles included; the drawings of a render process.
"""

from __future__ import annotations

import hashlib
import importlib
import resource
from collections.abc import Callable
from typing import Any

import pytest
from forked import in_child
from warm_up_cases import DIAGRAMS, MARKDOWN

import mermaid_printer.engine.native as native
from mermaid_printer.bundles.markmap import handlers as markmap_worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QUICKJS_MODULE, QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine


@pytest.fixture(autouse=True)
def _the_projects_build() -> None:
    if native.freeze_heap(QUICKJS_MODULE, QUICKJS_MODULE.Context()) is None:
        pytest.skip("the engine runs the quickjs-ng wheel's module, which cannot freeze its heap")


def _context(memory_limit: int = 256 * 2**20) -> Any:
    context = QUICKJS_MODULE.Context()
    context.set_memory_limit(memory_limit)
    return context


def test_freezing_gives_every_counted_block_an_immortal_count_once() -> None:
    context = _context()
    context.eval("globalThis.kept = Array.from({length: 1000}, (_, i) => ({i, name: 'n' + i}))")
    context.gc()

    first = native.freeze_heap(QUICKJS_MODULE, context)
    again = native.freeze_heap(QUICKJS_MODULE, context)

    assert first is not None and first > 2000  # the 1,000 objects and 1,000 strings, at least
    assert again == 0


def _page_faults_in_child(work: Callable[[], object]) -> int:
    def measured() -> int:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        work()
        return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before

    faults: int = in_child(measured)
    return faults


def test_a_forked_child_reading_frozen_objects_copies_no_page_for_them() -> None:
    # 200,000 objects and strings fill ~3,000 pages. Reading each one (for-of takes a reference
    # to every element, .name to every string) writes its count: a child of an unfrozen process
    # copies every page, a child of a frozen one none of them.
    context = _context()
    context.eval("""
        globalThis.items = Array.from({length: 200000}, (_, i) => ({i, name: 'name-' + i}));
        globalThis.readAll = () => { let sum = 0; for (const item of items) sum += item.i + item.name.length; return sum; };
        readAll();
    """)
    context.gc()
    read_all = lambda: context.eval("readAll()")  # noqa: E731

    unfrozen = _page_faults_in_child(read_all)
    native.freeze_heap(QUICKJS_MODULE, context)
    frozen = _page_faults_in_child(read_all)

    assert unfrozen > 2000
    assert frozen < unfrozen / 20


def test_a_forked_child_allocates_beside_frozen_blocks_not_between_them() -> None:
    # One object in 64 dropped leaves a hole on nearly every page of the frozen heap. A child that
    # filled those holes with its 3,000 new objects would copy ~3,000 pages; allocated in new
    # arenas (frozen_heap.c, detach_arenas_with_holes) they take a few dozen fresh ones.
    context = _context()
    context.eval("""
        globalThis.items = Array.from({length: 200000}, (_, i) => ({i}));
        for (let i = 0; i < items.length; i += 64) items[i] = null;
    """)
    context.gc()
    native.freeze_heap(QUICKJS_MODULE, context)

    faults = _page_faults_in_child(
        lambda: context.eval("globalThis.more = Array.from({length: 3000}, (_, i) => ({i})); 1")
    )

    assert faults < 600


_TOUCH_FROZEN = """
(() => {
    const out = [];
    shared.count += 1; shared.added = 'new'; delete shared.gone;   // a frozen shape, changed
    shared.list.push(4); shared.list[0] = 'first';
    let text = shared.text; for (let k = 0; k < 50; k++) text += k;  // appends to a frozen string
    out.push(text.length, text.slice(-6));
    for (const [key, value] of shared.map) { out.push(key + value); if (key === 1) shared.map.delete(2); }
    shared.map.set(3, 'z');
    const copy = Object.assign({}, shared.proto);
    Object.setPrototypeOf(copy, shared.proto); out.push(copy.greet(), shared.cycle.self === shared.cycle);
    out.push(JSON.stringify({...shared, cycle: null}), [...shared.map.keys()].join());
    return JSON.stringify(out);
})()
"""
_BUILD_SHARED = """
globalThis.shared = {count: 1, gone: true, list: [1, 2, 3], text: 'abc' + 'def'.repeat(3),
    map: new Map([[1, 'x'], [2, 'y']]), proto: {greet() { return 'hello ' + this.count; }, count: 7},
    cycle: {}};
shared.cycle.self = shared.cycle;
"""


def test_scripts_touching_frozen_objects_give_the_same_results() -> None:
    results = []
    for freeze in (False, True):
        context = _context()
        context.eval(_BUILD_SHARED)
        context.gc()
        if freeze:
            native.freeze_heap(QUICKJS_MODULE, context)
        results.append([context.eval(_TOUCH_FROZEN) for _ in range(3)])

    assert results[0] == results[1]


def test_new_objects_and_cycles_are_still_freed_after_freezing() -> None:
    # Each loop makes ~20x the memory limit of garbage: without freeing it, the limit stops it.
    context = _context(memory_limit=48 * 2**20)
    context.eval("globalThis.anchor = {kept: []}")
    native.freeze_heap(QUICKJS_MODULE, context)

    churned = context.eval("""
        (() => {
            let batch;
            for (let k = 0; k < 100; k++) batch = Array.from({length: 20000}, (_, i) => ({i, s: 'v' + i}));
            for (let k = 0; k < 100; k++) {
                const ring = Array.from({length: 20000}, () => ({}));
                ring.forEach((node, i) => { node.next = ring[(i + 1) % ring.length]; });
                anchor.kept = ring;   // a frozen object refers to the newest ring only
            }
            return batch.length + anchor.kept.length;
        })()
    """)

    # Done under the memory limit, so the garbage was freed as it went (how much the context
    # holds after: benchmarks/test_memory_bench.py).
    assert churned == 40000


def test_only_a_context_of_the_module_is_read() -> None:
    with pytest.raises(TypeError, match=r"not a .*Context: object"):
        native.freeze_heap(QUICKJS_MODULE, object())


def test_the_wheels_module_cannot_freeze_and_says_so() -> None:
    wheel = importlib.import_module("_quickjs")

    assert native.freeze_heap(wheel, wheel.Context()) is None


def test_a_render_process_draws_the_same_from_a_frozen_heap() -> None:
    # As the zygote ends (worker.prepare): warm-up, priming, deferred collection, then frozen in
    # the one child and not in the other; each draws every warm-up diagram and a mind map.
    mermaid = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(mermaid)
    mermaid_worker.prime(mermaid)
    mermaid.defer_garbage_collection()
    markmap = QuickJSEngine(markmap_bundle())
    markmap_worker.warm_up(markmap)
    markmap_worker.prime(markmap)
    markmap.defer_garbage_collection()
    mind_map = MarkmapRenderJob(markdown=MARKDOWN, options={}, timeout_ms=0, svg_id="markmap-0123456789ab")

    def draw(freeze: bool) -> dict[str, str]:
        if freeze:
            assert mermaid.freeze_heap() and markmap.freeze_heap()
        drawings = {}
        for name, code in sorted(DIAGRAMS.items()):
            job = SvgJob(code=code, config=build_mermaid_config({}), svg_id="mermaid-0123456789ab", timeout_ms=0)
            drawings[name] = hashlib.sha256(mermaid_worker.render_svg(mermaid, job).svg.encode()).hexdigest()
        drawings["mind map"] = hashlib.sha256(markmap_worker.render(markmap, mind_map).data).hexdigest()
        return drawings

    assert in_child(lambda: draw(True)) == in_child(lambda: draw(False))


def test_a_prepared_worker_has_frozen_every_engine() -> None:
    def frozen_again() -> dict[str, int | None]:
        from mermaid_printer import worker

        worker.prepare()
        engines = worker._engines.items()
        return {name: engine.freeze_heap() for name, engine in engines if isinstance(engine, QuickJSEngine)}

    # In a child: prepare() loads every bundle into the worker module's globals.
    assert in_child(frozen_again) == {"mermaid": 0, "markmap": 0}
