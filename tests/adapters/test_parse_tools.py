"""mermaid_parse and the ChatGPT-style verify/render/svg tools through the official MCP client.

Most tests use the real printer (one warm engine per session); the failure of the check itself
(timeout, engine) uses a fake, since a real one cannot be made to fail on demand quickly.
"""

from __future__ import annotations

import json
import os
import re
import sys
from datetime import UTC, datetime
from typing import Any

import pytest
from adapter_fakes import FakePrinter
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult, ToolAnnotations

from mermaid_printer import Printer
from mermaid_printer.adapters.chatgpt import svg_filename
from mermaid_printer.adapters.mcp_server import build_server
from mermaid_printer.errors import ERROR_CODES, RenderTimeout
from mermaid_printer.service import ParseResult, VerifyResult

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FLOWCHART = "flowchart LR\n  A[Start] --> B{Ok?}\n"
BROKEN = "flowchart TD\n  A --> B\n  B --> --> C\n"
READ_ONLY = {"read_only_hint": True, "destructive_hint": False, "idempotent_hint": True, "open_world_hint": False}


async def call(printer: Any, tool: str, arguments: dict[str, Any], tools: tuple[str, ...] | None = None) -> CallToolResult:
    server = build_server(printer) if tools is None else build_server(printer, tools)
    async with Client(server) as client:
        return await client.call_tool(tool, arguments)


def text_of(result: CallToolResult) -> str:
    (content,) = result.content
    assert content.type == "text"
    return content.text


# --- listing ----------------------------------------------------------------------------------


async def test_every_tool_is_idempotent_closed_world_with_an_output_schema_and_read_only_unless_it_writes_files(
    printer: Printer,
) -> None:
    async with Client(build_server(printer)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}

    assert list(tools) == ["mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png", "mermaid_parse", "verify", "render", "svg"]
    writes_files = {"mermaid_to_pdf", "mermaid_to_png"}  # delivery "file"
    for name, tool in tools.items():
        assert tool.title and tool.description
        expected = {**READ_ONLY, "read_only_hint": name not in writes_files}
        assert tool.annotations == ToolAnnotations(title=tool.title, **expected)
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        assert tool.input_schema["required"] == ["code"]
    assert sorted(tools["mermaid_parse"].input_schema["properties"]) == ["code", "include_positions"]
    assert tools["mermaid_parse"].output_schema["required"] == ["ok", "request_id", "warnings", "errors"]
    assert tools["mermaid_parse"].output_schema["$defs"]["ErrorEntry"]["properties"]["code"]["enum"] == list(ERROR_CODES)
    assert tools["verify"].output_schema["required"] == ["ok"]
    assert tools["render"].output_schema["required"] == ["svg"]
    assert tools["svg"].output_schema["required"] == ["svg", "filename"]
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


async def test_mermaid_parse_returns_the_ast_in_a_success_envelope(printer: Printer) -> None:
    result = await call(printer, "mermaid_parse", {"code": FLOWCHART, "include_positions": True})

    assert result.is_error is False
    envelope = result.structured_content
    assert envelope is not None and json.loads(text_of(result)) == envelope
    assert (envelope["ok"], envelope["errors"], envelope["warnings"]) == (True, [], [])
    assert envelope["diagram_type"] == "flowchart-v2"
    ast = envelope["ast"]
    assert ast["nodes"] == [
        {"id": "A", "label": "Start", "type": "squareRect", "line": 2, "column": 3},
        {"id": "B", "label": "Ok?", "type": "diamond", "line": 2, "column": 16},
    ]
    assert ast["edges"] == [{"from": "A", "to": "B", "label": None, "type": "arrow_point", "line": 2, "column": 3}]
    assert ast["metadata"]["counts"]["nodes"] == 2 and "flowchart" in ast


async def test_mermaid_parse_names_the_line_column_token_and_expected_of_a_syntax_error(printer: Printer) -> None:
    result = await call(printer, "mermaid_parse", {"code": BROKEN})

    assert result.is_error is True
    envelope = result.structured_content
    assert envelope is not None and envelope["ok"] is False and "ast" not in envelope
    (error,) = envelope["errors"]
    assert error["code"] == "SYNTAX_ERROR"
    assert error["details"]["line"] == 3 and isinstance(error["details"]["column"], int)
    assert error["details"]["token"] == "LINK" and error["details"]["expected"]


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({}, "INVALID_INPUT"),
        ({"code": ""}, "INVALID_INPUT"),
        ({"code": "   "}, "INVALID_INPUT"),
        ({"code": 42}, "INVALID_INPUT"),
        ({"code": FLOWCHART, "include_positions": "yes"}, "INVALID_INPUT"),
        ({"code": "x" * 1_000_001}, "INPUT_TOO_LARGE"),
        ({"code": "flowchart TD\n" + "  A --> B\n" * 6000}, "INPUT_TOO_LARGE"),
        ({"code": "not a diagram"}, "UNSUPPORTED_DIAGRAM"),
        ({"code": "gitGraph\n  checkout nowhere\n"}, "SYNTAX_ERROR"),
    ],
)
async def test_mermaid_parse_reports_every_input_error_as_an_is_error_envelope(
    printer: Printer, arguments: dict[str, Any], code: str
) -> None:
    result = await call(printer, "mermaid_parse", arguments)

    assert result.is_error is True
    envelope = result.structured_content
    assert envelope is not None
    assert [error["code"] for error in envelope["errors"]] == [code]
    assert "Traceback" not in text_of(result)


