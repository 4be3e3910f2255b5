"""The MCP adapter through the SDK's in-memory client, with a fake printer."""

from __future__ import annotations

import hashlib
import json
import threading
import uuid
from importlib.metadata import version
from pathlib import Path
from typing import Any

import anyio
import pytest
from adapter_fakes import FAKE_SVG, FakePrinter
from mcp import Client
from mcp.types import (
    CallToolResult,
    EmbeddedResource,
    ResourceLink,
    TextContent,
    TextResourceContents,
    ToolAnnotations,
)

from mermaid_printer.adapters.mcp import server as mcp_server
from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import ERROR_CODES, DiagramSyntaxError, error_from_dict
from mermaid_printer.limits import MAX_INPUT_BYTES
from mermaid_printer.mermaid.editor_link import editor_link
from mermaid_printer.mermaid.requests import THEMES

pytestmark = pytest.mark.anyio


async def call(printer: FakePrinter, arguments: dict[str, Any]) -> CallToolResult:
    async with Client(build_server(printer)) as client:
        return await client.call_tool("mermaid_to_svg", arguments)


def without_request_id(envelope: dict[str, Any] | None) -> dict[str, Any]:
    assert envelope is not None
    return {key: value for key, value in envelope.items() if key != "request_id"}


async def test_the_server_names_itself_with_the_package_version(fake_printer: FakePrinter) -> None:
    async with Client(build_server(fake_printer)) as client:
        assert client.server_info is not None
        assert (client.server_info.name, client.server_info.version) == (
            "mermaid-printer",
            version("mermaid-printer"),
        )


async def test_the_tool_is_listed_with_its_schemas_and_annotations(fake_printer: FakePrinter) -> None:
    async with Client(build_server(fake_printer)) as client:
        (tool,) = [t for t in (await client.list_tools()).tools if t.name == "mermaid_to_svg"]

    assert (tool.name, tool.title) == ("mermaid_to_svg", "Mermaid to SVG")
    assert tool.annotations == ToolAnnotations(
        title="Mermaid to SVG",
        read_only_hint=False,  # delivery "file" writes
        destructive_hint=False,
        idempotent_hint=True,
        open_world_hint=False,
    )
    assert tool.description is not None
    assert "SYNTAX_ERROR" in tool.description and "timeout_ms" in tool.description
    schema = tool.input_schema
    assert schema["required"] == ["code"]
    assert sorted(schema["properties"]) == [
        "background", "code", "config_json", "delivery", "embed_fonts", "theme", "timeout_ms",
    ]  # fmt: skip
    assert schema["properties"]["delivery"]["enum"] == ["inline", "resource", "file"]
    assert schema["properties"]["theme"]["enum"] == list(THEMES)
    timeout = schema["properties"]["timeout_ms"]
    assert (timeout["type"], timeout["minimum"], timeout["maximum"], timeout["default"]) == (
        "integer",
        1000,
        120000,
        30000,
    )
    assert tool.output_schema is not None
    assert tool.output_schema["required"] == ["ok", "request_id", "warnings", "errors"]
    assert sorted(tool.output_schema["properties"]) == [
        "cached", "delivery", "diagram_type", "editor_url", "errors", "mime_type", "ok", "path", "request_id",
        "sha256", "size_bytes", "svg", "uri", "warnings",
    ]  # fmt: skip
    assert tool.output_schema["$defs"]["ErrorEntry"]["properties"]["code"]["enum"] == list(ERROR_CODES)


async def test_a_rendered_diagram_comes_back_as_a_success_envelope(fake_printer: FakePrinter) -> None:
    fake_printer.warnings = ["a note"]

    result = await call(fake_printer, {"code": "graph TD; A-->B"})

    assert result.is_error is False
    assert without_request_id(result.structured_content) == {
        "ok": True,
        "warnings": ["a note"],
        "errors": [],
        "svg": FAKE_SVG,
        "diagram_type": "flowchart-v2",
        "cached": False,
        "editor_url": editor_link("graph TD; A-->B", {}),
        "mime_type": "image/svg+xml",
        "size_bytes": len(FAKE_SVG.encode()),
        "sha256": hashlib.sha256(FAKE_SVG.encode()).hexdigest(),
        "delivery": "inline",
    }


async def test_the_svg_goes_into_the_reply_once_the_text_content_being_the_envelope_without_it(
    fake_printer: FakePrinter,
) -> None:
    result = await call(fake_printer, {"code": "graph TD; A-->B"})

    (block,) = result.content
    assert isinstance(block, TextContent)
    assert result.structured_content is not None
    assert json.loads(block.text) == {key: value for key, value in result.structured_content.items() if key != "svg"}
    wire = result.model_dump_json(by_alias=True)
    assert wire.count("<text>A</text>") == 1


