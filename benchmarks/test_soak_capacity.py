"""The capacity soak: the HTTP service (its own process) kept busy by as many clients as the
machine has cores, for ten minutes, measured from outside (``tests/soak.py``).

Run it alone: ``pytest benchmarks/test_soak_capacity.py -s`` (``MERMAID_PRINTER_SOAK_SECONDS``
changes the duration, ``MERMAID_PRINTER_SOAK_CLIENTS`` the clients). It fails on any request not
answered cleanly, RSS of the service or of its engine process grown by 5% or more, a file
descriptor or process left over. The summary (with throughput and latency) is printed and written
to ``.benchmarks/soak-capacity.json``.
"""

from __future__ import annotations

import json
import os
import statistics
import threading
import time
from pathlib import Path
from types import ModuleType

import pytest

SECONDS = float(os.environ.get("MERMAID_PRINTER_SOAK_SECONDS", "600"))
CLIENTS = int(os.environ.get("MERMAID_PRINTER_SOAK_CLIENTS", str(os.cpu_count() or 2)))
pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="measures processes through /proc")


def test_the_http_service_at_capacity_for_ten_minutes(soak: ModuleType) -> None:
    with soak.http_server() as server:
        for index in range(2 * len(soak.CORPUS)):
            soak.http_request(server, -1 - index)
        start = soak.ProcessSample.take(server.process.pid)
        latencies: list[float] = []
        errors: dict[str, int] = {}
        counter = iter(range(10**9))
        lock = threading.Lock()
        deadline = time.monotonic() + SECONDS

        def client() -> None:
            while time.monotonic() < deadline:
                with lock:
                    index = next(counter)
                began = time.perf_counter()
                error = soak.http_request(server, index)
                with lock:
                    latencies.append(time.perf_counter() - began)
                    if error is not None:
                        errors[error] = errors.get(error, 0) + 1

        threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
        began = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - began
        end = soak.ProcessSample.take(server.process.pid)

    quantiles = statistics.quantiles(latencies, n=100)
    summary = {
        "clients": CLIENTS,
        "seconds": round(elapsed, 1),
        "renders": len(latencies),
        "renders_per_second": round(len(latencies) / elapsed, 2),
        "errors": errors,
        "latency_ms": {name: round(1000 * quantiles[q - 1], 1) for name, q in (("p50", 50), ("p95", 95), ("p99", 99))},
        "parent_rss_mib": [round(start.parent_rss / 2**20, 1), round(end.parent_rss / 2**20, 1)],
        "engine_rss_mib": [round(start.engine_rss / 2**20, 1), round(end.engine_rss / 2**20, 1)],
        "fds_parent": [start.parent_fds, end.parent_fds],
        "fds_engine": [start.engine_fds, end.engine_fds],
        "engine_children": [start.engine_children, end.engine_children],
        "load_average_end": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(summary, indent=1))
    out = Path(".benchmarks")
    out.mkdir(exist_ok=True)
    (out / "soak-capacity.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    assert errors == {}
    assert end.parent_rss < 1.05 * start.parent_rss and end.engine_rss < 1.05 * start.engine_rss
    assert end.engine_children == start.engine_children
    assert end.engine_fds == start.engine_fds and end.parent_fds <= start.parent_fds
