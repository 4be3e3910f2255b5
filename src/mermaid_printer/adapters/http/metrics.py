"""The service's Prometheus metrics (``GET /metrics``), in a registry of the app's own.

Requests and renders by outcome and error code, latency histograms, the admission state (rendering,
waiting, turned away), rate-limit rejections, and the result cache's hits and misses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from mermaid_printer.cache import CacheStats

__all__ = ["CONTENT_TYPE", "ServiceMetrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


class _CacheCollector(Collector):
    def __init__(self, stats: Callable[[], CacheStats | None]) -> None:
        self._stats = stats

    def collect(self) -> Iterator[GaugeMetricFamily]:
        stats = self._stats()
        if stats is None:
            return
        for name, value, text in (
            ("hits", stats.hits, "results answered from the cache"),
            ("misses", stats.misses, "results not in the cache"),
            ("entries", stats.entries, "results held"),
            ("bytes", stats.bytes, "bytes held"),
        ):
            yield GaugeMetricFamily(f"mermaid_printer_cache_{name}", f"Result cache: {text}.", value=value)


class ServiceMetrics:
    """Every metric the service exports."""

    def __init__(self, cache_stats: Callable[[], CacheStats | None]) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.requests = Counter(
            "mermaid_printer_http_requests",
            "HTTP requests by route and status.",
            ["route", "status"],
            registry=registry,
        )
        self.latency = Histogram(
            "mermaid_printer_http_request_seconds",
            "HTTP request latency by route.",
            ["route"],
            buckets=_LATENCY_BUCKETS,
            registry=registry,
        )
        self.renders = Counter(
            "mermaid_printer_renders",
            "Renders by outcome (ok, error) and error code.",
            ["outcome", "code"],
            registry=registry,
        )
        self.rate_limited = Counter(
            "mermaid_printer_rate_limited", "Requests refused by the rate limit (429).", registry=registry
        )
        self.rate_limit_storage_errors = Counter(
            "mermaid_printer_rate_limit_storage_errors",
            "Rate-limit checks Redis did not answer (counted in this process's memory instead).",
            registry=registry,
        )
        self.not_modified = Counter(
            "mermaid_printer_not_modified",
            "Conditional GETs answered 304 from the ETag alone, without rendering.",
            registry=registry,
        )
        self.rejected = Counter(
            "mermaid_printer_admission_rejected",
            "Requests turned away because every renderer and queue place was taken (503).",
            registry=registry,
        )
        self.active = Gauge("mermaid_printer_requests_rendering", "Requests holding a renderer now.", registry=registry)
        self.queued = Gauge(
            "mermaid_printer_requests_waiting", "Requests waiting for a renderer now.", registry=registry
        )
        registry.register(_CacheCollector(cache_stats))

    def exposition(self) -> bytes:
        """The Prometheus text format of every metric."""
        return bytes(generate_latest(self.registry))
