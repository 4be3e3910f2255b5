"""Writing files so that no reader ever sees half of one, into directories that are our own;
the user's cache directory for what the printer keeps between processes."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import secrets
import stat
import time
from pathlib import Path

__all__ = [
    "CACHE_DIR_ENV",
    "cache_root",
    "is_own_directory",
    "mark_used",
    "open_own_file",
    "private_cache_directory",
    "remove_unused_files",
    "write_atomically",
]

#: Where the printer keeps files between processes (compiled code, snapshots, decoded fonts).
CACHE_DIR_ENV = "MERMAID_PRINTER_CACHE_DIR"


def cache_root() -> Path:
    """``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then ``mermaid-printer``."""
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mermaid-printer"


def private_cache_directory(name: str) -> Path | None:
    """``cache_root() / name``, made (0700) if need be, or None where it is not a directory of
    this user's that nobody else can write: nothing is cached (or read from a cache) then."""
    directory = cache_root() / name
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if is_own_directory(directory) and not directory.lstat().st_mode & 0o022:
            return directory
    except OSError:
        pass
    return None


def is_own_directory(path: Path) -> bool:
    """Whether ``path`` is a real directory (not a symlink) owned by this user. A directory
    someone else planted in a shared /tmp fails this, so nothing is read from or written to it.

    Raises:
        OSError: ``path`` cannot be inspected (it does not exist, say).
    """
    info = path.lstat()
    return stat.S_ISDIR(info.st_mode) and (not hasattr(os, "getuid") or info.st_uid == os.getuid())


def open_own_file(path: Path) -> io.FileIO | None:
    """``path`` opened for reading if it is a regular file of this user's reached without a
    symbolic link; None if it does not exist.

    Raises:
        OSError: it cannot be opened, or it is not such a file.
    """
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        return None
    file = io.FileIO(descriptor, "rb")
    info = os.fstat(descriptor)
    if not stat.S_ISREG(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != os.getuid()):
        file.close()
        raise OSError(f"{path} is not a regular file of this user's")
    return file


def mark_used(file: io.FileIO) -> None:
    """Refresh the modification time of a cache file just read, so that no other version's
    writer takes it for unused (:func:`remove_unused_files`); where that cannot be done, nothing."""
    if os.utime in os.supports_fd:
        with contextlib.suppress(OSError):
            os.utime(file.fileno())


def remove_unused_files(directory: Path, prefix: str, keep: Path, unused_after_s: float) -> None:
    """Remove the files of ``directory`` whose names begin with ``prefix`` (and temporary files
    of interrupted writes of such names), other than ``keep``, that are this user's and were not
    used (their modification time, which a reader refreshes) for ``unused_after_s``: the versions
    a new package, bundle or engine left behind, once no older installation still reads them."""
    now = time.time()
    for candidate in directory.iterdir():
        ours = candidate.name.startswith((prefix, "." + prefix))
        if not ours or candidate == keep:
            continue
        try:
            info = candidate.lstat()
            owner = not hasattr(os, "getuid") or info.st_uid == os.getuid()
            if stat.S_ISREG(info.st_mode) and owner and now - info.st_mtime > unused_after_s:
                candidate.unlink()
        except OSError:
            continue


def write_atomically(path: Path, data: bytes, *, private: bool = False) -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename it over
    ``path``: a reader finds the old file or the whole new one, and processes racing to write the
    same bytes leave one whole file. The temporary file is removed if anything fails.

    The result has the permissions a plain ``open(path, "wb")`` would give it: a file it replaces
    keeps its mode, a new one gets what the umask allows, so a docs site served by another user
    reads what the printer wrote for it.

    Args:
        private: a file of the printer's own (a cache entry, a snapshot): readable and writable
            by this user only (0600), whatever the umask.

    Raises:
        OSError: the directory cannot be written.
    """
    handle, temporary = _new_temporary(path, 0o600 if private else 0o666)
    try:
        with os.fdopen(handle, "wb") as file:
            if not private:
                kept = _regular_file_mode(path)
                if kept is not None:
                    os.fchmod(file.fileno(), kept)
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _new_temporary(path: Path, mode: int) -> tuple[int, str]:
    """A new file beside ``path`` (``.<name>.<random>.tmp``), opened for writing, created with
    ``mode`` less the umask (the kernel applies it: nothing reads or changes the umask, which
    is process-wide, from here)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        temporary = os.path.join(path.parent, f".{path.name}.{secrets.token_hex(6)}.tmp")
        try:
            return os.open(temporary, flags, mode), temporary
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no unused temporary file name", str(path.parent))


def _regular_file_mode(path: Path) -> int | None:
    """The permission bits of the regular file at ``path``, or None (no such file)."""
    try:
        info = path.lstat()
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None
