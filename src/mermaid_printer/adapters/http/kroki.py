"""Kroki-compatible routes, so Kroki clients and doc-site plugins can point at this server unchanged.

* ``GET /mermaid/{svg|png|pdf}/{source}``: the source deflated (zlib) and base64url-encoded, as
  Kroki's documentation describes (``base64.urlsafe_b64encode(zlib.compress(source, 9))``);
* ``POST /mermaid/{format}`` with the source as a ``text/plain`` body, or JSON
  ``{"diagram_source": …}``; ``POST /mermaid`` with the format from the ``Accept`` header;
* ``POST /`` with JSON ``{"diagram_source", "diagram_type", "output_format"}``.

The printer's options come as Kroki takes them (:mod:`.options`): query parameters
(``?theme=dark``), ``Kroki-Diagram-Options-<name>`` headers, or a JSON ``diagram_options`` object;
the query wins over a header of the same name.

The answer is the image itself with its content type. A diagram type other than ``mermaid``
answers ``400 Unsupported diagram type: <type>`` and an unknown format ``400 Unsupported output
format``, as plain text like Kroki's errors; a diagram Mermaid refuses answers 400 with Mermaid's
message; a GET URL longer than the limit 414, as Kroki's.

HTTP caching, for browsers and CDNs: a GET answer carries a strong ``ETag`` (the content address
the result cache files it under: equal tags, equal bytes) and ``Cache-Control: public,
max-age=<max_age_s>, immutable``; a request whose ``If-None-Match`` names it is answered ``304``
from the tag alone, without rendering. Options given in headers make it ``private`` (a shared
cache keys on the URL only). Errors and POST answers say ``no-store``.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from mermaid_printer.adapters.http.metrics import ServiceMetrics
from mermaid_printer.adapters.http.options import FORMAT_MODELS, drawing_options, header_options
from mermaid_printer.adapters.http.requests import NO_STORE, HttpError, read_body, run_blocking, status_of
from mermaid_printer.errors import PrinterError
from mermaid_printer.limits import MAX_INPUT_BYTES
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions
from mermaid_printer.service import PrinterService

__all__ = ["FORMATS", "MAX_URI_BYTES", "decode_source", "encode_source", "etag_matches", "kroki_routes"]

#: The longest GET target answered (414 past it, as Kroki and nginx answer); Kroki's is 4,096,
#: nginx's default request-line buffer 8 KiB. Longer diagrams go by POST.
MAX_URI_BYTES = 8192

#: Output formats and their content types.
FORMATS = {"svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}
_BY_MEDIA_TYPE = {media: name for name, media in FORMATS.items()}


def encode_source(source: str) -> str:
    """A diagram as Kroki's GET URLs carry it (deflate, then base64url)."""
    return base64.urlsafe_b64encode(zlib.compress(source.encode("utf-8"), 9)).decode("ascii")


def decode_source(encoded: str) -> str:
    """The diagram a GET URL carries.

    Raises:
        HttpError: 400 when it is not deflate + base64url text, or inflates past the input limit.
    """
    try:
        compressed = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(compressed, MAX_INPUT_BYTES + 1)
        if len(data) > MAX_INPUT_BYTES:
            raise HttpError(413, f"the diagram inflates past the {MAX_INPUT_BYTES:,}-byte limit")
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        raise HttpError(400, f"the encoded diagram is not deflate + base64url text: {exc}") from None


