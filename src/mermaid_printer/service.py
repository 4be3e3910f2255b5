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

from mermaid_printer.errors import InputTooLarge
from mermaid_printer.mermaid_config import PRODUCT_CONFIG, build_mermaid_config
from mermaid_printer.options import PdfOptions, PngOptions, RenderOptions
from mermaid_printer.pool import RendererPool

__all__ = ["PdfResult", "PngResult", "Printer", "RenderResult", "default_printer"]

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
        max_text = PRODUCT_CONFIG["maxTextSize"]
        if len(options.code) > max_text:
            # Mermaid would silently draw an error diagram instead; say what happened.
            raise InputTooLarge(
                f"diagram is {len(options.code):,} characters; Mermaid's maxTextSize is {max_text:,}",
                {"limit_characters": max_text},
            )
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
        max_text = PRODUCT_CONFIG["maxTextSize"]
        if len(options.code) > max_text:
            raise InputTooLarge(
                f"diagram is {len(options.code):,} characters; Mermaid's maxTextSize is {max_text:,}",
                {"limit_characters": max_text},
            )
        job: dict[str, Any] = {
            "kind": kind,
            "code": options.code,
            "config": build_mermaid_config(options.config, theme=options.theme),
            "background": options.background,
            "timeout_ms": options.timeout_ms,
            "export": export,
        }
        return self._pool.run(job, timeout_s=options.timeout_ms / 1000 + _KILL_GRACE_S)


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
