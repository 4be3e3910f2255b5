"""The ``git`` source: a local git repository read at any ref straight from its objects, without
a checkout, through the ``git`` command (``rev-parse``, ``ls-tree -z``, ``cat-file``).

``repo_url`` is a directory inside ``PROJECT_ROOT`` (default: the project itself); the
repository that contains it is read, and paths are relative to the repository's top. ``ref`` is
anything git resolves to a commit — a branch, a tag, a commit id, ``HEAD~2`` (default:
``HEAD``); it is resolved once, when the source is opened.

Why the git command and not a Python implementation (dulwich): wherever a repository exists, git
does too, and git is the reference for its own formats — packs, packed refs, worktrees,
alternates, partial clones, SHA-256 repositories — so nothing needs another dependency or can
read a repository differently from git. Commands run without a shell, with the repository named
explicitly (``--git-dir``), pathspecs taken literally, and no inherited ``GIT_*`` variables.

Errors: no ``git`` command, or git failing, is ``EXTERNAL_SERVICE``; an unknown ref, a
directory that is not in a repository, or a missing path is ``NOT_FOUND``. Symbolic links and
submodules are neither listed nor read, as on GitHub.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from mermaid_printer.errors import ExternalServiceError, InvalidInput, NotFound
from mermaid_printer.project.sources.config import SourceConfig
from mermaid_printer.project.sources.contract import (
    FileContent,
    FileListing,
    SourceArguments,
    SourceContext,
    build_listing,
    chars_to_read,
    decode_text,
    display_path,
    normalize_path,
    read_budget,
)
from mermaid_printer.project.sources.globbing import DEFAULT_GLOB, compile_glob

__all__ = ["GIT_TIMEOUT_S", "GitSource", "open_git"]

#: The longest one git command may take.
GIT_TIMEOUT_S = 60.0
_FILE_MODES = frozenset({b"100644", b"100755", b"100664"})
_BAD_REVISION = re.compile(r"[\x00-\x20\x7f]|^-")


@dataclass(frozen=True)
class _Entry:
    mode: bytes
    kind: bytes
    sha: str
    size: int  # -1 when not asked for or not a blob
    path: str


def _environment() -> dict[str, str]:
    environment = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    environment.update(
        {
            "GIT_LITERAL_PATHSPECS": "1",  # a path is a path, never a pattern
            "GIT_NO_REPLACE_OBJECTS": "1",  # the objects as stored
            "GIT_TERMINAL_PROMPT": "0",
            "LC_ALL": "C",
        }
    )
    return environment


def _git_command() -> str:
    found = shutil.which("git")
    if found is None:
        raise ExternalServiceError(
            "the git source needs the git command, which is not installed on this machine", {"tool": "git"}
        )
    return found


def _run(
    arguments: list[str], *, cwd: Path | None = None, ceiling: Path | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run git (``cwd``, ``ceiling``: find the repository from ``cwd`` up, never above ``ceiling``)."""
    environment = _environment()
    if ceiling is not None:
        environment["GIT_CEILING_DIRECTORIES"] = str(ceiling.parent)
    try:
        return subprocess.run(
            [_git_command(), *arguments],
            cwd=cwd,
            env=environment,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise ExternalServiceError(f"git did not finish within {GIT_TIMEOUT_S:.0f} s", {"tool": "git"}) from None
    except OSError as error:
        raise ExternalServiceError(f"git could not be run: {error.strerror or error}", {"tool": "git"}) from None


def _failure(result: subprocess.CompletedProcess[bytes], doing: str) -> ExternalServiceError:
    said = result.stderr.decode("utf-8", "replace").strip().splitlines()
    return ExternalServiceError(f"git failed {doing}: {said[-1] if said else 'no message'}", {"tool": "git"})


def _parse_tree(output: bytes, *, long: bool) -> list[_Entry]:
    """Entries of ``git ls-tree -z`` (``-l``: with sizes)."""
    entries: list[_Entry] = []
    for record in output.split(b"\0"):
        if not record:
            continue
        meta, _, path = record.partition(b"\t")
        fields = meta.split()
        size = int(fields[3]) if long and len(fields) > 3 and fields[3].isdigit() else -1
        entries.append(_Entry(fields[0], fields[1], fields[2].decode("ascii"), size, path.decode("utf-8", "replace")))
    return entries


class GitSource:
    """A local repository at one commit (module docstring). Open it with :meth:`open`."""

    def __init__(self, config: SourceConfig, git_dir: Path, commit: str, label: str) -> None:
        self._config = config
        self._git_dir = git_dir
        self.commit = commit
        self._label = label

    @classmethod
    def open(cls, config: SourceConfig, repo_url: str | None, ref: str | None) -> GitSource:
        """The repository containing the project directory ``repo_url`` at ``ref``.

        Raises:
            InvalidInput: ``repo_url`` leaves the project, or ``ref`` is malformed.
            NotFound: no repository there, or no such ref (or no commit yet).
            ExternalServiceError: git is missing or failed.
        """
        relative = normalize_path(repo_url or ".", field="repo_url")
        root = config.project_root
        directory = Path(os.path.realpath(root / relative))
        if not directory.is_relative_to(root):
            raise InvalidInput(f"repo_url {repo_url!r} leads outside the project", {"field": "repo_url"})
        if not directory.is_dir():
            raise NotFound(f"{display_path(relative)} is not a directory of the project", {"repo_url": repo_url})
        label = display_path(relative)
        found = _run(["rev-parse", "--absolute-git-dir"], cwd=directory, ceiling=root)
        if found.returncode != 0:
            raise NotFound(f"{label} is not inside a git repository", {"repo_url": repo_url})
        git_dir = Path(found.stdout.decode("utf-8", "surrogateescape").strip())
        wanted = (ref or "").strip() or "HEAD"
        if len(wanted) > 255 or _BAD_REVISION.search(wanted):
            raise InvalidInput(f"ref {wanted!r} is not a valid branch, tag or commit name", {"field": "ref"})
        resolved = _run(
            [f"--git-dir={git_dir}", "rev-parse", "--verify", "--quiet", "--end-of-options", f"{wanted}^{{commit}}"]
        )
        if resolved.returncode != 0:
            what = "has no commit yet" if wanted == "HEAD" else f"has no ref {wanted!r}"
            raise NotFound(f"the repository at {label} {what}", {"ref": wanted})
        return cls(config, git_dir, resolved.stdout.decode("ascii").strip(), label)

    @property
    def description(self) -> str:
        return f"git {self._label}@{self.commit[:12]}"

    def _git(self, *arguments: str) -> subprocess.CompletedProcess[bytes]:
        return _run([f"--git-dir={self._git_dir}", *arguments])

    def _kind(self, relative: str) -> str | None:
        """The object type at ``relative`` in the commit (``tree``, ``blob``, ...) or ``None``."""
        result = self._git("cat-file", "-t", f"{self.commit}:{relative}")
        return result.stdout.decode("ascii").strip() if result.returncode == 0 else None

    def list_files(self, root: str = ".", glob: str = DEFAULT_GLOB, recursive: bool = True) -> FileListing:
        """The files under ``root`` at the commit (see ``FileSource.list_files``)."""
        compile_glob(glob)
        relative_root = normalize_path(root, field="root")
        kind = self._kind(relative_root)
        if kind is None:
            raise NotFound(
                f"directory {display_path(relative_root)} does not exist in {self.description}", {"path": relative_root}
            )
        if kind != "tree":
            raise InvalidInput(f"{relative_root} is a file, not a directory", {"field": "root", "path": relative_root})
        listed = self._git("ls-tree", "-z", *(["-r"] if recursive else []), f"{self.commit}:{relative_root}")
        if listed.returncode != 0:
            raise _failure(listed, f"listing {display_path(relative_root)}")
        prefix = f"{relative_root}/" if relative_root else ""
        entries = _parse_tree(listed.stdout, long=False)
        return build_listing(
            relative_root,
            [prefix + entry.path for entry in entries if entry.kind == b"blob" and entry.mode in _FILE_MODES],
            glob=glob,
            max_files=self._config.max_list_files,
            directories=[prefix + entry.path for entry in entries if entry.kind == b"tree"],
            revision=self.commit,
        )

    def read_file(self, path: str, max_chars: int | None = None) -> FileContent:
        """The text of ``path`` at the commit (see ``FileSource.read_file``)."""
        relative = normalize_path(path)
        limit, warnings = chars_to_read(max_chars, self._config.max_file_chars)
        if not relative:
            raise InvalidInput("path names the repository's top directory, not a file", {"field": "path"})
        found = self._git("ls-tree", "-z", "-l", "--full-tree", self.commit, "--", relative)
        if found.returncode != 0:
            raise _failure(found, f"looking up {relative}")
        entry = next((item for item in _parse_tree(found.stdout, long=True) if item.path == relative), None)
        if entry is None:
            raise NotFound(f"{relative} does not exist in {self.description}", {"path": relative})
        if entry.kind != b"blob" or entry.mode not in _FILE_MODES:
            what = {b"tree": "a directory", b"commit": "a submodule"}.get(entry.kind, "a symbolic link")
            raise InvalidInput(f"{relative} is {what}, not a file", {"field": "path", "path": relative})
        budget = read_budget(limit)
        data = self._blob_start(entry.sha, budget)
        text, truncated, notes = decode_text(relative, data, more=entry.size > len(data), max_chars=limit)
        return FileContent(relative, text, entry.size, truncated, warnings + notes, self.commit)

    def _blob_start(self, sha: str, budget: int) -> bytes:
        """The first ``budget`` bytes of a blob, without reading the rest."""
        try:
            process = subprocess.Popen(
                [_git_command(), f"--git-dir={self._git_dir}", "cat-file", "blob", sha],
                env=_environment(),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        except OSError as error:
            raise ExternalServiceError(f"git could not be run: {error.strerror or error}", {"tool": "git"}) from None
        assert process.stdout is not None
        try:
            data = process.stdout.read(budget)
        finally:
            process.stdout.close()
            if process.poll() is None:
                process.kill()  # the rest of the blob is not needed
            process.wait()
        return data


def open_git(context: SourceContext, arguments: SourceArguments) -> GitSource:
    """The factory's entry: the repository at ``repo_url`` (a project directory) at ``ref``."""
    return GitSource.open(context.config, arguments.repo_url, arguments.ref)
