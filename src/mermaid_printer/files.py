"""Writing files so that no reader ever sees half of one."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

__all__ = ["write_atomically"]


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
