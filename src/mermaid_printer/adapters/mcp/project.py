"""The MCP tool group ``project``: list and read a project's files, render diagrams into it.

``list_files`` and ``read_file`` read a local project (``PROJECT_ROOT``), a GitHub repository or a
local git repository (:mod:`mermaid_printer.project.sources`); ``render_mermaid`` renders and saves into
``DIAGRAM_OUT_DIR`` (a PNG comes back as an image block, SVG and PDF as an embedded resource);
``render_markdown`` turns a Markdown file's Mermaid blocks into images and a new document.
With them: the prompt ``generate_mermaid_canonical`` (the list → read → render loop, with style
rules) and the style resources ``mermaid://styles/<name>`` (:mod:`mermaid_printer.mermaid.styles`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Annotated, Any, Literal, NotRequired

from mcp.server.mcpserver.prompts.base import Prompt
from mcp.server.mcpserver.resources.types import TextResource
from pydantic import Field
from typing_extensions import TypedDict

from mermaid_printer.adapters.envelope import EDITOR_URL_FIELD, ErrorEntry, error_envelope, guarded, success_envelope
from mermaid_printer.adapters.mcp.tools import Attachment, Reply, ToolSpec
from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.editor_link import drawing_link
from mermaid_printer.mermaid.styles import STYLES, style_uri
from mermaid_printer.project.service import (
    ListFilesRequest,
    ReadFileRequest,
    RenderMarkdownRequest,
    RenderMermaidRequest,
    list_files,
    read_file,
    render_markdown_file,
    render_mermaid,
)
from mermaid_printer.project.sources import FileSources
from mermaid_printer.requests import validate_request
from mermaid_printer.service import PrinterService

__all__ = ["PROMPT_NAME", "project_prompts", "project_resources", "project_tools"]

PROMPT_NAME = "generate_mermaid_canonical"

_OK = Annotated[bool, Field(description="True when the call succeeded.")]
_REQUEST_ID = Annotated[str, Field(description="A fresh UUID4 naming this call, for logs.")]
_WARNINGS = Annotated[list[str], Field(description="Things worth knowing (a ref fallen back, a cut listing, ...).")]
_ERRORS = Annotated[list[ErrorEntry], Field(description="Empty on success; one entry when ok is false.")]
_REVISION = Annotated[str | None, Field(description="The commit read (github, git), or null for a local project.")]


class ListFilesEnvelope(TypedDict):
    """The files found."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    root: NotRequired[str]
    files: NotRequired[Annotated[list[str], Field(description="Sorted, relative to the project or repository root.")]]
    directories: NotRequired[Annotated[list[str], Field(description="With recursive false: the subdirectories.")]]
    complete: NotRequired[Annotated[bool, Field(description="False when the listing was cut (see warnings).")]]
    revision: NotRequired[_REVISION]


class ReadFileEnvelope(TypedDict):
    """A file's text."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    path: NotRequired[str]
    text: NotRequired[str]
    size_bytes: NotRequired[Annotated[int, Field(description="The whole file's size.")]]
    truncated: NotRequired[Annotated[bool, Field(description="True when text stops at max_chars.")]]
    revision: NotRequired[_REVISION]


class RenderMermaidEnvelope(TypedDict):
    """A diagram rendered and saved into the project."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    path: NotRequired[Annotated[str, Field(description="Where it was saved, relative to the project root.")]]
    diagram_type: NotRequired[str]
    mime_type: NotRequired[str]
    size_bytes: NotRequired[int]
    editor_url: NotRequired[EDITOR_URL_FIELD]


class RenderMarkdownEnvelope(TypedDict):
    """A Markdown file rendered: where it went and each block's outcome."""

    ok: _OK
    request_id: _REQUEST_ID
    warnings: _WARNINGS
    errors: _ERRORS
    output_path: NotRequired[str]
    image_dir: NotRequired[str]
    rendered: NotRequired[int]
    failed: NotRequired[int]
    blocks: NotRequired[
        Annotated[
            list[dict[str, Any]],
            Field(
                description="Per block: index, first_line, image and link, or error_code, error_message, error_summary (one line: where, what was expected, what was found), document_line."
            ),
        ]
    ]


_LIST_DESCRIPTION = """\
List the files of a project or repository: source "local" (the server's project directory), "github"
(repo_url: owner/name or its https URL; ref: branch, tag or commit) or "git" (a local repository at
any ref). Paths are relative to the root, sorted, with forward slashes. glob: * ? [..] and ** (any
directories, also none). Use it first, then read_file the few files that matter.
"""
_READ_DESCRIPTION = """\
Read one text file of a project or repository (same sources as list_files). Binary files are refused;
long files come back cut at max_chars with truncated true. Read what you need to draw an accurate
diagram, then call render_mermaid.
"""
_RENDER_DESCRIPTION = """\
Render Mermaid code with Mermaid 12.3 (locally, no browser, no network) and save it into the project's
diagram directory (DIAGRAM_OUT_DIR), the file named from title. Returns the saved path, diagram type and
editor_url (opens the diagram in the Mermaid Live Editor; encoded locally, nothing fetched);
a PNG also comes back as an image, SVG and PDF as an embedded resource. A SYNTAX_ERROR names the line
and column: fix the code and call again.
"""
_MARKDOWN_DESCRIPTION = """\
Render every ```mermaid block of a Markdown file of the project into an image beside a new document
(default <name>.rendered.md; images <output name>-1.svg, -2, ... beside it), each block replaced by an
image link with its source kept in a <details> section. A block that fails stays as it was, after a note with its error and line; none is lost.
"""


def _envelope_failure(error: PrinterError, request_id: str) -> Reply:
    return Reply(error_envelope(error, request_id), is_error=True)


