"""The long soak: 1,000 real renders of a mixed corpus through one MCP server (in process) and
through the HTTP service (its own process), measured from outside (``tests/soak.py``).

Run it alone, on a machine as quiet as you can get: ``pytest benchmarks/test_soak_long.py -s``
(``MERMAID_PRINTER_SOAK_RENDERS`` changes the count). It fails on a leak: RSS of the parent or
of the engine process grown by 5% or more from the first measured render to the last, a file
descriptor or a process left over, any request not answered cleanly. Latency is reported (p95
of the first and the last 100 renders); with ``MERMAID_PRINTER_SOAK_QUIET=1`` it must not get
worse by more than 10%. The summary is printed and written to ``.benchmarks/soak-<server>.json``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from types import ModuleType

import pytest

from mermaid_printer import Printer

RENDERS = int(os.environ.get("MERMAID_PRINTER_SOAK_RENDERS", "1000"))
QUIET = os.environ.get("MERMAID_PRINTER_SOAK_QUIET") == "1"
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="measures processes through /proc")


def _judge(report: object) -> None:
    summary = report.summary()  # type: ignore[attr-defined]
    print(json.dumps(summary, indent=1))
    out = Path(".benchmarks")
    out.mkdir(exist_ok=True)
    (out / f"soak-{summary['server']}.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    assert summary["errors"] == {}
    assert summary["parent_rss_growth_pct"] < 5 and summary["engine_rss_growth_pct"] < 5
    assert summary["engine_children"][1] == summary["engine_children"][0] == 2
    assert summary["fds_engine"][1] == summary["fds_engine"][0]
    assert summary["fds_parent"][1] <= summary["fds_parent"][0]
    if QUIET and RENDERS >= 200:
        assert summary["latency_p95_last_100_ms"] <= 1.10 * summary["latency_p95_first_100_ms"]


def test_soak_through_the_mcp_server(soak: ModuleType, printer: Printer) -> None:
    _judge(soak.soak_mcp(printer, renders=RENDERS, warm_up=2 * len(soak.CORPUS)))


def test_soak_through_the_http_service(soak: ModuleType) -> None:
    with soak.http_server() as server:
        report = soak.soak_http(server, renders=RENDERS, warm_up=2 * len(soak.CORPUS))
    _judge(report)
