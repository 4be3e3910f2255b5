"""The HTTP service: one Starlette app over the same printer the MCP tools use.

Routes: ``/api/verify``, ``/api/render``, ``/api/svg`` (:mod:`.api`), MCP over streamable HTTP
at ``/mcp`` (every tool group, stateless, with the SDK's DNS-rebinding/Origin protection), the
Kroki-compatible routes (:mod:`.kroki`), and ``/healthz``, ``/readyz`` (the engine is warm) and
``/metrics`` (Prometheus). In front of them (:mod:`.guards`): the bearer token when one is set
(every route but the health checks), the per-IP rate limits (the JSON API's by default; Kroki's
and MCP's when configured), and admission (the pool's size rendering at once, a bounded queue,
503 past it). A path no route serves is 404; a route asked with another method 405. The printer
starts warming when the app starts and closes when it stops; ``app.state.draining``, set when the
process is told to stop, turns ``/readyz`` to 503 at once.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import anyio.to_thread
from mcp.server.transport_security import TransportSecuritySettings
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from mermaid_printer.adapters.http.api import api_routes
from mermaid_printer.adapters.http.guards import Admission, BearerAuth, LimitScope, RateLimit
from mermaid_printer.adapters.http.kroki import kroki_routes
from mermaid_printer.adapters.http.metrics import CONTENT_TYPE, ServiceMetrics
from mermaid_printer.adapters.http.settings import NO_LIMIT, HttpSettings
from mermaid_printer.adapters.mcp.groups import parse_tool_groups
from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.service import Printer, PrinterService

__all__ = ["build_app"]

logger = logging.getLogger(__name__)
_RENDERING_PATHS = ("/api/", "/mermaid", "/mcp")


def _renders(path: str) -> bool:
    return path == "/" or path.startswith(_RENDERING_PATHS)


def _is_api(path: str) -> bool:
    return path.startswith("/api/")


def _is_mcp(path: str) -> bool:
    return path == "/mcp" or path.startswith("/mcp/")


def _is_kroki(path: str) -> bool:
    return not _is_api(path) and not _is_mcp(path)


def limit_scopes(settings: HttpSettings) -> list[LimitScope]:
    """The rate limits ``settings`` ask for: the API's, Kroki's and MCP's, each counted apart."""
    scopes = [
        LimitScope("api", "/api/*", _is_api, settings.rate_limit),
        LimitScope("kroki", "the Kroki routes", _is_kroki, settings.kroki_rate_limit),
        LimitScope("mcp", "/mcp", _is_mcp, settings.mcp_rate_limit),
    ]
    return [scope for scope in scopes if scope.limit.strip().lower() not in NO_LIMIT]


def build_app(
    settings: HttpSettings,
    printer: PrinterService | None = None,
    *,
    capacity: int | None = None,
) -> Starlette:
    """The service's ASGI app.

    Args:
        settings: how to serve (see :class:`HttpSettings`).
        printer: renders the diagrams; the caller keeps ownership of one passed in. Default:
            a :class:`~mermaid_printer.service.Printer` the app starts and closes.
        capacity: requests rendering at once (default: the printer's pool size, else 2 per CPU).
    """
    owned = printer is None
    the_printer: Any = printer if printer is not None else _new_printer(settings)
    capacity = capacity or int(getattr(the_printer, "concurrency", 2))
    metrics = ServiceMetrics(lambda: _cache_stats(the_printer))
    ready = threading.Event()
    draining = threading.Event()

    mcp = build_server(the_printer, parse_tool_groups(settings.tools))
    mcp_app = mcp.streamable_http_app(
        streamable_http_path="/mcp",
        stateless_http=True,
        json_response=True,
        transport_security=_transport_security(settings),
        host=settings.host,
    )

    async def healthz(_request: Request) -> Response:
        return JSONResponse({"status": "ok"})

    async def readyz(_request: Request) -> Response:
        if draining.is_set():
            return JSONResponse({"status": "draining"}, status_code=503)
        if ready.is_set():
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "warming"}, status_code=503)

    async def prometheus(_request: Request) -> Response:
        return Response(metrics.exposition(), media_type=CONTENT_TYPE)

    routes: list[BaseRoute] = [
        Route("/healthz", healthz, methods=["GET"]),
        Route("/readyz", readyz, methods=["GET"]),
        Route("/metrics", prometheus, methods=["GET"]),
        *api_routes(the_printer, metrics, settings.max_body_bytes),
        *mcp_app.routes,
        *kroki_routes(the_printer, metrics, settings.max_body_bytes, max_age_s=settings.max_age_s),
    ]
    routes.append(_unrouted(list(routes)))

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        warming = threading.Thread(target=_warm, args=(the_printer, ready), name="warm-printer", daemon=True)
        warming.start()
        try:
            async with mcp_app.router.lifespan_context(mcp_app):
                yield
        finally:
            if owned:
                await anyio.to_thread.run_sync(the_printer.close)

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.draining = draining
    # The last added is the outermost: measured, then authenticated, limited, admitted.
    app.add_middleware(Admission, capacity=capacity, queue=settings.queue, paths=_renders, metrics=metrics)
    app.add_middleware(
        RateLimit,
        scopes=limit_scopes(settings),
        trusted=settings.proxy_networks(),
        metrics=metrics,
        storage_url=settings.redis_url,
        storage_retry_s=settings.redis_retry_s,
    )
    token = settings.bearer_token()
    if token:
        app.add_middleware(BearerAuth, token=token)
    app.add_middleware(_Measured, metrics=metrics)
    return app


