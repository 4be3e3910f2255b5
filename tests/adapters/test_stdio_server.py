"""End to end: the official MCP client spawns ``python -m mermaid_printer serve`` over stdio."""

from __future__ import annotations

import json
import os
import subprocess
import sys
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


def test_stdout_carries_only_protocol_messages_and_shutdown_leaves_no_process_behind() -> None:
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
    stdin = "".join(json.dumps(message) + "\n" for message in messages)

    server = subprocess.run(
        [sys.executable, "-m", "mermaid_printer", "serve"],
        input=stdin.encode(),
        capture_output=True,
        timeout=300,
        start_new_session=True,
    )

    lines = server.stdout.decode().splitlines()
    replies = [json.loads(line) for line in lines]
    assert all(reply.get("jsonrpc") == "2.0" for reply in replies)
    by_id = {reply["id"]: reply for reply in replies if "id" in reply}
    assert sorted(by_id) == [1, 2, 3, 4, 5, 6]
    assert [by_id[n]["result"]["isError"] for n in (3, 4, 5, 6)] == [False, True, False, True]
    assert server.returncode == 0, server.stderr.decode()[-2000:]
    # The server ran in its own session; nothing from it (zygote, render children) is left.
    with pytest.raises(ProcessLookupError):
        os.killpg(server.pid, 0)
