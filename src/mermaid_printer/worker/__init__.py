"""What runs inside the renderer pool's processes: engines loaded once, then one job per process.

The pool (:mod:`mermaid_printer.pool`) calls three functions of this module:

``prepare(engine="native")``
    once, in the warm process (the zygote): make an engine (see
    :func:`~mermaid_printer.engine.engine_factory`) for every bundle a job kind needs, load it
    and warm it up (each bundle's worker module has a ``warm_up(engine)``).
``prime()``
    in every single-use child before its request: each bundle worker's ``prime(engine)``, a
    fixed warm-up of its own (never user input) that pays the copy-on-write faults off the
    request's clock.
``handle(job)``
    in the single-use child: dispatch the job to its kind's handler (:data:`~mermaid_printer.jobs.JOB_KINDS`),
    which runs the engine and the post-processing, so a hostile SVG costs only that process.

Each bundle's worker module is named in :data:`BUNDLE_WORKERS`; its handlers are the functions
the job kinds name.
"""

from __future__ import annotations

import gc
import importlib
from types import ModuleType
from typing import Any

from mermaid_printer.bundles import load_bundle
from mermaid_printer.engine import Engine, engine_factory
from mermaid_printer.errors import RenderFailed
from mermaid_printer.jobs import JOB_KINDS, job_kind_of

__all__ = ["BUNDLE_WORKERS", "engine_for", "handle", "prepare", "prime"]

#: The worker module of each bundle: ``warm_up(engine)``, ``prime(engine)`` and the handlers.
BUNDLE_WORKERS: dict[str, str] = {"mermaid": "mermaid_printer.worker.mermaid"}

_engines: dict[str, Engine] = {}
_engine_name = "native"


def _bundle_worker(bundle: str) -> ModuleType:
    return importlib.import_module(BUNDLE_WORKERS[bundle])


def prepare(engine: str = "native") -> None:
    """Load an engine for every bundle the job kinds use and warm each up (once per zygote).

    Args:
        engine: which engine to load the bundles into (a key of
            :data:`~mermaid_printer.engine.ENGINES`, or ``module:attribute``).

    Raises:
        ValueError: no such engine.
        RenderFailed: a bundle failed to load or to warm up.
    """
    global _engine_name
    _engine_name = engine
    factory = engine_factory(engine)
    for bundle in dict.fromkeys(kind.bundle for kind in JOB_KINDS):
        loaded = factory(load_bundle(bundle))
        _bundle_worker(bundle).warm_up(loaded)
        _engines[bundle] = loaded
    # The last thing the zygote does is what every child does first, so a child's state is the
    # same whether or not it was primed (spawn mode, tests that call handle() in-process).
    prime()
    # A child renders one job and exits: a garbage collection there (~100 ms on Mermaid's heap)
    # is wasted unless the job's heap grows large, so engines that can defer theirs do.
    for loaded in _engines.values():
        defer = getattr(loaded, "defer_garbage_collection", None)
        if defer is not None:
            defer()
    # Objects that survive to the fork are shared copy-on-write; freezing them keeps the
    # children's garbage collector from touching (and so copying) those pages.
    gc.collect()
    gc.freeze()


def prime() -> None:
    """Warm a fresh child before its request: each bundle worker's fixed warm-up call."""
    for bundle, loaded in _engines.items():
        _bundle_worker(bundle).prime(loaded)


def engine_for(bundle: str) -> Engine:
    """The loaded engine of ``bundle`` in this process (prepared on first use)."""
    if bundle not in _engines:
        prepare(_engine_name)
    return _engines[bundle]


def handle(job: Any) -> Any:
    """Run one job in this (single-use) process and return its result.

    Raises:
        PrinterError: a subclass naming what went wrong.
    """
    try:
        kind = job_kind_of(job)
    except TypeError as exc:
        raise RenderFailed(f"unknown job: {exc}") from None
    handler = getattr(_bundle_worker(kind.bundle), kind.handler)
    result = handler(engine_for(kind.bundle), job)
    if not isinstance(result, kind.result):
        raise RenderFailed(f"the {kind.name} handler returned {type(result).__name__}, not {kind.result.__name__}")
    return result
