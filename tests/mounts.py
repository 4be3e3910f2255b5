"""Directories that fail writes the way real ones do, for the fault tests: full (a tiny tmpfs,
filled) and read-only (a read-only tmpfs; the mode bits for a user who is not root, since root
writes through them). Mounting needs root with CAP_SYS_ADMIN; where it is refused, the test is
skipped."""

from __future__ import annotations

import contextlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

__all__ = ["full_directory", "read_only_directory"]


def _mount_tmpfs(path: Path, options: str) -> None:
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    path.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()[:200]}")


def _unmount(path: Path) -> None:
    subprocess.run(["umount", "-l", str(path)], check=True, capture_output=True)


@contextlib.contextmanager
def full_directory(path: Path) -> Iterator[Path]:
    """``path`` as a 256 KiB tmpfs with no space left (every write fails with ENOSPC)."""
    _mount_tmpfs(path, "size=256k,mode=0700")
    try:
        with open(path / "filler", "wb", buffering=0) as filler, contextlib.suppress(OSError):
            while True:
                filler.write(b"\0" * 4096)
        yield path
    finally:
        _unmount(path)


@contextlib.contextmanager
def read_only_directory(path: Path) -> Iterator[Path]:
    """``path`` as an empty directory nothing can be written to."""
    if os.geteuid() != 0:
        path.mkdir(parents=True, exist_ok=True)
        path.chmod(0o500)
        try:
            yield path
        finally:
            path.chmod(0o700)
        return
    _mount_tmpfs(path, "size=64k,mode=0700,ro")
    try:
        yield path
    finally:
        _unmount(path)
