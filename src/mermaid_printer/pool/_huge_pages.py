"""Backing the zygote's heap with huge pages, so forking and ending render processes costs less
(Linux transparent huge pages; a no-op elsewhere).

Every request is a ``fork`` of the zygote and ends with the child's exit. The kernel copies the
zygote's page tables at each fork and tears the child's down at each exit: one entry per 4 KiB
page of the zygote's ~220 MB (~150 MB of it the heap QuickJS allocates from), whatever the
request touches. With one caller per core, a batch of small renders spent ~47 % of the machine's
CPU in the kernel (``perf record -a``: ``copy_page_range`` at fork, ``unmap_page_range`` at exit,
then the copy-on-write faults themselves), and each request cost ~60 ms of CPU in all for
~30 ms of rendering.

Mapped as 2 MiB pages, that memory takes one entry per 2 MiB: the zygote's CPU per fork went
from ~5.6 to ~3.3 ms and a child's exit from ~9 to ~6 ms (a throwaway probe of both in a copy
of the pool). A child that writes into a huge page it shares splits that mapping into 4 KiB
entries and copies one 4 KiB page, as before (the kernel does not copy 2 MiB on write).

The zygote asks the kernel to collapse its private, writable, anonymous mappings into huge
pages (``madvise(MADV_COLLAPSE)``, Linux 6.1) once it is warm, 2 MiB per turn of its loop and
before it forks the page learner and its first spare (``_zygote.py``; they would keep the 4 KiB
pages alive beside the huge ones). Requests that come meanwhile are forked on demand, and wait
for one step at most (3-7 ms here; a step slower than 50 ms, where the kernel must reclaim or
compact memory for it, ends the collapsing); the whole heap takes ~0.3-0.6 s. A mapping that
cannot have huge pages (or a kernel that does not know the advice) answers ``EINVAL`` and is
left alone. Only whole 2 MiB blocks inside a mapping are collapsed; a block with unused pages
gets them (zero-filled), so the zygote holds a little more (~1 MB of its ~220 MB, measured).

Against the pool before (``benchmarks/throughput_compare.py``, 6 trials, 16 small renders): a
batch with one caller took 0.91-0.93 of its time, with one caller per core 0.88.

What the zygote takes in from its page learner afterwards (``adopt_safe_stylesheets()``) writes to the heap, and
a write into a huge page shared with a child splits its mapping back into 4 KiB entries: by then
only ~47 of 168 MiB are still mapped whole. The gain stays, presumably because the pages are
still 2 MiB folios, which recent kernels copy and free in batches. Collapsing after the learner
instead (its spares retired, their replacements forked after) kept 135 MiB mapped whole and
measured the same (1.03 and 1.06 of this order's batch times, 6 trials, both pools settled).
"""

from __future__ import annotations

import ctypes
import errno
import sys

from mermaid_printer.pool._pages import madvise, private_writable_regions

__all__ = ["HUGE_PAGE_SIZE", "Collapser"]

HUGE_PAGE_SIZE = 2 * 2**20
_MADV_COLLAPSE = 25  # Linux 6.1


class Collapser:
    """The 2 MiB blocks of this process's heaps (or of ``regions``, ``(start, end)`` pairs), put
    into huge pages one per :meth:`step`.

    The blocks are listed when it is made (the mappings of that moment). A block that is no
    longer mapped, or that the kernel cannot collapse now (memory it cannot get), is skipped; so
    is the rest of a mapping that cannot have huge pages (``EINVAL``: ``MADV_NOHUGEPAGE``, huge
    pages turned off, or a kernel that does not know the advice, where every mapping says so).
    """

    def __init__(self, regions: list[tuple[int, int]] | None = None) -> None:
        if regions is None:
            regions = private_writable_regions() if sys.platform.startswith("linux") else []
        # Per mapping, its blocks; both lists reversed, so pop() takes the lowest address.
        self._blocks: list[list[int]] = [blocks[::-1] for blocks in map(_blocks_of, regions[::-1]) if blocks]
        #: Bytes put in huge pages, and bytes the kernel would not put there, so far.
        self.collapsed = 0
        self.skipped = 0

    @property
    def done(self) -> bool:
        """Nothing is left to ask for."""
        return not self._blocks

    def step(self) -> None:
        """Ask for the next block to be put in a huge page."""
        if not self._blocks:
            return
        blocks = self._blocks[-1]
        start = blocks.pop()
        if madvise()(start, HUGE_PAGE_SIZE, _MADV_COLLAPSE) == 0:
            self.collapsed += HUGE_PAGE_SIZE
        else:
            self.skipped += HUGE_PAGE_SIZE
            if ctypes.get_errno() == errno.EINVAL:
                self.skipped += HUGE_PAGE_SIZE * len(blocks)
                blocks.clear()
        if not blocks:
            self._blocks.pop()


def _blocks_of(region: tuple[int, int]) -> list[int]:
    """The start of every whole, aligned 2 MiB block of ``region``, in address order."""
    start, end = region
    first = -(-start // HUGE_PAGE_SIZE) * HUGE_PAGE_SIZE
    return list(range(first, end - HUGE_PAGE_SIZE + 1, HUGE_PAGE_SIZE))
