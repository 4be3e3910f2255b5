"""Where the vendored upstream files live on disk, and the check that they are intact.

In an installed wheel, ``vendor/`` is shipped as ``mermaid_printer/_vendor``; in a source
checkout (or an editable install) it is the repository's top-level ``vendor/``.
``$MERMAID_PRINTER_VENDOR_DIR`` names another copy (for repackaging, and for the tests that
break one on purpose).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from mermaid_printer.errors import EngineUnavailable

__all__ = ["VENDOR_DIR_ENV", "vendor_dir", "vendor_manifest", "vendored_file", "verify_vendored_files"]

#: Environment variable naming the directory of the vendored files (default: the package's).
VENDOR_DIR_ENV = "MERMAID_PRINTER_VENDOR_DIR"
_PACKAGE_DIR = Path(__file__).resolve().parent


@functools.cache
def vendor_dir() -> Path:
    """The directory holding ``manifest.json`` and the vendored files."""
    configured = os.environ.get(VENDOR_DIR_ENV)
    candidates = [Path(configured)] if configured else [_PACKAGE_DIR / "_vendor", _PACKAGE_DIR.parent.parent / "vendor"]
    for candidate in candidates:
        if (candidate / "manifest.json").is_file():
            return candidate
    raise FileNotFoundError("vendored files not found: reinstall mermaid-printer (pip install .)")


def vendored_file(relative_path: str) -> Path:
    """Absolute path of a vendored file named as in the manifest (e.g. ``mermaid/mermaid.min.js``)."""
    return vendor_dir() / relative_path


@functools.cache
def vendor_manifest() -> dict[str, Any]:
    """The parsed ``vendor/manifest.json``."""
    manifest: dict[str, Any] = json.loads((vendor_dir() / "manifest.json").read_text(encoding="utf-8"))
    return manifest


def verify_vendored_files() -> None:
    """Check every vendored file against the SHA-256 the manifest records for it.

    The engine process runs this once as it starts (a small part of its start-up), so a
    damaged install fails with a clear error instead of rendering with changed code or fonts.

    Raises:
        EngineUnavailable: a file is missing, unreadable or not what the manifest records.
    """
    for entry in vendor_manifest()["files"]:
        relative = entry["path"]
        try:
            with open(vendor_dir() / relative, "rb") as file:
                digest = hashlib.file_digest(file, "sha256").hexdigest()
        except OSError as exc:
            raise EngineUnavailable(
                f"the vendored file {relative} cannot be read ({exc.strerror or exc}): reinstall mermaid-printer",
                {"reason": "vendored_file_unreadable", "path": relative},
            ) from exc
        if digest != entry["sha256"]:
            raise EngineUnavailable(
                f"the vendored file {relative} does not match its SHA-256 in vendor/manifest.json (changed "
                "or corrupted): reinstall mermaid-printer",
                {"reason": "vendored_file_corrupt", "path": relative},
            )
