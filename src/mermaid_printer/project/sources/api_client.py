"""The one way file sources talk to a web API: an HTTP client bound to one base URL, with the
policies every request follows, in one place rather than in each backend's methods.

* **One host.** A request URL is the base URL with a relative path appended; the result is
  checked to keep the base's scheme, host, port and path prefix, and redirects are followed
  only when they stay under the base. Nothing else is ever contacted.
* **Cache.** Successful answers are kept for ``cache_ttl_s`` (least recently used out first
  beyond ``cache_max_bytes``); a hit sends no request, and threads asking for the same URL at
  once share one request.
* **Concurrency cap.** At most ``max_concurrency`` requests are in flight at once.
* **Pacing.** A token bucket: a burst of ``burst`` requests, then one every ``pace_interval_s``.
* **Retries.** A rate-limit answer (403 with ``x-ratelimit-remaining: 0`` and
  ``x-ratelimit-reset``, or 403/429 with ``Retry-After``), a transient 5xx or a network failure
  is retried up to ``max_attempts`` in all, waiting what the server asked or ``backoff_base_s``
  doubling up to ``backoff_max_s``. A wait longer than ``max_wait_s`` is not slept: the request
  fails at once. Either way the final ``ExternalServiceError`` carries ``details.retry_after_s``.

The defaults keep well inside GitHub's documented limits (900 REST points a minute, no more than
100 concurrent requests) while a documenting agent reads dozens of files in a burst. Clock and
sleep are parameters so tests run without waiting.

Callers get an :class:`Answer` for every final status (their meaning is the backend's business)
and only ``mermaid_printer.errors`` exceptions — never an ``httpx2`` exception.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

import httpx2

from mermaid_printer.errors import ExternalServiceError, InvalidInput

__all__ = ["Answer", "ApiClient", "ApiPolicy", "Pacer", "TtlCache"]

_TRANSIENT_STATUSES = frozenset({500, 502, 503, 504})
_REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
_MAX_REDIRECTS = 3


@dataclass(frozen=True)
class ApiPolicy:
    """The policies' parameters (module docstring); times in seconds."""

    cache_ttl_s: float = 300.0
    cache_max_bytes: int = 32 * 2**20
    max_concurrency: int = 4
    burst: int = 20
    pace_interval_s: float = 0.1
    max_attempts: int = 4
    backoff_base_s: float = 1.0
    backoff_max_s: float = 8.0
    max_wait_s: float = 60.0
    timeout_s: float = 30.0
    #: The largest answer read whole (a JSON document); bigger ones are refused.
    max_body_bytes: int = 64 * 2**20


@dataclass(frozen=True)
class Answer:
    """A final answer: its status, headers and body (``more``: the body went on past the bytes
    asked for, which were all that was read)."""

    status: int
    headers: Mapping[str, str]
    body: bytes
    more: bool = False

    def json(self, service: str) -> object:
        """The body as JSON.

        Raises:
            ExternalServiceError: the body is not JSON.
        """
        try:
            parsed: object = json.loads(self.body)
        except ValueError:
            raise ExternalServiceError(f"{service} answered with something that is not JSON") from None
        return parsed


