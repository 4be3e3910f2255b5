"""``POST /api/verify``, ``/api/render``, ``/api/svg``: the ChatGPT-style tools over HTTP.

Each takes ``{"code": "…"}`` as ``application/json`` and answers with exactly the shapes and
messages of the ``verify``/``render``/``svg`` tools (:mod:`mermaid_printer.adapters.chatgpt`):
``{"ok": true}``, ``{"ok": false, "error": …}``, ``{"svg": …}``, ``{"svg": …, "filename": …}``,
or ``{"error": …}`` with the error's status (400 for bad input or an invalid diagram, 413 too
large, 504 timeout, 503 engine unavailable, 500 otherwise). An invalid diagram is a verdict for
``verify`` (200, ``ok: false``); bad input is 400 for all three.

Beside ``code`` the body may carry the printer's options, the fields of the request model
(:mod:`.options`): ``theme``, ``background``, ``config_json``, ``embed_fonts``, ``timeout_ms``
for ``render`` and ``svg``; ``timeout_ms`` for ``verify``. An unknown one is 400 naming those
there are. Every answer says ``Cache-Control: no-store``: a POST is not a cacheable request.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from mermaid_printer.adapters.chatgpt import ChatGptToolError, checked_code, svg_filename
from mermaid_printer.adapters.http.metrics import ServiceMetrics
from mermaid_printer.adapters.http.options import drawing_options
from mermaid_printer.adapters.http.requests import NO_STORE, HttpError, read_json_object, run_blocking, status_of
from mermaid_printer.errors import InputTooLarge, InvalidInput, PrinterError
from mermaid_printer.mermaid.requests import RenderOptions, VerifyOptions
from mermaid_printer.service import PrinterService

__all__ = ["api_routes"]

Reply = Callable[[PrinterService, Any], Any]


def _options(model: type[RenderOptions | VerifyOptions], document: dict[str, Any]) -> Any:
    """The request model from the body: the spec's own messages for ``code``, the model's for the rest."""
    code = checked_code(document.get("code"))
    return drawing_options(model, code, {k: v for k, v in document.items() if k != "code"}, as_text=False)


def _verify(printer: PrinterService, options: VerifyOptions) -> dict[str, Any]:
    try:
        result = printer.verify(options)
    except PrinterError as exc:
        raise ChatGptToolError(exc.explained(), exc) from exc
    if result.ok:
        return {"ok": True}
    return {"ok": False, "error": result.error.explained() if result.error else "invalid diagram"}


def _render(printer: PrinterService, options: RenderOptions) -> dict[str, Any]:
    try:
        return {"svg": printer.render_svg(options).svg}
    except PrinterError as exc:
        raise ChatGptToolError(exc.explained(), exc) from exc


def _svg(printer: PrinterService, options: RenderOptions) -> dict[str, Any]:
    return {**_render(printer, options), "filename": svg_filename()}


def api_routes(printer: PrinterService, metrics: ServiceMetrics, max_body_bytes: int) -> list[Route]:
    """The three routes, answered by ``printer``."""

    def route(path: str, model: type[RenderOptions | VerifyOptions], reply_of: Reply) -> Route:
        is_verify = model is VerifyOptions

        async def endpoint(request: Request) -> Response:
            try:
                document = await read_json_object(request, max_body_bytes)
                options = _options(model, document)
                reply = await run_blocking(request, lambda: reply_of(printer, options))
            except HttpError as exc:
                return _answer({"error": exc.message}, exc.status)
            except ChatGptToolError as exc:
                metrics.renders.labels("error", exc.error.code if exc.error else "INVALID_INPUT").inc()
                return _answer({"error": exc.message}, status_of(exc.error))
            except (InvalidInput, InputTooLarge) as exc:
                # Bad input is the request's fault (400), for verify too; an invalid diagram is its verdict (200).
                body = {"ok": False, "error": exc.message} if is_verify else {"error": exc.message}
                return _answer(body, status_of(exc))
            except PrinterError as exc:  # an option the model refuses in another way (a config key, …)
                body = {"ok": False, "error": exc.message} if is_verify else {"error": exc.message}
                return _answer(body, status_of(exc))
            metrics.renders.labels("ok", "").inc()
            return _answer(dict(reply), 200)

        return Route(path, endpoint, methods=["POST"])

    return [
        route("/api/verify", VerifyOptions, _verify),
        route("/api/render", RenderOptions, _render),
        route("/api/svg", RenderOptions, _svg),
    ]


def _answer(body: dict[str, Any], status: int) -> JSONResponse:
    return JSONResponse(body, status_code=status, headers={"Cache-Control": NO_STORE})
