"""What stands in front of the renderer: authentication, the rate limit, and admission.

Each is a small ASGI middleware, so streaming responses (MCP's) pass through untouched:

* :class:`BearerAuth`: with a token set, every request but the health checks (``/metrics``
  included) carries ``Authorization: Bearer <token>`` or gets 401;
* :class:`RateLimit`: requests per client IP in each scope (the JSON API by default; Kroki
  routes and MCP when configured), with the ``limits`` library's moving window, in memory or in
  Redis for several instances, failing open to memory while Redis is away; ``RateLimit-Limit``/
  ``-Remaining``/``-Reset`` headers, and ``429`` + ``Retry-After`` past it with a body that says
  when the next request will pass. The client is the socket's peer, or the address its
  ``X-Forwarded-For`` names when the peer is a trusted proxy;
* :class:`Admission`: at most ``capacity`` requests render at once and ``queue`` more wait;
  past that, ``503`` with ``Retry-After`` at once rather than an ever-growing queue.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import logging
import math
import threading
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import anyio
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage, Storage, storage_from_string
from limits.strategies import MovingWindowRateLimiter

from mermaid_printer.adapters.http.metrics import ServiceMetrics

__all__ = [
    "EXEMPT_PATHS",
    "HEALTH_PATHS",
    "STORAGE_RETRY_S",
    "Admission",
    "BearerAuth",
    "LimitScope",
    "RateLimit",
    "client_address",
]

logger = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
Networks = list[ipaddress.IPv4Network | ipaddress.IPv6Network]

#: Paths the token is not asked for: a load balancer or an orchestrator must reach them.
HEALTH_PATHS = frozenset({"/healthz", "/readyz"})
#: Paths no rate limit counts (a scraper sends the token when one is set).
EXEMPT_PATHS = HEALTH_PATHS | {"/metrics"}
#: After Redis fails, how long the rate limit counts in memory before trying Redis again.
STORAGE_RETRY_S = 5.0
#: A Redis call that takes longer fails (then the limit counts in memory).
_REDIS_TIMEOUT_S = 0.5


async def send_json(send: Send, status: int, document: dict[str, Any], headers: Iterable[tuple[str, str]] = ()) -> None:
    """Send a complete JSON response (a refusal: no cache keeps it)."""
    body = json.dumps(document).encode("utf-8")
    raw = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
    ]
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
        if scope["type"] != "http" or scope["path"] in HEALTH_PATHS:
            await self.app(scope, receive, send)
            return
        given = (_header(scope, b"authorization") or "").encode("latin-1")
        if not hmac.compare_digest(given, self._expected):
            headers = [("www-authenticate", 'Bearer realm="mermaid-printer"')]
            await send_json(send, 401, {"error": "missing or wrong bearer token"}, headers)
            return
        await self.app(scope, receive, send)


@dataclass(frozen=True)
class LimitScope:
    """One rate limit: the routes it counts and how many requests per client it lets through.

    Each scope counts apart (its own keys), so a client's Kroki GETs never use up its API budget.
    """

    name: str
    routes: str
    applies: Callable[[str], bool]
    limit: str

    def items(self) -> list[RateLimitItem]:
        """The limit's windows (``100/hour;10/minute`` is two)."""
        return list(parse_many(self.limit))


