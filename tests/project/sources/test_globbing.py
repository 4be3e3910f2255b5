"""One glob grammar: a table of patterns over one tree, with the files each must match, checked
on the pattern itself and through every backend (the project on disk, a git commit, a GitHub
repository on the loopback server)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from project.sources.github_api_server import GitHubApiServer, Repository

from mermaid_printer.errors import InvalidInput
from mermaid_printer.project.sources import FileSource, FileSources, SourceConfig, compile_glob

TREE = (
    ".hidden.py",
    "README.md",
    "a/b",
    "a/x/y/b",
    "docs/a[1].md",
    "docs/guide.md",
    "docs/img/logo.svg",
    "setup.py",
    "src/app.py",
    "src/pkg/data.json",
    "src/pkg/deep/inner.py",
    "src/pkg/mod.py",
)
EVERY_PY = {".hidden.py", "setup.py", "src/app.py", "src/pkg/deep/inner.py", "src/pkg/mod.py"}

# (root, pattern, the files it lists — paths relative to the base, as results give them)
TABLE: list[tuple[str, str, set[str]]] = [
    (".", "**/*", set(TREE)),
    (".", "**", set(TREE)),
    (".", "*", {".hidden.py", "README.md", "setup.py"}),
    (".", "*.py", {".hidden.py", "setup.py"}),
    (".", "**/*.py", EVERY_PY),
    (".", "./**//*.py", EVERY_PY),
    (".", "src/**/*.py", {"src/app.py", "src/pkg/deep/inner.py", "src/pkg/mod.py"}),
    (".", "src/*/*.py", {"src/pkg/mod.py"}),
    (".", "src/**", {"src/app.py", "src/pkg/data.json", "src/pkg/deep/inner.py", "src/pkg/mod.py"}),
    (".", "**/pkg/**", {"src/pkg/data.json", "src/pkg/deep/inner.py", "src/pkg/mod.py"}),
    (".", "a/**/b", {"a/b", "a/x/y/b"}),
    (".", "a/*/b", set()),
    (".", "*/*.md", {"docs/a[1].md", "docs/guide.md"}),
    (".", "??????.md", {"README.md"}),
    (".", "?????.md", set()),
    (".", "README.MD", set()),
    (".", "src/pkg/[dm]*", {"src/pkg/data.json", "src/pkg/mod.py"}),
    (".", "src/pkg/[!d]*", {"src/pkg/mod.py"}),
    (".", "src/pkg/[^d]*", {"src/pkg/mod.py"}),
    (".", "src/pkg/[a-l]*.*", {"src/pkg/data.json"}),
    (".", "docs/a\\[1\\].md", {"docs/a[1].md"}),
    (".", "docs/a[[]1].md", {"docs/a[1].md"}),
    (".", "**/*.{md,py}", set()),
    (".", "s**/app.py", {"src/app.py"}),
    ("src", "**/*.py", {"src/app.py", "src/pkg/deep/inner.py", "src/pkg/mod.py"}),
    ("src", "*.py", {"src/app.py"}),
    ("src/pkg", "**", {"src/pkg/data.json", "src/pkg/deep/inner.py", "src/pkg/mod.py"}),
    ("docs", "**/*.svg", {"docs/img/logo.svg"}),
]
IDS = [f"{root}:{pattern}" for root, pattern, _ in TABLE]


def content(path: str) -> bytes:
    return f"{path}\n".encode()


@pytest.mark.parametrize(("root", "pattern", "expected"), TABLE, ids=IDS)
def test_a_pattern_matches_exactly_its_files(root: str, pattern: str, expected: set[str]) -> None:
    compiled = compile_glob(pattern)
    prefix = "" if root == "." else f"{root}/"

    matched = {path for path in TREE if path.startswith(prefix) and compiled.matches(path.removeprefix(prefix))}

    assert matched == expected


@pytest.fixture(scope="module")
def backends(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, FileSource]]:
    project = tmp_path_factory.mktemp("glob-project")
    for path in TREE:
        (project / path).parent.mkdir(parents=True, exist_ok=True)
        (project / path).write_bytes(content(path))
    environment = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    environment |= {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@t.invalid"}
    environment |= {"GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@t.invalid"}
    for command in (["init", "--quiet"], ["add", "-A"], ["commit", "--quiet", "-m", "tree"]):
        subprocess.run(["git", *command], cwd=project, env=environment, check=True, capture_output=True)
    server = GitHubApiServer({"octo/glob": Repository("main", {"main": {path: content(path) for path in TREE}})})
    server.start()
    sources = FileSources(SourceConfig.for_project(project, github_api_url=server.base_url))
    try:
        yield {
            "local": sources.open("local"),
            "git": sources.open("git"),
            "github": sources.open("github", repo_url="octo/glob"),
        }
    finally:
        sources.close()
        server.stop()


@pytest.mark.parametrize("backend", ["local", "git", "github"])
@pytest.mark.parametrize(("root", "pattern", "expected"), TABLE, ids=IDS)
def test_every_backend_lists_the_same_files_for_a_pattern(
    backends: dict[str, FileSource], backend: str, root: str, pattern: str, expected: set[str]
) -> None:
    listing = backends[backend].list_files(root, pattern)

    assert listing.files == tuple(sorted(expected))


@pytest.mark.parametrize("backend", ["local", "git", "github"])
def test_every_backend_applies_the_glob_to_direct_children_when_not_recursive(
    backends: dict[str, FileSource], backend: str
) -> None:
    listing = backends[backend].list_files("src", "**/*.py", recursive=False)

    assert (listing.files, listing.directories) == (("src/app.py",), ("src/pkg",))


@pytest.mark.parametrize(
    ("pattern", "why"),
    [
        ("", "empty"),
        ("/src/*.py", "absolute"),
        ("C:/src/*.py", "absolute"),
        ("../*.py", "'..' is not allowed"),
        ("src/[ab", "not closed"),
        ("src[/]app.py", "not closed"),
        ("[z-a]", "reversed"),
        ("./", "names no file"),
    ],
)
def test_a_malformed_pattern_is_refused_naming_the_glob_field(pattern: str, why: str) -> None:
    with pytest.raises(InvalidInput, match=why) as caught:
        compile_glob(pattern)

    assert caught.value.details == {"field": "glob"}


def test_a_pattern_never_matches_across_a_slash() -> None:
    for pattern in ("src*", "src?app.py", "src[!a]app.py"):
        assert not compile_glob(pattern).matches("src/app.py"), pattern


def test_a_listing_checks_its_glob_before_touching_anything(tmp_path: Path) -> None:
    with FileSources(SourceConfig.for_project(tmp_path)) as sources, pytest.raises(InvalidInput, match="glob"):
        sources.open("local").list_files("does-not-exist", "[")
