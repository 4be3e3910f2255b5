"""Calling a tool through the official MCP client (in memory) and judging the answer: a clean,
typed error, or a safe, valid SVG."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import anyio
from inertness import assert_inert
from lxml import etree
from mcp import Client
from mcp.types import BlobResourceContents, CallToolResult, EmbeddedResource, TextContent

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import ERROR_CODES
from mermaid_printer.service import PrinterService

#: Beyond a request's own time limit, how long a call may take before it counts as hung (a
#: guard against hangs, not a timing: the pool's kill fires within milliseconds of the limit).
HANG_MARGIN_S = 60.0
_NON_FINITE = re.compile(r"(?<![A-Za-z0-9_])[-+]?(?:NaN|Infinity)")
_TEXT_ATTRIBUTES = {"id", "class", "name", "title", "lang", "role", "type", "media", "target"}


async def call_tool_async(printer: PrinterService, name: str, arguments: dict[str, Any]) -> CallToolResult:
    """One tool call through a fresh in-memory client session, guarded against hangs."""
    limit_s = int(arguments.get("timeout_ms") or 30_000) / 1000 + HANG_MARGIN_S
    async with Client(build_server(printer)) as client:
        with anyio.fail_after(limit_s):
            return await client.call_tool(name, arguments)


def call_tool(printer: PrinterService, name: str, arguments: dict[str, Any]) -> CallToolResult:
    """:func:`call_tool_async` from synchronous code."""

    async def call() -> CallToolResult:
        return await call_tool_async(printer, name, arguments)

    return anyio.run(call)


def envelope(result: CallToolResult) -> dict[str, Any]:
    """The JSON envelope of a result (the last text block), with the SVG a structured result
    carries alone (``mermaid_to_svg``'s inline delivery: the text is the envelope without it)."""
    texts = [block.text for block in result.content if isinstance(block, TextContent)]
    assert texts, f"no text block in {result!r}"
    for text in texts:
        assert "Traceback" not in text and 'File "' not in text, f"a traceback reached the client: {text[:500]}"
    document: dict[str, Any] = json.loads(texts[-1])
    structured = result.structured_content
    if structured is not None and "svg" in structured and "svg" not in document:
        assert {key: value for key, value in structured.items() if key != "svg"} == document
        document = dict(structured)
    return document


def assert_clean_answer(result: CallToolResult) -> dict[str, Any]:
    """Fail unless the result is a typed error envelope or a success with a safe, valid SVG."""
    document = envelope(result)
    if result.is_error:
        assert document["ok"] is False
        assert document["errors"], "an error result names its error"
        for error in document["errors"]:
            assert error["code"] in ERROR_CODES, error
            assert error["message"].strip(), error
        return document
    assert document["ok"] is True, document
    svg = document.get("svg")
    if svg is not None:
        assert_safe_svg(svg)
    return document


def assert_safe_svg(svg: str) -> None:
    """Well-formed, inert, and every coordinate a finite number."""
    assert_inert(svg)
    root = etree.fromstring(svg.encode("utf-8"))
    for element in root.iter():
        for name, value in element.attrib.items():
            if name in _TEXT_ATTRIBUTES or name.startswith(("data-", "aria-", "{")):
                continue
            assert not _NON_FINITE.search(value), f"<{etree.QName(element).localname} {name}={value!r}>"


def embedded_bytes(block: object) -> bytes:
    """The bytes of a result's embedded blob resource (a PDF, a PNG, an HTML page)."""
    assert isinstance(block, EmbeddedResource) and isinstance(block.resource, BlobResourceContents), block
    return base64.b64decode(block.resource.blob)
