"""The decoded-font cache: a woff2 is decoded once per machine, not once per process."""

from __future__ import annotations

import hashlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from mermaid_printer.files import CACHE_DIR_ENV
from mermaid_printer.fonts import catalog
from mermaid_printer.fonts.catalog import vendored_fonts
from mermaid_printer.resources import vendored_file

#: The smallest vendored woff2 keeps these tests quick.
FONT = min(
    (font for font in vendored_fonts() if font.path.endswith(".woff2")),
    key=lambda font: vendored_file(font.path).stat().st_size,
)


def decoded_freshly() -> bytes:
    catalog._sfnt.cache_clear()
    return catalog._sfnt(FONT.path)


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    yield tmp_path / "cache"
    catalog._sfnt.cache_clear()


def cached_files(cache_dir: Path) -> list[Path]:
    return sorted((cache_dir / "fonts-sfnt").glob("*.sfnt"))


def forbid_decoding(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("decoded again instead of read from the cache")

    monkeypatch.setattr(catalog, "TTFont", refuse)


def test_the_first_process_decodes_and_keeps_the_result_the_next_reads_it(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = decoded_freshly()
    assert len(cached_files(cache_dir)) == 1
    assert TTFont(io.BytesIO(first)).flavor is None

    forbid_decoding(monkeypatch)
    assert decoded_freshly() == first


@pytest.mark.parametrize("damage", ["flip", "truncate", "empty"])
def test_a_damaged_cache_file_is_never_used_and_is_written_again(
    cache_dir: Path, damage: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    good = decoded_freshly()
    (path,) = cached_files(cache_dir)
    stored = bytearray(path.read_bytes())
    if damage == "flip":
        stored[len(stored) // 2] ^= 0x01
    elif damage == "truncate":
        del stored[len(stored) // 2 :]
    else:
        stored.clear()
    path.write_bytes(bytes(stored))

    assert decoded_freshly() == good
    forbid_decoding(monkeypatch)
    assert decoded_freshly() == good


def test_a_cache_directory_others_can_write_is_neither_read_nor_written(cache_dir: Path) -> None:
    good = decoded_freshly()
    (path,) = cached_files(cache_dir)
    planted = b"a font someone else put there"
    path.write_bytes(planted + hashlib.sha256(planted).digest())  # well-formed, by its digest
    (cache_dir / "fonts-sfnt").chmod(0o777)

    assert decoded_freshly() == good
    assert path.read_bytes().startswith(planted)  # not written either
