"""``POST /api/verify``, ``/api/render``, ``/api/svg``: the ChatGPT-style tools over HTTP.

Each takes ``{"code": "…"}`` as ``application/json`` and answers with exactly the shapes and
messages of the ``verify``/``render``/``svg`` tools (:mod:`mermaid_printer.adapters.chatgpt`):
``{"ok": true}``, ``{"ok": false, "error": …}``, ``{"svg": …}``, ``{"svg": …, "filename": …}``,
or ``{"error": …}`` with the error's status (400 for bad input or an invalid diagram, 413 too
large, 504 timeout, 503 engine unavailable, 500 otherwise). An invalid diagram is a verdict for
``verify`` (200, ``ok: false``); bad input is 400 for all three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mermaid_printer.adapters.chatgpt import ChatGptToolError, checked_code, render_reply, svg_reply, verify_reply
from mermaid_printer.adapters.http.metrics import ServiceMetrics
from mermaid_printer.adapters.http.requests import HttpError, read_json_object, run_blocking, status_of
from mermaid_printer.errors import InputTooLarge, InvalidInput
from mermaid_printer.service import PrinterService

__all__ = ["api_routes"]

Reply = Callable[[PrinterService, Any], Any]


def api_routes(printer: PrinterService, metrics: ServiceMetrics, max_body_bytes: int) -> list[Route]:
    """The three routes, answered by ``printer``."""

    def route(path: str, reply_of: Reply, *, is_verify: bool = False) -> Route:
        async def endpoint(request: Request) -> Response:
            try:
                document = await read_json_object(request, max_body_bytes)
                code = document.get("code")
                if is_verify:
                    # Bad input is the request's fault (400); an invalid diagram is the verdict (200).
                    checked_code(code)
                reply = await run_blocking(request, lambda: reply_of(printer, code))
            except HttpError as exc:
                return JSONResponse({"error": exc.message}, status_code=exc.status)
            except ChatGptToolError as exc:
                metrics.renders.labels("error", exc.error.code if exc.error else "INVALID_INPUT").inc()
                return JSONResponse({"error": exc.message}, status_code=status_of(exc.error))
            except (InvalidInput, InputTooLarge) as exc:
                return JSONResponse({"ok": False, "error": exc.message}, status_code=status_of(exc))
            metrics.renders.labels("ok", "").inc()
            return JSONResponse(dict(reply))

        return Route(path, endpoint, methods=["POST"])

    return [
        route("/api/verify", verify_reply, is_verify=True),
        route("/api/render", render_reply),
        route("/api/svg", svg_reply),
    ]
