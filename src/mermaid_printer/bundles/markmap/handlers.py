"""The markmap bundle's work in the render processes: warm-up, priming, and the job handlers.

``warm_up(engine)`` runs once in the zygote: it transforms and draws a small mind map that
holds every kind of label (headings, lists, links, inline code, a code block, a table, a task
checkbox), so the lazily initialised code of markmap and the layout is ready, remembers its
stylesheet as known (``postprocess/css.py``: a request of the default look is not scrubbed
again) and compiles it for the PDF/PNG converter. ``prime(engine)`` runs in every child before
its request: one fixed transform that copies the memory pages every request writes, off the
request's clock. ``record_pages(engine)`` draws the warm-up document as a request, in the pool's
page learner (``pool/_pages.py``), so spares copy ahead the pages a mind map's render writes.
The handlers run in the single-use child::

    structure: engine.call("transform") → MarkmapStructure
    render:    engine.call("render") → finish_svg (sanitize, canonicalize, embed fonts) → SVG
                                     → export.svg_to_pdf / svg_to_png (PDF, PNG)
               engine.call("transform") → html.interactive_page (HTML)

Limits: Markdown over :data:`MAX_MARKDOWN_BYTES` is refused here, before the engine sees it;
the engine refuses trees of more than :data:`MAX_NODES` nodes or :data:`MAX_DEPTH` levels
(all three ``INPUT_TOO_LARGE``, their ``details`` naming the limit).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from mermaid_printer.engine import Engine, EngineLimits
from mermaid_printer.errors import EngineUnavailable, InputTooLarge, InvalidInput, RenderFailed, error_from_dict
from mermaid_printer.fonts import FontSubset
from mermaid_printer.jobs import (
    MARKMAP_FORMATS,
    MARKMAP_MAX_DEPTH,
    MARKMAP_MAX_MARKDOWN_BYTES,
    MARKMAP_MAX_NODES,
    MarkmapRenderJob,
    MarkmapRenderResult,
    MarkmapStructure,
    MarkmapStructureJob,
)
from mermaid_printer.markmap.style import font_shorthand, stylesheet
from mermaid_printer.postprocess.finish import finish_export_svg, finish_svg, missing_characters_warning
from mermaid_printer.postprocess.sanitize import remember_safe_stylesheets

__all__ = [
    "MAX_DEPTH",
    "MAX_MARKDOWN_BYTES",
    "MAX_NODES",
    "WARMUP_MARKDOWN",
    "prime",
    "record_pages",
    "render",
    "structure",
    "warm_up",
]

#: The limits (defined with the job types): Markdown bytes, nodes, levels.
MAX_MARKDOWN_BYTES = MARKMAP_MAX_MARKDOWN_BYTES
MAX_NODES = MARKMAP_MAX_NODES
MAX_DEPTH = MARKMAP_MAX_DEPTH
_LIMITS = {"nodes": MAX_NODES, "depth": MAX_DEPTH}

#: Drawn once in the zygote: one label of every kind markmap's layout handles.
WARMUP_MARKDOWN = """---
markmap:
  colorFreezeLevel: 2
---
# Warm-up

