"""Diagram sources: the files an agent lists and reads to document a codebase.

One contract (``FileSource``: ``list_files`` and ``read_file``, results ``FileListing`` and
``FileContent``), several backends (``local``: the project directory; ``github``: a repository
through the REST API; ``git``: a local repository at any ref), opened by name through
``FileSources``, configured from the environment by ``load_config``. Paths, globs, limits and the
meaning of "binary" are the same for every backend (``contract``, ``globbing``). Sources run in
the server process, never inside the render sandbox.

    with FileSources() as sources:
        tree = sources.open("github", repo_url="owner/name", ref="main")
        listing = tree.list_files("src", "**/*.py")
        first = tree.read_file(listing.files[0], max_chars=20_000)
"""

from __future__ import annotations

from mermaid_printer.project.sources.api_client import ApiPolicy
from mermaid_printer.project.sources.config import (
    DEFAULT_MAX_FILE_CHARS,
    DEFAULT_MAX_LIST_FILES,
    PUBLIC_GITHUB_API_URL,
    SourceConfig,
    load_config,
)
from mermaid_printer.project.sources.contract import (
    FileContent,
    FileListing,
    FileSource,
    SourceArguments,
    normalize_path,
)
from mermaid_printer.project.sources.factory import BACKENDS, SOURCE_NAMES, FileSources
from mermaid_printer.project.sources.globbing import DEFAULT_GLOB, compile_glob

__all__ = [
    "BACKENDS",
    "DEFAULT_GLOB",
    "DEFAULT_MAX_FILE_CHARS",
    "DEFAULT_MAX_LIST_FILES",
    "PUBLIC_GITHUB_API_URL",
    "SOURCE_NAMES",
    "ApiPolicy",
    "FileContent",
    "FileListing",
    "FileSource",
    "FileSources",
    "SourceArguments",
    "SourceConfig",
    "compile_glob",
    "load_config",
    "normalize_path",
]
