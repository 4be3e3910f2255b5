"""The printer's processes as the operating system sees them (Linux ``/proc``): children, RSS,
open file descriptors. For fault and soak tests, which act on the processes from outside."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

__all__ = ["children", "open_fds", "rss_bytes", "start_ticks", "wait_for", "zygote"]

_PROC = Path("/proc")
_T = TypeVar("_T")


def _stat_fields(pid: int) -> list[str]:
    raw = (_PROC / str(pid) / "stat").read_text()
    return raw[raw.rindex(")") + 2 :].split()  # after "pid (comm) ": state is field 0


def children(pid: int) -> list[int]:
    """Live (not zombie) children of ``pid``, oldest first."""
    found = []
    for entry in _PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = _stat_fields(int(entry.name))
        except (OSError, ValueError):
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return sorted(found, key=start_ticks)


def start_ticks(pid: int) -> int:
    """When ``pid`` started, in clock ticks since boot (0 if it is gone)."""
    try:
        return int(_stat_fields(pid)[19])
    except (OSError, ValueError, IndexError):
        return 0


def rss_bytes(pid: int) -> int:
    """Resident set size of ``pid``."""
    for line in (_PROC / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise LookupError(f"no VmRSS for {pid}")


def open_fds(pid: int) -> int:
    """Open file descriptors of ``pid``."""
    return len(os.listdir(_PROC / str(pid) / "fd"))


def zygote(parent: int | None = None) -> int:
    """The printer's engine process among the children of ``parent`` (default: this process)."""
    for pid in children(os.getpid() if parent is None else parent):
        try:
            cmdline = (_PROC / str(pid) / "cmdline").read_bytes()
        except OSError:
            continue
        if b"mermaid_printer.pool._zygote" in cmdline:
            return pid
    raise LookupError("no engine process is running")


def wait_for(check: Callable[[], _T | None], what: str, limit_s: float = 120.0) -> _T:
    """Poll ``check`` until it returns something (a hang guard, not a timing).

    The one poll of the tests: what they wait for is a state of other processes (a file they
    write, a line they log, a process that appears or ends) that no event announces."""
    deadline, pause = time.monotonic() + limit_s, 0.005
    while True:
        found = check()
        if found is not None and found is not False:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        # Looking less often the longer it takes: a long wait (a warm-up that waits for an idle
        # machine) must not keep a core of its own busy looking.
        time.sleep(pause)
        pause = min(2 * pause, 0.1)
