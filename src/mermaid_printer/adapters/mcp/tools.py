"""How every MCP tool is made and how every tool result is built: once, for all tool groups.

A tool is a :class:`ToolSpec`: its name, texts and annotations, the request model that defines
its parameters (the published input schema is derived from it, :mod:`.schema`), the TypedDict of
its structured result (the output schema) and a handler. The handler gets the printer and the
raw arguments, runs blocking work (it is called on a worker thread, so calls overlap) and
returns a :class:`Reply`; :func:`tool_result` turns any reply into the ``CallToolResult``.

Arguments are not validated by the MCP SDK: the tool's argument model takes every published
parameter as ``Any``, and the handler validates them against the request model, so a wrong
value comes back as the tool's own error (an ``INVALID_INPUT`` envelope naming the field) rather
than as the SDK's argument-validation text.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.server.mcpserver.utilities.func_metadata import ArgModelBase, FuncMetadata
from mcp.types import (
    BlobResourceContents,
    CallToolResult,
    ContentBlock,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolAnnotations,
)
from pydantic import BaseModel, create_model

from mermaid_printer.adapters.envelope import error_envelope
from mermaid_printer.adapters.schema import input_schema
from mermaid_printer.errors import PrinterError
from mermaid_printer.service import PrinterService

__all__ = ["Attachment", "Handler", "Reply", "ToolSpec", "failure_reply", "make_tool", "tool_result"]


@dataclass(frozen=True)
class Attachment:
    """Bytes a reply carries beside its JSON (an SVG, PNG or PDF), or a link to the file they went to."""

    mime_type: str
    delivery: Literal["image", "resource", "file"]
    uri: str
    name: str
    size: int
    data: bytes | None = None  # None when delivered as a file (``uri`` is then its file:// URI)
    #: Embed ``data`` as UTF-8 text rather than base64 (an SVG the model can read).
    as_text: bool = False


@dataclass(frozen=True)
class Reply:
    """What a tool answers: a JSON document, whether it is an error, and maybe an attachment.

    ``structured``: the document is also the result's ``structuredContent`` (it then matches
    the tool's output schema); otherwise it is only the text content. ``text``: the text content
    instead of the document as JSON (e.g. a tool whose errors read ``Error: …``).
    """

    document: dict[str, Any]
    is_error: bool
    structured: bool = True
    attachment: Attachment | None = None
    text: str | None = None


#: A tool's work: (printer, raw arguments) -> reply. Never raises; runs on a worker thread.
Handler = Callable[[PrinterService, dict[str, Any]], Reply]


@dataclass(frozen=True)
class ToolSpec:
    """Everything that defines one MCP tool."""

    name: str
    title: str
    description: str
    request: type[BaseModel]
    output: type
    handler: Handler
    read_only: bool = True
    #: The tool reaches a service outside this machine (the GitHub file source).
    open_world: bool = False
    #: Extra published parameters the request model does not have (e.g. ``delivery``).
    extra_parameters: dict[str, dict[str, Any]] | None = None
    #: When and where the tool writes files (given exactly when it is not read-only); the
    #: tool catalog (``serve --help``, docs/tools.md) says it.
    writes: str | None = None
    #: When and what the tool reaches outside this machine (given exactly when open-world).
    network: str | None = None

    def __post_init__(self) -> None:
        if (self.writes is None) != self.read_only:
            raise ValueError(f"{self.name}: a tool says when it writes (writes) exactly when it is not read-only")
        if (self.network is None) == self.open_world:
            raise ValueError(f"{self.name}: a tool says what it reaches (network) exactly when it is open-world")


#: The argument under which :class:`_PassThrough` hands ``call`` the arguments a client gave that
#: the tool does not publish (never a published name: request fields have no trailing ``_``).
_UNPUBLISHED = "unpublished_arguments_"


class _PassThrough(FuncMetadata):
    """Argument metadata that leaves values as the client sent them (no JSON pre-parsing): the
    handler's request model decides what a string means. Arguments the tool does not publish
    are kept apart (:data:`_UNPUBLISHED`) rather than dropped, so the request model names them
    (``Invalid input: them: unknown parameter``) instead of a misspelt option being ignored."""

    def pre_parse_json(self, data: dict[str, Any]) -> dict[str, Any]:
        published = set(self.arg_model.model_fields) - {_UNPUBLISHED}
        unpublished = {name: value for name, value in data.items() if name not in published}
        if not unpublished:
            return data
        return {**{name: value for name, value in data.items() if name in published}, _UNPUBLISHED: unpublished}


def failure_reply(error: PrinterError, request_id: str) -> Reply:
    """The ``isError`` reply of a failed call: the failure envelope (``guarded``'s ``on_error``)."""
    return Reply(error_envelope(error, request_id), is_error=True)


def make_tool(spec: ToolSpec) -> Tool:
    """The SDK tool for ``spec``: schemas derived, annotations set, calls run off the event loop."""
    parameters = input_schema(spec.request)
    parameters["properties"].update(spec.extra_parameters or {})
    arguments_model = create_model(  # type: ignore[call-overload]
        f"{spec.name}_arguments",
        __base__=ArgModelBase,
        **dict.fromkeys([*parameters["properties"], _UNPUBLISHED], (Any, None)),
    )

    async def call(ctx: Context[Any, Any], **arguments: Any) -> CallToolResult:
        printer: PrinterService = ctx.request_context.lifespan_context
        unpublished = arguments.pop(_UNPUBLISHED, None) or {}
        given = {name: value for name, value in arguments.items() if value is not None}
        given.update(unpublished)
        reply = await anyio.to_thread.run_sync(partial(spec.handler, printer, given))
        return tool_result(reply)

    return Tool(
        fn=call,
        name=spec.name,
        title=spec.title,
        description=spec.description,
        parameters=parameters,
        fn_metadata=_PassThrough(arg_model=arguments_model, output_model=spec.output),
        is_async=True,
        context_kwarg="ctx",
        annotations=ToolAnnotations(
            title=spec.title,
            read_only_hint=spec.read_only,
            destructive_hint=False,
            idempotent_hint=True,
            open_world_hint=spec.open_world,
        ),
    )


def tool_result(reply: Reply) -> CallToolResult:
    """The one place a ``CallToolResult`` is built: the attachment first, then the JSON as text."""
    content: list[ContentBlock] = []
    if reply.attachment is not None and not reply.is_error:
        content.append(_attachment_block(reply.attachment))
    text = reply.text if reply.text is not None else json.dumps(reply.document, ensure_ascii=False)
    content.append(TextContent(type="text", text=text))
    return CallToolResult(
        content=content,
        structured_content=reply.document if reply.structured else None,
        is_error=reply.is_error,
    )


def _attachment_block(attachment: Attachment) -> ContentBlock:
    if attachment.data is None:
        return ResourceLink(
            type="resource_link",
            name=attachment.name,
            uri=attachment.uri,
            mime_type=attachment.mime_type,
            size=attachment.size,
        )
    if attachment.as_text:
        text = TextResourceContents(
            uri=attachment.uri, mime_type=attachment.mime_type, text=attachment.data.decode("utf-8")
        )
        return EmbeddedResource(type="resource", resource=text)
    data = base64.b64encode(attachment.data).decode("ascii")
    if attachment.delivery == "image":
        return ImageContent(type="image", data=data, mime_type=attachment.mime_type)
    return EmbeddedResource(
        type="resource",
        resource=BlobResourceContents(uri=attachment.uri, mime_type=attachment.mime_type, blob=data),
    )
