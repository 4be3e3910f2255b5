"""Where the vendored upstream files live on disk.

In an installed wheel, ``vendor/`` is shipped as ``mermaid_printer/_vendor``; in a source
checkout (or an editable install) it is the repository's top-level ``vendor/``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

__all__ = ["vendor_dir", "vendor_manifest", "vendored_file"]

_PACKAGE_DIR = Path(__file__).resolve().parent


@functools.cache
def vendor_dir() -> Path:
    """The directory holding ``manifest.json`` and the vendored files."""
    for candidate in (_PACKAGE_DIR / "_vendor", _PACKAGE_DIR.parent.parent / "vendor"):
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
