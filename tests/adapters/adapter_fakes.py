"""A fake printer so adapter tests run in milliseconds without the engine."""

from __future__ import annotations

import threading
from collections.abc import Callable

from mermaid_printer.options import RenderOptions
from mermaid_printer.service import RenderResult

FAKE_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text>A</text></svg>'


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

    def close(self) -> None:
        self.closed = True

