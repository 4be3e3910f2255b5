"""The ``github`` source: a GitHub repository at a ref, read through the REST API.

``repo_url`` is ``owner/name``, ``https://host/owner/name`` (``.git`` and a trailing ``/``
allowed) or ``git@host:owner/name.git``; ``ref`` a branch, tag or commit (default: the
repository's default branch). The ref is resolved once, when the source is opened, to a commit,
and everything is read at that commit. A ref that does not exist falls back to the default
branch, and every result says so in its warnings.

Endpoints (all through :class:`~mermaid_printer.project.sources.api_client.ApiClient`, which holds the
cache, pacing, concurrency cap and retries):

* ``repos/{o}/{n}`` — the default branch (and whether the repository exists);
* ``repos/{o}/{n}/commits/{ref}`` with the ``sha`` media type — the ref's commit;
* ``repos/{o}/{n}/git/commits/{sha}`` — its root tree;
* ``repos/{o}/{n}/git/trees/{sha}`` (``recursive=1``) — listings. GitHub cuts a recursive tree
  beyond its limits (``truncated``); the listing then walks the subtrees one by one, at most
  ``max_tree_requests`` of them, and says if it still could not finish;
* ``repos/{o}/{n}/contents/{path}`` with the ``object`` media type — a file's metadata and, up to
  1 MB, its content;
* ``repos/{o}/{n}/git/blobs/{sha}`` with the ``raw`` media type — files of 1–100 MB, reading only
  the bytes needed. GitHub's API serves no file over 100 MB; such a read fails clearly.

Symbolic links and submodules are not listed and cannot be read (what they point to may lie
outside the repository).
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass

from mermaid_printer.errors import ExternalServiceError, InvalidInput, NotFound
from mermaid_printer.project.sources.api_client import Answer, ApiClient
from mermaid_printer.project.sources.config import SourceConfig
from mermaid_printer.project.sources.contract import (
    FileContent,
    FileListing,
    SourceArguments,
    SourceContext,
    build_listing,
    chars_to_read,
    decode_text,
    normalize_path,
    read_budget,
)
from mermaid_printer.project.sources.globbing import DEFAULT_GLOB, compile_glob

__all__ = [
    "DEFAULT_MAX_TREE_REQUESTS",
    "GITHUB_MAX_FILE_BYTES",
    "GitHubSource",
    "open_github",
    "parse_repository",
    "validate_ref",
]

#: Tree requests one listing may make when GitHub cut the recursive tree.
DEFAULT_MAX_TREE_REQUESTS = 100
#: The largest file GitHub's API serves (blobs and the raw contents media type).
GITHUB_MAX_FILE_BYTES = 100 * 2**20
_JSON = "application/vnd.github+json"
_OBJECT = "application/vnd.github.object+json"
_RAW = "application/vnd.github.raw+json"
_SHA = "application/vnd.github.sha"
_FILE_MODES = frozenset({"100644", "100755", "100664"})
_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})"
_REPO = r"[A-Za-z0-9._-]{1,100}"
_REPOSITORY_FORMS = (
    re.compile(rf"^(?P<owner>{_NAME})/(?P<name>{_REPO})$"),
    re.compile(rf"^https?://[^/\s]+/(?P<owner>{_NAME})/(?P<name>{_REPO})/?$"),
    re.compile(rf"^git@[^:\s]+:(?P<owner>{_NAME})/(?P<name>{_REPO})$"),
)
_BAD_REF = re.compile(r"[\x00-\x20\x7f~^:?*\[\\]|\.\.|@\{|//|^[-/.]|[/.]$|\.lock(/|$)|^@$")


def parse_repository(repo_url: str | None) -> tuple[str, str]:
    """``(owner, name)`` from ``repo_url`` (module docstring for the forms).

    Raises:
        InvalidInput: missing or not one of the forms.
    """
    if not repo_url or not repo_url.strip():
        raise InvalidInput("the github source needs repo_url ('owner/name' or an https URL)", {"field": "repo_url"})
    text = repo_url.strip()
    for form in _REPOSITORY_FORMS:
        match = form.match(text)
        if match:
            name = match.group("name").removesuffix(".git")
            if name in ("", ".", ".."):
                break
            return match.group("owner"), name
    raise InvalidInput(
        f"repo_url {repo_url!r} is not 'owner/name' or https://host/owner/name "
        "(give a branch, tag or commit in 'ref', not in the URL)",
        {"field": "repo_url"},
    )


def validate_ref(ref: str) -> str:
    """``ref`` if it is a well-formed branch, tag or commit name (git's ref-name rules).

    Raises:
        InvalidInput: it is not.
    """
    if not ref or len(ref) > 255 or _BAD_REF.search(ref):
        raise InvalidInput(f"ref {ref!r} is not a valid branch, tag or commit name", {"field": "ref"})
    return ref


def _quote(path: str) -> str:
    return urllib.parse.quote(path, safe="/")


def _mapping(value: object, what: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ExternalServiceError(f"GitHub's answer for {what} has an unexpected shape", {"service": "GitHub"})
    return value


def _text(value: Mapping[str, object], key: str, what: str) -> str:
    found = value.get(key)
    if not isinstance(found, str):
        raise ExternalServiceError(f"GitHub's answer for {what} lacks '{key}'", {"service": "GitHub"})
    return found


@dataclass(frozen=True)
class _Entry:
    path: str  # relative to the tree it came from
    mode: str
    kind: str  # blob, tree, commit
    sha: str


class GitHubSource:
    """A GitHub repository at one commit (module docstring). Open it with :meth:`open`."""

    def __init__(
        self,
        client: ApiClient,
        config: SourceConfig,
        owner: str,
        name: str,
        commit: str,
        tree: str,
        warnings: tuple[str, ...] = (),
        *,
        max_tree_requests: int = DEFAULT_MAX_TREE_REQUESTS,
    ) -> None:
        self._client = client
        self._config = config
        self._repo = f"repos/{owner}/{name}"
        self._full_name = f"{owner}/{name}"
        self.commit = commit
        self._tree = tree
        self._warnings = warnings
        self._max_tree_requests = max_tree_requests

    @classmethod
    def open(cls, client: ApiClient, config: SourceConfig, repo_url: str | None, ref: str | None) -> GitHubSource:
        """Resolve ``ref`` (default: the default branch) in the repository to a commit.

        Raises:
            InvalidInput: a malformed ``repo_url`` or ``ref``.
            NotFound: no such repository (or it is private and no token grants access).
            ExternalServiceError: GitHub failed or refused.
        """
        owner, name = parse_repository(repo_url)
        repo = f"repos/{owner}/{name}"
        full_name = f"{owner}/{name}"
        warnings: tuple[str, ...] = ()
        wanted = validate_ref(ref) if ref is not None and ref.strip() else None
        if wanted is None:
            wanted = _default_branch(client, repo, full_name)
            commit = _commit_of(client, repo, wanted)
            if commit is None:
                raise NotFound(f"the default branch {wanted!r} of {full_name} has no commit", {"ref": wanted})
        else:
            commit = _commit_of(client, repo, wanted)
            if commit is None:
                default = _default_branch(client, repo, full_name)
                commit = _commit_of(client, repo, default)
                if commit is None:
                    raise NotFound(
                        f"ref {wanted!r} and the default branch are not found in {full_name}", {"ref": wanted}
                    )
                warnings = (
                    f"ref {wanted!r} was not found in {full_name}; read its default branch {default!r} instead",
                )
        answer = _checked(client.get(f"{repo}/git/commits/{commit}", accept=_JSON), f"commit {commit}")
        tree = _text(_mapping(_mapping(answer.json("GitHub"), "a commit").get("tree"), "a commit"), "sha", "a commit")
        return cls(client, config, owner, name, commit, tree, warnings)

    @property
    def description(self) -> str:
        return f"github {self._full_name}@{self.commit[:12]}"

    def read_file(self, path: str, max_chars: int | None = None) -> FileContent:
        """The text of ``path`` at the commit (see ``FileSource.read_file``)."""
        relative = normalize_path(path)
        limit, warnings = chars_to_read(max_chars, self._config.max_file_chars)
        if not relative:
            raise InvalidInput("path names the repository's top directory, not a file", {"field": "path"})
        answer = self._client.get(f"{self._repo}/contents/{_quote(relative)}", {"ref": self.commit}, accept=_OBJECT)
        if answer.status == 404:
            raise NotFound(f"{relative} does not exist in {self.description}", {"path": relative})
        info = _mapping(_checked(answer, relative).json("GitHub"), relative)
        kind = info.get("type")
        if kind != "file":
            what = {"dir": "a directory", "symlink": "a symbolic link", "submodule": "a submodule"}.get(str(kind), kind)
            raise InvalidInput(f"{relative} is {what}, not a file", {"field": "path", "path": relative})
        size = info.get("size")
        size_bytes = size if isinstance(size, int) else 0
        budget = read_budget(limit)
        if info.get("encoding") == "base64":
            try:
                whole = base64.b64decode(_text(info, "content", relative))
            except (binascii.Error, ValueError):
                raise ExternalServiceError(f"GitHub sent {relative} in broken base64", {"service": "GitHub"}) from None
            data, more = whole[:budget], len(whole) > budget
        else:
            data, more = self._read_blob(relative, _text(info, "sha", relative), size_bytes, budget)
        text, truncated, notes = decode_text(relative, data, more=more, max_chars=limit)
        return FileContent(relative, text, size_bytes, truncated, self._warnings + warnings + notes, self.commit)

    def _read_blob(self, relative: str, sha: str, size_bytes: int, budget: int) -> tuple[bytes, bool]:
        if size_bytes > GITHUB_MAX_FILE_BYTES:
            raise _too_large(relative, size_bytes)
        answer = self._client.get(f"{self._repo}/git/blobs/{sha}", accept=_RAW, max_bytes=budget)
        if answer.status == 403 and b"too_large" in answer.body:
            raise _too_large(relative, size_bytes)
        return _checked(answer, relative).body, answer.more

    def list_files(self, root: str = ".", glob: str = DEFAULT_GLOB, recursive: bool = True) -> FileListing:
        """The files under ``root`` at the commit (see ``FileSource.list_files``)."""
        compile_glob(glob)
        relative_root = normalize_path(root, field="root")
        tree = self._directory(relative_root)
        prefix = f"{relative_root}/" if relative_root else ""
        warnings = list(self._warnings)
        directories: list[str] = []
        complete = True
        if recursive:
            files, missed = self._walk(tree)
            if missed:
                complete = False
                warnings.append(
                    f"GitHub could not list this tree in one answer and {missed} directories were left "
                    "after the request budget; list a narrower root to see them"
                )
        else:
            entries = self._entries(tree, recursive=False)[0]
            files = [entry.path for entry in entries if _is_file(entry)]
            directories = [prefix + entry.path for entry in entries if entry.kind == "tree"]
        return build_listing(
            relative_root,
            [prefix + path for path in files],
            glob=glob,
            max_files=self._config.max_list_files,
            directories=directories,
            complete=complete,
            warnings=warnings,
            revision=self.commit,
        )

    def _directory(self, relative: str) -> str:
        """The tree sha of the directory ``relative``, walked down from the root tree."""
        tree = self._tree
        walked: list[str] = []
        for part in relative.split("/") if relative else []:
            walked.append(part)
            here = "/".join(walked)
            found = next((entry for entry in self._entries(tree, recursive=False)[0] if entry.path == part), None)
            if found is None:
                raise NotFound(f"directory {here} does not exist in {self.description}", {"path": here})
            if found.kind != "tree":
                raise InvalidInput(f"{here} is a file, not a directory", {"field": "root", "path": here})
            tree = found.sha
        return tree

    def _entries(self, tree: str, *, recursive: bool) -> tuple[list[_Entry], bool]:
        """A tree's entries and whether GitHub cut them."""
        params = {"recursive": "1"} if recursive else None
        answer = _checked(self._client.get(f"{self._repo}/git/trees/{tree}", params, accept=_JSON), f"tree {tree}")
        body = _mapping(answer.json("GitHub"), "a tree")
        raw = body.get("tree")
        if not isinstance(raw, list):
            raise ExternalServiceError("GitHub's answer for a tree lacks 'tree'", {"service": "GitHub"})
        entries = [
            _Entry(
                _text(item, "path", "a tree"),
                _text(item, "mode", "a tree"),
                _text(item, "type", "a tree"),
                _text(item, "sha", "a tree"),
            )
            for item in (_mapping(value, "a tree entry") for value in raw)
        ]
        return entries, body.get("truncated") is True

    def _walk(self, tree: str) -> tuple[list[str], int]:
        """Every file under ``tree`` (relative to it), and how many directories were left out
        when GitHub's cut trees needed more than ``max_tree_requests`` requests."""
        files: list[str] = []
        pending = [(tree, "")]
        requests = 0
        while pending:
            if requests >= self._max_tree_requests:
                return files, len(pending)
            sha, prefix = pending.pop()
            requests += 1
            entries, cut = self._entries(sha, recursive=True)
            if not cut:
                files.extend(prefix + entry.path for entry in entries if _is_file(entry))
                continue
            requests += 1
            for entry in self._entries(sha, recursive=False)[0]:
                if _is_file(entry):
                    files.append(prefix + entry.path)
                elif entry.kind == "tree":
                    pending.append((entry.sha, f"{prefix}{entry.path}/"))
        return files, 0


def _is_file(entry: _Entry) -> bool:
    return entry.kind == "blob" and entry.mode in _FILE_MODES


def _too_large(relative: str, size_bytes: int) -> ExternalServiceError:
    return ExternalServiceError(
        f"{relative} is {size_bytes / 2**20:.0f} MB; GitHub's API serves files up to 100 MB",
        {"service": "GitHub", "path": relative, "size_bytes": size_bytes},
    )


def _checked(answer: Answer, what: str) -> Answer:
    """``answer`` if it is a success; otherwise the error its status means."""
    if answer.status == 200:
        return answer
    if answer.status == 404:
        raise NotFound(f"{what} was not found on GitHub", {"service": "GitHub"})
    if answer.status == 401:
        raise ExternalServiceError(
            "GitHub refused the token (GITHUB_TOKEN): it is invalid or expired", {"service": "GitHub"}
        )
    if answer.status == 403:
        raise ExternalServiceError(f"GitHub refused access to {what}", {"service": "GitHub"})
    raise ExternalServiceError(f"GitHub answered {what} with HTTP {answer.status}", {"service": "GitHub"})


def _default_branch(client: ApiClient, repo: str, full_name: str) -> str:
    answer = client.get(repo, accept=_JSON)
    if answer.status == 404:
        raise NotFound(
            f"repository {full_name} was not found on GitHub (a private one needs GITHUB_TOKEN)",
            {"repository": full_name},
        )
    return _text(_mapping(_checked(answer, full_name).json("GitHub"), "a repository"), "default_branch", "a repository")


def _commit_of(client: ApiClient, repo: str, ref: str) -> str | None:
    """The commit ``ref`` names, ``None`` when the repository has no such ref."""
    answer = client.get(f"{repo}/commits/{_quote(ref)}", accept=_SHA)
    if answer.status in (404, 409, 422):
        return None
    sha = _checked(answer, f"ref {ref}").body.decode("ascii", "replace").strip()
    if not re.fullmatch(r"[0-9a-f]{40}|[0-9a-f]{64}", sha):
        raise ExternalServiceError(f"GitHub's answer for ref {ref!r} is not a commit id", {"service": "GitHub"})
    return sha


def open_github(context: SourceContext, arguments: SourceArguments) -> GitHubSource:
    """The factory's entry: the repository ``repo_url`` at ``ref``."""
    return GitHubSource.open(context.api_client(), context.config, arguments.repo_url, arguments.ref)
