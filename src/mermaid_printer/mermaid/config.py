"""The Mermaid configuration a render runs with: the product's fixed keys over the client's.

Client config is untrusted. It may tune anything Mermaid offers for looks and layout, but it
may not touch the security keys, nor carry prototype-pollution keys anywhere in its tree. The
product keys (SVG text labels, deterministic ids, fixed hand-drawn seed) are what make output
safe to sanitize and byte-identical across runs; they are added to Mermaid's ``secure`` list so
that ``%%{init}%%`` directives and front matter in the diagram cannot change them either.

Mermaid ignores config keys it does not know without a word, so :func:`config_warnings` names
them: the known keys are ``config_keys.json``, generated from the vendored bundle by
``scripts/build_mermaid_config_keys.py``.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from mermaid_printer.errors import InvalidConfig
from mermaid_printer.limits import MAX_TEXT_CHARS

__all__ = [
    "FORBIDDEN_KEYS",
    "PRODUCT_CONFIG",
    "build_mermaid_config",
    "config_warnings",
    "unknown_config_keys",
]

_KNOWN_KEYS_FILE = Path(__file__).resolve().parent / "config_keys.json"
# What to do instead, for keys people reach for that Mermaid reads from the source, not config.
_INSTEAD = {
    "direction": "a diagram's direction is set in its source, e.g. `flowchart LR` or `direction LR`",
}

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
    "maxTextSize": MAX_TEXT_CHARS,
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


@functools.cache
def _known_keys() -> dict[str, Any]:
    tree: dict[str, Any] = json.loads(_KNOWN_KEYS_FILE.read_text(encoding="utf-8"))
    return tree


def unknown_config_keys(client_config: dict[str, Any]) -> list[str]:
    """Dotted paths of the keys in ``client_config`` that Mermaid 12.3 does not know."""
    unknown: list[str] = []

    def walk(config: dict[str, Any], known: dict[str, Any], prefix: str) -> None:
        for key, value in config.items():
            path = f"{prefix}{key}"
            if key not in known:
                unknown.append(path)
            elif isinstance(known[key], dict) and isinstance(value, dict):
                walk(value, known[key], path + ".")

    walk(client_config, _known_keys(), "")
    return unknown


def config_warnings(client_config: dict[str, Any]) -> list[str]:
    """One warning per config key Mermaid would ignore, naming it (and what to do instead)."""
    warnings = []
    for path in unknown_config_keys(client_config):
        hint = _INSTEAD.get(path.rsplit(".", 1)[-1])
        warnings.append(
            f"config key {path!r} is not a Mermaid 12.3 option and was ignored" + (f": {hint}" if hint else "")
        )
    return warnings
