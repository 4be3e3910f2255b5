"""What every file source promises: the ``FileSource`` protocol, its two result types, and the
rules all backends share so that a path, a glob, a limit or "binary" means the same everywhere.

Paths — in requests and results — are relative to the source's *base* (the project directory,
or the repository's top), ``/``-separated, without a leading ``./`` or a trailing ``/``. A
request may use ``\\`` as a separator and ``.`` segments; it may not be absolute, climb with
``..`` or carry control characters (``InvalidInput``).

Text: a file is *binary* when its first 8 KiB hold a NUL byte or are not UTF-8 (a character cut
by the 8 KiB boundary is fine); binary files are refused. Invalid UTF-8 later in a file is
replaced by U+FFFD with a warning; a leading byte-order mark is dropped. A read returns at most
``max_chars`` characters and says when it was cut.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from mermaid_printer.errors import InvalidInput
from mermaid_printer.project.sources.config import SourceConfig
from mermaid_printer.project.sources.globbing import DEFAULT_GLOB, compile_glob

if TYPE_CHECKING:
    from mermaid_printer.project.sources.api_client import ApiClient

__all__ = [
    "BINARY_PROBE_BYTES",
    "FileContent",
    "FileListing",
    "FileSource",
    "SourceArguments",
    "SourceContext",
    "build_listing",
    "chars_to_read",
    "decode_text",
    "display_path",
    "normalize_path",
    "read_budget",
]

#: How much of a file decides whether it is text.
BINARY_PROBE_BYTES = 8192
_MAX_PATH_CHARS = 4096
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class FileListing:
    """The files under ``root`` whose path relative to ``root`` matches ``glob``.

    Attributes:
        root: the listed directory, normalized (``"."`` for the base).
        files: the matching files' paths relative to the base, sorted by code point.
        directories: for a non-recursive listing, the directories directly under ``root``
            (unfiltered by the glob, to walk into next); empty for a recursive listing.
        complete: ``False`` when a limit cut the listing (``warnings`` says which).
        warnings: what the caller should know: a cut, an unreadable directory, a ref fallback.
        revision: the commit read (git, GitHub), ``None`` for the working tree.
    """

    root: str
    files: tuple[str, ...]
    directories: tuple[str, ...] = ()
    complete: bool = True
    warnings: tuple[str, ...] = ()
    revision: str | None = None


@dataclass(frozen=True)
class FileContent:
    """A text file's content, possibly cut to ``max_chars`` characters.

    Attributes:
        path: the file's path relative to the base, normalized.
        text: its text (at most ``max_chars`` characters; ``\\r\\n`` kept as is).
        size_bytes: the size of the whole file in bytes.
        truncated: ``text`` is only the beginning of the file.
        warnings: replaced bytes, a clamped ``max_chars``, a ref fallback, ...
        revision: the commit read (git, GitHub), ``None`` for the working tree.
    """

    path: str
    text: str
    size_bytes: int
    truncated: bool
    warnings: tuple[str, ...] = ()
    revision: str | None = None


class FileSource(Protocol):
    """A tree of files an agent may list and read: a project directory, a git commit, a GitHub
    repository at a ref. Implementations raise only ``mermaid_printer.errors`` types:
    ``InvalidInput`` (a bad path or glob, a directory or binary file read as text),
    ``NotFound`` (no such file, directory, ref or repository) and ``ExternalServiceError`` (the
    service or tool behind the source failed; ``details.retry_after_s`` when known)."""

    @property
    def description(self) -> str:
        """Which tree this is, for messages: ``"local /home/me/project"``, ``"github o/r@sha"``."""
        ...

    def list_files(self, root: str = ".", glob: str = DEFAULT_GLOB, recursive: bool = True) -> FileListing:
        """The files under ``root`` matching ``glob`` (``recursive=False``: only its direct
        children), bounded by the configured listing limit."""
        ...

    def read_file(self, path: str, max_chars: int | None = None) -> FileContent:
        """The text of the file at ``path``, at most ``max_chars`` characters (default and
        ceiling: the configured ``MAX_FILE_CHARS``)."""
        ...


@dataclass(frozen=True)
class SourceArguments:
    """What a caller says about the tree to read, beyond the source's name.

    Attributes:
        repo_url: ``github``: ``owner/name`` or the repository's URL; ``git``: the repository's
            directory inside the project (default: the project itself); ``local``: unused.
        ref: a branch, tag or commit (``github``, ``git``); ``local``: unused.
    """

    repo_url: str | None = None
    ref: str | None = None


class SourceContext(Protocol):
    """What backends share, given to each backend's opener by the factory."""

    @property
    def config(self) -> SourceConfig:
        """The configuration (``sources.config``)."""
        ...

    def api_client(self) -> ApiClient:
        """The one GitHub API client, with its cache and policies, shared by every source."""
        ...


