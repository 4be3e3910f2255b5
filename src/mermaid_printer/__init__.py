"""mermaid-printer: Mermaid diagrams to clean, deterministic SVG, PDF and PNG without a browser.

Quick use::

    from mermaid_printer import render_pdf, render_png, render_svg

    svg = render_svg("graph TD; A-->B").svg
    pdf = render_pdf("graph TD; A-->B", paper="A4").pdf
    png = render_png("graph TD; A-->B", scale=2).png

Each render runs Mermaid 12.3 in a fresh, sandboxed QuickJS process. For explicit lifetime
control (one warm engine per application), use :class:`Printer` as a context manager.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from mermaid_printer.errors import (
    ERROR_CODES,
    DiagramSyntaxError,
    EngineUnavailable,
    ExternalServiceError,
    InputTooLarge,
    InvalidConfig,
    InvalidInput,
    NotFound,
    PrinterError,
    RenderFailed,
    RenderTimeout,
    ResourceLimit,
    UnsupportedDiagram,
)

if TYPE_CHECKING:
    from mermaid_printer.jobs import MarkmapRenderResult, MarkmapStructure
    from mermaid_printer.markmap.requests import MarkmapCustomizeRequest, MarkmapStructureRequest
    from mermaid_printer.mermaid.requests import (
        THEMES,
        ParseOptions,
        PdfOptions,
        PngOptions,
        RenderOptions,
        VerifyOptions,
        build_pdf_options,
        build_png_options,
        build_render_options,
    )
    from mermaid_printer.requests import PAPER_SIZES, validate_request
    from mermaid_printer.service import (
        ParseResult,
        PdfResult,
        PngResult,
        Printer,
        PrinterService,
        RenderResult,
        VerifyResult,
    )

    __version__: str

#: The public names imported on first use, by the module that defines them. Importing the
#: package (which every ``mermaid_printer.*`` import does first) then costs only the errors:
#: the engine process and the CLI start without the request models and the service they may
#: not need (``benchmarks/cold_start.py``).
_LAZY: dict[str, str] = {
    **dict.fromkeys(("MarkmapRenderResult", "MarkmapStructure"), "mermaid_printer.jobs"),
    **dict.fromkeys(("MarkmapCustomizeRequest", "MarkmapStructureRequest"), "mermaid_printer.markmap.requests"),
    **dict.fromkeys(("PAPER_SIZES", "validate_request"), "mermaid_printer.requests"),
    **dict.fromkeys(
        (
            "THEMES",
            "ParseOptions",
            "PdfOptions",
            "PngOptions",
            "RenderOptions",
            "VerifyOptions",
            "build_pdf_options",
            "build_png_options",
            "build_render_options",
        ),
        "mermaid_printer.mermaid.requests",
    ),
    **dict.fromkeys(
        (
            "ParseResult",
            "PdfResult",
            "PngResult",
            "Printer",
            "PrinterService",
            "RenderResult",
            "VerifyResult",
            "default_printer",
        ),
        "mermaid_printer.service",
    ),
}


def __getattr__(name: str) -> Any:
    """A public name on first use (see ``_LAZY``), and ``__version__`` (the installed
    distribution's, read once; every part of the package that names its version reads it here)."""
    if name == "__version__":
        value: Any = _installed_version()
    elif name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mermaid-printer")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0.0.0"


__all__ = [
    "ERROR_CODES",
    "PAPER_SIZES",
    "THEMES",
    "DiagramSyntaxError",
    "EngineUnavailable",
    "ExternalServiceError",
    "InputTooLarge",
    "InvalidConfig",
    "InvalidInput",
    "MarkmapCustomizeRequest",
    "MarkmapRenderResult",
    "MarkmapStructure",
    "MarkmapStructureRequest",
    "NotFound",
    "ParseOptions",
    "ParseResult",
    "PdfOptions",
    "PdfResult",
    "PngOptions",
    "PngResult",
    "Printer",
    "PrinterError",
    "PrinterService",
    "RenderFailed",
    "RenderOptions",
    "RenderResult",
    "RenderTimeout",
    "ResourceLimit",
    "UnsupportedDiagram",
    "VerifyOptions",
    "VerifyResult",
    "__version__",
    "build_pdf_options",
    "build_png_options",
    "build_render_options",
    "markmap_structure",
    "parse",
    "render_markmap",
    "render_pdf",
    "render_png",
    "render_svg",
    "validate_request",
    "verify",
]


def render_svg(code: str, **options: Any) -> RenderResult:
    """Render Mermaid source to SVG with the process-wide printer.

    Args:
        code: the diagram source.
        **options: ``theme``, ``background``, ``config`` (dict) or ``config_json`` (str),
            ``timeout_ms``, ``embed_fonts`` — as in :func:`build_render_options`.

    Raises:
        PrinterError: a subclass naming what went wrong; ``error.code`` is stable.
    """
    from mermaid_printer.mermaid.requests import build_render_options
    from mermaid_printer.service import default_printer

    return default_printer().render_svg(build_render_options(code, **options))


def parse(code: str, **options: Any) -> ParseResult:
    """Parse Mermaid source into its diagram type and AST, without rendering (process-wide printer).

    Args:
        code: the diagram source.
        **options: ``include_positions`` (give every node and edge its line and column),
            ``timeout_ms`` — as :class:`ParseOptions` defines them.

    Raises:
        PrinterError: a subclass naming what went wrong; a syntax error has ``line``/``column``.
    """
    from mermaid_printer.service import default_printer

    return default_printer().parse(code, **options)


def verify(code: str, **options: Any) -> VerifyResult:
    """Check Mermaid source without rendering: ``ok``, ``diagram_type``, or the ``error``
    (``timeout_ms`` as :class:`VerifyOptions` defines it)."""
    from mermaid_printer.service import default_printer

    return default_printer().verify(code, **options)


def render_pdf(code: str, **options: Any) -> PdfResult:
    """Render Mermaid source to a one-page vector PDF with the process-wide printer.

    Args:
        code: the diagram source.
        **options: those of :func:`render_svg` (``background`` defaults to white here), plus
            ``paper`` (A3, A4, A5, Letter, Legal, Tabloid; default: the page is the diagram's
            size), ``orientation`` (auto, portrait, landscape), ``margin_mm`` and ``fit``
            (shrink, fill) — as in :func:`build_pdf_options`.

    Raises:
        PrinterError: a subclass naming what went wrong; ``error.code`` is stable.
    """
    from mermaid_printer.mermaid.requests import build_pdf_options
    from mermaid_printer.service import default_printer

    return default_printer().render_pdf(build_pdf_options(code, **options))


def render_png(code: str, **options: Any) -> PngResult:
    """Render Mermaid source to a PNG image with the process-wide printer.

    Args:
        code: the diagram source.
        **options: those of :func:`render_svg` (``background`` defaults to white here; pass
            ``"transparent"`` for none), plus ``scale`` (default 2) or ``width`` (pixels).

    Raises:
        PrinterError: a subclass naming what went wrong; ``RESOURCE_LIMIT`` if the image would
            be over 40 megapixels.
    """
    from mermaid_printer.mermaid.requests import build_png_options
    from mermaid_printer.service import default_printer

    return default_printer().render_png(build_png_options(code, **options))


def render_markmap(markdown_content: str, **options: Any) -> MarkmapRenderResult:
    """Draw a Markdown outline as markmap's mind map with the process-wide printer.

    Args:
        markdown_content: the Markdown (headings and lists become branches).
        **options: ``format`` (svg, png, pdf, html), ``background``, ``theme`` (default, dark,
            colorful, minimal), ``color_scheme`` (hex colours), ``options`` (markmap's options by
            its names: ``{"maxWidth": 300, "colorFreezeLevel": 2, "fontSize": 18}``),
            ``embed_fonts``, ``timeout_ms``, and the PDF page / PNG size of :func:`render_pdf`
            and :func:`render_png` — as :class:`MarkmapCustomizeRequest` defines them.

    Returns:
        The file's bytes in ``.data`` (SVG and HTML as UTF-8), ``node_count``, ``max_depth``,
        ``features``, ``width`` and ``height``.

    Raises:
        PrinterError: a subclass naming what went wrong; ``error.code`` is stable.
    """
    from mermaid_printer.markmap.requests import MarkmapCustomizeRequest
    from mermaid_printer.requests import validate_request
    from mermaid_printer.service import default_printer

    request = validate_request(MarkmapCustomizeRequest, {"markdown_content": markdown_content, **options})
    return default_printer().render_markmap(request)


def markmap_structure(markdown_content: str, **options: Any) -> MarkmapStructure:
    """markmap's tree of a Markdown document and what it is made of, without drawing it
    (``timeout_ms`` as :class:`MarkmapStructureRequest` defines it)."""
    from mermaid_printer.markmap.requests import MarkmapStructureRequest
    from mermaid_printer.requests import validate_request
    from mermaid_printer.service import default_printer

    request = validate_request(MarkmapStructureRequest, {"markdown_content": markdown_content, **options})
    return default_printer().markmap_structure(request)
