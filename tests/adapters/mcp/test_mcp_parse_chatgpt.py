"""mermaid_parse and the ChatGPT-style verify/render/svg tools through the official MCP client,
with a fake printer: listing, tool groups, input validation and error shapes (no engine)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from adapter_fakes import FAKE_AST, FAKE_BROKEN, FAKE_SVG, FakePrinter
from mcp import Client
from mcp.types import CallToolResult, ToolAnnotations

from mermaid_printer.adapters.chatgpt import svg_filename
from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import ERROR_CODES, RenderTimeout
from mermaid_printer.mermaid.requests import ParseOptions

pytestmark = pytest.mark.anyio

FLOWCHART = "flowchart LR\n  A[Start] --> B{Ok?}\n"
READ_ONLY = {"read_only_hint": True, "destructive_hint": False, "idempotent_hint": True, "open_world_hint": False}


async def call(
    printer: Any, tool: str, arguments: dict[str, Any], tools: tuple[str, ...] | None = None
) -> CallToolResult:
    server = build_server(printer) if tools is None else build_server(printer, tools)
    async with Client(server) as client:
        return await client.call_tool(tool, arguments)


def text_of(result: CallToolResult) -> str:
    (content,) = result.content
    assert content.type == "text"
    return content.text


# --- listing ----------------------------------------------------------------------------------


async def test_every_tool_is_idempotent_closed_world_with_an_output_schema_and_read_only_unless_it_writes_files(
    fake_printer: FakePrinter,
) -> None:
    async with Client(build_server(fake_printer)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}

    assert list(tools) == [
        "mermaid_to_svg",
        "mermaid_to_pdf",
        "mermaid_to_png",
        "mermaid_parse",
        "verify",
        "render",
        "svg",
        "list_files",
        "read_file",
        "render_mermaid",
        "render_markdown",
        "markmap_generate",
        "markmap_from_outline",
        "markmap_render_file",
        "markmap_get_structure",
        "markmap_customize",
    ]
    writes_files = {
        "mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png", "render_mermaid", "render_markdown", "markmap_render_file",
    }  # fmt: skip
    reaches_out = {"list_files", "read_file"}  # the GitHub source
    required = {
        "list_files": [],
        "read_file": ["path"],
        "render_markdown": ["path"],
        "markmap_generate": ["markdown_content"],
        "markmap_from_outline": ["outline_items"],
        "markmap_render_file": ["file_path"],
        "markmap_get_structure": ["markdown_content"],
        "markmap_customize": ["markdown_content"],
    }
    for name, tool in tools.items():
        assert tool.title and tool.description
        expected = {**READ_ONLY, "read_only_hint": name not in writes_files, "open_world_hint": name in reaches_out}
        assert tool.annotations == ToolAnnotations(title=tool.title, **expected)
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        assert tool.input_schema["required"] == required.get(name, ["code"]), name
    outputs = {name: tool.output_schema or {} for name, tool in tools.items()}
    assert sorted(tools["mermaid_parse"].input_schema["properties"]) == ["code", "include_positions", "timeout_ms"]
    assert outputs["mermaid_parse"]["required"] == ["ok", "request_id", "warnings", "errors"]
    assert outputs["mermaid_parse"]["$defs"]["ErrorEntry"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    assert outputs["verify"]["required"] == ["ok"]
    assert outputs["render"]["required"] == ["svg"]
    assert outputs["svg"]["required"] == ["svg", "filename"]
    assert tools["verify"].input_schema["properties"]["code"]["maxLength"] == 50_000


@pytest.mark.parametrize(
    ("groups", "names"),
    [
        (("printer",), ["mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png"]),
        (("parse",), ["mermaid_parse"]),
        (("chatgpt",), ["verify", "render", "svg"]),
        (("printer", "chatgpt"), ["mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png", "verify", "render", "svg"]),
    ],
)
async def test_a_server_exposes_only_the_tool_groups_it_is_given(groups: tuple[str, ...], names: list[str]) -> None:
    async with Client(build_server(FakePrinter(), groups)) as client:
        assert [tool.name for tool in (await client.list_tools()).tools] == names


def test_an_unknown_tool_group_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown tool group"):
        build_server(FakePrinter(), ("printer", "everything"))


# --- mermaid_parse ----------------------------------------------------------------------------


async def test_mermaid_parse_answers_the_printers_ast_in_a_success_envelope(fake_printer: FakePrinter) -> None:
    result = await call(
        fake_printer, "mermaid_parse", {"code": FLOWCHART, "include_positions": True, "timeout_ms": 5000}
    )

    assert result.is_error is False
    envelope = result.structured_content
    assert envelope is not None and json.loads(text_of(result)) == envelope
    assert {key: value for key, value in envelope.items() if key != "request_id"} == {
        "ok": True, "warnings": [], "errors": [], "diagram_type": "flowchart-v2", "ast": FAKE_AST, "cached": False,
    }  # fmt: skip
    (request,) = fake_printer.parsed
    assert isinstance(request, ParseOptions)
    assert (request.code, request.include_positions, request.timeout_ms) == (FLOWCHART, True, 5000)


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({}, "INVALID_INPUT"),
        ({"code": ""}, "INVALID_INPUT"),
        ({"code": "   "}, "INVALID_INPUT"),
        ({"code": 42}, "INVALID_INPUT"),
        ({"code": FLOWCHART, "include_positions": "yes"}, "INVALID_INPUT"),
        ({"code": FLOWCHART, "timeout_ms": 10}, "INVALID_INPUT"),
        ({"code": "x" * 1_000_001}, "INPUT_TOO_LARGE"),
        ({"code": FAKE_BROKEN}, "SYNTAX_ERROR"),
    ],
)
async def test_mermaid_parse_reports_every_input_error_as_an_is_error_envelope(
    fake_printer: FakePrinter, arguments: dict[str, Any], code: str
) -> None:
    result = await call(fake_printer, "mermaid_parse", arguments)

    assert result.is_error is True
    envelope = result.structured_content
    assert envelope is not None
    assert [error["code"] for error in envelope["errors"]] == [code]
    assert "Traceback" not in text_of(result)


async def test_mermaid_parse_reports_a_failed_check_by_its_code(fake_printer: FakePrinter) -> None:
    fake_printer.fail_with = RenderTimeout("the render did not finish within 30 s", {"timeout_s": 30})

    result = await call(fake_printer, "mermaid_parse", {"code": FLOWCHART})

    assert result.is_error is True and result.structured_content is not None
    assert [error["code"] for error in result.structured_content["errors"]] == ["TIMEOUT"]


# --- verify / render / svg --------------------------------------------------------------------


async def test_verify_says_ok_or_gives_the_printers_message(fake_printer: FakePrinter) -> None:
    good = await call(fake_printer, "verify", {"code": FLOWCHART})
    bad = await call(fake_printer, "verify", {"code": FAKE_BROKEN})

    assert (good.is_error, good.structured_content, json.loads(text_of(good))) == (False, {"ok": True}, {"ok": True})
    assert (bad.is_error, bad.structured_content) == (False, {"ok": False, "error": "Parse error on line 2"})


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({}, "Invalid input: code must be a non-empty string"),
        ({"code": ""}, "Invalid input: code must be a non-empty string"),
        ({"code": 7}, "Invalid input: code must be a non-empty string"),
        ({"code": "pie\n" + "%%" * 25_000}, "Code exceeds maximum length of 50KB"),
    ],
)
async def test_verify_answers_bad_input_with_the_specs_messages(
    fake_printer: FakePrinter, arguments: dict[str, Any], message: str
) -> None:
    result = await call(fake_printer, "verify", arguments)

    assert (result.is_error, result.structured_content) == (False, {"ok": False, "error": message})
    assert fake_printer.parsed == []


async def test_render_returns_only_the_svg_and_svg_adds_a_utc_file_name(fake_printer: FakePrinter) -> None:
    before = datetime.now(UTC).replace(microsecond=0)
    rendered = await call(fake_printer, "render", {"code": FLOWCHART})
    named = await call(fake_printer, "svg", {"code": FLOWCHART})
    after = datetime.now(UTC)

    assert (rendered.is_error, rendered.structured_content) == (False, {"svg": FAKE_SVG})
    assert named.structured_content is not None and sorted(named.structured_content) == ["filename", "svg"]
    filename = named.structured_content["filename"]
    stamp = datetime.strptime(filename, "diagram-%Y-%m-%dT%H-%M-%S.svg").replace(tzinfo=UTC)
    assert before <= stamp <= after


def test_the_file_name_uses_utc_whatever_the_time_zone() -> None:
    from datetime import timedelta, timezone

    local = datetime(2026, 3, 1, 1, 2, 3, tzinfo=timezone(timedelta(hours=5)))

    assert svg_filename(local) == "diagram-2026-02-28T20-02-03.svg"


@pytest.mark.parametrize("tool", ["render", "svg"])
@pytest.mark.parametrize(
    ("code", "message"),
    [
        (None, "Invalid input: code must be a non-empty string"),
        ("", "Invalid input: code must be a non-empty string"),
        ("pie\n" + "%%" * 25_000, "Code exceeds maximum length of 50KB"),
    ],
)
async def test_render_and_svg_answer_bad_input_as_an_error_object_with_the_specs_message(
    fake_printer: FakePrinter, tool: str, code: str | None, message: str
) -> None:
    result = await call(fake_printer, tool, {} if code is None else {"code": code})

    assert result.is_error is True and result.structured_content is None
    assert json.loads(text_of(result)) == {"error": message}


@pytest.mark.parametrize("tool", ["verify", "render", "svg"])
async def test_a_check_that_itself_fails_is_an_error_object_not_a_verdict(fake_printer: FakePrinter, tool: str) -> None:
    fake_printer.fail_with = RenderTimeout("the render did not finish within 30 s")

    result = await call(fake_printer, tool, {"code": FLOWCHART})

    assert result.is_error is True and result.structured_content is None
    assert json.loads(text_of(result)) == {"error": "the render did not finish within 30 s"}
