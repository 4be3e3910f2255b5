"""Every MCP tool that draws Mermaid answers with ``editor_url``: the Live Editor link for the
diagram and the config it was drawn with, through the SDK's in-memory client."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from adapter_fakes import FakePrinter
from mcp import Client

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.mermaid.editor_link import EDITOR_URL, editor_state
from mermaid_printer.project.sources import FileSources, SourceConfig

pytestmark = pytest.mark.anyio

CODE = "flowchart LR\n  A[Straße 🚀] --> B"
DRAWING_TOOLS = ("mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png", "render_mermaid")


def _server(printer: FakePrinter, tmp_path: Path) -> Any:
    sources = FileSources(SourceConfig.for_project(tmp_path))
    return build_server(printer, ("printer", "parse", "project"), sources=sources, output_dir=tmp_path / "out")


async def _call(printer: FakePrinter, tmp_path: Path, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async with Client(_server(printer, tmp_path)) as client:
        result = await client.call_tool(tool, arguments)
    assert result.is_error is False, result
    assert result.structured_content is not None
    envelope: dict[str, Any] = result.structured_content
    return envelope


@pytest.mark.parametrize("tool", DRAWING_TOOLS)
async def test_a_drawing_tool_links_the_diagram_with_its_theme_and_config_in_the_live_editor(
    fake_printer: FakePrinter, tmp_path: Path, tool: str
) -> None:
    config = {"flowchart": {"curve": "basis"}, "theme": "forest"}
    arguments = {"code": CODE, "theme": "dark", "config_json": json.dumps(config)}

    envelope = await _call(fake_printer, tmp_path, tool, arguments)

    assert envelope["editor_url"].startswith(f"{EDITOR_URL}#pako:")
    state = editor_state(envelope["editor_url"])
    assert state["code"] == CODE
    # The theme option wins over the config's theme, as it does in the render.
    assert json.loads(state["mermaid"]) == {"flowchart": {"curve": "basis"}, "theme": "dark"}


@pytest.mark.parametrize("tool", DRAWING_TOOLS)
async def test_without_a_theme_the_link_carries_the_config_as_given(
    fake_printer: FakePrinter, tmp_path: Path, tool: str
) -> None:
    envelope = await _call(fake_printer, tmp_path, tool, {"code": CODE, "config_json": '{"theme": "neutral"}'})

    assert json.loads(editor_state(envelope["editor_url"])["mermaid"]) == {"theme": "neutral"}


@pytest.mark.parametrize("tool", DRAWING_TOOLS)
async def test_each_drawing_tool_publishes_and_describes_editor_url(
    fake_printer: FakePrinter, tmp_path: Path, tool: str
) -> None:
    async with Client(_server(fake_printer, tmp_path)) as client:
        listed = {item.name: item for item in (await client.list_tools()).tools}

    published = listed[tool]
    assert published.output_schema is not None
    field = published.output_schema["properties"]["editor_url"]
    assert field["type"] == "string" and "Live Editor" in field["description"]
    assert "editor_url" not in published.output_schema["required"]
    assert published.description is not None
    assert "Mermaid Live Editor" in published.description and "nothing fetched" in published.description


async def test_a_failed_drawing_carries_no_editor_link(fake_printer: FakePrinter, tmp_path: Path) -> None:
    async with Client(_server(fake_printer, tmp_path)) as client:
        result = await client.call_tool("mermaid_to_svg", {"code": CODE, "config_json": "[1]"})

    assert result.is_error is True
    assert result.structured_content is not None and "editor_url" not in result.structured_content


async def test_the_parse_tool_draws_nothing_and_links_nothing(fake_printer: FakePrinter, tmp_path: Path) -> None:
    async with Client(_server(fake_printer, tmp_path)) as client:
        listed = {item.name: item for item in (await client.list_tools()).tools}

    parse = [tool for name, tool in listed.items() if "parse" in name]
    assert parse and all("editor_url" not in (tool.output_schema or {}).get("properties", {}) for tool in parse)
