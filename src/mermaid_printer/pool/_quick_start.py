"""A warm renderer pool whose first requests do not wait for its warm-up.

A warm pool's engine process loads every bundle and draws every diagram type once before it
takes a job, so that each later job starts warm: seconds of work a first request (a script's
first ``render_svg``, an MCP client's first tool call) would wait for. Until that pool is warm,
:class:`QuickStartPool` runs each request in a pool of its own for the request's bundle, whose
engine process loads that bundle only and skips the warm-up (as a one-shot command line does),
while the warm pool gets warm beside it; from then on the warm pool runs everything, and each
quick pool is closed once no request runs in it. The drawing is the same either way: warming
up changes how fast, never what (``tests/test_warm_state.py``).
"""

from __future__ import annotations

import threading
from typing import Any

from mermaid_printer.pool._pool import RendererPool

__all__ = ["QuickStartPool"]


class QuickStartPool:
    """A :class:`RendererPool` for ``worker``, and quick pools that answer while it warms.

    Args:
        worker, worker_options: as :class:`RendererPool`'s; a quick pool's worker gets the same
            options with ``warm_up`` false and ``bundles`` the one its request needs.
    """

    def __init__(self, worker: str = "mermaid_printer.worker", *, worker_options: dict[str, Any] | None = None) -> None:
        self.warm = RendererPool(worker, worker_options=worker_options)
        self.worker = worker
        self.worker_options = self.warm.worker_options
        self._lock = threading.Lock()
        self._quick: dict[str, RendererPool] = {}
        self._running: dict[str, int] = {}
        self._warmed = False

    def __enter__(self) -> QuickStartPool:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def max_concurrency(self) -> int:
        """Jobs the warm pool runs at once."""
        return self.warm.max_concurrency

    def start(self, *, wait: bool = True, quick: tuple[str, ...] = ()) -> None:
        """Start the warm pool (see :meth:`RendererPool.start`), and the quick pools of the
        bundles ``quick`` names unless the warm pool is warm (without waiting for them): a
        server that expects a request soon has its engine loaded by then."""
        self.warm.start(wait=wait)
        for bundle in quick:
            pool = self._quick_pool(bundle)
            if pool is not None:
                try:
                    pool.start(wait=False)
                finally:
                    self._done_with(bundle)

    def run(
        self, job: Any, *, timeout_s: float, cancel: threading.Event | None = None, prime_for: str | None = None
    ) -> Any:
        """Run ``job`` as :meth:`RendererPool.run` does: in the warm pool once it is warm, else
        in the quick pool of ``prime_for`` (the bundle the job needs), started if need be."""
        quick = self._quick_pool(prime_for)
        if quick is None:
            return self.warm.run(job, timeout_s=timeout_s, cancel=cancel, prime_for=prime_for)
        assert prime_for is not None
        try:
            return quick.run(job, timeout_s=timeout_s, cancel=cancel, prime_for=prime_for)
        finally:
            self._done_with(prime_for)

    def close(self) -> None:
        """Stop every engine process (and the jobs running)."""
        with self._lock:
            quick, self._quick, self._running = list(self._quick.values()), {}, {}
            self._warmed = False
        for pool in quick:
            pool.close()
        self.warm.close()

    @property
    def quick_bundles(self) -> list[str]:
        """The bundles whose quick pool is open (for tests and monitoring)."""
        with self._lock:
            return sorted(self._quick)

    def _quick_pool(self, bundle: str | None) -> RendererPool | None:
        if bundle is None or self._warmed:
            return None
        if self.warm.is_warm():
            self._warmed = True
            self._close_idle()
            return None
        self.warm.start(wait=False)
        with self._lock:
            pool = self._quick.get(bundle)
            if pool is None:
                options = {**self.worker_options, "warm_up": False, "bundles": [bundle]}
                pool = self._quick[bundle] = RendererPool(self.worker, worker_options=options, spares=0)
            self._running[bundle] = self._running.get(bundle, 0) + 1
            return pool

    def _done_with(self, bundle: str) -> None:
        with self._lock:
            self._running[bundle] -= 1
            idle = self._warmed and not self._running[bundle]
            pool = self._quick.pop(bundle) if idle else None
        if pool is not None:
            pool.close()

    def _close_idle(self) -> None:
        with self._lock:
            idle = [bundle for bundle in self._quick if not self._running.get(bundle)]
            pools = [self._quick.pop(bundle) for bundle in idle]
        for pool in pools:
            pool.close()
