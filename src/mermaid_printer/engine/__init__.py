"""The JavaScript engine seam.

Everything above this package talks to an :class:`Engine`: load the scripts once, then call a
named entry point with a JSON payload and get JSON back. Only
:mod:`mermaid_printer.engine.quickjs_engine` imports QuickJS, so a different host (for example
QuickJS compiled to WebAssembly as a hardened sandbox mode) can slot in here without touching
the pool, the service or the adapters.

The JavaScript side lives in ``engine/js/`` as real ``.js`` files (``.mjs`` for ES modules),
loaded in this order (``quickjs_engine.mermaid_scripts()``): ``env.js`` (browser-like globals,
seeded randomness, a frozen clock), ``selectors.js``, ``css.js``, ``dom.js`` and ``geometry.js``
(the minimal DOM Mermaid needs), ``font_metrics.js`` (generated advance-width and kerning
tables), ``text_measure.js`` (text widths from those tables), ``html_layout.js`` and
``mathml_layout.js`` (boxes for HTML and MathML labels), ``foreign_objects.js`` (HTML labels
to SVG text), the vendored ``mermaid.min.js``, ``ast.js`` (the diagram AST read from Mermaid's
parsed database), the vendored ``mermaid-zenuml.min.js`` (the ZenUML plugin mermaid-cli
registers), the vendored ``layout-tidy-tree.chunk.mjs`` and ``layout_tidy_tree.mjs`` (the
``tidy-tree`` layout mermaid-cli registers: two modules, the chunk first), then
``bootstrap.js`` (the entry points ``render`` and ``parse``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Engine", "EngineLimits"]


@dataclass(frozen=True)
class EngineLimits:
    """Limits enforced inside the interpreter (the pool adds OS-level ones)."""

    memory_bytes: int = 768 * 1024 * 1024
    stack_bytes: int = 4 * 1024 * 1024
    #: CPU seconds for one call; ``None`` means no interpreter-level time limit.
    time_s: float | None = None


class Engine(Protocol):
    """A loaded JavaScript runtime with Mermaid ready to call."""

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        """Call ``globalThis.__printer[entry]`` with ``payload``; return its JSON result.

        Raises:
            RenderTimeout: the interpreter's time limit was hit.
            ResourceLimit: the memory or stack limit was hit.
            RenderFailed: the script threw something that is not a diagram error.
        """
        ...
