"""What tests of a warmed engine draw (``test_warm_state.py``, ``worker/test_priming.py``): every
warm-up diagram (the likeliest to meet traces of a warm-up), a block diagram and a mind map."""

from __future__ import annotations

from mermaid_printer.bundles.mermaid.bundle import PARSE_WARMUP_DIAGRAMS, WARMUP_DIAGRAMS

__all__ = ["DIAGRAMS", "MARKDOWN"]

#: Mermaid numbers block ids from a counter it never resets; a parse warm-up of block made a
#: warmed process draw ``…-2`` where a cold one drew ``…-1``.
BLOCK = 'block-beta\n  columns 2\n  a["A"] b[("B")]\n  block:g:2\n    c d\n  end\n  a --> b'
DIAGRAMS = {**WARMUP_DIAGRAMS, **PARSE_WARMUP_DIAGRAMS, "block": BLOCK}
MARKDOWN = "# Plan\n\n## Now\n\n- [x] write `code`\n- read\n\n## Later\n\n- ship\n  - **announce**\n"
