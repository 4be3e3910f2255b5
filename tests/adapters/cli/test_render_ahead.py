"""``render_ahead``: a caller that draws diagrams one after another still keeps every core busy."""

from __future__ import annotations

import threading

import pytest

from mermaid_printer.adapters.cli.batch import render_ahead
from mermaid_printer.errors import InvalidInput, PrinterError


def test_render_ahead_draws_every_distinct_source_once_before_the_caller_asks() -> None:
    drawn: list[str] = []
    lock = threading.Lock()

    def render(code: str) -> bytes:
        with lock:
            drawn.append(code)
        return code.upper().encode()

    answer = render_ahead(["a", "b", "a", "c"], render, jobs=2)

    assert sorted(drawn) == ["a", "b", "c"]
    assert [answer(code) for code in ["a", "b", "a", "c"]] == [b"A", b"B", b"A", b"C"]
    assert sorted(drawn) == ["a", "b", "c"]  # answered from the drawings, not drawn again


def test_render_ahead_keeps_jobs_renders_in_flight_at_once() -> None:
    # Each render waits until `jobs` renders are running together: one at a time would break it.
    together = threading.Barrier(3, timeout=30)

    def render(code: str) -> str:
        together.wait()
        return code

    answer = render_ahead(["a", "b", "c", "d", "e", "f"], render, jobs=3)

    assert [answer(code) for code in "abcdef"] == list("abcdef")


def test_render_ahead_raises_a_diagrams_error_when_the_caller_asks_for_that_diagram() -> None:
    def render(code: str) -> str:
        if code == "bad":
            raise InvalidInput("bad diagram")
        return code

    answer = render_ahead(["good", "bad"], render, jobs=2)

    assert answer("good") == "good"
    with pytest.raises(PrinterError, match="bad diagram"):
        answer("bad")


def test_render_ahead_draws_a_source_it_was_not_given_when_asked() -> None:
    answer = render_ahead([], lambda code: code * 2, jobs=2)

    assert answer("ab") == "abab"
