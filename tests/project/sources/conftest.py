"""Fixtures for the file sources: a project directory, a GitHub API server on loopback, and
recorded (never slept) waits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from github_api_server import GitHubApiServer, Repository

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


def octo_docs() -> Repository:
    """The repository most GitHub tests read."""
    main = {
        "README.md": b"# Octo docs\n",
        "src/app.py": b"print('app')\n",
        "src/pkg/mod.py": b"VALUE = 1\n",
        "src/pkg/deep/inner.py": b"INNER = 2\n",
        "docs/guide.md": "# Guide ✓\n".encode(),
        "docs/img/logo.png": b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR",
        "big/huge.txt": b"0123456789" * 3000,
    }
    feature = {**main, "docs/guide.md": b"# Guide on the feature branch\n", "docs/new.md": b"new\n"}
    tag = {"README.md": b"# Octo docs v1\n"}
    return Repository(
        default_branch="main",
        refs={"main": main, "feature/x": feature, "v1": tag},
        links={"main": {"link-to-readme": "README.md"}},
    )


def octo_many() -> Repository:
    return Repository(
        default_branch="main", refs={"main": {f"f{n:02d}.txt": f"file {n}\n".encode() for n in range(20)}}
    )


@pytest.fixture
def github_server() -> Iterator[GitHubApiServer]:
    server = GitHubApiServer({"octo/docs": octo_docs(), "octo/many": octo_many()})
    server.now = lambda: NOW
    server.start()
    try:
        yield server
    finally:
        server.stop()
    assert server.errors == []


@pytest.fixture
def waits() -> RecordedWaits:
    return RecordedWaits()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    root.mkdir()
    return root


_opened: list[FileSources] = []


@pytest.fixture(autouse=True)
def _close_sources() -> Iterator[None]:
    yield
    while _opened:
        _opened.pop().close()


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
    _opened.append(sources)
    return sources
