"""Iconify icon packs, offline: the icons a diagram names, taken from local packs only.

Architecture diagrams (``service db(logos:postgresql)[DB]``) and flowchart icon shapes
(``A@{ icon: "mdi:account" }``) name Iconify icons as ``pack:icon``. Two packs are vendored
(``logos`` and ``mdi``, ``vendor/iconify-*``); users add their own as local Iconify JSON files
(:data:`ICON_PACKS_ENV`, a path list; the command line's ``--icon-pack FILE`` sets it). Nothing is
ever fetched.

Lazily: :func:`icon_subset` scans the source for ``pack:icon`` names of a known pack and, only
when there are some, reads that pack (once per process) and hands the render just those icons
(with the aliases they go through), which the sandbox registers with
``mermaid.registerIconPacks``. A diagram that names no icon gets ``None``: the render is the one
it always was. :func:`icon_warnings` names an icon used in an icon position (architecture
``(…)``, a shape's ``icon:``) that no pack has, and the packs searched.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from typing import Any

from mermaid_printer.errors import InvalidInput
from mermaid_printer.resources import vendored_file

__all__ = ["ICON_PACKS_ENV", "VENDORED_PACKS", "icon_packs", "icon_subset", "icon_warnings"]

#: Extra Iconify JSON packs for every render of this process: paths separated by ``os.pathsep``.
ICON_PACKS_ENV = "MERMAID_PRINTER_ICON_PACKS"

#: The vendored packs: prefix -> vendored file.
VENDORED_PACKS: dict[str, str] = {"logos": "iconify-logos/icons.json", "mdi": "iconify-mdi/icons.json"}

_NAME = r"[a-z0-9]+(?:[-_][a-z0-9]+)*"
# Any ``pack:icon`` token: what may need registering.
_ANY_ICON = re.compile(rf"(?<![\w:/.-])({_NAME}):({_NAME})(?![\w:/-])")
# Icon positions: architecture ``id(pack:icon)``, a shape's ``icon: "pack:icon"``.
_ICON_POSITION = re.compile(rf"""\w\(\s*({_NAME}):({_NAME})\s*\)|\bicon\s*:\s*["']?({_NAME}):({_NAME})""")
_MAX_ALIAS_DEPTH = 8


@functools.lru_cache(maxsize=32)
def _read_pack(path: str, stamp: tuple[int, int]) -> dict[str, Any]:
    """The Iconify JSON at ``path`` (``stamp``: its mtime and size, so an edited file is read again).

    Raises:
        InvalidInput: not readable, not JSON, or not an Iconify pack.
    """
    del stamp
    try:
        pack = json.loads(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidInput(f"icon pack {path} cannot be read as JSON: {exc}", {"field": "icon_pack"}) from exc
    if not (
        isinstance(pack, dict)
        and isinstance(pack.get("prefix"), str)
        and re.fullmatch(_NAME, pack["prefix"])
        and isinstance(pack.get("icons"), dict)
    ):
        raise InvalidInput(
            f"icon pack {path} is not an Iconify JSON pack: it needs a lowercase 'prefix' and an 'icons' object",
            {"field": "icon_pack"},
        )
    return pack


def _load(path: Path) -> dict[str, Any]:
    try:
        info = path.stat()
    except OSError as exc:
        raise InvalidInput(f"icon pack {path}: {exc.strerror or exc}", {"field": "icon_pack"}) from exc
    return _read_pack(str(path), (info.st_mtime_ns, info.st_size))


def _user_pack_paths() -> list[Path]:
    return [Path(part).expanduser() for part in os.environ.get(ICON_PACKS_ENV, "").split(os.pathsep) if part.strip()]


def icon_packs() -> dict[str, Path]:
    """Every pack a render searches, by prefix: the vendored ones, then the user's (a user pack
    with a vendored pack's prefix replaces it).

    Raises:
        InvalidInput: a user pack that cannot be read or is not an Iconify pack.
    """
    packs = {prefix: vendored_file(relative) for prefix, relative in VENDORED_PACKS.items()}
    for path in _user_pack_paths():
        packs[_load(path)["prefix"]] = path
    return packs


def _with_aliases(pack: dict[str, Any], name: str, subset: dict[str, Any]) -> bool:
    """Copy icon ``name`` (and the alias chain it goes through) from ``pack`` into ``subset``."""
    for _ in range(_MAX_ALIAS_DEPTH):
        icons, aliases = pack.get("icons") or {}, pack.get("aliases") or {}
        if name in icons:
            subset["icons"][name] = icons[name]
            return True
        alias = aliases.get(name)
        if not isinstance(alias, dict) or not isinstance(alias.get("parent"), str):
            return False
        subset.setdefault("aliases", {})[name] = alias
        name = alias["parent"]
    return False


def icon_subset(code: str) -> dict[str, dict[str, Any]] | None:
    """The icons ``code`` names, as one Iconify JSON object per pack (only those icons), or
    ``None`` when it names none of a known pack.

    Raises:
        InvalidInput: a user pack that cannot be read or is not an Iconify pack.
    """
    if ":" not in code:
        return None
    wanted: dict[str, set[str]] = {}
    for prefix, name in _ANY_ICON.findall(code):
        wanted.setdefault(prefix, set()).add(name)
    if not wanted:
        return None
    packs = icon_packs()
    subsets: dict[str, dict[str, Any]] = {}
    for prefix in sorted(wanted.keys() & packs.keys()):
        pack = _load(packs[prefix])
        subset: dict[str, Any] = {key: value for key, value in pack.items() if key not in ("icons", "aliases")}
        subset["prefix"], subset["icons"] = prefix, {}
        for name in sorted(wanted[prefix]):
            _with_aliases(pack, name, subset)
        if subset["icons"]:
            subsets[prefix] = subset
    return subsets or None


def icon_warnings(code: str) -> list[str]:
    """One warning per icon ``code`` uses (in an icon position) that no pack has."""
    if ":" not in code:
        return []
    used = []
    for match in _ICON_POSITION.finditer(code):
        prefix, name = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        if (prefix, name) not in used:
            used.append((prefix, name))
    if not used:
        return []
    packs = icon_packs()
    found = icon_subset(code) or {}
    builtin = {vendored_file(relative) for relative in VENDORED_PACKS.values()}
    searched = ", ".join(f"{prefix} ({'built in' if path in builtin else path})" for prefix, path in packs.items())
    return [
        f"icon {prefix}:{name} is in none of the icon packs searched ({searched}); Mermaid draws a "
        f"placeholder: check the name, or add a pack with --icon-pack FILE (${ICON_PACKS_ENV})"
        for prefix, name in used
        if name not in (found.get(prefix) or {}).get("icons", {})
        and name not in (found.get(prefix) or {}).get("aliases", {})
    ]
