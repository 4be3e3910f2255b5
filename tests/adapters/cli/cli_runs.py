"""``run_cli``: the ``mermaid-printer`` command run as a subprocess, for every CLI test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run_cli(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m mermaid_printer *args`` with ``stdin``, its output captured as text."""
    return subprocess.run(
        [sys.executable, "-m", "mermaid_printer", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )
