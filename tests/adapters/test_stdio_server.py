"""End to end: the official MCP client spawns ``python -m mermaid_printer serve`` over stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SERVE = StdioServerParameters(command=sys.executable, args=["-m", "mermaid_printer", "serve"])


async def test_a_flowchart_renders_to_svg_text() -> None:
    async with Client(SERVE) as client:
        result = await client.call_tool("mermaid_to_svg", {"code": "flowchart TD\n  A[Start] --> B[Done]"})

    assert result.is_error is False
    envelope = result.structured_content
    assert envelope is not None
    assert (envelope["ok"], envelope["errors"]) == (True, [])
    assert envelope["svg"].startswith("<svg")
    assert "<text" in envelope["svg"] and "Start" in envelope["svg"]
    assert envelope["diagram_type"].startswith("flowchart")


async def test_a_syntax_error_comes_back_as_an_is_error_envelope_naming_the_line() -> None:
    async with Client(SERVE) as client:
        result = await client.call_tool("mermaid_to_svg", {"code": "flowchart TD\n  A --> B\n  B --> --> C\n"})

    assert result.is_error is True
    envelope = result.structured_content
    assert envelope is not None
    assert envelope["ok"] is False and "svg" not in envelope
    (error,) = envelope["errors"]
    assert error["code"] == "SYNTAX_ERROR"
    assert error["details"]["line"] == 3


async def test_ten_simultaneous_calls_all_succeed() -> None:
    results: dict[int, CallToolResult] = {}

    async with Client(SERVE) as client:

        async def one_call(n: int) -> None:
            results[n] = await client.call_tool("mermaid_to_svg", {"code": f"flowchart LR\n  A{n} --> B{n}"})

        async with anyio.create_task_group() as group:
            for n in range(10):
                group.start_soon(one_call, n)

    assert sorted(results) == list(range(10))
    for n, result in results.items():
        assert result.is_error is False, result.structured_content
        assert result.structured_content is not None
        assert f"A{n}" in result.structured_content["svg"]


def test_stdout_carries_only_protocol_messages_and_shutdown_leaves_no_process_behind(tmp_path: Path) -> None:
    # A raw session: every line the server writes to stdout must be a JSON-RPC message, even
    # while renders (in forked processes) succeed, fail and time out.
    def request(request_id: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": request_id, "method": method, "params": params}

    def render(request_id: int, arguments: dict[str, Any]) -> dict[str, Any]:
        return request(request_id, "tools/call", {"name": "mermaid_to_svg", "arguments": arguments})

    messages = [
        request(
            1,
            "initialize",
            {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}},
        ),
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        request(2, "tools/list", {}),
        render(3, {"code": "flowchart TD\n  A --> B"}),
        render(4, {"code": "flowchart TD\n  A --> --> B"}),
        render(5, {"code": "sequenceDiagram\n  Alice->>Bob: hi"}),
        render(6, {"code": ""}),
    ]
    stderr_file = tmp_path / "stderr.txt"
    with stderr_file.open("wb") as stderr_sink:
        server = subprocess.Popen(
            [sys.executable, "-m", "mermaid_printer", "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr_sink,
            start_new_session=True,
        )
    watchdog = threading.Timer(300, server.kill)  # only fires if the server hangs
    watchdog.start()
    try:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write("".join(json.dumps(message) + "\n" for message in messages).encode())
        server.stdin.flush()
        replies: list[dict[str, Any]] = []
        while len([reply for reply in replies if "id" in reply]) < 6:
            line = server.stdout.readline()
            if not line:
                break
            replies.append(json.loads(line))  # anything but a JSON message fails here
        server.stdin.close()  # how an MCP client asks a stdio server to stop
        rest = server.stdout.read()
        server.wait()
    finally:
        watchdog.cancel()
        server.kill()

    stderr = stderr_file.read_text(errors="replace")
    assert rest == b""
    assert all(reply.get("jsonrpc") == "2.0" for reply in replies)
    by_id = {reply["id"]: reply for reply in replies if "id" in reply}
    assert sorted(by_id) == [1, 2, 3, 4, 5, 6], stderr[-2000:]
    assert [by_id[n]["result"]["isError"] for n in (3, 4, 5, 6)] == [False, True, False, True]
    assert server.returncode == 0, stderr[-2000:]
    # The server ran in its own session; nothing from it (zygote, render children) is left.
    with pytest.raises(ProcessLookupError):
        os.killpg(server.pid, 0)
