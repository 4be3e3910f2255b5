"""Serve MCP over stdio with a printer that writes to stdout every way it can (for a test; run
with tests/ on ``PYTHONPATH`` for the fake printer it builds on)."""

from __future__ import annotations

import os
import subprocess
import sys

from adapter_fakes import FakePrinter

from mermaid_printer.adapters.mcp.server import run_stdio
from mermaid_printer.mermaid.requests import RenderOptions
from mermaid_printer.service import RenderResult


class NoisyPrinter(FakePrinter):
    def render_svg(self, options: RenderOptions, /) -> RenderResult:
        print("noise from print()")
        sys.stdout.flush()
        os.write(1, b"noise from fd 1\n")
        subprocess.run(["echo", "noise from a child process"], check=True)
        pid = os.fork()
        if pid == 0:
            os.write(1, b"noise from a forked child\n")
            os._exit(0)
        os.waitpid(pid, 0)
        return RenderResult(svg="<svg/>", diagram_type="flowchart-v2")

    def close(self) -> None:
        print("noise while closing")


if __name__ == "__main__":
    run_stdio(NoisyPrinter())
