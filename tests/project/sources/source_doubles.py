"""What the file-source tests share: the fake clock, waits that are recorded instead of slept,
and ``github_sources`` (``FileSources`` reading from the loopback GitHub API server)."""

from __future__ import annotations

from pathlib import Path

from project.sources.github_api_server import GitHubApiServer

from mermaid_printer.project.sources import ApiPolicy, FileSources, SourceConfig

#: The clock the fake server and the client share for rate-limit resets.
NOW = 1_700_000_000.0


class RecordedWaits:
    """Stands in for ``time.sleep`` and the monotonic clock: a wait is recorded and moves the
    clock, and nothing actually waits."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.now = 0.0

    def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now


#: The sources ``github_sources`` opened; the conftest closes them after each test.
opened: list[FileSources] = []


def github_sources(
    server: GitHubApiServer, project: Path, waits: RecordedWaits, policy: ApiPolicy | None = None, **config: str | int
) -> FileSources:
    """``FileSources`` reading from ``server``, waiting through ``waits`` (closed after the test)."""
    settings: dict[str, str | int | None] = {"github_api_url": server.base_url, **config}
    sources = FileSources(
        SourceConfig.for_project(project, **settings),
        api_policy=policy,
        sleep=waits.sleep,
        clock=waits.clock,
        wall_clock=lambda: NOW,
    )
    opened.append(sources)
    return sources
