"""Mind-map requests into jobs: markmap's options, the printer's defaults, the theme's look.

:class:`~mermaid_printer.service.Printer` runs what these build. The options a request gives
override the front matter's, which override :data:`~mermaid_printer.markmap.requests.OPTION_DEFAULTS`
(the entry merges them, since only markmap's transform reads the front matter).

Before a job runs, :func:`check_node_floor` counts the nodes the Markdown surely makes (its
headings and bullet items outside code fences and front matter): a document over the node limit by that count is
refused at once instead of after a transform that costs seconds. The
exact count is markmap's, in the render process.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from typing import Any

from mermaid_printer.errors import InputTooLarge, RenderTimeout
from mermaid_printer.jobs import MARKMAP_MAX_NODES, MarkmapRenderJob, MarkmapStructureJob
from mermaid_printer.markmap.requests import (
    MAX_RENDER_TIMEOUT_MS,
    MAX_STRUCTURE_TIMEOUT_MS,
    OPTION_DEFAULTS,
    MarkmapCustomizeRequest,
    MarkmapRenderRequest,
    MarkmapStructureRequest,
)
from mermaid_printer.markmap.style import DEFAULT_FONT_SIZE, MARKMAP_THEMES

__all__ = ["check_node_floor", "customize_job", "over_time_limit", "render_job", "structure_job"]

# Lines markmap makes a node of wherever they stand: an ATX heading or a bullet item (a bullet
# may interrupt a paragraph; an ordered item not starting at 1 may not, so those are not
# counted). Code fences, front matter and thematic breaks (``- - -``) are skipped.
_NODE_LINE = re.compile(r"[ \t]*(?:#{1,6}(?:[ \t]|$)|[-+*][ \t]+\S)")
_BREAK_LINE = re.compile(r"[ \t]*([-*_])(?:[ \t]*\1){2,}[ \t]*$")
_FENCE = re.compile(r"[ \t]*(```|~~~)")


def check_node_floor(markdown: str) -> None:
    """Refuse Markdown whose headings and bullet items alone exceed the node limit.

    Raises:
        InputTooLarge: ``details`` as markmap's own check gives them (``limit: "nodes"``).
    """
    if markdown.count("\n") < MARKMAP_MAX_NODES:
        return
    lines = markdown.splitlines()
    start = 0
    if lines and lines[0].strip() == "---":  # front matter
        closing = next((index for index, line in enumerate(lines[1:], 1) if line.strip() in ("---", "...")), None)
        start = closing + 1 if closing is not None else 0
    nodes, fence = 0, None
    for line in lines[start:]:
        opened = _FENCE.match(line)
        if opened:
            fence = None if fence == opened.group(1) else fence or opened.group(1)
            continue
        if fence is None and _NODE_LINE.match(line) and not _BREAK_LINE.match(line):
            nodes += 1
    if nodes > MARKMAP_MAX_NODES:
        raise InputTooLarge(
            f"the mind map has at least {nodes} nodes; at most {MARKMAP_MAX_NODES} are allowed",
            {"limit": "nodes", "max_nodes": MARKMAP_MAX_NODES, "nodes": nodes},
        )


def render_job(request: MarkmapRenderRequest) -> MarkmapRenderJob:
    """The job that draws ``request`` with markmap's own look."""
    check_node_floor(request.markdown_content)
    return _drawing_job(request, request.markdown_content, request.options.json_options())


def customize_job(request: MarkmapCustomizeRequest) -> MarkmapRenderJob:
    """The job that draws ``request`` with its theme, palette, font size and padding."""
    check_node_floor(request.markdown_content)
    theme = MARKMAP_THEMES[request.theme]
    options = request.options.json_options()
    palette = request.palette()
    if palette:
        options["color"] = list(palette)
    background = request.background if request.background is not None else theme.background
    return _drawing_job(
        request,
        request.markdown_content,
        options,
        background=background,
        font_size=request.options.font_size or DEFAULT_FONT_SIZE,
        css_variables=dict(theme.variables),
        label_padding_y=request.options.padding_y or 0.0,
    )


def structure_job(request: MarkmapStructureRequest) -> MarkmapStructureJob:
    """The job that transforms ``request``'s Markdown into markmap's tree (no drawing)."""
    check_node_floor(request.markdown_content)
    return MarkmapStructureJob(
        markdown=request.markdown_content,
        options={},
        timeout_ms=request.timeout_ms,
        include_tree=True,
        defaults=dict(OPTION_DEFAULTS),
    )


def _drawing_job(
    request: MarkmapRenderRequest | MarkmapCustomizeRequest,
    markdown: str,
    options: dict[str, Any],
    *,
    background: str | None = None,
    **look: Any,
) -> MarkmapRenderJob:
    fields: dict[str, Any] = {
        "markdown": markdown,
        "options": options,
        "defaults": dict(OPTION_DEFAULTS),
        "format": request.format,
        "background": background if background is not None else request.resolved_background(),
        "embed_fonts": request.embed_fonts,
        "timeout_ms": request.timeout_ms,
        **look,
    }
    if request.format == "pdf":
        fields.update(
            paper=request.paper, orientation=request.orientation, margin_mm=request.margin_mm, fit=request.fit
        )
    if request.format == "png":
        fields.update(scale=request.scale, width=request.width)
    job = MarkmapRenderJob(**fields)
    return dataclasses.replace(job, svg_id=_svg_id(job))


def _svg_id(job: MarkmapRenderJob) -> str:
    """A stable id for the ``<svg>``, unique per map and look (several maps can share a page)."""
    shaping = {name: value for name, value in dataclasses.asdict(job).items() if name not in ("timeout_ms", "svg_id")}
    digest = hashlib.sha256(json.dumps(shaping, sort_keys=True, default=str).encode("utf-8")).hexdigest()
    return f"markmap-{digest[:12]}"


def over_time_limit(error: RenderTimeout, *, drawing: bool, timeout_ms: int) -> RenderTimeout:
    """``error`` (a mind map's job ran out of time) as the limit it hit, named, with what to do.

    A wait for a free renderer (``waiting_for``) is the server's state, not the document's, and
    is returned as it is. Otherwise the time limit (``timeout_ms``, at most 10 s to draw and 5 s
    to read) is what the document went over: ``details["limit"]`` is ``render_time`` or
    ``parse_time``, and the message says how a map that large can still be used.
    """
    if "waiting_for" in error.details:
        return error
    ceiling_ms = MAX_RENDER_TIMEOUT_MS if drawing else MAX_STRUCTURE_TIMEOUT_MS
    raise_to = "the most allowed" if timeout_ms >= ceiling_ms else f"it may be raised to {ceiling_ms}"
    limit = f"{timeout_ms / 1000:g} s (timeout_ms {timeout_ms}, {raise_to})"
    if drawing:
        message = (
            f"drawing the mind map took longer than its time limit of {limit}: a map this large can still "
            "be read as a structure (markmap_get_structure; markmap_structure in Python), drawn with fewer "
            "levels expanded (initialExpandLevel; --initial-expand-level), or split into several documents"
        )
    else:
        message = f"reading the Markdown took longer than its time limit of {limit}: split it into several documents"
    details = {
        "limit": "render_time" if drawing else "parse_time",
        "timeout_ms": timeout_ms,
        "max_timeout_ms": ceiling_ms,
    }
    return RenderTimeout(message, details)
