"""The ``local`` source: the files under ``PROJECT_ROOT``, and nothing outside it.

Refused, with ``InvalidInput``: absolute paths and ``..`` (``contract.normalize_path``); a path
whose symbolic links resolve outside the project; anything that is not a regular file (a
directory, a FIFO, a socket, a device) and anything under ``/proc``, ``/sys`` or ``/dev`` (their
files look regular but are the kernel's); binary files. The file is opened along its resolved
path one directory at a time without following links (``O_NOFOLLOW``), so a link swapped in
after the check fails instead of leading out, and with ``O_NONBLOCK`` so no open can hang.

Listings do not descend into ``.git`` (the repository's database: use the ``git`` source to
read history) nor follow links to directories (no loops, no way out); a link to a file inside
the project is listed. A scan stops after ``max_scan_entries`` directory entries and says so.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
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

__all__ = ["DEFAULT_MAX_SCAN_ENTRIES", "LocalSource", "open_local"]

#: Directory entries one listing looks at before it stops (and says so).
DEFAULT_MAX_SCAN_ENTRIES = 200_000
_KERNEL_TREES = (Path("/proc"), Path("/sys"), Path("/dev"))
_SKIPPED_DIRECTORIES = frozenset({".git"})
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


@contextlib.contextmanager
def _os_errors(path: str) -> Iterator[None]:
    """Turn the OS's errors about ``path`` into the printer's."""
    shown = display_path(path)
    try:
        yield
    except FileNotFoundError:
        raise NotFound(f"{shown} does not exist in the project", {"path": path}) from None
    except NotADirectoryError:
        raise NotFound(f"{shown} does not exist in the project (a parent is a file)", {"path": path}) from None
    except PermissionError:
        raise InvalidInput(
            f"{shown} cannot be read: permission denied", {"path": path, "reason": "permission"}
        ) from None
    except OSError as error:
        # ELOOP from O_NOFOLLOW: a link appeared on the checked path; anything else is the disk's.
        raise ExternalServiceError(
            f"{shown} could not be read from the file system: {error.strerror or error}",
            {"path": path, "reason": "os_error"},
        ) from None


class LocalSource:
    """The files under a project directory (see the module docstring)."""

    def __init__(self, config: SourceConfig, *, max_scan_entries: int = DEFAULT_MAX_SCAN_ENTRIES) -> None:
        self._config = config
        self._root = config.project_root.resolve()
        self._max_scan_entries = max_scan_entries

    @property
    def description(self) -> str:
        return f"local {self._root}"

    def _resolve(self, relative: str, field: str) -> Path:
        """The real path of ``relative``, checked to lie inside the project and outside the
        kernel's trees; it may not exist."""
        real = Path(os.path.realpath(self._root / relative))
        if not real.is_relative_to(self._root):
            raise InvalidInput(
                f"{display_path(relative)} leads outside the project (through a symbolic link)",
                {"field": field, "path": relative, "reason": "outside"},
            )
        if any(real.is_relative_to(tree) for tree in _KERNEL_TREES):
            raise InvalidInput(
                f"{display_path(relative)} is a device or kernel file, not a project file",
                {"field": field, "path": relative, "reason": "device"},
            )
        return real

    def _is_project_file(self, real: Path) -> bool:
        return real.is_relative_to(self._root) and not any(real.is_relative_to(tree) for tree in _KERNEL_TREES)

    def _open(self, real: Path) -> int:
        """Open ``real`` (inside the project) read-only, one directory at a time, never following
        a link: what was checked is what is opened."""
        if not os.supports_dir_fd >= {os.open}:
            return os.open(real, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
        parts = real.relative_to(self._root).parts
        directory = os.open(self._root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
        try:
            for part in parts[:-1]:
                inner = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=directory)
                os.close(directory)
                directory = inner
            return os.open(parts[-1], os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC, dir_fd=directory)
        finally:
            os.close(directory)

    def read_file(self, path: str, max_chars: int | None = None) -> FileContent:
        """The text of ``path`` (see ``FileSource.read_file`` and the module docstring)."""
        relative = normalize_path(path)
        limit, warnings = chars_to_read(max_chars, self._config.max_file_chars)
        if not relative:
            raise InvalidInput("path names the project directory, not a file", {"field": "path", "path": path})
        real = self._resolve(relative, "path")
        with _os_errors(relative):
            kind = os.stat(real).st_mode
            _refuse_non_file(relative, kind)
            handle = self._open(real)
            with os.fdopen(handle, "rb") as file:
                info = os.fstat(file.fileno())
                _refuse_non_file(relative, info.st_mode)
                budget = read_budget(limit)
                data = file.read(budget)
                more = len(data) == budget and file.read(1) != b""
        text, truncated, notes = decode_text(relative, data, more=more, max_chars=limit)
        return FileContent(relative, text, info.st_size, truncated, warnings + notes)

    def list_files(self, root: str = ".", glob: str = DEFAULT_GLOB, recursive: bool = True) -> FileListing:
        """The files under ``root`` (see ``FileSource.list_files`` and the module docstring)."""
        compile_glob(glob)
        relative_root = normalize_path(root, field="root")
        real_root = self._resolve(relative_root, "root")
        with _os_errors(relative_root):
            if not stat.S_ISDIR(os.stat(real_root).st_mode):
                raise InvalidInput(f"root {display_path(relative_root)} is a file, not a directory", {"field": "root"})
        files: list[str] = []
        directories: list[str] = []
        warnings: list[str] = []
        complete = True
        scanned = 0
        skipped_links = 0
        pending = [(real_root, relative_root)]
        while pending:
            real_directory, prefix = pending.pop()
            try:
                entries = list(os.scandir(real_directory))
            except OSError as error:
                warnings.append(f"{display_path(prefix)} could not be listed: {error.strerror or error}")
                complete = False
                continue
            for entry in entries:
                scanned += 1
                if scanned > self._max_scan_entries:
                    break
                path = f"{prefix}/{entry.name}" if prefix else entry.name
                if entry.is_dir(follow_symlinks=False):
                    if entry.name in _SKIPPED_DIRECTORIES or Path(entry.path) in _KERNEL_TREES:
                        continue
                    if recursive:
                        pending.append((Path(entry.path), path))
                    else:
                        directories.append(path)
                elif entry.is_symlink():
                    target = Path(os.path.realpath(entry.path))
                    if not self._is_project_file(target):
                        skipped_links += 1
                    elif target.is_file():
                        files.append(path)
                    else:
                        skipped_links += 1
                elif entry.is_file(follow_symlinks=False):
                    files.append(path)
            if scanned > self._max_scan_entries:
                warnings.append(
                    f"the scan stopped after {self._max_scan_entries} entries; "
                    "narrow the root or the glob to see the rest"
                )
                complete = False
                break
        if skipped_links:
            warnings.append(
                f"{skipped_links} symbolic link(s) were left out: they lead to directories (not followed) or outside the project"
            )
        return build_listing(
            relative_root,
            files,
            glob=glob,
            max_files=self._config.max_list_files,
            directories=directories,
            complete=complete,
            warnings=warnings,
        )


def _refuse_non_file(relative: str, mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    what = "a directory" if stat.S_ISDIR(mode) else "a FIFO, socket or device, not a regular file"
    raise InvalidInput(
        f"{display_path(relative)} is {what}", {"field": "path", "path": relative, "reason": "not_a_file"}
    )


def open_local(context: SourceContext, arguments: SourceArguments) -> LocalSource:
    """The factory's entry: the project directory. ``repo_url`` and ``ref`` are refused: the
    working tree has no ref (``git`` reads one)."""
    for field, value in (("repo_url", arguments.repo_url), ("ref", arguments.ref)):
        if value:
            raise InvalidInput(
                f"the local source reads the project's files as they are on disk and takes no {field}; "
                "use source 'git' for a ref of a local repository or 'github' for a GitHub repository",
                {"field": field},
            )
    return LocalSource(context.config)
