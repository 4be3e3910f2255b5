"""The result cache: a repeat answered from memory, against the render it saves (same run)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer import Printer, build_render_options
from mermaid_printer.cache import MemoryCache

DIAGRAMS = Path(__file__).parent.parent / "tests" / "fixtures" / "diagrams"


@pytest.fixture(scope="module")
def cached_printer() -> Iterator[Printer]:
    with Printer(cache=MemoryCache()) as printer:
        printer.start()
        yield printer


@pytest.mark.benchmark(group="cache-hit")
@pytest.mark.parametrize("name", ["pie", "flowchart", "class"])
def test_a_repeat_is_a_cache_hit(benchmark, cached_printer: Printer, name: str) -> None:
    options = build_render_options((DIAGRAMS / f"{name}.mmd").read_text())
    first = cached_printer.render_svg(options)  # the miss
    result = benchmark.pedantic(cached_printer.render_svg, args=(options,), rounds=50, iterations=1)
    assert result.cached and result.svg == first.svg
    benchmark.extra_info["goal_ms"] = 2
