"""The service layer: one method per job, shared by every adapter.

Adapters (MCP, CLI, HTTP, the Python API) validate raw input into a request model
(:mod:`mermaid_printer.requests`), call a :class:`Printer` method, and shape the result or the
:class:`~mermaid_printer.errors.PrinterError` into their own envelope. Nothing here imports
``mcp``. :class:`PrinterService` is the protocol the adapters depend on, so their tests can use a
fake.

A method turns its request into a typed job (:mod:`mermaid_printer.jobs`: the Mermaid config
merged and checked, the ``<svg>`` id chosen) and runs it in a fresh, single-use process forked
from a warm zygote (:class:`~mermaid_printer.pool.RendererPool`), where
:mod:`mermaid_printer.worker` executes it — unless the result cache
(:mod:`mermaid_printer.cache`) already holds the answer to that exact job.
"""

from __future__ import annotations

import atexit
import dataclasses
import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import mermaid_printer
from mermaid_printer.bundles import load_bundle
from mermaid_printer.cache import Cached, CacheStats, ResultCache, cache_key, default_cache
from mermaid_printer.engine import selected_engine
from mermaid_printer.errors import (
    DiagramSyntaxError,
    InvalidInput,
    PrinterError,
    RenderTimeout,
    UnsupportedDiagram,
)
from mermaid_printer.jobs import (
    DiagramType,
    MarkmapRenderResult,
    MarkmapStructure,
    ParseResult,
    PdfJob,
    PdfResult,
    PngJob,
    PngResult,
    RenderResult,
    SvgJob,
    job_kind_of,
)
from mermaid_printer.limits import MAX_TIMEOUT_MS
from mermaid_printer.markmap.build import customize_job, over_time_limit, render_job, structure_job
from mermaid_printer.markmap.requests import MarkmapCustomizeRequest, MarkmapRenderRequest, MarkmapStructureRequest
from mermaid_printer.mermaid.build import detect_job, diagram_dom_id, parse_job, pdf_job, png_job, svg_job
from mermaid_printer.mermaid.config import config_warnings
from mermaid_printer.mermaid.diagnosis.lint import silent_mistakes
from mermaid_printer.mermaid.icons import icon_warnings
from mermaid_printer.mermaid.requests import (
    DiagramOptions,
    ParseOptions,
    PdfOptions,
    PngOptions,
    RenderOptions,
    VerifyOptions,
    with_config,
)
from mermaid_printer.pool import QuickStartPool, RendererPool
from mermaid_printer.requests import validate_request

__all__ = [
    "MarkmapRenderResult",
    "MarkmapStructure",
    "ParseResult",
    "PdfResult",
    "PngResult",
    "Printer",
    "PrinterService",
    "RenderResult",
    "VerifyResult",
    "cancelled_by",
    "default_printer",
    "diagram_dom_id",
]

# The pool's own wall-clock kill comes this long after the requested limit, so that the
# interpreter's time limit (which gives a cleaner error) normally fires first.
_KILL_GRACE_S = 0.25
#: The event that cancels the jobs run in this context (see :func:`cancelled_by`).
_CANCEL: ContextVar[threading.Event | None] = ContextVar("mermaid_printer_cancel", default=None)


@contextmanager
def cancelled_by(event: threading.Event) -> Iterator[None]:
    """Within this block (and threads started from it with the context copied, as
    ``anyio.to_thread`` does), setting ``event`` kills the running job's process: its caller
    gets :class:`~mermaid_printer.pool.JobCancelled`. A server sets it when the client hangs up."""
    token = _CANCEL.set(event)
    try:
        yield
    finally:
        _CANCEL.reset(token)


#: Errors that mean "this source is not a valid diagram" rather than "the check itself failed".
_INVALID_DIAGRAM = (InvalidInput, DiagramSyntaxError, UnsupportedDiagram)


@dataclass(frozen=True)
class VerifyResult:
    """Whether Mermaid accepts the source. ``error`` says why not (syntax, type, size, input)."""

    ok: bool
    diagram_type: str | None = None
    error: PrinterError | None = None


