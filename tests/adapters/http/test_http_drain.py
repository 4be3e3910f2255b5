"""SIGTERM drains a real server process: readiness turns 503 at once, the render in flight
finishes with 200, the process exits; past the drain limit it exits anyway."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from adapters.http.loopback import request
from adapters.http.real_servers import accepts, free_port, wait_until

HERE = Path(__file__).resolve().parent
FLOWCHART = {"code": "flowchart TD\n  A --> B\n"}


def _start(directory: Path, delay_s: float, drain_s: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(HERE), str(HERE.parents[1]), *sys.path])}
    process = subprocess.Popen(
        [sys.executable, str(HERE / "gated_replica.py"), str(port), str(directory), str(delay_s), str(drain_s)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    wait_until(lambda: accepts(port) and request("GET", base + "/readyz").status == 200, "the server ready")
    return process, base


def _render_in_background(base: str, replies: list[Any]) -> threading.Thread:
    thread = threading.Thread(target=lambda: replies.append(request("POST", base + "/api/render", FLOWCHART)))
    thread.start()
    return thread


def test_sigterm_turns_readiness_503_at_once_and_the_render_in_flight_finishes(tmp_path: Path) -> None:
    process, base = _start(tmp_path, delay_s=2, drain_s=30)
    try:
        replies: list[Any] = []
        thread = _render_in_background(base, replies)
        wait_until((tmp_path / "started").exists, "the render started")
        process.send_signal(signal.SIGTERM)
        wait_until(lambda: request("GET", base + "/readyz").status == 503, "readiness 503", 10)
        assert request("GET", base + "/readyz").json() == {"status": "draining"}
        assert request("GET", base + "/healthz").status == 200  # alive, only not ready
        (tmp_path / "release").touch()
        thread.join(60)
        assert [reply.status for reply in replies] == [200]
        # uvicorn re-raises the signal once drained: the exit status says "stopped by SIGTERM".
        assert process.wait(60) == -signal.SIGTERM
    finally:
        process.kill()
        process.wait(30)


def test_a_render_that_outlasts_the_drain_limit_does_not_keep_the_process_alive(tmp_path: Path) -> None:
    process, base = _start(tmp_path, delay_s=0, drain_s=1)
    try:
        replies: list[Any] = []
        thread = _render_in_background(base, replies)
        wait_until((tmp_path / "started").exists, "the render started")
        process.send_signal(signal.SIGTERM)
        process.wait(60)  # the drain limit is 1 s; this only guards against a hang
        assert not accepts(int(base.rsplit(":", 1)[1]))
    finally:
        (tmp_path / "release").touch()
        process.kill()
        process.wait(30)
        thread.join(60)
