"""Hostile diagrams through the MCP server (the official client, in memory, the real printer):
never a traceback, never a protocol error, never a hang past the time limit; every answer is a
clean typed error or a safe, valid SVG whose coordinates are all finite numbers.

``fixtures/hostile_diagrams/`` keeps every failure the fuzzer found, named by what it tests and
ending in the expected answer: ``.svg.json`` (a safe SVG) or ``.<error-code>.json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from diagram_mutations import SEEDS, tool_arguments
from fuzzing import fuzz_settings
from hypothesis import given, note
from mcp_answers import assert_clean_answer, call_tool

from mermaid_printer import Printer
from mermaid_printer.errors import ERROR_CODES

pytestmark = pytest.mark.engine

FIXTURES = sorted((Path(__file__).parents[2] / "fixtures" / "hostile_diagrams").glob("*.json"))
FUZZ_TIMEOUT_MS = 5_000


def _expected(path: Path) -> str:
    """``svg`` or an error code, from the file name (``x.render-failed.json`` → RENDER_FAILED)."""
    answer = path.name.removesuffix(".json").rsplit(".", 1)[1]
    return answer if answer == "svg" else answer.replace("-", "_").upper()


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.name)
def test_hostile_diagram_fixture_gets_its_expected_answer(printer: Printer, path: Path) -> None:
    case: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    result = call_tool(printer, case["tool"], case["arguments"])
    document = assert_clean_answer(result)

    expected = _expected(path)
    if expected == "svg":
        assert result.is_error is False, document
        assert document["svg"].startswith("<svg")
    else:
        assert result.is_error is True, f"expected {expected}, got an answer"
        assert document["errors"][0]["code"] == expected


def test_every_fixture_names_an_answer_the_printer_can_give() -> None:
    assert len(FIXTURES) >= 10
    assert {_expected(path) for path in FIXTURES} <= {"svg", *ERROR_CODES}


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_every_seed_is_a_diagram_mermaid_accepts(printer: Printer, name: str) -> None:
    assert printer.verify(SEEDS[name]).ok


@fuzz_settings(ci=20, long=3_000)
@given(tool_arguments(timeout_ms=FUZZ_TIMEOUT_MS))
def test_mutated_real_diagrams_get_a_clean_typed_error_or_a_safe_svg(
    printer: Printer, arguments: dict[str, Any]
) -> None:
    note(json.dumps(arguments)[:2000])
    assert_clean_answer(call_tool(printer, "mermaid_to_svg", arguments))
