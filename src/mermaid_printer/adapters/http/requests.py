"""What every HTTP route shares: reading a bounded body, running the printer off the event loop
(and stopping the render when the client hangs up), and the status code of each error."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from starlette.requests import Request

from mermaid_printer.adapters.error_codes import http_status
from mermaid_printer.errors import PrinterError
from mermaid_printer.service import cancelled_by

__all__ = ["NO_STORE", "HttpError", "read_body", "read_json_object", "run_blocking", "status_of"]

#: ``Cache-Control`` of every answer no cache may keep (POSTs, errors, refusals).
NO_STORE = "no-store"

T = TypeVar("T")


class HttpError(Exception):
    """A request the route refuses: its status and the message the client reads."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def status_of(error: PrinterError | None) -> int:
    """The HTTP status for ``error`` (400 for the spec's own input messages, which carry none)."""
    return 400 if error is None else http_status(error.code)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it passes ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise HttpError(413, f"the request body is over the {limit:,}-byte limit")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HttpError(413, f"the request body is over the {limit:,}-byte limit")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json_object(request: Request, limit: int) -> dict[str, Any]:
    """The body as a JSON object; 415 for another content type, 400 for anything but an object."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/json":
        raise HttpError(415, "send the request as application/json")
    body = await read_body(request, limit)
    try:
        document = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise HttpError(400, f"the request body is not valid JSON: {exc}") from None
    if not isinstance(document, dict):
        raise HttpError(400, 'the request body must be a JSON object, e.g. {"code": "pie\\n  \\"a\\": 1"}')
    return document


async def run_blocking(request: Request, work: Callable[[], T]) -> T:
    """Run ``work`` on a worker thread; if the client hangs up first, its render is stopped.

    The render's process is killed (the pool sees the cancel event) and the slot it held is
    free at once; the caller gets ``JobCancelled`` and nobody is left to answer.
    """
    hung_up = threading.Event()
    result: list[T] = []
    failure: list[BaseException] = []

    async def watch_for_hang_up() -> None:
        while True:
            message = await request.receive()
            if message["type"] == "http.disconnect":
                hung_up.set()
                return

    def work_cancelled_by_hang_up() -> T:
        with cancelled_by(hung_up):
            return work()

    async with anyio.create_task_group() as tasks:
        tasks.start_soon(watch_for_hang_up)
        try:
            result.append(await anyio.to_thread.run_sync(work_cancelled_by_hang_up))
        except Exception as exc:  # raised outside the task group, so not wrapped in a group
            failure.append(exc)
        finally:
            tasks.cancel_scope.cancel()
    if failure:
        raise failure[0]
    return result[0]
