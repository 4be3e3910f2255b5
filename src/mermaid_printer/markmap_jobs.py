"""Mind-map requests into jobs: markmap's options, the printer's defaults, the theme's look.

:class:`~mermaid_printer.service.Printer` runs what these build. The options a request gives
override the front matter's, which override :data:`~mermaid_printer.markmap_options.OPTION_DEFAULTS`
(the entry merges them, since only markmap's transform reads the front matter).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from mermaid_printer.jobs import MarkmapRenderJob, MarkmapStructureJob
from mermaid_printer.markmap_options import (
    OPTION_DEFAULTS,
    MarkmapCustomizeRequest,
    MarkmapRenderRequest,
    MarkmapStructureRequest,
)
from mermaid_printer.markmap_style import DEFAULT_FONT_SIZE, MARKMAP_THEMES

__all__ = ["customize_job", "render_job", "structure_job"]


def render_job(request: MarkmapRenderRequest) -> MarkmapRenderJob:
    """The job that draws ``request`` with markmap's own look."""
    return _drawing_job(request, request.markdown_content, request.options.json_options())


def customize_job(request: MarkmapCustomizeRequest) -> MarkmapRenderJob:
    """The job that draws ``request`` with its theme, palette, font size and padding."""
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
    return MarkmapRenderJob(svg_id=_svg_id(fields), **fields)


def _svg_id(fields: dict[str, Any]) -> str:
    """A stable id for the ``<svg>``, unique per map and look (several maps can share a page)."""
    shaping = {name: value for name, value in fields.items() if name != "timeout_ms"}
    digest = hashlib.sha256(json.dumps(shaping, sort_keys=True, default=str).encode("utf-8")).hexdigest()
    return f"markmap-{digest[:12]}"