class PrinterService(Protocol):
    """What the adapters need from a printer (:class:`Printer`, or a fake in tests)."""

    def render_svg(self, options: RenderOptions, /) -> RenderResult:
        """Render to SVG, or raise a ``PrinterError``."""
        ...

    def render_pdf(self, options: PdfOptions, /) -> PdfResult:
        """Render to PDF, or raise a ``PrinterError``."""
        ...

    def render_png(self, options: PngOptions, /) -> PngResult:
        """Render to PNG, or raise a ``PrinterError``."""
        ...

    def parse(self, options: ParseOptions, /) -> ParseResult:
        """Parse, or raise a ``PrinterError``."""
        ...

    def verify(self, options: VerifyOptions, /) -> VerifyResult:
        """Check; invalid diagrams give ``ok=False``, operational failures raise."""
        ...

    def render_markmap(self, request: MarkmapRenderRequest | MarkmapCustomizeRequest) -> MarkmapRenderResult:
        """Draw a mind map, or raise a ``PrinterError``."""
        ...

    def markmap_structure(self, request: MarkmapStructureRequest) -> MarkmapStructure:
        """markmap's tree of a document, or raise a ``PrinterError``."""
        ...

    def close(self) -> None:
        """Release the renderer's processes."""
        ...


_DEFAULT_CACHE: Any = object()  # "a memory cache of the default size"


