"""Files the printer writes: whole or not at all, readable as the user's umask says (its own
cache files private)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer.files import write_atomically


@pytest.fixture
def umask() -> Iterator[None]:
    """A umask that lets the group write (002): what a shared docs checkout often has."""
    previous = os.umask(0o002)
    try:
        yield
    finally:
        os.umask(previous)


def mode_of(path: Path) -> int:
    return path.stat().st_mode & 0o777


@pytest.mark.usefixtures("umask")
def test_a_new_file_gets_the_mode_the_umask_allows(tmp_path: Path) -> None:
    write_atomically(tmp_path / "out.svg", b"<svg/>")

    assert mode_of(tmp_path / "out.svg") == 0o664
    assert [path.name for path in tmp_path.iterdir()] == ["out.svg"]


@pytest.mark.usefixtures("umask")
def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    target.write_bytes(b"old")
    target.chmod(0o640)

    write_atomically(target, b"new")

    assert target.read_bytes() == b"new" and mode_of(target) == 0o640


@pytest.mark.usefixtures("umask")
def test_a_private_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    write_atomically(tmp_path / "entry.bin", b"cached", private=True)

    assert mode_of(tmp_path / "entry.bin") == 0o600


def test_a_failed_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "out.svg"
    with pytest.raises(TypeError):
        write_atomically(target, "not bytes")  # type: ignore[arg-type]

    assert list(tmp_path.iterdir()) == []
