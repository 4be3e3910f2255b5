"""The Mermaid bundle: Mermaid 12.3 with the plugins mermaid-cli registers, on the browser shim."""

from __future__ import annotations

import functools

from mermaid_printer.bundles import bundle_js_dir, shim_scripts
from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.resources import vendored_file

__all__ = ["MERMAID_VERSION", "mermaid_bundle"]

#: The vendored Mermaid release (vendor/manifest.json).
MERMAID_VERSION = "12.3.0"


@functools.cache
def mermaid_bundle() -> Bundle:
    """Mermaid, its AST reader, ZenUML and the tidy-tree layout, then the entry points."""
    own = bundle_js_dir() / "mermaid"
    return Bundle(
        name="mermaid",
        version=MERMAID_VERSION,
        scripts=(
            *shim_scripts(),
            Script(vendored_file("mermaid/mermaid.min.js")),
            Script(own / "ast.js"),
            # The ZenUML plugin mermaid-cli registers; defines globalThis["mermaid-zenuml"].
            Script(vendored_file("mermaid-zenuml/mermaid-zenuml.min.js")),
            # The tidy-tree layout mermaid-cli registers: an ES module whose exports the glue
            # script after it reads from the published namespace.
            Script(
                vendored_file("layout-tidy-tree/layout-tidy-tree.chunk.mjs"),
                kind="module",
                publish_as="__printerTidyTreeChunk",
            ),
            Script(own / "layout_tidy_tree.js"),
            Script(own / "entries.js"),
        ),
        entries=("render", "parse"),
    )
