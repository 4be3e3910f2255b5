"""Run the HTTP service with uvicorn until SIGINT/SIGTERM, finishing the requests in flight.

Stopping, in order: ``/readyz`` answers 503 at once (the app's ``draining`` flag); the server keeps
serving for ``shutdown_delay_s`` (a load balancer that polls readiness stops sending meanwhile);
then it closes its listener and waits up to ``drain_s`` for the requests in flight. A second
signal skips the delay.
"""

from __future__ import annotations

import threading
from types import FrameType

import uvicorn
from starlette.applications import Starlette

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings

__all__ = ["GRACEFUL_SHUTDOWN_S", "DrainingServer", "serve", "uvicorn_config"]

#: How long a shutdown waits for requests in flight by default (the longest render allowed is 120 s).
GRACEFUL_SHUTDOWN_S = 125


class DrainingServer(uvicorn.Server):
    """A uvicorn server that turns readiness off at the first signal and stops after a delay."""

    def __init__(self, config: uvicorn.Config, draining: threading.Event, delay_s: float) -> None:
        super().__init__(config)
        self._draining = draining
        self._delay_s = delay_s
        self._timer: threading.Timer | None = None

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self._draining.set()
        if self._delay_s <= 0 or self._timer is not None:
            super().handle_exit(sig, frame)
            return
        self._timer = threading.Timer(self._delay_s, super().handle_exit, (sig, frame))
        self._timer.daemon = True
        self._timer.start()


def serve(settings: HttpSettings) -> None:
    """Serve on ``settings.host:settings.port``; returns when the server has stopped."""
    app = build_app(settings)
    DrainingServer(uvicorn_config(settings, app), app.state.draining, settings.shutdown_delay_s).run()


def uvicorn_config(settings: HttpSettings, app: Starlette | None = None) -> uvicorn.Config:
    """How uvicorn runs ``app`` (default: the app ``settings`` describe)."""
    return uvicorn.Config(
        app if app is not None else build_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="info",
        # The app limits its own concurrency (admission); uvicorn's cap is only a backstop.
        timeout_graceful_shutdown=settings.drain_s,
        proxy_headers=False,  # the rate limit reads X-Forwarded-For itself, from trusted proxies only
        server_header=False,
    )
