"""End to end over stdio: the official MCP client spawns ``python -m mermaid_printer serve`` and
calls the PDF and PNG tools."""

from __future__ import annotations

import base64
import io
import os
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.types import EmbeddedResource, ImageContent, ResourceLink
from mcp_answers import embedded_bytes
from PIL import Image

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FLOWCHART = "flowchart LR\n  A[Start] --> B[Done]"


def serve(*args: str) -> StdioServerParameters:
    # The SDK starts servers with a minimal environment; keep PYTHONPATH so the server runs
    # the code under test (a source tree) rather than whatever is installed.
    env = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else None
    return StdioServerParameters(command=sys.executable, args=["-m", "mermaid_printer", "serve", *args], env=env)


async def test_png_pdf_and_files_come_back_as_image_resource_and_link_and_errors_as_envelopes(tmp_path: Path) -> None:
    async with Client(serve("--output-dir", str(tmp_path))) as client:
        png = await client.call_tool("mermaid_to_png", {"code": FLOWCHART, "scale": 1})
        pdf = await client.call_tool("mermaid_to_pdf", {"code": FLOWCHART, "paper": "A4"})
        broken = await client.call_tool("mermaid_to_pdf", {"code": "flowchart TD\n  A --> --> B"})
        invalid = await client.call_tool("mermaid_to_png", {"code": FLOWCHART, "width": 1})
        huge = await client.call_tool(
            "mermaid_to_png",
            {"code": "flowchart TD\n" + "\n".join(f"  N{n} --> N{n + 1}" for n in range(40)), "scale": 10},
        )
        after = await client.call_tool("mermaid_to_png", {"code": FLOWCHART, "delivery": "resource"})
        filed = await client.call_tool("mermaid_to_pdf", {"code": FLOWCHART, "delivery": "file"})

    assert png.is_error is False and isinstance(png.content[0], ImageContent)
    image = Image.open(io.BytesIO(base64.b64decode(png.content[0].data)))
    assert png.structured_content is not None
    assert image.size == (png.structured_content["width_px"], png.structured_content["height_px"])

    assert pdf.is_error is False and isinstance(pdf.content[0], EmbeddedResource)
    assert pdf.content[0].resource.mime_type == "application/pdf"
    assert embedded_bytes(pdf.content[0]).startswith(b"%PDF-")

    for result, code in ((broken, "SYNTAX_ERROR"), (invalid, "INVALID_INPUT"), (huge, "RESOURCE_LIMIT")):
        assert result.is_error is True and result.structured_content is not None
        assert [error["code"] for error in result.structured_content["errors"]] == [code]
    assert after.is_error is False and isinstance(after.content[0], EmbeddedResource)

    assert filed.is_error is False and filed.structured_content is not None
    link = filed.content[0]
    assert isinstance(link, ResourceLink)
    path = Path(filed.structured_content["path"])
    assert path.parent == tmp_path and path.read_bytes().startswith(b"%PDF-")
    assert str(link.uri) == path.as_uri()
