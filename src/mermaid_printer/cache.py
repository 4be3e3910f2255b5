"""A content-addressed cache of results: the same job, bundle, engine and version give the same bytes.

Output is deterministic, so a job that ran once need not run again: docs builds and chat clients
re-render the same diagrams all day. The key is the SHA-256 of everything the output depends on
(:func:`cache_key`): the job kind and its fields (code, merged config, ``<svg>`` id, options;
not the time limit, which changes whether a job finishes, never what it makes), the bundle's
fingerprint (its files' bytes), the engine and the package version.

What is kept: results, and the errors that are as deterministic as results (``SYNTAX_ERROR``,
``UNSUPPORTED_DIAGRAM``, ``INPUT_TOO_LARGE``; a timeout or a crash depends on the moment, so it
is never cached).

Two stores, both bounded by the bytes they hold, least recently used out first:

* :class:`MemoryCache` (the default; 64 MiB): results as objects, a hit costs a dict lookup;
* :class:`DirectoryCache` (opt-in): results as wire messages in files named by their key,
  written atomically; several processes may share one directory. A file that cannot be read or
  decoded is a miss, never an error.

:class:`RedisCache` (opt-in, ``--cache-url redis://…``) keeps them in Redis, shared by every
instance of a service: a diagram one replica rendered is a hit on the others. It is bounded the same
way (its own index of sizes and last use, trimmed atomically by a script), and Redis being away
costs speed, never a request: a read is a miss and a write is skipped.

:class:`TieredCache` puts memory in front of a directory or Redis.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mermaid_printer import wire
from mermaid_printer.errors import InvalidInput, PrinterError, error_from_dict
from mermaid_printer.files import write_atomically

__all__ = [
    "CACHEABLE_ERRORS",
    "RESULT_CACHE_DIR_ENV",
    "RESULT_CACHE_MEMORY_ENV",
    "CacheStats",
    "Cached",
    "DirectoryCache",
    "MemoryCache",
    "RedisCache",
    "ResultCache",
    "TieredCache",
    "cache_key",
    "default_cache",
]

logger = logging.getLogger(__name__)

#: Environment variable naming a directory to keep results in (shared by processes).
RESULT_CACHE_DIR_ENV = "MERMAID_PRINTER_RESULT_CACHE_DIR"
#: Error codes whose answer depends only on the input, so they are cached like results.
CACHEABLE_ERRORS = frozenset({"SYNTAX_ERROR", "UNSUPPORTED_DIAGRAM", "INPUT_TOO_LARGE"})
DEFAULT_MEMORY_BYTES = 64 * 2**20
#: Environment variable: the memory cache's bound in MiB (default 64; 0: no memory cache).
RESULT_CACHE_MEMORY_ENV = "MERMAID_PRINTER_RESULT_CACHE_MIB"
DEFAULT_DIRECTORY_BYTES = 512 * 2**20
DEFAULT_REDIS_BYTES = 512 * 2**20
#: A Redis call that takes longer fails (a miss, or a skipped write).
_REDIS_TIMEOUT_S = 0.5


@dataclass(frozen=True)
class Cached:
    """What the cache holds for a key: a result, or the error the job deterministically raised."""

    result: Any = None
    error: dict[str, Any] | None = None

    def unwrap(self) -> Any:
        """The result, or raise the error (a fresh exception each time)."""
        if self.error is not None:
            raise error_from_dict(self.error)
        return self.result

    @staticmethod
    def of_error(error: PrinterError) -> Cached | None:
        """The entry for ``error``, or ``None`` when such an error must not be cached."""
        return Cached(error=error.to_dict()) if error.code in CACHEABLE_ERRORS else None


@dataclass(frozen=True)
class CacheStats:
    """Counts since the cache was made (for metrics and tests)."""

    hits: int
    misses: int
    entries: int
    bytes: int


class ResultCache(Protocol):
    """Where results are kept by key."""

    def get(self, key: str) -> Cached | None:
        """The entry under ``key``, or ``None``."""
        ...

    def put(self, key: str, entry: Cached) -> None:
        """Keep ``entry`` under ``key`` (it may be dropped at once if it is too large)."""
        ...

    def stats(self) -> CacheStats:
        """Hits, misses and what the cache holds now."""
        ...


def cache_key(kind: str, job: Any, *, bundle: str, engine: str, version: str) -> str:
    """The key of ``job`` (a job dataclass): everything its output depends on, hashed."""
    # A job without icons keys as it did before icons existed (caches stay warm).
    fields = {
        name: value
        for name, value in vars(job).items()
        if name != "timeout_ms" and not (name == "icons" and value is None)
    }
    document = {"kind": kind, "job": fields, "bundle": bundle, "engine": engine, "version": version}
    return hashlib.sha256(wire.encode(document)).hexdigest()


def _size(entry: Cached) -> int:
    return len(wire.encode({"result": entry.result, "error": entry.error}))


class MemoryCache:
    """Results as objects in this process, at most ``max_bytes`` of them (as encoded)."""

    def __init__(self, max_bytes: int = DEFAULT_MEMORY_BYTES) -> None:
        if max_bytes < 0:
            raise ValueError("max_bytes must not be negative")
        self.max_bytes = max_bytes
        self._entries: OrderedDict[str, tuple[Cached, int]] = OrderedDict()
        self._bytes = 0
        self._hits = 0
        self._misses = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> Cached | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                self._misses += 1
                return None
            self._entries.move_to_end(key)
            self._hits += 1
            return found[0]

    def put(self, key: str, entry: Cached) -> None:
        size = _size(entry)
        with self._lock:
            if key in self._entries:
                self._bytes -= self._entries.pop(key)[1]
            if size > self.max_bytes:
                return
            self._entries[key] = (entry, size)
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, (_, dropped) = self._entries.popitem(last=False)
                self._bytes -= dropped

    def stats(self) -> CacheStats:
        with self._lock:
            return CacheStats(self._hits, self._misses, len(self._entries), self._bytes)


class DirectoryCache:
    """Results as files in ``directory`` (shared by processes), at most ``max_bytes`` of them.

    Each entry is ``<key[:2]>/<key>.result``: a wire message of the entry. Reading a file
    refreshes its modification time; when the total passes ``max_bytes`` the least recently
    used files go.
    """

    _SUFFIX = ".result"

    def __init__(self, directory: Path, max_bytes: int = DEFAULT_DIRECTORY_BYTES) -> None:
        self.directory = Path(directory)
        self.max_bytes = max_bytes
        self._hits = 0
        self._misses = 0
        # Bytes this process wrote since it last summed the directory: summing on every write
        # would cost a directory scan per result.
        self._written_since_scan = max_bytes
        self._lock = threading.Lock()

    def _path(self, key: str) -> Path:
        return self.directory / key[:2] / f"{key}{self._SUFFIX}"

    def get(self, key: str) -> Cached | None:
        path = self._path(key)
        try:
            data = path.read_bytes()
            decoded = wire.decode(data)
            entry = Cached(result=decoded["result"], error=decoded["error"])
            with contextlib.suppress(OSError):
                os.utime(path)
        except (OSError, wire.WireError, KeyError, TypeError):
            with self._lock:
                self._misses += 1
            return None
        with self._lock:
            self._hits += 1
        return entry

    def put(self, key: str, entry: Cached) -> None:
        data = wire.encode({"result": entry.result, "error": entry.error})
        if len(data) > self.max_bytes:
            return
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(path, data, private=True)
            with self._lock:
                self._written_since_scan += len(data)
                due = self._written_since_scan > self.max_bytes // 10
                if due:
                    self._written_since_scan = 0
            if due:
                self._evict()
        except OSError as exc:
            # A full or read-only cache directory costs speed, never a request.
            logger.warning("result cache: cannot write %s: %s", path, exc.strerror or exc)

    def _files(self) -> list[tuple[float, int, Path]]:
        found = []
        for path in self.directory.glob(f"*/*{self._SUFFIX}"):
            with contextlib.suppress(OSError):
                status = path.stat()
                found.append((status.st_mtime, status.st_size, path))
        return found

    def _evict(self) -> None:
        files = self._files()
        total = sum(size for _, size, _ in files)
        for _, size, path in sorted(files):
            if total <= self.max_bytes:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size

    def stats(self) -> CacheStats:
        files = self._files()
        with self._lock:
            return CacheStats(self._hits, self._misses, len(files), sum(size for _, size, _ in files))


# Keep an entry and trim the cache to its bound, atomically (several instances write at once).
# KEYS: the entry, the index of last use (a sorted set), the sizes (a hash), the total (a string).
# ARGV: the encoded entry, the time, the bound in bytes.
_PUT_SCRIPT = """
local size = string.len(ARGV[1])
local old = tonumber(redis.call('HGET', KEYS[3], KEYS[1]) or '0')
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[3], KEYS[1], size)
redis.call('ZADD', KEYS[2], ARGV[2], KEYS[1])
local total = redis.call('INCRBY', KEYS[4], size - old)
local bound = tonumber(ARGV[3])
while total > bound do
  local oldest = redis.call('ZPOPMIN', KEYS[2])
  if #oldest == 0 then break end
  local dropped = tonumber(redis.call('HGET', KEYS[3], oldest[1]) or '0')
  redis.call('HDEL', KEYS[3], oldest[1])
  redis.call('DEL', oldest[1])
  total = redis.call('DECRBY', KEYS[4], dropped)
