"""The PDF and PNG tools through the SDK's in-memory client: a fake printer for the protocol
shapes and every error path, the real engine for what the bytes are."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from adapter_fakes import FAKE_PDF, FAKE_PNG, FakePrinter
from export.export_checks import pixel
from mcp import Client
from mcp.types import (
    CallToolResult,
    EmbeddedResource,
    ImageContent,
    ResourceLink,
    TextContent,
    ToolAnnotations,
)
from mcp_answers import embedded_bytes
from PIL import Image

from mermaid_printer import Printer
from mermaid_printer.adapters.delivery import OUTPUT_DIR_ENV
from mermaid_printer.adapters.mcp.server import build_server
from mermaid_printer.errors import ERROR_CODES, error_from_dict
from mermaid_printer.limits import MAX_INPUT_BYTES
from mermaid_printer.mermaid.editor_link import editor_link
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions
from mermaid_printer.requests import PAPER_SIZES

pytestmark = pytest.mark.anyio

TOOLS = ("mermaid_to_pdf", "mermaid_to_png")
FLOWCHART = "flowchart TD\n  A[Start here] --> B[Pay now]"


async def call(printer: Any, tool: str, arguments: dict[str, Any], output_dir: Path | None = None) -> CallToolResult:
    async with Client(build_server(printer, output_dir=output_dir)) as client:
        return await client.call_tool(tool, arguments)


def envelope_of(result: CallToolResult) -> dict[str, Any]:
    assert result.structured_content is not None
    text = result.content[-1]
    assert isinstance(text, TextContent)
    assert json.loads(text.text) == result.structured_content  # the same envelope, as text
    return {key: value for key, value in result.structured_content.items() if key != "request_id"}


# --- listing ------------------------------------------------------------------------------------


async def test_the_pdf_and_png_tools_are_listed_with_titles_annotations_and_schemas(fake_printer: FakePrinter) -> None:
    async with Client(build_server(fake_printer)) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}

    for name, title in (("mermaid_to_pdf", "Mermaid to PDF"), ("mermaid_to_png", "Mermaid to PNG")):
        tool = tools[name]
        assert tool.title == title
        # delivery "file" writes a file, so the tools do not claim to be read-only.
        assert tool.annotations == ToolAnnotations(
            title=title, read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
        )
        assert tool.input_schema["required"] == ["code"]
        assert tool.input_schema["properties"]["background"]["default"] == "white"
        assert tool.output_schema is not None
        assert tool.output_schema["required"] == ["ok", "request_id", "warnings", "errors"]
        assert tool.output_schema["$defs"]["ErrorEntry"]["properties"]["code"]["enum"] == list(ERROR_CODES)
        assert tool.description is not None
        assert "SYNTAX_ERROR" in tool.description and "mermaid_to_svg" in tool.description

    pdf, png = tools["mermaid_to_pdf"], tools["mermaid_to_png"]
    assert sorted(pdf.input_schema["properties"]) == [
        "background", "code", "config_json", "delivery", "fit", "margin_mm", "orientation", "paper", "theme", "timeout_ms",
    ]  # fmt: skip
    assert pdf.input_schema["properties"]["paper"]["enum"] == list(PAPER_SIZES)
    assert pdf.input_schema["properties"]["delivery"]["enum"] == ["resource", "file"]
    assert {"page_width_pt", "page_height_pt", "paper", "orientation", "sha256", "path"} <= set(
        (pdf.output_schema or {})["properties"]
    )
    assert sorted(png.input_schema["properties"]) == [
        "background", "code", "config_json", "delivery", "scale", "theme", "timeout_ms", "width",
    ]  # fmt: skip
    assert png.input_schema["properties"]["delivery"]["enum"] == ["image", "resource", "file"]
    assert {"width_px", "height_px", "scale", "size_bytes"} <= set((png.output_schema or {})["properties"])
    assert pdf.description is not None and png.description is not None
    assert "mermaid_to_png" in pdf.description and "mermaid_to_pdf" in png.description


# --- success shapes -------------------------------------------------------------------------------


async def test_a_png_comes_back_as_an_image_block_and_the_envelope_holds_no_bytes(fake_printer: FakePrinter) -> None:
    fake_printer.warnings = ["a note"]

    result = await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART})

    assert result.is_error is False
    image, _text = result.content
    assert isinstance(image, ImageContent)
    assert (image.mime_type, base64.b64decode(image.data)) == ("image/png", FAKE_PNG)
    envelope = envelope_of(result)
    digest = envelope["sha256"]
    assert envelope == {
        "ok": True,
        "warnings": ["a note"],
        "errors": [],
        "diagram_type": "flowchart-v2",
        "width_px": 400,
        "height_px": 200,
        "scale": 2.0,
        "cached": False,
        "mime_type": "image/png",
        "size_bytes": len(FAKE_PNG),
        "sha256": digest,
        "delivery": "image",
        "uri": f"mermaid-printer://render/{digest[:16]}.png",
        "editor_url": editor_link(FLOWCHART, {}),
    }
    assert image.data not in json.dumps(result.structured_content)


async def test_a_png_can_come_back_as_an_embedded_resource_for_clients_without_images(
    fake_printer: FakePrinter,
) -> None:
    result = await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART, "delivery": "resource"})

    resource, _text = result.content
    assert isinstance(resource, EmbeddedResource)
    assert resource.resource.mime_type == "image/png"
    assert embedded_bytes(resource) == FAKE_PNG
    assert str(resource.resource.uri) == envelope_of(result)["uri"]


async def test_a_pdf_comes_back_as_an_embedded_pdf_resource_never_an_image(fake_printer: FakePrinter) -> None:
    result = await call(fake_printer, "mermaid_to_pdf", {"code": FLOWCHART, "paper": "a4"})

    assert result.is_error is False
    resource, _text = result.content
    assert isinstance(resource, EmbeddedResource)
    assert resource.resource.mime_type == "application/pdf"
    assert embedded_bytes(resource) == FAKE_PDF
    envelope = envelope_of(result)
    assert envelope["paper"] == "A4"
    assert (envelope["page_width_pt"], envelope["page_height_pt"], envelope["orientation"]) == (
        841.89,
        595.276,
        "landscape",
    )
    assert (envelope["mime_type"], envelope["delivery"], envelope["size_bytes"]) == (
        "application/pdf",
        "resource",
        len(FAKE_PDF),
    )


@pytest.mark.parametrize(
    ("tool", "data", "suffix"), [("mermaid_to_pdf", FAKE_PDF, "pdf"), ("mermaid_to_png", FAKE_PNG, "png")]
)
async def test_file_delivery_writes_the_file_once_and_returns_a_link_instead_of_bytes(
    fake_printer: FakePrinter, tmp_path: Path, tool: str, data: bytes, suffix: str
) -> None:
    output_dir = tmp_path / "out"

    first = await call(fake_printer, tool, {"code": FLOWCHART, "delivery": "file"}, output_dir)
    again = await call(fake_printer, tool, {"code": FLOWCHART, "delivery": "file"}, output_dir)

    link, _text = first.content
    assert isinstance(link, ResourceLink)
    envelope = envelope_of(first)
    path = Path(envelope["path"])
    assert path.parent == output_dir and path.suffix == f".{suffix}"
    assert path.read_bytes() == data
    assert (str(link.uri), link.size, envelope["uri"]) == (path.as_uri(), len(data), path.as_uri())
    assert envelope_of(again)["path"] == str(path)
    assert sorted(p.name for p in output_dir.iterdir()) == [path.name]
    assert output_dir.stat().st_mode & 0o077 == 0  # a directory we create is private


async def test_file_delivery_uses_the_output_directory_from_the_environment(
    fake_printer: FakePrinter, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(OUTPUT_DIR_ENV, str(tmp_path))

    result = await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART, "delivery": "file"})

    assert Path(envelope_of(result)["path"]).parent == tmp_path


async def test_file_delivery_into_something_that_is_not_a_directory_fails_as_render_failed(
    fake_printer: FakePrinter, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")

    result = await call(fake_printer, "mermaid_to_pdf", {"code": FLOWCHART, "delivery": "file"}, blocker)

    assert result.is_error is True
    (error,) = envelope_of(result)["errors"]
    assert error["code"] == "RENDER_FAILED"
    assert error["details"]["reason"] in ("output_dir_unwritable", "output_dir_untrusted")
    assert len(result.content) == 1  # the envelope only: no payload on failure


async def test_the_options_reach_the_printer_validated_with_white_as_the_default_background(
    fake_printer: FakePrinter,
) -> None:
    await call(
        fake_printer,
        "mermaid_to_pdf",
        {
            "code": FLOWCHART,
            "paper": "letter",
            "orientation": "portrait",
            "margin_mm": 5,
            "fit": "fill",
            "theme": "dark",
        },
    )
    await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART, "width": 640, "background": "transparent"})
    await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART, "scale": 1.5, "config_json": {"theme": "forest"}})

    pdf, png_width, png_scale = fake_printer.rendered
    assert isinstance(pdf, PdfOptions) and isinstance(png_width, PngOptions) and isinstance(png_scale, PngOptions)
    assert (pdf.paper, pdf.orientation, pdf.margin_mm, pdf.fit, pdf.theme, pdf.background) == (
        "Letter", "portrait", 5.0, "fill", "dark", "white",
    )  # fmt: skip
    assert (png_width.width, png_width.scale, png_width.background) == (640, None, "transparent")
    assert (png_scale.scale, png_scale.background, png_scale.config) == (1.5, "white", {"theme": "forest"})


# --- error paths ----------------------------------------------------------------------------------

INVALID = [
    ("mermaid_to_pdf", {}, "code"),
    ("mermaid_to_pdf", {"code": "  "}, "code"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "theme": "sparkly"}, "theme"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "background": "url(http://x)"}, "background"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "timeout_ms": 10}, "timeout_ms"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "paper": "B9"}, "paper"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "orientation": "landscape"}, "orientation"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "paper": "A4", "orientation": "sideways"}, "orientation"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "fit": "fill"}, "fit"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "margin_mm": -1}, "margin_mm"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "paper": "A5", "margin_mm": 80}, "margin_mm"),
    ("mermaid_to_pdf", {"code": FLOWCHART, "delivery": "image"}, "delivery"),
    ("mermaid_to_png", {"code": 42}, "code"),
    ("mermaid_to_png", {"code": FLOWCHART, "scale": 0}, "scale"),
    ("mermaid_to_png", {"code": FLOWCHART, "scale": 11}, "scale"),
    ("mermaid_to_png", {"code": FLOWCHART, "scale": "big"}, "scale"),
    ("mermaid_to_png", {"code": FLOWCHART, "scale": True}, "scale"),
    ("mermaid_to_png", {"code": FLOWCHART, "width": 8}, "width"),
    ("mermaid_to_png", {"code": FLOWCHART, "width": 100.5}, "width"),
    ("mermaid_to_png", {"code": FLOWCHART, "scale": 2, "width": 100}, "width"),
    ("mermaid_to_png", {"code": FLOWCHART, "delivery": "fax"}, "delivery"),
]


@pytest.mark.parametrize(
    ("tool", "arguments", "field"), INVALID, ids=[f"{t}-{f}-{i}" for i, (t, _a, f) in enumerate(INVALID)]
)
async def test_invalid_arguments_come_back_as_invalid_input_naming_the_field(
    fake_printer: FakePrinter, tool: str, arguments: dict[str, Any], field: str
) -> None:
    result = await call(fake_printer, tool, arguments)

    assert result.is_error is True
    (error,) = envelope_of(result)["errors"]
    assert (error["code"], error["details"].get("field")) == ("INVALID_INPUT", field)
    assert fake_printer.rendered == []
    assert len(result.content) == 1


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("config_json", ["{not json", "[1]", 7])
async def test_a_config_that_is_not_a_json_object_comes_back_as_invalid_config(
    fake_printer: FakePrinter, tool: str, config_json: Any
) -> None:
    result = await call(fake_printer, tool, {"code": FLOWCHART, "config_json": config_json})

    assert result.is_error is True
    assert [error["code"] for error in envelope_of(result)["errors"]] == ["INVALID_CONFIG"]
    assert fake_printer.rendered == []


@pytest.mark.parametrize("tool", TOOLS)
async def test_code_over_one_megabyte_is_input_too_large(fake_printer: FakePrinter, tool: str) -> None:
    result = await call(fake_printer, tool, {"code": "graph TD\n" + "A" * MAX_INPUT_BYTES})

    assert [error["code"] for error in envelope_of(result)["errors"]] == ["INPUT_TOO_LARGE"]


@pytest.mark.parametrize("tool", TOOLS)
@pytest.mark.parametrize("code", ERROR_CODES)
async def test_each_printer_error_comes_back_as_an_is_error_envelope(
    fake_printer: FakePrinter, tool: str, code: str
) -> None:
    fake_printer.fail_with = error_from_dict({"code": code, "message": f"{code} happened", "details": {"n": 1}})

    result = await call(fake_printer, tool, {"code": FLOWCHART})

    assert result.is_error is True
    assert envelope_of(result) == {
        "ok": False,
        "warnings": [],
        "errors": [{"code": code, "message": f"{code} happened", "details": {"n": 1}}],
    }
    assert len(result.content) == 1


@pytest.mark.parametrize("tool", TOOLS)
async def test_an_unexpected_exception_is_render_failed_without_internals(fake_printer: FakePrinter, tool: str) -> None:
    fake_printer.fail_with = KeyError("secret internal state")

    result = await call(fake_printer, tool, {"code": FLOWCHART})

    assert [error["code"] for error in envelope_of(result)["errors"]] == ["RENDER_FAILED"]
    assert "secret" not in json.dumps(result.model_dump(mode="json"))


# --- the real engine ------------------------------------------------------------------------------


@pytest.mark.engine
async def test_a_real_png_is_an_image_of_the_size_the_envelope_names(printer: Printer) -> None:
    result = await call(printer, "mermaid_to_png", {"code": FLOWCHART, "width": 300, "background": "transparent"})

    image_block, _text = result.content
    assert isinstance(image_block, ImageContent)
    image = Image.open(io.BytesIO(base64.b64decode(image_block.data)))
    envelope = envelope_of(result)
    assert (image.format, image.size) == ("PNG", (envelope["width_px"], envelope["height_px"]))
    assert envelope["width_px"] == 300
    assert pixel(base64.b64decode(image_block.data), 0, 0)[3] == 0  # transparent when asked


@pytest.mark.engine
async def test_a_real_pdf_embeds_the_font_the_layout_was_measured_with(printer: Printer) -> None:
    result = await call(printer, "mermaid_to_pdf", {"code": FLOWCHART})

    resource, _text = result.content
    assert isinstance(resource, EmbeddedResource)
    pdf = embedded_bytes(resource)
    assert pdf.startswith(b"%PDF-")
    assert re.search(rb"/BaseFont /[A-Z]{6}\+RecursiveVariable-400", pdf)
    assert b"/ToUnicode" in pdf and b"/FontFile2" in pdf
    assert envelope_of(result)["diagram_type"] == "flowchart-v2"


@pytest.mark.engine
@pytest.mark.parametrize("tool", TOOLS)
async def test_a_security_key_in_the_config_is_refused_as_invalid_config(printer: Printer, tool: str) -> None:
    result = await call(printer, tool, {"code": FLOWCHART, "config_json": '{"securityLevel": "loose"}'})

    assert [error["code"] for error in envelope_of(result)["errors"]] == ["INVALID_CONFIG"]


@pytest.mark.engine
@pytest.mark.parametrize("tool", TOOLS)
async def test_a_real_syntax_error_names_the_line(printer: Printer, tool: str) -> None:
    result = await call(printer, tool, {"code": "flowchart TD\n  A --> B\n  B --> --> C\n"})

    (error,) = envelope_of(result)["errors"]
    assert (error["code"], error["details"]["line"]) == ("SYNTAX_ERROR", 3)


@pytest.mark.engine
async def test_a_real_png_over_the_pixel_budget_is_a_resource_limit_and_the_next_call_works(printer: Printer) -> None:
    long_chain = "flowchart TD\n" + "\n".join(f"  N{n} --> N{n + 1}" for n in range(40))

    big = await call(printer, "mermaid_to_png", {"code": long_chain, "scale": 10})
    after = await call(printer, "mermaid_to_png", {"code": FLOWCHART, "scale": 1})

    (error,) = envelope_of(big)["errors"]
    assert (error["code"], error["details"]["field"]) == ("RESOURCE_LIMIT", "scale")
    assert after.is_error is False


async def test_a_large_inline_file_comes_with_a_warning_suggesting_file_delivery(
    fake_printer: FakePrinter, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("mermaid_printer.adapters.mcp.render.LARGE_INLINE_BYTES", len(FAKE_PNG) - 1)

    result = await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART})

    (warning,) = envelope_of(result)["warnings"]
    assert 'delivery "file"' in warning and "smaller scale or width" in warning


async def test_an_argument_the_tool_does_not_publish_is_refused_beside_its_own_delivery(
    fake_printer: FakePrinter,
) -> None:
    result = await call(fake_printer, "mermaid_to_png", {"code": FLOWCHART, "delivery": "resource", "scael": 3})

    assert result.is_error is True
    assert result.structured_content is not None
    (error,) = result.structured_content["errors"]
    assert (error["code"], error["details"]) == ("INVALID_INPUT", {"field": "scael"})
    assert "known: code, theme" in error["message"] and "scale" in error["message"] and "delivery" in error["message"]
    assert fake_printer.rendered == []