class RateLimit:
    """Requests per client IP in each :class:`LimitScope`; 429 with Retry-After past the limit.

    With Redis as the storage, the counts are shared by every instance and exact. When Redis
    cannot be reached the limit fails open to this process's memory: each instance counts on
    its own (a client gets at most the limit per instance) rather than refusing or failing
    every request; Redis is tried again after ``storage_retry_s`` and used as soon as it answers.
    Admission still bounds the work each instance takes on, so an outage of Redis costs
    fairness between clients, never the service.
    """

    def __init__(
        self,
        app: ASGIApp,
        scopes: Iterable[LimitScope],
        *,
        trusted: Networks,
        metrics: ServiceMetrics,
        storage_url: str | None,
        storage_retry_s: float = STORAGE_RETRY_S,
    ) -> None:
        self.app = app
        self._scopes = [(scope, scope.items()) for scope in scopes]
        self._local = MovingWindowRateLimiter(MemoryStorage())
        self._shared: MovingWindowRateLimiter | None = None
        if storage_url:
            storage = storage_from_string(
                storage_url,
                wrap_exceptions=True,
                socket_timeout=_REDIS_TIMEOUT_S,
                socket_connect_timeout=_REDIS_TIMEOUT_S,
            )
            if not isinstance(storage, Storage):
                raise ValueError(f"{storage_url} is an asynchronous storage; give a synchronous one (redis://...)")
            self._shared = MovingWindowRateLimiter(storage)
        self._trusted = trusted
        self._metrics = metrics
        self._retry_s = storage_retry_s
        self._shared_down_until: float | None = None
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        limited = self._scope_of(scope)
        if limited is None:
            await self.app(scope, receive, send)
            return
        client = client_address(scope, self._trusted)
        if self._shared is None:
            allowed, headers, message = self._hit(limited, client)  # a dict lookup: no thread hop
        else:  # Redis: its calls block, so they run off the event loop
            allowed, headers, message = await anyio.to_thread.run_sync(self._hit, limited, client)
        if not allowed:
            self._metrics.rate_limited.inc()
            await send_json(send, 429, message, headers)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [(name.lower().encode(), value.encode()) for name, value in headers]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _scope_of(self, scope: Scope) -> tuple[LimitScope, list[RateLimitItem]] | None:
        if scope["type"] != "http" or scope["path"] in EXEMPT_PATHS:
            return None
        for limited in self._scopes:
            if limited[0].applies(scope["path"]):
                return limited
        return None

    def _limiter(self) -> MovingWindowRateLimiter:
        """Redis unless it failed within the last ``storage_retry_s``; else this process's memory."""
        if self._shared is None:
            return self._local
        with self._lock:
            down_until = self._shared_down_until
        if down_until is not None and time.monotonic() < down_until:
            return self._local
        return self._shared

    def _hit(
        self, limited: tuple[LimitScope, list[RateLimitItem]], client: str
    ) -> tuple[bool, list[tuple[str, str]], dict[str, Any]]:
        limiter = self._limiter()
        try:
            verdict = self._count(limiter, limited, client)
        except StorageError as exc:
            self._shared_failed(exc)
            limiter = self._local
            verdict = self._count(limiter, limited, client)
        if limiter is self._shared:
            self._shared_answered()
        return verdict

    def _count(
        self, limiter: MovingWindowRateLimiter, limited: tuple[LimitScope, list[RateLimitItem]], client: str
    ) -> tuple[bool, list[tuple[str, str]], dict[str, Any]]:
        scope, items = limited
        hits = [limiter.hit(item, scope.name, client) for item in items]  # every window counts the request
        allowed = all(hits)
        windows = [(item, limiter.get_window_stats(item, scope.name, client)) for item in items]
        strictest, stats = min(windows, key=lambda window: window[1].remaining)
        now = time.time()
        reset_s = max(0, math.ceil(stats.reset_time - now))
        headers = [
            ("RateLimit-Limit", str(strictest.amount)),
            ("RateLimit-Remaining", str(max(0, stats.remaining))),
            ("RateLimit-Reset", str(reset_s)),
        ]
        if allowed:
            return True, headers, {}
        # The moving window frees a place when the oldest counted request leaves it.
        # (A place may have freed between the refused hit and these stats: then the strictest's reset.)
        full = [math.ceil(window.reset_time - now) for _, window in windows if window.remaining <= 0]
        wait_s = max(1, max(full, default=reset_s))
        headers.append(("Retry-After", str(wait_s)))
        at = datetime.fromtimestamp(now + wait_s, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        message = {
            "error": f"rate limit exceeded: {scope.limit} per client on {scope.routes}; "
            f"the next request will pass in {wait_s} s (at {at})",
            "retry_after_s": wait_s,
            "next_request_at": at,
        }
        return False, headers, message

    def _shared_failed(self, exc: StorageError) -> None:
        self._metrics.rate_limit_storage_errors.inc()
        with self._lock:
            first = self._shared_down_until is None
            self._shared_down_until = time.monotonic() + self._retry_s
        if first:
            cause = exc.storage_error
            logger.warning(
                "rate limit: Redis cannot be reached (%s: %s); counting in this process's memory until it answers",
                type(cause).__name__,
                cause,
            )

    def _shared_answered(self) -> None:
        with self._lock:
            was_down = self._shared_down_until is not None
            self._shared_down_until = None
        if was_down:
            logger.warning("rate limit: Redis answers again; counts are shared again")


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
