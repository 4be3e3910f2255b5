"""A worker whose warm-up lasts until the test lets it end: ``prepare(warm_up=True)`` reads the
FIFO ``$SLOW_WARM_GATE``, which blocks until the test opens it for writing and closes it."""

from __future__ import annotations

import os
from typing import Any

_warm = False
_bundles: list[str] = []


def prepare(warm_up: bool = True, engine: str | None = None, bundles: list[str] | None = None) -> None:
    """Warm up (waiting on the gate) or not; remember which."""
    global _warm, _bundles
    _bundles = list(bundles or ["mermaid", "markmap"])
    if warm_up:
        with open(os.environ["SLOW_WARM_GATE"], "rb") as gate:
            gate.read()
        _warm = True


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Say which engine process answered: the warm one, or a quick one and its bundles."""
    return {"warm": _warm, "bundles": _bundles, "engine_pid": os.getppid()}
