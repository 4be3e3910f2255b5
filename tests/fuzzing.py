"""Hypothesis settings for the fuzz tests: a short, derandomized run by default (CI), a long
random one on request.

``MERMAID_PRINTER_FUZZ=long`` runs every fuzz test with its long example count (or
``MERMAID_PRINTER_FUZZ_EXAMPLES``), random seeds and the example database in ``.hypothesis/``
(failures found are replayed first next time). The default ``ci`` profile is derandomized: the
same examples on every run, nothing stored.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

__all__ = ["FUZZ_PROFILE", "fuzz_settings"]

#: ``"ci"`` (default) or ``"long"``.
FUZZ_PROFILE = os.environ.get("MERMAID_PRINTER_FUZZ", "ci")
if FUZZ_PROFILE not in ("ci", "long"):
    raise RuntimeError(f"MERMAID_PRINTER_FUZZ must be 'ci' or 'long', not {FUZZ_PROFILE!r}")


def fuzz_settings(ci: int, long: int) -> settings:
    """Settings for one fuzz test: ``ci`` examples by default, ``long`` under the long profile."""
    # deadline=None: a loaded machine is not a bug; the printer's own limits bound time.
    unhurried = [HealthCheck.too_slow, HealthCheck.data_too_large]
    if FUZZ_PROFILE == "long":
        examples = int(os.environ.get("MERMAID_PRINTER_FUZZ_EXAMPLES") or long)
        return settings(
            max_examples=examples, derandomize=False, deadline=None, suppress_health_check=unhurried, print_blob=True
        )
    return settings(
        max_examples=ci,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=unhurried,
        print_blob=True,
    )
