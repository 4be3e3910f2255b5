"""Docs builds: diagrams printed at build time by MkDocs (:mod:`.mkdocs`) and Sphinx (:mod:`.sphinx`).

Both print each Mermaid block to SVG (PDF for LaTeX) with a printer whose result cache lives on
disk, so a rebuild draws only the diagrams that changed; the published pages carry the drawings
and no JavaScript.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mermaid_printer.cache import default_cache
from mermaid_printer.jobs import PdfResult, RenderResult
from mermaid_printer.service import Printer

__all__ = ["BuildPrinter"]


@dataclass
class BuildPrinter:
    """A printer for one docs build: started on first use in each process (Sphinx's parallel
    builds fork), its results cached in ``cache_dir`` across builds, its hits counted.

    Attributes:
        cache_dir: where results are kept between builds.
        printed: diagrams drawn by this process; ``from_cache`` of them came from the cache.
    """

    cache_dir: Path
    printed: int = 0
    from_cache: int = 0
    _printer: Printer | None = field(default=None, repr=False)
    _pid: int = field(default=0, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def _ready(self) -> Printer:
        with self._lock:
            if self._printer is None or self._pid != os.getpid():
                # A forked build process starts its own printer: the parent's pool is not its own.
                self._printer = Printer(cache=default_cache(self.cache_dir))
                self._pid = os.getpid()
            return self._printer

    def svg(self, code: str, **options: Any) -> RenderResult:
        """``code`` as SVG (options as :meth:`Printer.render_svg` takes them).

        Raises:
            PrinterError: the diagram could not be printed.
        """
        result = self._ready().render_svg(code, **options)
        self._count(result.cached)
        return result

    def pdf(self, code: str, **options: Any) -> PdfResult:
        """``code`` as a one-page PDF (options as :meth:`Printer.render_pdf` takes them).

        Raises:
            PrinterError: the diagram could not be printed.
        """
        result = self._ready().render_pdf(code, **options)
        self._count(result.cached)
        return result

    def _count(self, cached: bool) -> None:
        with self._lock:
            self.printed += 1
            self.from_cache += cached

    def close(self) -> None:
        """Stop this process's printer, if it started one."""
        with self._lock:
            if self._printer is not None and self._pid == os.getpid():
                self._printer.close()
            self._printer = None
