"""The module functions and every ``Printer()`` share one warm engine (no engine started here)."""

from __future__ import annotations

import pytest

from mermaid_printer.pool import QuickStartPool
from mermaid_printer.service import Printer

ENGINE = "test_shared_printer:NoSuchEngine"


def test_printers_made_without_a_pool_share_one_engine_until_the_last_closes(monkeypatch: pytest.MonkeyPatch) -> None:
    closed: list[QuickStartPool] = []
    monkeypatch.setattr(QuickStartPool, "close", lambda self: closed.append(self))

    # Engines of this test's own (never started), so that no other test's printer is shared.
    first, second = Printer(engine=ENGINE, cache=None), Printer(engine=ENGINE, cache=None)
    other_engine = Printer(engine=ENGINE + "2", cache=None)

    assert first._pool is second._pool and isinstance(first._pool, QuickStartPool)
    assert other_engine._pool is not first._pool
    first.close()
    first.close()  # twice: still one let-go
    assert closed == []
    second.close()
    other_engine.close()
    assert closed == [second._pool, other_engine._pool]
    again = Printer(engine=ENGINE, cache=None)
    assert again._pool is not second._pool  # a new one after the last closed
    again.close()
