"""Benchmark: post-processing of a large Mermaid-shaped flowchart SVG (advisory, never gating).

The fixture (tests/postprocess/fixtures/large-flowchart.svg, written by make_large_flowchart.py)
mimics Mermaid 12 flowchart output with text labels: 250 nodes, 350 edges, ~690 KB.
Run: ``pytest benchmarks/test_sanitize_bench.py --benchmark-only``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

FIXTURE = Path(__file__).resolve().parent.parent / "tests" / "postprocess" / "fixtures" / "large-flowchart.svg"


@pytest.fixture(scope="module")
def large_svg() -> str:
    return FIXTURE.read_text(encoding="utf-8")


def _postprocess(text: str) -> str:
    root = parse_svg(text)
    sanitize_svg(root)
    canonicalize_svg(root)
    return serialize_svg(root)


def _sanitize_and_canonicalize(text: str) -> None:
    root = parse_svg(text)
    sanitize_svg(root)
    canonicalize_svg(root)


@pytest.mark.benchmark(group="sanitize")
def test_parse_sanitize_canonicalize_serialize_large_flowchart(benchmark, large_svg: str) -> None:
    benchmark.extra_info["input_bytes"] = len(large_svg.encode("utf-8"))
    output = benchmark(_postprocess, large_svg)
    benchmark.extra_info["output_bytes"] = len(output.encode("utf-8"))


@pytest.mark.benchmark(group="sanitize")
def test_parse_sanitize_canonicalize_large_flowchart(benchmark, large_svg: str) -> None:
    benchmark(_sanitize_and_canonicalize, large_svg)


@pytest.mark.benchmark(group="sanitize")
def test_parse_only_large_flowchart(benchmark, large_svg: str) -> None:
    benchmark(parse_svg, large_svg)
