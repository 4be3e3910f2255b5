"""The ``markmap`` tools through the official MCP client: every tool, its seed shape, and every
error path (validation, limits, path safety). The adapter's own work (attachments, outlines,
files, summaries, validation) runs against the fake printer; what markmap draws and the limits
only the engine knows run end to end with the real printer."""

from __future__ import annotations

import base64
import os
import re
from pathlib import Path
from typing import Any

import pytest
from adapter_fakes import (
    FAKE_MARKMAP_DEPTH,
    FAKE_MARKMAP_FEATURES,
    FAKE_MARKMAP_NODES,
    FAKE_MARKMAPS,
    FakePrinter,
)
from mcp import Client
from mcp.types import CallToolResult, EmbeddedResource, ImageContent, TextContent
from mcp_answers import embedded_bytes

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import RenderFailed
from mermaid_printer.jobs import MarkmapRenderJob
from mermaid_printer.markmap.files import MAX_FILE_BYTES
from mermaid_printer.markmap.style import MARKMAP_DEFAULT_PALETTE, MARKMAP_THEMES
from mermaid_printer.project.sources import FileSources, SourceConfig
from mermaid_printer.service import Printer, PrinterService

pytestmark = pytest.mark.anyio

NOTES = "# Trip\n## Pack\n- socks\n- `map`\n## Go\n- [train](https://example.com)\n"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "trip.md").write_text(NOTES)
    (tmp_path / "outside.md").write_text("# outside\n")
    return root


async def call(printer: PrinterService, project: Path, tool: str, arguments: dict[str, Any]) -> CallToolResult:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(printer, ("markmap",), sources=sources)) as client:
        return await client.call_tool(tool, arguments)


