"""Fixtures for the file sources: a project directory, a GitHub API server on loopback, and
recorded (never slept) waits."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from project.sources.github_api_server import GitHubApiServer, Repository
from project.sources.source_doubles import NOW, RecordedWaits, opened


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


@pytest.fixture(autouse=True)
def _close_sources() -> Iterator[None]:
    yield
    while opened:
        opened.pop().close()
