"""The stdio transport keeps the protocol stream clean, whatever the render path writes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from adapters.mcp.stdio_session import run_session, tool_call


def test_nothing_the_render_path_writes_to_stdout_reaches_the_protocol_stream(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The noisy printer prints, writes to fd 1, runs a child process and forks one, all of
    # which write to stdout; only JSON-RPC messages may appear there.
    noisy_server = Path(__file__).with_name("noisy_server.py")
    tests = Path(__file__).parents[2]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tests), *filter(None, [os.environ.get("PYTHONPATH")])]))

    session = run_session(
        [sys.executable, str(noisy_server)],
        [tool_call(1, {"code": "graph TD; A-->B"}), tool_call(2, {"code": "graph TD; C-->D"})],
        tmp_path,
    )

    assert sorted(session.replies) == [0, 1, 2], session.stderr[-2000:]
    assert [session.replies[n]["result"]["isError"] for n in (1, 2)] == [False, False]
    assert (session.after_replies, session.returncode) == (b"", 0), session.stderr[-2000:]
    assert "noise from a forked child" in session.stderr
