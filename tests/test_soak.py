"""A short soak in CI (``tests/soak.py``): renders of a mixed corpus through one MCP server in
process and through the HTTP service as its own process; afterwards no file descriptor and no
process is left over, and every answer was clean. RSS and latency are judged by the long run,
``benchmarks/test_soak_long.py`` (a short run is too short to tell growth from warm-up)."""

from __future__ import annotations

from pathlib import Path

import pytest
from soak import CORPUS, http_server, soak_http, soak_mcp

from mermaid_printer import Printer

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="measures processes through Linux /proc"),
]

RENDERS = len(CORPUS)  # every diagram type once (a PNG among them)
WARM_UP = 4


def test_a_short_soak_through_the_mcp_server_leaves_no_descriptor_or_process_behind(printer: Printer) -> None:
    report = soak_mcp(printer, renders=RENDERS, warm_up=WARM_UP)

    assert report.errors == {}
    assert report.end.engine_children == report.start.engine_children == 2
    assert report.end.engine_fds == report.start.engine_fds
    assert report.end.parent_fds <= report.start.parent_fds


def test_a_short_soak_through_the_http_service_leaves_no_descriptor_or_process_behind() -> None:
    with http_server() as server:
        report = soak_http(server, renders=RENDERS, warm_up=WARM_UP)

    assert report.errors == {}
    assert report.end.engine_children == report.start.engine_children == 2
    assert report.end.engine_fds == report.start.engine_fds
    assert report.end.parent_fds <= report.start.parent_fds
