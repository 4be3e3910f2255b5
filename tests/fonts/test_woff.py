"""to_woff: plain sfnt bytes wrapped as WOFF 1.0 (the embedded SVG fonts' container)."""

from __future__ import annotations

import hashlib
import io
import struct
import zlib

from fontTools.ttLib import TTFont

from mermaid_printer.fonts import vendored_fonts
from mermaid_printer.fonts.embed import subset_sfnt
from mermaid_printer.fonts.woff import to_woff


def sfnt_with(tables: dict[bytes, bytes]) -> bytes:
    """A bare sfnt holding ``tables`` (checksums zero: the writer copies them, never checks)."""
    header = struct.pack(">IHHHH", 0x00010000, len(tables), 0, 0, 0)
    offset = 12 + 16 * len(tables)
    records, blocks = [], []
    for tag, data in sorted(tables.items()):
        records.append(struct.pack(">4sIII", tag, 0, offset, len(data)))
        padded = data + b"\0" * (-len(data) % 4)
        blocks.append(padded)
        offset += len(padded)
    return b"".join([header, *records, *blocks])


def woff_entries(woff: bytes) -> list[tuple[bytes, int, int, int, int]]:
    (num_tables,) = struct.unpack_from(">H", woff, 12)
    return [struct.unpack_from(">4sIIII", woff, 44 + 20 * i) for i in range(num_tables)]


def test_a_woff_reads_back_as_the_same_font() -> None:
    sfnt = subset_sfnt(vendored_fonts()[0], frozenset(map(ord, "Round trip")))
    original = TTFont(io.BytesIO(sfnt))

    wrapped = TTFont(io.BytesIO(to_woff(sfnt)), checkChecksums=2)  # raises on a wrong checksum

    assert wrapped.flavor == "woff"
    assert sorted(wrapped.reader.keys()) == sorted(original.reader.keys())
    for tag in original.reader.keys():  # noqa: SIM118 (a font reader, not a dict)
        assert wrapped.reader[tag] == original.reader[tag], tag


def test_a_table_compression_would_not_shrink_is_stored_as_is() -> None:
    noise = b"".join(hashlib.sha256(bytes([i])).digest() for i in range(8))  # 256 incompressible bytes
    repetitive = b"abcd" * 64

    woff = to_woff(sfnt_with({b"nois": noise, b"rept": repetitive}))

    (noise_entry, repetitive_entry) = woff_entries(woff)
    tag, offset, comp_length, orig_length, _ = noise_entry
    assert (tag, comp_length, orig_length) == (b"nois", 256, 256)
    assert woff[offset : offset + comp_length] == noise
    tag, offset, comp_length, orig_length, _ = repetitive_entry
    assert tag == b"rept" and comp_length < orig_length == 256
    assert zlib.decompress(woff[offset : offset + comp_length]) == repetitive


def test_the_header_totals_describe_the_file_and_the_decoded_font() -> None:
    woff = to_woff(sfnt_with({b"abcd": b"x" * 5, b"efgh": b"y" * 8}))

    signature, flavor, length, num_tables, reserved, sfnt_size = struct.unpack_from(">4sIIHHI", woff)

    assert (signature, flavor, length, num_tables, reserved) == (b"wOFF", 0x00010000, len(woff), 2, 0)
    assert sfnt_size == 12 + 16 * 2 + 8 + 8  # each table padded to 4 bytes
    assert all(offset % 4 == 0 for _, offset, *_ in woff_entries(woff))