# --- verify / render / svg --------------------------------------------------------------------


async def test_verify_says_ok_for_a_valid_diagram(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": FLOWCHART})

    assert (result.is_error, result.structured_content) == (False, {"ok": True})
    assert json.loads(text_of(result)) == {"ok": True}


async def test_verify_gives_mermaids_message_for_a_syntax_error(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": BROKEN})

    assert result.is_error is False
    reply = result.structured_content
    assert reply is not None and reply["ok"] is False
    assert reply["error"].startswith("Parse error on line 3:") and "Expecting" in reply["error"]


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
    printer: Printer, arguments: dict[str, Any], message: str
) -> None:
    result = await call(printer, "verify", arguments)

    assert (result.is_error, result.structured_content) == (False, {"ok": False, "error": message})


async def test_verify_of_an_unknown_type_is_not_ok(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": "nonsense"})

    assert result.structured_content is not None and result.structured_content["ok"] is False
    assert "No diagram type detected" in result.structured_content["error"]


async def test_render_returns_only_the_svg(printer: Printer) -> None:
    result = await call(printer, "render", {"code": FLOWCHART})

    assert result.is_error is False
    reply = result.structured_content
    assert reply is not None and list(reply) == ["svg"]
    assert reply["svg"].startswith("<svg") and "Start" in reply["svg"]


async def test_svg_returns_the_svg_and_a_utc_timestamped_file_name(printer: Printer) -> None:
    before = datetime.now(UTC).replace(microsecond=0)
    result = await call(printer, "svg", {"code": FLOWCHART})
    after = datetime.now(UTC)

    assert result.is_error is False
    reply = result.structured_content
    assert reply is not None and sorted(reply) == ["filename", "svg"]
    assert reply["svg"].startswith("<svg")
    match = re.fullmatch(r"diagram-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2})\.svg", reply["filename"])
    assert match is not None
    stamp = datetime.strptime(match.group(1), "%Y-%m-%dT%H-%M-%S").replace(tzinfo=UTC)
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
        (BROKEN, "Parse error on line 3:"),
        ("nonsense", "No diagram type detected"),
    ],
)
async def test_render_and_svg_fail_with_the_specs_or_mermaids_message(
    printer: Printer, tool: str, code: str | None, message: str
) -> None:
    arguments = {} if code is None else {"code": code}

    result = await call(printer, tool, arguments)

    assert result.is_error is True and result.structured_content is None
    assert text_of(result).startswith(message)


class FailingPrinter(FakePrinter):
    """Every check fails the way a timed-out engine does."""

    def parse(self, code: str, *, include_positions: bool = False) -> ParseResult:
        raise RenderTimeout("the render did not finish within 30 s", {"timeout_s": 30})

    def verify(self, code: str) -> VerifyResult:
        raise RenderTimeout("the render did not finish within 30 s", {"timeout_s": 30})


@pytest.mark.parametrize("tool", ["verify", "render", "svg"])
async def test_a_check_that_itself_fails_is_an_error_result_not_a_verdict(tool: str) -> None:
    printer = FailingPrinter()
    printer.fail_with = RenderTimeout("the render did not finish within 30 s")

    result = await call(printer, tool, {"code": FLOWCHART})

    assert result.is_error is True
    assert text_of(result) == "the render did not finish within 30 s"


async def test_mermaid_parse_reports_a_failed_check_by_its_code() -> None:
    result = await call(FailingPrinter(), "mermaid_parse", {"code": FLOWCHART})

    assert result.is_error is True and result.structured_content is not None
    assert [error["code"] for error in result.structured_content["errors"]] == ["TIMEOUT"]


# --- over stdio -------------------------------------------------------------------------------


async def test_serve_with_tools_exposes_only_those_groups_over_stdio() -> None:
    serve = StdioServerParameters(
        command=sys.executable, args=["-m", "mermaid_printer", "serve", "--tools", "chatgpt"], env=dict(os.environ)
    )

    async with Client(serve) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        verdict = await client.call_tool("verify", {"code": "pie\n  \"a\": 1"})

    assert names == ["verify", "render", "svg"]
    assert verdict.structured_content == {"ok": True}


async def test_the_tools_environment_variable_chooses_the_groups_over_stdio() -> None:
    serve = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mermaid_printer", "serve"],
        env={**os.environ, "MERMAID_PRINTER_TOOLS": "parse"},
    )

    async with Client(serve) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        parsed = await client.call_tool("mermaid_parse", {"code": "pie\n  \"a\": 1"})

    assert names == ["mermaid_parse"]
    assert parsed.structured_content is not None and parsed.structured_content["diagram_type"] == "pie"
