"""Diagrams from real projects: list and read a project's files, render Mermaid into its files.

The loop an agent documenting a codebase runs: list files, read a few, write Mermaid, save the
picture next to the docs. This module is that loop's service, for every adapter (MCP tools, CLI):
its request models define every parameter once, and its functions use the file sources
(:mod:`mermaid_printer.project.sources`) and a printer (:class:`~mermaid_printer.service.PrinterService`).

Where files go: ``render_mermaid`` saves into ``DIAGRAM_OUT_DIR`` (inside ``PROJECT_ROOT``), the
file name made safe from the title (:func:`~mermaid_printer.project.output_names.output_name`: an existing
file holding other bytes is never replaced; ``-2``, ``-3``, … are taken instead).
``render_markdown_file`` reads a Markdown file of the project and writes the rendered document
(default: beside it, ``<name>.rendered.md``) with its images beside it, ``<output stem>-1.svg``,
``-2``, … as mermaid-cli names them; both must lie inside the project, and the input is never
overwritten.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, StrictBool

from mermaid_printer.errors import InvalidInput, NotFound, RenderFailed
from mermaid_printer.files import write_atomically
from mermaid_printer.limits import DEFAULT_TIMEOUT_MS, MAX_PNG_SCALE, MIN_PNG_SCALE
from mermaid_printer.mermaid.markdown import BlockOutcome, render_markdown
from mermaid_printer.mermaid.requests import Code, MermaidConfig, PdfOptions, PngOptions, RenderOptions, Theme
from mermaid_printer.project.output_names import output_name
from mermaid_printer.requests import CssColour, RequestModel, TimeoutMs, validate_request
from mermaid_printer.service import PrinterService

if TYPE_CHECKING:  # the sources load an HTTP client: not for a CLI that only reads the models
    from mermaid_printer.project.sources import FileContent, FileListing, FileSources

__all__ = [
    "ImageFormat",
    "ListFilesRequest",
    "MarkdownFileRendering",
    "ReadFileRequest",
    "RenderMarkdownRequest",
    "RenderMermaidRequest",
    "SavedDiagram",
    "list_files",
    "read_file",
    "render_markdown_file",
    "render_mermaid",
]

SourceName = Literal["local", "github", "git"]
ImageFormat = Literal["png", "svg", "pdf"]
_MEDIA_TYPES = {"png": "image/png", "svg": "image/svg+xml", "pdf": "application/pdf"}

_SOURCE: Any = Field(
    default="local",
    description="Where the files are: 'local' (the project directory, PROJECT_ROOT), 'github' (a "
    "repository, through the GitHub API) or 'git' (a local git repository inside the project, at any ref).",
)
_REPO_URL: Any = Field(
    default=None,
    description="github: the repository, https://github.com/owner/name or owner/name. git: the "
    "repository's directory inside the project (default: the project itself).",
)
_REF: Any = Field(
    default=None,
    description="github/git: a branch, tag or commit (default: the default branch / HEAD). A GitHub "
    "ref that does not exist falls back to the default branch, with a warning.",
)


class ListFilesRequest(RequestModel):
    """``list_files``: the files of a project or repository."""

    source: SourceName = _SOURCE
    root: str = Field(default=".", description="The directory to list, relative to the project or repository root.")
    glob: str = Field(
        default="**/*",
        description="Which files: * and ? within a name, [...] a character class, ** any number of "
        "directories (also none: **/*.py finds top-level files too).",
    )
    recursive: StrictBool = Field(default=True, description="List subdirectories too.")
    repo_url: str | None = _REPO_URL
    ref: str | None = _REF


class ReadFileRequest(RequestModel):
    """``read_file``: one text file of a project or repository."""

    source: SourceName = _SOURCE
    path: str = Field(description="The file, relative to the project or repository root (forward slashes).")
    max_chars: Annotated[int | None, Field(ge=1)] = Field(
        default=None,
        description="Read at most this many characters (default and ceiling: MAX_FILE_CHARS); a longer "
        "file comes back truncated, and says so.",
    )
    repo_url: str | None = _REPO_URL
    ref: str | None = _REF


class RenderMermaidRequest(RequestModel):
    """``render_mermaid``: render a diagram and save it into the project's diagram directory."""

    code: Code
    title: str = Field(
        default="diagram",
        min_length=1,
        max_length=300,
        description="What the diagram shows; the file name is made from it (letters of any script "
        "kept, the rest to '-'; an existing file of other content is never replaced: -2, -3, ...).",
    )
    format: ImageFormat = Field(default="png", description="png (default), svg or pdf.")
    theme: Theme | None = Field(default=None, description="Mermaid theme (omit for Mermaid's default).")
    background: CssColour | None = Field(
        default=None, description="A CSS colour or 'transparent' (default: white for png and pdf, none for svg)."
    )
    scale: Annotated[float | None, Field(ge=MIN_PNG_SCALE, le=MAX_PNG_SCALE)] = Field(
        default=None, description="png: image pixels per diagram pixel (default 2)."
    )
    config: MermaidConfig = Field(
        default_factory=dict, alias="config_json", description="Mermaid configuration as a JSON object (optional)."
    )
    timeout_ms: TimeoutMs = DEFAULT_TIMEOUT_MS


