"""The cheapest possible worker, for measuring the pool's own overhead."""

from __future__ import annotations

from typing import Any


def prepare() -> None:
    """Nothing to prepare."""


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Return the job as it came."""
    return job
