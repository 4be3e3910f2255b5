"""Kroki-compatible routes, so Kroki clients and doc-site plugins can point at this server unchanged.

* ``GET /mermaid/{svg|png|pdf}/{source}``: the source deflated (zlib) and base64url-encoded, as
  Kroki's documentation describes (``base64.urlsafe_b64encode(zlib.compress(source, 9))``);
* ``POST /mermaid/{format}`` with the source as a ``text/plain`` body, or JSON
  ``{"diagram_source": …}``; ``POST /mermaid`` with the format from the ``Accept`` header;
* ``POST /`` with JSON ``{"diagram_source", "diagram_type", "output_format"}``.

The answer is the image itself with its content type. A diagram type other than ``mermaid``
answers ``400 Unsupported diagram type: <type>`` and an unknown format ``400 Unsupported output
format``, as plain text like Kroki's errors; a diagram Mermaid refuses answers 400 with Mermaid's
message.
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
from mermaid_printer.adapters.http.requests import HttpError, read_body, run_blocking, status_of
from mermaid_printer.errors import PrinterError
from mermaid_printer.limits import MAX_INPUT_BYTES
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions
from mermaid_printer.requests import validate_request
from mermaid_printer.service import PrinterService

__all__ = ["FORMATS", "decode_source", "encode_source", "kroki_routes"]

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


def kroki_routes(printer: PrinterService, metrics: ServiceMetrics, max_body_bytes: int) -> list[Route]:
    """Kroki's routes for Mermaid, answered by ``printer``."""

    async def answer(request: Request, source: str, output_format: str) -> Response:
        if output_format not in FORMATS:
            raise HttpError(400, f"Unsupported output format: {output_format}. Must be one of {', '.join(FORMATS)}")
        try:
            data = await run_blocking(request, lambda: _render(printer, source, output_format))
        except PrinterError as exc:
            metrics.renders.labels("error", exc.code).inc()
            return PlainTextResponse(exc.explained(), status_code=status_of(exc))
        metrics.renders.labels("ok", "").inc()
        return Response(data, media_type=FORMATS[output_format])

    async def get_encoded(request: Request) -> Response:
        params = request.path_params
        try:
            _mermaid_only(params["diagram_type"])
            return await answer(request, decode_source(params["source"]), params["output_format"])
        except HttpError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)

    async def post_typed(request: Request) -> Response:
        params = request.path_params
        try:
            _mermaid_only(params["diagram_type"])
            output_format = params.get("output_format") or _format_from_accept(request)
            source = await _posted_source(request, max_body_bytes)
            return await answer(request, source, output_format)
        except HttpError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)

    async def post_root(request: Request) -> Response:
        try:
            document = _json_object(await read_body(request, max_body_bytes))
            _mermaid_only(str(document.get("diagram_type", "")))
            source = document.get("diagram_source")
            if not isinstance(source, str):
                raise HttpError(400, "diagram_source is required (the diagram's text)")
            return await answer(request, source, str(document.get("output_format", "svg")).lower())
        except HttpError as exc:
            return PlainTextResponse(exc.message, status_code=exc.status)

    return [
        Route("/{diagram_type}/{output_format}/{source:path}", get_encoded, methods=["GET"]),
        Route("/{diagram_type}/{output_format}", post_typed, methods=["POST"]),
        Route("/{diagram_type}", post_typed, methods=["POST"]),
        Route("/", post_root, methods=["POST"]),
    ]


def _render(printer: PrinterService, source: str, output_format: str) -> bytes:
    values = {"code": source}
    if output_format == "pdf":
        return printer.render_pdf(validate_request(PdfOptions, values)).pdf
    if output_format == "png":
        return printer.render_png(validate_request(PngOptions, values)).png
    return printer.render_svg(validate_request(RenderOptions, values)).svg.encode("utf-8")


def _mermaid_only(diagram_type: str) -> None:
    if diagram_type.lower() != "mermaid":
        raise HttpError(400, f"Unsupported diagram type: {diagram_type}. This server renders: mermaid")


def _format_from_accept(request: Request) -> str:
    for media in request.headers.get("accept", "image/svg+xml").split(","):
        name = _BY_MEDIA_TYPE.get(media.split(";")[0].strip().lower())
        if name is not None:
            return name
    return "svg"


async def _posted_source(request: Request, limit: int) -> str:
    body = await read_body(request, limit)
    if request.headers.get("content-type", "").split(";")[0].strip().lower() == "application/json":
        source = _json_object(body).get("diagram_source")
        if not isinstance(source, str):
            raise HttpError(400, "diagram_source is required (the diagram's text)")
        return source
    try:
        return body.decode("utf-8")
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
