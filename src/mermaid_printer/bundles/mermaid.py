"""The Mermaid bundle: Mermaid 12.3 with the plugins mermaid-cli registers, on the browser shim."""

from __future__ import annotations

import functools

from mermaid_printer.bundles import bundle_js_dir, shim_scripts
from mermaid_printer.bundles.mermaid_transforms import MERMAID_TRANSFORMS, transforms_enabled
from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.resources import vendored_file

__all__ = ["MERMAID_VERSION", "mermaid_bundle"]

#: The vendored Mermaid release (vendor/manifest.json).
MERMAID_VERSION = "12.3.0"


def mermaid_bundle(transforms: bool | None = None) -> Bundle:
    """Mermaid, its AST reader, ZenUML and the tidy-tree layout, then the entry points.

    Args:
        transforms: load Mermaid with its load-time transforms
            (:mod:`~mermaid_printer.bundles.mermaid_transforms`); by default unless
            ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off``.
    """
    return _mermaid_bundle(transforms_enabled() if transforms is None else transforms)


@functools.cache
def _mermaid_bundle(transforms: bool) -> Bundle:
    own = bundle_js_dir() / "mermaid"
    return Bundle(
        name="mermaid",
        version=MERMAID_VERSION,
        scripts=(
            *shim_scripts(),
            # What the load-time transforms call (mermaid_transforms.py); only with them.
            *((Script(own / "fast_paths.js"),) if transforms else ()),
            Script(vendored_file("mermaid/mermaid.min.js"), transforms=MERMAID_TRANSFORMS if transforms else ()),
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