def _new_printer(settings: HttpSettings) -> Printer:
    from mermaid_printer.cache import default_cache
    from mermaid_printer.engine import selected_engine
    from mermaid_printer.pool import RendererPool

    cache = default_cache(settings.cache_dir, url=settings.cache_url, url_max_bytes=settings.cache_max_mib * 2**20)
    pool = RendererPool(max_concurrency=settings.renderers, worker_options={"engine": selected_engine(None)})
    return Printer(pool, cache=cache)


def _unrouted(routes: list[BaseRoute]) -> Route:
    """The last route: 405 (with ``Allow``) for a path a route serves with other methods; a
    redirect (307) to the path with or without its trailing slash when that one is served (as
    Starlette's router does: ``/mcp/`` to ``/mcp``); else 404.

    Kroki's catch-all ``/{diagram_type}`` routes count only for ``mermaid``: ``GET /nope`` names
    nothing this server has.
    """

    def served(path: str) -> list[Route]:
        found = []
        for route in routes:
            if not isinstance(route, Route):
                continue
            match = route.path_regex.match(path)
            if match is None:
                continue
            if "diagram_type" in route.param_convertors and match.group("diagram_type").lower() != "mermaid":
                continue
            found.append(route)
        return found

    async def endpoint(request: Request) -> Response:
        path = request.url.path
        allowed = {method for route in served(path) for method in route.methods or ()}
        if allowed:
            return JSONResponse(
                {"error": f"{request.method} is not served on {path}; use {', '.join(sorted(allowed))}"},
                status_code=405,
                headers={"Allow": ", ".join(sorted(allowed))},
            )
        other = path[:-1] if path.endswith("/") else f"{path}/"
        if path != "/" and served(other):
            return RedirectResponse(str(request.url.replace(path=other)), status_code=307)
        return JSONResponse(
            {
                "error": f"nothing is served at {path}: the routes are POST /api/verify, /api/render, /api/svg; "
                "/mcp; GET /mermaid/{svg|png|pdf}/<encoded>, POST /mermaid/{svg|png|pdf}, POST /; "
                "GET /healthz, /readyz, /metrics"
            },
            status_code=404,
        )

    every_method = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    return Route("/{unrouted:path}", endpoint, methods=every_method)


def _warm(printer: Any, ready: threading.Event) -> None:
    try:
        start = getattr(printer, "start", None)
        if start is not None:
            start()
        ready.set()
    except Exception:
        logger.exception("the printer could not start; /readyz stays 503")


def _cache_stats(printer: Any) -> Any:
    stats = getattr(printer, "cache_stats", None)
    return stats() if stats is not None else None


def _transport_security(settings: HttpSettings) -> TransportSecuritySettings:
    """DNS-rebinding protection on: this server's own address, loopback names, and the hosts
    the operator lists."""
    port = "*" if settings.port == 0 else str(settings.port)
    hosts = {f"{settings.host}:{port}", "127.0.0.1:*", "localhost:*", "[::1]:*", *settings.allowed_hosts}
    origins = {f"http://{host}" for host in hosts} | {f"https://{host}" for host in settings.allowed_hosts}
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=sorted(hosts), allowed_origins=sorted(origins)
    )


class _Measured:
    """Counts every request by route and status, and times it."""

    def __init__(self, app: Callable[..., Awaitable[None]], metrics: ServiceMetrics) -> None:
        self.app = app
        self._metrics = metrics

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        route = _route_label(scope["path"])
        began, status = time.perf_counter(), [500]

        async def recording_send(message: Any) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            self._metrics.requests.labels(route, str(status[0])).inc()
            self._metrics.latency.labels(route).observe(time.perf_counter() - began)


def _route_label(path: str) -> str:
    """A bounded label: the route, not the raw path (which holds encoded diagrams)."""
    if path in ("/healthz", "/readyz", "/metrics", "/mcp", "/"):
        return path
    if path.startswith("/api/"):
        return path
    if path.startswith("/mermaid"):
        return "/mermaid"
    return "other"