class RenderMarkdownRequest(RequestModel):
    """``render_markdown``: Markdown in, Markdown out, every Mermaid block drawn into an image."""

    path: str = Field(description="The Markdown file, relative to the project root.")
    output_path: str | None = Field(
        default=None,
        description="The rendered document, relative to the project root (default: <name>.rendered.md "
        "beside the input). Its images go beside it: <output stem>-1.svg, -2, ...",
    )
    format: Literal["svg", "png"] = Field(default="svg", description="The images' format: svg (default) or png.")
    theme: Theme | None = Field(default=None, description="Mermaid theme for every diagram (omit for the default).")


@dataclass(frozen=True)
class SavedDiagram:
    """A diagram rendered and saved into the project."""

    path: Path  # absolute
    relative_path: str  # to the project root, forward slashes
    diagram_type: str
    media_type: str
    data: bytes
    warnings: list[str]


@dataclass(frozen=True)
class MarkdownFileRendering:
    """A Markdown file rendered into the project: where it went and how each block fared."""

    output_path: str  # relative to the project root
    image_dir: str  # where the images went (the output's directory), relative to the root
    blocks: tuple[BlockOutcome, ...]
    rendered: int
    failed: int


def list_files(sources: FileSources, request: ListFilesRequest) -> FileListing:
    """The files ``request`` names (see :meth:`~mermaid_printer.project.sources.FileSource.list_files`)."""
    source = sources.open(request.source, repo_url=request.repo_url, ref=request.ref)
    return source.list_files(request.root, request.glob, request.recursive)


def read_file(sources: FileSources, request: ReadFileRequest) -> FileContent:
    """The file ``request`` names, bounded (see :meth:`~mermaid_printer.project.sources.FileSource.read_file`)."""
    source = sources.open(request.source, repo_url=request.repo_url, ref=request.ref)
    return source.read_file(request.path, request.max_chars)


def render_mermaid(printer: PrinterService, sources: FileSources, request: RenderMermaidRequest) -> SavedDiagram:
    """Render ``request.code`` and save it into ``DIAGRAM_OUT_DIR``, named from the title.

    Raises:
        PrinterError: as the printer raises it; ``RenderFailed`` when the file cannot be written.
    """
    data, diagram_type, warnings = _render(printer, request)
    config = sources.config
    directory = config.diagram_out_dir
    try:
        directory.mkdir(parents=True, exist_ok=True)
        name = output_name(request.title, request.format, directory, content=data)
        path = directory / name
        write_atomically(path, data)
    except OSError as exc:
        raise RenderFailed(
            f"cannot write into {directory}: {exc.strerror or exc}", {"reason": "output_dir_unwritable"}
        ) from exc
    relative = path.relative_to(config.project_root).as_posix()
    return SavedDiagram(path, relative, diagram_type, _MEDIA_TYPES[request.format], data, warnings)


