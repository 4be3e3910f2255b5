"""The markmap bundle: markmap-lib's transformer and markmap-view's renderer on d3, on the shim."""

from __future__ import annotations

import functools
from pathlib import Path

from mermaid_printer.bundles import transforms_enabled
from mermaid_printer.bundles.markmap.transforms import MARKMAP_LIB_TRANSFORMS, MARKMAP_VIEW_TRANSFORMS
from mermaid_printer.bundles.shim import shim_scripts
from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.resources import vendored_file

__all__ = ["MARKMAP_JS_DIR", "MARKMAP_VERSION", "markmap_bundle"]

#: The markmap bundle's own glue scripts.
MARKMAP_JS_DIR = Path(__file__).resolve().parent / "js"
#: The vendored markmap-lib / markmap-view release (vendor/manifest.json).
MARKMAP_VERSION = "0.18.12"


def markmap_bundle(transforms: bool | None = None) -> Bundle:
    """The shim, d3, markmap-lib and markmap-view (in the order markmap's page loads them), then
    the entry points ``transform`` and ``render``.

    Args:
        transforms: load markmap-lib and markmap-view with their load-time transforms
            (:mod:`~mermaid_printer.bundles.markmap.transforms`); by default unless
            ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off``.
    """
    return _markmap_bundle(transforms_enabled() if transforms is None else transforms)


@functools.cache
def _markmap_bundle(transforms: bool) -> Bundle:
    return Bundle(
        name="markmap",
        version=MARKMAP_VERSION,
        scripts=(
            *shim_scripts(),
            Script(vendored_file("d3/d3.min.js")),
            Script(
                vendored_file("markmap/markmap-lib.iife.js"),
                transforms=MARKMAP_LIB_TRANSFORMS if transforms else (),
            ),
            *((Script(MARKMAP_JS_DIR / "fast_paths.js"),) if transforms else ()),
            Script(
                vendored_file("markmap/markmap-view.js"),
                transforms=MARKMAP_VIEW_TRANSFORMS if transforms else (),
            ),
            Script(MARKMAP_JS_DIR / "entries.js"),
        ),
        entries=("transform", "render"),
    )