def facts(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error is False, result.content
    document: dict[str, Any] | None = result.structured_content
    assert document is not None
    return document


def failure(result: CallToolResult) -> dict[str, Any]:
    assert result.is_error is True
    text = result.content[-1]
    assert isinstance(text, TextContent) and text.text.startswith("Error: ")
    document: dict[str, Any] | None = result.structured_content
    assert document is not None and document["ok"] is False
    assert document["code"] == document["errors"][0]["code"]
    assert text.text == f"Error: {document['message']}"
    return document


def drawn(fake: FakePrinter) -> list[MarkmapRenderJob]:
    """The mind maps the fake printer was asked to draw, as the jobs a real printer would run."""
    return [job for job in fake.markmap_jobs if isinstance(job, MarkmapRenderJob)]


# --- end to end: what markmap draws ----------------------------------------------------------


@pytest.mark.engine
async def test_generate_gives_the_seed_shape(printer: Printer, project: Path) -> None:
    result = facts(await call(printer, project, "markmap_generate", {"markdown_content": NOTES}))

    assert result["svg_content"].startswith("<svg") and "socks" in result["svg_content"]
    assert (result["node_count"], result["depth"]) == (6, 3)
    assert result["features_used"] == ["heading", "inline_code", "link", "list"]
    assert "<script" not in result["svg_content"] and "foreignObject" not in result["svg_content"]


@pytest.mark.engine
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


@pytest.mark.engine
async def test_a_png_mind_map_comes_as_an_image_of_the_drawing(printer: Printer, project: Path) -> None:
    result = await call(printer, project, "markmap_generate", {"markdown_content": NOTES, "format": "png"})

    document = facts(result)
    attachment = result.content[0]
    assert isinstance(attachment, ImageContent)
    data = base64.b64decode(attachment.data)
    assert data.startswith(PNG_SIGNATURE) and len(data) == document["size_bytes"]


@pytest.mark.engine
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


@pytest.mark.engine
@pytest.mark.parametrize("theme", ["dark", "minimal"])
async def test_customize_draws_the_theme_into_the_svg(printer: Printer, project: Path, theme: str) -> None:
    result = facts(
        await call(
            printer,
            project,
            "markmap_customize",
            {"markdown_content": NOTES, "theme": theme, "options": {"fontSize": 18}},
        )
    )

    svg = result["svg_content"]
    assert "font-size: 18px" in svg
    line_colours = set(re.findall(r'<line stroke="([^"]+)"', svg))
    assert line_colours <= set(result["colors_used"])
    root = svg[: svg.index(">")]
    if theme == "dark":
        assert "background-color: #1a1b26" in root and "fill: #c0caf5" in svg
    else:
        assert "background-color" not in root
        assert line_colours == {"#6b7280"}


@pytest.mark.engine
async def test_customize_with_a_colour_scheme(printer: Printer, project: Path) -> None:
    result = facts(
        await call(
            printer, project, "markmap_customize", {"markdown_content": NOTES, "color_scheme": ["#112233", "#445566"]}
        )
    )

    assert result["colors_used"] == ["#112233", "#445566"]
    assert set(re.findall(r'<line stroke="([^"]+)"', result["svg_content"])) == {"#112233", "#445566"}


# --- the adapter's work, against the fake printer ----------------------------------------------


async def test_generate_passes_the_printers_facts_through_in_the_seed_shape(project: Path) -> None:
    fake = FakePrinter()
    fake.warnings = ["a warning from the drawing"]

    result = facts(
        await call(fake, project, "markmap_generate", {"markdown_content": NOTES, "options": {"maxWidth": 120}})
    )

    (job,) = drawn(fake)
    assert (job.markdown, job.format, job.options["maxWidth"]) == (NOTES, "svg", 120)
    assert result["svg_content"] == FAKE_MARKMAPS["svg"].decode()
    assert (result["node_count"], result["depth"]) == (FAKE_MARKMAP_NODES, FAKE_MARKMAP_DEPTH)
    assert (result["features_used"], result["warnings"]) == (FAKE_MARKMAP_FEATURES, ["a warning from the drawing"])
    assert (result["width"], result["height"], result["format"]) == (320.0, 180.0, "svg")


@pytest.mark.parametrize(
    ("output_format", "block", "mime_type"),
    [
        ("png", ImageContent, "image/png"),
        ("pdf", EmbeddedResource, "application/pdf"),
        ("html", EmbeddedResource, "text/html"),
    ],
)
async def test_generate_other_formats_come_as_attachments(
    project: Path, output_format: str, block: type, mime_type: str
) -> None:
    fake = FakePrinter()

    result = await call(fake, project, "markmap_generate", {"markdown_content": NOTES, "format": output_format})

    document = facts(result)
    attachment = result.content[0]
    assert isinstance(attachment, block)
    data = base64.b64decode(attachment.data) if isinstance(attachment, ImageContent) else embedded_bytes(attachment)
    assert [job.format for job in drawn(fake)] == [output_format]
    assert data == FAKE_MARKMAPS[output_format] and len(data) == document["size_bytes"]
    assert document["mime_type"].startswith(mime_type) and "svg_content" not in document
    assert ("width" in document) is (output_format != "html")


async def test_from_outline_escapes_text_and_attaches_a_jump(project: Path) -> None:
    fake = FakePrinter()
    items = [{"text": "# Root", "level": 1}, {"text": "- not a list *nor bold*", "level": 3}]

    result = facts(await call(fake, project, "markmap_from_outline", {"outline_items": items}))

    markdown = "# \\# Root\n## \\- not a list \\*nor bold\\*\n"
    assert result["markdown_generated"] == markdown
    assert [job.markdown for job in drawn(fake)] == [markdown]
    assert (result["node_count"], result["depth"]) == (FAKE_MARKMAP_NODES, FAKE_MARKMAP_DEPTH)
    assert result["warnings"][0].startswith("outline item 2")


async def test_render_file_reads_the_project_and_saves_into_the_output_directory(project: Path) -> None:
    fake = FakePrinter()

    shown = facts(await call(fake, project, "markmap_render_file", {"file_path": "docs/trip.md"}))
    saved = facts(await call(fake, project, "markmap_render_file", {"file_path": "docs/trip.md", "save_output": True}))
    as_png = facts(
        await call(fake, project, "markmap_render_file", {"file_path": "docs/trip.md", "output_path": "maps/trip.png"})
    )

    assert [(job.markdown, job.format) for job in drawn(fake)] == [(NOTES, "svg"), (NOTES, "svg"), (NOTES, "png")]
    assert "saved_path" not in shown
    assert (shown["file_path"], shown["node_count"], shown["file_size_kb"]) == (
        "docs/trip.md",
        FAKE_MARKMAP_NODES,
        0.07,
    )
    assert saved["saved_path"] == "diagrams/trip.svg"
    assert (project / "diagrams" / "trip.svg").read_text() == saved["svg_content"]
    assert as_png["saved_path"] == "diagrams/maps/trip.png" and as_png["format"] == "png"
    assert (project / "diagrams" / "maps" / "trip.png").read_bytes() == FAKE_MARKMAPS["png"]


async def test_structure_gives_each_label_as_plain_text_with_its_depth(project: Path) -> None:
    fake = FakePrinter()

    result = facts(await call(fake, project, "markmap_get_structure", {"markdown_content": NOTES}))
    bare = facts(
        await call(fake, project, "markmap_get_structure", {"markdown_content": NOTES, "include_content": False})
    )

    assert result["hierarchy"] == {
        "content": "Root map",
        "depth": 1,
        "children": [
            {"content": "Branch two lines", "depth": 2, "children": [{"content": "leaf", "depth": 3}]},
            {"content": "Other & more", "depth": 2},
        ],
    }
    assert bare["hierarchy"] == {"depth": 1, "children": [{"depth": 2, "children": [{"depth": 3}]}, {"depth": 2}]}
    assert (result["node_count"], result["max_depth"], result["features_detected"]) == (
        FAKE_MARKMAP_NODES,
        FAKE_MARKMAP_DEPTH,
        FAKE_MARKMAP_FEATURES,
    )
    assert result["statistics"] == {"headings_by_level": {"1": 1}, "total_characters": 31, "average_node_length": 7.75}
    assert [job.markdown for job in fake.markmap_jobs] == [NOTES, NOTES]


@pytest.mark.parametrize("theme", ["default", "dark", "colorful", "minimal"])
async def test_customize_applies_each_theme(project: Path, theme: str) -> None:
    fake = FakePrinter()

    result = facts(
        await call(
            fake,
            project,
            "markmap_customize",
            {"markdown_content": NOTES, "theme": theme, "options": {"fontSize": 18}},
        )
    )

    (job,) = drawn(fake)
    look = MARKMAP_THEMES[theme]
    assert (job.font_size, job.css_variables) == (18, dict(look.variables))
    assert job.background == (look.background or "transparent")
    assert result["theme_applied"] == theme
    assert result["colors_used"] == list(look.palette or MARKMAP_DEFAULT_PALETTE)
    assert job.options.get("color", []) == list(look.palette)
    assert result["customization_summary"] == {
        "theme": theme,
        "custom_colors": False,
        "custom_options": {"fontSize": 18},
    }


async def test_customize_with_a_colour_scheme_draws_with_that_palette(project: Path) -> None:
    fake = FakePrinter()

    result = facts(
        await call(
            fake, project, "markmap_customize", {"markdown_content": NOTES, "color_scheme": ["#112233", "#445566"]}
        )
    )

    (job,) = drawn(fake)
    assert job.options["color"] == result["colors_used"] == ["#112233", "#445566"]
    assert result["customization_summary"]["custom_colors"] is True


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
async def test_invalid_requests_are_validation_errors_and_nothing_is_drawn(
    project: Path, tool: str, arguments: dict[str, Any], error_type: str, code: str
) -> None:
    fake = FakePrinter()

    document = failure(await call(fake, project, tool, arguments))

    assert (document["errorType"], document["code"]) == (error_type, code)
    assert fake.markmap_jobs == []


async def test_a_misspelt_argument_or_option_is_named_with_the_known_ones(project: Path) -> None:
    fake = FakePrinter()

    top = failure(await call(fake, project, "markmap_generate", {"markdown_content": NOTES, "fromat": "png"}))
    nested = failure(
        await call(fake, project, "markmap_generate", {"markdown_content": NOTES, "options": {"colourFreezeLevel": 2}})
    )

    assert (
        top["details"] == {"field": "fromat"} and "unknown parameter; known: markdown_content, format" in top["message"]
    )
    assert nested["details"] == {"field": "options.colourFreezeLevel"}
    assert "unknown parameter; known: colorFreezeLevel, duration" in nested["message"]


@pytest.mark.parametrize(
    ("tool", "error_type"),
    [
        ("markmap_generate", "RenderError"),
        ("markmap_customize", "RenderError"),
        ("markmap_get_structure", "ParseError"),
    ],
)
async def test_a_failure_in_the_printer_is_a_render_error_or_for_the_structure_a_parse_error(
    project: Path, tool: str, error_type: str
) -> None:
    fake = FakePrinter()
    fake.fail_with = RenderFailed("markmap could not transform the document", {"stage": "transform"})

    document = failure(await call(fake, project, tool, {"markdown_content": NOTES}))

    assert (document["errorType"], document["code"]) == (error_type, "RENDER_FAILED")
    assert document["message"] == "markmap could not transform the document"


@pytest.mark.parametrize("tool", ["markmap_generate", "markmap_customize", "markmap_get_structure"])
async def test_the_node_limit_names_the_limit_and_nothing_is_drawn(project: Path, tool: str) -> None:
    fake = FakePrinter()

    nodes = failure(await call(fake, project, tool, {"markdown_content": "- n\n" * 10_001}))

    assert (nodes["errorType"], nodes["code"]) == ("ValidationError", "INPUT_TOO_LARGE")
    assert (nodes["details"]["limit"], nodes["details"]["max_nodes"]) == ("nodes", 10_000)
    assert fake.markmap_jobs == []


@pytest.mark.engine
@pytest.mark.parametrize("tool", ["markmap_generate", "markmap_get_structure"])
async def test_the_depth_limit_markmap_finds_names_the_limit(printer: Printer, project: Path, tool: str) -> None:
    depth = "".join(f"{'  ' * level}- level {level}\n" for level in range(21))

    deep = failure(await call(printer, project, tool, {"markdown_content": depth}))

    assert (deep["errorType"], deep["code"]) == ("ValidationError", "INPUT_TOO_LARGE")
    assert (deep["details"]["limit"], deep["details"]["max_depth"]) == ("depth", 20)


def outline_items(count: int) -> str:
    """A flat outline of ``count`` items under one heading: markmap makes ``count + 1`` nodes."""
    return "# Outline\n" + "".join(f"- item {i} with [a link](https://example.com/{i})\n" for i in range(count))


@pytest.mark.engine
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


async def test_render_file_path_safety(project: Path, tmp_path: Path) -> None:
    fake = FakePrinter()
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
        document = failure(await call(fake, project, "markmap_render_file", arguments))
        assert document["errorType"] == "FileSystemError", arguments
        assert document["details"]["field"] in ("file_path", "output_path"), arguments
    assert sorted(os.listdir(tmp_path)) == ["outside.md", "project"]
    assert os.listdir(project / "diagrams") == ["taken.svg"]
    assert fake.markmap_jobs == []
