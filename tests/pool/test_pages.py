"""The page helpers of the pool's copying ahead (``pool/_pages.py``), in real forked children."""

from __future__ import annotations

import ctypes
import resource
import struct
from typing import Any

import pytest
from forked import in_child

from mermaid_printer.pool import _pages

pytestmark = pytest.mark.skipif(not _pages.supported(), reason="needs Linux's /proc/self/pagemap")

PAGES = 512


def _shared_memory() -> tuple[bytearray, set[int]]:
    """A buffer written before the fork, and the addresses of its whole pages."""
    buffer = bytearray(b"s" * ((PAGES + 2) * _pages.PAGE_SIZE))
    address = memoryview(buffer).cast("B")
    start = ctypes.addressof(ctypes.c_char.from_buffer(address))
    first = -(-start // _pages.PAGE_SIZE) * _pages.PAGE_SIZE
    return buffer, {first + k * _pages.PAGE_SIZE for k in range(PAGES)}


def test_pages_a_child_writes_become_its_own_and_are_reported_as_runs() -> None:
    buffer, pages = _shared_memory()

    def write_and_report() -> dict[str, Any]:
        before = _pages.held_alone()
        for k in range(0, len(buffer), _pages.PAGE_SIZE):
            buffer[k] = ord("w")
        runs = _pages.pages_written(before, _pages.held_alone())
        covered = {
            start + k for start, length in struct.iter_unpack("=QQ", runs) for k in range(0, length, _pages.PAGE_SIZE)
        }
        return {
            "shared_before": len(pages - before),
            "reported": len(pages & covered),
            "bytes": _pages.learned_bytes(runs),
        }

    seen = in_child(write_and_report)
    assert seen["shared_before"] == PAGES  # right after fork, the child held none of them alone
    assert seen["reported"] == PAGES
    assert seen["bytes"] >= PAGES * _pages.PAGE_SIZE


def test_copying_ahead_takes_the_faults_off_later_writes_and_changes_no_byte() -> None:
    buffer, pages = _shared_memory()
    runs = _pages.pages_written(set(), pages)

    def copy_then_write() -> dict[str, Any]:
        asked = _pages.copy_now(runs)
        held = _pages.held_alone()
        unchanged = buffer.count(b"s") == len(buffer)
        faults = _faults_writing(buffer, pages, pages_start)
        return {"asked": asked, "held": len(pages & held), "unchanged": unchanged, "faults": faults}

    pages_start = ctypes.addressof(ctypes.c_char.from_buffer(buffer))
    seen = in_child(copy_then_write)
    assert seen == {"asked": PAGES * _pages.PAGE_SIZE, "held": PAGES, "unchanged": True, "faults": seen["faults"]}
    # (what else the child's interpreter writes meanwhile faults too: up to ~50 pages seen)
    assert seen["faults"] < PAGES // 5
    # Without copying ahead, the same writes fault once per page.
    no_copy = in_child(lambda: _faults_writing(buffer, pages, pages_start))
    assert no_copy >= PAGES * 0.9


def _faults_writing(buffer: bytearray, pages: set[int], start: int) -> int:
    """The page faults of writing one byte into each of ``pages`` of ``buffer``; the offsets are
    worked out before counting, so the loop itself allocates nothing that could fault."""
    offsets = [page - start for page in sorted(pages)]
    written = ord("w")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for offset in offsets:
        buffer[offset] = written
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def test_malformed_or_unmapped_runs_are_skipped_without_harm() -> None:
    assert _pages.learned_bytes(b"\0" * 15) == 0
    assert _pages.copy_now(b"\0" * 15) == 0
    assert _pages.copy_now(b"") == 0
    # A run nowhere mapped: the kernel refuses it, nothing else happens.
    unmapped = struct.pack("=QQ", 0x10000, _pages.PAGE_SIZE)
    assert in_child(lambda: _pages.copy_now(unmapped)) == _pages.PAGE_SIZE


def test_copying_stops_when_asked_between_steps() -> None:
    buffer, pages = _shared_memory()
    runs = b"".join(struct.pack("=QQ", page, _pages.PAGE_SIZE) for page in sorted(pages))  # one run a page
    looks: list[int] = []

    def stop_at_the_second_look() -> bool:
        looks.append(1)
        return len(looks) == 2

    asked = in_child(lambda: _pages.copy_now(runs, stop=stop_at_the_second_look))
    assert asked == 2 * 256 * 1024  # two steps copied, then it stopped
    assert in_child(lambda: _pages.copy_now(runs)) == PAGES * _pages.PAGE_SIZE
    del buffer


def test_pages_written_by_steps_come_in_the_order_of_the_step_that_first_wrote_them() -> None:
    buffer, pages = _shared_memory()
    ordered = sorted(pages)
    low, high = ordered[: PAGES // 2], ordered[PAGES // 2 :]
    start = ctypes.addressof(ctypes.c_char.from_buffer(buffer))

    def write(chosen: list[int]) -> None:
        for page in chosen:
            buffer[page - start] = ord("w")

    def steps() -> Any:
        write(high)  # the first step writes the upper half
        yield
        write(high + low)  # the second writes both halves again: only the lower half is new
        yield
        write(low[:1])  # after the last item: nothing new

    def report() -> list[int]:
        by_step = _pages.pages_written_by_steps(steps())
        assert len(by_step) == 3  # two steps, and what came after the last
        runs = b"".join(by_step)
        return [
            first + k for first, length in struct.iter_unpack("=QQ", runs) for k in range(0, length, _pages.PAGE_SIZE)
        ]

    reported = [page for page in in_child(report) if page in pages]
    assert reported == high + low


def test_whether_other_tasks_wait_for_a_core_counts_the_runnable_tasks_against_the_cores() -> None:
    # This test's own thread is runnable while it asks, so with no cores someone always waits,
    # and with more cores than any machine has, nobody does.
    assert _pages.others_wait_for_a_core(0)
    assert not _pages.others_wait_for_a_core(1 << 20)
