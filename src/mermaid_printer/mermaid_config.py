"""The Mermaid configuration a render runs with: the product's fixed keys over the client's.

Client config is untrusted. It may tune anything Mermaid offers for looks and layout, but it
may not touch the security keys, nor carry prototype-pollution keys anywhere in its tree. The
product keys (SVG text labels, deterministic ids, fixed hand-drawn seed) are what make output
safe to sanitize and byte-identical across runs; they are added to Mermaid's ``secure`` list so
that ``%%{init}%%`` directives and front matter in the diagram cannot change them either.
"""

from __future__ import annotations

from typing import Any

from mermaid_printer.errors import InvalidConfig

__all__ = ["FORBIDDEN_KEYS", "PRODUCT_CONFIG", "build_mermaid_config"]

#: Top-level keys a client may never set (Mermaid's own security keys and ours).
FORBIDDEN_KEYS: frozenset[str] = frozenset(
    {
        "securityLevel",
        "secure",
        "maxTextSize",
        "maxEdges",
        "dompurifyConfig",
        "startOnLoad",
        "htmlLabels",
        "deterministicIds",
        "deterministicIDSeed",
        "suppressErrorRendering",
    }
)

#: Keys that would reach an object's prototype if merged naively, at any depth.
_PROTOTYPE_KEYS = frozenset({"__proto__", "constructor", "prototype"})

_MAX_DEPTH = 8

#: What every render runs with. ``htmlLabels: false`` makes labels SVG ``<text>``.
PRODUCT_CONFIG: dict[str, Any] = {
    "startOnLoad": False,
    "securityLevel": "strict",
    "htmlLabels": False,
    "flowchart": {"htmlLabels": False},
    "deterministicIds": True,
    "handDrawnSeed": 1,
    "maxTextSize": 50_000,
    "suppressErrorRendering": True,
    "secure": [
        "secure",
        "securityLevel",
        "startOnLoad",
        "maxTextSize",
        "suppressErrorRendering",
        "maxEdges",
        "htmlLabels",
        "deterministicIds",
        "deterministicIDSeed",
        "dompurifyConfig",
    ],
}


def _check_tree(value: Any, path: str, depth: int) -> None:
    if depth > _MAX_DEPTH:
        raise InvalidConfig(f"config is nested too deeply at {path}", {"path": path})
    if isinstance(value, dict):
        for key, child in value.items():
            if key in _PROTOTYPE_KEYS:
                raise InvalidConfig(f"config may not contain the key {key!r} (at {path})", {"path": path, "key": key})
            _check_tree(child, f"{path}.{key}", depth + 1)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            _check_tree(child, f"{path}[{index}]", depth + 1)


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def build_mermaid_config(client_config: dict[str, Any], *, theme: str | None = None) -> dict[str, Any]:
    """Merge the client's config under the product's fixed keys.

    Args:
        client_config: the user's Mermaid config (already parsed from JSON).
        theme: the ``theme`` option, which wins over a ``theme`` inside ``client_config``.

    Raises:
        InvalidConfig: a forbidden or prototype key, or absurd nesting.
    """
    _check_tree(client_config, "config", 0)
    forbidden = sorted(FORBIDDEN_KEYS.intersection(client_config))
    if forbidden:
        raise InvalidConfig(
            f"config may not set {', '.join(forbidden)}: these keys are fixed by mermaid-printer for safety",
            {"keys": forbidden},
        )
    flowchart = client_config.get("flowchart")
    if isinstance(flowchart, dict) and "htmlLabels" in flowchart:
        raise InvalidConfig(
            "config may not set flowchart.htmlLabels: labels are always SVG text", {"keys": ["flowchart.htmlLabels"]}
        )
    config = _merge(client_config, PRODUCT_CONFIG)
    if theme is not None:
        config["theme"] = theme
    return config
