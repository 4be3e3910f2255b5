"""Large classic scripts run from the bytecode QuickJS compiled for them in an earlier process.

Starting a native engine is mostly QuickJS compiling Mermaid's bundle (and ZenUML's): the same
text into the same bytecode in every engine process, a one-shot command line's, a warm pool's,
a server's. :class:`ScriptBytecode` compiles a script once through ``script_bytecode.c``, keeps
the bytecode in the user's private cache directory (``files.private_cache_directory``), and a
later process reads it instead of compiling (the figures: ``benchmarks/RESULTS.md``, "Cold
start").

Every process runs the bytecode as written, the one that compiled it too and one with no cache
directory to keep it in, so all run the same functions: with their line tables (error stacks
name the same lines) but without their source text, which would make the bytecode several times
the script's size (``script_bytecode.c``); ``Function.prototype.toString`` of such a function
says ``[native code]``. The bundles draw the same bytes as when compiled with their source
(``scripts/corpus_digest.py``); only the wheel's module, which cannot write bytecode, still
compiles them as text.

A file is used only when it is a regular file of this user's in that directory, its header
names the same key (the SHA-256 of the script's file, its load-time transforms and the native
module's own file: another QuickJS build writes other bytecode) and the bytecode that follows has
the CRC-32 the header gives (a damaged file is compiled again). QuickJS trusts bytecode it reads,
so nothing else is ever read as bytecode.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import logging
import os
import struct
import zlib
from pathlib import Path
from types import ModuleType
from typing import Any

from mermaid_printer import files
from mermaid_printer.engine.bundle import Script
from mermaid_printer.engine.native import context_pointers, own_library

__all__ = ["BYTECODE_FORMAT", "SMALLEST_CACHED_SCRIPT", "ScriptBytecode", "ScriptFailed", "bytecode_path"]

logger = logging.getLogger(__name__)

#: The version of the file layout (part of the key).
BYTECODE_FORMAT = 2
#: Scripts smaller than this (bytes on disk) are compiled each time: reading and checking a
#: file would save little next to what the large bundles cost.
SMALLEST_CACHED_SCRIPT = 256 * 1024
_MAGIC = b"MPQJSBC1"
_CHECKSUM = struct.Struct("<I")
#: A bytecode file no process read for this long is removed when its script's next one is
#: written (another package version left it behind).
_UNUSED_AFTER_S = 24 * 3600
#: Room for what a failed script says (its error as text).
_MESSAGE_BYTES = 2048
#: The name every script runs under, as the binding names them (error stacks say ``<input>``).
_SCRIPT_FILENAME = b"<input>"


class ScriptFailed(Exception):
    """Running a script (compiled now or read from its bytecode) threw; the text is the error's."""


def bytecode_path(script: Script, key: str) -> Path | None:
    """Where the bytecode of ``script`` under ``key`` lives, or None where there is no private cache directory."""
    directory = files.private_cache_directory("quickjs-bytecode")
    return directory / f"{_file_prefix(script)}{key[:24]}.bin" if directory is not None else None


def _file_prefix(script: Script) -> str:
    return Path(script.name).stem.replace(".", "_") + "-"


