"""A raw MCP stdio session: send JSON-RPC lines to a server process, collect every stdout line."""

from __future__ import annotations

import json
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 0,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}},
}
_INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}


@dataclass
class Session:
    replies: dict[int, dict[str, Any]]
    after_replies: bytes
    returncode: int
    pid: int
    stderr: str


def tool_call(request_id: int, arguments: dict[str, Any]) -> dict[str, Any]:
    params = {"name": "mermaid_to_svg", "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def run_session(command: list[str], requests: list[dict[str, Any]], tmp_path: Path) -> Session:
    """Initialize, send ``requests``, read until each is answered, then close stdin.

    Every stdout line must parse as JSON (``json.loads`` raises otherwise). The server runs in
    its own session (process group ``pid``) so a test can check nothing of it is left.
    """
    stderr_file = tmp_path / "server-stderr.txt"
    expected = {0} | {request["id"] for request in requests}
    replies: dict[int, dict[str, Any]] = {}
    with (
        stderr_file.open("wb") as stderr_sink,
        subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr_sink, start_new_session=True
        ) as server,
    ):
        assert server.stdin is not None and server.stdout is not None
        watchdog = threading.Timer(300, server.kill)  # only fires if the server hangs
        watchdog.start()
        try:
            lines = [_INITIALIZE, _INITIALIZED, *requests]
            server.stdin.write("".join(json.dumps(message) + "\n" for message in lines).encode())
            server.stdin.flush()
            while not expected <= replies.keys():
                line = server.stdout.readline()
                if not line:
                    break
                message = json.loads(line)
                assert message.get("jsonrpc") == "2.0", message
                if "id" in message:
                    replies[message["id"]] = message
            server.stdin.close()  # how an MCP client asks a stdio server to stop
            after_replies = server.stdout.read()
            server.wait()
        finally:
            watchdog.cancel()
    return Session(replies, after_replies, server.returncode, server.pid, stderr_file.read_text(errors="replace"))
