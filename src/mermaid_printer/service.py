"""The service layer: one function per job, shared by every adapter.

Adapters (MCP, CLI, HTTP, the Python API) validate input into
:class:`~mermaid_printer.options.RenderOptions`, call a function here, and shape the result or
the :class:`~mermaid_printer.errors.PrinterError` into their own envelope. Nothing here imports
``mcp``.

Each render runs in a fresh, single-use process forked from a warm zygote
(:class:`~mermaid_printer.pool.RendererPool`); the job itself is executed by
:mod:`mermaid_printer.worker` inside that process.
"""

from __future__ import annotations

import atexit
import hashlib
import threading
from dataclasses import dataclass
from typing import Any

from mermaid_printer.errors import DiagramSyntaxError, InputTooLarge, InvalidInput, PrinterError, UnsupportedDiagram
from mermaid_printer.jobs import DetectJob, DiagramType, ParseJob, ParseResult, PdfJob, PdfResult, PngJob, PngResult, RenderResult, SvgJob
from mermaid_printer.mermaid_config import PRODUCT_CONFIG, build_mermaid_config
from mermaid_printer.options import (
    DEFAULT_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
    MIN_TIMEOUT_MS,
    PdfOptions,
    PngOptions,
    RenderOptions,
    check_code,
)
from mermaid_printer.pool import RendererPool

__all__ = ["ParseResult", "PdfResult", "PngResult", "Printer", "RenderResult", "VerifyResult", "default_printer"]

# The pool's own wall-clock kill comes this long after the requested limit, so that the
# interpreter's time limit (which gives a cleaner error) normally fires first.
_KILL_GRACE_S = 0.25


@dataclass(frozen=True)
class VerifyResult:
    """Whether Mermaid accepts the source. ``error`` says why not (syntax, type, size, input)."""

    ok: bool
    diagram_type: str | None = None
    error: PrinterError | None = None


#: Errors that mean "this source is not a valid diagram" rather than "the check itself failed".
_INVALID_DIAGRAM = (InvalidInput, DiagramSyntaxError, UnsupportedDiagram)


def diagram_dom_id(options: RenderOptions) -> str:
    """A stable, content-derived id for the ``<svg>`` element (unique per diagram and options)."""
    digest = hashlib.sha256(options.cache_key().encode("utf-8")).hexdigest()
    return f"mermaid-{digest[:12]}"


class Printer:
    """Owns a renderer pool; thread-safe. Use as a context manager or call :meth:`close`."""

    def __init__(self, pool: RendererPool | None = None) -> None:
        self._pool = pool if pool is not None else RendererPool()

    def __enter__(self) -> Printer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self) -> None:
        """Start and warm the engine now rather than on the first render (idempotent)."""
        self._pool.start()

    def close(self) -> None:
        """Stop the warm engine process and any render still running."""
        self._pool.close()

    def render_svg(self, options: RenderOptions) -> RenderResult:
        """Render ``options.code`` to SVG.

        Raises:
            PrinterError: a subclass naming what went wrong (syntax, timeout, limits, …).
        """
        _check_text_size(options.code)
        job = SvgJob(
            code=options.code,
            config=build_mermaid_config(options.config, theme=options.theme),
            svg_id=diagram_dom_id(options),
            timeout_ms=options.timeout_ms,
            background=options.background,
            embed_fonts=options.embed_fonts,
        )
        result: RenderResult = self._run(job, options.timeout_ms)
        return result

    def parse(self, code: str, *, include_positions: bool = False, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> ParseResult:
        """Parse ``code`` with Mermaid's own parser, without drawing it.

        Args:
            code: the diagram source.
            include_positions: give every node and edge the ``line``/``column`` (1-based, in
                ``code``) of its definition.
            timeout_ms: stop the parse after this long.

        Raises:
            PrinterError: a subclass naming what went wrong (syntax, type, input, timeout, …).
        """
        _check_parse_input(code, timeout_ms)
        # The product config without a theme: the one the warm engine already holds.
        job = ParseJob(code=code, config=build_mermaid_config({}), timeout_ms=timeout_ms, positions=bool(include_positions))
        result: ParseResult = self._run(job, timeout_ms)
        return result

    def verify(self, code: str, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> VerifyResult:
        """Check that Mermaid accepts ``code`` (as ``mermaid.parse`` does), without drawing it.

        An invalid diagram (bad input, syntax error, unknown type, too large) gives
        ``ok=False`` and the error; nothing is raised for it.

        Raises:
            PrinterError: the check itself failed (timeout, resource limit, engine).
        """
        try:
            _check_parse_input(code, timeout_ms)
            detected: DiagramType = self._run(DetectJob(code=code, config=build_mermaid_config({}), timeout_ms=timeout_ms), timeout_ms)
        except _INVALID_DIAGRAM as exc:
            return VerifyResult(ok=False, error=exc)
        return VerifyResult(ok=True, diagram_type=detected.diagram_type)

    def render_pdf(self, options: PdfOptions) -> PdfResult:
        """Render ``options.code`` to a one-page vector PDF (text stays text, fonts embedded).

        The PDF is drawn from the SVG :meth:`render_svg` returns for ``options.svg_options()``
        (the same drawing; only its element ids differ); the timeout covers rendering and
        converting.

        Raises:
            PrinterError: as :meth:`render_svg`; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        _check_text_size(options.code)
        job = PdfJob(
            code=options.code,
            config=build_mermaid_config(options.config, theme=options.theme),
            timeout_ms=options.timeout_ms,
            background=options.background,
            paper=options.paper,
            orientation=options.orientation,
            margin_mm=options.margin_mm,
            fit=options.fit,
        )
        result: PdfResult = self._run(job, options.timeout_ms)
        return result

    def render_png(self, options: PngOptions) -> PngResult:
        """Render ``options.code`` to a PNG image (drawn from the same SVG as :meth:`render_pdf`).

        Raises:
            PrinterError: as :meth:`render_svg`; ``RESOURCE_LIMIT`` when the image would be
                over the pixel limit; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        _check_text_size(options.code)
        job = PngJob(
            code=options.code,
            config=build_mermaid_config(options.config, theme=options.theme),
            timeout_ms=options.timeout_ms,
            background=options.background,
            scale=options.scale,
            width=options.width,
        )
        result: PngResult = self._run(job, options.timeout_ms)
        return result

    def _run(self, job: object, timeout_ms: int) -> Any:
        return self._pool.run(job, timeout_s=timeout_ms / 1000 + _KILL_GRACE_S)


def _check_parse_input(code: str, timeout_ms: int) -> None:
    check_code(code)
    _check_text_size(code)
    if not MIN_TIMEOUT_MS <= timeout_ms <= MAX_TIMEOUT_MS:
        raise InvalidInput(f"Invalid input: timeout_ms must be {MIN_TIMEOUT_MS}-{MAX_TIMEOUT_MS}", {"field": "timeout_ms"})


def _check_text_size(code: str) -> None:
    max_text = PRODUCT_CONFIG["maxTextSize"]
    if len(code) > max_text:
        # Mermaid would silently draw an error diagram instead; say what happened.
        raise InputTooLarge(
            f"diagram is {len(code):,} characters; Mermaid's maxTextSize is {max_text:,}",
            {"limit_characters": max_text},
        )


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
