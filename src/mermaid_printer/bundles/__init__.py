"""The JavaScript bundles the engine runs, as values (see :class:`~mermaid_printer.engine.Bundle`).

A bundle is the upstream code (vendored byte-identical), the browser shim it runs on and the
entry points that call it. This package knows which files make up each bundle and in which
order; the engine knows nothing about them.

``js/shim/``
    the minimal browser every bundle runs on: ``env.js`` (browser-like globals, seeded
    randomness, a frozen clock, virtual timers), ``selectors.js``, ``css.js``, ``dom.js`` and
    ``geometry.js`` (the DOM), ``text_measure.js`` (text widths from the generated
    advance-width and kerning tables of :mod:`mermaid_printer.fonts`, loaded before it as data),
    ``html_boxes.js``, ``html_layout.js`` and ``mathml_layout.js`` (boxes for HTML and MathML
    labels), ``foreign_objects.js`` (HTML labels to SVG text), ``svg_output.js`` (the drawn faces
    of a finished SVG, stylesheet scoping). See :func:`shim_scripts`.
``js/markmap/``
    the markmap bundle's entry points (``transform``, ``render``); see
    :mod:`mermaid_printer.bundles.markmap`.
``js/mermaid/``
    the Mermaid bundle's own glue: ``ast.js`` (the AST read from Mermaid's parsed database),
    ``layout_tidy_tree.js`` (registers the tidy-tree layout) and ``entries.js`` (the entry
    points ``render`` and ``parse``). See :mod:`mermaid_printer.bundles.mermaid`.

:data:`BUNDLES` names every bundle a worker can load.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from mermaid_printer.engine.bundle import Bundle, Script
from mermaid_printer.fonts import FONT_METRICS_GLOBAL, font_metrics_path

__all__ = ["BUNDLES", "bundle_js_dir", "load_bundle", "shim_scripts"]

_JS_DIR = Path(__file__).resolve().parent / "js"


def bundle_js_dir() -> Path:
    """The package's own JavaScript for bundles: ``shim/`` and one folder per bundle."""
    return _JS_DIR


def shim_scripts() -> tuple[Script, ...]:
    """The browser shim every bundle loads first, in load order.

    The font metrics are data (``mermaid_printer.fonts``' generated ``font_metrics.json``, which
    the converter reads too), published as the global ``text_measure.js`` reads.
    """
    shim = _JS_DIR / "shim"
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
        *(Script(shim / name) for name in dom),
        Script(font_metrics_path(), kind="data", publish_as=FONT_METRICS_GLOBAL),
        *(Script(shim / name) for name in text),
    )


def _mermaid() -> Bundle:
    from mermaid_printer.bundles.mermaid import mermaid_bundle

    return mermaid_bundle()


def _markmap() -> Bundle:
    from mermaid_printer.bundles.markmap import markmap_bundle

    return markmap_bundle()


#: Every bundle by name: a function that returns it (the files are found on first use).
BUNDLES: dict[str, Callable[[], Bundle]] = {"mermaid": _mermaid, "markmap": _markmap}


def load_bundle(name: str) -> Bundle:
    """The bundle called ``name``.

    Raises:
        KeyError: no bundle has that name.
    """
    try:
        factory = BUNDLES[name]
    except KeyError:
        raise KeyError(f"no bundle named {name!r}; known: {', '.join(sorted(BUNDLES))}") from None
    return factory()
