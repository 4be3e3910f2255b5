"""Writing files so that no reader ever sees half of one, into directories that are our own;
the user's cache directory for what the printer keeps between processes."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["CACHE_DIR_ENV", "cache_root", "is_own_directory", "private_cache_directory", "write_atomically"]

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


def write_atomically(path: Path, data: bytes, *, mode: int | None = None) -> None:
    """Write ``data`` to a temporary file beside ``path``, flush it to disk, then rename it over
    ``path``: a reader finds the old file or the whole new one, and processes racing to write the
    same bytes leave one whole file. The temporary file is removed if anything fails.

    Args:
        mode: permission bits for the result; ``None`` keeps the temporary file's 0600.

    Raises:
        OSError: the directory cannot be written.
    """
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
