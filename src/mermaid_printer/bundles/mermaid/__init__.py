"""The Mermaid bundle: Mermaid 12.3 on the shim (``bundle.py``), its load-time transforms
(``transforms.py``), its glue (``js/``) and the render process's handlers (``handlers.py``)."""

from __future__ import annotations

from mermaid_printer.bundles import BundleWorker
from mermaid_printer.bundles.mermaid import handlers
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.jobs import DetectJob, ParseJob, PdfJob, PngJob, SvgJob

__all__ = ["MERMAID"]

MERMAID = BundleWorker(
    name="mermaid",
    bundle=mermaid_bundle,
    handlers={
        SvgJob: handlers.render_svg,
        PdfJob: handlers.render_pdf,
        PngJob: handlers.render_png,
        ParseJob: handlers.parse,
        DetectJob: handlers.detect,
    },
    warm_up=handlers.warm_up,
    prime=handlers.prime,
    idle_warm_up=handlers.idle_warm_up,
    record_pages=handlers.record_pages,
    find_safe_stylesheets=handlers.find_safe_stylesheets,
    adopt_safe_stylesheets=handlers.adopt_safe_stylesheets,
)
