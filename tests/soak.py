"""Soak runs: many real renders of a mixed corpus through one server, measured from outside.

Two servers: the MCP server in process (the official client, in memory, one session for the
whole run) and the HTTP service as its own process (``mermaid-printer http``, as deployed).
Every request renders (its source carries a comment of its own, so no cache answers it; the
HTTP service runs with its memory result cache off, ``MERMAID_PRINTER_RESULT_CACHE_MIB=0``, as
it would otherwise fill towards its 64 MiB bound with these unique results and hide a leak
behind that growth; the bound itself is tested in ``tests/test_cache.py``). Around
the run: RSS of the parent (the process holding the printer) and of its engine process (the
zygote), open file descriptors of both, and the engine's child processes; latency of every
request. ``tests/test_soak.py`` runs a short soak in CI; ``benchmarks/test_soak_long.py`` the
1,000-render one.
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
from diagram_mutations import SEEDS
from mcp import Client
from mcp.types import CallToolResult
from mcp_answers import assert_clean_answer, assert_safe_svg
from process_tree import children, open_fds, rss_bytes, wait_for, zygote

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.service import PrinterService

__all__ = ["ProcessSample", "SoakReport", "http_server", "soak_http", "soak_mcp"]

#: The mixed corpus: one diagram of each common type, in a fixed order (a PNG every tenth).
CORPUS = [SEEDS[name] for name in sorted(SEEDS)]
_SPARES = 2


@dataclass(frozen=True)
class ProcessSample:
    """The parent and its engine process at one moment."""

    parent_rss: int
    engine_rss: int
    parent_fds: int
    engine_fds: int
    engine_children: int

    @classmethod
    def take(cls, parent: int) -> ProcessSample:
        engine = zygote(parent)
        # Spares are forked again after each request, and the descriptors of the one that served
        # it are closed as its exit is read: wait until the engine is at rest (its spares all
        # there and its descriptor count the same over 0.3 s), so a sample sees no transient.
        settled: list[tuple[float, int]] = []  # (when, descriptors) since the spares were all there

        def at_rest() -> bool:
            if len(children(engine)) != _SPARES:
                settled.clear()
                return False
            now, fds = time.monotonic(), open_fds(engine)
            if settled and settled[-1][1] != fds:
                settled.clear()
            settled.append((now, fds))
            return now - settled[0][0] >= 0.3

        wait_for(at_rest, "the engine at rest")
        return cls(rss_bytes(parent), rss_bytes(engine), open_fds(parent), open_fds(engine), len(children(engine)))


@dataclass
class SoakReport:
    """What one soak run measured."""

    server: str
    renders: int
    start: ProcessSample
    end: ProcessSample
    latencies_s: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def growth(self, field_name: str) -> float:
        before: float = getattr(self.start, field_name)
        after: float = getattr(self.end, field_name)
        return (after - before) / before

    def p95(self, window: slice) -> float:
        return statistics.quantiles(self.latencies_s[window], n=20)[-1]

    def summary(self) -> dict[str, Any]:
        first, last = slice(0, 100), slice(-100, None)
        return {
            "server": self.server,
            "renders": self.renders,
            "errors": self.errors,
            "parent_rss_mib": [round(self.start.parent_rss / 2**20, 1), round(self.end.parent_rss / 2**20, 1)],
            "engine_rss_mib": [round(self.start.engine_rss / 2**20, 1), round(self.end.engine_rss / 2**20, 1)],
            "parent_rss_growth_pct": round(100 * self.growth("parent_rss"), 2),
            "engine_rss_growth_pct": round(100 * self.growth("engine_rss"), 2),
            "fds_parent": [self.start.parent_fds, self.end.parent_fds],
            "fds_engine": [self.start.engine_fds, self.end.engine_fds],
            "engine_children": [self.start.engine_children, self.end.engine_children],
            "latency_p50_ms": round(1000 * statistics.median(self.latencies_s), 1),
            "latency_p95_first_100_ms": round(1000 * self.p95(first), 1) if self.renders >= 200 else None,
            "latency_p95_last_100_ms": round(1000 * self.p95(last), 1) if self.renders >= 200 else None,
        }


def _request_for(index: int) -> tuple[str, dict[str, Any]]:
    """The ``index``-th request of the run: a tool and its arguments (the source made unique)."""
    code = f"%% soak request {index}\n{CORPUS[index % len(CORPUS)]}"
    tool = "mermaid_to_png" if index % 10 == 9 else "mermaid_to_svg"
    return tool, {"code": code, "timeout_ms": 60_000}


def _run(server: str, parent: int, renders: int, warm_up: int, one: Callable[[int], str | None]) -> SoakReport:
    for index in range(warm_up):
        one(-1 - index)
    start = ProcessSample.take(parent)
    report = SoakReport(server, renders, start, start)
    for index in range(renders):
        began = time.perf_counter()
        error = one(index)
        report.latencies_s.append(time.perf_counter() - began)
        if error is not None:
            report.errors[error] = report.errors.get(error, 0) + 1
    report.end = ProcessSample.take(parent)
    return report


def soak_mcp(printer: PrinterService, renders: int, warm_up: int) -> SoakReport:
    """``warm_up`` requests, then ``renders`` measured ones, through one in-memory MCP session."""

    async def run() -> SoakReport:
        async with Client(build_server(printer)) as client:

            def one(index: int) -> str | None:
                tool, arguments = _request_for(index)

                async def call() -> CallToolResult:
                    return await client.call_tool(tool, arguments)

                result = anyio.from_thread.run(call)
                document = assert_clean_answer(result)
                return document["errors"][0]["code"] if result.is_error else None

            return await anyio.to_thread.run_sync(_run, "mcp", os.getpid(), renders, warm_up, one)

    return anyio.run(run)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class http_server:  # noqa: N801 - used as a context manager, like open()
    """``mermaid-printer http`` as its own process on a free loopback port, until the block ends."""

    def __init__(self, *extra_args: str) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self._args = [
            sys.executable,
            "-m",
            "mermaid_printer.adapters.cli.main",
            "http",
            "--port",
            str(self.port),
            "--rate-limit",
            "1000000/hour",
            *extra_args,
        ]
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> http_server:
        environment = {**os.environ, "MERMAID_PRINTER_RESULT_CACHE_MIB": "0"}
        self.process = subprocess.Popen(
            self._args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment
        )
        wait_for(lambda: self._status("/readyz") == 200 or None, "the HTTP service to get warm", limit_s=300)
        return self

    def __exit__(self, *exc_info: object) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def _status(self, path: str) -> int | None:
        assert self.process is not None
        if self.process.poll() is not None:
            raise RuntimeError(f"the HTTP service exited with {self.process.returncode}")
        try:
            with urllib.request.urlopen(self.base + path, timeout=10) as reply:
                return int(reply.status)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return None

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, bytes]:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=300) as reply:
                return int(reply.status), reply.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()


def http_request(server: http_server, index: int) -> str | None:
    """Request ``index`` of the mixed corpus through the HTTP service: None when it was answered
    well, else what went wrong (``HTTP <status>``)."""
    tool, arguments = _request_for(index)
    if tool == "mermaid_to_svg":
        status, body = server.post("/api/render", {"code": arguments["code"]})
        if status == 200:
            assert_safe_svg(json.loads(body)["svg"])
    else:  # Kroki's POST / for the PNG
        kroki = {"diagram_type": "mermaid", "diagram_source": arguments["code"], "output_format": "png"}
        status, body = server.post("/", kroki)
        if status == 200:
            assert body.startswith(b"\x89PNG")
    return None if status == 200 else f"HTTP {status}"


def soak_http(server: http_server, renders: int, warm_up: int) -> SoakReport:
    """``warm_up`` requests, then ``renders`` measured ones, through the HTTP service's API."""
    assert server.process is not None
    return _run("http", server.process.pid, renders, warm_up, lambda index: http_request(server, index))
