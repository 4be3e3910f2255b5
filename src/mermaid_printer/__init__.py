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
from mermaid_printer.service import Printer, RenderResult, default_printer

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
    "Printer",
    "PrinterError",
    "RenderFailed",
    "RenderOptions",
    "RenderResult",
    "RenderTimeout",
    "ResourceLimit",
    "UnsupportedDiagram",
    "__version__",
    "build_render_options",
    "render_svg",
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
