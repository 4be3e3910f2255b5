"""Mermaid requests into jobs: the config merged under the product's fixed keys, the ``<svg>`` id chosen.

:class:`~mermaid_printer.service.Printer` runs what these build; the render process
(:mod:`mermaid_printer.bundles.mermaid.handlers`) executes them.
"""

from __future__ import annotations

import hashlib

from mermaid_printer.jobs import DetectJob, ParseJob, PdfJob, PngJob, SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.mermaid.icons import icon_subset
from mermaid_printer.mermaid.requests import (
    DiagramOptions,
    ParseOptions,
    PdfOptions,
    PngOptions,
    RenderOptions,
    VerifyOptions,
)

__all__ = ["detect_job", "diagram_dom_id", "parse_job", "pdf_job", "png_job", "svg_job"]


def diagram_dom_id(options: DiagramOptions) -> str:
    """A stable, content-derived id for the ``<svg>`` element (unique per diagram and options)."""
    digest = hashlib.sha256(options.cache_key().encode("utf-8")).hexdigest()
    return f"mermaid-{digest[:12]}"


def svg_job(options: RenderOptions) -> SvgJob:
    """The SVG drawing ``options`` ask for.

    Raises:
        InvalidConfig: the config holds a key the product forbids.
    """
    return SvgJob(
        code=options.code,
        config=build_mermaid_config(options.config, theme=options.theme),
        svg_id=diagram_dom_id(options),
        timeout_ms=options.timeout_ms,
        background=options.background,
        embed_fonts=options.embed_fonts,
        icons=icon_subset(options.code),
    )


def pdf_job(options: PdfOptions) -> PdfJob:
    """The PDF ``options`` ask for (drawn from the same SVG as :func:`svg_job` would make)."""
    return PdfJob(
        code=options.code,
        config=build_mermaid_config(options.config, theme=options.theme),
        timeout_ms=options.timeout_ms,
        background=options.background,
        paper=options.paper,
        orientation=options.orientation,
        margin_mm=options.margin_mm,
        fit=options.fit,
        icons=icon_subset(options.code),
    )


def png_job(options: PngOptions) -> PngJob:
    """The PNG ``options`` ask for."""
    return PngJob(
        code=options.code,
        config=build_mermaid_config(options.config, theme=options.theme),
        timeout_ms=options.timeout_ms,
        background=options.background,
        scale=options.scale,
        width=options.width,
        icons=icon_subset(options.code),
    )


def parse_job(request: ParseOptions) -> ParseJob:
    """The parse ``request`` asks for, under the product config without a theme (the one the
    warm engine already holds)."""
    return ParseJob(
        code=request.code,
        config=build_mermaid_config({}),
        timeout_ms=request.timeout_ms,
        positions=request.include_positions,
    )


def detect_job(request: VerifyOptions) -> DetectJob:
    """The check ``request`` asks for: the diagram's type, found by Mermaid's parser."""
    return DetectJob(code=request.code, config=build_mermaid_config({}), timeout_ms=request.timeout_ms)
