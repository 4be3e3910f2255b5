"""Load-time transforms of Mermaid's bundle: where upstream code is slow only under an interpreter.

The vendored ``mermaid.min.js`` stays byte-identical on disk; these :class:`SourcePatch` values
rewrite its text as the engine loads it. Each replaces an exact text that must occur exactly as
often as it says, so a new Mermaid release that changed it fails to load, loudly, instead of
silently running unpatched. Each is justified by a profile (``benchmarks/profile_render.py``),
covered by a test (``tests/bundles/test_mermaid_transforms.py``) and proven output-neutral: the
whole corpus renders byte-identically with and without them (``scripts/corpus_digest.py``; set
``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off`` for the run without).

The transforms call helpers in ``js/mermaid/fast_paths.js`` (loaded right before Mermaid when
the transforms are on), each of which computes exactly what the code it stands in for computes.

The transforms, with the profile that justifies each:

``assign-with-depth-into-empty``
    Mermaid's ``assignWithDepth({}, source)`` (its config merge) copies key by key through
    ``Object.entries``, a closure and ``Object.defineProperty``. ``getConfig()`` is exactly that
    copy of the whole ~980-key config, and Mermaid calls it everywhere (a class diagram of 25
    classes: ~300 times per render). Profile (flowchart, 25 nodes): ``assignWithDepth`` was 37 %
    of the render's JavaScript, 1.55 ms per config copy. With an empty plain target the helper
    copies each level with ``Object.assign`` (native) and visits only the object values:
    0.40 ms per copy, the same keys, order, values and sharing of nested objects.
"""

from __future__ import annotations

import os

from mermaid_printer.engine.bundle import SourcePatch

__all__ = ["MERMAID_TRANSFORMS", "TRANSFORMS_ENV", "transforms_enabled"]

#: Set to ``off`` to load the bundle exactly as shipped (to prove the transforms output-neutral).
TRANSFORMS_ENV = "MERMAID_PRINTER_BUNDLE_TRANSFORMS"

#: The transforms of ``mermaid.min.js``, applied in this order.
MERMAID_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(
        name="assign-with-depth-into-empty",
        find="sHe=i((r,t,{depth:a=2}={})=>{let s={depth:a};",
        replace=(
            "sHe=i((r,t,{depth:a=2}={})=>{"
            "if(__printerFastPaths.mergesIntoEmpty(r,t,a))return __printerFastPaths.mergeIntoEmpty(sHe,r,t,a);"
            "let s={depth:a};"
        ),
    ),
)


def transforms_enabled() -> bool:
    """Whether the bundle is loaded with its transforms (not switched off by the environment)."""
    return os.environ.get(TRANSFORMS_ENV, "").strip().lower() not in {"off", "0", "false", "no"}
