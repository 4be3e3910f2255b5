"""Where SVG, PDF and PNG files go when a client asks for a file rather than the bytes.

``delivery``: ``"inline"`` (SVG only, the default: the SVG text in the structured result),
``"image"`` (PNG only: an MCP image block, the default for PNG), ``"resource"``
(an embedded resource with the bytes, an SVG's as text; the default for PDF, and for PNG and SVG the
choice for clients that reject image blocks or read only content blocks), ``"file"`` (no bytes in the reply: the file is written once,
content-addressed, under the server's output directory and its path and ``file://`` URI are
returned; for clients on the same machine that would rather open a file).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from mermaid_printer.errors import RenderFailed
from mermaid_printer.files import is_own_directory, write_atomically

__all__ = [
    "LARGE_INLINE_BYTES",
    "OUTPUT_DIR_ENV",
    "PDF_DELIVERIES",
    "PNG_DELIVERIES",
    "SVG_DELIVERIES",
    "output_directory",
    "write_output_file",
]

#: Environment variable naming the directory ``delivery="file"`` writes to.
OUTPUT_DIR_ENV = "MERMAID_PRINTER_OUTPUT_DIR"
#: Above this, a file sent inline gets a warning suggesting ``delivery: "file"``.
LARGE_INLINE_BYTES = 5_000_000
PDF_DELIVERIES = ("resource", "file")
PNG_DELIVERIES = ("image", "resource", "file")
SVG_DELIVERIES = ("inline", "resource", "file")


def output_directory() -> Path:
    """Where ``delivery="file"`` writes: ``$MERMAID_PRINTER_OUTPUT_DIR``, else a private
    ``mermaid-printer-<uid>`` directory in the system's temporary directory."""
    configured = os.environ.get(OUTPUT_DIR_ENV)
    if configured:
        return Path(configured).expanduser().resolve()
    user = os.getuid() if hasattr(os, "getuid") else os.getlogin()
    return Path(tempfile.gettempdir()) / f"mermaid-printer-{user}"


def write_output_file(data: bytes, name: str, directory: Path) -> Path:
    """Write ``data`` as ``directory/name`` (atomically; kept if already there) and return its path.

    A directory we create is private (0700); an existing one must be a real directory owned by
    this user, so a directory someone else planted in a shared /tmp is never written into.

    Raises:
        RenderFailed: the directory or file cannot be written (``details.reason``).
    """
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        if not is_own_directory(directory):
            raise RenderFailed(
                f"the output directory {directory} is not a directory of this user; set {OUTPUT_DIR_ENV}",
                {"reason": "output_dir_untrusted", "path": str(directory)},
            )
        path = directory / name
        if path.is_file() and path.read_bytes() == data:
            return path
        write_atomically(path, data)
    except OSError as exc:
        raise RenderFailed(
            f"cannot write the file to {directory}: {exc.strerror or exc}; set {OUTPUT_DIR_ENV}",
            {"reason": "output_dir_unwritable", "path": str(directory)},
        ) from exc
    return path
