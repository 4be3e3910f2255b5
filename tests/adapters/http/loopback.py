"""A real uvicorn server on loopback for the HTTP tests, and a plain HTTP client for them."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn
from process_tree import wait_for
from starlette.applications import Starlette


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


@contextmanager
def serving(app: Starlette) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (an ephemeral port) until the block ends; yields the base URL."""
    # As serve() runs it: the app reads X-Forwarded-For itself, from trusted proxies only.
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on", proxy_headers=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started or not thread.is_alive(), "the test server", limit_s=30)
    if not server.started:
        raise RuntimeError("the test server did not start")
    (socket,) = server.servers[0].sockets
    port = socket.getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)


def request(
    method: str, url: str, body: bytes | dict[str, Any] | None = None, headers: dict[str, str] | None = None
) -> Reply:
    """One HTTP request; any status comes back as a Reply (never raised)."""
    data: bytes | None
    all_headers = dict(headers or {})
    if isinstance(body, dict):
        data = json.dumps(body).encode()
        all_headers.setdefault("Content-Type", "application/json")
    else:
        data = body
    prepared = urllib.request.Request(url, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(prepared, timeout=120) as response:
            return Reply(response.status, {k.lower(): v for k, v in response.headers.items()}, response.read())
    except urllib.error.HTTPError as error:
        return Reply(error.code, {k.lower(): v for k, v in error.headers.items()}, error.read())


def wait_ready(base: str, limit_s: float = 120) -> None:
    """Block until /readyz says the printer is warm (a hang guard, not a timing)."""
    wait_for(lambda: request("GET", base + "/readyz").status == 200, "the printer warm", limit_s)
