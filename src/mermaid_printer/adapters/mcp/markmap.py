"""The ``markmap`` tool group: Markdown outlines printed as markmap mind maps.

``markmap_generate``, ``markmap_from_outline``, ``markmap_render_file``, ``markmap_get_structure``
and ``markmap_customize``. Their structured results keep the seed shapes (``svg_content``,
``node_count``, ``depth``, ``features_used``, …) beside the envelope every tool has (``ok``,
``request_id``, ``warnings``, ``errors``). A PNG comes back as an image block, a PDF or an
interactive HTML page as an embedded resource, an SVG in ``svg_content``.

Failures are ``isError`` results whose text begins ``Error: `` and whose structured content
carries ``errorType`` (``ValidationError``, ``FileSystemError``, ``ParseError``, ``RenderError``)
next to the project's ``code``, ``message`` and ``details`` (see :func:`error_type`).
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from mermaid_printer.adapters.envelope import Envelope, error_envelope, guarded, success_envelope
from mermaid_printer.adapters.error_codes import MarkmapErrorType, markmap_error_type
from mermaid_printer.adapters.mcp.tools import Attachment, Reply, ToolSpec
from mermaid_printer.errors import InvalidInput, PrinterError
from mermaid_printer.jobs import MarkmapRenderResult, MarkmapStructure
from mermaid_printer.markmap.files import format_of_output, output_target, read_markdown_file, save_output
from mermaid_printer.markmap.outline import outline_to_markdown
from mermaid_printer.markmap.requests import (
    MarkmapCustomizeRequest,
    MarkmapFileRequest,
    MarkmapOutlineRequest,
    MarkmapRenderRequest,
    MarkmapStructureRequest,
)
from mermaid_printer.markmap.style import MARKMAP_DEFAULT_PALETTE
from mermaid_printer.project.sources import FileSources
from mermaid_printer.requests import validate_request
from mermaid_printer.service import PrinterService

__all__ = ["MARKMAP_TOOL_NAMES", "error_type", "markmap_tools"]

MARKMAP_TOOL_NAMES = (
    "markmap_generate",
    "markmap_from_outline",
    "markmap_render_file",
    "markmap_get_structure",
    "markmap_customize",
)

_FILE_FIELDS = frozenset({"file_path", "output_path"})
# A document that takes too long to read or draw is over a limit the seed names (parse 5 s,
# render 10 s): markmap.build.over_time_limit marks such a timeout.
_TIME_LIMITS = frozenset({"render_time", "parse_time"})


def error_type(error: PrinterError, *, transforming: bool = False) -> MarkmapErrorType:
    """The seed's error type of ``error``.

    ``FileSystemError``: a file could not be found, read or written, or a path was refused;
    ``ValidationError``: the input or an option is wrong or over a limit (its time limits
    included); ``ParseError``:
    markmap's transform of the Markdown failed (``transforming``: the tool only transforms);
    ``RenderError``: drawing failed (timeout, resources, engine, converter).
    """
    if error.details.get("field") in _FILE_FIELDS:
        return "FileSystemError"
    by_code = markmap_error_type(error.code)
    if by_code is not None:
        return by_code
    if error.details.get("limit") in _TIME_LIMITS:
        return "ValidationError"
    return "ParseError" if transforming else "RenderError"


# --- structured results ----------------------------------------------------------------------

_SVG = Annotated[str, Field(description="The mind map as SVG (format svg only).")]
_NODES = Annotated[int, Field(description="Nodes of markmap's tree, the root included.")]
_DEPTH = Annotated[int, Field(description="Levels of the tree; the root is level 1.")]
_FEATURES = Annotated[
    list[str],
    Field(description="Kinds of Markdown the map uses: heading, list, code_block, inline_code, math, table, link, …"),
]
_ERROR_TYPE = Annotated[
    MarkmapErrorType, Field(description="On failure: ValidationError, FileSystemError, ParseError or RenderError.")
]


class _Common(Envelope):
    errorType: NotRequired[_ERROR_TYPE]  # noqa: N815 (the seed names it so)
    code: NotRequired[Annotated[str, Field(description="On failure: the error code (errors[0].code).")]]
    message: NotRequired[Annotated[str, Field(description="On failure: what went wrong.")]]
    details: NotRequired[Annotated[dict[str, Any], Field(description="On failure: facts about the error.")]]


class _Drawn(_Common):
    svg_content: NotRequired[_SVG]
    format: NotRequired[Annotated[str, Field(description="svg, png, pdf or html.")]]
    mime_type: NotRequired[str]
    size_bytes: NotRequired[int]
    width: NotRequired[Annotated[float, Field(description="The map's width in CSS pixels (not for html).")]]
    height: NotRequired[Annotated[float, Field(description="The map's height in CSS pixels (not for html).")]]
    node_count: NotRequired[_NODES]
    cached: NotRequired[bool]


class MarkmapEnvelope(_Drawn):
    """A mind map drawn from Markdown."""

    depth: NotRequired[_DEPTH]
    features_used: NotRequired[_FEATURES]


class OutlineEnvelope(_Drawn):
    """A mind map drawn from an outline, and the Markdown made from it."""

    depth: NotRequired[_DEPTH]
    markdown_generated: NotRequired[Annotated[str, Field(description="The Markdown the outline became.")]]


class FileEnvelope(_Drawn):
    """A mind map drawn from a project's Markdown file."""

    file_path: NotRequired[Annotated[str, Field(description="The file read, relative to the project root.")]]
    saved_path: NotRequired[Annotated[str, Field(description="Where it was saved, relative to the project root.")]]
    file_size_kb: NotRequired[Annotated[float, Field(description="The Markdown file's size in KiB.")]]