@functools.cache
def _file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class ScriptBytecode:
    """Runs large classic scripts in a ``module.Context`` from cached bytecode (module docstring).

    Use :meth:`for_module`: it is None for a module without ``script_bytecode.c``'s functions.
    """

    def __init__(self, module: ModuleType, library: ctypes.CDLL) -> None:
        self._module = module
        self._compile_and_run = library.mermaid_printer_compile_and_run
        self._compile_and_run.argtypes = [
            ctypes.c_void_p,
            ctypes.c_char_p,
            ctypes.c_size_t,
            ctypes.c_char_p,
            ctypes.POINTER(ctypes.c_void_p),
            ctypes.POINTER(ctypes.c_size_t),
            ctypes.c_char_p,
            ctypes.c_size_t,
        ]
        self._compile_and_run.restype = ctypes.c_int
        self._run_bytecode = library.mermaid_printer_run_bytecode
        self._run_bytecode.argtypes = [
            ctypes.c_void_p,
            ctypes.c_void_p,
            ctypes.c_size_t,
            ctypes.c_char_p,
            ctypes.c_size_t,
        ]
        self._run_bytecode.restype = ctypes.c_int
        self._free_bytecode = library.mermaid_printer_free_bytecode
        self._free_bytecode.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        self._free_bytecode.restype = None
        assert module.__file__ is not None  # own_library gave a library
        self._module_file = Path(module.__file__)

    @classmethod
    def for_module(cls, module: ModuleType) -> ScriptBytecode | None:
        """The runner for ``module``, or None where it cannot run bytecode (the wheel's module)."""
        library = own_library(module)
        if library is None or getattr(library, "mermaid_printer_run_bytecode", None) is None:
            return None
        return cls(module, library)

    def wants(self, script: Script) -> bool:
        """Whether ``script`` is run through here: a classic script of at least
        :data:`SMALLEST_CACHED_SCRIPT` bytes on disk."""
        if script.kind != "script":
            return False
        try:
            return script.path.stat().st_size >= SMALLEST_CACHED_SCRIPT
        except OSError:
            return False

    def key(self, script: Script) -> str:
        """The SHA-256 (hex) of what the bytecode of ``script`` depends on (module docstring)."""
        parts = {
            "format": BYTECODE_FORMAT,
            "module": _file_sha256(self._module_file),
            "script": [script.name, _file_sha256(script.path)],
            "transforms": [transform.key() for transform in script.transforms],
        }
        return hashlib.sha256(json.dumps(parts, sort_keys=True).encode("utf-8")).hexdigest()

    def run(self, context: Any, script: Script) -> None:
        """Run ``script`` in ``context``: from its bytecode where a usable file is kept, else
        compiled now (and its bytecode kept for the next process where there is a private cache).

        Raises:
            ScriptFailed: the script threw.
            BundleTransformError: a transform does not fit the file (from ``script.source()``).
        """
        _runtime, js_context = context_pointers(self._module, context)
        key = self.key(script)
        path = bytecode_path(script, key)
        bytecode = _read(path, key) if path is not None else None
        message = ctypes.create_string_buffer(_MESSAGE_BYTES)
        if bytecode is not None:
            address = ctypes.addressof((ctypes.c_char * len(bytecode)).from_buffer(bytecode))
            status = self._run_bytecode(js_context, address, len(bytecode), message, _MESSAGE_BYTES)
            if status == 0:
                return
            if status == -1:
                raise ScriptFailed(message.value.decode("utf-8", "replace"))
            logger.info("bytecode %s cannot be read (%s): compiling the script", path, message.value.decode())
        source = script.source().encode("utf-8")
        written = ctypes.c_void_p()
        written_length = ctypes.c_size_t()
        status = self._compile_and_run(
            js_context,
            source,
            len(source),
            _SCRIPT_FILENAME,
            ctypes.byref(written),
            ctypes.byref(written_length),
            message,
            _MESSAGE_BYTES,
        )
        if written.value:
            compiled = ctypes.string_at(written.value, written_length.value)
            self._free_bytecode(js_context, written)
            if status == 0 and path is not None:
                _write(path, key, compiled, script)
        if status != 0:
            raise ScriptFailed(message.value.decode("utf-8", "replace"))


def _read(path: Path, key: str) -> memoryview | None:
    """The bytecode kept at ``path`` under ``key`` (a view of the file read whole, not copied
    again), or None (no file, another key, a damaged file)."""
    try:
        file = files.open_own_file(path)
    except OSError as exc:
        logger.info("bytecode %s cannot be used (%s): compiling the script", path, exc)
        return None
    if file is None:
        return None
    with file:
        data = bytearray(os.fstat(file.fileno()).st_size)
        whole = file.readinto(data) == len(data)
        files.mark_used(file)
    header = _MAGIC + bytes.fromhex(key)
    body_at = len(header) + _CHECKSUM.size
    if not whole or not data.startswith(header) or len(data) <= body_at:
        return None
    bytecode = memoryview(data)[body_at:]
    (checksum,) = _CHECKSUM.unpack_from(data, len(header))
    if zlib.crc32(bytecode) != checksum:
        logger.info("bytecode %s is damaged: compiling the script", path)
        return None
    return bytecode


def _write(path: Path, key: str, bytecode: bytes, script: Script) -> None:
    """Keep ``bytecode`` at ``path`` (a failure only costs the next process a compile)."""
    data = _MAGIC + bytes.fromhex(key) + _CHECKSUM.pack(zlib.crc32(bytecode)) + bytecode
    try:
        files.write_atomically(path, data, private=True)
        files.remove_unused_files(path.parent, _file_prefix(script), path, _UNUSED_AFTER_S)
    except OSError as exc:
        logger.info("bytecode of %s not kept (%s)", script.name, exc)
