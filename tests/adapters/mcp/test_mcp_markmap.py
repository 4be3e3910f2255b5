"""The ``markmap`` tools through the official MCP client with the real printer: every tool, its
seed shape, and every error path (validation, limits, path safety)."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.types import CallToolResult, EmbeddedResource, ImageContent, TextContent

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.markmap.files import MAX_FILE_BYTES
from mermaid_printer.project.sources import FileSources, SourceConfig
from mermaid_printer.service import Printer

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

NOTES = "# Trip\n## Pack\n- socks\n- `map`\n## Go\n- [train](https://example.com)\n"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "trip.md").write_text(NOTES)
    (tmp_path / "outside.md").write_text("# outside\n")
    return root


async def call(printer: Printer, project: Path, tool: str, arguments: dict[str, Any]) -> CallToolResult:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(printer, ("markmap",), sources=sources)) as client:
        return await client.call_tool(tool, arguments)


def facts(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error is False, result.content
    assert result.structured_content is not None
    return result.structured_content


def failure(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error is True
    text = result.content[-1]
    assert isinstance(text, TextContent) and text.text.startswith("Error: ")
    document = result.structured_content
    assert document is not None and document["ok"] is False
    assert document["code"] == document["errors"][0]["code"]
    assert text.text == f"Error: {document['message']}"
    return document


async def test_generate_gives_the_seed_shape(printer: Printer, project: Path) -> None:
    result = facts(await call(printer, project, "markmap_generate", {"markdown_content": NOTES}))

    assert result["svg_content"].startswith("<svg") and "socks" in result["svg_content"]
    assert (result["node_count"], result["depth"]) == (6, 3)
    assert result["features_used"] == ["heading", "inline_code", "link", "list"]
    assert "<script" not in result["svg_content"] and "foreignObject" not in result["svg_content"]


async def test_generate_is_deterministic_and_takes_markmap_options(printer: Printer, project: Path) -> None:
    plain = facts(await call(printer, project, "markmap_generate", {"markdown_content": NOTES}))
    again = facts(await call(printer, project, "markmap_generate", {"markdown_content": NOTES}))
    narrow = facts(
        await call(
            printer,
            project,
            "markmap_generate",
            {"markdown_content": "# Root\n- " + "word " * 30, "options": {"maxWidth": 120, "spacingHorizontal": 40}},
        )
    )

    assert plain["svg_content"] == again["svg_content"]
    assert narrow["width"] < 120 + 40 + 200  # the long label wrapped at 120 px


@pytest.mark.parametrize(
    ("output_format", "block", "mime_type"),
    [
        ("png", ImageContent, "image/png"),
        ("pdf", EmbeddedResource, "application/pdf"),
        ("html", EmbeddedResource, "text/html"),
    ],
)
async def test_generate_other_formats_come_as_attachments(
    printer: Printer, project: Path, output_format: str, block: type, mime_type: str
) -> None:
    result = await call(printer, project, "markmap_generate", {"markdown_content": NOTES, "format": output_format})

    document = facts(result)
    attachment = result.content[0]
    assert isinstance(attachment, block)
    data = base64.b64decode(attachment.data if isinstance(attachment, ImageContent) else attachment.resource.blob)  # type: ignore[union-attr]
    assert len(data) == document["size_bytes"] and "svg_content" not in document
    assert document["mime_type"].startswith(mime_type)
    if output_format == "png":
        assert data.startswith(PNG_SIGNATURE)
    if output_format == "pdf":
        assert data.startswith(b"%PDF-")
    if output_format == "html":
        page = data.decode("utf-8")
        assert "Content-Security-Policy" in page and "socks" in page and "<script src" not in page


async def test_from_outline_escapes_text_and_attaches_a_jump(printer: Printer, project: Path) -> None:
    items = [{"text": "# Root", "level": 1}, {"text": "- not a list *nor bold*", "level": 3}]

    result = facts(await call(printer, project, "markmap_from_outline", {"outline_items": items}))

    assert result["markdown_generated"] == "# \\# Root\n## \\- not a list \\*nor bold\\*\n"
    assert (result["node_count"], result["depth"]) == (2, 2)
    assert "# Root" in result["svg_content"] and "*nor bold*" in result["svg_content"]
    assert result["warnings"][0].startswith("outline item 2")


async def test_render_file_reads_the_project_and_saves_into_the_output_directory(
    printer: Printer, project: Path
) -> None:
    shown = facts(await call(printer, project, "markmap_render_file", {"file_path": "docs/trip.md"}))
    saved = facts(
        await call(printer, project, "markmap_render_file", {"file_path": "docs/trip.md", "save_output": True})
    )
    as_png = facts(
        await call(
            printer, project, "markmap_render_file", {"file_path": "docs/trip.md", "output_path": "maps/trip.png"}
        )
    )

    assert "saved_path" not in shown
    assert (shown["file_path"], shown["node_count"], shown["file_size_kb"]) == ("docs/trip.md", 6, 0.07)
    assert saved["saved_path"] == "diagrams/trip.svg"
    assert (project / "diagrams" / "trip.svg").read_text() == saved["svg_content"]
    assert as_png["saved_path"] == "diagrams/maps/trip.png" and as_png["format"] == "png"
    assert (project / "diagrams" / "maps" / "trip.png").read_bytes().startswith(PNG_SIGNATURE)


async def test_structure_gives_the_hierarchy_and_statistics(printer: Printer, project: Path) -> None:
    result = facts(await call(printer, project, "markmap_get_structure", {"markdown_content": NOTES}))
    bare = facts(
        await call(printer, project, "markmap_get_structure", {"markdown_content": NOTES, "include_content": False})
    )

    hierarchy = result["hierarchy"]
    assert (hierarchy["content"], hierarchy["depth"]) == ("Trip", 1)
    assert [child["content"] for child in hierarchy["children"]] == ["Pack", "Go"]
    assert hierarchy["children"][0]["children"][1] == {"content": "map", "depth": 3}
    assert (result["node_count"], result["max_depth"]) == (6, 3)
    assert result["statistics"]["headings_by_level"] == {"1": 1, "2": 2}
    assert result["statistics"]["total_characters"] == len("TripPacksocksmapGotrain")
    assert "content" not in bare["hierarchy"] and bare["hierarchy"]["children"][1]["depth"] == 2


@pytest.mark.parametrize("theme", ["default", "dark", "colorful", "minimal"])
async def test_customize_applies_each_theme(printer: Printer, project: Path, theme: str) -> None:
    result = facts(
        await call(
            printer,
            project,
            "markmap_customize",
            {"markdown_content": NOTES, "theme": theme, "options": {"fontSize": 18}},
        )
    )

    svg = result["svg_content"]
    assert result["theme_applied"] == theme
    assert "font-size: 18px" in svg
    assert result["customization_summary"] == {
        "theme": theme,
        "custom_colors": False,
        "custom_options": {"fontSize": 18},
    }
    line_colours = set(re.findall(r'<line stroke="([^"]+)"', svg))
    assert line_colours <= set(result["colors_used"])
    root = svg[: svg.index(">")]
    if theme == "dark":
        assert "background-color: #1a1b26" in root and "fill: #c0caf5" in svg
    else:
        assert "background-color" not in root
    if theme == "minimal":
        assert line_colours == {"#6b7280"}


async def test_customize_with_a_colour_scheme(printer: Printer, project: Path) -> None:
    result = facts(
        await call(
            printer, project, "markmap_customize", {"markdown_content": NOTES, "color_scheme": ["#112233", "#445566"]}
        )
    )

    assert result["colors_used"] == ["#112233", "#445566"]
    assert set(re.findall(r'<line stroke="([^"]+)"', result["svg_content"])) == {"#112233", "#445566"}


# --- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tool", "arguments", "error_type", "code"),
    [
        ("markmap_generate", {"markdown_content": ""}, "ValidationError", "INVALID_INPUT"),
        (
            "markmap_generate",
            {"markdown_content": NOTES, "options": {"maxWidth": "x"}},
            "ValidationError",
            "INVALID_INPUT",
        ),
        ("markmap_generate", {"markdown_content": "x" * 1_000_001}, "ValidationError", "INPUT_TOO_LARGE"),
        ("markmap_generate", {"markdown_content": "# r\n" + "- n\n" * 10_000}, "ValidationError", "INPUT_TOO_LARGE"),
        (
            "markmap_generate",
            {"markdown_content": "".join(f"{'  ' * level}- level {level}\n" for level in range(21))},
            "ValidationError",
            "INPUT_TOO_LARGE",
        ),
        ("markmap_from_outline", {"outline_items": [{"text": "x", "level": 9}]}, "ValidationError", "INVALID_INPUT"),
        ("markmap_customize", {"markdown_content": NOTES, "theme": "neon"}, "ValidationError", "INVALID_INPUT"),
        (
            "markmap_customize",
            {"markdown_content": NOTES, "color_scheme": ["blue"]},
            "ValidationError",
            "INVALID_INPUT",
        ),
        ("markmap_get_structure", {"markdown_content": NOTES, "timeout_ms": 9000}, "ValidationError", "INVALID_INPUT"),
        ("markmap_generate", {"markdown_content": NOTES, "fromat": "png"}, "ValidationError", "INVALID_INPUT"),
    ],
)
async def test_invalid_requests_are_validation_errors(
    printer: Printer, project: Path, tool: str, arguments: dict[str, Any], error_type: str, code: str
) -> None:
    document = failure(await call(printer, project, tool, arguments))

    assert (document["errorType"], document["code"]) == (error_type, code)


async def test_a_misspelt_argument_or_option_is_named_with_the_known_ones(printer: Printer, project: Path) -> None:
    top = failure(await call(printer, project, "markmap_generate", {"markdown_content": NOTES, "fromat": "png"}))
    nested = failure(
        await call(
            printer, project, "markmap_generate", {"markdown_content": NOTES, "options": {"colourFreezeLevel": 2}}
        )
    )

    assert (
        top["details"] == {"field": "fromat"} and "unknown parameter; known: markdown_content, format" in top["message"]
    )
    assert nested["details"] == {"field": "options.colourFreezeLevel"}
    assert "unknown parameter; known: colorFreezeLevel, duration" in nested["message"]


async def test_the_node_and_depth_limits_name_the_limit(printer: Printer, project: Path) -> None:
    nodes = failure(await call(printer, project, "markmap_get_structure", {"markdown_content": "- n\n" * 10_001}))
    depth = "".join(f"{'  ' * level}- level {level}\n" for level in range(21))
    deep = failure(await call(printer, project, "markmap_get_structure", {"markdown_content": depth}))

    assert (nodes["details"]["limit"], nodes["details"]["max_nodes"]) == ("nodes", 10_000)
    assert (deep["details"]["limit"], deep["details"]["max_depth"]) == ("depth", 20)


def outline_items(count: int) -> str:
    """A flat outline of ``count`` items under one heading: markmap makes ``count + 1`` nodes."""
    return "# Outline\n" + "".join(f"- item {i} with [a link](https://example.com/{i})\n" for i in range(count))


async def test_the_time_limits_are_validation_errors_naming_the_limit(printer: Printer, project: Path) -> None:
    # Drawing 2,000 nodes takes seconds (~4 ms a node), reading 9,000 several: both are well over
    # the 1 s asked for on any machine. The seed lists "parse ≤ 5 s, render ≤ 10 s" among the
    # limits that are ValidationErrors naming the limit; a bare "took longer than its time
    # limit" RenderError told the caller neither which limit nor what to do.
    drawing = failure(
        await call(
            printer, project, "markmap_generate", {"markdown_content": outline_items(2_000), "timeout_ms": 1_000}
        )
    )
    reading = failure(
        await call(
            printer, project, "markmap_get_structure", {"markdown_content": outline_items(9_000), "timeout_ms": 1_000}
        )
    )

    assert (drawing["errorType"], drawing["code"], drawing["details"]["limit"]) == (
        "ValidationError",
        "TIMEOUT",
        "render_time",
    )
    assert (drawing["details"]["timeout_ms"], drawing["details"]["max_timeout_ms"]) == (1_000, 10_000)
    assert "time limit of 1 s" in drawing["message"] and "initialExpandLevel" in drawing["message"]
    assert (reading["errorType"], reading["code"], reading["details"]["limit"]) == (
        "ValidationError",
        "TIMEOUT",
        "parse_time",
    )
    assert reading["details"]["max_timeout_ms"] == 5_000


async def test_render_file_path_safety(printer: Printer, project: Path, tmp_path: Path) -> None:
    (project / "out.md").symlink_to(tmp_path / "outside.md")
    (project / "script.py").write_text("print(1)")
    (project / "huge.md").write_bytes(b"- x\n" * (MAX_FILE_BYTES // 4 + 1))
    (project / "diagrams" / "taken.svg").mkdir(parents=True)
    cases = [
        {"file_path": "../outside.md"},
        {"file_path": str(tmp_path / "outside.md")},
        {"file_path": "out.md"},
        {"file_path": "/proc/self/environ"},
        {"file_path": "script.py"},
        {"file_path": "huge.md"},
        {"file_path": "missing.md"},
        {"file_path": "docs/trip.md", "output_path": "../../escape.svg"},
        {"file_path": "docs/trip.md", "output_path": str(tmp_path / "escape.svg")},
        {"file_path": "docs/trip.md", "output_path": "taken.svg"},
        {"file_path": "docs/trip.md", "output_path": "map.jpg"},
        {"file_path": "docs/trip.md", "output_path": "map.svg", "format": "png"},
    ]
    for arguments in cases:
        document = failure(await call(printer, project, "markmap_render_file", arguments))
        assert document["errorType"] == "FileSystemError", arguments
        assert document["details"]["field"] in ("file_path", "output_path"), arguments
    assert sorted(os.listdir(tmp_path)) == ["outside.md", "project"]
    assert os.listdir(project / "diagrams") == ["taken.svg"]