def project_tools(sources: FileSources) -> list[ToolSpec]:
    """The ``project`` group, reading and writing through ``sources``."""

    def handler(work: Callable[[PrinterService, dict[str, Any], str], Reply]) -> Any:
        def handle(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
            return guarded(lambda request_id: work(printer, arguments, request_id), _envelope_failure)

        return handle

    def listing(_printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        found = list_files(sources, validate_request(ListFilesRequest, arguments))
        facts = {key: value for key, value in dataclasses.asdict(found).items() if key != "warnings"}
        return Reply(success_envelope(request_id, list(found.warnings), **facts), is_error=False)

    def reading(_printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        content = read_file(sources, validate_request(ReadFileRequest, arguments))
        facts = {key: value for key, value in dataclasses.asdict(content).items() if key != "warnings"}
        return Reply(success_envelope(request_id, list(content.warnings), **facts), is_error=False)

    def rendering(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        request = validate_request(RenderMermaidRequest, arguments)
        saved = render_mermaid(printer, sources, request)
        envelope = success_envelope(
            request_id,
            saved.warnings,
            path=saved.relative_path,
            diagram_type=saved.diagram_type,
            mime_type=saved.media_type,
            size_bytes=len(saved.data),
            editor_url=drawing_link(request.code, request.theme, request.config),
        )
        kind: Literal["image", "resource"] = "image" if saved.media_type == "image/png" else "resource"
        attachment = Attachment(
            saved.media_type, kind, saved.path.as_uri(), saved.path.name, len(saved.data), saved.data
        )
        return Reply(envelope, is_error=False, attachment=attachment)

    def markdown(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        done = render_markdown_file(printer, sources, validate_request(RenderMarkdownRequest, arguments))
        blocks = [
            {key: value for key, value in dataclasses.asdict(block).items() if value is not None}
            for block in done.blocks
        ]
        warnings = [f"{done.failed} block(s) could not be rendered; each kept as it was"] if done.failed else []
        envelope = success_envelope(
            request_id,
            warnings,
            output_path=done.output_path,
            image_dir=done.image_dir,
            rendered=done.rendered,
            failed=done.failed,
            blocks=blocks,
        )
        return Reply(envelope, is_error=False)

    return [
        ToolSpec(
            "list_files",
            "List project files",
            _LIST_DESCRIPTION,
            ListFilesRequest,
            ListFilesEnvelope,
            handler(listing),
            open_world=True,
        ),
        ToolSpec(
            "read_file",
            "Read a project file",
            _READ_DESCRIPTION,
            ReadFileRequest,
            ReadFileEnvelope,
            handler(reading),
            open_world=True,
        ),
        ToolSpec(
            "render_mermaid",
            "Render Mermaid into the project",
            _RENDER_DESCRIPTION,
            RenderMermaidRequest,
            RenderMermaidEnvelope,
            handler(rendering),
            read_only=False,
        ),
        ToolSpec(
            "render_markdown",
            "Render a Markdown file's diagrams",
            _MARKDOWN_DESCRIPTION,
            RenderMarkdownRequest,
            RenderMarkdownEnvelope,
            handler(markdown),
            read_only=False,
        ),
    ]


def project_resources() -> list[TextResource]:
    """One resource per style: Mermaid lines to paste unchanged."""
    return [
        TextResource(
            uri=style_uri(style.name),
            name=style.name,
            description=style.description,
            mime_type="text/plain",
            text=style.text(),
        )
        for style in STYLES.values()
    ]


def _canonical_prompt(
    subject: str,
    diagram_type: str = "flowchart",
    source: str = "local",
    repo_url: str | None = None,
    style: str = "blue-flowchart",
) -> str:
    where = {
        "local": 'the project on the server (source "local")',
        "git": f'the local git repository{f" {repo_url}" if repo_url else ""} (source "git")',
        "github": f'the GitHub repository {repo_url or "<owner/name>"} (source "github", repo_url "{repo_url or ""}")',
    }.get(source, f"source {source!r}")
    chosen = STYLES.get(style)
    style_step = (
        f"4. Read the resource {style_uri(style)} and paste its lines unchanged right after the diagram's first "
        f"line; give nodes its classes ({', '.join(chosen.classes)}) with :::name."
        if chosen is not None
        else f"4. No style named {style!r} exists; available: {', '.join(STYLES)}."
    )
    return "\n".join(
        [
            f"Draw a Mermaid {diagram_type} of: {subject}. The material is in {where}.",
            "",
            '1. Call list_files (start with glob "**/*" at the root, then narrow it) to see what exists.',
            (
                "2. Call read_file on the few files that define the subject (entry points, configuration, "
                "the modules named in it). Do not guess what you have not read."
            ),
            (
                f"3. Write the diagram: start with `{diagram_type}`, keep it to what you read, at most ~25 nodes, "
                'short labels (≤ 5 words) in ["..."] when they hold punctuation, one idea per edge label, '
                "top-to-bottom (TD) for processes and left-to-right (LR) for pipelines, subgraphs for modules."
            ),
            style_step,
            (
                "5. Call render_mermaid with the code and a title naming the subject. On SYNTAX_ERROR fix the "
                "line and column it names and call again; never retry unchanged code."
            ),
            "6. Answer with the saved path and one sentence per part of the diagram.",
        ]
    )


def project_prompts() -> list[Prompt]:
    """The canonical prompt for drawing a diagram of a codebase."""
    return [
        Prompt.from_function(
            _canonical_prompt,
            name=PROMPT_NAME,
            title="Diagram a codebase with Mermaid",
            description="Walks through list_files -> read_file -> render_mermaid, with style rules and a "
            "style resource to embed unchanged. Arguments: subject (what to diagram), diagram_type, "
            "source (local, github, git), repo_url, style.",
        )
    ]
