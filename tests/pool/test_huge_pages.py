"""Putting the zygote's heap in huge pages (``pool/_huge_pages.py``): on real mappings of this
process, in real forked children, and in a real pool's zygote."""

from __future__ import annotations

import ctypes
import mmap
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from forked import in_child
from process_tree import children, wait_for

from mermaid_printer.pool import RendererPool, _pages
from mermaid_printer.pool._huge_pages import HUGE_PAGE_SIZE, Collapser

THP = Path("/sys/kernel/mm/transparent_hugepage/enabled")
pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux") or not THP.exists() or "[never]" in THP.read_text(),
    reason="needs Linux with transparent huge pages",
)

HERE = Path(__file__).parent
FAKE = "pool_fake_worker"
_MADV_NOHUGEPAGE = 15


@pytest.fixture(autouse=True)
def _fake_workers_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(HERE))


@pytest.fixture
def heap() -> Iterator[tuple[mmap.mmap, tuple[int, int]]]:
    """A private anonymous mapping of 8 MiB, every page written (as a heap is), and its bounds."""
    mapping = mmap.mmap(-1, 8 * 2**20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    for offset in range(0, len(mapping), _pages.PAGE_SIZE):
        mapping[offset : offset + 4] = offset.to_bytes(4, "little")
    start = ctypes.addressof(ctypes.c_char.from_buffer(mapping))
    yield mapping, (start, start + len(mapping))
    mapping.close()


def _huge_kib(start: int) -> int:
    """The AnonHugePages (KiB) of this process's mapping that holds ``start`` (the kernel may
    have merged it with a neighbour)."""
    lines = Path("/proc/self/smaps").read_text().splitlines()
    for index, line in enumerate(lines):
        bounds = line.split(" ", 1)[0].split("-")
        if len(bounds) == 2 and all(bounds) and int(bounds[0], 16) <= start < int(bounds[1], 16):
            for field in lines[index + 1 :]:
                if field.startswith("AnonHugePages:"):
                    return int(field.split()[1])
    raise AssertionError(f"no mapping holds {start:x}")


def _collapse(collapser: Collapser) -> int:
    """Step until done; the number of steps."""
    steps = 0
    while not collapser.done:
        collapser.step()
        steps += 1
    return steps


def _whole_blocks(region: tuple[int, int]) -> int:
    start, end = region
    return (end // HUGE_PAGE_SIZE) - (-(-start // HUGE_PAGE_SIZE))


def test_the_whole_2_mib_blocks_of_a_mapping_go_into_huge_pages_and_keep_their_bytes(heap: Any) -> None:
    mapping, region = heap
    before = bytes(mapping)
    collapser = Collapser([region])

    steps = _collapse(collapser)

    blocks = _whole_blocks(region)
    assert blocks >= 3  # an 8 MiB mapping holds at least three whole aligned blocks
    assert steps == blocks  # one block a step, so the zygote's loop stays responsive
    assert collapser.collapsed == blocks * HUGE_PAGE_SIZE and collapser.skipped == 0
    assert _huge_kib(region[0]) == blocks * HUGE_PAGE_SIZE // 1024
    assert bytes(mapping) == before


def test_a_mapping_that_cannot_have_huge_pages_is_skipped_at_its_first_block(heap: Any) -> None:
    _mapping, region = heap
    other = mmap.mmap(-1, 8 * 2**20, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    other.write(b"o" * len(other))
    other_start = ctypes.addressof(ctypes.c_char.from_buffer(other))
    other_region = (other_start, other_start + len(other))
    assert _pages.madvise()(region[0], region[1] - region[0], _MADV_NOHUGEPAGE) == 0
    collapser = Collapser([region, other_region])

    steps = _collapse(collapser)

    # The refused mapping took one step (EINVAL: the rest of it is not asked for); the other
    # went into huge pages all the same.
    assert steps == 1 + _whole_blocks(other_region)
    assert collapser.skipped == _whole_blocks(region) * HUGE_PAGE_SIZE
    assert collapser.collapsed == _whole_blocks(other_region) * HUGE_PAGE_SIZE
    assert _huge_kib(region[0]) == 0
    other.close()


def test_a_block_no_longer_mapped_is_skipped_and_the_next_is_still_asked_for() -> None:
    # Far above anything mapped, and not aligned: the whole blocks inside are the two after.
    start = 2**46 + 4096
    collapser = Collapser([(start, 2**46 + 3 * HUGE_PAGE_SIZE)])

    steps = _collapse(collapser)

    assert steps == 2  # ENOMEM for each, one by one
    assert collapser.skipped == 2 * HUGE_PAGE_SIZE and collapser.collapsed == 0


def test_a_child_that_writes_into_a_shared_huge_page_copies_4_kib_of_it(heap: Any) -> None:
    mapping, region = heap
    _collapse(Collapser([region]))
    first_block = -(-region[0] // HUGE_PAGE_SIZE) * HUGE_PAGE_SIZE - region[0]

    pages = set(range(region[0], region[1], _pages.PAGE_SIZE))

    def write_one_byte() -> dict[str, Any]:
        held_before = len(_pages.held_alone() & pages)
        mapping[first_block + 5] = 0xAB
        return {
            "held_before": held_before,
            "held_after": len(_pages.held_alone() & pages),
            "neighbour": mapping[first_block + _pages.PAGE_SIZE : first_block + _pages.PAGE_SIZE + 4].hex(),
        }

    seen = in_child(write_one_byte)

    # One page of the block's 512 became the child's own; the rest is still shared and intact.
    assert seen["held_after"] - seen["held_before"] == 1
    assert seen["neighbour"] == (first_block + _pages.PAGE_SIZE).to_bytes(4, "little").hex()
    assert mapping[first_block + 5] == (first_block).to_bytes(4, "little")[1]  # the parent's byte


def _huge_kib_of(pid: int) -> int:
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("AnonHugePages:"):
            return int(line.split()[1])
    return 0


def _a_primed_spare(zygote: int, primed: Path) -> Callable[[], bool]:
    """Whether a spare of ``zygote`` has primed (the fake worker leaves ``<pid>.primed`` in
    ``primed``, its ``FAKE_PRIME_DIR``): one forked now, as those forked earlier are gone."""
    return lambda: any((primed / f"{pid}.primed").exists() for pid in children(zygote))


def test_a_zygote_that_keeps_spares_puts_its_heap_in_huge_pages_before_forking_them(
    stderr_says: Callable[[str], Callable[[], bool]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # No learner report (it would replace the spare with one that copied ahead, i.e. wrote
    # into the huge pages and so split them).
    monkeypatch.setenv("FAKE_REHEARSE_FAIL", "1")
    monkeypatch.setenv("FAKE_PRIME_DIR", str(tmp_path))
    before = set(children(os.getpid()))
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        (zygote,) = set(children(os.getpid())) - before
        wait_for(stderr_says("now in huge pages"), "the heap in huge pages", limit_s=20)
        wait_for(_a_primed_spare(zygote, tmp_path), "the spare forked and primed", limit_s=20)
        served = pool.run({"action": "huge_pages"}, timeout_s=30)
        assert _huge_kib_of(zygote) >= HUGE_PAGE_SIZE // 1024
    # Served by the spare, forked after the collapse: it maps huge pages too (one forked before
    # would map the 4 KiB pages it shared then).
    assert served["primed_by"] == served["pid"]
    assert served["huge_kib"] >= HUGE_PAGE_SIZE // 1024


def test_after_its_idle_warm_up_a_zygote_puts_its_heap_in_huge_pages_again_before_forking_spares(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The idle warm-up writes every page of the fake heap (as the real one's garbage collection
    # does), which splits the huge pages the zygote shared with its spare back into 4 KiB ones.
    monkeypatch.setenv("FAKE_REHEARSE_FAIL", "1")
    monkeypatch.setenv("FAKE_IDLE_STEPS", "1")
    monkeypatch.setenv("FAKE_IDLE_WRITES", "1")
    monkeypatch.setenv("FAKE_PRIME_DIR", str(tmp_path))
    said: list[str] = []

    def collapsed_twice() -> bool:
        said.append(capfd.readouterr().err)
        return "".join(said).count("now in huge pages") == 2

    before = set(children(os.getpid()))
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        (zygote,) = set(children(os.getpid())) - before
        wait_for(collapsed_twice, "the heap in huge pages again after the idle warm-up", limit_s=30)
        # (The spare of before the idle warm-up was retired before the heap was collapsed again.)
        wait_for(_a_primed_spare(zygote, tmp_path), "the spare forked and primed", limit_s=20)
        served = pool.run({"action": "huge_pages"}, timeout_s=30)
        zygote_kib = _huge_kib_of(zygote)
    log = "".join(said)
    again = log.rindex("now in huge pages")
    assert log.index("idle warm-up done") < again
    # What the second collapsing put in huge pages (its log line: "<n> MiB of ... now in huge pages").
    assert int(log[:again].rsplit(":", 1)[-1].split()[0]) * 1024 >= HUGE_PAGE_SIZE // 1024
    assert zygote_kib >= HUGE_PAGE_SIZE // 1024
    assert served["primed_by"] == served["pid"] and served["huge_kib"] >= HUGE_PAGE_SIZE // 1024


def test_a_zygote_without_spares_leaves_its_heap_as_it_is(capfd: pytest.CaptureFixture[str]) -> None:
    if "[always]" in THP.read_text():
        pytest.skip("with huge pages always on, the kernel makes them anyway")
    before = set(children(os.getpid()))
    with RendererPool(FAKE, start_method="fork", spares=0) as pool:
        pool.run({"action": "echo"}, timeout_s=30)
        (zygote,) = set(children(os.getpid())) - before
        assert _huge_kib_of(zygote) == 0
    assert "huge pages" not in capfd.readouterr().err


def test_a_zygote_stops_putting_its_heap_in_huge_pages_after_a_slow_step_and_serves_on(
    capfd: pytest.CaptureFixture[str], stderr_says: Callable[[str], Callable[[], bool]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Where the kernel must compact memory for each huge page, a step holds up requests that
    # come meanwhile: one slow step (60 ms here) ends the collapsing, and spares follow at once.
    monkeypatch.setenv("FAKE_SLOW_COLLAPSE", "1")
    with RendererPool(FAKE, start_method="fork", spares=1) as pool:
        pool.start()
        wait_for(stderr_says("slow here"), "a slow step to stop the collapsing", limit_s=20)
        said = capfd.readouterr().err
        served = [pool.run({"action": "echo"}, timeout_s=30) for _ in range(2)]
    assert "now in huge pages" not in said
    assert all(result["pid"] for result in served)
