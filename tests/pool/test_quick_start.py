"""A warm pool's first requests are answered before its warm-up is over (QuickStartPool)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from process_tree import wait_for

from mermaid_printer.pool import QuickStartPool

HERE = Path(__file__).parent
SLOW = "pool_slow_warm_worker"


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(HERE))
    fifo = tmp_path / "gate"
    os.mkfifo(fifo)
    monkeypatch.setenv("SLOW_WARM_GATE", str(fifo))
    return fifo


def open_gate(fifo: Path) -> None:
    # Opening for writing waits for the warm-up's reader; closing ends its read.
    with open(fifo, "wb"):
        pass


def test_requests_during_the_warm_up_are_answered_by_a_quick_engine_of_their_bundle(gate: Path) -> None:
    with QuickStartPool(SLOW, worker_options={"engine": "native"}) as pool:
        first = pool.run({}, timeout_s=60, prime_for="mermaid")
        mind_map = pool.run({}, timeout_s=60, prime_for="markmap")

        assert (first["warm"], first["bundles"]) == (False, ["mermaid"])
        assert (mind_map["warm"], mind_map["bundles"]) == (False, ["markmap"])
        assert pool.quick_bundles == ["markmap", "mermaid"]

        open_gate(gate)
        warm = wait_for(
            lambda: (answer := pool.run({}, timeout_s=60, prime_for="mermaid"))["warm"] and answer,
            "the warm pool to take over",
            limit_s=60,
        )

        assert warm["bundles"] == ["mermaid", "markmap"] and warm["engine_pid"] == pool.warm.engine_pid
        assert pool.quick_bundles == []  # closed once the warm pool took over


def test_a_server_can_have_the_quick_engine_loaded_before_its_first_request(gate: Path) -> None:
    with QuickStartPool(SLOW, worker_options={"engine": "native"}) as pool:
        pool.start(wait=False, quick=("mermaid",))

        assert pool.quick_bundles == ["mermaid"]
        assert pool.run({}, timeout_s=60, prime_for="mermaid")["warm"] is False
        open_gate(gate)
