"""Hostile SVG corpus: every fixture must come out inert, well-formed and stable.

Fixture names state the expectation: ``*.neutralized.svg`` must sanitize to a tree in which no
hostile feature survives (checked by walking the output with lxml and tinycss2, independently
of the sanitizer's own tables), with at least one removal reported; ``*.rejected.svg`` must make
``parse_svg`` raise ``RenderFailed``. Payload shapes follow the published Mermaid advisories.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from inertness import assert_inert

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

HOSTILE = Path(__file__).parent / "fixtures" / "hostile"
NEUTRALIZED = sorted(HOSTILE.glob("*.neutralized.svg"))
REJECTED = sorted(HOSTILE.glob("*.rejected.svg"))


def _sanitized(path: Path) -> tuple[str, list[str]]:
    root = parse_svg(path.read_text(encoding="utf-8"))
    warnings = sanitize_svg(root)
    canonicalize_svg(root)
    return serialize_svg(root), warnings


@pytest.mark.parametrize("path", NEUTRALIZED, ids=lambda p: p.name)
def test_hostile_fixture_is_neutralized_and_reported(path: Path) -> None:
    output, warnings = _sanitized(path)
    assert_inert(output)
    assert warnings, "something hostile was removed, so the caller must be told"


@pytest.mark.parametrize("path", NEUTRALIZED, ids=lambda p: p.name)
def test_sanitizing_hostile_fixture_output_again_changes_nothing(path: Path) -> None:
    output, _ = _sanitized(path)
    root = parse_svg(output)
    assert sanitize_svg(root) == []
    canonicalize_svg(root)
    assert serialize_svg(root) == output


@pytest.mark.parametrize("path", REJECTED, ids=lambda p: p.name)
def test_rejected_fixture_raises_render_failed(path: Path) -> None:
    with pytest.raises(RenderFailed):
        parse_svg(path.read_text(encoding="utf-8"))


def test_corpus_is_not_empty() -> None:
    assert len(NEUTRALIZED) >= 25
    assert len(REJECTED) >= 3
