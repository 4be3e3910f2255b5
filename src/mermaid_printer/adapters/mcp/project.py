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
from typing import Annotated, Any, Literal, NotRequired, cast

from mcp.server.mcpserver.prompts.base import Message, Prompt, PromptArgument, UserMessage
from mcp.server.mcpserver.resources.types import TextResource
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS
from pydantic import Field, StringConstraints, ValidationInfo, field_validator

from mermaid_printer.adapters.envelope import EDITOR_URL_FIELD, Envelope, guarded, success_envelope
from mermaid_printer.adapters.mcp.tools import Attachment, Reply, ToolSpec, failure_reply
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
from mermaid_printer.requests import RequestModel, validate_request
from mermaid_printer.service import PrinterService

__all__ = ["PROMPT_NAME", "project_prompts", "project_resources", "project_tools"]

PROMPT_NAME = "generate_mermaid_canonical"

_REVISION = Annotated[str | None, Field(description="The commit read (github, git), or null for a local project.")]


class ListFilesEnvelope(Envelope):
    """The files found."""

    root: NotRequired[str]
    files: NotRequired[Annotated[list[str], Field(description="Sorted, relative to the project or repository root.")]]
    directories: NotRequired[Annotated[list[str], Field(description="With recursive false: the subdirectories.")]]
    complete: NotRequired[Annotated[bool, Field(description="False when the listing was cut (see warnings).")]]
    revision: NotRequired[_REVISION]


class ReadFileEnvelope(Envelope):
    """A file's text."""

    path: NotRequired[str]
    text: NotRequired[str]
    size_bytes: NotRequired[Annotated[int, Field(description="The whole file's size.")]]
    truncated: NotRequired[Annotated[bool, Field(description="True when text stops at max_chars.")]]
    revision: NotRequired[_REVISION]


class RenderMermaidEnvelope(Envelope):
    """A diagram rendered and saved into the project."""

    path: NotRequired[Annotated[str, Field(description="Where it was saved, relative to the project root.")]]
    diagram_type: NotRequired[str]
    mime_type: NotRequired[str]
    size_bytes: NotRequired[int]
    editor_url: NotRequired[EDITOR_URL_FIELD]


class RenderMarkdownEnvelope(Envelope):
    """A Markdown file rendered: where it went and each block's outcome."""

    output_path: NotRequired[str]
    image_dir: NotRequired[str]
    rendered: NotRequired[int]
    failed: NotRequired[int]
    blocks: NotRequired[
        Annotated[
            list[dict[str, Any]],
            Field(
                description="Per block: index, first_line, image and link, or error_code, error_message, error_summary (one line: where, what is wrong, the hint), error_hint and error_fixed_code (the block with a checked fix, when one was found), document_line."
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


_GITHUB = 'with source "github" only: reads the repository from GitHub'


def project_tools(sources: FileSources) -> list[ToolSpec]:
    """The ``project`` group, reading and writing through ``sources``."""

    def handler(work: Callable[[PrinterService, dict[str, Any], str], Reply]) -> Any:
        def handle(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
            return guarded(lambda request_id: work(printer, arguments, request_id), failure_reply)

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
            network=_GITHUB,
        ),
        ToolSpec(
            "read_file",
            "Read a project file",
            _READ_DESCRIPTION,
            ReadFileRequest,
            ReadFileEnvelope,
            handler(reading),
            open_world=True,
            network=_GITHUB,
        ),
        ToolSpec(
            "render_mermaid",
            "Render Mermaid into the project",
            _RENDER_DESCRIPTION,
            RenderMermaidRequest,
            RenderMermaidEnvelope,
            handler(rendering),
            read_only=False,
            writes="always: the image into the project's diagram directory (DIAGRAM_OUT_DIR)",
        ),
        ToolSpec(
            "render_markdown",
            "Render a Markdown file's diagrams",
            _MARKDOWN_DESCRIPTION,
            RenderMarkdownRequest,
            RenderMarkdownEnvelope,
            handler(markdown),
            read_only=False,
            writes="always: a new Markdown document and its images, inside the project (never over the input)",
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


class CanonicalPromptArguments(RequestModel):
    """The arguments of the prompt ``generate_mermaid_canonical`` (each a string, as MCP sends them)."""

    subject: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)] = Field(
        description="What to diagram: a feature, a flow or a module of the codebase (e.g. 'the login flow')."
    )
    diagram_type: Annotated[str, StringConstraints(strip_whitespace=True, pattern=r"^[A-Za-z][A-Za-z0-9-]{0,39}$")] = (
        Field(
            default="flowchart",
            description="The Mermaid diagram keyword to start with (flowchart, sequenceDiagram, ...).",
        )
    )
    source: Literal["local", "github", "git"] = Field(
        default="local",
        description="Where the material is: local (the server's project), github (repo_url) or git (a local repository).",
    )
    repo_url: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)] | None = Field(
        default=None,
        validate_default=True,
        description="With source github: owner/name or its https URL; with git: the repository's path.",
    )
    style: str = Field(
        default="blue-flowchart", description=f"The style resource to embed unchanged: {', '.join(STYLES)}."
    )

    @field_validator("style")
    @classmethod
    def _known_style(cls, value: str) -> str:
        if value not in STYLES:
            raise ValueError(f"unknown style; choose one of: {', '.join(STYLES)}")
        return value

    @field_validator("repo_url")
    @classmethod
    def _github_needs_a_repository(cls, value: str | None, info: ValidationInfo) -> str | None:
        if value is None and info.data.get("source") == "github":
            raise ValueError("required with source github (owner/name or its https URL)")
        return value


