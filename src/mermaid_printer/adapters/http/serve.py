"""Run the HTTP service with uvicorn until SIGINT/SIGTERM, finishing the requests in flight."""

from __future__ import annotations

import uvicorn

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings

__all__ = ["GRACEFUL_SHUTDOWN_S", "serve", "uvicorn_config"]

#: How long a shutdown waits for requests in flight (the longest render allowed is 120 s).
GRACEFUL_SHUTDOWN_S = 125


def serve(settings: HttpSettings) -> None:
    """Serve on ``settings.host:settings.port``; returns when the server has stopped."""
    uvicorn.Server(uvicorn_config(settings)).run()


def uvicorn_config(settings: HttpSettings) -> uvicorn.Config:
    """How uvicorn runs the app."""
    return uvicorn.Config(
        build_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        # The app limits its own concurrency (admission); uvicorn's cap is only a backstop.
        timeout_graceful_shutdown=GRACEFUL_SHUTDOWN_S,
        proxy_headers=False,  # the rate limit reads X-Forwarded-For itself, from trusted proxies only
        server_header=False,
    )
