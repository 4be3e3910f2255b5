"""mermaid_parse and the ChatGPT-style verify/render/svg tools through the official MCP client,
with the real printer (one warm engine per session): what Mermaid itself answers, end to end.
Listing, input validation and error shapes are tested with a fake in test_mcp_parse_chatgpt.py.
"""

from __future__ import annotations

import json
import os
import re
import sys
from datetime import UTC, datetime
from typing import Any

import pytest
from mcp import Client, StdioServerParameters
from mcp.types import CallToolResult

from mermaid_printer import Printer
from mermaid_printer.adapters.mcp.server import build_server

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FLOWCHART = "flowchart LR\n  A[Start] --> B{Ok?}\n"
BROKEN = "flowchart TD\n  A --> B\n  B --> --> C\n"


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
        ({"code": "flowchart TD\n" + "  A --> B\n" * 6000}, "INPUT_TOO_LARGE"),
        ({"code": "not a diagram"}, "UNSUPPORTED_DIAGRAM"),
        ({"code": "gitGraph\n  checkout nowhere\n"}, "SYNTAX_ERROR"),
    ],
)
async def test_mermaid_parse_reports_mermaids_own_refusals_as_is_error_envelopes(
    printer: Printer, arguments: dict[str, Any], code: str
) -> None:
    result = await call(printer, "mermaid_parse", arguments)

    assert result.is_error is True
    envelope = result.structured_content
    assert envelope is not None
    assert [error["code"] for error in envelope["errors"]] == [code]
    assert "Traceback" not in text_of(result)


async def test_a_mermaid_error_envelope_carries_the_hint_and_a_checked_fix(printer: Printer) -> None:
    code = "flowchart TD\n    A[Start] --> B(Process (with data))\n"
    for tool in ("mermaid_parse", "mermaid_to_svg"):
        result = await call(printer, tool, {"code": code})

        assert result.is_error is True
        envelope = result.structured_content
        assert envelope is not None and envelope["ok"] is False
        (error,) = envelope["errors"]
        assert error["code"] == "SYNTAX_ERROR"
        assert error["message"] == (
            "Parse error on line 2, column 18: `(` inside the label of node `B`: Mermaid reads it as syntax, not as text."
        )
        details = error["details"]
        assert (details["line"], details["column"], details["kind"]) == (2, 18, "unquoted-label")
        assert details["hint"].startswith("Put the label in double quotes")
        assert "Expecting 'SQE'" in details["mermaid_message"]
        assert details["fixes"] == [
            {
                "title": "Put the label in double quotes",
                "edits": [{"line": 2, "column": 20, "end_line": 2, "end_column": 39, "text": '"Process (with data)"'}],
            }
        ]
        assert details["fixed_code"] == 'flowchart TD\n    A[Start] --> B("Process (with data)")\n'


# --- verify / render / svg --------------------------------------------------------------------


async def test_verify_says_ok_for_a_valid_diagram(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": FLOWCHART})

    assert (result.is_error, result.structured_content) == (False, {"ok": True})
    assert json.loads(text_of(result)) == {"ok": True}


async def test_verify_gives_a_plain_message_and_its_hint_for_a_syntax_error(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": BROKEN})

    assert result.is_error is False
    reply = result.structured_content
    assert reply is not None and reply["ok"] is False
    assert reply["error"].startswith("Parse error on line 3, column 9: two arrows follow each other")
    assert " Hint: " in reply["error"] and "Expecting" not in reply["error"]


async def test_verify_of_an_unknown_type_is_not_ok(printer: Printer) -> None:
    result = await call(printer, "verify", {"code": "nonsense"})

    assert result.structured_content is not None and result.structured_content["ok"] is False
    assert "the diagram has no type" in result.structured_content["error"]


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


@pytest.mark.parametrize("tool", ["render", "svg"])
@pytest.mark.parametrize(
    ("code", "message"),
    [
        (BROKEN, "Parse error on line 3, column 9:"),
        ("nonsense", "Unknown diagram type on line 1, column 1: the diagram has no type"),
    ],
)
async def test_render_and_svg_fail_with_the_diagnosed_message_as_an_error_object(
    printer: Printer, tool: str, code: str, message: str
) -> None:
    result = await call(printer, tool, {"code": code})

    assert result.is_error is True and result.structured_content is None
    assert json.loads(text_of(result))["error"].startswith(message)


# --- over stdio -------------------------------------------------------------------------------


async def test_serve_with_tools_exposes_only_those_groups_over_stdio() -> None:
    serve = StdioServerParameters(
        command=sys.executable, args=["-m", "mermaid_printer", "serve", "--tools", "chatgpt"], env=dict(os.environ)
    )

    async with Client(serve) as client:
        names = [tool.name for tool in (await client.list_tools()).tools]
        verdict = await client.call_tool("verify", {"code": 'pie\n  "a": 1'})

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
        parsed = await client.call_tool("mermaid_parse", {"code": 'pie\n  "a": 1'})

    assert names == ["mermaid_parse"]
    assert parsed.structured_content is not None and parsed.structured_content["diagram_type"] == "pie"
