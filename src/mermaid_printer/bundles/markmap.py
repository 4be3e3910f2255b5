"""The markmap bundle: markmap-lib's transformer and markmap-view's renderer on d3, on the shim."""

from __future__ import annotations

import functools

from mermaid_printer.bundles import bundle_js_dir, shim_scripts
from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.resources import vendored_file

__all__ = ["MARKMAP_VERSION", "markmap_bundle"]

#: The vendored markmap-lib / markmap-view release (vendor/manifest.json).
MARKMAP_VERSION = "0.18.12"


@functools.cache
def markmap_bundle() -> Bundle:
    """The shim, d3, markmap-lib and markmap-view (in the order markmap's page loads them), then
    the entry points ``transform`` and ``render``."""
    return Bundle(
        name="markmap",
        version=MARKMAP_VERSION,
        scripts=(
            *shim_scripts(),
            Script(vendored_file("d3/d3.min.js")),
            Script(vendored_file("markmap/markmap-lib.iife.js")),
            Script(vendored_file("markmap/markmap-view.js")),
            Script(bundle_js_dir() / "markmap" / "entries.js"),
        ),
        entries=("transform", "render"),
    )
