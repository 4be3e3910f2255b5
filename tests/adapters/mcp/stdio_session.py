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
    #: Every process the server had started, seen while it was still serving.
    descendants: list[int]
    stderr: str


def is_running(pid: int) -> bool:
    """Whether ``pid`` is a live (not zombie) process (Linux /proc)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found: list[int] = []
    pending = [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


def tool_call(request_id: int, arguments: dict[str, Any]) -> dict[str, Any]:
    params = {"name": "mermaid_to_svg", "arguments": arguments}
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def run_session(command: list[str], requests: list[dict[str, Any]], tmp_path: Path) -> Session:
    """Initialize, send ``requests``, read until each is answered, then close stdin.

    Every stdout line must parse as JSON (``json.loads`` raises otherwise).
    """
    stderr_file = tmp_path / "server-stderr.txt"
    expected = {0} | {request["id"] for request in requests}
    replies: dict[int, dict[str, Any]] = {}
    with (
        stderr_file.open("wb") as stderr_sink,
        subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr_sink) as server,
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
            descendants = _descendants(server.pid)
            server.stdin.close()  # how an MCP client asks a stdio server to stop
            after_replies = server.stdout.read()
            server.wait()
        finally:
            watchdog.cancel()
    return Session(replies, after_replies, server.returncode, descendants, stderr_file.read_text(errors="replace"))