async def test_delivery_resource_embeds_the_svg_once_as_a_text_resource(fake_printer: FakePrinter) -> None:
    result = await call(fake_printer, {"code": "graph TD; A-->B", "delivery": "resource"})

    resource, text = result.content
    assert isinstance(resource, EmbeddedResource) and isinstance(resource.resource, TextResourceContents)
    assert (resource.resource.mime_type, resource.resource.text) == ("image/svg+xml", FAKE_SVG)
    assert result.structured_content is not None and "svg" not in result.structured_content
    assert isinstance(text, TextContent) and json.loads(text.text) == result.structured_content
    assert result.structured_content["uri"] == str(resource.resource.uri)
    assert result.model_dump_json(by_alias=True).count("<text>A</text>") == 1


async def test_delivery_file_writes_the_svg_and_links_it(fake_printer: FakePrinter, tmp_path: Path) -> None:
    async with Client(build_server(fake_printer, output_dir=tmp_path)) as client:
        result = await client.call_tool("mermaid_to_svg", {"code": "graph TD; A-->B", "delivery": "File"})

    link, text = result.content
    assert isinstance(link, ResourceLink) and isinstance(text, TextContent)
    envelope = result.structured_content
    assert envelope is not None and "svg" not in envelope and envelope["delivery"] == "file"
    path = Path(envelope["path"])
    assert path.parent == tmp_path and path.suffix == ".svg" and path.read_text() == FAKE_SVG
    assert str(link.uri) == envelope["uri"] == path.as_uri()
    assert "<text>A</text>" not in result.model_dump_json(by_alias=True)


async def test_an_unknown_delivery_is_refused_naming_the_choices(fake_printer: FakePrinter) -> None:
    result = await call(fake_printer, {"code": "graph TD; A-->B", "delivery": "image"})

    assert result.is_error is True and result.structured_content is not None
    (error,) = result.structured_content["errors"]
    assert error["code"] == "INVALID_INPUT" and "inline, resource, file" in error["message"]


async def test_the_options_reach_the_printer_validated(fake_printer: FakePrinter) -> None:
    await call(
        fake_printer,
        {
            "code": "graph TD; A-->B",
            "theme": "dark",
            "background": "#ffffff",
            "config_json": '{"flowchart": {"curve": "basis"}}',
            "timeout_ms": 5000,
        },
    )

    (options,) = fake_printer.rendered
    assert (options.code, options.theme, options.background, options.config, options.timeout_ms) == (
        "graph TD; A-->B",
        "dark",
        "#ffffff",
        {"flowchart": {"curve": "basis"}},
        5000,
    )


async def test_config_json_sent_as_an_object_is_accepted_too(fake_printer: FakePrinter) -> None:
    result = await call(fake_printer, {"code": "graph TD; A-->B", "config_json": {"theme": "dark"}})

    assert result.is_error is False
    assert fake_printer.rendered[0].config == {"theme": "dark"}


@pytest.mark.parametrize("code", ERROR_CODES)
async def test_each_printer_error_comes_back_as_an_is_error_envelope_with_its_code(
    fake_printer: FakePrinter, code: str
) -> None:
    fake_printer.fail_with = error_from_dict({"code": code, "message": f"{code} happened", "details": {"n": 1}})

    result = await call(fake_printer, {"code": "graph TD; A-->B"})

    assert result.is_error is True
    assert without_request_id(result.structured_content) == {
        "ok": False,
        "warnings": [],
        "errors": [{"code": code, "message": f"{code} happened", "details": {"n": 1}}],
    }


async def test_a_syntax_error_carries_line_column_and_expected(fake_printer: FakePrinter) -> None:
    details = {"line": 3, "column": 5, "expected": ["'-->'", "'---'"]}
    fake_printer.fail_with = DiagramSyntaxError("Parse error on line 3", details)

    result = await call(fake_printer, {"code": "graph TD\nA-->B\nC -- "})

    assert result.is_error is True
    assert result.structured_content is not None
    assert result.structured_content["errors"] == [
        {"code": "SYNTAX_ERROR", "message": "Parse error on line 3", "details": details}
    ]