def normalize_path(path: str, *, field: str = "path") -> str:
    """``path`` as a normalized relative path; ``""`` for the base itself (``"."``, ``""``).

    Raises:
        InvalidInput: absolute, climbing (``..``), control characters, or too long.
    """
    if not isinstance(path, str):
        raise InvalidInput(f"{field} must be a string", {"field": field})
    if len(path) > _MAX_PATH_CHARS:
        raise InvalidInput(f"{field} is longer than {_MAX_PATH_CHARS} characters", {"field": field})
    if _CONTROL.search(path):
        raise InvalidInput(f"{field} {path!r} contains a control character", {"field": field})
    unified = path.replace("\\", "/")
    if unified.startswith("/") or re.match(r"^[A-Za-z]:(/|$)", unified):
        raise InvalidInput(
            f"{field} {path!r} is absolute; give a path relative to the project or repository root",
            {"field": field, "path": path},
        )
    segments = [segment for segment in unified.split("/") if segment not in ("", ".")]
    if ".." in segments:
        raise InvalidInput(
            f"{field} {path!r} climbs out with '..'; paths stay inside the project or repository",
            {"field": field, "path": path},
        )
    return "/".join(segments)


def display_path(path: str) -> str:
    """A normalized path as shown to a caller: ``"."`` for the base."""
    return path or "."


def chars_to_read(requested: int | None, ceiling: int) -> tuple[int, tuple[str, ...]]:
    """How many characters a read returns: ``requested``, defaulting to and capped at
    ``ceiling`` (the configured ``MAX_FILE_CHARS``), with a warning when capped.

    Raises:
        InvalidInput: ``requested`` is below 1.
    """
    if requested is None:
        return ceiling, ()
    if isinstance(requested, bool) or not isinstance(requested, int) or requested < 1:
        raise InvalidInput(f"max_chars must be a positive integer, not {requested!r}", {"field": "max_chars"})
    if requested > ceiling:
        return ceiling, (f"max_chars {requested} is above this server's limit; read {ceiling} characters",)
    return requested, ()


def read_budget(max_chars: int) -> int:
    """Bytes to read so that ``max_chars`` UTF-8 characters (4 bytes at most each), a byte-order
    mark and one more character (to know the text goes on) are surely included — and never less
    than the binary probe, so a short read decides "binary" as a long one does."""
    return max(4 * (max_chars + 1) + 3, BINARY_PROBE_BYTES)


def decode_text(path: str, data: bytes, *, more: bool, max_chars: int) -> tuple[str, bool, tuple[str, ...]]:
    """Decode the first bytes of a file (``more``: the file goes on after ``data``).

    Returns:
        The text (at most ``max_chars`` characters), whether it was cut, and warnings.

    Raises:
        InvalidInput: the file is binary (module docstring).
    """
    probe = data[:BINARY_PROBE_BYTES]
    probe_is_all = len(data) <= BINARY_PROBE_BYTES and not more
    binary = b"\0" in probe
    if not binary:
        try:
            codecs.getincrementaldecoder("utf-8")().decode(probe, final=probe_is_all)
        except UnicodeDecodeError:
            binary = True
    if binary:
        raise InvalidInput(
            f"{display_path(path)} is a binary file (a NUL byte or invalid UTF-8 in its first "
            f"{BINARY_PROBE_BYTES} bytes); only text files can be read",
            {"field": "path", "path": path, "reason": "binary"},
        )
    warnings: tuple[str, ...] = ()
    try:
        text = codecs.getincrementaldecoder("utf-8")().decode(data, final=not more)
    except UnicodeDecodeError:
        text = codecs.getincrementaldecoder("utf-8")(errors="replace").decode(data, final=not more)
        warnings = ("bytes that are not UTF-8 (after the first 8 KiB) were replaced by U+FFFD",)
    text = text.removeprefix("\ufeff")
    truncated = more or len(text) > max_chars
    return text[:max_chars], truncated, warnings


def build_listing(
    root: str,
    candidates: Iterable[str],
    *,
    glob: str,
    max_files: int,
    directories: Iterable[str] = (),
    complete: bool = True,
    warnings: Iterable[str] = (),
    revision: str | None = None,
) -> FileListing:
    """The listing every backend returns: ``candidates`` (base-relative paths of the files under
    ``root`` the backend found) filtered by ``glob`` relative to ``root``, sorted, and cut to the
    first ``max_files`` (saying so)."""
    pattern = compile_glob(glob)
    prefix = f"{root}/" if root else ""
    matched = sorted(path for path in candidates if pattern.matches(path.removeprefix(prefix)))
    notes = list(warnings)
    if len(matched) > max_files:
        notes.append(
            f"{len(matched)} files matched; only the first {max_files} are listed: "
            "narrow the root or the glob to see the rest"
        )
        matched = matched[:max_files]
        complete = False
    return FileListing(
        root=display_path(root),
        files=tuple(matched),
        directories=tuple(sorted(directories)),
        complete=complete,
        warnings=tuple(notes),
        revision=revision,
    )
