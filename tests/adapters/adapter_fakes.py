"""A fake printer so adapter tests run in milliseconds without the engine."""

from __future__ import annotations

import threading
from collections.abc import Callable

from mermaid_printer.options import PdfOptions, PngOptions, RenderOptions
from mermaid_printer.service import PdfResult, PngResult, RenderResult

FAKE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>'
FAKE_PDF = b"%PDF-1.5 fake"
FAKE_PNG = b"\x89PNG\r\n\x1a\n fake"


class FakePrinter:
    """Records what it was asked to render; ``fail_with`` or ``on_render`` change what it does."""

    def __init__(self) -> None:
        self.rendered: list[RenderOptions] = []
        self.fail_with: BaseException | None = None
        self.on_render: Callable[[RenderOptions], None] | None = None
        self.warnings: list[str] = []
        self.closed = False
        self._lock = threading.Lock()

    def render_svg(self, options: RenderOptions) -> RenderResult:
        with self._lock:
            self.rendered.append(options)
        if self.on_render is not None:
            self.on_render(options)
        if self.fail_with is not None:
            raise self.fail_with
        return RenderResult(svg=FAKE_SVG, diagram_type="flowchart-v2", warnings=list(self.warnings))

    def render_pdf(self, options: PdfOptions) -> PdfResult:
        self.render_svg(options)
        return PdfResult(FAKE_PDF, "flowchart-v2", 841.89, 595.276, 1.0, "landscape", list(self.warnings))

    def render_png(self, options: PngOptions) -> PngResult:
        self.render_svg(options)
        return PngResult(FAKE_PNG, "flowchart-v2", 400, 200, 2.0, list(self.warnings))

    def close(self) -> None:
        self.closed = True

