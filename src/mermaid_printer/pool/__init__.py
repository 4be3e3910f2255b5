"""The renderer pool: a warm engine process and a fresh, single-use process per job.

The engine process imports a worker module and runs its ``prepare()`` once (for the real
worker: load the bundles, the slow part of starting). Each job then runs in a new process forked
from it, which handles exactly one job and exits, so no job can see or disturb another, and
a crash, a hang or a memory blow-up costs only that one process.
"""

from mermaid_printer.pool._pool import JobCancelled, RendererPool
from mermaid_printer.pool._quick_start import QuickStartPool

__all__ = ["JobCancelled", "QuickStartPool", "RendererPool"]
