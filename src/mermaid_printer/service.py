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
import base64
import hashlib
import threading
from dataclasses import dataclass, field
from typing import Any

from mermaid_printer.errors import DiagramSyntaxError, InputTooLarge, InvalidInput, PrinterError, UnsupportedDiagram
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
class RenderResult:
    """A rendered diagram: sanitized, canonical SVG text and what Mermaid said about it."""

    svg: str
    diagram_type: str
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ParseResult:
    """A parsed diagram: its type and its AST (see the README's "AST" section for the shape)."""

    diagram_type: str
    ast: dict[str, Any]


@dataclass(frozen=True)
class VerifyResult:
    """Whether Mermaid accepts the source. ``error`` says why not (syntax, type, size, input)."""

    ok: bool
    diagram_type: str | None = None
    error: PrinterError | None = None


#: Errors that mean "this source is not a valid diagram" rather than "the check itself failed".
_INVALID_DIAGRAM = (InvalidInput, DiagramSyntaxError, UnsupportedDiagram)


@dataclass(frozen=True)
class PdfResult:
    """A diagram as a one-page vector PDF (``pdf`` bytes) and how it sits on the page."""

    pdf: bytes
    diagram_type: str
    page_width_pt: float
    page_height_pt: float
    scale: float  # the diagram's size on the page / its natural size (1 unless fitted to paper)
    orientation: str | None  # "portrait" or "landscape" with a paper size, else None
    warnings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PngResult:
    """A diagram as a PNG image (``png`` bytes) and its size."""

    png: bytes
    diagram_type: str
    width_px: int
    height_px: int
    scale: float  # image pixels per CSS pixel of the diagram
    warnings: list[str] = field(default_factory=list)


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
        job: dict[str, Any] = {
            "kind": "render_svg",
            "code": options.code,
            "config": build_mermaid_config(options.config, theme=options.theme),
            "background": options.background,
            "embed_fonts": options.embed_fonts,
            "svg_id": diagram_dom_id(options),
            "timeout_ms": options.timeout_ms,
        }
        result = self._pool.run(job, timeout_s=options.timeout_ms / 1000 + _KILL_GRACE_S)
        return RenderResult(
            svg=result["svg"],
            diagram_type=result["diagram_type"],
            warnings=list(result.get("warnings", [])),
        )


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
        result = self._parse_job(code, ast=True, positions=include_positions, timeout_ms=timeout_ms)
        return ParseResult(diagram_type=result["diagram_type"], ast=result["ast"])

    def verify(self, code: str, *, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> VerifyResult:
        """Check that Mermaid accepts ``code`` (as ``mermaid.parse`` does), without drawing it.

        An invalid diagram (bad input, syntax error, unknown type, too large) gives
        ``ok=False`` and the error; nothing is raised for it.

        Raises:
            PrinterError: the check itself failed (timeout, resource limit, engine).
        """
        try:
            result = self._parse_job(code, ast=False, positions=False, timeout_ms=timeout_ms)
        except _INVALID_DIAGRAM as exc:
            return VerifyResult(ok=False, error=exc)
        return VerifyResult(ok=True, diagram_type=result["diagram_type"])

    def _parse_job(self, code: str, *, ast: bool, positions: bool, timeout_ms: int) -> dict[str, Any]:
        check_code(code)
        _check_text_size(code)
        if not MIN_TIMEOUT_MS <= timeout_ms <= MAX_TIMEOUT_MS:
            raise InvalidInput(
                f"Invalid input: timeout_ms must be {MIN_TIMEOUT_MS}-{MAX_TIMEOUT_MS}", {"field": "timeout_ms"}
            )
        job = {
            "kind": "parse",
            "code": code,
            # The product config without a theme: the one the warm engine already holds.
            "config": build_mermaid_config({}),
            "ast": ast,
            "positions": bool(positions),
            "timeout_ms": timeout_ms,
        }
        return self._pool.run(job, timeout_s=timeout_ms / 1000 + _KILL_GRACE_S)


    def render_pdf(self, options: PdfOptions) -> PdfResult:
        """Render ``options.code`` to a one-page vector PDF (text stays text, fonts embedded).

        The PDF is drawn from the SVG :meth:`render_svg` returns for ``options.svg_options()``
        (the same drawing; only its element ids differ); the timeout covers rendering and
        converting.

        Raises:
            PrinterError: as :meth:`render_svg`; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        page = {"paper": options.paper, "orientation": options.orientation, "margin_mm": options.margin_mm}
        result = self._export("render_pdf", options, {**page, "fit": options.fit})
        return PdfResult(
            pdf=base64.b64decode(result["data_base64"]),
            diagram_type=result["diagram_type"],
            page_width_pt=result["page_width_pt"],
            page_height_pt=result["page_height_pt"],
            scale=result["scale"],
            orientation=result["orientation"],
            warnings=list(result.get("warnings", [])),
        )

    def render_png(self, options: PngOptions) -> PngResult:
        """Render ``options.code`` to a PNG image (drawn from the same SVG as :meth:`render_pdf`).

        Raises:
            PrinterError: as :meth:`render_svg`; ``RESOURCE_LIMIT`` when the image would be
                over the pixel limit; ``ENGINE_UNAVAILABLE`` without system cairo.
        """
        result = self._export("render_png", options, {"scale": options.scale, "width": options.width})
        return PngResult(
            png=base64.b64decode(result["data_base64"]),
            diagram_type=result["diagram_type"],
            width_px=result["width_px"],
            height_px=result["height_px"],
            scale=result["scale"],
            warnings=list(result.get("warnings", [])),
        )

    def _export(self, kind: str, options: PdfOptions | PngOptions, export: dict[str, Any]) -> dict[str, Any]:
        _check_text_size(options.code)
        job: dict[str, Any] = {
            "kind": kind,
            "code": options.code,
            "config": build_mermaid_config(options.config, theme=options.theme),
            "background": options.background,
            "timeout_ms": options.timeout_ms,
            "export": export,
        }
        return self._pool.run(job, timeout_s=options.timeout_ms / 1000 + _KILL_GRACE_S)


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
