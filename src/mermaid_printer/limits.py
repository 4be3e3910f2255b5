"""Every bound the printer enforces, defined once.

Request models, the service, the adapters and the render processes import their bounds from
here, and the published schemas state them (``maxLength``, ``minimum``/``maximum``).
"""

from __future__ import annotations

__all__ = [
    "DEFAULT_MAX_FILE_CHARS",
    "DEFAULT_MAX_LIST_FILES",
    "DEFAULT_TIMEOUT_MS",
    "DIAGNOSIS_BUDGET_S",
    "DIAGNOSIS_MAX_CHECKS",
    "MARKMAP_MAX_DEPTH",
    "MARKMAP_MAX_FILE_BYTES",
    "MARKMAP_MAX_MARKDOWN_BYTES",
    "MARKMAP_MAX_NODES",
    "MAX_INPUT_BYTES",
    "MAX_MARGIN_MM",
    "MAX_PAGE_POINTS",
    "MAX_PNG_PIXELS",
    "MAX_PNG_SCALE",
    "MAX_PNG_SIDE",
    "MAX_PNG_WIDTH",
    "MAX_TEXT_CHARS",
    "MAX_TIMEOUT_MS",
    "MIN_PNG_SCALE",
    "MIN_PNG_WIDTH",
    "MIN_TIMEOUT_MS",
]

# --- Mermaid source -----------------------------------------------------------------------------

#: Mermaid's ``maxTextSize``: the longest diagram source drawn or parsed, in characters (the
#: product fixes Mermaid's default; a longer one is ``INPUT_TOO_LARGE``, never Mermaid's error drawing).
MAX_TEXT_CHARS = 50_000
#: The largest raw input read before it is decoded or validated (an inflated Kroki path, a
#: request body's diagram), in bytes.
MAX_INPUT_BYTES = 1_000_000

# --- time ---------------------------------------------------------------------------------------

#: A request's default, least and greatest ``timeout_ms``.
DEFAULT_TIMEOUT_MS = 30_000
MIN_TIMEOUT_MS = 1_000
MAX_TIMEOUT_MS = 120_000

# --- PDF and PNG --------------------------------------------------------------------------------

#: A PDF page's largest side, in points (200 inches, the PDF reference's limit).
MAX_PAGE_POINTS = 14_400.0
#: A PNG's largest area and side, in pixels: refused before anything is drawn.
MAX_PNG_PIXELS = 40_000_000
MAX_PNG_SIDE = 20_000
#: ``scale`` and ``width`` of a PNG request.
MIN_PNG_SCALE, MAX_PNG_SCALE = 0.1, 10.0
MIN_PNG_WIDTH, MAX_PNG_WIDTH = 16, MAX_PNG_SIDE
#: A PDF request's ``margin_mm``.
MAX_MARGIN_MM = 100.0

# --- mind maps ----------------------------------------------------------------------------------

#: The Markdown of one mind map, in bytes (refused before the engine sees it).
MARKMAP_MAX_MARKDOWN_BYTES = 1_000_000
#: The largest tree markmap draws: nodes, and levels below the root.
MARKMAP_MAX_NODES = 10_000
MARKMAP_MAX_DEPTH = 20
#: A Markdown file read by ``markmap_render_file``, in bytes.
MARKMAP_MAX_FILE_BYTES = 5_000_000

# --- project files ------------------------------------------------------------------------------

#: What ``read_file`` returns by default, in characters, and how many paths ``list_files`` lists
#: (both configurable, see :mod:`mermaid_printer.project.sources.config`).
DEFAULT_MAX_FILE_CHARS = 100_000
DEFAULT_MAX_LIST_FILES = 2_000

# --- error diagnosis ----------------------------------------------------------------------------

#: Candidate fixes the diagnosis of one failing diagram may check by parsing (or drawing) them.
DIAGNOSIS_MAX_CHECKS = 8
#: The diagnosis's time budget, in seconds of the failing request's own process; never more than
#: a quarter of the request's timeout, so the error comes back well within it.
DIAGNOSIS_BUDGET_S = 1.5
