"""The Sphinx extension: a ``mermaid`` directive printed at build time (SVG for HTML, PDF for LaTeX).

``conf.py``::

    extensions = ["mermaid_printer.adapters.docs.sphinx"]
    mermaid_printer_theme = "default"   # optional, any Mermaid theme

In a page (the directive ``sphinxcontrib-mermaid`` defines, with the options that map)::

    .. mermaid::
       :alt: The request path
       :align: center
       :caption: How a request flows

       flowchart LR
         A --> B

or ``.. mermaid:: diagrams/flow.mmd`` for a file relative to the page. HTML builders get the SVG
inline, LaTeX builders a PDF beside the ``.tex`` file (``\\includegraphics``); other builders the
source as a literal block. A broken diagram is a build warning naming the file, the line and what
to change (``-W`` fails the build on it). Results are cached under the doctree directory across
builds; the extension is safe for parallel reading and writing (each build process prints with
its own printer).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from mermaid_printer.adapters.docs import BuildPrinter
from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.requests import THEMES

__all__ = ["MermaidDirective", "setup"]

log = logging.getLogger(__name__)

#: Where LaTeX builds find the PDFs, relative to the output directory.
LATEX_DIR = "_mermaid"

_printer: BuildPrinter | None = None


def _build_printer(app: Sphinx) -> BuildPrinter:
    global _printer
    if _printer is None:
        _printer = BuildPrinter(cache_dir=Path(app.doctreedir) / "mermaid-printer")
    return _printer


class MermaidDirective(SphinxDirective):
    """``.. mermaid::`` with the diagram as content or a file argument."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = False
    option_spec: ClassVar[dict[str, Any]] = {
        "alt": directives.unchanged,
        "align": lambda value: directives.choice(value, ("left", "center", "right")),
        "caption": directives.unchanged,
        "theme": lambda value: directives.choice(value, THEMES),
        "name": directives.unchanged,
        "class": directives.class_option,
    }

    def run(self) -> list[nodes.Node]:
        """The drawing for the builder at hand, or a warning and the source when it fails."""
        source, first_line = self._source()
        if source is None:
            return []
        builder = self.env.app.builder.format
        theme = self.options.get("theme") or self.config.mermaid_printer_theme
        printer = _build_printer(self.env.app)
        try:
            if builder == "latex":
                drawn = self._latex(printer.pdf(source, theme=theme).pdf)
            elif builder == "html":
                svg = printer.svg(source, theme=theme).svg
                drawn = nodes.raw("", f'<div class="mermaid-printer">{svg}</div>', format="html")
            else:
                drawn = nodes.literal_block(source, source)
        except PrinterError as exc:
            line = getattr(exc, "line", None)
            at = first_line + line if isinstance(line, int) else first_line
            log.warning("%s", exc.summary(), location=(self.env.docname, at))  # the summary ends with the hint
            return [nodes.literal_block(source, source)]
        return [self._figure(drawn)]

    def _source(self) -> tuple[str | None, int]:
        """The diagram's text and the line of the page its first line is on."""
        if self.arguments:
            relative, path = self.env.relfn2path(self.arguments[0], self.env.docname)
            self.env.note_dependency(relative)
            try:
                return Path(path).read_text(encoding="utf-8"), 0
            except OSError as exc:
                log.warning(
                    "cannot read %s: %s", self.arguments[0], exc.strerror, location=(self.env.docname, self.lineno)
                )
                return None, 0
        return "\n".join(self.content) + "\n", self.content_offset + 1

    def _latex(self, pdf: bytes) -> nodes.Node:
        name = f"{LATEX_DIR}/mermaid-{hashlib.sha256(pdf).hexdigest()[:16]}.pdf"
        target = Path(self.env.app.builder.outdir) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pdf)
        return nodes.raw("", f"\\sphinxincludegraphics{{{{{name}}}}}", format="latex")

    def _figure(self, drawn: nodes.Node) -> nodes.Node:
        figure = nodes.figure(classes=["mermaid-printer", *self.options.get("class", [])])
        if "align" in self.options:
            figure["align"] = self.options["align"]
        figure += drawn
        if "alt" in self.options:
            figure["alt"] = self.options["alt"]
        if "caption" in self.options:
            figure += nodes.caption(self.options["caption"], self.options["caption"])
        self.add_name(figure)
        return figure


def _close(app: Sphinx, exception: Exception | None) -> None:
    if _printer is not None:
        log.info("mermaid-printer: %d diagrams printed, %d from the cache", _printer.printed, _printer.from_cache)
        _printer.close()


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and its setting."""
    app.add_config_value("mermaid_printer_theme", None, "env", types=(str, type(None)))
    app.add_directive("mermaid", MermaidDirective)
    app.connect("build-finished", _close)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
