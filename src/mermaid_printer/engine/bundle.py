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
    a JSON document, assigned to the global ``publish_as`` (engines parse it as JSON, which is
    several times faster than compiling it as an object literal). Python reads the same file as
    data, so neither side parses the other's source.

A script may carry *transforms*: rewrites of its source text made as it is loaded (the file on
disk stays byte-identical). A :class:`SourcePatch` replaces an exact text that must occur exactly
as often as it says, so a changed upstream file fails loudly instead of silently not being
patched. The engine reads every script through :meth:`Script.source`.

A bundle may also name its warm-up: a few fixed calls of its own entries (never user input) that
run its lazily initialised code once. An engine that keeps a warm snapshot (``"wasm-snapshot"``)
makes them after loading and before taking the snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol

__all__ = ["Bundle", "BundleTransformError", "Script", "ScriptKind", "SourcePatch", "SourceTransform", "WarmUpCall"]

ScriptKind = Literal["script", "module", "data"]


class BundleTransformError(ValueError):
    """A transform's precondition does not hold for the script it is meant for (the file changed)."""


class SourceTransform(Protocol):
    """A rewrite of a script's source text, made as the script is loaded."""

    @property
    def name(self) -> str:
        """A short name, for error messages and listings."""
        ...

    def key(self) -> str:
        """Text that identifies exactly what the transform does (part of the bundle's fingerprint)."""
        ...

    def apply(self, source: str) -> str:
        """The rewritten source.

        Raises:
            BundleTransformError: the source is not what the transform was written for.
        """
        ...


@dataclass(frozen=True)
class SourcePatch:
    """Replace ``find`` by ``replace``; ``find`` must occur exactly ``count`` times."""

    name: str
    find: str
    replace: str
    count: int = 1

    def key(self) -> str:
        """The patch's name, texts and count."""
        return f"{self.name}\0{self.find}\0{self.replace}\0{self.count}"

    def apply(self, source: str) -> str:
        """The source with every occurrence of ``find`` replaced.

        Raises:
            BundleTransformError: ``find`` does not occur exactly ``count`` times.
        """
        found = source.count(self.find)
        if found != self.count:
            raise BundleTransformError(
                f"transform {self.name}: expected {self.count} occurrence(s) of its text, found {found}"
            )
        return source.replace(self.find, self.replace)


@dataclass(frozen=True)
class Script:
    """One file of a bundle, and how the engine evaluates it."""

    path: Path
    kind: ScriptKind = "script"
    #: ``module``: the global the namespace is published under (optional); ``data``: the global
    #: the document is assigned to (required).
    publish_as: str | None = None
    #: Rewrites of the source made as it is loaded, in order.
    transforms: tuple[SourceTransform, ...] = ()

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

    def source(self) -> str:
        """The text the engine evaluates: the file, rewritten by the script's transforms.

        Raises:
            BundleTransformError: a transform does not fit the file (its message names the script).
        """
        text = self.path.read_text(encoding="utf-8")
        for transform in self.transforms:
            try:
                text = transform.apply(text)
            except BundleTransformError as exc:
                raise BundleTransformError(f"{self.name}: {exc}") from None
        return text


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

    def without_transform(self, name: str) -> Bundle:
        """The same bundle with the load-time transform ``name`` taken out of every script (to
        measure one, or to prove it output-neutral).

        Raises:
            ValueError: no script carries a transform of that name.
        """
        names = {transform.name for script in self.scripts for transform in script.transforms}
        if name not in names:
            raise ValueError(f"no transform named {name!r}; the bundle has: {', '.join(sorted(names))}")
        scripts = tuple(
            replace(script, transforms=tuple(t for t in script.transforms if t.name != name)) for script in self.scripts
        )
        return replace(self, scripts=scripts)

    def with_transform(self, file_name: str, transform: SourcePatch) -> Bundle:
        """The same bundle with ``transform`` applied last to the script loaded from the file
        named ``file_name`` (a measuring tool's or a test's probe; never the product's).

        Raises:
            ValueError: no script is loaded from a file of that name.
        """
        if not any(script.path.name == file_name for script in self.scripts):
            raise ValueError(f"no script loaded from {file_name!r}")
        scripts = tuple(
            replace(script, transforms=(*script.transforms, transform)) if script.path.name == file_name else script
            for script in self.scripts
        )
        return replace(self, scripts=scripts)

    def fingerprint(self) -> str:
        """A short hash of the bundle's files (their bytes, kinds, order and transforms), for cache keys."""
        import hashlib

        digest = hashlib.sha256()
        for script in self.scripts:
            digest.update(f"{script.kind}:{script.publish_as}:{script.name}\0".encode())
            digest.update(script.path.read_bytes())
            for transform in script.transforms:
                digest.update(f"\0transform:{transform.key()}".encode())
        return digest.hexdigest()[:16]
