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
from pathlib import Path

import pytest
from process_tree import wait_for
from warm_up_cases import DIAGRAMS, MARKDOWN

from mermaid_printer import Printer, build_render_options
from mermaid_printer.bundles.mermaid.bundle import IDLE_WARMUP_DIAGRAMS, THEMED_WARMUP_THEMES, WARMUP_DIAGRAMS
from mermaid_printer.markmap.requests import MarkmapRenderRequest
from mermaid_printer.pool import RendererPool
from mermaid_printer.requests import validate_request

pytestmark = pytest.mark.engine

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "diagrams"


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


def test_a_process_after_its_idle_warm_up_draws_zenuml_as_a_cold_one(
    cold_printer: Printer, capfd: pytest.CaptureFixture[str]
) -> None:
    # A server's engine process draws ZenUML's constructs once it is idle (pool/_zygote.py), so
    # that its render processes start with the parser's learned DFA: it must change nothing drawn,
    # in ZenUML or any other type (benchmarks/idle_warm_up_identity.py: the 100 real diagrams).
    with Printer(RendererPool(), cache=None) as idle:  # a new engine process, not the shared one
        idle.start()
        said: list[str] = []

        def warmed_up() -> bool:
            said.append(capfd.readouterr().err)
            return "idle warm-up done: " in "".join(said)

        wait_for(warmed_up, "the idle warm-up done", limit_s=300)
        for code in (*IDLE_WARMUP_DIAGRAMS, (FIXTURES / "zenuml.mmd").read_text(), *DIAGRAMS.values()):
            options = build_render_options(code)
            assert idle.render_svg(options).svg == cold_printer.render_svg(options).svg
