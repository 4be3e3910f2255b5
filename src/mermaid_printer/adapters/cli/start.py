"""The ``mermaid-printer`` entry point: a one-shot command's engine process gets a head start.

A one-shot ``render``, ``parse`` or ``markmap`` (one diagram, one map) spends a noticeable
part of a second importing the command line (its request models, pydantic, the service) and
then waits for its engine process to get warm (Python, the worker, the engine restored from its snapshot). Neither
needs the other, so :func:`main` starts that engine process first, when the command line's first
word names one of those commands, and only then imports the command line and runs it. The
command takes the process started for it (:func:`take_head_start`) when it serves one request
with that bundle and engine; otherwise the process is stopped unused (a batch, a bad flag,
``--help``). No head start for a command line that names ``--engine`` (the parser reads that
flag, and most command lines do not need it), nor where the engine would first build its warm
snapshot (the first run of a version: it says so on stderr, which must hold only the command's
own error if the command fails). Measured with ``benchmarks/cold_start.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Sequence

from mermaid_printer.engine import starts_without_building
from mermaid_printer.errors import PrinterError
from mermaid_printer.pool import RendererPool

__all__ = ["batch_pool", "discard_head_start", "main", "one_shot_pool", "take_head_start"]

#: The bundle each one-shot command's engine process loads (``markdown`` too: most documents
#: hold few diagrams, and :func:`batch_pool` takes the process for them).
_ONE_SHOT_BUNDLES = {
    "render": "mermaid",
    "parse": "mermaid",
    "markmap": "markmap",
    "check": "mermaid",
    "markdown": "mermaid",
}
#: From this many diagrams on, a batch starts a warm pool (see :func:`batch_pool`); where the
#: two cost the same CPU in all, measured with 20 and 200 diagrams (benchmarks/RESULTS.md).
WARM_BATCH_FROM = 40
#: Arguments that make a command line get no head start: help, or an engine chosen by flag.
_NO_HEAD_START = ("-h", "--help", "--engine")

_head_start: RendererPool | None = None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line (see :func:`mermaid_printer.adapters.cli.main.main`); returns the exit status."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    _start_ahead(arguments)
    try:
        from mermaid_printer.adapters.cli.main import main as run_command_line

        return run_command_line(arguments)
    finally:
        discard_head_start()


def one_shot_pool(bundle: str) -> RendererPool:
    """The renderer pool of a process that serves one request: its engine process loads only
    ``bundle``, skips the warm-up of every diagram type and forks no spares (cold start: process
    start to first SVG), while the render still runs in a single-use child with its limits.

    Raises:
        ValueError: ``$MERMAID_PRINTER_ENGINE`` names no engine.
    """
    return RendererPool(worker_options=_one_shot_options(bundle), spares=0)


def batch_pool(diagrams: int, *, export: bool = True, kinds: Collection[str] | None = None) -> RendererPool:
    """The renderer pool of a batch of ``diagrams`` Mermaid diagrams (``render`` of several
    inputs, ``markdown``); every diagram still gets its own single-use process, and the batch
    pays one start. Fewer than :data:`WARM_BATCH_FROM` diagrams run on the one-shot engine
    process (the one started ahead if there is one): it starts warm from the engine's snapshot,
    where a warm pool first loads and warms every type and learns its pages, which costs more
    than such a batch spends drawing. A larger batch starts a warm pool of the Mermaid bundle
    alone (a batch draws no mind map), whose render processes each cost less; unless ``export``
    (the batch's files are PDF or PNG), it leaves the PDF/PNG converter out of its warm-up, and
    given the ``kinds`` of the batch's diagrams (``bundles.mermaid.bundle.warm_up_kind``), it
    warms those types only. Both draw the same bytes.

    Raises:
        ValueError: ``$MERMAID_PRINTER_ENGINE`` names no engine.
    """
    if diagrams < WARM_BATCH_FROM:
        return take_head_start("mermaid") or one_shot_pool("mermaid")
    discard_head_start()  # it would only take CPU from the warm pool's start
    options: dict[str, object] = {"bundles": ["mermaid"], "export": export}
    if kinds is not None:
        options["kinds"] = sorted(set(kinds))
    return RendererPool(worker_options=options)


def _one_shot_options(bundle: str) -> dict[str, object]:
    """The worker options of :func:`one_shot_pool` (raises ``ValueError`` as it does)."""
    from mermaid_printer.engine import one_shot_engine

    return {"warm_up": False, "engine": one_shot_engine(bundle), "bundles": [bundle]}


def take_head_start(bundle: str) -> RendererPool | None:
    """The engine process started ahead for this command line, if it is the one a one-shot
    request of ``bundle`` needs now (same bundle, same engine); else None (and it is stopped)."""
    global _head_start
    started, _head_start = _head_start, None
    if started is None:
        return None
    try:
        wanted = _one_shot_options(bundle)
    except ValueError:
        wanted = None
    if started.worker_options == wanted:
        return started
    started.close()
    return None


def discard_head_start() -> None:
    """Stop the engine process started ahead, if no command took it."""
    global _head_start
    started, _head_start = _head_start, None
    if started is not None:
        started.close()


def _start_ahead(arguments: list[str]) -> None:
    global _head_start
    bundle = _ONE_SHOT_BUNDLES.get(arguments[0]) if arguments else None
    if bundle is None or any(word in _NO_HEAD_START or word.startswith("--engine=") for word in arguments):
        return
    try:
        pool = one_shot_pool(bundle)
    except ValueError:
        return  # the command finds the same problem and reports it
    # An engine that must build its snapshot first logs that it does, and takes seconds: a run
    # whose command turns out not to need it would print that line beside its own error.
    if not starts_without_building(pool.worker_options["engine"], bundle):
        return
    try:
        pool.start(wait=False)
    except PrinterError:
        return
    _head_start = pool
