"""Export: a sanitized SVG to a vector PDF or a PNG, drawn with the fonts the layout measured.

The lowest layer; it runs inside the single-use render process after the SVG's
post-processing (``worker.py``), so a hostile SVG or a converter crash costs only that process.

* :mod:`.converter` — the only code that imports CairoSVG/cairo: parse without entities or
  fetching, fix the node tree where CairoSVG and Chromium differ (colours, drop shadows), draw;
* :mod:`.text` — SVG text laid out as Chromium does (chunks, anchors, kerning, baselines) and
  drawn as real, selectable PDF text;
* :mod:`.raster_faces` — a PNG's glyphs from its faces cut to the font subsets the product SVG
  embeds, so FreeType hints them as it hints those subsets in Chromium;
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

from mermaid_printer.errors import EngineUnavailable, PrinterError

__all__ = ["cairo_unavailable", "export_unavailable", "prepare_export"]

#: How to install the system cairo library, by system (the Python packages are dependencies).
CAIRO_INSTALL = (
    "Debian/Ubuntu: apt-get install libcairo2; Fedora: dnf install cairo; Alpine: apk add cairo; "
    "macOS: brew install cairo"
)


def cairo_unavailable(error: BaseException) -> EngineUnavailable:
    """The error for PDF or PNG output where the system cairo library cannot be loaded (what
    ``cairocffi`` raises then, ``error``, is a list of every file name it tried: kept in the
    details, out of the message)."""
    first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return EngineUnavailable(
        f"PDF and PNG output need the system cairo library, which is not installed here: install it "
        f"({CAIRO_INSTALL}), then run again; SVG output works without it",
        {"reason": "cairo_missing", "library": "cairo", "cause": f"{type(error).__name__}: {first_line[:200]}"},
    )


_WARM_UP_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">'
    '<text x="2" y="14">Aa</text><text x="2" y="14" font-weight="bold">Bb</text></svg>'
)


def export_unavailable(error: BaseException) -> EngineUnavailable:
    """The error every PDF or PNG request of a process gets once :func:`prepare_export` failed
    with ``error``: itself where it says why (no cairo), else a short one naming it."""
    if isinstance(error, EngineUnavailable) and error.details.get("reason") == "cairo_missing":
        return error
    reason = error.message if isinstance(error, PrinterError) else f"{type(error).__name__}: {error}"
    first_line = (reason.strip().splitlines() or [type(error).__name__])[0][:300]
    return EngineUnavailable(f"PDF and PNG output are unavailable: {first_line}", {"reason": "converter_unavailable"})


def prepare_export(svgs: list[str] | None = None) -> None:
    """Load cairo, build the converter fonts and draw once, so processes forked later start warm.

    Args:
        svgs: product SVGs (as the worker renders them for PDF/PNG) whose stylesheets to
            compile now; children whose diagrams share a stylesheet then skip that work.

    Raises:
        EngineUnavailable: the system cairo library or fontconfig is missing, or the fonts
            cannot be written.
    """
    from mermaid_printer.export.converter import preload_stylesheets
    from mermaid_printer.export.pdf import svg_to_pdf
    from mermaid_printer.export.png import svg_to_png

    svg_to_png(_WARM_UP_SVG, scale=1)
    svg_to_pdf(_WARM_UP_SVG)
    preload_stylesheets(list(svgs or []))
