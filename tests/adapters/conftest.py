"""Fixtures for the adapter tests."""

from __future__ import annotations

import pytest
from adapter_fakes import FakePrinter


@pytest.fixture
def fake_printer() -> FakePrinter:
    return FakePrinter()


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"
