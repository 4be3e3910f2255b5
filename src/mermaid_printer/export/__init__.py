"""Export: a sanitized SVG to a vector PDF or a PNG, drawn with the fonts the layout measured.

The lowest layer; it runs inside the single-use render process, after the SVG's
post-processing (``worker.py``), so a hostile SVG or a converter crash costs only that process.

* :mod:`.converter` — the only code that imports CairoSVG/cairo: parse without entities or
  fetching, fix the node tree where CairoSVG and Chromium differ (colours, drop shadows), draw;
* :mod:`.text` — SVG text laid out as Chromium does (chunks, anchors, kerning, baselines) and
  drawn as real, selectable PDF text;
* :mod:`.fonts` — the vendored fonts as static instances registered with a private fontconfig
  setup (nothing from the machine), shaped by HarfBuzz;
* :mod:`.colors` — CSS colours in the form CairoSVG reads;
* :mod:`.pdf` and :mod:`.png` — page and image geometry, limits, and the entry points.

Needs the system cairo library (``libcairo2``; it brings fontconfig and FreeType).
"""

from __future__ import annotations

from mermaid_printer.export.pdf import DEFAULT_PAPER_MARGIN_MM, PAPER_SIZES, PdfResult, svg_to_pdf
from mermaid_printer.export.png import DEFAULT_PNG_SCALE, MAX_PNG_PIXELS, MAX_PNG_SIDE, PngResult, svg_to_png

__all__ = [
    "DEFAULT_PAPER_MARGIN_MM",
    "DEFAULT_PNG_SCALE",
    "MAX_PNG_PIXELS",
    "MAX_PNG_SIDE",
    "PAPER_SIZES",
    "PdfResult",
    "PngResult",
    "prepare_export",
    "svg_to_pdf",
    "svg_to_png",
]

_WARM_UP_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
    '<text x="2" y="14" style="font-family:\'Recursive Variable\'">Aa</text>'
    '<text x="2" y="14" font-weight="bold">Bb</text></svg>'
)


def prepare_export() -> None:
    """Build the converter fonts and draw once, so a process forked afterwards starts warm."""
    svg_to_png(_WARM_UP_SVG, scale=1)
    svg_to_pdf(_WARM_UP_SVG)
