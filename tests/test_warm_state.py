"""A warmed engine process draws what a cold one draws.

The server's engine process warms up before it forks render processes (a render and a parse of
each common type, a parse of every other type, markmap's warm-up); a one-shot CLI run skips that
(cold start). Whatever a warm-up leaves in the interpreter must not show in a later drawing, or
the same diagram would come out differently from the CLI and from the server (and the result
cache, keyed by input, would hand one to the other). Each diagram here is a warm-up diagram
itself, the likeliest to meet its own traces.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from warm_up_cases import DIAGRAMS, MARKDOWN

from mermaid_printer import Printer, build_render_options
from mermaid_printer.bundles.mermaid import THEMED_WARMUP_THEMES, WARMUP_DIAGRAMS
from mermaid_printer.markmap_options import MarkmapRenderRequest
from mermaid_printer.options import validate_request
from mermaid_printer.pool import RendererPool

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def cold_printer() -> Iterator[Printer]:
    """A printer whose engine process did no warm-up, as a one-shot CLI run's."""
    pool = RendererPool(worker_options={"warm_up": False, "engine": "native"}, spares=0)
    with Printer(pool, cache=None) as cold:
        yield cold


@pytest.mark.parametrize("name", sorted(DIAGRAMS))
def test_a_warmed_process_draws_each_type_as_a_cold_one(name: str, printer: Printer, cold_printer: Printer) -> None:
    options = build_render_options(DIAGRAMS[name])

    assert printer.render_svg(options).svg == cold_printer.render_svg(options).svg


@pytest.mark.parametrize("theme", THEMED_WARMUP_THEMES)
def test_a_warmed_process_draws_a_flowchart_in_a_warmed_up_theme_as_a_cold_one(
    theme: str, printer: Printer, cold_printer: Printer
) -> None:
    options = build_render_options(WARMUP_DIAGRAMS["flowchart"], theme=theme)

    assert printer.render_svg(options).svg == cold_printer.render_svg(options).svg


def test_a_warmed_process_draws_a_mind_map_as_a_cold_one(printer: Printer, cold_printer: Printer) -> None:
    request = validate_request(MarkmapRenderRequest, {"markdown_content": MARKDOWN})

    assert printer.render_markmap(request).data == cold_printer.render_markmap(request).data
