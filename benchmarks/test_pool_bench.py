"""Renderer pool overhead with fake workers: what a job costs beyond the work itself.

Run with ``pytest benchmarks/test_pool_bench.py``. These report; they do not gate.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from mermaid_printer.errors import RenderTimeout
from mermaid_printer.pool import RendererPool

FAKE_WORKERS = Path(__file__).resolve().parents[1] / "tests" / "pool"
TIMEOUT_S = 0.2


@pytest.fixture(autouse=True)
def _fake_workers_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(FAKE_WORKERS))


# "fork" keeps one child forked ahead of time (the default); "fork-no-spares" forks each child
# when its job arrives, which shows what the spare saves.
POOL_KINDS = {"fork": ("fork", None), "fork-no-spares": ("fork", 0), "spawn": ("spawn", None)}


@pytest.fixture(params=list(POOL_KINDS))
def warm_pool(request: pytest.FixtureRequest) -> Iterator[RendererPool]:
    start_method, spares = POOL_KINDS[request.param]
    with RendererPool("pool_trivial_worker", start_method=start_method, spares=spares) as pool:
        pool.start()
        pool.run({}, timeout_s=30)
        yield pool


@pytest.mark.benchmark(group="pool: one trivial job (fork/spawn + round trip + reap)")
def test_trivial_job_round_trip(benchmark: BenchmarkFixture, warm_pool: RendererPool) -> None:
    job = {"code": "graph TD; A-->B", "options": {"theme": "default"}}

    result = benchmark(warm_pool.run, job, timeout_s=30)

    assert result == job


@pytest.mark.benchmark(group="pool: cold start (engine process up and prepared)")
def test_cold_start(benchmark: BenchmarkFixture) -> None:
    def start_and_close() -> None:
        with RendererPool("pool_trivial_worker", start_method="fork") as pool:
            pool.start()

    benchmark.pedantic(start_and_close, rounds=10)


@pytest.mark.benchmark(group="pool: timeout accuracy (time to RenderTimeout for a 0.2 s limit)")
def test_timeout_arrives_right_after_the_limit(benchmark: BenchmarkFixture) -> None:
    overshoots: list[float] = []
    with RendererPool("pool_fake_worker", start_method="fork") as pool:
        pool.start()

        def hang() -> None:
            began = time.perf_counter()
            with pytest.raises(RenderTimeout):
                pool.run({"action": "sleep"}, timeout_s=TIMEOUT_S)
            overshoots.append(time.perf_counter() - began - TIMEOUT_S)

        benchmark.pedantic(hang, rounds=10)
    benchmark.extra_info["timeout_s"] = TIMEOUT_S
    benchmark.extra_info["max_overshoot_ms"] = round(max(overshoots) * 1000, 2)
    benchmark.extra_info["mean_overshoot_ms"] = round(sum(overshoots) / len(overshoots) * 1000, 2)
