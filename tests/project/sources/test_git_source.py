"""The git source reads a repository made here with the git command — two commits, a branch, a
tag — at each ref, from its objects, whatever the working tree holds."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from mermaid_printer.errors import ExternalServiceError, InvalidInput, NotFound
from mermaid_printer.project.sources import FileSources, SourceConfig


def git(repository: Path, *arguments: str) -> str:
    environment = {
        **{name: value for name, value in os.environ.items() if not name.startswith("GIT_")},
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.invalid",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.invalid",
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    done = subprocess.run(["git", *arguments], cwd=repository, env=environment, capture_output=True, check=True)
    return done.stdout.decode().strip()


def write(root: Path, files: dict[str, bytes]) -> None:
    for relative, data in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_bytes(data)


@pytest.fixture
def repository(project: Path) -> dict[str, str]:
    """The project is a repository: commit 1 (tag v1) on main, commit 2 on main, commit 3 on the
    branch feature; HEAD is main; the working tree then holds uncommitted changes."""
    git(project, "init", "--quiet", "--initial-branch=main")
    write(project, {"README.md": b"# One\n", "src/app.py": b"print(1)\n", "docs/logo.png": b"\x89PNG\0\0"})
    os.symlink("README.md", project / "readme-link")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "one")
    git(project, "tag", "v1")
    first = git(project, "rev-parse", "HEAD")
    write(project, {"README.md": b"# Two\n", "src/pkg/mod.py": b"VALUE = 2\n"})
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "two")
    second = git(project, "rev-parse", "HEAD")
    git(project, "checkout", "--quiet", "-b", "feature")
    write(project, {"docs/feature.md": b"feature\n"})
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "three")
    third = git(project, "rev-parse", "HEAD")
    git(project, "checkout", "--quiet", "main")
    write(project, {"README.md": b"# Uncommitted\n", "untracked.md": b"untracked\n"})
    return {"first": first, "second": second, "third": third}


@pytest.fixture
def sources(project: Path) -> FileSources:
    return FileSources(SourceConfig.for_project(project))


def test_each_ref_reads_its_own_commit(sources: FileSources, repository: dict[str, str]) -> None:
    head = sources.open("git")
    tag = sources.open("git", ref="v1")
    branch = sources.open("git", ref="feature")
    by_id = sources.open("git", ref=repository["first"][:10])
    parent = sources.open("git", ref="feature~1")

    assert head.read_file("README.md").text == "# Two\n"
    assert tag.read_file("README.md").text == "# One\n"
    assert branch.read_file("docs/feature.md").text == "feature\n"
    assert by_id.read_file("README.md").text == "# One\n"
    assert [source.read_file("README.md").revision for source in (head, tag, branch, by_id, parent)] == [
        repository["second"],
        repository["first"],
        repository["third"],
        repository["first"],
        repository["second"],
    ]


def test_a_listing_holds_the_commits_files_without_links_or_the_working_trees_changes(
    sources: FileSources, repository: dict[str, str]
) -> None:
    assert sources.open("git", ref="v1").list_files().files == ("README.md", "docs/logo.png", "src/app.py")
    main = sources.open("git").list_files()
    assert main.files == ("README.md", "docs/logo.png", "src/app.py", "src/pkg/mod.py")
    assert (main.revision, main.complete) == (repository["second"], True)


def test_a_listing_from_a_root_and_a_non_recursive_listing(sources: FileSources, repository: dict[str, str]) -> None:
    feature = sources.open("git", ref="feature")

    assert feature.list_files("src", "**/*.py").files == ("src/app.py", "src/pkg/mod.py")
    top = feature.list_files(recursive=False)
    assert (top.files, top.directories) == (("README.md",), ("docs", "src"))


def test_missing_refs_paths_and_repositories_are_not_found(
    sources: FileSources, project: Path, repository: dict[str, str]
) -> None:
    with pytest.raises(NotFound, match="has no ref 'nope'"):
        sources.open("git", ref="nope")
    source = sources.open("git")
    with pytest.raises(NotFound, match=r"docs/feature\.md does not exist"):
        source.read_file("docs/feature.md")
    with pytest.raises(NotFound, match="directory lib does not exist"):
        source.list_files("lib")
    (project / "elsewhere").mkdir()
    with pytest.raises(NotFound, match="not a directory"):
        sources.open("git", repo_url="missing")


def test_a_directory_outside_any_repository_is_not_found_even_inside_one_above_the_project(tmp_path: Path) -> None:
    git(tmp_path, "init", "--quiet")
    project = tmp_path / "project"
    project.mkdir()

    with pytest.raises(NotFound, match="not inside a git repository"):
        FileSources(SourceConfig.for_project(project)).open("git")


def test_a_repository_below_the_project_is_read_with_paths_relative_to_its_top(project: Path) -> None:
    nested = project / "vendor" / "lib"
    nested.mkdir(parents=True)
    git(nested, "init", "--quiet", "--initial-branch=main")
    write(nested, {"lib.md": b"lib\n"})
    git(nested, "add", "-A")
    git(nested, "commit", "--quiet", "-m", "lib")

    source = FileSources(SourceConfig.for_project(project)).open("git", repo_url="vendor/lib")

    assert source.list_files().files == ("lib.md",)
    assert source.description.startswith("git vendor/lib@")


def test_links_directories_and_binary_files_are_not_read_as_text(
    sources: FileSources, repository: dict[str, str]
) -> None:
    source = sources.open("git")

    with pytest.raises(InvalidInput, match="readme-link is a symbolic link"):
        source.read_file("readme-link")
    with pytest.raises(InvalidInput, match="src is a directory"):
        source.read_file("src")
    with pytest.raises(InvalidInput, match="binary file"):
        source.read_file("docs/logo.png")
    with pytest.raises(InvalidInput, match="is a file, not a directory"):
        source.list_files("README.md")


def test_a_read_is_cut_at_max_chars(project: Path, repository: dict[str, str]) -> None:
    write(project, {"long.md": b"x" * 100_000})
    git(project, "add", "long.md")
    git(project, "commit", "--quiet", "-m", "long")

    content = FileSources(SourceConfig.for_project(project)).open("git").read_file("long.md", max_chars=10)

    assert (content.text, content.truncated, content.size_bytes) == ("x" * 10, True, 100_000)


@pytest.mark.parametrize("ref", ["--output=/tmp/x", "a b", "x\ny"])
def test_a_ref_that_could_be_an_option_or_carries_spaces_is_refused(
    sources: FileSources, repository: dict[str, str], ref: str
) -> None:
    with pytest.raises(InvalidInput, match="not a valid"):
        sources.open("git", ref=ref)


def test_a_repository_outside_the_project_is_refused(sources: FileSources, project: Path) -> None:
    (project / "out").symlink_to(project.parent)

    with pytest.raises(InvalidInput, match="leads outside the project"):
        sources.open("git", repo_url="out")
    with pytest.raises(InvalidInput, match="climbs out"):
        sources.open("git", repo_url="..")


def test_a_missing_git_command_is_an_external_service_error(
    sources: FileSources, repository: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")

    with pytest.raises(ExternalServiceError, match="needs the git command") as caught:
        sources.open("git")

    assert caught.value.code == "EXTERNAL_SERVICE"