## Text
- **bold**, *italic*, ~~struck~~ and a [link](https://example.com)
- `inline code` and a line<br>break
- [x] done
- [ ] to do

## Blocks
- A code block

  ```js
  const answer = 42;
  ```

- A table

  | left | right |
  | --- | ---: |
  | 1 | 2 |
"""

#: The ``<svg>`` id of SVGs drawn to PDF/PNG: one stylesheet for all, compiled once.
EXPORT_SVG_ID = "markmap-export"

#: Why PDF/PNG cannot be made in this process (no system cairo), or None when they can.
_export_unavailable: EngineUnavailable | None = None
#: Whether the converter was loaded (warm_up() does it unless told not to; otherwise the first
#: PDF/PNG does).
_export_prepared = False
logger = logging.getLogger(__name__)


def warm_up(engine: Engine, export: bool = True, kinds: frozenset[str] | None = None) -> None:
    """Transform and draw a mind map of every label kind; compile its stylesheet for export
    unless ``export`` is false (the converter is then loaded by a child's first PDF/PNG).
    ``kinds`` names Mermaid diagram types: a mind map has one kind, always warmed."""
    result = engine.call("transform", {"markdown": WARMUP_MARKDOWN})
    if not result.get("ok"):
        raise RenderFailed(f"warm-up transform of a mind map failed: {result.get('error')}")
    # drawn as a request of the default look is (render(): the same font and no stylesheet of
    # the printer's), so its <style> is the one such requests have under their own id
    payload = {"markdown": WARMUP_MARKDOWN, "svgId": EXPORT_SVG_ID, "font": font_shorthand(), "css": stylesheet({})}
    result = engine.call("render", payload)
    if not result.get("ok"):
        raise RenderFailed(f"warm-up render of a mind map failed: {result.get('error')}")
    remember_safe_stylesheets(result["svg"])
    svg, _ = finish_svg(result["svg"], "transparent", embed_fonts=False)
    if export:
        _prepare_export([svg])


def prime(engine: Engine) -> None:
    """Warm a fresh child before its request: one transform of the warm-up document.

    After ``fork`` every page a request writes is first copied; doing one transform here, in a
    spare child waiting for work, takes that off the request. Never user input.
    """
    result = engine.call("transform", {"markdown": WARMUP_MARKDOWN})
    if not result.get("ok"):
        raise RenderFailed(f"priming transform failed: {result.get('error')}")


#: The id the rehearsal draws under: one of the form the service gives requests.
_REHEARSAL_SVG_ID = "markmap-0123456789ab"


def record_pages(engine: Engine) -> Iterator[None]:
    """Draw the warm-up document as a request of the default look is drawn (post-processing and
    font embedding included), so the pool learns which memory pages a mind map's render writes
    (see ``pool/_pages.py``). Runs in a child that exits afterwards; never user input."""
    render(engine, MarkmapRenderJob(markdown=WARMUP_MARKDOWN, options={}, timeout_ms=0, svg_id=_REHEARSAL_SVG_ID))
    yield


def structure(engine: Engine, job: MarkmapStructureJob) -> MarkmapStructure:
    """markmap's tree of the document and what it is made of (no drawing)."""
    _check_size(job.markdown)
    payload = {"markdown": job.markdown, "options": job.options, "defaults": job.defaults, "limits": _LIMITS}
    result = _call(engine, "transform", payload, job.timeout_ms)
    stats = result["structure"]
    return MarkmapStructure(
        node_count=stats["node_count"],
        max_depth=stats["max_depth"],
        features=list(stats["features"]),
        plugins=list(stats["plugins"]),
        headings_by_level=dict(stats["headings_by_level"]),
        total_characters=stats["total_characters"],
        average_node_length=stats["average_node_length"],
        options=result["options"],
        frontmatter=result.get("frontmatter"),
        tree=result["root"] if job.include_tree else None,
    )


def render(engine: Engine, job: MarkmapRenderJob) -> MarkmapRenderResult:
    """Draw one mind map in the job's format."""
    if job.format not in MARKMAP_FORMATS:
        raise InvalidInput(
            f"unknown mind map format {job.format!r}; choose one of {', '.join(MARKMAP_FORMATS)}",
            {"format": job.format},
        )
    _check_size(job.markdown)
    if job.format == "html":
        return _render_html(engine, job)
    if job.format in ("pdf", "png"):
        if not _export_prepared:
            _prepare_export([])
        if _export_unavailable is not None:
            raise EngineUnavailable(_export_unavailable.message, _export_unavailable.details)
    exporting = job.format != "svg"
    payload = {
        "markdown": job.markdown,
        "options": job.options,
        "defaults": job.defaults,
        "font": font_shorthand(job.font_size),
        "css": stylesheet(job.css_variables, job.label_padding_y),
        "svgId": EXPORT_SVG_ID if exporting else job.svg_id,
        "limits": _LIMITS,
    }
    result = _call(engine, "render", payload, job.timeout_ms)
    warnings = [*result.get("warnings", []), *missing_characters_warning(result.get("missing_codepoints") or [])]
    # PDF/PNG: drawn from a transparent SVG without embedded fonts (the converter has them); a
    # PNG's glyphs are hinted by the subsets the product SVG embeds, as a viewer hints them.
    subsets: tuple[FontSubset, ...] = ()
    if exporting:
        svg, more, subsets = finish_export_svg(result["svg"], result.get("drawn_faces"))
    else:
        svg, more = finish_svg(result["svg"], job.background, job.embed_fonts, result.get("drawn_faces"))
    warnings += more
    common = {
        "node_count": result["node_count"],
        "width": result["width"],
        "height": result["height"],
        "max_depth": result["structure"]["max_depth"],
        "features": list(result["structure"]["features"]),
    }
    if job.format == "svg":
        return MarkmapRenderResult(format="svg", data=svg.encode("utf-8"), warnings=warnings, **common)
    if job.format == "pdf":
        from mermaid_printer.export.pdf import svg_to_pdf

        document = svg_to_pdf(
            svg,
            background=job.background,
            paper=job.paper,
            orientation=job.orientation,  # type: ignore[arg-type]
            margin_mm=job.margin_mm,
            fit=job.fit,  # type: ignore[arg-type]
        )
        return MarkmapRenderResult(
            format="pdf",
            data=document.data,
            warnings=warnings + document.warnings,
            scale=document.scale,
            page_width_pt=document.page_width_pt,
            page_height_pt=document.page_height_pt,
            orientation=document.orientation,
            **common,
        )
    from mermaid_printer.export.png import svg_to_png

    image = svg_to_png(svg, background=job.background, scale=job.scale, width=job.width, font_subsets=subsets)
    return MarkmapRenderResult(
        format="png",
        data=image.data,
        warnings=warnings + image.warnings,
        scale=image.scale,
        width_px=image.width_px,
        height_px=image.height_px,
        **common,
    )


def _render_html(engine: Engine, job: MarkmapRenderJob) -> MarkmapRenderResult:
    """The interactive page: markmap-view and d3 inlined, the tree transformed in the engine."""
    from mermaid_printer.bundles.markmap.html import interactive_page

    payload = {"markdown": job.markdown, "options": job.options, "defaults": job.defaults, "limits": _LIMITS}
    result = _call(engine, "transform", payload, job.timeout_ms)
    page = interactive_page(
        result["root"],
        result["options"],
        title=_title_of(result),
        font=font_shorthand(job.font_size),
        css=stylesheet(job.css_variables, job.label_padding_y),
        background=job.background,
    )
    stats = result["structure"]
    return MarkmapRenderResult(
        format="html",
        data=page.encode("utf-8"),
        node_count=stats["node_count"],
        width=0.0,
        height=0.0,
        max_depth=stats["max_depth"],
        features=list(stats["features"]),
    )


def _title_of(result: dict[str, Any]) -> str:
    frontmatter = result.get("frontmatter") or {}
    title = frontmatter.get("title") if isinstance(frontmatter, dict) else None
    return str(title) if isinstance(title, str | int | float) and str(title).strip() else "Mind map"


def _check_size(markdown: str) -> None:
    size = len(markdown.encode("utf-8", errors="surrogatepass"))
    if size > MAX_MARKDOWN_BYTES:
        raise InputTooLarge(
            f"the Markdown is {size} bytes; at most {MAX_MARKDOWN_BYTES} are allowed",
            {"limit": "bytes", "max_bytes": MAX_MARKDOWN_BYTES, "bytes": size},
        )


def _call(engine: Engine, entry: str, payload: dict[str, Any], timeout_ms: int) -> dict[str, Any]:
    limits = EngineLimits(time_s=timeout_ms / 1000) if timeout_ms else None
    result = engine.call(entry, payload, limits)
    if not result.get("ok"):
        raise error_from_dict(result.get("error") or {})
    return result


def _prepare_export(svgs: list[str]) -> None:
    global _export_unavailable, _export_prepared
    _export_prepared = True
    try:
        from mermaid_printer.export import prepare_export

        prepare_export(svgs)
    except Exception as exc:  # no cairo: SVG must keep working
        from mermaid_printer.export import export_unavailable

        _export_unavailable = export_unavailable(exc)
        logger.info("mind maps: %s", _export_unavailable.message)