class Printer:
    """Owns a renderer pool and a result cache; thread-safe. Use as a context manager or call
    :meth:`close`.

    Args:
        pool: the renderer pool (default: one with the ``engine`` below, forking where possible).
        engine: the engine the pool's processes load (a key of
            :data:`~mermaid_printer.engine.ENGINES`; default: ``$MERMAID_PRINTER_ENGINE``, else
            ``native``); ignored when ``pool`` is given.
        cache: where results are kept (default: :func:`~mermaid_printer.cache.default_cache`: 64
            MiB in memory, in front of ``$MERMAID_PRINTER_RESULT_CACHE_DIR`` if set); ``None``
            renders every request.
    """

    def __init__(
        self,
        pool: RendererPool | None = None,
        *,
        engine: str | None = None,
        cache: ResultCache | None = _DEFAULT_CACHE,
    ) -> None:
        #: The engine of the shared pool this printer uses (None: its own pool, or closed).
        self._shared: str | None = None
        self._owns_pool = pool is not None
        if pool is None:
            self._shared = selected_engine(engine)
        self._pool: RendererPool | QuickStartPool = pool if pool is not None else _take_shared_pool(self._shared or "")
        self._engine = str(self._pool.worker_options.get("engine", "native"))
        self._cache: ResultCache | None = default_cache() if cache is _DEFAULT_CACHE else cache

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self, *, wait: bool = True) -> None:
        """Start and warm the engine now rather than on the first render (idempotent);
        ``wait=False`` returns at once, the engine getting warm meanwhile (and, for a printer
        made without a pool, the Mermaid engine that answers until then getting loaded)."""
        if isinstance(self._pool, QuickStartPool) and not wait:
            self._pool.start(wait=False, quick=("mermaid",))
        else:
            self._pool.start(wait=wait)

    def close(self) -> None:
        """Stop the warm engine process and any render still running; a printer made without
        a pool shares its engine with the others made so (the module functions' too), and the
        last of them to close stops it."""
        if self._owns_pool:
            self._pool.close()
            return
        shared, self._shared = self._shared, None
        if shared is not None:
            _let_go_of_shared_pool(shared, self._pool)

    @property
    def concurrency(self) -> int:
        """Jobs its pool runs at once (more wait)."""
        return self._pool.max_concurrency

    def cache_stats(self) -> CacheStats | None:
        """The result cache's hits, misses and size (``None`` without a cache)."""
        return self._cache.stats() if self._cache is not None else None

    def render_svg(self, options: RenderOptions | str, /, **fields: Any) -> RenderResult:
        """Render a diagram to SVG: ``printer.render_svg(code, theme="dark")``, or a request model.

        Args:
            options: the request, or the diagram source with ``fields``: ``theme``,
                ``background``, ``config`` (a dict) or ``config_json`` (a string),
                ``timeout_ms``, ``embed_fonts`` (:class:`~mermaid_printer.mermaid.requests.RenderOptions`).

        Raises:
            PrinterError: a subclass naming what went wrong (syntax, timeout, limits, …).
        """
        request = _request(RenderOptions, options, fields)
        result: RenderResult = self._render(svg_job(request), request)
        return result

    def render_pdf(self, options: PdfOptions | str, /, **fields: Any) -> PdfResult:
        """Render a diagram to a one-page vector PDF (text stays text, fonts embedded): the request,
        or the source with the fields of :meth:`render_svg` (but ``embed_fonts``) and ``paper``,
        ``orientation``, ``margin_mm``, ``fit``.

        The PDF is drawn from the SVG :meth:`render_svg` returns for ``options.svg_options()``
        (the same drawing; only its element ids differ); the timeout covers rendering and
        converting.

        Raises:
            PrinterError: as :meth:`render_svg`; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        request = _request(PdfOptions, options, fields)
        result: PdfResult = self._render(pdf_job(request), request)
        return result

    def render_png(self, options: PngOptions | str, /, **fields: Any) -> PngResult:
        """Render a diagram to a PNG image (drawn from the same SVG as :meth:`render_pdf`): the
        request, or the source with the fields of :meth:`render_svg` (but ``embed_fonts``) and
        ``scale`` or ``width``.

        Raises:
            PrinterError: as :meth:`render_svg`; ``RESOURCE_LIMIT`` when the image would be
                over the pixel limit; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        request = _request(PngOptions, options, fields)
        result: PngResult = self._render(png_job(request), request)
        return result

    def parse(self, options: ParseOptions | str, /, **fields: Any) -> ParseResult:
        """Parse a diagram with Mermaid's own parser, without drawing it.

        Args:
            options: the request, or the diagram source with ``fields`` (``include_positions``:
                give every node and edge the ``line``/``column``, 1-based, of its definition;
                ``timeout_ms``).

        Raises:
            PrinterError: a subclass naming what went wrong (syntax, type, input, timeout, …).
        """
        request = _request(ParseOptions, options, fields)
        result: ParseResult = self._run(parse_job(request), request.timeout_ms)
        return result

    def verify(self, options: VerifyOptions | str, /, **fields: Any) -> VerifyResult:
        """Check that Mermaid accepts a diagram (as ``mermaid.parse`` does), without drawing it.

        An invalid diagram (bad input, syntax error, unknown type, too large) gives
        ``ok=False`` and the error; nothing is raised for it.

        Raises:
            PrinterError: the check itself failed (timeout, resource limit, engine).
        """
        try:
            request = _request(VerifyOptions, options, fields)
            detected: DiagramType = self._run(detect_job(request), request.timeout_ms)
        except _INVALID_DIAGRAM as exc:
            return VerifyResult(ok=False, error=exc)
        return VerifyResult(ok=True, diagram_type=detected.diagram_type)

    def render_markmap(self, request: MarkmapRenderRequest | MarkmapCustomizeRequest) -> MarkmapRenderResult:
        """Draw Markdown as markmap's mind map: SVG, PDF, PNG or an interactive HTML page.

        A :class:`~mermaid_printer.markmap.requests.MarkmapCustomizeRequest` adds a theme, a
        palette, the font size and label padding (:mod:`mermaid_printer.markmap.style`).

        Raises:
            PrinterError: ``INVALID_INPUT`` (an option markmap refuses), ``INPUT_TOO_LARGE``
                (bytes, nodes or depth over the limit), ``TIMEOUT``, ``RENDER_FAILED``, …
        """
        job = customize_job(request) if isinstance(request, MarkmapCustomizeRequest) else render_job(request)
        try:
            result: MarkmapRenderResult = self._run(job, request.timeout_ms)
        except RenderTimeout as exc:
            raise over_time_limit(exc, drawing=True, timeout_ms=request.timeout_ms) from exc
        return result

    def markmap_structure(self, request: MarkmapStructureRequest) -> MarkmapStructure:
        """markmap's tree of a Markdown document and what it is made of, without drawing it.

        Raises:
            PrinterError: as :meth:`render_markmap`.
        """
        try:
            result: MarkmapStructure = self._run(structure_job(request), request.timeout_ms)
        except RenderTimeout as exc:
            raise over_time_limit(exc, drawing=False, timeout_ms=request.timeout_ms) from exc
        return result

    def result_key(self, options: RenderOptions | PdfOptions | PngOptions) -> str:
        """The content address of the drawing ``options`` ask for, without drawing it: the key
        its result is cached under (equal keys, equal bytes; an HTTP service's strong ETag).

        Raises:
            PrinterError: the options make no job (a refused config key, …).
        """
        if isinstance(options, PdfOptions):
            job: SvgJob | PdfJob | PngJob = pdf_job(options)
        elif isinstance(options, PngOptions):
            job = png_job(options)
        else:
            job = svg_job(options)
        return self._key(job)

    def _key(self, job: object) -> str:
        kind = job_kind_of(job)
        return cache_key(
            kind.name,
            job,
            bundle=_bundle_fingerprint(kind.bundle),
            engine=self._engine,
            version=mermaid_printer.__version__,
        )

    def _render(self, job: SvgJob | PdfJob | PngJob, options: DiagramOptions) -> Any:
        """Run a drawing job; the result carries the config warnings and the silent mistakes
        (:mod:`~mermaid_printer.mermaid.diagnosis.lint`) first."""
        result = self._run(job, options.timeout_ms)
        warnings = [*config_warnings(options.config), *silent_mistakes(options.code), *icon_warnings(options.code)]
        if warnings:
            result = dataclasses.replace(result, warnings=[*warnings, *result.warnings])
        return result

    def _run(self, job: object, timeout_ms: int) -> Any:
        """The job's result: from the cache, else from a render process (then cached).

        Raises:
            RenderTimeout: naming the limit the job went over (``timeout_ms``) and what to do.
        """
        try:
            return self._run_within(job, timeout_ms)
        except RenderTimeout as exc:
            raise _named_time_limit(exc, timeout_ms) from exc

    def _run_within(self, job: object, timeout_ms: int) -> Any:
        timeout_s, cancel = timeout_ms / 1000 + _KILL_GRACE_S, _CANCEL.get()
        kind = job_kind_of(job)
        if self._cache is None:
            return self._pool.run(job, timeout_s=timeout_s, cancel=cancel, prime_for=kind.bundle)
        key = self._key(job)
        hit = self._cache.get(key)
        if hit is not None:
            return dataclasses.replace(hit.unwrap(), cached=True)
        try:
            result = self._pool.run(job, timeout_s=timeout_s, cancel=cancel, prime_for=kind.bundle)
        except PrinterError as exc:
            entry = Cached.of_error(exc)
            if entry is not None:
                self._cache.put(key, entry)
            raise
        self._cache.put(key, Cached(result=result))
        return result


