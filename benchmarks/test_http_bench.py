"""The HTTP service against the Python API, side by side in one run.

* ``http-overhead``: the same cached diagram through ``POST /api/render`` and through
  ``Printer.render_svg``: with the render answered from the cache, what remains is the service's
  own cost (goal: ≤ 5 ms at p50);
* ``http-concurrency``: a fixed mix of real diagrams (no cache), 1, 2, 4 and 8 clients at once:
  latency p50/p95/p99 and throughput, in ``extra_info``.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from support import helper_from_tests

from mermaid_printer import Printer, build_render_options
from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.cache import MemoryCache

#: The loopback client and server of the HTTP tests.
loopback = helper_from_tests("adapters/http", "loopback")

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"
MIX = [(DIAGRAMS / f"{name}.mmd").read_text() for name in ("pie", "gantt", "sequence", "journey", "flowchart", "er")]
SETTINGS = HttpSettings(rate_limit="1000000/hour", queue=64)


@pytest.fixture(scope="module")
def cached() -> Iterator[tuple[Printer, str]]:
    with Printer(cache=MemoryCache()) as printer, loopback.serving(build_app(SETTINGS, printer)) as base:
        loopback.wait_ready(base)
        yield printer, base


@pytest.fixture(scope="module")
def uncached() -> Iterator[tuple[Printer, str]]:
    with Printer(cache=None) as printer, loopback.serving(build_app(SETTINGS, printer)) as base:
        loopback.wait_ready(base)
        yield printer, base


@pytest.mark.benchmark(group="http-overhead")
@pytest.mark.parametrize("through", ["python", "http"])
def test_a_cached_render(benchmark, cached: tuple[Printer, str], through: str) -> None:
    printer, base = cached
    code = MIX[0]
    calls: dict[str, Callable[[], Any]] = {
        "python": lambda: printer.render_svg(build_render_options(code)),
        "http": lambda: loopback.request("POST", base + "/api/render", {"code": code}),
    }
    calls[through]()  # the miss
    benchmark.pedantic(calls[through], rounds=200, iterations=1, warmup_rounds=5)


def _latencies(call: Callable[[str], Any], clients: int, per_client: int) -> tuple[list[float], float]:
    latencies: list[float] = []
    lock = threading.Lock()

    def client(offset: int) -> None:
        for index in range(per_client):
            code = MIX[(offset + index) % len(MIX)]
            began = time.perf_counter()
            call(code)
            with lock:
                latencies.append(time.perf_counter() - began)

    began = time.perf_counter()
    threads = [threading.Thread(target=client, args=(offset,)) for offset in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, time.perf_counter() - began


@pytest.mark.benchmark(group="http-concurrency")
@pytest.mark.parametrize("clients", [1, 2, 4, 8])
@pytest.mark.parametrize("through", ["python", "http"])
def test_a_mix_of_real_diagrams(benchmark, uncached: tuple[Printer, str], through: str, clients: int) -> None:
    printer, base = uncached

    def http(code: str) -> None:
        assert loopback.request("POST", base + "/api/render", {"code": code}).status == 200

    def python(code: str) -> None:
        printer.render_svg(build_render_options(code))

    call = http if through == "http" else python
    latencies, seconds = benchmark.pedantic(_latencies, args=(call, clients, 6), rounds=1, iterations=1)
    cuts = statistics.quantiles(latencies, n=100)
    benchmark.extra_info.update(
        {
            "p50_ms": round(statistics.median(latencies) * 1000, 1),
            "p95_ms": round(cuts[94] * 1000, 1),
            "p99_ms": round(cuts[98] * 1000, 1),
            "renders_per_s": round(len(latencies) / seconds, 2),
        }
    )
