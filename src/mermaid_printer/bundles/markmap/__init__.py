"""The markmap bundle: markmap-lib and markmap-view on d3 and the shim (``bundle.py``), their
load-time transforms (``transforms.py``), the glue (``js/``), the render process's handlers
(``handlers.py``) and the interactive page (``html.py``)."""

from __future__ import annotations

from mermaid_printer.bundles import BundleWorker
from mermaid_printer.bundles.markmap import handlers
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.jobs import MarkmapRenderJob, MarkmapStructureJob

__all__ = ["MARKMAP"]

MARKMAP = BundleWorker(
    name="markmap",
    bundle=markmap_bundle,
    handlers={MarkmapRenderJob: handlers.render, MarkmapStructureJob: handlers.structure},
    warm_up=handlers.warm_up,
    prime=handlers.prime,
    record_pages=handlers.record_pages,
)
