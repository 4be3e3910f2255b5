"""The result cache: repeats are answered without a render, bounded, shared through a directory,
and only what is deterministic is kept."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mounts import read_only_directory

from mermaid_printer.cache import Cached, DirectoryCache, MemoryCache, TieredCache, cache_key, default_cache
from mermaid_printer.errors import DiagramSyntaxError, InvalidInput, RenderTimeout
from mermaid_printer.jobs import RenderResult, SvgJob
from mermaid_printer.mermaid.requests import build_render_options
from mermaid_printer.pool import RendererPool
from mermaid_printer.service import Printer

SVG = RenderResult(svg="<svg/>", diagram_type="pie", warnings=["w"])


def job(code: str = "pie", timeout_ms: int = 1000) -> SvgJob:
    return SvgJob(code=code, config={"theme": "dark"}, svg_id="mermaid-1", timeout_ms=timeout_ms)


def key(of: SvgJob, **overrides: str) -> str:
    parts = {"bundle": "b1", "engine": "native", "version": "1.0", **overrides}
    return cache_key("render_svg", of, **parts)


def test_the_key_names_everything_the_output_depends_on_but_not_the_time_limit() -> None:
    base = key(job())
    assert key(job(timeout_ms=9000)) == base
    assert (
        len(
            {base, key(job("flowchart")), key(job(), bundle="b2"), key(job(), engine="wasm"), key(job(), version="1.1")}
        )
        == 5
    )


def test_a_memory_cache_keeps_the_most_recently_used_within_its_bytes() -> None:
    cache = MemoryCache(max_bytes=3 * len(b"x" * 1000) + 300)
    for name in "abcd":
        cache.put(name, Cached(result={"blob": b"x" * 1000}))
        if name == "b":
            assert cache.get("a") is not None  # a is now more recent than b

    assert [name for name in "abcd" if cache.get(name) is not None] == ["a", "c", "d"]
    stats = cache.stats()
    assert (stats.entries, stats.bytes <= cache.max_bytes) == (3, True)


def test_an_entry_larger_than_the_cache_is_not_kept() -> None:
    cache = MemoryCache(max_bytes=100)
    cache.put("big", Cached(result=b"x" * 1000))
    assert cache.get("big") is None


def test_a_directory_cache_is_shared_by_instances_and_survives_them(tmp_path: Path) -> None:
    DirectoryCache(tmp_path).put("k" * 64, Cached(result=SVG))
    assert DirectoryCache(tmp_path).get("k" * 64) == Cached(result=SVG)


def test_a_corrupted_cache_file_is_a_miss_not_an_error(tmp_path: Path) -> None:
    cache = DirectoryCache(tmp_path)
    cache.put("a" * 64, Cached(result=SVG))
    (path,) = tmp_path.glob("*/*.result")
    path.write_bytes(b"\x00\x00\x00\x09not json!")
    assert cache.get("a" * 64) is None


def test_a_read_only_cache_directory_costs_speed_never_a_request(tmp_path: Path) -> None:
    # A read-only mount as root (root writes through mode bits), the mode bits for anyone else.
    with read_only_directory(tmp_path / "read-only") as directory:
        cache = DirectoryCache(directory / "inside")
        cache.put("b" * 64, Cached(result=SVG))  # logs, does not raise

        assert cache.get("b" * 64) is None


def test_a_full_directory_drops_its_least_recently_used_files(tmp_path: Path) -> None:
    cache = DirectoryCache(tmp_path, max_bytes=2500)
    for index in range(6):
        cache.put(f"{index:02d}" + "0" * 62, Cached(result=b"x" * 1000))
    assert sum(path.stat().st_size for path in tmp_path.glob("*/*.result")) <= 2500
    assert cache.get("05" + "0" * 62) is not None


def test_the_default_cache_uses_the_directory_the_environment_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MERMAID_PRINTER_RESULT_CACHE_DIR", str(tmp_path))
    cache = default_cache()
    assert isinstance(cache, TieredCache) and isinstance(cache.directory, DirectoryCache)
    assert cache.directory.directory == tmp_path
    monkeypatch.delenv("MERMAID_PRINTER_RESULT_CACHE_DIR")
    assert isinstance(default_cache(), MemoryCache)


@pytest.mark.parametrize(("setting", "max_bytes"), [(None, 64 * 2**20), ("8", 8 * 2**20), ("0", 0)])
def test_the_memory_cache_bound_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, setting: str | None, max_bytes: int
) -> None:
    if setting is None:
        monkeypatch.delenv("MERMAID_PRINTER_RESULT_CACHE_MIB", raising=False)
    else:
        monkeypatch.setenv("MERMAID_PRINTER_RESULT_CACHE_MIB", setting)
    cache = default_cache()
    assert isinstance(cache, MemoryCache) and cache.max_bytes == max_bytes
    cache.put("0" * 64, Cached(result=b"x" * 100))
    assert (cache.get("0" * 64) is None) is (max_bytes == 0)  # 0: nothing is kept


@pytest.mark.parametrize("setting", ["-1", "lots", "1.5"])
def test_a_memory_cache_bound_that_is_not_a_number_of_mib_is_an_input_error(
    monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    monkeypatch.setenv("MERMAID_PRINTER_RESULT_CACHE_MIB", setting)
    with pytest.raises(InvalidInput) as caught:
        default_cache()
    assert caught.value.details == {"field": "MERMAID_PRINTER_RESULT_CACHE_MIB"}


class CountingPool(RendererPool):
    """The real pool (with the fake engine), counting the jobs that reach a render process."""

    def __init__(self) -> None:
        super().__init__(worker_options={"engine": "fake_engine:FakeEngine"}, spares=1)
        self.jobs: list[Any] = []
        self.primed_for: list[str | None] = []

    def run(self, job: Any, *, timeout_s: float, cancel: Any = None, prime_for: str | None = None) -> Any:
        self.jobs.append(job)
        self.primed_for.append(prime_for)
        return super().run(job, timeout_s=timeout_s, cancel=cancel, prime_for=prime_for)


@pytest.fixture(scope="module")
def counting_pool() -> Iterator[CountingPool]:
    pool = CountingPool()
    with pool:
        pool.start()
        yield pool


def test_a_repeat_is_answered_from_the_cache_marked_as_cached(counting_pool: CountingPool) -> None:
    printer = Printer(counting_pool, cache=MemoryCache())
    before = len(counting_pool.jobs)

    first = printer.render_svg(build_render_options("fake diagram\n  A"))
    second = printer.render_svg(build_render_options("fake diagram\n  A"))

    assert len(counting_pool.jobs) == before + 1
    assert (first.cached, second.cached) == (False, True)
    assert second.svg == first.svg and second.warnings == first.warnings
    stats = printer.cache_stats()
    assert stats is not None and (stats.hits, stats.misses) == (1, 1)


def test_a_syntax_error_is_cached_but_a_timeout_never_is(counting_pool: CountingPool) -> None:
    cache = MemoryCache()
    printer = Printer(counting_pool, cache=cache)
    for _ in range(2):
        with pytest.raises(DiagramSyntaxError):
            printer.parse("SYNTAX here")
    assert cache.stats().entries == 1

    timeout = RenderTimeout("too slow")
    assert Cached.of_error(timeout) is None


def test_a_render_tells_the_pool_which_bundle_its_spares_should_warm(counting_pool: CountingPool) -> None:
    for cache in (None, MemoryCache()):
        printer = Printer(counting_pool, cache=cache)
        printer.render_svg(build_render_options(f"fake diagram\n  {cache is None}"))
        assert counting_pool.primed_for[-1] == "mermaid"


def test_without_a_cache_every_request_renders(counting_pool: CountingPool) -> None:
    printer = Printer(counting_pool, cache=None)
    before = len(counting_pool.jobs)
    for _ in range(2):
        printer.render_svg(build_render_options("fake uncached\n  A"))
    assert len(counting_pool.jobs) == before + 2 and printer.cache_stats() is None
