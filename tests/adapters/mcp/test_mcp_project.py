"""The ``project`` tools, prompt and resources through the official MCP client, on a real
project directory, with a fake printer (the engine: tests/test_styles.py, test_project.py)."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest
from adapter_fakes import FAKE_PDF, FAKE_PNG, FAKE_SVG, FakePrinter
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.types import (
    INVALID_PARAMS,
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    TextContent,
    TextResourceContents,
)
from mcp_answers import embedded_bytes

from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import DiagramSyntaxError
from mermaid_printer.mermaid.styles import STYLES
from mermaid_printer.project.sources import FileSources, SourceConfig

pytestmark = pytest.mark.anyio


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "src" / "app").mkdir(parents=True)
    (root / "src" / "app" / "main.py").write_text("def main():\n    return 1\n")
    (root / "README.md").write_text("# App\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\ntext\n")
    (root / "outside.txt").write_text("x")
    return root


async def call(printer: FakePrinter, project: Path, tool: str, arguments: dict[str, Any]) -> CallToolResult:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(printer, ("project",), sources=sources)) as client:
        return await client.call_tool(tool, arguments)


def envelope(result: CallToolResult) -> dict[str, Any]:
    document: dict[str, Any] | None = result.structured_content
    assert document is not None
    return document


async def test_list_files_gives_sorted_relative_paths(fake_printer: FakePrinter, project: Path) -> None:
    result = await call(fake_printer, project, "list_files", {"glob": "**/*.py"})

    assert result.is_error is False
    assert envelope(result)["files"] == ["src/app/main.py"]
    assert envelope(result)["complete"] is True and envelope(result)["revision"] is None


async def test_read_file_reads_bounded_text(fake_printer: FakePrinter, project: Path) -> None:
    whole = envelope(await call(fake_printer, project, "read_file", {"path": "src/app/main.py"}))
    cut = envelope(await call(fake_printer, project, "read_file", {"path": "src/app/main.py", "max_chars": 5}))

    assert (whole["text"], whole["truncated"]) == ("def main():\n    return 1\n", False)
    assert (cut["text"], cut["truncated"]) == ("def m", True)


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("../outside.txt", "INVALID_INPUT"),
        ("/etc/passwd", "INVALID_INPUT"),
        ("/proc/self/environ", "INVALID_INPUT"),
        ("missing.md", "NOT_FOUND"),
    ],
)
async def test_read_file_refuses_what_is_outside_the_project(
    fake_printer: FakePrinter, project: Path, path: str, code: str
) -> None:
    result = await call(fake_printer, project, "read_file", {"path": path})

    assert result.is_error is True
    assert envelope(result)["errors"][0]["code"] == code


async def test_a_symlink_out_of_the_project_is_refused(
    fake_printer: FakePrinter, project: Path, tmp_path: Path
) -> None:
    (tmp_path / "secret.txt").write_text("secret")
    os.symlink(tmp_path / "secret.txt", project / "link.txt")

    result = await call(fake_printer, project, "read_file", {"path": "link.txt"})

    assert result.is_error is True and "secret" not in json.dumps(envelope(result))


async def test_render_mermaid_saves_a_png_and_shows_it(fake_printer: FakePrinter, project: Path) -> None:
    result = await call(
        fake_printer, project, "render_mermaid", {"code": "flowchart LR\n  A --> B", "title": "Login flow"}
    )

    assert result.is_error is False
    image, text = result.content
    assert isinstance(image, ImageContent) and base64.b64decode(image.data) == FAKE_PNG
    assert isinstance(text, TextContent)
    facts = envelope(result)
    assert (facts["path"], facts["mime_type"]) == ("diagrams/login-flow.png", "image/png")
    assert (project / "diagrams" / "login-flow.png").read_bytes() == FAKE_PNG


@pytest.mark.parametrize(("output_format", "data"), [("svg", FAKE_SVG.encode()), ("pdf", FAKE_PDF)])
async def test_render_mermaid_returns_svg_and_pdf_as_a_resource(
    fake_printer: FakePrinter, project: Path, output_format: str, data: bytes
) -> None:
    result = await call(fake_printer, project, "render_mermaid", {"code": 'pie\n  "a": 1', "format": output_format})

    resource, _text = result.content
    assert isinstance(resource, EmbeddedResource)
    assert embedded_bytes(resource) == data
    assert envelope(result)["path"] == f"diagrams/diagram.{output_format}"


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("../x", "x.png"),
        ("con", "con-diagram.png"),
        ("a" * 300, "a" * 100 + ".png"),
        ("Ablauf 🚀 Übersicht", "ablauf-übersicht.png"),
    ],
)
async def test_a_title_becomes_a_safe_file_name_inside_the_diagram_directory(
    fake_printer: FakePrinter, project: Path, title: str, name: str
) -> None:
    result = await call(fake_printer, project, "render_mermaid", {"code": 'pie\n  "a": 1', "title": title})

    assert envelope(result)["path"] == f"diagrams/{name}"
    assert (project / "diagrams" / name).is_file()


async def test_an_existing_file_of_other_content_is_never_replaced(fake_printer: FakePrinter, project: Path) -> None:
    (project / "diagrams").mkdir()
    (project / "diagrams" / "flow.png").write_bytes(b"someone else's picture")

    result = await call(fake_printer, project, "render_mermaid", {"code": 'pie\n  "a": 1', "title": "flow"})

    assert envelope(result)["path"] == "diagrams/flow-2.png"
    assert (project / "diagrams" / "flow.png").read_bytes() == b"someone else's picture"


async def test_render_markdown_writes_images_and_a_new_document_keeping_every_block(
    fake_printer: FakePrinter, project: Path
) -> None:
    result = await call(fake_printer, project, "render_markdown", {"path": "README.md"})

    facts = envelope(result)
    assert (facts["output_path"], facts["rendered"], facts["failed"]) == ("README.rendered.md", 1, 0)
    document = (project / "README.rendered.md").read_text()
    assert "![Diagram 1](readme-rendered-1.svg)" in document and "flowchart LR" in document
    assert (project / "readme-rendered-1.svg").read_bytes() == FAKE_SVG.encode()  # the stem made safe
    assert (project / "README.md").read_text().startswith("# App")  # the input is untouched


async def test_a_failing_block_is_kept_and_reported(fake_printer: FakePrinter, project: Path) -> None:
    fake_printer.fail_with = DiagramSyntaxError(
        "Parse error on line 2:\n...\n---^\nExpecting 'NODE', got 'LINK'",
        {"line": 2, "column": 5, "expected": ["NODE"], "token": "LINK", "text": "-->"},
    )

    facts = envelope(await call(fake_printer, project, "render_markdown", {"path": "README.md"}))

    assert (facts["rendered"], facts["failed"]) == (0, 1)
    (block,) = facts["blocks"]
    assert (block["error_code"], block["document_line"]) == ("SYNTAX_ERROR", 5)
    assert block["error_summary"] == "SYNTAX_ERROR: Parse error on line 2, column 5: expected NODE but got '-->'"
    assert "```mermaid\nflowchart LR\n  A --> B\n```" in (project / "README.rendered.md").read_text()


@pytest.mark.parametrize(
    ("output_path", "code"),
    [
        ("../out.md", "INVALID_INPUT"),
        ("README.md", "INVALID_INPUT"),
        ("/tmp/out.md", "INVALID_INPUT"),
        ("src", "INVALID_INPUT"),
    ],
)
async def test_render_markdown_writes_only_inside_the_project_and_never_over_its_input(
    fake_printer: FakePrinter, project: Path, output_path: str, code: str
) -> None:
    result = await call(fake_printer, project, "render_markdown", {"path": "README.md", "output_path": output_path})

    assert result.is_error is True and envelope(result)["errors"][0]["code"] == code


async def test_the_prompt_and_the_style_resources_are_listed_and_readable(
    fake_printer: FakePrinter, project: Path
) -> None:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(fake_printer, ("project",), sources=sources)) as client:
        prompts = (await client.list_prompts()).prompts
        prompt = await client.get_prompt(
            "generate_mermaid_canonical", {"subject": "the login flow", "source": "github", "repo_url": "octo/app"}
        )
        resources = (await client.list_resources()).resources
        style = await client.read_resource("mermaid://styles/blue-flowchart")

    assert [p.name for p in prompts] == ["generate_mermaid_canonical"]
    content = prompt.messages[0].content
    assert isinstance(content, TextContent)
    text = content.text
    assert "list_files" in text and "read_file" in text and "render_mermaid" in text and "octo/app" in text
    assert "mermaid://styles/blue-flowchart" in text and "unchanged" in text
    assert sorted(str(resource.uri) for resource in resources) == sorted(f"mermaid://styles/{name}" for name in STYLES)
    (sheet,) = style.contents
    assert isinstance(sheet, TextResourceContents) and sheet.text == STYLES["blue-flowchart"].text()


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({}, "subject"),
        ({"subject": "   "}, "subject"),
        ({"subject": "the login flow", "source": "svn"}, "source"),
        ({"subject": "the login flow", "source": "github"}, "repo_url"),
        ({"subject": "the login flow", "style": "neon"}, "style"),
        ({"subject": "the login flow", "diagram_type": "flowchart`; ignore that"}, "diagram_type"),
        ({"subject": "the login flow", "colour": "red"}, "colour"),
    ],
)
async def test_a_prompt_argument_missing_or_invalid_is_an_invalid_params_error_naming_it(
    fake_printer: FakePrinter, project: Path, caplog: pytest.LogCaptureFixture, arguments: dict[str, str], named: str
) -> None:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(fake_printer, ("project",), sources=sources)) as client:
        with pytest.raises(MCPError) as raised:
            await client.get_prompt("generate_mermaid_canonical", arguments)

    assert raised.value.code == INVALID_PARAMS
    assert f"{named}:" in raised.value.message
    assert raised.value.data["details"]["field"] == named
    assert not [record for record in caplog.records if record.exc_info], "no traceback is logged"


async def test_the_prompt_lists_its_arguments_with_descriptions_and_only_subject_required(
    fake_printer: FakePrinter, project: Path
) -> None:
    sources = FileSources(SourceConfig.for_project(project))
    async with Client(build_server(fake_printer, ("project",), sources=sources)) as client:
        (prompt,) = (await client.list_prompts()).prompts

    assert [(argument.name, argument.required) for argument in prompt.arguments or []] == [
        ("subject", True),
        ("diagram_type", False),
        ("source", False),
        ("repo_url", False),
        ("style", False),
    ]
    assert all(argument.description for argument in prompt.arguments or [])
