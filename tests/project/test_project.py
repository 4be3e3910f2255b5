"""The project tools end to end: the official MCP client, a real project directory and the real
printer (engine), as an agent documenting a codebase would use them."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from mcp import Client
from mcp.types import ImageContent

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.project.sources import FileSources, SourceConfig
from mermaid_printer.service import Printer

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


async def test_list_read_render_and_markdown_in_one_session(printer: Printer, tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "shop.py").write_text("class Cart:\n    def pay(self):\n        return Order()\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "design.md").write_text(
        "# Design\n\n```mermaid\nsequenceDiagram\n  Cart->>Order: pay\n```\n\n"
        "```mermaid\nsequenceDiagram\n  Cart->>>Order pay\n```\n"
    )
    server = build_server(printer, ("project",), sources=FileSources(SourceConfig.for_project(tmp_path)))

    async with Client(server) as client:
        listing = await client.call_tool("list_files", {"glob": "**/*.py"})
        source = await client.call_tool("read_file", {"path": "src/shop.py"})
        drawn = await client.call_tool(
            "render_mermaid",
            {"code": "classDiagram\n  Cart --> Order : pay()", "title": "Shop classes", "format": "png"},
        )
        document = await client.call_tool("render_markdown", {"path": "docs/design.md"})

    assert listing.structured_content is not None and listing.structured_content["files"] == ["src/shop.py"]
    assert source.structured_content is not None and "class Cart" in source.structured_content["text"]

    assert drawn.is_error is False, drawn.content
    assert drawn.structured_content is not None
    assert drawn.structured_content["diagram_type"] == "classDiagram"
    saved = tmp_path / drawn.structured_content["path"]
    assert saved == tmp_path / "diagrams" / "shop-classes.png"
    image = drawn.content[0]
    assert isinstance(image, ImageContent) and base64.b64decode(image.data) == saved.read_bytes()
    assert saved.read_bytes().startswith(PNG_SIGNATURE)

    assert document.structured_content is not None, document.content
    facts = document.structured_content
    assert (facts["rendered"], facts["failed"]) == (1, 1)
    assert facts["blocks"][1]["error_code"] == "SYNTAX_ERROR"
    assert facts["blocks"][1]["document_line"] == 10  # where the error is in the document
    assert facts["blocks"][1]["error_hint"].startswith("A message is `Alice->>Bob: text`")
    rendered = (tmp_path / "docs" / "design.rendered.md").read_text()
    assert "Cart->>>Order pay" in rendered  # the broken block is kept
    assert b"sequence" in (tmp_path / "docs" / "design-rendered-1.svg").read_bytes()