class TtlCache:
    """Answers by key for ``ttl_s`` seconds, at most ``max_bytes`` of bodies (LRU). Thread-safe."""

    def __init__(self, ttl_s: float, max_bytes: int, clock: Callable[[], float]) -> None:
        self._ttl_s = ttl_s
        self._max_bytes = max_bytes
        self._clock = clock
        self._entries: OrderedDict[tuple[str, ...], tuple[float, Answer]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: tuple[str, ...]) -> Answer | None:
        """The answer kept under ``key`` if it has not expired."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            stored_at, answer = entry
            if self._clock() - stored_at > self._ttl_s:
                self._drop(key)
                return None
            self._entries.move_to_end(key)
            return answer

    def put(self, key: tuple[str, ...], answer: Answer) -> None:
        """Keep ``answer`` (unless it alone is larger than the cache)."""
        if len(answer.body) > self._max_bytes:
            return
        with self._lock:
            if key in self._entries:
                self._drop(key)
            self._entries[key] = (self._clock(), answer)
            self._bytes += len(answer.body)
            while self._bytes > self._max_bytes:
                self._drop(next(iter(self._entries)))

    def _drop(self, key: tuple[str, ...]) -> None:
        _, answer = self._entries.pop(key)
        self._bytes -= len(answer.body)


class Pacer:
    """A token bucket: ``burst`` requests at once, then one per ``interval_s``. Thread-safe; a
    caller that must wait reserves its slot first, so waits add up fairly."""

    def __init__(self, burst: int, interval_s: float, clock: Callable[[], float], sleep: Callable[[float], None]):
        self._capacity = float(burst)
        self._interval_s = interval_s
        self._clock = clock
        self._sleep = sleep
        self._tokens = float(burst)
        self._updated = clock()
        self._lock = threading.Lock()

    def wait_turn(self) -> None:
        """Return when the next request may be sent."""
        with self._lock:
            now = self._clock()
            if self._interval_s > 0:
                refill = (now - self._updated) / self._interval_s
                self._tokens = min(self._capacity, self._tokens + refill)
            else:
                self._tokens = self._capacity
            self._updated = now
            self._tokens -= 1.0
            wait = -self._tokens * self._interval_s if self._tokens < 0 else 0.0
        if wait > 0:
            self._sleep(wait)


class _Retry(Exception):
    """One attempt failed in a way worth retrying after ``wait_s`` (``None``: use the backoff)."""

    def __init__(self, reason: str, wait_s: float | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.wait_s = wait_s


class ApiClient:
    """GET requests to one API under the shared policies (module docstring)."""

    def __init__(
        self,
        base_url: str,
        *,
        service: str = "GitHub",
        headers: Mapping[str, str] | None = None,
        policy: ApiPolicy | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        transport: httpx2.BaseTransport | None = None,
    ) -> None:
        self.policy = policy or ApiPolicy()
        self.service = service
        self._base = httpx2.URL(base_url if base_url.endswith("/") else base_url + "/")
        self._wall_clock = wall_clock
        self._sleep = sleep
        self._cache = TtlCache(self.policy.cache_ttl_s, self.policy.cache_max_bytes, clock)
        self._pacer = Pacer(self.policy.burst, self.policy.pace_interval_s, clock, sleep)
        self._slots = threading.BoundedSemaphore(self.policy.max_concurrency)
        self._flights: dict[tuple[str, ...], threading.Event] = {}
        self._flights_lock = threading.Lock()
        self._client = httpx2.Client(
            headers=dict(headers or {}),
            timeout=self.policy.timeout_s,
            follow_redirects=False,
            transport=transport,
        )

    def close(self) -> None:
        """Close the connections (the client cannot be used afterwards)."""
        self._client.close()

    def url(self, path: str, params: Mapping[str, str] | None = None) -> httpx2.URL:
        """The URL of ``path`` (relative, already percent-encoded) under the base.

        Raises:
            InvalidInput: the result would leave the base (``..``, a scheme, a host).
        """
        if path.startswith("/") or "://" in path or "?" in path or "#" in path or "\\" in path:
            raise InvalidInput(f"refusing a request path outside the {self.service} API: {path!r}")
        if any(segment in ("..", ".") for segment in path.split("/")):
            raise InvalidInput(f"refusing a request path outside the {self.service} API: {path!r}")
        url = self._base.join(path)
        if params:
            url = url.copy_merge_params(dict(params))
        self._check_under_base(url)
        return url

    def _check_under_base(self, url: httpx2.URL) -> None:
        base = self._base
        if (url.scheme, url.host, url.port) != (base.scheme, base.host, base.port) or not url.raw_path.startswith(
            base.raw_path
        ):
            raise InvalidInput(f"refusing a request outside the {self.service} API base {base}: {url}")

    def get(
        self, path: str, params: Mapping[str, str] | None = None, *, accept: str, max_bytes: int | None = None
    ) -> Answer:
        """GET ``path`` under the base: from the cache, or under the policies.

        Args:
            accept: the ``Accept`` header (the media type decides the body's shape).
            max_bytes: read at most this many body bytes (``Answer.more`` says the body went
                on); ``None``: the whole body, refused beyond ``policy.max_body_bytes``.

        Raises:
            ExternalServiceError: retries ran out, a wait was too long, the service could not
                be reached, or its answer was too large.
            InvalidInput: the path would leave the base.
        """
        url = self.url(path, params)
        key = (str(url), accept, str(max_bytes))
        while True:
            cached = self._cache.get(key)
            if cached is not None:
                return cached
            with self._flights_lock:
                flight = self._flights.get(key)
                leader = flight is None
                if leader:
                    self._flights[key] = threading.Event()
            if leader:
                break
            assert flight is not None
            flight.wait()  # the leader's answer is in the cache now, unless it failed
        try:
            answer = self._get_with_retries(url, accept, max_bytes)
            if answer.status == 200:
                self._cache.put(key, answer)
            return answer
        finally:
            with self._flights_lock:
                self._flights.pop(key).set()

    def _get_with_retries(self, url: httpx2.URL, accept: str, max_bytes: int | None) -> Answer:
        policy = self.policy
        for attempt in range(1, policy.max_attempts + 1):
            try:
                return self._get_following_redirects(url, accept, max_bytes)
            except _Retry as retry:
                backoff = min(policy.backoff_max_s, policy.backoff_base_s * 2 ** (attempt - 1))
                wait = backoff if retry.wait_s is None else max(retry.wait_s, 0.0)
                if attempt == policy.max_attempts or wait > policy.max_wait_s:
                    tried = f"after {attempt} attempt{'s' if attempt > 1 else ''}"
                    raise ExternalServiceError(
                        f"{retry.reason} ({tried}); try again in {math.ceil(wait)} s",
                        {"service": self.service, "retry_after_s": math.ceil(wait), "attempts": attempt},
                    ) from None
                self._sleep(wait)
        raise AssertionError("unreachable: the last attempt returns or raises")

    def _get_following_redirects(self, url: httpx2.URL, accept: str, max_bytes: int | None) -> Answer:
        for _ in range(_MAX_REDIRECTS + 1):
            answer = self._send(url, accept, max_bytes)
            if answer.status not in _REDIRECT_STATUSES:
                return answer
            location = answer.headers.get("location", "")
            target = url.join(location)
            try:
                self._check_under_base(target)
            except InvalidInput:
                raise ExternalServiceError(
                    f"{self.service} redirected a request outside its API base (to {target.host}); not followed",
                    {"service": self.service},
                ) from None
            url = target
        raise ExternalServiceError(f"{self.service} redirected too many times", {"service": self.service})

    def _send(self, url: httpx2.URL, accept: str, max_bytes: int | None) -> Answer:
        """One request under the pacing and the concurrency cap; raises ``_Retry`` for what is
        worth retrying."""
        self._pacer.wait_turn()
        with self._slots, self._transport_errors():
            request = self._client.build_request("GET", url, headers={"Accept": accept})
            response = self._client.send(request, stream=True)
            try:
                limit = self.policy.max_body_bytes if max_bytes is None else max_bytes
                body, more = _read_body(response, limit)
            finally:
                response.close()
        if more and max_bytes is None:
            raise ExternalServiceError(
                f"{self.service} answered with more than {self.policy.max_body_bytes} bytes; not read",
                {"service": self.service},
            )
        answer = Answer(
            response.status_code, {name.lower(): value for name, value in response.headers.items()}, body, more
        )
        self._raise_if_retryable(answer)
        return answer

    @contextlib.contextmanager
    def _transport_errors(self) -> Iterator[None]:
        try:
            yield
        except httpx2.TimeoutException:
            raise _Retry(f"{self.service} did not answer in time", None) from None
        except (httpx2.HTTPError, OSError) as error:
            raise _Retry(f"{self.service} could not be reached ({type(error).__name__})", None) from None

    def _raise_if_retryable(self, answer: Answer) -> None:
        status, headers = answer.status, answer.headers
        retry_after = _retry_after_s(headers.get("retry-after"), self._wall_clock())
        if status == 429 or (status == 403 and retry_after is not None):
            raise _Retry(f"{self.service} is rate limiting these requests", retry_after)
        if status == 403 and headers.get("x-ratelimit-remaining") == "0":
            reset = headers.get("x-ratelimit-reset", "")
            wait = float(reset) - self._wall_clock() if reset.strip().isdigit() else None
            where = "" if self._has_token() else " (set GITHUB_TOKEN for a higher limit)"
            raise _Retry(f"{self.service}'s API rate limit is used up{where}", None if wait is None else max(wait, 1.0))
        if status in _TRANSIENT_STATUSES:
            raise _Retry(f"{self.service} is unavailable (HTTP {status})", retry_after)

    def _has_token(self) -> bool:
        return "authorization" in self._client.headers


def _read_body(response: httpx2.Response, limit: int) -> tuple[bytes, bool]:
    """At most ``limit`` bytes of the body, and whether it went on."""
    chunks: list[bytes] = []
    size = 0
    for chunk in response.iter_bytes():
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            return b"".join(chunks)[:limit], True
    return b"".join(chunks), False


def _retry_after_s(value: str | None, now: float) -> float | None:
    """``Retry-After`` in seconds from now: delta seconds or an HTTP date."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - now, 0.0)
