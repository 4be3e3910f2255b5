"""Backing the zygote's heap with huge pages, so forking and ending render processes costs less
(Linux transparent huge pages; a no-op elsewhere).

The kernel copies the zygote's page tables at each fork and tears the child's down at each exit,
one entry per 4 KiB page whatever the request touches. Mapped as 2 MiB pages, that memory takes
one entry per 2 MiB; a child that writes into a shared huge page still copies only 4 KiB. The
zygote asks the kernel to collapse its private, writable, anonymous mappings
(``madvise(MADV_COLLAPSE)``, Linux 6.1) once it is warm, 2 MiB per turn of its loop, before it
forks the page learner and its first spare; a slow step (the kernel reclaiming memory) ends the
collapsing, and a mapping that cannot have huge pages answers ``EINVAL`` and is left alone.

Why, and what was measured: ``docs/decisions/0005-huge-pages.md`` (benchmark:
``throughput_compare.py``).
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
