"""What runs inside the renderer pool's processes: engines loaded once, then one job per process.

The pool (:mod:`mermaid_printer.pool`) calls these functions of this module:

``prepare(engine="native", warm_up=True)``
    once, in the warm process (the zygote): make an engine (see
    :func:`~mermaid_printer.engine.engine_factory`) for every bundle a job kind needs, load it
    and warm it up (each bundle's worker module has a ``warm_up(engine)``). ``warm_up=False``
    loads the engines only: for a one-shot process (the CLI rendering one file) warming every
    diagram type would cost more than the one render it serves.
``prime()``
    in a spare single-use child before its request, when a core is free for it (the pool's
    zygote decides): each bundle worker's ``prime(engine)``, a fixed warm-up of its own (never
    user input) that pays the copy-on-write faults off the request's clock. ``prepare()`` ends
    with it, so a child renders the same whether or not it primed.
``idle_warm_up()``
    in a long-lived zygote, a step per ``next()`` once it is idle: each bundle worker's optional
    ``idle_warm_up(engine)`` (the Mermaid worker draws ZenUML's constructs), then the heap
    settled for forking again as ``prepare()`` leaves it.
``handle(job)``
    in the single-use child: dispatch the job to its kind's handler (:data:`~mermaid_printer.jobs.JOB_KINDS`),
    which runs the engine and the post-processing, so a hostile SVG costs only that process.

Each bundle's hooks and handlers are one :class:`~mermaid_printer.bundles.BundleWorker` in
:data:`~mermaid_printer.bundles.BUNDLES`.
"""

from __future__ import annotations

import gc
import json
import logging
from collections.abc import Iterator
from typing import Any

from mermaid_printer.bundles import BundleWorker, bundle_worker
from mermaid_printer.engine import Engine, FreezableEngine, engine_factory
from mermaid_printer.errors import RenderFailed
from mermaid_printer.jobs import JOB_KINDS, job_kind_of
from mermaid_printer.resources import verify_vendored_files

logger = logging.getLogger(__name__)

__all__ = [
    "adopt_safe_stylesheets",
    "engine_for",
    "find_safe_stylesheets",
    "handle",
    "idle_warm_up",
    "prepare",
    "prime",
    "record_pages",
]

_engines: dict[str, Engine] = {}
_engine_name = "native"
_warmed = True
_prepared = False


def _bundle_worker(bundle: str) -> BundleWorker:
    return bundle_worker(bundle)


def prepare(
    engine: str = "native",
    warm_up: bool = True,
    bundles: list[str] | None = None,
    export: bool = True,
    kinds: list[str] | None = None,
) -> None:
    """Load an engine for every bundle the job kinds use and warm each up (once per zygote).

    Engines are loaded here, before any request: a render process gets its limits (address
    space included) before it takes its request, and the WebAssembly engine's memory
    reservation would not fit under them.

    Args:
        engine: which engine to load the bundles into (a key of
            :data:`~mermaid_printer.engine.ENGINES`, or ``module:attribute``).
        warm_up: render a drawing of each common kind now, so every child starts warm; off
            for a process that serves one request.
        bundles: the bundles to load (default: every bundle a job kind names); a process that
            serves one Mermaid request loads only ``["mermaid"]``.
        export: warm the PDF/PNG converter up too; off for a pool whose jobs are all SVG (a
            batch of SVG files), where a PDF or PNG job would load it on first use.
        kinds: warm only these diagram kinds (``bundles.mermaid.bundle.warm_up_kind``): a
            batch's; default every kind the warm-up has.

    Raises:
        ValueError: no such engine, or no such bundle.
        EngineUnavailable: a vendored file is missing or not what ``vendor/manifest.json`` says.
        RenderFailed: a bundle failed to load or to warm up.
    """
    global _engine_name, _warmed, _prepared
    engine_factory(engine)  # an unknown engine fails here, in the zygote, not in a request
    every = list(dict.fromkeys(kind.bundle for kind in JOB_KINDS))
    unknown = sorted(set(bundles or ()) - set(every))
    if unknown:
        raise ValueError(f"unknown bundle(s) {', '.join(unknown)}; choose from {', '.join(every)}")
    _engine_name, _warmed, _prepared = engine, warm_up, True
    verify_vendored_files()
    for bundle in every if bundles is None else bundles:
        loaded = _load(bundle)
        if warm_up:
            _bundle_worker(bundle).warm_up(loaded, export, None if kinds is None else frozenset(kinds))
    _settle_for_forking()


