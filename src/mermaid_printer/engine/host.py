"""The host side of the call protocol (``js/host.js``), written once for every engine.

An engine gives this module four primitives over its interpreter (:class:`Interpreter`): run a
script, read a script's value as text or as JSON would carry it, and run the pending promise
jobs. From them this module does what every engine does the same way:

- :func:`run_entry`: start an entry and pump promise jobs, ``__printer.poll()`` and the
  bundle's virtual timers until the entry settles;
- :func:`check_entries`: refuse a bundle that did not register the entries it promises;
- :func:`translate`: turn how a call into the interpreter ended (a :class:`Failure`, which each
  engine makes from its own exceptions) into the most specific printer error, in the same words
  for every engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from mermaid_printer.engine.bundle import Bundle
from mermaid_printer.errors import PrinterError, RenderFailed, RenderTimeout, ResourceLimit

__all__ = [
    "MAX_ROUNDS",
    "Failure",
    "FailureKind",
    "Interpreter",
    "Limit",
    "check_entries",
    "limit_named_by",
    "read_logs",
    "run_entry",
    "translate",
]

#: A render that needs more rounds than this of (promise jobs, then due timers) is stuck.
MAX_ROUNDS = 100_000

#: An interpreter limit a call can hit.
Limit = Literal["stack", "memory", "time"]

#: How a call into the interpreter ended without an answer (see :class:`Failure`).
FailureKind = Literal["script", "stack", "memory", "time", "trap", "unsettled"]

_LIMITS: dict[Limit, tuple[type[PrinterError], str]] = {
    "stack": (ResourceLimit, "the diagram nests too deeply (stack limit)"),
    "memory": (ResourceLimit, "the render ran out of memory"),
    "time": (RenderTimeout, "the render took longer than its time limit"),
}

_KNOWN_LIMITS: dict[FailureKind, Limit] = {"stack": "stack", "memory": "memory", "time": "time"}


class Interpreter(Protocol):
    """What an engine gives the host loop: a script's source and a name for it (engines that
    name no scripts ignore the name)."""

    def run(self, source: str, name: str) -> None:
        """Evaluate a classic script for its effects."""
        ...

    def text(self, source: str, name: str) -> str:
        """Evaluate a classic script whose value is a string; that string."""
        ...

    def value(self, source: str, name: str) -> Any:
        """Evaluate a classic script; its value as a number, string, boolean or ``None``."""
        ...

    def run_jobs(self) -> None:
        """Run every pending promise job."""
        ...


@dataclass(frozen=True)
class Failure:
    """How a call into the interpreter ended without an answer, in words every engine shares.

    Attributes:
        kind: ``"script"``: a script threw (``text`` is ``String(error)``, ``name`` the error's
            name); QuickJS reports its stack and memory limits only as such errors, so
            :func:`translate` reads the text for them. ``"stack"``, ``"memory"``, ``"time"``:
            the engine knows which limit ended the call. ``"trap"``: the engine stopped
            (``text`` says why). ``"unsettled"``: a module was still evaluating once no promise
            job was left.
        text: what the engine said.
        name: the error's name (the details of a script's error).
    """

    kind: FailureKind
    text: str = ""
    name: str = ""


def limit_named_by(text: str) -> Limit | None:
    """The limit an interpreter error's text names, if any (QuickJS ends a call that runs out of
    stack or memory with an ordinary error: ``RangeError: Maximum call stack size exceeded``,
    ``InternalError: stack overflow``, ``InternalError: out of memory``)."""
    lowered = text.lower()
    if "stack overflow" in lowered or "call stack size exceeded" in lowered:
        return "stack"
    if "out of memory" in lowered:
        return "memory"
    return None


def translate(failure: Failure, during: str) -> PrinterError:
    """The most specific printer error for ``failure``; ``during`` (``"loading x.js"``, an
    entry's name) begins its message."""
    limit = _KNOWN_LIMITS.get(failure.kind)
    if failure.kind == "script":
        limit = limit_named_by(failure.text)
    if limit is not None:
        error_type, message = _LIMITS[limit]
        return error_type(f"{during}: {message}", {"limit": limit})
    if failure.kind == "trap":
        return RenderFailed(f"{during}: the engine stopped ({failure.text})", {"reason": "trap"})
    if failure.kind == "unsettled":
        return RenderFailed(f"{during}: the module never finished evaluating")
    text = failure.text.strip()
    first_line = text.splitlines()[0] if text else failure.name
    return RenderFailed(f"{during}: {first_line}", {"exception": failure.name})


def run_entry(interpreter: Interpreter, entry: str, payload_json: str) -> dict[str, Any]:
    """Run ``__printer.start(entry, payload_json)`` to completion: promise jobs, then the poll,
    then the bundle's due virtual timers, until the entry has settled; its JSON result.

    Raises:
        RenderFailed: nothing was left to run and the entry had not settled, or it did not
            settle within :data:`MAX_ROUNDS` rounds.
        Exception: whatever the engine's primitives raise (the engine translates it).
    """
    interpreter.run(f"__printer.start({json.dumps(entry)}, {json.dumps(payload_json)})", "<call>")
    for _ in range(MAX_ROUNDS):
        interpreter.run_jobs()
        result = interpreter.text("__printer.poll()", "<poll>")
        if result:
            return _json_object(result)
        if not interpreter.value("__printer.runTimers()", "<timers>"):
            interpreter.run_jobs()
            result = interpreter.text("__printer.poll()", "<poll>")
            if result:
                return _json_object(result)
            raise RenderFailed(f"{entry}: the render never finished (no pending work left)")
    raise RenderFailed(f"{entry}: the render did not settle after {MAX_ROUNDS} rounds")


def check_entries(interpreter: Interpreter, bundle: Bundle) -> None:
    """Refuse ``bundle`` unless its scripts registered every entry it promises.

    Raises:
        RenderFailed: an entry is missing (``details.reason`` is ``entries_missing``).
    """
    registered = set(json.loads(interpreter.text("__printer.entries()", "<entries>")))
    missing = [entry for entry in bundle.entries if entry not in registered]
    if missing:
        raise RenderFailed(
            f"bundle {bundle.name} did not register its entries: {', '.join(missing)}",
            {"reason": "entries_missing"},
        )


def read_logs(interpreter: Interpreter) -> list[str]:
    """What scripts wrote to ``console`` since the last call."""
    return list(json.loads(interpreter.text("__printer.logs()", "<logs>")))


def _json_object(text: str) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(text)
    return value