async def test_an_unexpected_exception_is_reported_as_render_failed_without_internals(
    fake_printer: FakePrinter,
) -> None:
    fake_printer.fail_with = KeyError("secret internal state")

    result = await call(fake_printer, {"code": "graph TD; A-->B"})

    assert result.is_error is True
    assert result.structured_content is not None
    (error,) = result.structured_content["errors"]
    assert error["code"] == "RENDER_FAILED"
    assert "secret" not in json.dumps(result.model_dump(mode="json"))


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({}, "code"),
        ({"code": ""}, "code"),
        ({"code": "   \n"}, "code"),
        ({"code": 42}, "code"),
        ({"code": "graph TD; A-->B", "theme": "sparkly"}, "theme"),
        ({"code": "graph TD; A-->B", "background": "url(http://x)"}, "background"),
        ({"code": "graph TD; A-->B", "timeout_ms": 999}, "timeout_ms"),
        ({"code": "graph TD; A-->B", "timeout_ms": 120_001}, "timeout_ms"),
        ({"code": "graph TD; A-->B", "timeout_ms": "soon"}, "timeout_ms"),
    ],
    ids=[
        "missing-code",
        "empty-code",
        "blank-code",
        "number-code",
        "theme",
        "background",
        "timeout-low",
        "timeout-high",
        "timeout-text",
    ],
)
async def test_invalid_arguments_come_back_as_invalid_input_envelopes(
    fake_printer: FakePrinter, arguments: dict[str, Any], field: str
) -> None:
    result = await call(fake_printer, arguments)

    assert result.is_error is True
    assert result.structured_content is not None
    (error,) = result.structured_content["errors"]
    assert (error["code"], error["details"].get("field")) == ("INVALID_INPUT", field)
    assert fake_printer.rendered == []


async def test_a_misspelt_argument_is_refused_naming_it_and_the_known_ones(fake_printer: FakePrinter) -> None:
    # The SDK's argument model dropped arguments a tool does not publish, so `them` (for
    # `theme`) rendered in the default theme with no word of it.
    result = await call(fake_printer, {"code": "graph TD; A-->B", "them": "dark"})

    assert result.is_error is True
    assert result.structured_content is not None
    (error,) = result.structured_content["errors"]
    assert (error["code"], error["details"]) == ("INVALID_INPUT", {"field": "them"})
    assert error["message"] == (
        "Invalid input: them: unknown parameter; known: code, theme, background, config_json, timeout_ms, embed_fonts, "
        "delivery"
    )
    assert fake_printer.rendered == []


@pytest.mark.parametrize("config_json", ["{not json", "[1, 2]", '"a string"'])
async def test_a_config_that_is_not_a_json_object_comes_back_as_invalid_config(
    fake_printer: FakePrinter, config_json: str
) -> None:
    result = await call(fake_printer, {"code": "graph TD; A-->B", "config_json": config_json})

    assert result.is_error is True
    assert result.structured_content is not None
    assert [error["code"] for error in result.structured_content["errors"]] == ["INVALID_CONFIG"]


async def test_code_over_one_megabyte_is_refused_as_input_too_large(fake_printer: FakePrinter) -> None:
    result = await call(fake_printer, {"code": "graph TD\n" + "A" * MAX_INPUT_BYTES})

    assert result.is_error is True
    assert result.structured_content is not None
    assert [error["code"] for error in result.structured_content["errors"]] == ["INPUT_TOO_LARGE"]
    assert fake_printer.rendered == []


async def test_every_call_gets_a_fresh_uuid4_request_id(fake_printer: FakePrinter) -> None:
    async with Client(build_server(fake_printer)) as client:
        results = [
            await client.call_tool("mermaid_to_svg", {"code": code}) for code in ("graph TD; A", "graph TD; A", "")
        ]

    ids = [result.structured_content["request_id"] for result in results if result.structured_content]
    assert len(set(ids)) == 3
    assert all(uuid.UUID(request_id).version == 4 and str(uuid.UUID(request_id)) == request_id for request_id in ids)


async def test_ten_calls_are_rendered_at_the_same_time(fake_printer: FakePrinter) -> None:
    # Every render waits until all ten are in progress: this only passes if they overlap.
    all_started = threading.Barrier(10, timeout=60)
    fake_printer.on_render = lambda _options: all_started.wait()
    results: list[CallToolResult] = []

    async with Client(build_server(fake_printer)) as client:

        async def one_call(n: int) -> None:
            results.append(await client.call_tool("mermaid_to_svg", {"code": f"graph TD; A{n}-->B"}))

        async with anyio.create_task_group() as group:
            for n in range(10):
                group.start_soon(one_call, n)

    assert [result.is_error for result in results] == [False] * 10


async def test_a_printer_passed_in_is_left_open(fake_printer: FakePrinter) -> None:
    await call(fake_printer, {"code": "graph TD; A-->B"})

    assert fake_printer.closed is False


async def test_the_printer_the_server_starts_is_closed_when_it_stops(
    fake_printer: FakePrinter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mcp_server, "_start_printer", lambda _cache_dir: fake_printer)

    async with Client(build_server()) as client:
        result = await client.call_tool("mermaid_to_svg", {"code": "graph TD; A-->B"})
        assert (result.is_error, fake_printer.closed) == (False, False)

    assert fake_printer.closed is True
