"""Candidate fixes checked in the sandbox, within a bounded number of checks and a time budget.

A :class:`Check` parses (or draws) a candidate source with the engine of the request's own
single-use process, so a fix is offered only when Mermaid accepts it. It stops after
:data:`~mermaid_printer.limits.DIAGNOSIS_MAX_CHECKS` candidates or when its time budget is
spent (raising :class:`Exhausted`): a failing request costs a bounded extra, and a diagram cannot
make the printer search hard.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from mermaid_printer.errors import PrinterError
from mermaid_printer.limits import DIAGNOSIS_BUDGET_S, DIAGNOSIS_MAX_CHECKS

__all__ = ["Check", "Exhausted", "budget_for"]


class Exhausted(Exception):
    """The diagnosis used its checks or its time."""


def budget_for(timeout_ms: int) -> float:
    """The diagnosis's time budget for a request with ``timeout_ms`` (0: no request limit)."""
    if timeout_ms <= 0:
        return DIAGNOSIS_BUDGET_S
    return min(DIAGNOSIS_BUDGET_S, timeout_ms / 1000 / 4)


class Check:
    """Call with a candidate source: None when it is accepted, else the error it gives
    (``{code, message, details}``).

    Args:
        run: runs the candidate with a time limit in seconds and returns the engine's answer
            (``{"ok": True, ...}`` or ``{"ok": False, "error": {...}}``).
        budget_s: the time the whole diagnosis may take.
        max_checks: how many candidates may be run.
    """

    def __init__(
        self,
        run: Callable[[str, float], dict[str, Any]],
        budget_s: float = DIAGNOSIS_BUDGET_S,
        max_checks: int = DIAGNOSIS_MAX_CHECKS,
    ) -> None:
        self._run = run
        self._deadline = time.monotonic() + budget_s
        self._left = max_checks
        self.checks = 0

    def __call__(self, code: str) -> dict[str, Any] | None:
        remaining = self._deadline - time.monotonic()
        if self._left <= 0 or remaining <= 0.01:
            raise Exhausted
        self._left -= 1
        self.checks += 1
        try:
            result = self._run(code, remaining)
        except PrinterError as exc:  # the candidate took too long or too much: stop searching
            raise Exhausted from exc
        if result.get("ok"):
            return None
        error = result.get("error")
        return error if isinstance(error, dict) else {"code": "RENDER_FAILED", "message": "failed", "details": {}}
