"""The minimal browser every bundle runs on, as scripts in load order.

``env.js`` (browser-like globals, seeded randomness, a frozen clock, virtual timers),
``selectors.js``, ``css.js``, ``dom.js`` and ``geometry.js`` (the DOM), ``text_measure.js`` (text
widths from the generated advance-width and kerning tables of :mod:`mermaid_printer.fonts`,
loaded before it as data), ``html_boxes.js``, ``html_layout.js`` and ``mathml_layout.js`` (boxes
for HTML and MathML labels), ``foreign_objects.js`` (HTML labels to SVG text), ``svg_output.js``
(the drawn faces of a finished SVG, stylesheet scoping).
"""

from __future__ import annotations

from pathlib import Path

from mermaid_printer.engine.bundle import Script
from mermaid_printer.fonts import FONT_METRICS_GLOBAL, font_metrics_path

__all__ = ["SHIM_DIR", "shim_scripts"]

#: The shim's JavaScript files.
SHIM_DIR = Path(__file__).resolve().parent


def shim_scripts() -> tuple[Script, ...]:
    """The browser shim every bundle loads first, in load order.

    The font metrics are data (``mermaid_printer.fonts``' generated ``font_metrics.json``, which
    the converter reads too), published as the global ``text_measure.js`` reads.
    """
    dom = ("env.js", "selectors.js", "css.js", "dom.js", "geometry.js")
    text = (
        "text_measure.js",
        "html_boxes.js",
        "html_layout.js",
        "mathml_layout.js",
        "foreign_objects.js",
        "svg_output.js",
    )
    return (
        *(Script(SHIM_DIR / name) for name in dom),
        Script(font_metrics_path(), kind="data", publish_as=FONT_METRICS_GLOBAL),
        *(Script(SHIM_DIR / name) for name in text),
    )
