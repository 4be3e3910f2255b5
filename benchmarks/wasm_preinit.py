"""A pre-initialized module: ``quickjs.wasm`` whose initial memory is a snapshot of a loaded one.

Benchmark helper for option (c) of the WebAssembly engine's fresh-state question (see
test_wasm_bench.py, whose docstring has the measurements): the engine itself does not use it;
the renderer pool keeps forking its warm process, which costs a few milliseconds more per
request but keeps the process boundary and needs no image.

Loading a bundle into a fresh instance means compiling megabytes of JavaScript (seconds). The
state that leaves behind lives entirely in the instance's linear memory: the module's only
mutable global is the shadow-stack pointer, which is back at its initial value whenever no call
is running, and its table never changes. So a copy of the module whose data section *is* that
memory starts exactly where the loaded instance stood, and wasmtime maps such an image
copy-on-write: a new instance costs about a millisecond and the pages it never writes are
shared.

:func:`preinitialized` builds that module from the original bytes and a memory snapshot by
rewriting two sections (memory: the snapshot's size; data: one segment per run of non-zero
pages) and leaving every other byte as it was.
"""

from __future__ import annotations

__all__ = ["preinitialized"]

_MAGIC = b"\0asm\x01\0\0\0"
_PAGE = 4096  # segment granularity: an OS page, as wasmtime's copy-on-write images use
_WASM_PAGE = 65536
_SECTION_MEMORY, _SECTION_DATA, _SECTION_DATA_COUNT = 5, 11, 12
_I32_CONST, _END = 0x41, 0x0B


def _unsigned(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _signed(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        done = (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40)
        out.append(byte if done else byte | 0x80)
        if done:
            return bytes(out)


def _read_unsigned(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def _sections(wasm: bytes) -> list[tuple[int, bytes]]:
    if wasm[:8] != _MAGIC:
        raise ValueError("not a WebAssembly module (version 1)")
    sections = []
    at = 8
    while at < len(wasm):
        section_id = wasm[at]
        size, start = _read_unsigned(wasm, at + 1)
        sections.append((section_id, wasm[start : start + size]))
        at = start + size
    return sections


def _non_zero_runs(memory: bytes) -> list[tuple[int, int]]:
    """``(offset, end)`` of every run of pages holding a non-zero byte."""
    zero = bytes(_PAGE)
    runs: list[tuple[int, int]] = []
    start = None
    for offset in range(0, len(memory), _PAGE):
        if memory[offset : offset + _PAGE] != zero:
            if start is None:
                start = offset
        elif start is not None:
            runs.append((start, offset))
            start = None
    if start is not None:
        runs.append((start, len(memory)))
    return runs


def _data_section(memory: bytes) -> tuple[bytes, int]:
    runs = _non_zero_runs(memory)
    body = bytearray(_unsigned(len(runs)))
    for start, end in runs:
        # An active segment of memory 0 at i32.const start (a signed 32-bit immediate).
        offset = start - 2**32 if start >= 2**31 else start
        body += b"\0" + bytes([_I32_CONST]) + _signed(offset) + bytes([_END])
        body += _unsigned(end - start) + memory[start:end]
    return bytes(body), len(runs)


def preinitialized(wasm: bytes, memory: bytes) -> bytes:
    """``wasm`` with its initial linear memory replaced by ``memory`` (a whole number of pages).

    Raises:
        ValueError: the module is not one this rewrite understands (not exactly one memory
            without a maximum, or no data section to replace).
    """
    if len(memory) % _WASM_PAGE:
        raise ValueError("a memory snapshot is a whole number of 64 KiB pages")
    data, segments = _data_section(memory)
    out = bytearray(_MAGIC)
    replaced = set()
    for section_id, body in _sections(wasm):
        if section_id == _SECTION_MEMORY:
            if body[:2] != b"\x01\x00":
                raise ValueError("expected exactly one memory without a maximum size")
            body = b"\x01\x00" + _unsigned(len(memory) // _WASM_PAGE)
        elif section_id == _SECTION_DATA:
            body = data
        elif section_id == _SECTION_DATA_COUNT:
            body = _unsigned(segments)
        else:
            out += bytes([section_id]) + _unsigned(len(body)) + body
            continue
        replaced.add(section_id)
        out += bytes([section_id]) + _unsigned(len(body)) + body
    if not {_SECTION_MEMORY, _SECTION_DATA} <= replaced:
        raise ValueError("the module has no memory or no data section to replace")
    return bytes(out)
