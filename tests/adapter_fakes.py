"""A fake printer so adapter tests run in milliseconds without the engine."""

from __future__ import annotations

import threading
from collections.abc import Callable

from mermaid_printer.errors import DiagramSyntaxError
from mermaid_printer.mermaid.requests import ParseOptions, PdfOptions, PngOptions, RenderOptions, VerifyOptions
from mermaid_printer.service import ParseResult, PdfResult, PngResult, RenderResult, VerifyResult

FAKE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>'
FAKE_PDF = b"%PDF-1.5 fake"
FAKE_PNG = b"\x89PNG\r\n\x1a\n fake"
FAKE_AST = {"nodes": [{"id": "A", "label": "A", "type": "squareRect"}], "edges": [], "metadata": {"counts": {}}}
#: Source the fake treats as a syntax error in parse and verify.
FAKE_BROKEN = "flowchart TD\n  A --> --> B"


class FakePrinter:
    """Implements :class:`~mermaid_printer.service.PrinterService`; records what it was asked;
    ``fail_with`` or ``on_render`` change what it does."""

    def __init__(self) -> None:
        self.rendered: list[RenderOptions | PdfOptions | PngOptions] = []
        self.parsed: list[ParseOptions | VerifyOptions] = []
        self.fail_with: BaseException | None = None
        self.on_render: Callable[[RenderOptions | PdfOptions | PngOptions], None] | None = None
        self.warnings: list[str] = []
        self.closed = False
        self._lock = threading.Lock()

    def render_svg(self, options: RenderOptions) -> RenderResult:
        self._record(options)
        return RenderResult(svg=FAKE_SVG, diagram_type="flowchart-v2", warnings=list(self.warnings))

    def render_pdf(self, options: PdfOptions) -> PdfResult:
        self._record(options)
        return PdfResult(FAKE_PDF, "flowchart-v2", 841.89, 595.276, 1.0, "landscape", list(self.warnings))

    def render_png(self, options: PngOptions) -> PngResult:
        self._record(options)
        return PngResult(FAKE_PNG, "flowchart-v2", 400, 200, 2.0, list(self.warnings))

    def result_key(self, options: RenderOptions | PdfOptions | PngOptions) -> str:
        """A content address as the printer's: equal options, equal key (no render)."""
        import hashlib

        return hashlib.sha256(f"{type(options).__name__}:{options.model_dump_json()}".encode()).hexdigest()

    def parse(self, options: ParseOptions) -> ParseResult:
        self._check(options)
        return ParseResult(diagram_type="flowchart-v2", ast=FAKE_AST)

    def verify(self, options: VerifyOptions) -> VerifyResult:
        try:
            self._check(options)
        except DiagramSyntaxError as exc:
            return VerifyResult(ok=False, error=exc)
        return VerifyResult(ok=True, diagram_type="flowchart-v2")

    def close(self) -> None:
        self.closed = True

    def _record(self, options: RenderOptions | PdfOptions | PngOptions) -> None:
        with self._lock:
            self.rendered.append(options)
        if self.on_render is not None:
            self.on_render(options)
        if self.fail_with is not None:
            raise self.fail_with

    def _check(self, options: ParseOptions | VerifyOptions) -> None:
        with self._lock:
            self.parsed.append(options)
        if self.fail_with is not None:
            raise self.fail_with
        if options.code == FAKE_BROKEN:
            raise DiagramSyntaxError("Parse error on line 2", {"line": 2, "column": 9, "expected": ["NODE_ID"]})
