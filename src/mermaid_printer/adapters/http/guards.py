"""What stands in front of the renderer: authentication, the rate limit, and admission.

Each is a small ASGI middleware, so streaming responses (MCP's) pass through untouched:

* :class:`BearerAuth`: with a token set, every request but the health checks carries
  ``Authorization: Bearer <token>`` or gets 401;
* :class:`RateLimit`: requests per client IP (the ``limits`` library: a moving window, in memory
  or in Redis for several instances), with ``RateLimit-Limit``/``-Remaining``/``-Reset`` headers
  and ``429`` + ``Retry-After`` past it. The client is the socket's peer, or the address its
  ``X-Forwarded-For`` names when the peer is a trusted proxy;
* :class:`Admission`: at most ``capacity`` requests render at once and ``queue`` more wait;
  past that, ``503`` with ``Retry-After`` at once rather than an ever-growing queue.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import math
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

import anyio
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from mermaid_printer.adapters.http.metrics import ServiceMetrics

__all__ = ["EXEMPT_PATHS", "Admission", "BearerAuth", "RateLimit", "client_address"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Networks = list[ipaddress.IPv4Network | ipaddress.IPv6Network]

#: Paths no guard applies to: a load balancer or a scraper must reach them.
EXEMPT_PATHS = frozenset({"/healthz", "/readyz", "/metrics"})


async def send_json(send: Send, status: int, document: dict[str, Any], headers: Iterable[tuple[str, str]] = ()) -> None:
    """Send a complete JSON response."""
    body = json.dumps(document).encode("utf-8")
    raw = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    raw += [(name.lower().encode("latin-1"), value.encode("latin-1")) for name, value in headers]
    await send({"type": "http.response.start", "status": status, "headers": raw})
    await send({"type": "http.response.body", "body": body})


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def client_address(scope: Scope, trusted: Networks) -> str:
    """The client's IP: the socket's peer, or, when that peer is a trusted proxy, the last
    address in ``X-Forwarded-For`` that is not a trusted proxy itself."""
    peer = (scope.get("client") or ("unknown", 0))[0]
    if not trusted or not _in(peer, trusted):
        return str(peer)
    forwarded = _header(scope, b"x-forwarded-for")
    if not forwarded:
        return str(peer)
    for hop in reversed([part.strip() for part in forwarded.split(",") if part.strip()]):
        if not _in(hop, trusted):
            return hop
    return str(peer)


def _in(address: str, networks: Networks) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


class BearerAuth:
    """401 unless the request carries the token (constant-time comparison)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self._expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in EXEMPT_PATHS:
            await self.app(scope, receive, send)
            return
        given = (_header(scope, b"authorization") or "").encode("latin-1")
        if not hmac.compare_digest(given, self._expected):
            headers = [("www-authenticate", 'Bearer realm="mermaid-printer"')]
            await send_json(send, 401, {"error": "missing or wrong bearer token"}, headers)
            return
        await self.app(scope, receive, send)


class RateLimit:
    """Requests per client IP; 429 with Retry-After past the limit."""

    def __init__(
        self, app: ASGIApp, limit: str, *, trusted: Networks, metrics: ServiceMetrics, storage_url: str | None
    ) -> None:
        self.app = app
        self._items: list[RateLimitItem] = parse_many(limit)
        storage = storage_from_string(storage_url) if storage_url else MemoryStorage()
        if not isinstance(storage, Storage):
            raise ValueError(f"{storage_url} is an asynchronous storage; give a synchronous one (redis://...)")
        self._storage: Storage = storage
        self._limiter = MovingWindowRateLimiter(self._storage)
        self._trusted = trusted
        self._metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] in EXEMPT_PATHS:
            await self.app(scope, receive, send)
            return
        client = client_address(scope, self._trusted)
        if isinstance(self._storage, MemoryStorage):
            allowed, headers = self._hit(client)  # a dict lookup: no thread hop
        else:  # Redis: its calls block, so they run off the event loop
            allowed, headers = await anyio.to_thread.run_sync(self._hit, client)
        if not allowed:
            self._metrics.rate_limited.inc()
            await send_json(
                send, 429, {"error": "rate limit exceeded; retry after the time Retry-After gives"}, headers
            )
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [(name.lower().encode(), value.encode()) for name, value in headers]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _hit(self, client: str) -> tuple[bool, list[tuple[str, str]]]:
        hits = [self._limiter.hit(item, client) for item in self._items]  # every window counts the request
        allowed = all(hits)
        strictest = min(self._items, key=lambda item: self._limiter.get_window_stats(item, client).remaining)
        stats = self._limiter.get_window_stats(strictest, client)
        reset_s = max(0, math.ceil(stats.reset_time - time.time()))
        headers = [
            ("RateLimit-Limit", str(strictest.amount)),
            ("RateLimit-Remaining", str(max(0, stats.remaining))),
            ("RateLimit-Reset", str(reset_s)),
        ]
        if not allowed:
            headers.append(("Retry-After", str(max(1, reset_s))))
        return allowed, headers


class Admission:
    """At most ``capacity`` requests at once on ``paths`` and ``queue`` waiting; 503 past that."""

    def __init__(
        self, app: ASGIApp, *, capacity: int, queue: int, paths: Callable[[str], bool], metrics: ServiceMetrics
    ) -> None:
        self.app = app
        self._capacity = capacity
        self._queue = queue
        self._applies = paths
        self._metrics = metrics
        self._slots = anyio.Semaphore(capacity)
        self._waiting = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not self._applies(scope["path"]):
            await self.app(scope, receive, send)
            return
        try:
            self._slots.acquire_nowait()  # a renderer is free: no waiting at all
        except anyio.WouldBlock:
            if self._waiting >= self._queue:
                self._metrics.rejected.inc()
                await send_json(send, 503, {"error": "all renderers are busy; retry shortly"}, [("Retry-After", "1")])
                return
            self._waiting += 1
            self._metrics.queued.set(self._waiting)
            try:
                await self._slots.acquire()
            finally:
                self._waiting -= 1
                self._metrics.queued.set(self._waiting)
        self._metrics.active.inc()
        try:
            await self.app(scope, receive, send)
        finally:
            self._metrics.active.dec()
            self._slots.release()
