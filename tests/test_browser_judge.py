"""A real browser judges the printer's output: headless Chromium (``tests/browser_judge.py``)
shows each SVG as an ``<img>``, inline in HTML and as the top-level document, sends every
element the events a user could, lets SMIL timelines and a few seconds of virtual time run, and
fails on any dialog, console message, exception, navigation, new window or request.

Judged: the hostile sanitizer corpus, the printer's answers to hostile diagrams (the advisory
payloads of ``test_security.py`` and ``fixtures/hostile_diagrams/``), and a fuzzed sample of
hostile SVG. A control proves the judge sees payloads when nothing sanitizes them.
Skipped where no Chromium is installed (CI has none); ``MERMAID_PRINTER_CHROMIUM`` names one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_judge import MODES, BrowserJudge, find_chromium, judging
from fuzzing import fuzz_settings
from hostile_svg import hostile_documents
from hypothesis import given, note
from mcp_answers import call_tool, envelope
from test_security import HOSTILE

from mermaid_printer import Printer
from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg

CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium on this machine")

TESTS = Path(__file__).parent
HOSTILE_SVGS = sorted((TESTS / "postprocess" / "fixtures" / "hostile").glob("*.neutralized.svg"))
HOSTILE_DIAGRAMS = sorted((TESTS / "fixtures" / "hostile_diagrams").glob("*.svg.json"))
#: Unsanitized fixtures whose payload runs or loads in Chromium (the judge's control).
LIVE_WHEN_UNSANITIZED = [
    "animation-set-href-javascript",
    "css-fill-url-external",
    "css-import",
    "event-handlers",
    "filter-feimage-and-attribute-namespaces",
    "image-remote-and-svg-data-url",
    "link-javascript-control-chars",
    "link-javascript-mixed-case-newline-colon-entity",
    "style-breakout-script-element",
]


@pytest.fixture(scope="module")
def judge() -> Iterator[BrowserJudge]:
    assert CHROMIUM is not None
    with judging(CHROMIUM) as browser:
        yield browser


def sanitized(text: str) -> str:
    root = parse_svg(text)
    sanitize_svg(root)
    canonicalize_svg(root)
    return serialize_svg(root)


def assert_nothing_happens(judge: BrowserJudge, svg: str) -> None:
    for mode in MODES:
        verdict = judge.judge(svg, mode)
        assert verdict.violations == [], f"shown as {mode}: {verdict.violations}"


@pytest.mark.parametrize("name", LIVE_WHEN_UNSANITIZED)
def test_the_judge_sees_the_payload_of_an_unsanitized_fixture(judge: BrowserJudge, name: str) -> None:
    raw = (TESTS / "postprocess" / "fixtures" / "hostile" / f"{name}.neutralized.svg").read_text(encoding="utf-8")

    seen = {mode: judge.judge(raw, mode).violations for mode in ("inline", "document")}

    assert seen["inline"] or seen["document"], "the judge must catch a live payload"


@pytest.mark.parametrize("path", HOSTILE_SVGS, ids=lambda p: p.name)
def test_a_sanitized_hostile_fixture_runs_and_loads_nothing_in_chromium(judge: BrowserJudge, path: Path) -> None:
    assert_nothing_happens(judge, sanitized(path.read_text(encoding="utf-8")))


@pytest.mark.engine
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_printers_svg_for_an_advisory_payload_runs_and_loads_nothing_in_chromium(
    judge: BrowserJudge, printer: Printer, name: str
) -> None:
    result = call_tool(printer, "mermaid_to_svg", {"code": HOSTILE[name]})
    if result.is_error:
        pytest.skip(f"Mermaid refuses it: {envelope(result)['errors'][0]['code']}")
    assert_nothing_happens(judge, envelope(result)["svg"])


@pytest.mark.engine
@pytest.mark.parametrize("path", HOSTILE_DIAGRAMS, ids=lambda p: p.name)
def test_the_printers_svg_for_a_hostile_diagram_fixture_runs_and_loads_nothing_in_chromium(
    judge: BrowserJudge, printer: Printer, path: Path
) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    result = call_tool(printer, case["tool"], case["arguments"])
    assert result.is_error is False
    assert_nothing_happens(judge, envelope(result)["svg"])


@fuzz_settings(ci=25, long=2_000)
@given(hostile_documents())
def test_fuzzed_hostile_svg_once_sanitized_runs_and_loads_nothing_in_chromium(
    judge: BrowserJudge, document: str
) -> None:
    try:
        output = sanitized(document)
    except RenderFailed:
        return
    note(output)
    assert_nothing_happens(judge, output)
