"""Opening a file source by name: ``FileSources(config).open("github", repo_url=..., ref=...)``.

``BACKENDS`` maps each source name to its opener, ``(context, arguments) -> FileSource``; a new
backend is one module with an opener plus one entry here. ``FileSources`` is the context: it
holds the configuration and, made on first use, the one GitHub API client whose cache and
policies every ``github`` source shares — keep one ``FileSources`` for the life of a server.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from types import TracebackType

import httpx2

from mermaid_printer import __version__
from mermaid_printer.errors import InvalidInput
from mermaid_printer.project.sources import git, github, local
from mermaid_printer.project.sources.api_client import ApiClient, ApiPolicy
from mermaid_printer.project.sources.config import SourceConfig, load_config
from mermaid_printer.project.sources.contract import FileSource, SourceArguments, SourceContext

__all__ = ["BACKENDS", "SOURCE_NAMES", "FileSources", "SourceOpener"]

SourceOpener = Callable[[SourceContext, SourceArguments], FileSource]

BACKENDS: dict[str, SourceOpener] = {
    "local": local.open_local,
    "github": github.open_github,
    "git": git.open_git,
}
#: The names a caller may give as ``source``.
SOURCE_NAMES: tuple[str, ...] = tuple(BACKENDS)


class FileSources:
    """Opens sources; owns what they share. Thread-safe; close it (or use ``with``) to release
    the HTTP connections.

    Args:
        config: the configuration (default: ``load_config()`` from the environment).
        api_policy: cache, pacing, concurrency and retry parameters of the GitHub client.
        sleep: how retries and pacing wait (tests pass one that records instead).
        clock, wall_clock: monotonic time (cache, pacing) and epoch time (rate-limit resets).
        transport: an ``httpx2`` transport for the GitHub client (default: the network).
    """

    def __init__(
        self,
        config: SourceConfig | None = None,
        *,
        api_policy: ApiPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        transport: httpx2.BaseTransport | None = None,
    ) -> None:
        self._config = config if config is not None else load_config()
        self._api_policy = api_policy
        self._sleep = sleep
        self._clock = clock
        self._wall_clock = wall_clock
        self._transport = transport
        self._client: ApiClient | None = None
        self._lock = threading.Lock()

    @property
    def config(self) -> SourceConfig:
        return self._config

    def api_client(self) -> ApiClient:
        """The GitHub API client, made on first use."""
        with self._lock:
            if self._client is None:
                headers = {
                    "User-Agent": f"mermaid-printer/{__version__}",
                    "X-GitHub-Api-Version": "2022-11-28",
                }
                if self._config.github_token:
                    headers["Authorization"] = f"Bearer {self._config.github_token}"
                self._client = ApiClient(
                    self._config.github_api_url,
                    service="GitHub",
                    headers=headers,
                    policy=self._api_policy,
                    clock=self._clock,
                    wall_clock=self._wall_clock,
                    sleep=self._sleep,
                    transport=self._transport,
                )
            return self._client

    def open(self, source: str = "local", *, repo_url: str | None = None, ref: str | None = None) -> FileSource:
        """The source named ``source`` (one of ``SOURCE_NAMES``) with its arguments.

        Raises:
            InvalidInput: an unknown source name or an argument the source does not take.
            NotFound, ExternalServiceError: as the backend's opener raises them.
        """
        opener = BACKENDS.get(source)
        if opener is None:
            raise InvalidInput(
                f"unknown source {source!r}; choose one of {', '.join(SOURCE_NAMES)}", {"field": "source"}
            )
        return opener(self, SourceArguments(repo_url=repo_url, ref=ref))

    def close(self) -> None:
        """Release the HTTP connections (the sources opened stay usable for nothing remote)."""
        with self._lock:
            if self._client is not None:
                self._client.close()
                self._client = None

    def __enter__(self) -> FileSources:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()
