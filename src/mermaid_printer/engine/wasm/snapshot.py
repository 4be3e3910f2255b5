"""The warm snapshot: the WebAssembly engine's memory once its bundle is loaded and warmed up, on disk.

Loading the Mermaid bundle into a new instance takes seconds (QuickJS compiles megabytes of
JavaScript); warming it up takes more. All of that work ends up in the instance's linear memory
and nowhere else (:class:`~mermaid_printer.engine.wasm.instance.MemorySnapshot` says why), so a
copy of that memory, taken once and kept in the user's cache directory, gives any later process
a loaded and warmed engine for the cost of reading the file (:meth:`WasmEngine.restored
<mermaid_printer.engine.wasm.engine.WasmEngine.restored>`).

What it holds: the interpreter's heap after loading the host protocol and the bundle's scripts
and making the bundle's own warm-up calls (:attr:`Bundle.warm_up
<mermaid_printer.engine.bundle.Bundle.warm_up>`: fixed diagrams of ours). Never a user's input:
the snapshot is taken before any request exists, in whichever process first needs it.

Its key is everything that state depends on: the format, the package version, ``quickjs.wasm``'s
SHA-256, the host protocol and the wasm engine's Python code (their SHA-256), the bundle (name,
version, fingerprint of its files, entries), its warm-up calls and the engine limits. A change
to any of them names another file; files of the same bundle that no process used for a day are
removed when a new one is written.

Where: ``<cache>/wasm/snapshot-<bundle>-<key>.bin`` beside the compiled code (``module.py``:
``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then
``mermaid-printer/``), under the same rule: only a directory that is this user's own and that
nobody else can write; where there is none, each process loads and warms for itself.

The file::

    magic      8 bytes   b"MPWSNAP1"
    digest    32 bytes   SHA-256 of every byte after it
    length     4 bytes   little-endian length of the header
    header     JSON      {"format", "key", "memory_size", "runs": [[offset, length], ...]}
    pages                the bytes of each run, in order (runs of 4 KiB pages that are not all
                         zero; every other byte of the memory is zero)

A file is read only if it is a regular file of this user's, reached without a symbolic link;
its header must carry the expected key and describe runs that fit the memory; its pages go
straight into the new instance's memory, and the digest over all of it must match before the
instance is used. A file that fails any of this is never used: the engine is built again and
the file replaced. Writing is atomic (a temporary file renamed over the old one), so processes
racing to build it each leave a whole file, and a reader holds whichever one it opened.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import functools
import hashlib
import io
import json
import logging
import os
import struct
import time
from collections.abc import Callable
from pathlib import Path

import mermaid_printer
from mermaid_printer.engine import EngineLimits, snapshot_file_prefix
from mermaid_printer.engine.bundle import Bundle
from mermaid_printer.engine.wasm.instance import QuickJSInstance
from mermaid_printer.engine.wasm.module import private_cache_directory, wasm_sha256
from mermaid_printer.files import mark_used, open_own_file, remove_unused_files, write_atomically

__all__ = ["SNAPSHOT_FORMAT", "SnapshotFile", "restore_or_build", "snapshot_key", "snapshot_path"]

#: The version of the file layout (part of the key).
SNAPSHOT_FORMAT = 1
_MAGIC = b"MPWSNAP1"
_DIGEST_BYTES = 32
_LENGTH = struct.Struct("<I")
_PREAMBLE = len(_MAGIC) + _DIGEST_BYTES + _LENGTH.size
_MAX_HEADER = 4 * 1024 * 1024
#: Runs are whole OS pages: the granularity at which zero pages are left out.
_PAGE = 4096
#: Bytes read before their digest is taken on the hashing thread (``SnapshotFile.copy_into``).
_DIGEST_CHUNK = 4 * 1024 * 1024
#: A snapshot file of the same bundle that no process restored for this long is removed when
#: a new one is written (a new package version, bundle or engine leaves the old one unused).
_UNUSED_AFTER_S = 24 * 3600

_HERE = Path(__file__).resolve().parent
#: The files whose code shapes the state a snapshot holds: the host protocol every engine loads
#: first and its host side (how warm-up calls run), and the wasm engine's Python side (how
#: scripts are loaded, how limits are set).
_STATE_SOURCES = (
    _HERE.parent / "js" / "host.js",
    _HERE.parent / "host.py",
    _HERE / "engine.py",
    _HERE / "instance.py",
    _HERE / "host_math.py",
    Path(__file__).resolve(),
)

logger = logging.getLogger(__name__)


@functools.cache
def _sources_sha256() -> str:
    digest = hashlib.sha256()
    for path in _STATE_SOURCES:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def snapshot_key(bundle: Bundle, limits: EngineLimits) -> str:
    """The SHA-256 (hex) of everything a warm snapshot of ``bundle`` depends on (module docstring).

    Raises:
        EngineUnavailable: ``quickjs.wasm`` is missing.
    """
    parts = {
        "format": SNAPSHOT_FORMAT,
        "package": mermaid_printer.__version__,
        "wasm": wasm_sha256(),
        "sources": _sources_sha256(),
        "bundle": [bundle.name, bundle.version, bundle.fingerprint(), list(bundle.entries)],
        "warm_up": [[call.entry, call.payload] for call in bundle.warm_up],
        "limits": dataclasses.asdict(limits),
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()


def _file_prefix(bundle: Bundle) -> str:
    return snapshot_file_prefix(bundle.name)


def snapshot_path(bundle: Bundle, key: str) -> Path | None:
    """Where the snapshot with this key lives, or None where there is no private cache directory."""
    directory = private_cache_directory()
    return directory / f"{_file_prefix(bundle)}{key[:24]}.bin" if directory is not None else None


# ---- writing ---------------------------------------------------------------------------------


def _non_zero_runs(memory: bytes) -> list[tuple[int, int]]:
    """``(offset, length)`` of every run of pages holding a non-zero byte."""
    zero = bytes(_PAGE)
    runs: list[tuple[int, int]] = []
    start: int | None = None
    for offset in range(0, len(memory), _PAGE):
        if memory[offset : offset + _PAGE] != zero:
            if start is None:
                start = offset
        elif start is not None:
            runs.append((start, offset - start))
            start = None
    if start is not None:
        runs.append((start, len(memory) - start))
    return runs


def snapshot_bytes(memory: bytes, key: str) -> bytes:
    """The file that holds ``memory`` (a loaded instance's, between calls) under ``key``."""
    runs = _non_zero_runs(memory)
    header = json.dumps(
        {"format": SNAPSHOT_FORMAT, "key": key, "memory_size": len(memory), "runs": runs}, separators=(",", ":")
    ).encode("utf-8")
    view = memoryview(memory)
    body: list[bytes | memoryview] = [_LENGTH.pack(len(header)), header]
    body += [view[offset : offset + length] for offset, length in runs]
    digest = hashlib.sha256()
    for part in body:
        digest.update(part)
    return _MAGIC + digest.digest() + b"".join(body)


def save_snapshot(instance: QuickJSInstance, bundle: Bundle, key: str, path: Path) -> int:
    """Write the snapshot of ``instance`` (loaded and warmed, between calls) to ``path``.

    Returns:
        The size of the file in bytes.

    Raises:
        OSError: the file cannot be written.
    """
    data = snapshot_bytes(instance.read_memory(), key)
    write_atomically(path, data, private=True)
    remove_unused_files(path.parent, _file_prefix(bundle), path, _UNUSED_AFTER_S)
    return len(data)


# ---- reading ---------------------------------------------------------------------------------


class SnapshotFile:
    """An open snapshot file whose header was checked; :meth:`copy_into` reads and verifies the
    pages (a :class:`~mermaid_printer.engine.wasm.instance.MemorySnapshot`).

    Raises:
        ValueError: the file is not a snapshot with this key, or its header does not add up.
    """

    def __init__(self, file: io.FileIO, key: str, file_size: int) -> None:
        self._file = file
        preamble = file.read(_PREAMBLE)
        if len(preamble) != _PREAMBLE or preamble[: len(_MAGIC)] != _MAGIC:
            raise ValueError("not a snapshot file")
        self._expected = preamble[len(_MAGIC) : len(_MAGIC) + _DIGEST_BYTES]
        (header_length,) = _LENGTH.unpack(preamble[len(_MAGIC) + _DIGEST_BYTES :])
        if header_length > _MAX_HEADER:
            raise ValueError("the header is too long")
        header_bytes = file.read(header_length)
        try:
            header = json.loads(header_bytes)
            runs = [(int(offset), int(length)) for offset, length in header["runs"]]
            size = int(header["memory_size"])
            valid = header["format"] == SNAPSHOT_FORMAT and header["key"] == key
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"the header cannot be read: {exc}") from None
        if not valid:
            raise ValueError("made by another version or for another key")
        end = 0
        for offset, length in runs:
            if offset < end or length <= 0 or offset % _PAGE or length % _PAGE or offset + length > size:
                raise ValueError("the header describes pages outside the memory")
            end = offset + length
        if _PREAMBLE + header_length + sum(length for _, length in runs) != file_size:
            raise ValueError("the file is not as long as its header says")
        self._size = size
        self._runs = runs
        self._digest = hashlib.sha256(preamble[len(_MAGIC) + _DIGEST_BYTES :] + header_bytes)

    @property
    def size(self) -> int:
        """Bytes of linear memory."""
        return self._size

    def copy_into(self, memory: memoryview) -> None:
        """Read the pages into ``memory`` (all zero), hashing as they come.

        Reading and hashing take about as long each: a second thread hashes each chunk once it
        is in, while this one reads the next (``benchmarks/cold_start.py``). Chunks are hashed
        in file order, and the thread has ended when this returns (the zygote forks single-threaded).

        Raises:
            ValueError: the file ended early or its digest does not match.
        """
        chunks: list[memoryview] = []
        try:
            with concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="snapshot-digest") as hasher:
                hashed = []
                for offset, length in self._runs:
                    for start in range(offset, offset + length, _DIGEST_CHUNK):
                        chunk = memory[start : min(start + _DIGEST_CHUNK, offset + length)]
                        chunks.append(chunk)
                        self._read_into(chunk)
                        hashed.append(hasher.submit(self._digest.update, chunk))
                for done in hashed:
                    done.result()
        finally:
            for chunk in chunks:
                chunk.release()
        if self._digest.digest() != self._expected:
            raise ValueError("its digest does not match: the file is damaged")

    def _read_into(self, pages: memoryview) -> None:
        filled = 0
        while filled < len(pages):
            with pages[filled:] as rest:
                count = self._file.readinto(rest)
            if not count:
                raise ValueError("the file ended early")
            filled += count