end
return total
"""


class RedisCache:
    """Results in Redis (shared by every instance pointed at it), at most ``max_bytes`` of them.

    Each entry is a wire message under ``<prefix>entry:<key>``; a sorted set orders the keys by
    last use and a hash holds their sizes, so a write past the bound drops the least recently
    used entries in the same atomic step. Give the cache a database of its own (or its own
    ``prefix``); it needs a single Redis, not a cluster. Any Redis error is a miss (reads) or a
    skipped write, logged once per outage.
    """

    def __init__(self, url: str, max_bytes: int = DEFAULT_REDIS_BYTES, *, prefix: str = "mermaid-printer:") -> None:
        try:
            import redis
        except ImportError as exc:  # pragma: no cover - the extra is part of the test install
            raise InvalidInput(
                "a Redis result cache needs the redis package: pip install 'mermaid-printer[redis]'",
                {"field": "cache_url"},
            ) from exc
        self.max_bytes = max_bytes
        self._redis = redis.Redis.from_url(
            url, socket_timeout=_REDIS_TIMEOUT_S, socket_connect_timeout=_REDIS_TIMEOUT_S
        )
        self._errors: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
        self._prefix = prefix
        self._index, self._sizes, self._total = (f"{prefix}{name}" for name in ("last-use", "sizes", "bytes"))
        self._put = self._redis.register_script(_PUT_SCRIPT)
        self._hits = 0
        self._misses = 0
        self._failing = False
        self._lock = threading.Lock()

    def _entry(self, key: str) -> str:
        return f"{self._prefix}entry:{key}"

    def get(self, key: str) -> Cached | None:
        name = self._entry(key)
        try:
            with self._redis.pipeline(transaction=False) as pipeline:
                pipeline.get(name)
                pipeline.zadd(self._index, {name: time.time()}, xx=True)
                data, _ = pipeline.execute()
            self._answered()
            decoded = wire.decode(data) if data is not None else None
            entry = None if decoded is None else Cached(result=decoded["result"], error=decoded["error"])
        except (wire.WireError, KeyError, TypeError):
            entry = None
        except self._errors as exc:
            self._failed(exc)
            entry = None
        with self._lock:
            if entry is None:
                self._misses += 1
            else:
                self._hits += 1
        return entry

    def put(self, key: str, entry: Cached) -> None:
        data = wire.encode({"result": entry.result, "error": entry.error})
        if len(data) > self.max_bytes:
            return
        name = self._entry(key)
        try:
            self._put(keys=[name, self._index, self._sizes, self._total], args=[data, time.time(), self.max_bytes])
            self._answered()
        except self._errors as exc:
            self._failed(exc)

    def stats(self) -> CacheStats:
        try:
            with self._redis.pipeline(transaction=False) as pipeline:
                pipeline.zcard(self._index)
                pipeline.get(self._total)
                entries, total = pipeline.execute()
        except self._errors:
            entries, total = 0, 0
        with self._lock:
            return CacheStats(self._hits, self._misses, int(entries), int(total or 0))

    def _failed(self, exc: BaseException) -> None:
        with self._lock:
            first, self._failing = not self._failing, True
        if first:
            logger.warning("result cache: Redis cannot be reached (%s); rendering without it until it answers", exc)

    def _answered(self) -> None:
        if self._failing:
            with self._lock:
                self._failing = False
            logger.warning("result cache: Redis answers again")


class TieredCache:
    """A memory cache in front of a shared one (a directory or Redis): a shared hit is kept in
    memory too."""

    def __init__(self, memory: MemoryCache, directory: DirectoryCache | RedisCache) -> None:
        self.memory = memory
        self.directory = directory

    def get(self, key: str) -> Cached | None:
        entry = self.memory.get(key)
        if entry is None:
            entry = self.directory.get(key)
            if entry is not None:
                self.memory.put(key, entry)
        return entry

    def put(self, key: str, entry: Cached) -> None:
        self.memory.put(key, entry)
        self.directory.put(key, entry)

    def stats(self) -> CacheStats:
        memory, directory = self.memory.stats(), self.directory.stats()
        return CacheStats(memory.hits + directory.hits, directory.misses, memory.entries, memory.bytes)


def default_cache(
    directory: str | Path | None = None, *, url: str | None = None, url_max_bytes: int = DEFAULT_REDIS_BYTES
) -> ResultCache:
    """A memory cache (``$MERMAID_PRINTER_RESULT_CACHE_MIB``, default 64 MiB), in front of Redis
    when ``url`` names one, else of a directory cache when ``directory`` (or
    ``$MERMAID_PRINTER_RESULT_CACHE_DIR``) names one.

    Raises:
        InvalidInput: ``$MERMAID_PRINTER_RESULT_CACHE_MIB`` is not a whole number of MiB.
    """
    memory = MemoryCache(_memory_bytes())
    if url:
        return TieredCache(memory, RedisCache(url, url_max_bytes))
    chosen = directory if directory is not None else os.environ.get(RESULT_CACHE_DIR_ENV)
    if not chosen:
        return memory
    return TieredCache(memory, DirectoryCache(Path(chosen).expanduser()))


def _memory_bytes() -> int:
    configured = os.environ.get(RESULT_CACHE_MEMORY_ENV, "").strip()
    if not configured:
        return DEFAULT_MEMORY_BYTES
    if not configured.isdigit():
        raise InvalidInput(
            f"${RESULT_CACHE_MEMORY_ENV} must be a whole number of MiB (0: no memory cache), not {configured!r}",
            {"field": RESULT_CACHE_MEMORY_ENV},
        )
    return int(configured) * 2**20
