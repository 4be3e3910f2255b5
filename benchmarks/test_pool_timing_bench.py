"""How long the pool waits, where the tests check only the order of events (moved out of them).

* ``tests/pool/test_pool.py``: an idle zygote takes its idle warm-up after the request before
  it, and not while one is in flight; here, how long after the last request ended the first
  step came, against ``_IDLE_WARM_UP_AFTER_S``.
* ``tests/adapters/cli/test_cli_start.py``: a head start no command takes is killed without the
  grace a warm engine gets; here, how long discarding it takes, against ``_STOP_GRACE_S``.

Run with ``pytest benchmarks/test_pool_timing_bench.py``; the figures are in each result's
``extra_info``. These report; they do not gate.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from mermaid_printer.adapters.cli import start as cli_start
from mermaid_printer.engine import ENGINE_ENV_VAR
from mermaid_printer.pool import RendererPool, _backends, _zygote

FAKE_WORKERS = Path(__file__).resolve().parents[1] / "tests" / "pool"
JOB_TIMEOUT_S = 30.0


@pytest.fixture(autouse=True)
def _fake_workers_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(FAKE_WORKERS))


def _first_idle_step(pool: RendererPool, marker: Path) -> float:
    """When the zygote took the first step of its idle warm-up (CLOCK_MONOTONIC)."""
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert time.monotonic() < deadline, "no idle step"
        time.sleep(0.01)
    for _ in range(300):  # a child forked after the step starts with it
        steps = pool.run({"action": "recall"}, timeout_s=JOB_TIMEOUT_S)["state"].get("idle_steps", [])
        if steps:
            return float(steps[0])
        time.sleep(0.01)
    raise AssertionError("no child started with the idle step")


def test_idle_warm_up_delay_after_the_last_request(
    benchmark: BenchmarkFixture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_IDLE_STEPS", "1")
    monkeypatch.setenv("FAKE_IDLE_DIR", str(tmp_path))

    def delay() -> float:
        for old in tmp_path.glob("*.step"):
            old.unlink()
        with RendererPool("pool_fake_worker", start_method="fork", spares=1) as pool:
            ended = pool.run({"action": "now"}, timeout_s=JOB_TIMEOUT_S)["at"]
            return _first_idle_step(pool, tmp_path / "0.step") - float(ended)

    waited = benchmark.pedantic(delay, rounds=3, iterations=1)
    benchmark.extra_info.update(delay_s=round(waited, 3), idle_warm_up_after_s=_zygote._IDLE_WARM_UP_AFTER_S)


def test_discarding_a_head_start_nobody_took(benchmark: BenchmarkFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_ENV_VAR, "native")

    def setup() -> tuple[tuple[()], dict[str, object]]:
        cli_start._start_ahead(["render", "a.mmd", "b.mmd", "-o", "out/"])  # a batch: not taken
        return (), {}

    benchmark.pedantic(cli_start.discard_head_start, setup=setup, rounds=5, iterations=1)
    benchmark.extra_info.update(stop_grace_s=_backends._STOP_GRACE_S)