def kroki_routes(
    printer: PrinterService, metrics: ServiceMetrics, max_body_bytes: int, *, max_age_s: int = 86_400
) -> list[Route]:
    """Kroki's routes for Mermaid, answered by ``printer``; GET answers may be cached ``max_age_s``."""

    async def answer(
        request: Request, source: str, output_format: str, given: dict[str, Any], as_text: bool
    ) -> Response:
        if output_format not in FORMATS:
            raise HttpError(400, f"Unsupported output format: {output_format}. Must be one of {', '.join(FORMATS)}")
        try:
            options = drawing_options(FORMAT_MODELS[output_format], source, given, as_text=as_text)
            data = await run_blocking(request, lambda: _render(printer, options))
        except PrinterError as exc:
            metrics.renders.labels("error", exc.code).inc()
            return _error(exc.explained(), status_of(exc))
        metrics.renders.labels("ok", "").inc()
        return Response(data, media_type=FORMATS[output_format], headers={"Cache-Control": NO_STORE})

    async def get_encoded(request: Request) -> Response:
        params = request.path_params
        try:
            target = len(request.scope.get("raw_path") or b"") + len(request.scope.get("query_string") or b"")
            if target > MAX_URI_BYTES:
                raise HttpError(414, f"the URL is over the {MAX_URI_BYTES:,}-byte limit: send the diagram by POST")
            _mermaid_only(params["diagram_type"])
            output_format = params["output_format"]
            if output_format not in FORMATS:
                raise HttpError(400, f"Unsupported output format: {output_format}. Must be one of {', '.join(FORMATS)}")
            from_headers = header_options(request.headers.items())
            given = {**from_headers, **dict(request.query_params)}
            source = decode_source(params["source"])
            try:
                options = drawing_options(FORMAT_MODELS[output_format], source, given, as_text=True)
                tag = _etag(printer, options)
            except PrinterError as exc:
                metrics.renders.labels("error", exc.code).inc()
                return _error(exc.message, status_of(exc))
            cache_control = f"{'private' if from_headers else 'public'}, max-age={max_age_s}, immutable"
            headers = {"Cache-Control": cache_control}
            if tag is not None:
                headers["ETag"] = tag
                if etag_matches(request.headers.get("if-none-match"), tag):
                    metrics.not_modified.inc()
                    return Response(status_code=304, headers=headers)
            try:
                data = await run_blocking(request, lambda: _render(printer, options))
            except PrinterError as exc:
                metrics.renders.labels("error", exc.code).inc()
                return _error(exc.explained(), status_of(exc))
            metrics.renders.labels("ok", "").inc()
            return Response(data, media_type=FORMATS[output_format], headers=headers)
        except HttpError as exc:
            return _error(exc.message, exc.status)

    async def post_typed(request: Request) -> Response:
        params = request.path_params
        try:
            _mermaid_only(params["diagram_type"])
            output_format = params.get("output_format") or _format_from_accept(request)
            source, from_body = await _posted_source(request, max_body_bytes)
            given = {**header_options(request.headers.items()), **dict(request.query_params)}
            return await answer(request, source, output_format, {**given, **from_body}, False)
        except HttpError as exc:
            return _error(exc.message, exc.status)

    async def post_root(request: Request) -> Response:
        try:
            document = _json_object(await read_body(request, max_body_bytes))
            _mermaid_only(str(document.get("diagram_type", "")))
            source = document.get("diagram_source")
            if not isinstance(source, str):
                raise HttpError(400, "diagram_source is required (the diagram's text)")
            given = {**header_options(request.headers.items()), **dict(request.query_params)}
            given.update(_diagram_options(document))
            return await answer(request, source, str(document.get("output_format", "svg")).lower(), given, False)
        except HttpError as exc:
            return _error(exc.message, exc.status)

    return [
        Route("/{diagram_type}/{output_format}/{source:path}", get_encoded, methods=["GET"]),
        Route("/{diagram_type}/{output_format}", post_typed, methods=["POST"]),
        Route("/{diagram_type}", post_typed, methods=["POST"]),
        Route("/", post_root, methods=["POST"]),
    ]


def etag_matches(if_none_match: str | None, tag: str) -> bool:
    """Whether ``If-None-Match`` names ``tag`` (or is ``*``), compared weakly as RFC 9110 says for it."""
    if not if_none_match:
        return False
    candidates = [part.strip() for part in if_none_match.split(",")]
    return "*" in candidates or tag in (candidate.removeprefix("W/") for candidate in candidates)


def _etag(printer: PrinterService, options: RenderOptions | PdfOptions | PngOptions) -> str | None:
    """The strong ETag of the drawing: its content address, when the printer can tell it."""
    result_key = getattr(printer, "result_key", None)
    return None if result_key is None else f'"{result_key(options)}"'


def _error(message: str, status: int) -> PlainTextResponse:
    return PlainTextResponse(message, status_code=status, headers={"Cache-Control": NO_STORE})


def _render(printer: PrinterService, options: RenderOptions | PdfOptions | PngOptions) -> bytes:
    if isinstance(options, PdfOptions):
        return printer.render_pdf(options).pdf
    if isinstance(options, PngOptions):
        return printer.render_png(options).png
    return printer.render_svg(options).svg.encode("utf-8")


def _diagram_options(document: dict[str, Any]) -> dict[str, Any]:
    options = document.get("diagram_options") or {}
    if not isinstance(options, dict):
        raise HttpError(400, "diagram_options must be a JSON object of option names and values")
    return options


def _mermaid_only(diagram_type: str) -> None:
    if diagram_type.lower() != "mermaid":
        raise HttpError(400, f"Unsupported diagram type: {diagram_type}. This server renders: mermaid")


def _format_from_accept(request: Request) -> str:
    for media in request.headers.get("accept", "image/svg+xml").split(","):
        name = _BY_MEDIA_TYPE.get(media.split(";")[0].strip().lower())
        if name is not None:
            return name
    return "svg"


async def _posted_source(request: Request, limit: int) -> tuple[str, dict[str, Any]]:
    """The diagram a POST carries, and the ``diagram_options`` of a JSON body."""
    body = await read_body(request, limit)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json":
        document = _json_object(body)
        source = document.get("diagram_source")
        if not isinstance(source, str):
            raise HttpError(400, "diagram_source is required (the diagram's text)")
        return source, _diagram_options(document)
    try:
        return body.decode("utf-8"), {}
    except UnicodeDecodeError:
        raise HttpError(400, "the diagram is not UTF-8 text") from None


def _json_object(body: bytes) -> dict[str, Any]:
    try:
        document = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise HttpError(400, f"the request body is not valid JSON: {exc}") from None
    if not isinstance(document, dict):
        raise HttpError(400, "the request body must be a JSON object")
    return document
