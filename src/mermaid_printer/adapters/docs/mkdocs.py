"""The MkDocs plugin: every ```mermaid fence of a page printed to SVG at build time.

``mkdocs.yml``::

    plugins:
      - search
      - mermaid-printer:
          theme: default        # any Mermaid theme
          dark_theme: dark      # optional: a second drawing shown when the page is dark
          output: inline        # or "file": SVG files beside the site, linked as images

A broken diagram stays on the page as its source and is reported as a build warning naming the
page, the line and what to change (``mkdocs build --strict`` fails on it). Results are cached in
``cache_dir`` (relative to ``mkdocs.yml``) across builds. With ``dark_theme`` the page holds both
drawings and shows the one its colour scheme asks for: Material's ``slate`` scheme, else the
reader's ``prefers-color-scheme``.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as options
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from mermaid_printer.adapters.docs import BuildPrinter
from mermaid_printer.errors import PrinterError
from mermaid_printer.jobs import RenderResult
from mermaid_printer.limits import DEFAULT_TIMEOUT_MS
from mermaid_printer.mermaid.markdown_blocks import MermaidBlock, find_mermaid_blocks
from mermaid_printer.mermaid.requests import THEMES

__all__ = ["MermaidPrinterPlugin"]

log = logging.getLogger("mkdocs.plugins.mermaid_printer")

#: Where ``output: file`` puts the drawings, inside the site.
ASSETS_DIR = "assets/mermaid-printer"
#: Shows the drawing that matches the page's colour scheme when a page carries both.
_SCHEME_CSS = (
    "<style>.mermaid-printer--dark{display:none}"
    "[data-md-color-scheme=slate] .mermaid-printer--light{display:none}"
    "[data-md-color-scheme=slate] .mermaid-printer--dark{display:block}"
    "@media (prefers-color-scheme:dark){html:not([data-md-color-scheme]) .mermaid-printer--light{display:none}"
    "html:not([data-md-color-scheme]) .mermaid-printer--dark{display:block}}</style>"
)


class MermaidPrinterConfig(base.Config):  # type: ignore[no-untyped-call]  # MkDocs' hook is unannotated
    """The plugin's options in ``mkdocs.yml``."""

    theme = options.Optional(options.Choice(THEMES))
    dark_theme = options.Optional(options.Choice(THEMES))
    output = options.Choice(("inline", "file"), default="inline")
    background = options.Type(str, default="transparent")
    timeout_ms = options.Type(int, default=DEFAULT_TIMEOUT_MS)
    cache_dir = options.Type(str, default=".cache/mermaid-printer")


class MermaidPrinterPlugin(BasePlugin[MermaidPrinterConfig]):  # type: ignore[no-untyped-call]  # as above
    """Prints the Mermaid fences of every page (see the module docstring)."""

    def __init__(self) -> None:
        self._printer: BuildPrinter | None = None
        self._dark_pages: set[str] = set()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        """Start a build: the printer's cache lives beside ``mkdocs.yml``."""
        root = Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()
        self._printer = BuildPrinter(cache_dir=root / self.config.cache_dir)
        self._dark_pages.clear()
        return config

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str | None:
        """The page's Markdown with each Mermaid fence replaced by its drawing."""
        lines = markdown.split("\n")
        for block in reversed(find_mermaid_blocks(markdown)):
            html = self._drawn(block, page, config)
            if html is not None:
                lines[block.first_line - 1 : block.last_line] = ["", html, ""]
        return "\n".join(lines)

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        """A page with light and dark drawings gets the rule that picks one."""
        if page.file.src_uri in self._dark_pages:
            return output.replace("</head>", _SCHEME_CSS + "</head>", 1)
        return output

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Say what the build printed, and stop the printer."""
        if self._printer is not None:
            log.info(
                "mermaid-printer: %d diagrams printed, %d from the cache",
                self._printer.printed,
                self._printer.from_cache,
            )
            self._printer.close()

    def _drawn(self, block: MermaidBlock, page: Page, config: MkDocsConfig) -> str | None:
        """The HTML that replaces ``block``, or ``None`` (the block stays) when it cannot be printed."""
        if self._printer is None:
            raise RuntimeError("the mermaid-printer plugin was not configured (on_config did not run)")
        common = {"background": self.config.background, "timeout_ms": self.config.timeout_ms}
        try:
            light = self._printer.svg(block.code, theme=self.config.theme, **common)
            dark = (
                self._printer.svg(block.code, theme=self.config.dark_theme, **common)
                if self.config.dark_theme
                else None
            )
        except PrinterError as exc:
            log.warning("%s", _where(exc, block, page))
            return None
        if dark is None:
            return self._placed(light, "mermaid-printer", page, config)
        self._dark_pages.add(page.file.src_uri)
        return "\n".join(
            (
                self._placed(light, "mermaid-printer mermaid-printer--light", page, config),
                self._placed(dark, "mermaid-printer mermaid-printer--dark", page, config),
            )
        )

    def _placed(self, result: RenderResult, css_class: str, page: Page, config: MkDocsConfig) -> str:
        if self.config.output == "inline":
            return f'<div class="{css_class}">{result.svg}</div>'
        name = f"{ASSETS_DIR}/{_svg_id(result.svg)}.svg"
        target = Path(config.site_dir) / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(result.svg, encoding="utf-8")
        return f'<div class="{css_class}"><img src="{get_relative_url(name, page.url)}" alt="{result.diagram_type} diagram"></div>'


def _svg_id(svg: str) -> str:
    """The ``<svg>`` element's id: content-derived, so it names the file."""
    start = svg.index('id="') + len('id="')
    return svg[start : svg.index('"', start)]


def _where(error: PrinterError, block: MermaidBlock, page: Page) -> str:
    """``page.md:LINE: CODE: message`` with the hint, the line counted in the page."""
    line = getattr(error, "line", None)
    at = block.first_line + line if isinstance(line, int) else block.first_line
    hint = error.details.get("hint") if isinstance(error.details, dict) else None
    text = f"{page.file.src_uri}:{at}: {error.summary()}"
    return f"{text} (hint: {hint})" if hint else text
