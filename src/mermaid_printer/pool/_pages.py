"""Copying ahead of time the memory pages a request will write (Linux only; a no-op elsewhere).

After ``fork`` a child shares the zygote's memory, and QuickJS writes to nearly every object it
reads (reference counts), so a render copies thousands of pages on write. Which pages those are
is learned once: a child runs the worker's fixed rehearsal (never a request) in steps, most
common first, and reports the pages that became its own (:func:`pages_written_by_steps`). Every
spare forked after that copies them while it waits (:class:`Copier`,
``madvise(MADV_POPULATE_WRITE)``), so the request's clock no longer sees the copying. Copying
beside a render slows it, so the zygote says how much a spare may copy as requests come and go
(``_zygote.py``, ``_copy_level``), and a spare copies only while no other task waits for a core
(:func:`others_wait_for_a_core`).

Why every kind of drawing, and why not beside a render:
``docs/decisions/0004-copying-pages-ahead.md`` (benchmarks: ``throughput_compare.py``,
``vs_chromium.py``).
"""

from __future__ import annotations

import ctypes
import itertools
import mmap
import os
import struct
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator

__all__ = [
    "PAGE_SIZE",
    "Copier",
    "copy_now",
    "held_alone",
    "madvise",
    "others_wait_for_a_core",
    "pages_written",
    "pages_written_by_steps",
    "private_writable_regions",
    "supported",
]

PAGE_SIZE = mmap.PAGESIZE
_MADV_POPULATE_WRITE = 23  # Linux 5.14
_PRESENT = 1 << 63
_EXCLUSIVE = 1 << 56  # the page is mapped by this process only (Linux 4.2)
#: Learned sets larger than this are dropped: something other than a render's working set.
MAX_LEARNED_BYTES = 256 * 2**20


def supported() -> bool:
    """Whether this system can report and copy pages (Linux with /proc's pagemap)."""
    return sys.platform.startswith("linux") and os.path.exists("/proc/self/pagemap")


def private_writable_regions() -> list[tuple[int, int]]:
    """(start, end) of this process's private, writable, anonymous mappings (the heaps)."""
    regions = []
    with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
        for line in maps:
            fields = line.split()
            perms = fields[1]
            path = fields[5] if len(fields) > 5 else ""
            if not perms.startswith("rw") or perms[3] != "p":
                continue
            if path and path != "[heap]" and not path.startswith("[anon"):
                continue  # files and the stack
            start, end = (int(bound, 16) for bound in fields[0].split("-"))
            regions.append((start, end))
    return regions


def held_alone() -> set[int]:
    """The addresses of the present pages of this process's heaps that no other process maps
    (copied on write since the fork, or new)."""
    pages: set[int] = set()
    with open("/proc/self/pagemap", "rb") as pagemap:
        for start, end in private_writable_regions():
            pagemap.seek(start // PAGE_SIZE * 8)
            entries = array("Q")
            entries.frombytes(pagemap.read((end - start) // PAGE_SIZE * 8))
            for index, entry in enumerate(entries):
                if entry & _PRESENT and entry & _EXCLUSIVE:
                    pages.add(start + index * PAGE_SIZE)
    return pages


def pages_written(before: set[int], after: set[int]) -> bytes:
    """The pages held alone ``after`` but not ``before``, as packed ``(start, length)`` runs."""
    runs: list[list[int]] = []
    for page in sorted(after - before):
        if runs and runs[-1][0] + runs[-1][1] == page:
            runs[-1][1] += PAGE_SIZE
        else:
            runs.append([page, PAGE_SIZE])
    return b"".join(struct.pack("=QQ", start, length) for start, length in runs)


def pages_written_by_steps(steps: Iterable[object]) -> list[bytes]:
    """Run ``steps`` (an iterator that does one step of work per item) and report the pages
    that became this process's own, as packed runs per step: those of the first step, then
    those the second step added, and so on (in address order within a step), and last those
    written after the last item."""
    before = held_alone()
    runs = []
    for _step in steps:
        after = held_alone()
        runs.append(pages_written(before, after))
        before = after
    runs.append(pages_written(before, held_alone()))
    return runs


def learned_bytes(runs: bytes) -> int:
    """How much memory packed runs cover (0 for a malformed message)."""
    if len(runs) % 16:
        return 0
    return sum(length for _start, length in struct.iter_unpack("=QQ", runs))


_libc = None


#: How much copy_now copies between two looks at whether to stop.
_COPY_STEP = 256 * 1024


def copy_now(runs: bytes, stop: Callable[[], bool] = lambda: False) -> int:
    """Copy the pages of packed runs into this process now, until done or ``stop()`` says so
    (asked every 256 KiB); returns the bytes asked for.

    Best effort: a run that is no longer mapped, or a kernel without ``MADV_POPULATE_WRITE``,
    is skipped (the request then copies those pages itself, as without this).
    """
    copier = Copier(runs)
    copier.copy(stop)
    return copier.copied


class Copier:
    """Copies the pages of packed runs into this process (see :func:`copy_now`): the first
    ``common`` bytes of runs (the pages every render writes), then, when asked for everything,
    the rest. It can stop between steps of 256 KiB and go on later where it stopped: the pool
    tells a spare how much it may copy as requests come and go."""

    def __init__(self, runs: bytes, common: int | None = None) -> None:
        if len(runs) % 16:
            runs = b""
        split = len(runs) if common is None else common - common % 16
        #: What is left to copy: the common pages' steps, then the rest's.
        self._parts: list[Iterator[tuple[int, int]]] = [_in_steps(runs[:split]), _in_steps(runs[split:])]
        #: The bytes asked for so far.
        self.copied = 0

    def copy(self, stop: Callable[[], bool] = lambda: False, *, everything: bool = True) -> None:
        """Copy on the common pages, and the rest too if ``everything``, until done or until
        ``stop()``, asked every 256 KiB, says so."""
        advise = madvise()
        since_look = 0
        for part in range(2 if everything else 1):
            steps = self._parts[part]
            for start, length in steps:
                if since_look >= _COPY_STEP:
                    if stop():
                        self._parts[part] = itertools.chain([(start, length)], steps)
                        return
                    since_look = 0
                if advise(start, length, _MADV_POPULATE_WRITE) != 0 and ctypes.get_errno() == 22:
                    self._parts = [iter(()), iter(())]  # EINVAL: the kernel does not know the advice
                    return
                self.copied += length
                since_look += length


def others_wait_for_a_core(cores: int) -> bool:
    """Whether more tasks are runnable on the whole machine than it has cores (this one among
    them), i.e. copying now takes a core some other task waits for (``/proc/loadavg``'s count
    of runnable tasks; False where it cannot be read)."""
    try:
        with open("/proc/loadavg", "rb") as loadavg:
            running = int(loadavg.read().split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):
        return False
    return running > cores


def madvise() -> Callable[[int, int, int], int]:
    """libc's ``madvise(addr, length, advice)`` (its errno kept for ``ctypes.get_errno``)."""
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
        _libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
        _libc.madvise.restype = ctypes.c_int
    return _libc.madvise


def _in_steps(runs: bytes) -> Iterator[tuple[int, int]]:
    """The packed runs, a long one cut into pieces of at most ``_COPY_STEP`` (so copying looks
    at whether to stop often enough: a request waits for the piece being copied)."""
    for start, length in struct.iter_unpack("=QQ", runs):
        for offset in range(0, length, _COPY_STEP):
            yield start + offset, min(_COPY_STEP, length - offset)