def _render(printer: PrinterService, request: RenderMermaidRequest) -> tuple[bytes, str, list[str]]:
    common = {
        "code": request.code,
        "theme": request.theme,
        "background": request.background,
        "config": request.config,
        "timeout_ms": request.timeout_ms,
    }
    if request.format == "png":
        png = printer.render_png(validate_request(PngOptions, {**common, "scale": request.scale}))
        return png.png, png.diagram_type, png.warnings
    if request.scale is not None:
        raise InvalidInput("Invalid input: scale: applies to png only", {"field": "scale"})
    if request.format == "pdf":
        pdf = printer.render_pdf(validate_request(PdfOptions, common))
        return pdf.pdf, pdf.diagram_type, pdf.warnings
    svg = printer.render_svg(validate_request(RenderOptions, common))
    return svg.svg.encode("utf-8"), svg.diagram_type, svg.warnings


def render_markdown_file(
    printer: PrinterService, sources: FileSources, request: RenderMarkdownRequest
) -> MarkdownFileRendering:
    """Render every Mermaid block of a project's Markdown file into images and a new document.

    A block that fails stays as it was, after a note naming the error and its line; no block is
    lost. The input is read through the local source (so the project's path rules apply) and
    never overwritten.

    Raises:
        InvalidInput: a path outside the project, or an output onto the input.
        NotFound: the input does not exist.
        RenderFailed: the output could not be written.
    """
    root = sources.config.project_root
    content = sources.open("local").read_file(request.path)
    if content.truncated:
        raise InvalidInput(
            f"{request.path} is longer than MAX_FILE_CHARS; it would be cut, so it is not rendered", {"field": "path"}
        )
    source_path = (root / content.path).resolve()
    output = _inside(root, request.output_path or f"{content.path.rsplit('.', 1)[0]}.rendered.md", "output_path")
    if output == source_path:
        raise InvalidInput("the output would overwrite the input: name another output_path", {"field": "output_path"})
    image_dir = output.parent
    suffix = f".{request.format}"

    def render_one(code: str) -> bytes:
        values = {"code": code, "theme": request.theme}
        if request.format == "png":
            return printer.render_png(validate_request(PngOptions, values)).png
        return printer.render_svg(validate_request(RenderOptions, values)).svg.encode("utf-8")

    rendering = render_markdown(content.text, render_one, image_dir, "", image_stem=output.stem, image_suffix=suffix)
    try:
        write_atomically(output, rendering.markdown.encode("utf-8"))
    except OSError as exc:
        raise RenderFailed(f"cannot write {output}: {exc.strerror or exc}", {"reason": "output_unwritable"}) from exc
    failed = sum(1 for block in rendering.blocks if block.error_code is not None)
    return MarkdownFileRendering(
        output.relative_to(root).as_posix(),
        image_dir.relative_to(root).as_posix() or ".",
        rendering.blocks,
        rendered=len(rendering.blocks) - failed,
        failed=failed,
    )


def _inside(root: Path, relative: str, field: str) -> Path:
    """``relative`` resolved under ``root``, refused when it would leave it (``..``, absolute, a link)."""
    if not relative or os.path.isabs(relative) or "\\" in relative:
        raise InvalidInput(f"{field} must be a path relative to the project root", {"field": field})
    candidate = (root / relative).resolve()
    if not candidate.is_relative_to(root):
        raise InvalidInput(f"{field} leaves the project root", {"field": field})
    if candidate.is_dir():
        raise InvalidInput(f"{field} names a directory, not a file", {"field": field})
    if not candidate.parent.is_dir():
        raise NotFound(f"the directory of {relative} does not exist", {"field": field})
    return candidate
