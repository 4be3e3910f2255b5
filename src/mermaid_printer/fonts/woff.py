"""A small WOFF 1.0 writer: plain TrueType/OpenType bytes wrapped for a ``data:`` URL.

WOFF rather than a bare TTF because it is markedly smaller and an SVG carries its fonts on every
request; rather than WOFF2 because brotli at a useful quality costs far more than it saves.

Output is deterministic: no timestamps, no options. The bytes depend on zlib's deflate at level
``_ZLIB_LEVEL`` (stable across stock zlib releases; zlib-ng would give other, equally valid
bytes); ``tests/fonts/test_embed.py`` holds golden hashes so a change is noticed.
"""

from __future__ import annotations

import struct
import zlib

__all__ = ["to_woff"]

# Part of the output bytes (see the module docstring). 9 is slower for barely smaller fonts;
# 6 is zlib's default and what fontTools used for our WOFFs before.
_ZLIB_LEVEL = 6


def to_woff(sfnt: bytes) -> bytes:
    """``sfnt`` as a WOFF 1.0 file (W3C WOFF File Format 1.0, sections 3-5).

    Layout: a 44-byte header, one 20-byte directory entry per table (sorted by tag, as in the
    sfnt), then each table's data, zlib-compressed unless that would not make it smaller, and
    zero-padded to 4 bytes. No metadata or private block. The checksums are the sfnt's own.
    """
    flavor, num_tables = struct.unpack_from(">IH", sfnt, 0)
    records = sorted(struct.unpack_from(">4sIII", sfnt, 12 + 16 * i) for i in range(num_tables))
    directory = []
    blocks = []
    offset = 44 + 20 * num_tables
    sfnt_size = 12 + 16 * num_tables
    for tag, checksum, table_offset, length in records:
        table = sfnt[table_offset : table_offset + length]
        packed = zlib.compress(table, _ZLIB_LEVEL)
        if len(packed) >= length:
            packed = table  # stored as is: compLength == origLength tells the reader
        directory.append(struct.pack(">4sIIII", tag, offset, len(packed), length, checksum))
        padded = packed + b"\0" * (-len(packed) % 4)
        blocks.append(padded)
        offset += len(padded)
        sfnt_size += length + (-length % 4)
    header = struct.pack(
        ">4sIIHHIHHIIIII",
        b"wOFF",
        flavor,
        offset,  # total length of the WOFF file
        num_tables,
        0,  # reserved
        sfnt_size,  # totalSfntSize: the decoded font, tables padded to 4 bytes
        1,  # majorVersion/minorVersion: of this WOFF file, free for the writer to choose
        0,
        0,  # metaOffset, metaLength, metaOrigLength: no metadata block
        0,
        0,
        0,  # privOffset, privLength: no private block
        0,
    )
    return b"".join([header, *directory, *blocks])
