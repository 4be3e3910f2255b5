"""The Redis paths with a real ``redis-server`` on loopback: the rate limit shared by two apps,
failing open while Redis is away and exact again when it is back; the shared result cache,
bounded, shared, and harmless when Redis is away."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from adapter_fakes import FakePrinter
from adapters.http.loopback import request, serving
from adapters.http.real_servers import REDIS, RedisServer

from mermaid_printer import wire
from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.cache import Cached, MemoryCache, RedisCache, TieredCache, default_cache

pytestmark = pytest.mark.skipif(REDIS is None, reason="redis-server is not installed (.ci/run installs it)")

CODE = {"code": "flowchart TD\n  A --> B\n"}


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis").start()
    try:
        yield server
    finally:
        server.stop()


def _statuses(base: str, count: int) -> list[int]:
    return [request("POST", base + "/api/verify", CODE).status for _ in range(count)]


def test_two_instances_share_one_exact_limit_in_redis(redis_server: RedisServer) -> None:
    settings = HttpSettings(rate_limit="3/hour", redis_url=redis_server.url)
    with serving(build_app(settings, FakePrinter())) as first, serving(build_app(settings, FakePrinter())) as second:
        statuses = [request("POST", base + "/api/verify", CODE).status for base in (first, second) * 2]
    assert statuses == [200, 200, 200, 429]


def test_with_redis_stopped_the_limit_fails_open_to_memory_and_is_shared_again_when_redis_returns(
    redis_server: RedisServer,
) -> None:
    settings = HttpSettings(rate_limit="2/hour", redis_url=redis_server.url, redis_retry_s=0)
    with serving(build_app(settings, FakePrinter())) as base:
        assert _statuses(base, 3) == [200, 200, 429]
        redis_server.stop()
        # Redis away: no 500, the limit counts in this process's memory (fresh: 2 more pass).
        away = _statuses(base, 3)
        metrics = request("GET", base + "/metrics").body.decode()
        redis_server.start()  # empty again (no persistence): the shared count starts over
        back = _statuses(base, 3)
    assert away == [200, 200, 429]
    assert "mermaid_printer_rate_limit_storage_errors_total 3.0" in metrics
    assert back == [200, 200, 429]


def test_redis_that_never_answered_costs_no_request(tmp_path: Path) -> None:
    never = RedisServer(tmp_path / "never")  # a free port nobody listens on
    settings = HttpSettings(rate_limit="2/hour", redis_url=never.url)
    with serving(build_app(settings, FakePrinter())) as base:
        assert _statuses(base, 3) == [200, 200, 429]


# --- the shared result cache ---------------------------------------------------------------------------


def test_a_result_one_instance_cached_in_redis_is_a_hit_for_another(redis_server: RedisServer) -> None:
    writer, reader = RedisCache(redis_server.url), RedisCache(redis_server.url)
    writer.put("k1", Cached(result={"svg": "<svg/>"}))
    assert reader.get("k1") == Cached(result={"svg": "<svg/>"})
    assert reader.get("k2") is None
    stats = reader.stats()
    assert (stats.hits, stats.misses, stats.entries) == (1, 1, 1) and stats.bytes > 0
    tiered = default_cache(url=redis_server.url)
    assert isinstance(tiered, TieredCache) and isinstance(tiered.memory, MemoryCache)
    assert tiered.get("k1") == Cached(result={"svg": "<svg/>"})


def test_the_redis_cache_keeps_within_its_bound_least_recently_used_out_first(redis_server: RedisServer) -> None:
    entry = Cached(result={"svg": "x" * 1000})
    size = len(wire.encode({"result": entry.result, "error": None}))
    cache = RedisCache(redis_server.url, max_bytes=3 * size)
    for key in ("a", "b", "c"):
        cache.put(key, entry)
    assert cache.get("a") == entry  # "a" is now the most recently used
    cache.put("d", entry)  # one over the bound: "b", the least recently used, goes
    assert [cache.get(key) is not None for key in ("a", "b", "c", "d")] == [True, False, True, True]
    assert cache.stats().bytes == 3 * size and cache.stats().entries == 3
    cache.put("huge", Cached(result={"svg": "x" * (4 * size)}))  # larger than the bound: not kept
    assert cache.get("huge") is None and cache.stats().entries == 3


def test_the_redis_cache_is_a_miss_while_redis_is_away_and_works_again_when_it_returns(
    redis_server: RedisServer,
) -> None:
    cache = RedisCache(redis_server.url)
    cache.put("k", Cached(result=1))
    redis_server.stop()
    assert cache.get("k") is None
    cache.put("other", Cached(result=2))  # skipped, not raised
    redis_server.start()
    assert cache.get("k") is None  # Redis came back empty
    cache.put("k", Cached(result=3))
    assert cache.get("k") == Cached(result=3)
