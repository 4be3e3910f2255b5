"""The Mermaid bundle's work in the render processes: warm-up, priming, and the job handlers.

``warm_up(engine)`` runs once in the zygote: it renders one small diagram of each common type and
parses one of every other type, so their lazily initialised modules and parsers are ready,
decodes the fonts and warms the PDF/PNG converter. ``idle_warm_up(engine)`` draws ZenUML's
constructs in a zygote that keeps spares, a step at a time once it is idle.
``prime(engine)`` runs in every child before its request: one fixed parse that copies the memory
pages every request writes, off the request's clock. ``record_pages(engine)`` and ``find_safe_stylesheets(engine)``
draw every warm-up diagram in the pool's page learner (``pool/_pages.py``), so spares copy ahead
the pages renders write, and the zygote learns which types' stylesheets need no scrubbing
(``adopt_safe_stylesheets``). The handlers run in the single-use child:
one render, then the post-processing chain, all inside the child (a parse only parses: no
drawing, no post-processing)::

    engine.call("render") → parse_svg → background → sanitize_svg → repair_coordinates
                          → canonicalize_svg → embed_fonts → serialize_svg

PDF and PNG jobs render the same SVG without its embedded fonts (the converter draws with the
same fonts, registered with cairo) and with a transparent canvas, then hand it to
:mod:`mermaid_printer.export`, which paints the background itself. ``warm_up()`` warms the
converter too; if the system cairo library is missing, SVG keeps working and PDF/PNG jobs fail
with ``ENGINE_UNAVAILABLE``.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterator
from typing import Any

from mermaid_printer.bundles.mermaid.bundle import (
    IDLE_WARMUP_DIAGRAMS,
    PARSE_WARMUP_DIAGRAMS,
    THEMED_WARMUP_THEMES,
    WARMUP_DIAGRAMS,
    WARMUP_SVG_ID,
    warm_up_kind,
)
from mermaid_printer.engine import Engine, EngineLimits
from mermaid_printer.errors import EngineUnavailable, PrinterError, RenderFailed, error_from_dict
from mermaid_printer.fonts import FontSubset, preload_fonts
from mermaid_printer.jobs import (
    DetectJob,
    DiagramType,
    ParseJob,
    ParseResult,
    PdfJob,
    PdfResult,
    PngJob,
    PngResult,
    RenderResult,
    SvgJob,
)
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.mermaid.diagnosis import DIAGNOSED_CODES, DIAGNOSIS_ENV_VAR, diagnose
from mermaid_printer.mermaid.diagnosis.check import Check, budget_for
from mermaid_printer.postprocess.css import add_known_stylesheets, known_stylesheets
from mermaid_printer.postprocess.finish import finish_export_svg, finish_svg
from mermaid_printer.postprocess.sanitize import remember_safe_stylesheets
from mermaid_printer.postprocess.unused_css import precompile_stylesheets

__all__ = [
    "EXPORT_SVG_ID",
    "adopt_safe_stylesheets",
    "detect",
    "find_safe_stylesheets",
    "idle_warm_up",
    "parse",
    "prime",
    "record_pages",
    "render_pdf",
    "render_png",
    "render_svg",
    "warm_up",
]

#: The ``<svg>`` id of SVGs drawn to PDF/PNG (see ``_export_svg``).
EXPORT_SVG_ID = WARMUP_SVG_ID
#: Why PDF/PNG cannot be made in this process (no system cairo), or None when they can.
_export_unavailable: EngineUnavailable | None = None
#: Whether the converter was loaded (warm_up() does it; a process that was not warmed up loads
#: it on its first PDF/PNG).
_export_prepared = False
logger = logging.getLogger(__name__)


def warm_up(engine: Engine, export: bool = True, kinds: frozenset[str] | None = None) -> None:
    """Make the bundle's warm-up calls (a render and a parse of each common type, see
    :func:`~mermaid_printer.bundles.mermaid.bundle.mermaid_warm_up`), load the fonts, and warm
    the converter unless ``export`` is false (a pool whose jobs are all SVG; a PDF or PNG job
    there loads it on first use). ``kinds`` (:func:`~mermaid_printer.bundles.mermaid.bundle.warm_up_kind`)
    limits the renders and parses of a type to the types a batch holds; the themed renders,
    which warm every theme and leave the default config, are always made. A type not warmed
    draws the same, its first render in each process only slower.

    The renders are drawn under the PDF/PNG id, so their stylesheets can be compiled for the
    children; the parses take paths a render does not (getDiagramFromText, the AST extractors),
    which takes them off every parse a child runs. The renders' stylesheets, which need no
    scrubbing, are remembered, so the sanitizer need not parse a request's copy of one again
    (``docs/decisions/0006-css-scrubbing.md``).
    """
    export_svgs: list[str] = []
    for index, call in enumerate(engine.bundle.warm_up):
        payload = json.loads(call.payload)
        themed = index < len(THEMED_WARMUP_THEMES)
        if kinds is not None and not themed and warm_up_kind(payload["code"]) not in kinds:
            continue
        result = engine.call(call.entry, payload)
        if not result.get("ok"):
            raise RenderFailed(f"warm-up {call.entry} failed: {result.get('error')}")
        if call.entry == "render":
            remember_safe_stylesheets(result["svg"])
            if export or not export_svgs:  # without export, one finish warms the post-processing
                export_svgs.append(_finish_svg(result["svg"], "transparent", embed_fonts=False)[0])
    preload_fonts()
    if export:
        _prepare_export(export_svgs)


def idle_warm_up(engine: Engine) -> Iterator[None]:
    """Draw each of :data:`~mermaid_printer.bundles.mermaid.bundle.IDLE_WARMUP_DIAGRAMS` (ZenUML's
    constructs, for its parser to learn them), yielding after each: the warm process's warm-up
    between requests, once it is idle (``pool/_zygote.py``). Never user input."""
    for code in IDLE_WARMUP_DIAGRAMS:
        result = engine.call("render", {"code": code, "config": build_mermaid_config({}), "svgId": WARMUP_SVG_ID})
        if not result.get("ok"):
            raise RenderFailed(f"idle warm-up render failed: {result.get('error')}")
        yield


#: The parse ``prime()`` runs: small, and it takes the paths every parse and render share
#: (config copies, diagram detection, the parser set-up). Its own db is cleared by the next pie.
_PRIMING_DIAGRAM = "pie"


def prime(engine: Engine) -> None:
    """Warm a fresh child before its request: one parse of a fixed warm-up diagram.

    After ``fork`` every page a request writes is first copied: even with the warm process's
    heap frozen (``QuickJSEngine.freeze_heap``: reading an object writes nothing), a parse writes
    pages the warm process shares (allocations into its heap's free space, Python's reference
    counts). Doing
    it here, in a spare child waiting for work, takes that off the request. Never user input.
    """
    code = WARMUP_DIAGRAMS[_PRIMING_DIAGRAM]
    result = engine.call("parse", {"code": code, "config": build_mermaid_config({}), "ast": True})
    if not result.get("ok"):
        raise RenderFailed(f"priming parse failed: {result.get('error')}")


#: The id the rehearsal draws under: one of the form the service gives requests.
_REHEARSAL_SVG_ID = "mermaid-0123456789ab"


def record_pages(engine: Engine) -> Iterator[None]:
    """Draw the smallest common request, then the warm-up drawing of every other common type,
    as requests are drawn (post-processing and font embedding included), yielding after each,
    so the pool learns which memory pages renders write, those every render writes first (see
    ``pool/_pages.py``; the types the warm-up only parses are drawn by :func:`find_safe_stylesheets`, which
    the learner runs after this). Runs in a child that exits afterwards; never user input."""
    for name in [_PRIMING_DIAGRAM, *(name for name in WARMUP_DIAGRAMS if name != _PRIMING_DIAGRAM)]:
        job = SvgJob(
            code=WARMUP_DIAGRAMS[name],
            config=build_mermaid_config({}),
            svg_id=_REHEARSAL_SVG_ID,
            timeout_ms=0,
            embed_fonts=True,
        )
        render_svg(engine, job)
        yield


def find_safe_stylesheets(engine: Engine) -> dict[str, Any]:
    """Draw each type the warm-up only parses and return the stylesheets of theirs that need no
    scrubbing (``docs/decisions/0006-css-scrubbing.md``), for the warm process to take in
    (:func:`adopt_safe_stylesheets`): a request of one of those types then skips a full scrub of its stylesheet
    in full. Runs in the pool's learner child, which
    exits afterwards, so whatever these drawings leave in the engine (architecture's and
    sankey's counters) never reaches a request. Fixed input only."""
    before_templates, before_beginnings = known_stylesheets()
    config = build_mermaid_config({})
    for code in PARSE_WARMUP_DIAGRAMS.values():
        result = engine.call("render", {"code": code, "config": config, "svgId": WARMUP_SVG_ID})
        if result.get("ok"):
            remember_safe_stylesheets(result["svg"])
    templates, beginnings = known_stylesheets()
    return {"templates": sorted(templates - before_templates), "beginnings": sorted(beginnings - before_beginnings)}


def adopt_safe_stylesheets(lesson: dict[str, Any]) -> None:
    """Take in what :func:`find_safe_stylesheets` found, in the warm process."""
    templates, beginnings = lesson.get("templates"), lesson.get("beginnings")
    if isinstance(templates, list) and isinstance(beginnings, list):
        added = add_known_stylesheets(templates, beginnings)
        precompile_stylesheets(templates)
        logger.info("took in %d stylesheets drawn by the pool's learner", added)


def _limits(timeout_ms: int) -> EngineLimits | None:
    return EngineLimits(time_s=timeout_ms / 1000) if timeout_ms else None


def _parse_call(
    engine: Engine, code: str, config: dict[str, Any], timeout_ms: int, *, ast: bool, positions: bool
) -> dict[str, Any]:
    payload = {"code": code, "config": config, "ast": ast, "positions": positions}
    started = time.monotonic()
    result = engine.call("parse", payload, _limits(timeout_ms))
    if not result.get("ok"):
        raise _diagnosed(engine, error_from_dict(result.get("error") or {}), code, config, timeout_ms, started)
    return result


def _diagnosed(
    engine: Engine, error: PrinterError, code: str, config: dict[str, Any], timeout_ms: int, started: float
) -> PrinterError:
    """``error`` explained, with fixes checked in this process (the error path only): parsed,
    or drawn when the error came from drawing (:mod:`mermaid_printer.mermaid.diagnosis`). The
    checks' budget never reaches past half of what the request's timeout has left (counted from
    ``started``), so the error, not a timeout, comes back."""
    if error.code not in DIAGNOSED_CODES or os.environ.get(DIAGNOSIS_ENV_VAR) == "off":
        return error
    draw = error.code == "RENDER_FAILED"

    def run(candidate: str, seconds: float) -> dict[str, Any]:
        limits = EngineLimits(time_s=seconds)
        if draw:
            return engine.call("render", {"code": candidate, "config": config, "svgId": WARMUP_SVG_ID}, limits)
        return engine.call("parse", {"code": candidate, "config": config, "ast": False}, limits)

    budget = budget_for(timeout_ms)
    if timeout_ms:
        budget = min(budget, (timeout_ms / 1000 - (time.monotonic() - started)) / 2)
    try:
        return diagnose(error, code, Check(run, budget))
    except Exception:  # the diagnosis must never hide the error it explains
        logger.exception("diagnosis failed")
        return error


def parse(engine: Engine, job: ParseJob) -> ParseResult:
    """Parse one diagram (no drawing, no post-processing): its type and its AST."""
    result = _parse_call(engine, job.code, job.config, job.timeout_ms, ast=True, positions=job.positions)
    return ParseResult(diagram_type=result["diagram_type"], ast=result["ast"])


def detect(engine: Engine, job: DetectJob) -> DiagramType:
    """Parse one diagram only to learn whether Mermaid accepts it, and its type."""
    result = _parse_call(engine, job.code, job.config, job.timeout_ms, ast=False, positions=False)
    return DiagramType(diagram_type=result["diagram_type"])


def render_svg(engine: Engine, job: SvgJob) -> RenderResult:
    """Render and post-process one diagram."""
    result, warnings = _rendered(engine, job)
    svg, more = _finish_svg(result["svg"], job.background, job.embed_fonts, result.get("drawn_faces"))
    return RenderResult(svg=svg, diagram_type=result["diagram_type"], warnings=warnings + more)


def _rendered(engine: Engine, job: SvgJob) -> tuple[dict[str, Any], list[str]]:
    """The engine's drawing of one diagram (its result) and the warnings about it."""
    payload: dict[str, Any] = {"code": job.code, "config": job.config, "svgId": job.svg_id}
    if job.icons:
        payload["icons"] = job.icons
    started = time.monotonic()
    result = engine.call("render", payload, _limits(job.timeout_ms))
    if not result.get("ok"):
        error = error_from_dict(result.get("error") or {})
        raise _diagnosed(engine, error, job.code, job.config, job.timeout_ms, started)
    warnings: list[str] = list(result.get("warnings") or [])
    missing = result.get("missing_codepoints") or []
    if missing:
        sample = "".join(chr(cp) for cp in missing[:12])
        warnings.append(
            f"{len(missing)} character(s) are not in the bundled fonts and were measured approximately: {sample}"
        )
    return result, warnings


def render_pdf(engine: Engine, job: PdfJob) -> PdfResult:
    """Render one diagram and convert it to a one-page vector PDF."""
    from mermaid_printer.export.pdf import svg_to_pdf

    rendered, _subsets = _export_svg(engine, job.code, job.config, job.timeout_ms, job.icons)
    document = svg_to_pdf(
        rendered.svg,
        background=job.background,
        paper=job.paper,
        orientation=job.orientation,  # type: ignore[arg-type]
        margin_mm=job.margin_mm,
        fit=job.fit,  # type: ignore[arg-type]
    )
    return PdfResult(
        pdf=document.data,
        diagram_type=rendered.diagram_type,
        page_width_pt=document.page_width_pt,
        page_height_pt=document.page_height_pt,
        scale=document.scale,
        orientation=document.orientation,
        warnings=[*rendered.warnings, *document.warnings],
    )


def render_png(engine: Engine, job: PngJob) -> PngResult:
    """Render one diagram and rasterize it to PNG."""
    from mermaid_printer.export.png import svg_to_png

    rendered, subsets = _export_svg(engine, job.code, job.config, job.timeout_ms, job.icons)
    image = svg_to_png(rendered.svg, background=job.background, scale=job.scale, width=job.width, font_subsets=subsets)
    return PngResult(
        png=image.data,
        diagram_type=rendered.diagram_type,
        width_px=image.width_px,
        height_px=image.height_px,
        scale=image.scale,
        warnings=[*rendered.warnings, *image.warnings],
    )


def _export_svg(
    engine: Engine, code: str, config: dict[str, Any], timeout_ms: int, icons: dict[str, Any] | None = None
) -> tuple[RenderResult, tuple[FontSubset, ...]]:
    """The SVG a PDF or PNG is drawn from (transparent, no embedded fonts, one fixed id) and the
    font subsets the product SVG embeds (a PNG's glyphs are hinted as a viewer hints them)."""
    if not _export_prepared:
        _prepare_export([])
    if _export_unavailable is not None:
        raise EngineUnavailable(_export_unavailable.message, _export_unavailable.details)
    # One fixed id: the SVG differs from render_svg's only in its ids, and its stylesheet is the
    # same for every diagram of a type and theme, so the converter's compiled copy is reused.
    job = SvgJob(code=code, config=config, svg_id=EXPORT_SVG_ID, timeout_ms=timeout_ms, embed_fonts=False, icons=icons)
    result, warnings = _rendered(engine, job)
    svg, more, subsets = finish_export_svg(result["svg"], result.get("drawn_faces"))
    return RenderResult(svg=svg, diagram_type=result["diagram_type"], warnings=warnings + more), subsets


def _prepare_export(svgs: list[str]) -> None:
    global _export_unavailable, _export_prepared
    _export_prepared = True
    try:
        from mermaid_printer.export import prepare_export

        prepare_export(svgs)
    except Exception as exc:  # no cairo: SVG must keep working
        from mermaid_printer.export import export_unavailable

        _export_unavailable = export_unavailable(exc)
        logger.info(_export_unavailable.message)


def _finish_svg(
    raw: str, background: str, embed_fonts: bool, drawn_faces: list[dict[str, Any]] | None = None
) -> tuple[str, list[str]]:
    """The post-processing chain on Mermaid's SVG: the product SVG and its warnings."""
    return finish_svg(raw, background, embed_fonts, drawn_faces)