class CustomizationSummary(TypedDict):
    """What the customization changed."""

    theme: str
    custom_colors: Annotated[bool, Field(description="True when color_scheme replaced the theme's palette.")]
    custom_options: Annotated[dict[str, Any], Field(description="The options given, by name.")]


class CustomizeEnvelope(_Drawn):
    """A mind map drawn with a theme and options."""

    theme_applied: NotRequired[str]
    colors_used: NotRequired[Annotated[list[str], Field(description="The branch colours, in order of use.")]]
    customization_summary: NotRequired[CustomizationSummary]


class Statistics(TypedDict):
    """Counts over the tree."""

    headings_by_level: Annotated[dict[str, int], Field(description="Markdown headings per level, '1'..'6'.")]
    total_characters: Annotated[int, Field(description="Characters of text in all the labels.")]
    average_node_length: Annotated[float, Field(description="total_characters / node_count.")]


class StructureEnvelope(_Common):
    """markmap's tree of a document, without drawing it."""

    hierarchy: NotRequired[
        Annotated[
            dict[str, Any],
            Field(
                description="The root: {content (text), depth (1), children: [...]} (children only when it has some)."
            ),
        ]
    ]
    node_count: NotRequired[_NODES]
    max_depth: NotRequired[_DEPTH]
    features_detected: NotRequired[_FEATURES]
    plugins: NotRequired[
        Annotated[list[str], Field(description="Features markmap's transform reported (katex, hljs).")]
    ]
    options: NotRequired[
        Annotated[dict[str, Any], Field(description="markmap options in force (front matter, defaults).")]
    ]
    statistics: NotRequired[Statistics]


# --- the tools ---------------------------------------------------------------------------------

_OPTIONS_TEXT = (
    "options (markmap's names): colorFreezeLevel (6), duration (500), maxWidth (0 = unlimited), zoom, pan "
    "(true), initialExpandLevel (-1 = all), spacingHorizontal (80), spacingVertical (5), paddingX (8). "
    "format: svg (default), png, pdf, or html (one offline interactive page)."
)
_GENERATE = f"""Draw Markdown as a mind map with markmap 0.18 (headings and lists become branches), locally,
without a browser; the same input always gives the same file. {_OPTIONS_TEXT} Returns svg_content,
node_count, depth and features_used."""
_OUTLINE = f"""Draw an outline [{{text, level 1-6}}, ...] as a mind map. Each item becomes a heading of its level;
its text is literal (# or - stay text). An item more than one level below the one before it is attached to
that one, with a warning. {_OPTIONS_TEXT} Returns svg_content, the Markdown generated, node_count, depth."""
_FILE = f"""Draw a Markdown file of the project (.md or .markdown, under the project root, at most 5 MB) as a
mind map; with save_output, also save it into the output directory (DIAGRAM_OUT_DIR), at output_path
(its suffix .svg/.png/.pdf/.html names the format). {_OPTIONS_TEXT}"""
_STRUCTURE = """The tree markmap makes of Markdown, without drawing it: hierarchy {content, depth, children},
node_count, max_depth, features_detected and statistics (headings by level, characters). Fast: use it to
check an outline before drawing it."""
_CUSTOMIZE = """Draw a mind map with a theme: default (markmap's look), dark (dark background baked into the
file), colorful, or minimal (one grey). color_scheme: hex colours for the branches, replacing the theme's.
options: colorFreezeLevel, duration, maxWidth, fontSize (16), spacing (both gaps), paddingX, paddingY.
format as markmap_generate. Returns svg_content, theme_applied, colors_used and a summary."""