def _canonical_prompt(arguments: CanonicalPromptArguments) -> str:
    diagram_type, repo_url, style = arguments.diagram_type, arguments.repo_url, STYLES[arguments.style]
    where = {
        "local": 'the project on the server (source "local")',
        "git": f'the local git repository{f" {repo_url}" if repo_url else ""} (source "git")',
        "github": f'the GitHub repository {repo_url} (source "github", repo_url "{repo_url}")',
    }[arguments.source]
    return "\n".join(
        [
            f"Draw a Mermaid {diagram_type} of: {arguments.subject}. The material is in {where}.",
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
            (
                f"4. Read the resource {style_uri(style.name)} and paste its lines unchanged right after the "
                f"diagram's first line; give nodes its classes ({', '.join(style.classes)}) with :::name."
            ),
            (
                "5. Call render_mermaid with the code and a title naming the subject. On SYNTAX_ERROR fix the "
                "line and column it names and call again; never retry unchanged code."
            ),
            "6. Answer with the saved path and one sentence per part of the diagram.",
        ]
    )


class ModelPrompt(Prompt):
    """A prompt whose arguments are a request model: listed from its fields, validated by it.

    A missing, unknown or invalid argument is the protocol's invalid-params error naming the
    argument (``Invalid input: subject: Field required``), never an internal error.
    """

    arguments_model: type[RequestModel] = Field(exclude=True)

    @classmethod
    def from_model(
        cls,
        render: Callable[[Any], str],
        arguments_model: type[RequestModel],
        *,
        name: str,
        title: str,
        description: str,
    ) -> ModelPrompt:
        """The prompt ``name`` rendering ``render(arguments)`` as one user message."""
        return cls(
            name=name,
            title=title,
            description=description,
            arguments=[
                PromptArgument(name=field, description=info.description, required=info.is_required())
                for field, info in arguments_model.model_fields.items()
            ],
            fn=render,
            arguments_model=arguments_model,
            context_kwarg=None,
        )

    async def render(self, arguments: dict[str, Any] | None, context: Any = None) -> list[Message]:
        """One user message; raises ``MCPError(INVALID_PARAMS)`` naming a bad argument."""
        try:
            request = validate_request(self.arguments_model, arguments or {})
        except PrinterError as error:
            raise MCPError(INVALID_PARAMS, error.message, error.to_dict()) from error
        return [UserMessage(cast(str, self.fn(request)))]


def project_prompts() -> list[Prompt]:
    """The canonical prompt for drawing a diagram of a codebase."""
    return [
        ModelPrompt.from_model(
            _canonical_prompt,
            CanonicalPromptArguments,
            name=PROMPT_NAME,
            title="Diagram a codebase with Mermaid",
            description="Walks through list_files -> read_file -> render_mermaid, with style rules and a "
            "style resource to embed unchanged. Arguments: subject (what to diagram), diagram_type, "
            "source (local, github, git), repo_url, style.",
        )
    ]