@functools.cache
def _bundle_fingerprint(name: str) -> str:
    return load_bundle(name).fingerprint()


_Request = TypeVar("_Request", RenderOptions, PdfOptions, PngOptions, ParseOptions, VerifyOptions)


def _request(model: type[_Request], options: _Request | str, fields: dict[str, Any]) -> _Request:
    """``options`` if it is the request model, else the model built from the source and ``fields``.

    Raises:
        TypeError: a model and fields both.
        InvalidInput, InputTooLarge, InvalidConfig: as :func:`~mermaid_printer.requests.validate_request`.
    """
    if isinstance(options, model):
        if fields:
            raise TypeError("give the request model or the code with its fields, not both")
        return options
    return validate_request(model, with_config({"code": options, **fields}))


def _named_time_limit(error: RenderTimeout, timeout_ms: int) -> RenderTimeout:
    """``error`` with the limit it hit named (``timeout_ms`` and its value) and how to raise it;
    one that names it already (a mind map's), or a wait for a free renderer (the server's state,
    not the request's), is returned as it is."""
    if "waiting_for" in error.details or "timeout_ms" in error.details:
        return error
    if timeout_ms >= MAX_TIMEOUT_MS:
        advice = "the most allowed: simplify the diagram or split it"
    else:
        advice = f"raise timeout_ms (at most {MAX_TIMEOUT_MS}) or simplify the diagram"
    message = (
        f"{error.message.rstrip('.')}: the time limit is timeout_ms {timeout_ms} ({timeout_ms / 1000:g} s); {advice}"
    )
    return RenderTimeout(message, {**error.details, "timeout_ms": timeout_ms, "max_timeout_ms": MAX_TIMEOUT_MS})


#: The pool of every printer made without one, by engine, and how many printers use it: one
#: warm engine per process (the module functions' printer and ``Printer()`` alike), which
#: answers its first requests before it is warm (:class:`~mermaid_printer.pool.QuickStartPool`).
_shared_pools: dict[str, QuickStartPool] = {}
_shared_users: dict[str, int] = {}
_shared_lock = threading.Lock()


def _take_shared_pool(engine: str) -> QuickStartPool:
    with _shared_lock:
        pool = _shared_pools.get(engine)
        if pool is None:
            pool = _shared_pools[engine] = QuickStartPool(worker_options={"engine": engine})
        _shared_users[engine] = _shared_users.get(engine, 0) + 1
        return pool


def _let_go_of_shared_pool(engine: str, pool: RendererPool | QuickStartPool) -> None:
    with _shared_lock:
        _shared_users[engine] -= 1
        last = not _shared_users[engine]
        if last:
            del _shared_users[engine], _shared_pools[engine]
    if last:
        pool.close()


_default_printer: Printer | None = None
_default_lock = threading.Lock()


def default_printer() -> Printer:
    """The process-wide printer ``mermaid_printer.render_svg`` uses (started on first use,
    closed at interpreter exit)."""
    global _default_printer
    with _default_lock:
        if _default_printer is None:
            _default_printer = Printer()
            atexit.register(_default_printer.close)
        return _default_printer
