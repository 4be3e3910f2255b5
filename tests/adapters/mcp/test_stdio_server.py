"""End to end: the official MCP client spawns ``python -m mermaid_printer serve`` over stdio."""

from __future__ import annotations

import sys
from pathlib import Path

import anyio
import pytest
from adapters.mcp.stdio_session import is_running, run_session, tool_call
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


async def test_a_render_over_its_time_limit_comes_back_as_timeout_and_the_next_call_works() -> None:
    long_chain = "flowchart TD\n" + "\n".join(f"  N{n} --> N{n + 1}" for n in range(300))

    async with Client(SERVE) as client:
        slow = await client.call_tool("mermaid_to_svg", {"code": long_chain, "timeout_ms": 1000})
        after = await client.call_tool("mermaid_to_svg", {"code": "flowchart TD\n  A --> B"})

    assert slow.is_error is True and slow.structured_content is not None
    assert [error["code"] for error in slow.structured_content["errors"]] == ["TIMEOUT"]
    assert after.is_error is False


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
    session = run_session(
        [sys.executable, "-m", "mermaid_printer", "serve"],
        [
            {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
            tool_call(2, {"code": "flowchart TD\n  A --> B"}),
            tool_call(3, {"code": "flowchart TD\n  A --> --> B"}),
            tool_call(4, {"code": "sequenceDiagram\n  Alice->>Bob: hi"}),
            tool_call(5, {"code": ""}),
        ],
        tmp_path,
    )

    assert sorted(session.replies) == [0, 1, 2, 3, 4, 5], session.stderr[-2000:]
    assert [session.replies[n]["result"]["isError"] for n in (2, 3, 4, 5)] == [False, True, False, True]
    assert (session.after_replies, session.returncode) == (b"", 0), session.stderr[-2000:]
    # The engine process the server started is gone with it.
    assert session.descendants != []
    assert [pid for pid in session.descendants if is_running(pid)] == []
