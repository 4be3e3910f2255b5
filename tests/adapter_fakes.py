"""A fake printer so adapter tests run in milliseconds without the engine."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mermaid_printer.errors import DiagramSyntaxError
from mermaid_printer.jobs import MarkmapRenderJob, MarkmapRenderResult, MarkmapStructure, MarkmapStructureJob
from mermaid_printer.markmap.build import customize_job, render_job, structure_job
from mermaid_printer.markmap.requests import MarkmapCustomizeRequest, MarkmapRenderRequest, MarkmapStructureRequest
from mermaid_printer.mermaid.requests import ParseOptions, PdfOptions, PngOptions, RenderOptions, VerifyOptions
from mermaid_printer.service import ParseResult, PdfResult, PngResult, PrinterService, RenderResult, VerifyResult

FAKE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>'
FAKE_PDF = b"%PDF-1.5 fake"
FAKE_PNG = b"\x89PNG\r\n\x1a\n fake"
FAKE_AST = {"nodes": [{"id": "A", "label": "A", "type": "squareRect"}], "edges": [], "metadata": {"counts": {}}}
#: Source the fake treats as a syntax error in parse and verify.
FAKE_BROKEN = "flowchart TD\n  A --> --> B"

#: What the fake's mind maps are, by format (the bytes of ``MarkmapRenderResult.data``).
FAKE_MARKMAPS = {
    "svg": b'<svg xmlns="http://www.w3.org/2000/svg" id="markmap"><g><text>fake map</text></g></svg>',
    "png": FAKE_PNG,
    "pdf": FAKE_PDF,
    "html": b"<!doctype html><html><body>fake map</body></html>",
}
#: The facts every fake mind map and structure reports.
FAKE_MARKMAP_NODES, FAKE_MARKMAP_DEPTH, FAKE_MARKMAP_FEATURES = 4, 3, ["heading", "inline_code", "list"]
#: The tree the fake's ``markmap_structure`` gives, in markmap's shape (HTML labels).
FAKE_MARKMAP_TREE: dict[str, Any] = {
    "content": "Root <em>map</em>",
    "children": [
        {"content": "Branch<br>two lines", "children": [{"content": "<code>leaf</code>", "children": []}]},
        {"content": "Other &amp; more", "children": []},
    ],
}


class FakePrinter:
    """Implements :class:`~mermaid_printer.service.PrinterService`; records what it was asked;
    ``fail_with`` or ``on_render`` change what it does.

    Mind maps go through the real job builders (:mod:`mermaid_printer.markmap.build`), so a request
    the service would refuse before drawing is refused here too; ``markmap_jobs`` holds the jobs
    built, which is what a real printer would have drawn.
    """

    def __init__(self) -> None:
        self.rendered: list[RenderOptions | PdfOptions | PngOptions] = []
        self.parsed: list[ParseOptions | VerifyOptions] = []
        self.markmap_jobs: list[MarkmapRenderJob | MarkmapStructureJob] = []
        self.fail_with: BaseException | None = None
        self.on_render: Callable[[RenderOptions | PdfOptions | PngOptions], object] | None = None
        self.warnings: list[str] = []
        self.closed = False
        self._lock = threading.Lock()

    def render_svg(self, options: RenderOptions, /) -> RenderResult:
        self._record(options)
        return RenderResult(svg=FAKE_SVG, diagram_type="flowchart-v2", warnings=list(self.warnings))

    def render_pdf(self, options: PdfOptions, /) -> PdfResult:
        self._record(options)
        return PdfResult(FAKE_PDF, "flowchart-v2", 841.89, 595.276, 1.0, "landscape", list(self.warnings))

    def render_png(self, options: PngOptions, /) -> PngResult:
        self._record(options)
        return PngResult(FAKE_PNG, "flowchart-v2", 400, 200, 2.0, list(self.warnings))

    def result_key(self, options: RenderOptions | PdfOptions | PngOptions) -> str:
        """A content address as the printer's: equal options, equal key (no render)."""
        import hashlib

        return hashlib.sha256(f"{type(options).__name__}:{options.model_dump_json()}".encode()).hexdigest()

    def parse(self, options: ParseOptions, /) -> ParseResult:
        self._check(options)
        return ParseResult(diagram_type="flowchart-v2", ast=FAKE_AST)

    def verify(self, options: VerifyOptions, /) -> VerifyResult:
        try:
            self._check(options)
        except DiagramSyntaxError as exc:
            return VerifyResult(ok=False, error=exc)
        return VerifyResult(ok=True, diagram_type="flowchart-v2")

    def render_markmap(self, request: MarkmapRenderRequest | MarkmapCustomizeRequest) -> MarkmapRenderResult:
        job = customize_job(request) if isinstance(request, MarkmapCustomizeRequest) else render_job(request)
        self._record_markmap(job)
        return MarkmapRenderResult(
            format=job.format,
            data=FAKE_MARKMAPS[job.format],
            node_count=FAKE_MARKMAP_NODES,
            width=320.0,
            height=180.0,
            max_depth=FAKE_MARKMAP_DEPTH,
            features=list(FAKE_MARKMAP_FEATURES),
            warnings=list(self.warnings),
        )

    def markmap_structure(self, request: MarkmapStructureRequest) -> MarkmapStructure:
        self._record_markmap(structure_job(request))
        return MarkmapStructure(
            node_count=FAKE_MARKMAP_NODES,
            max_depth=FAKE_MARKMAP_DEPTH,
            features=list(FAKE_MARKMAP_FEATURES),
            plugins=[],
            headings_by_level={"1": 1},
            total_characters=31,
            average_node_length=7.75,
            options={"maxWidth": 0},
            tree=FAKE_MARKMAP_TREE,
        )

    def close(self) -> None:
        self.closed = True

    def _record(self, options: RenderOptions | PdfOptions | PngOptions) -> None:
        with self._lock:
            self.rendered.append(options)
        if self.on_render is not None:
            self.on_render(options)
        if self.fail_with is not None:
            raise self.fail_with

    def _record_markmap(self, job: MarkmapRenderJob | MarkmapStructureJob) -> None:
        with self._lock:
            self.markmap_jobs.append(job)
        if self.fail_with is not None:
            raise self.fail_with

    def _check(self, options: ParseOptions | VerifyOptions) -> None:
        with self._lock:
            self.parsed.append(options)
        if self.fail_with is not None:
            raise self.fail_with
        if options.code == FAKE_BROKEN:
            raise DiagramSyntaxError("Parse error on line 2", {"line": 2, "column": 9, "expected": ["NODE_ID"]})


if TYPE_CHECKING:
    # mypy holds the fake to the whole protocol here, so a method the printer gains fails the
    # type check until the fake has it too.
    _is_a_printer_service: PrinterService = FakePrinter()
