"""Writing files so that no reader ever sees half of one, into directories that are our own."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["is_own_directory", "write_atomically"]


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
