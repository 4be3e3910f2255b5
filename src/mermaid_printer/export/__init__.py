"""Export: a sanitized SVG to a vector PDF or a PNG, drawn with the fonts the layout measured.

The lowest layer; it runs inside the single-use render process after the SVG's
post-processing (``worker.py``), so a hostile SVG or a converter crash costs only that process.

* :mod:`.converter` — the only code that imports CairoSVG/cairo: parse without entities or
  fetching, fix the node tree where CairoSVG and Chromium differ (colours, drop shadows), draw;
* :mod:`.text` — SVG text laid out as Chromium does (chunks, anchors, kerning, baselines) and
  drawn as real, selectable PDF text;
* :mod:`mermaid_printer.colors` (shared) — CSS colours in the form CairoSVG reads;
* :mod:`.geometry` — page and image sizes and limits (no cairo needed);
* :mod:`.pdf` / :mod:`.png` — the entry points ``svg_to_pdf`` and ``svg_to_png``.

The fonts it draws with — the vendored fonts as static instances registered with a private
fontconfig setup (nothing from the machine), shaped by HarfBuzz, each character from the face
the layout measured it with — come from :mod:`mermaid_printer.fonts`.

Needs the system cairo library (``libcairo2``, which brings fontconfig and FreeType). This
package imports nothing cairo-related until :func:`prepare_export` or :mod:`.pdf`/:mod:`.png`
is used, so the rest of the printer works without it.
"""

from __future__ import annotations

__all__ = ["prepare_export"]

_WARM_UP_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
    '<text x="2" y="14">Aa</text><text x="2" y="14" font-weight="bold">Bb</text></svg>'
)


def prepare_export(svgs: list[str] | None = None) -> None:
    """Load cairo, build the converter fonts and draw once, so processes forked later start warm.

    Args:
        svgs: product SVGs (as the worker renders them for PDF/PNG) whose stylesheets to
            compile now; children whose diagrams share a stylesheet then skip that work.

    Raises:
        EngineUnavailable: fontconfig is missing or the fonts cannot be written.
        OSError: the system cairo library is missing (from ``cairocffi``).
    """
    from mermaid_printer.export.converter import preload_stylesheets
    from mermaid_printer.export.pdf import svg_to_pdf
    from mermaid_printer.export.png import svg_to_png

    svg_to_png(_WARM_UP_SVG, scale=1)
    svg_to_pdf(_WARM_UP_SVG)
    preload_stylesheets(list(svgs or []))
