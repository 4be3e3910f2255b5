"""Shared fixtures: one warm printer per test session (its engine takes ~2 s to start)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer import Printer

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def printer() -> Iterator[Printer]:
    with Printer() as shared:
        shared.start()
        yield shared
