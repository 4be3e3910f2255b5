"""A bundle: the JavaScript an engine loads (its scripts, in order) and the entry points it serves.

An engine knows nothing about Mermaid or markmap. It loads the host protocol (``host.js``), then
a bundle's scripts in order, then checks that the bundle registered every entry it promised.
A second bundle (markmap) is a second :class:`Bundle` value; a second engine (QuickJS in
WebAssembly) loads the same values.

Three kinds of script:

``script``
    a classic script, evaluated as is.
``module``
    an ES module. ``publish_as`` names a global under which the engine publishes the module's
    namespace object once it has evaluated, so that classic scripts after it can use its exports
    (ES modules can only be reached by import, and the engines install no module loader).
``data``
    a JSON document, assigned to the global ``publish_as`` (JSON is a JavaScript literal, so
    this is exactly ``globalThis.<publish_as> = <document>;``). Python reads the same file as
    data, so neither side parses the other's source.

A bundle may also name its warm-up: a few fixed calls of its own entries (never user input) that
run its lazily initialised code once. An engine that keeps a warm snapshot (``"wasm-snapshot"``)
makes them after loading and before taking the snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

__all__ = ["Bundle", "Script", "ScriptKind", "WarmUpCall"]

ScriptKind = Literal["script", "module", "data"]


@dataclass(frozen=True)
class Script:
    """One file of a bundle, and how the engine evaluates it."""

    path: Path
    kind: ScriptKind = "script"
    #: ``module``: the global the namespace is published under (optional); ``data``: the global
    #: the document is assigned to (required).
    publish_as: str | None = None

    def __post_init__(self) -> None:
        if self.kind == "data" and not self.publish_as:
            raise ValueError(f"data script {self.path.name} needs publish_as (the global it is assigned to)")
        if self.kind == "script" and self.publish_as is not None:
            raise ValueError(f"classic script {self.path.name} cannot be published; only modules and data can")
        if self.publish_as is not None and not self.publish_as.isidentifier():
            raise ValueError(f"publish_as must be a JavaScript identifier, not {self.publish_as!r}")

    @property
    def name(self) -> str:
        """The file's name, as error messages show it."""
        return self.path.name


@dataclass(frozen=True)
class WarmUpCall:
    """One call of a bundle's warm-up: an entry and its payload as JSON text (so the value stays
    hashable and is exactly what a snapshot's key records)."""

    entry: str
    payload: str


@dataclass(frozen=True)
class Bundle:
    """What an engine loads: scripts in load order, and the entry points they register.

    Attributes:
        name: a short name (``"mermaid"``), used in job kinds and cache keys.
        version: the upstream version the bundle carries (``"12.3.0"``), for cache keys.
        scripts: evaluated in this order after the host protocol.
        entries: names the scripts register with ``__printer.register``; the engine refuses a
            bundle that leaves one out.
        warm_up: fixed calls of those entries that warm the bundle up (each must answer ok).
    """

    name: str
    version: str
    scripts: tuple[Script, ...]
    entries: tuple[str, ...]
    warm_up: tuple[WarmUpCall, ...] = ()

    def __post_init__(self) -> None:
        unknown = sorted({call.entry for call in self.warm_up} - set(self.entries))
        if unknown:
            raise ValueError(f"bundle {self.name}: the warm-up calls entries it does not register: {unknown}")

    def fingerprint(self) -> str:
        """A short hash of the bundle's files (their bytes, kinds and order), for cache keys."""
        import hashlib

        digest = hashlib.sha256()
        for script in self.scripts:
            digest.update(f"{script.kind}:{script.publish_as}:{script.name}\0".encode())
            digest.update(script.path.read_bytes())
        return digest.hexdigest()[:16]
