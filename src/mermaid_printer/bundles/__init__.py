"""What runs inside the engine, one folder per bundle, and :data:`BUNDLES`, the one registry of them.

``shim/``
    the minimal browser every bundle runs on (:func:`~mermaid_printer.bundles.shim.shim_scripts`).
``mermaid/``, ``markmap/``
    one diagram family each: ``bundle.py`` (its scripts, in load order, as a
    :class:`~mermaid_printer.engine.Bundle`), ``transforms.py`` (load-time rewrites of the
    vendored code), ``handlers.py`` (the render process's side: a handler per job type, warm-up
    and priming), ``js/`` (its glue), and ``__init__.py`` naming all of it as one
    :class:`BundleWorker`.

A new family is a folder here plus one entry in :data:`BUNDLES`; its job types name it in
:data:`~mermaid_printer.jobs.JOB_KINDS`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from mermaid_printer.engine import Engine
from mermaid_printer.engine.bundle import Bundle

__all__ = ["BUNDLES", "TRANSFORMS_ENV", "BundleWorker", "Handler", "bundle_worker", "load_bundle", "transforms_enabled"]

#: A job's handler: runs the job in the bundle's engine (inside the single-use render process).
Handler = Callable[[Engine, Any], Any]


@dataclass(frozen=True)
class BundleWorker:
    """One bundle as the render processes use it: its scripts, its handlers and its warm-up hooks.

    The pool's warm process (:mod:`mermaid_printer.worker`) calls the hooks; none takes user input.

    Attributes:
        name: the key in :data:`BUNDLES` (and in :class:`~mermaid_printer.jobs.JobKind`).
        bundle: the scripts the engine loads.
        handlers: the handler of each job type the bundle serves.
        warm_up: fixed drawings made once in the warm process, so every child starts warm;
            ``export=False`` leaves the PDF/PNG converter to a child's first such job, and
            ``kinds`` (a set of diagram kinds, or None: all) the types no job will draw.
        prime: a fixed call a spare makes before its request, off the request's clock.
        idle_warm_up: more warm-up, a step per ``next()``, once a long-lived warm process is idle.
        record_pages: fixed jobs run in the pool's page learner, so spares copy the pages a
            request writes ahead of it (``pool/_pages.py``), a step per ``next()``.
        find_safe_stylesheets: fixed work in the page learner whose findings (JSON-able) the
            warm process takes in through ``adopt_safe_stylesheets``.
        adopt_safe_stylesheets: takes in what ``find_safe_stylesheets`` found.
    """

    name: str
    bundle: Callable[[], Bundle]
    handlers: Mapping[type, Handler]
    warm_up: Callable[[Engine, bool, frozenset[str] | None], None]
    prime: Callable[[Engine], None]
    idle_warm_up: Callable[[Engine], Iterator[None]] | None = None
    record_pages: Callable[[Engine], Iterator[None]] | None = None
    find_safe_stylesheets: Callable[[Engine], Any] | None = None
    adopt_safe_stylesheets: Callable[[Any], None] | None = field(default=None)


def _mermaid() -> BundleWorker:
    from mermaid_printer.bundles.mermaid import MERMAID

    return MERMAID


def _markmap() -> BundleWorker:
    from mermaid_printer.bundles.markmap import MARKMAP

    return MARKMAP


#: Every bundle by name, found on first use (a process imports only the bundles it loads).
BUNDLES: dict[str, Callable[[], BundleWorker]] = {"mermaid": _mermaid, "markmap": _markmap}


def bundle_worker(name: str) -> BundleWorker:
    """The bundle called ``name``.

    Raises:
        KeyError: no bundle has that name.
    """
    try:
        found = BUNDLES[name]
    except KeyError:
        raise KeyError(f"no bundle named {name!r}; known: {', '.join(sorted(BUNDLES))}") from None
    return found()


def load_bundle(name: str) -> Bundle:
    """The scripts of the bundle called ``name``.

    Raises:
        KeyError: no bundle has that name.
    """
    return bundle_worker(name).bundle()


#: Set to ``off`` to load the bundles without their speed transforms (to prove them
#: output-neutral); the transforms that keep a drawing deterministic stay.
TRANSFORMS_ENV = "MERMAID_PRINTER_BUNDLE_TRANSFORMS"


def transforms_enabled() -> bool:
    """Whether bundles are loaded with their transforms (not switched off by the environment)."""
    return os.environ.get(TRANSFORMS_ENV, "").strip().lower() not in {"off", "0", "false", "no"}