def restore_snapshot(path: Path, key: str, limits: EngineLimits) -> QuickJSInstance | None:
    """A new instance started from the snapshot at ``path``; None if there is none or it cannot
    be used (said in a warning: the caller builds the engine again and replaces the file)."""
    try:
        file = open_own_file(path)
    except OSError as exc:
        logger.info("warm snapshot %s cannot be used (%s): building the engine again", path, exc)
        return None
    if file is None:
        return None
    with file:
        try:
            snapshot = SnapshotFile(file, key, os.fstat(file.fileno()).st_size)
            instance = QuickJSInstance(limits.memory_bytes, limits.stack_bytes, snapshot=snapshot)
        except (ValueError, OSError, MemoryError) as exc:
            logger.info("warm snapshot %s cannot be used (%s): building the engine again", path, exc)
            return None
        mark_used(file)
    return instance


def restore_or_build(bundle: Bundle, limits: EngineLimits, build: Callable[[], QuickJSInstance]) -> QuickJSInstance:
    """The warm instance of ``bundle``: restored from its snapshot, else made by ``build`` (load
    and warm up) and saved as the snapshot for the next process.

    Raises:
        PrinterError: from ``build``.
    """
    started = time.perf_counter()
    key = snapshot_key(bundle, limits)
    path = snapshot_path(bundle, key)
    if path is not None:
        instance = restore_snapshot(path, key, limits)
        if instance is not None:
            logger.debug(
                "restored the warm %s engine from %s in %.3f s", bundle.name, path, time.perf_counter() - started
            )
            return instance
    # Information, not a warning: nothing is wrong, and the user's terminal is for their
    # diagrams (``-v`` shows it).
    if path is None:
        logger.info("no private cache directory: loading and warming the %s engine in this process", bundle.name)
    else:
        logger.info(
            "building the warm snapshot of the %s engine, once per version (%s); later starts restore it",
            bundle.name,
            path,
        )
    instance = build()
    if path is not None:
        try:
            size = save_snapshot(instance, bundle, key, path)
        except OSError as exc:
            # Where it cannot be written the next process builds again: only time is lost.
            logger.warning("warm snapshot %s cannot be written: %s", path, exc)
        else:
            logger.info("saved the warm snapshot (%.0f MiB) in %.1f s", size / 2**20, time.perf_counter() - started)
    return instance
