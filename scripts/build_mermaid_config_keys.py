"""Build ``src/mermaid_printer/mermaid/config_keys.json``: every config key Mermaid knows.

Reads the vendored ``vendor/mermaid/config.type.d.ts`` (``MermaidConfig`` as TypeScript, which
Mermaid generates from its own config schema), adds the keys of the bundle's own
``mermaid.mermaidAPI.defaultConfig`` (a few diagram types have defaults but no declaration, e.g.
``treemap``; read by running the vendored bundle in the engine), and writes the tree of keys::

    {"flowchart": {"curve": null, "nodeSpacing": null, ...}, "themeVariables": "*", ...}

``null`` is a leaf (a value, not an object of options), ``"*"`` an object whose keys are free
(``any``, an index signature), a dict the keys of a nested options object. The printer warns about
client config keys outside this tree (``mermaid_config.unknown_config_keys``), because Mermaid
ignores them without a word. ``tests/test_mermaid_config.py`` checks the JSON is what this script
makes of the vendored file, so it cannot drift from the bundle.

Usage: ``python scripts/build_mermaid_config_keys.py [--check]``
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "vendor" / "mermaid" / "config.type.d.ts"
OUTPUT = ROOT / "src" / "mermaid_printer" / "mermaid" / "config_keys.json"

_COMMENTS = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_INTERFACE = re.compile(r"export interface (\w+)(?:\s+extends\s+([\w\s,]+?))?\s*\{")
_TYPE_ALIAS = re.compile(r"export type (\w+)\s*=\s*([^;]+);")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_CLOSERS = {"{": "}", "(": ")", "[": "]", "<": ">"}

Tree = dict[str, Any]


def _matching(text: str, start: int) -> int:
    """Index of the bracket closing the one at ``start``."""
    stack = [_CLOSERS[text[start]]]
    index = start + 1
    while stack:
        char = text[index]
        if char in _CLOSERS and not (char == "<" and text[index - 1] == "="):
            stack.append(_CLOSERS[char])
        elif char == stack[-1] and not (char == ">" and text[index - 1] == "="):
            stack.pop()
        index += 1
    return index - 1


def _members(body: str) -> list[tuple[str | None, str]]:
    """``(name, type)`` of each member of an object type's body; name ``None`` for an index
    signature (``[key: string]: T``)."""
    members: list[tuple[str | None, str]] = []
    index = 0
    while index < len(body):
        while index < len(body) and body[index] in " \t\r\n;,":
            index += 1
        if index >= len(body):
            break
        name: str | None
        if body[index] == "[":
            end = _matching(body, index)
            name, index = None, end + 1
        elif body[index] in "'\"":
            end = body.index(body[index], index + 1)
            name, index = body[index + 1 : end], end + 1
        else:
            match = _IDENTIFIER.match(body, index)
            if match is None:
                raise ValueError(f"cannot read a member at: {body[index : index + 40]!r}")
            name, index = match.group(), match.end()
        while body[index] in " ?":
            index += 1
        if body[index] != ":":
            raise ValueError(f"expected ':' after {name!r}")
        index += 1
        start = index
        while index < len(body) and body[index] not in ";\n":
            if body[index] in _CLOSERS and not (body[index] == "<" and body[index - 1] == "="):
                index = _matching(body, index)
            index += 1
        members.append((name, body[start:index].strip()))
    return members


class _Declarations:
    def __init__(self, source: str) -> None:
        text = _COMMENTS.sub("", source)
        self.interfaces: dict[str, tuple[list[str], str]] = {}
        for match in _INTERFACE.finditer(text):
            open_at = match.end() - 1
            bases = [name.strip() for name in (match.group(2) or "").split(",") if name.strip()]
            self.interfaces[match.group(1)] = (bases, text[open_at + 1 : _matching(text, open_at)])
        self.aliases = {match.group(1): match.group(2).strip() for match in _TYPE_ALIAS.finditer(text)}

    def tree_of_interface(self, name: str, seen: frozenset[str]) -> Tree | str:
        bases, body = self.interfaces[name]
        tree: Tree = {}
        for base in bases:
            inherited = self.tree_of_interface(base, seen | {name})
            if inherited == "*":
                return "*"
            assert isinstance(inherited, dict)
            tree.update(inherited)
        return self._merge_members(tree, body, seen | {name})

    def _merge_members(self, tree: Tree, body: str, seen: frozenset[str]) -> Tree | str:
        for member, type_text in _members(body):
            if member is None:
                return "*"
            tree[member] = self.tree_of_type(type_text, seen)
        return tree

    def tree_of_type(self, type_text: str, seen: frozenset[str]) -> Tree | str | None:
        text = type_text.strip()
        if text.startswith("{") and _matching(text, 0) == len(text) - 1:
            return self._merge_members({}, text[1:-1], seen)
        found: Tree | str | None = None
        for part in _split_union(text):
            if part in ("any", "unknown", "object") or part.startswith("Record<"):
                return "*"
            if part in self.interfaces and part not in seen:
                found = self.tree_of_interface(part, seen)
            elif part in self.aliases and part not in seen:
                aliased = self.tree_of_type(self.aliases[part], seen | {part})
                if aliased is not None:
                    found = aliased
        return found


def _split_union(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in "{([<":
            depth += 1
        elif char in "})]>" and not (char == ">" and text[index - 1] == "="):
            depth -= 1
        elif char == "|" and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]


def build(source: str) -> Tree:
    """The key tree of ``MermaidConfig`` in ``source`` (the text of config.type.d.ts)."""
    tree = _Declarations(source).tree_of_interface("MermaidConfig", frozenset())
    if not isinstance(tree, dict):
        raise ValueError("MermaidConfig is not an object type")
    return tree


def merge_defaults(tree: Tree, defaults: dict[str, Any]) -> Tree:
    """``tree`` with every key of Mermaid's ``defaultConfig`` added (declared shapes win)."""
    merged = dict(tree)
    for key, value in defaults.items():
        known = merged.get(key)
        if known == "*":
            continue
        if isinstance(value, dict):
            merged[key] = merge_defaults(known if isinstance(known, dict) else {}, value)
        elif key not in merged:
            merged[key] = None
    return merged


def default_config() -> dict[str, Any]:
    """``mermaid.mermaidAPI.defaultConfig`` of the vendored bundle, as JSON."""
    from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
    from mermaid_printer.engine.quickjs_engine import QuickJSEngine

    engine = QuickJSEngine(mermaid_bundle())
    defaults: dict[str, Any] = json.loads(engine.eval("JSON.stringify(mermaid.mermaidAPI.defaultConfig)"))
    return defaults


def build_all() -> Tree:
    """The tree written to :data:`OUTPUT`."""
    return merge_defaults(build(SOURCE.read_text(encoding="utf-8")), default_config())


def render(tree: Tree) -> str:
    """The JSON text written to :data:`OUTPUT` (sorted keys, one trailing newline)."""
    return json.dumps(tree, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 if the JSON is not up to date")
    args = parser.parse_args(argv)
    text = render(build_all())
    if args.check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != text:
            print(f"{OUTPUT.relative_to(ROOT)} is out of date: run scripts/build_mermaid_config_keys.py")
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
