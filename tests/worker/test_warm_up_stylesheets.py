"""The warm-up's own stylesheets spare a request's stylesheet a full scrub (postprocess/css.py,
"Known stylesheets"): the flowchart's in the default theme and in each classic theme, and the
mind map's of the default look."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator

import pytest

from mermaid_printer.bundles.markmap import handlers as markmap_worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import THEMED_WARMUP_THEMES, mermaid_bundle
from mermaid_printer.engine import Bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, SvgJob
from mermaid_printer.markmap.style import MARKMAP_THEMES
from mermaid_printer.mermaid.config import build_mermaid_config
from mermaid_printer.postprocess import css

pytestmark = pytest.mark.engine

FLOWCHART = "flowchart LR\n  A[Start] --> B{Check}\n  B --> C[Done]\n"
# Mermaid appends a classDef's rules after its theme stylesheet.
STYLED_FLOWCHART = FLOWCHART + "  classDef hot fill:#f96,stroke:#333\n  class A hot\n"


@contextlib.contextmanager
def _known_stylesheets_set_aside() -> Iterator[None]:
    """No stylesheet is known inside; those known before are known again afterwards."""
    saved = set(css._safe_templates), set(css._safe_beginnings)
    css._safe_templates.clear()
    css._safe_beginnings.clear()
    try:
        yield
    finally:
        css._safe_templates.clear()
        css._safe_templates.update(saved[0])
        css._safe_beginnings.clear()
        css._safe_beginnings.update(saved[1])


@contextlib.contextmanager
def _known_only_from(bundle: Bundle, warm_up: Callable[[QuickJSEngine], None]) -> Iterator[QuickJSEngine]:
    """An engine of ``bundle`` after ``warm_up``, with the stylesheets only this warm-up remembered."""
    with _known_stylesheets_set_aside():
        engine = QuickJSEngine(bundle)
        warm_up(engine)
        yield engine


@pytest.fixture(scope="module")
def warmed() -> Iterator[QuickJSEngine]:
    """A Mermaid engine after the warm-up, with the stylesheets only this warm-up remembered."""
    with _known_only_from(mermaid_bundle(), mermaid_worker.warm_up) as engine:
        yield engine


@pytest.mark.parametrize("theme", [None, *THEMED_WARMUP_THEMES])
def test_a_flowchart_in_a_warmed_up_theme_is_not_scrubbed_in_full(
    warmed: QuickJSEngine, scrubbed_stylesheets: list[tuple[str, str | None]], theme: str | None
) -> None:
    config = build_mermaid_config({}) if theme is None else build_mermaid_config({}, theme=theme)
    for code in (FLOWCHART, STYLED_FLOWCHART):
        job = SvgJob(code=code, config=config, svg_id="mermaid-0123456789ab", timeout_ms=0, embed_fonts=False)
        result = mermaid_worker.render_svg(warmed, job)
        assert "fill:#f96" in result.svg or code == FLOWCHART
    # Only the classDef rules were scrubbed: a few hundred characters, not the theme's 27 KB.
    lengths = [len(text) for text, _ in scrubbed_stylesheets]
    assert len(lengths) == 1 and 0 < lengths[0] < 1000, lengths


RADAR = 'radar-beta\n  title Skills\n  axis a["A"], b["B"], c["C"]\n  curve x["X"]{1, 2, 3}\n'


def test_what_the_pools_learner_studies_spares_a_parsed_only_type_its_full_scrub(
    warmed: QuickJSEngine, scrubbed_stylesheets: list[tuple[str, str | None]]
) -> None:
    # The warm-up only parses radar: its stylesheet is unknown, and scrubbed in full.
    job = SvgJob(
        code=RADAR, config=build_mermaid_config({}), svg_id="mermaid-0123456789ab", timeout_ms=0, embed_fonts=False
    )
    before = mermaid_worker.render_svg(warmed, job).svg
    assert len(scrubbed_stylesheets) == 1 and len(scrubbed_stylesheets[0][0]) > 1000
    # The learner (a child, here this process) draws the parsed-only types and reports the
    # stylesheets it remembered; the warm process takes them in. (Set aside what this process
    # knows, so the learner's report is all the warm process has from it.)
    known = css.known_stylesheets()
    lesson = mermaid_worker.find_safe_stylesheets(warmed)
    assert lesson["templates"] and all(css._ID_MARK in t for t in lesson["templates"])
    css._safe_templates.difference_update(lesson["templates"])
    css._safe_beginnings.difference_update(lesson["beginnings"])
    assert css.known_stylesheets() == known
    mermaid_worker.adopt_safe_stylesheets(lesson)
    scrubbed_stylesheets.clear()
    after = mermaid_worker.render_svg(warmed, job).svg
    assert scrubbed_stylesheets == []  # known now: returned as it is, unparsed
    assert after == before


def test_only_templates_are_taken_in() -> None:
    with _known_stylesheets_set_aside():
        added = css.add_known_stylesheets(["#\0 .x{fill:red}", "#mermaid-0123456789ab .x{}", 7], ["#\0{}"])  # type: ignore[list-item]
        assert added == 2
        assert "#mermaid-0123456789ab .x{}" not in css._safe_templates


@pytest.fixture(scope="module")
def warmed_markmap() -> Iterator[QuickJSEngine]:
    """A markmap engine after its warm-up, with the stylesheets only this warm-up remembered."""
    with _known_only_from(markmap_bundle(), markmap_worker.warm_up) as engine:
        yield engine


def test_a_mind_map_of_the_default_look_is_not_scrubbed_in_full(
    warmed_markmap: QuickJSEngine, scrubbed_stylesheets: list[tuple[str, str | None]]
) -> None:
    # The warm-up draws the default look under the export id; a request of that look, under an
    # id of the service's form, has the same stylesheet and is not scrubbed again. A theme's
    # stylesheet is another one, scrubbed in full.
    markdown = "# Plan\n\n- one\n- two [link](https://example.com)\n"
    default = MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0, svg_id="markmap-0123456789ab")
    svg = markmap_worker.render(warmed_markmap, default).data.decode("utf-8")
    assert "#markmap-0123456789ab" in svg and scrubbed_stylesheets == []
    dark = dataclasses.replace(default, css_variables=dict(MARKMAP_THEMES["dark"].variables))
    markmap_worker.render(warmed_markmap, dark)
    assert [scope for _, scope in scrubbed_stylesheets] == ["markmap-0123456789ab"]
