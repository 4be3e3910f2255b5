"""The sanitizer, property-based: hostile SVG built from the attack vocabulary
(``tests/hostile_svg.py``) always comes out of parse → sanitize → canonicalize → serialize as
well-formed XML with nothing hostile left (``tests/inertness.py``), and sanitizing the output
again changes nothing. Input that is not well-formed XML is refused with ``RenderFailed``.

Short and derandomized by default; ``MERMAID_PRINTER_FUZZ=long`` runs many more random cases.
Each bug found is kept as a fixture in ``fixtures/hostile/`` (see ``test_hostile_corpus.py``).
"""

from __future__ import annotations

from fuzzing import fuzz_settings
from hostile_svg import ROOT_ID, css_stylesheets, hostile_documents
from hypothesis import given, note
from inertness import assert_css_inert, assert_declarations_inert, assert_inert

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.canonicalize import canonicalize_svg, serialize_svg
from mermaid_printer.postprocess.css import scrub_declarations, scrub_stylesheet
from mermaid_printer.postprocess.sanitize import parse_svg, sanitize_svg


def _pipeline(text: str) -> tuple[str, list[str]] | None:
    """The worker's chain on ``text``; None when parse_svg refuses it."""
    try:
        root = parse_svg(text)
    except RenderFailed:
        return None
    notes = sanitize_svg(root)
    canonicalize_svg(root)
    return serialize_svg(root), notes


@fuzz_settings(ci=200, long=50_000)
@given(hostile_documents())
def test_hostile_svg_always_comes_out_inert_well_formed_and_stable(document: str) -> None:
    outcome = _pipeline(document)
    if outcome is None:
        return  # refused: not well-formed XML, or not an SVG
    output, _notes = outcome
    note(output)
    assert_inert(output)
    again = _pipeline(output)
    assert again is not None, "the sanitizer's own output must parse"
    assert again == (output, []), "sanitizing twice must change nothing"


@fuzz_settings(ci=150, long=30_000)
@given(css_stylesheets())
def test_hostile_style_sheets_come_out_inert_and_stable(css: str) -> None:
    scrubbed, _notes = scrub_stylesheet(css, ROOT_ID)
    note(scrubbed)
    assert_css_inert(scrubbed)
    assert scrub_stylesheet(scrubbed, ROOT_ID) == (scrubbed, [])


@fuzz_settings(ci=150, long=30_000)
@given(css_stylesheets())
def test_hostile_style_attributes_come_out_inert_and_stable(css: str) -> None:
    declarations = css.strip("{}")
    scrubbed, _notes = scrub_declarations(declarations)
    note(scrubbed)
    assert_declarations_inert(scrubbed)
    assert scrub_declarations(scrubbed) == (scrubbed, [])
