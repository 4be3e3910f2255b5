"""A worker whose one-time preparation fails, as a missing bundle would."""

from __future__ import annotations

from typing import Any


def prepare() -> None:
    """Fail the way a real worker fails when its resources are missing."""
    raise RuntimeError("no bundle here")


def handle(job: dict[str, Any]) -> dict[str, Any]:
    """Never reached."""
    return {}