def _settle_for_forking() -> None:
    """The zygote's last steps before it forks render processes (after its warm-up, and again
    after its idle warm-up)."""
    # The last thing the zygote does is what a spare does first when a core is free for it, so
    # a child's state is the same whether or not it primed (a child forked on demand or beside
    # requests that fill the cores, spawn mode, tests that call handle() in-process).
    prime()
    # A child renders one job and exits: a garbage collection there (a walk of Mermaid's heap)
    # is wasted unless the job's heap grows large, so engines that can defer theirs do.
    for loaded in _engines.values():
        if isinstance(loaded, FreezableEngine):
            loaded.defer_garbage_collection()
    # Then every block the engines hold is made immortal, so a child reading an object does not
    # write its reference count (and copy its page): fewer page faults per render
    # (benchmarks/RESULTS.md, "Process pool and memory pages").
    # It only saves time: where the module's layout is not the one expected, say so and go on.
    for bundle, loaded in _engines.items():
        if isinstance(loaded, FreezableEngine):
            try:
                loaded.freeze_heap()
            except RuntimeError as exc:
                logger.warning("the %s engine's heap is not frozen: %s", bundle, exc)
    # Objects that survive to the fork are shared copy-on-write; freezing them keeps the
    # children's garbage collector from touching (and so copying) those pages.
    gc.collect()
    gc.freeze()


def idle_warm_up() -> Iterator[None]:
    """More warm-up for a long-lived zygote, a step at a time between requests once it is idle
    (``pool/_zygote.py``): each bundle worker's optional ``idle_warm_up(engine)`` steps, then the
    heap settled for forking as :func:`prepare` leaves it. Nothing in a process that was not
    warmed up. A child renders the same whether it was forked before, during or after it."""
    if not _warmed:
        return
    stepped = False
    for bundle, loaded in _engines.items():
        steps = _bundle_worker(bundle).idle_warm_up
        for _ in steps(loaded) if steps is not None else ():
            stepped = True
            yield
    if stepped:
        _settle_for_forking()


def _load(bundle: str) -> Engine:
    loaded = engine_factory(_engine_name)(_bundle_worker(bundle).bundle())
    _engines[bundle] = loaded
    return loaded


def prime(bundle: str | None = None) -> None:
    """Warm a fresh child before its request: each bundle worker's fixed warm-up call, or only
    ``bundle``'s when the pool says the last request was for that bundle and it is loaded (a
    Mermaid stream's spares need not transform a mind map). Not in a process that was not
    warmed up: there it would only delay the one request."""
    if not _warmed:
        return
    for name, loaded in _engines.items():
        if bundle is None or bundle not in _engines or name == bundle:
            _bundle_worker(name).prime(loaded)


def record_pages() -> Iterator[None]:
    """Run each bundle worker's fixed rehearsal jobs, as requests would run them (in the pool's
    page learner only: a child that exits afterwards, see ``pool/_pages.py``), yielding after
    each step. The bundles take turns, step by step, so the first steps are each bundle's most
    common request. Nothing in a process that was not warmed up."""
    if not _warmed:
        return
    rehearsals = []
    for bundle, loaded in _engines.items():
        rehearsal = _bundle_worker(bundle).record_pages
        if rehearsal is not None:
            rehearsals.append(iter(rehearsal(loaded)))
    while rehearsals:
        for steps in list(rehearsals):
            if next(steps, _DONE) is _DONE:
                rehearsals.remove(steps)
            else:
                yield


#: What a bundle worker's rehearsal gives when it has no steps left.
_DONE = object()


def find_safe_stylesheets() -> bytes:
    """After the rehearsal, in the pool's learner child: each bundle worker's ``find_safe_stylesheets(engine)``
    (fixed work whose findings the warm process keeps, see :func:`adopt_safe_stylesheets`), as JSON."""
    if not _warmed:
        return b""
    lessons = {}
    for bundle, loaded in _engines.items():
        studying = _bundle_worker(bundle).find_safe_stylesheets
        if studying is not None:
            lessons[bundle] = studying(loaded)
    return json.dumps(lessons).encode("utf-8")


def adopt_safe_stylesheets(lessons: bytes) -> None:
    """In the warm process (the zygote): take in what its learner child's :func:`find_safe_stylesheets` found,
    so the children forked from now on start with it."""
    found = json.loads(lessons) if lessons else {}
    for bundle, lesson in found.items() if isinstance(found, dict) else ():
        learning = _bundle_worker(bundle).adopt_safe_stylesheets if bundle in _engines else None
        if learning is not None:
            learning(lesson)


def engine_for(bundle: str) -> Engine:
    """The loaded engine of ``bundle`` in this process (prepared on first use; a bundle the
    process was not prepared with is loaded now, under the request's limits)."""
    if not _prepared:
        prepare(_engine_name)
    return _engines.get(bundle) or _load(bundle)


def handle(job: Any) -> Any:
    """Run one job in this (single-use) process and return its result.

    Raises:
        PrinterError: a subclass naming what went wrong.
    """
    try:
        kind = job_kind_of(job)
    except TypeError as exc:
        raise RenderFailed(f"unknown job: {exc}") from None
    handler = _bundle_worker(kind.bundle).handlers[kind.job]
    result = handler(engine_for(kind.bundle), job)
    if not isinstance(result, kind.result):
        raise RenderFailed(f"the {kind.name} handler returned {type(result).__name__}, not {kind.result.__name__}")
    return result
