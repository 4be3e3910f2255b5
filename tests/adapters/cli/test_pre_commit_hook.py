"""The hooks of ``.pre-commit-hooks.yaml`` (``mermaid-printer check``), run by the real pre-commit (``try-repo`` against this
repository) on a fixture git repository with a good and a broken diagram. Installing the hook's
environment builds the package once (minutes); the tests share it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
GOOD = "flowchart LR\n  A --> B\n"
BROKEN = "flowchart LR\n  A[Save (draft)] --> B\n"
MARKDOWN = "# Notes\n\n```mermaid\nflowchart LR\n  A --> B\n  B --> --> C\n```\n"


@pytest.fixture(scope="module")
def hooks_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not PRE_COMMIT.exists():
        pytest.fail(f"pre-commit is not installed beside {sys.executable} (the test extra has it)")
    return tmp_path_factory.mktemp("pre-commit-home")


def fixture_repo(directory: Path) -> Path:
    directory.mkdir()
    (directory / "good.mmd").write_text(GOOD)
    (directory / "broken.mmd").write_text(BROKEN)
    (directory / "notes.md").write_text(MARKDOWN)
    git = ["git", "-c", "user.email=test@example.invalid", "-c", "user.name=test"]
    subprocess.run(["git", "init", "-q"], cwd=directory, check=True)
    subprocess.run(["git", "add", "."], cwd=directory, check=True)
    subprocess.run([*git, "commit", "-qm", "fixture"], cwd=directory, check=True)
    return directory


def try_repo(repo: Path, home: Path, hook: str, *files: str) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PRE_COMMIT_HOME": str(home)}
    environment.pop("PYTHONPATH", None)  # the hook runs from its own environment, as users get it
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(ROOT), hook, "--files", *files],
        cwd=repo, env=environment, capture_output=True, text=True, timeout=1800, check=False,
    )  # fmt: skip


@pytest.mark.engine
def test_the_check_hook_passes_a_good_diagram_and_fails_a_broken_one_naming_its_line(
    hooks_home: Path, tmp_path: Path
) -> None:
    repo = fixture_repo(tmp_path / "repo")

    passed = try_repo(repo, hooks_home, "mermaid-check", "good.mmd")
    failed = try_repo(repo, hooks_home, "mermaid-check", "good.mmd", "broken.mmd", "notes.md")

    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert failed.returncode == 1
    assert "--> broken.mmd:2:3" in failed.stdout and "--> notes.md:6:9" in failed.stdout
    assert "error: SYNTAX_ERROR: Parse error on line 2, column 3" in failed.stdout
    assert "good.mmd" not in failed.stdout.split("exit code: 1", 1)[1]
    assert (repo / "broken.mmd").read_text() == BROKEN  # the check changes nothing


@pytest.mark.engine
def test_the_fix_hook_applies_the_checked_fixes_and_the_check_then_passes(hooks_home: Path, tmp_path: Path) -> None:
    repo = fixture_repo(tmp_path / "repo")

    fixed = try_repo(repo, hooks_home, "mermaid-fix", "good.mmd", "broken.mmd", "notes.md")

    assert fixed.returncode == 1  # the hook modified files
    assert (repo / "broken.mmd").read_text() == 'flowchart LR\n  A["Save (draft)"] --> B\n'
    assert "  B --> C\n" in (repo / "notes.md").read_text()
    assert (repo / "good.mmd").read_text() == GOOD
    again = try_repo(repo, hooks_home, "mermaid-check", "good.mmd", "broken.mmd", "notes.md")
    assert again.returncode == 0, again.stdout
    shutil.rmtree(repo)
