"""mermaid-printer: Mermaid diagrams to clean, deterministic SVG without a browser.

Quick use::

    from mermaid_printer import render_svg

    svg = render_svg("graph TD; A-->B").svg

Each render runs Mermaid 12.3 in a fresh, sandboxed QuickJS process. For explicit lifetime
control (one warm engine per application), use :class:`Printer` as a context manager.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from typing import Any

from mermaid_printer.errors import (
    ERROR_CODES,
    DiagramSyntaxError,
    EngineUnavailable,
    InputTooLarge,
    InvalidConfig,
    InvalidInput,
    PrinterError,
    RenderFailed,
    RenderTimeout,
    ResourceLimit,
    UnsupportedDiagram,
)
from mermaid_printer.options import THEMES, RenderOptions, build_render_options
from mermaid_printer.service import ParseResult, Printer, RenderResult, VerifyResult, default_printer

try:
    __version__ = version("mermaid-printer")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0.0.0"

__all__ = [
    "ERROR_CODES",
    "THEMES",
    "DiagramSyntaxError",
    "EngineUnavailable",
    "InputTooLarge",
    "InvalidConfig",
    "InvalidInput",
    "ParseResult",
    "Printer",
    "PrinterError",
    "RenderFailed",
    "RenderOptions",
    "RenderResult",
    "RenderTimeout",
    "ResourceLimit",
    "UnsupportedDiagram",
    "VerifyResult",
    "__version__",
    "build_render_options",
    "parse",
    "render_svg",
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
    return default_printer().render_svg(build_render_options(code, **options))


def parse(code: str, include_positions: bool = False) -> ParseResult:
    """Parse Mermaid source into its diagram type and AST, without rendering (process-wide printer).

    Raises:
        PrinterError: a subclass naming what went wrong; a syntax error has ``line``/``column``.
    """
    return default_printer().parse(code, include_positions=include_positions)


def verify(code: str) -> VerifyResult:
    """Check Mermaid source without rendering: ``ok``, ``diagram_type``, or the ``error``."""
    return default_printer().verify(code)