def markmap_tools(sources: FileSources) -> list[ToolSpec]:
    """The ``markmap`` group; ``markmap_render_file`` reads and saves through ``sources``' configuration."""

    def generate(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        request = validate_request(MarkmapRenderRequest, arguments)
        result = printer.render_markmap(request)
        return _drawn_reply(request_id, result, depth=result.max_depth, features_used=result.features)

    def from_outline(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        request = validate_request(MarkmapOutlineRequest, arguments)
        made = outline_to_markdown(request.outline_items)
        drawing = request.model_dump(exclude={"outline_items"}, exclude_unset=True)
        result = printer.render_markmap(
            validate_request(MarkmapRenderRequest, {**drawing, "markdown_content": made.markdown})
        )
        return _drawn_reply(request_id, result, made.warnings, depth=result.max_depth, markdown_generated=made.markdown)

    def render_file(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        config = sources.config
        output_path = arguments.get("output_path")
        if isinstance(output_path, str) and "format" not in arguments:
            arguments = {**arguments, "format": format_of_output(output_path)}
        request = validate_request(MarkmapFileRequest, arguments)
        target = None
        if request.save_output or request.output_path is not None:
            if request.output_path is not None and format_of_output(request.output_path) != request.format:
                raise _mismatch(request.output_path, request.format)
            default_name = (
                f"{request.file_path.replace(chr(92), '/').rsplit('/', 1)[-1].rsplit('.', 1)[0]}.{request.format}"
            )
            target = output_target(config, request.output_path or default_name)
        markdown_file = read_markdown_file(config, request.file_path)
        drawing = request.model_dump(exclude={"file_path", "save_output", "output_path"}, exclude_unset=True)
        result = printer.render_markmap(
            validate_request(MarkmapRenderRequest, {**drawing, "markdown_content": markdown_file.text})
        )
        facts: dict[str, Any] = {
            "file_path": markdown_file.path,
            "file_size_kb": round(markdown_file.size_bytes / 1024, 2),
        }
        if target is not None:
            facts["saved_path"] = save_output(target, result.data, config)
        return _drawn_reply(request_id, result, **facts)

    def structure(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        request = validate_request(MarkmapStructureRequest, arguments)
        tree = printer.markmap_structure(request)
        envelope = success_envelope(
            request_id,
            [],
            hierarchy=_hierarchy(tree.tree or {}, 1, request.include_content),
            node_count=tree.node_count,
            max_depth=tree.max_depth,
            features_detected=tree.features,
            plugins=tree.plugins,
            options=tree.options,
            statistics={
                "headings_by_level": tree.headings_by_level,
                "total_characters": tree.total_characters,
                "average_node_length": tree.average_node_length,
            },
            **_cached(tree),
        )
        return Reply(envelope, is_error=False)

    def customize(printer: PrinterService, arguments: dict[str, Any], request_id: str) -> Reply:
        request = validate_request(MarkmapCustomizeRequest, arguments)
        result = printer.render_markmap(request)
        summary = {
            "theme": request.theme,
            "custom_colors": request.color_scheme is not None,
            "custom_options": request.options.model_dump(by_alias=True, exclude_none=True),
        }
        return _drawn_reply(
            request_id,
            result,
            theme_applied=request.theme,
            colors_used=list(request.palette() or MARKMAP_DEFAULT_PALETTE),
            customization_summary=summary,
        )

    def tool(
        name: str,
        title: str,
        description: str,
        request: type[Any],
        output: type,
        work: Callable[[PrinterService, dict[str, Any], str], Reply],
        *,
        writes: str | None = None,
    ) -> ToolSpec:
        transforming = name == "markmap_get_structure"

        def handle(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
            return guarded(
                lambda request_id: work(printer, arguments, request_id),
                lambda error, request_id: _failure(error, request_id, transforming=transforming),
            )

        return ToolSpec(name, title, description, request, output, handle, read_only=writes is None, writes=writes)

    return [
        tool("markmap_generate", "Markdown to mind map", _GENERATE, MarkmapRenderRequest, MarkmapEnvelope, generate),
        tool(
            "markmap_from_outline",
            "Outline to mind map",
            _OUTLINE,
            MarkmapOutlineRequest,
            OutlineEnvelope,
            from_outline,
        ),
        tool(
            "markmap_render_file",
            "Markdown file to mind map",
            _FILE,
            MarkmapFileRequest,
            FileEnvelope,
            render_file,
            writes="with save_output or output_path only: the mind map into the project's DIAGRAM_OUT_DIR",
        ),
        tool(
            "markmap_get_structure",
            "Mind map structure",
            _STRUCTURE,
            MarkmapStructureRequest,
            StructureEnvelope,
            structure,
        ),
        tool("markmap_customize", "Themed mind map", _CUSTOMIZE, MarkmapCustomizeRequest, CustomizeEnvelope, customize),
    ]


def _drawn_reply(
    request_id: str, result: MarkmapRenderResult, warnings: list[str] | None = None, **facts: Any
) -> Reply:
    payload: dict[str, Any] = {}
    if result.format == "svg":
        payload["svg_content"] = result.data.decode("utf-8")
    payload.update(format=result.format, mime_type=result.mime_type, size_bytes=len(result.data))
    if result.format != "html":
        payload.update(width=result.width, height=result.height)
    payload["node_count"] = result.node_count
    payload.update(facts)
    payload.update(_cached(result))
    envelope = success_envelope(request_id, [*(warnings or []), *result.warnings], **payload)
    attachment = None
    if result.format != "svg":
        digest = hashlib.sha256(result.data).hexdigest()[:16]
        name = f"markmap-{digest}.{result.format}"
        delivery: Literal["image", "resource"] = "image" if result.format == "png" else "resource"
        attachment = Attachment(
            result.mime_type.split(";")[0],
            delivery,
            f"mermaid-printer://markmap/{name}",
            name,
            len(result.data),
            result.data,
        )
    return Reply(envelope, is_error=False, attachment=attachment)


def _cached(result: MarkmapRenderResult | MarkmapStructure) -> dict[str, Any]:
    return {"cached": True} if result.cached else {}


def _failure(error: PrinterError, request_id: str, *, transforming: bool) -> Reply:
    envelope = error_envelope(error, request_id)
    envelope.update(
        errorType=error_type(error, transforming=transforming),
        code=error.code,
        message=error.message,
        details=error.details,
    )
    return Reply(envelope, is_error=True, text=f"Error: {error.message}")


def _mismatch(output_path: str, output_format: str) -> PrinterError:
    return InvalidInput(
        f"output_path {output_path} names format {format_of_output(output_path)}, but format is {output_format}",
        {"field": "output_path", "reason": "format_mismatch"},
    )


_BREAK = re.compile(r"<br\s*/?>|</(?:p|div|li|tr|td|th|pre)>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")


def _plain_text(label: str) -> str:
    """A label's text: markmap's HTML without its tags (a line or block break is a space),
    entities decoded, spaces collapsed."""
    return " ".join(html.unescape(_TAG.sub("", _BREAK.sub(" ", label))).split())


def _hierarchy(node: dict[str, Any], depth: int, include_content: bool) -> dict[str, Any]:
    shaped: dict[str, Any] = {}
    if include_content:
        shaped["content"] = _plain_text(str(node.get("content", "")))
    shaped["depth"] = depth
    children = node.get("children") or []
    if children:
        shaped["children"] = [_hierarchy(child, depth + 1, include_content) for child in children]
    return shaped
