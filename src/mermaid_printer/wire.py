"""One encoding for everything that crosses the process boundary: jobs, results, errors.

A message is JSON plus raw binary attachments, so a PDF or PNG travels as its bytes, never as
base64. Layout: a 4-byte big-endian length, that many bytes of UTF-8 JSON, then the
attachments back to back. In the JSON:

* ``bytes`` become ``{"$bytes": [offset, length]}`` into the attachments;
* an instance of a registered frozen dataclass becomes ``{"$type": "<name>", "fields": {…}}``
  and is rebuilt as that class;
* tuples become lists; ``dict``, ``list``, ``str``, numbers, booleans and ``None`` are JSON.

Only types registered with :func:`wire_type` are rebuilt: a message naming any other type is
refused, so a compromised render process cannot make its caller instantiate arbitrary classes.
"""

from __future__ import annotations

import dataclasses
import json
import struct
from typing import Any, TypeVar

__all__ = ["WireError", "decode", "encode", "wire_type"]

_LENGTH = struct.Struct(">I")
_TYPES: dict[str, type] = {}

T = TypeVar("T", bound=type)


class WireError(ValueError):
    """A message that cannot be encoded or decoded."""


def wire_type(cls: T) -> T:
    """Class decorator: allow instances of this frozen dataclass on the wire (by class name)."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__} must be a frozen dataclass to cross the wire")
    existing = _TYPES.setdefault(cls.__name__, cls)
    if existing is not cls:
        raise TypeError(f"another wire type is already called {cls.__name__}")
    return cls


def encode(value: Any) -> bytes:
    """``value`` as one message.

    Raises:
        WireError: a value of a type the wire does not carry.
    """
    attachments: list[bytes] = []
    offset = 0

    def lower(item: Any) -> Any:
        nonlocal offset
        if item is None or isinstance(item, bool | int | float | str):
            return item
        if isinstance(item, bytes | bytearray | memoryview):
            data = bytes(item)
            attachments.append(data)
            offset += len(data)
            return {"$bytes": [offset - len(data), len(data)]}
        if isinstance(item, dict):
            if not all(isinstance(key, str) for key in item):
                raise WireError("only string keys cross the wire")
            if "$bytes" in item or "$type" in item:
                raise WireError("a dict may not use the wire's own keys $bytes and $type")
            return {key: lower(child) for key, child in item.items()}
        if isinstance(item, list | tuple):
            return [lower(child) for child in item]
        name = type(item).__name__
        if _TYPES.get(name) is type(item) and dataclasses.is_dataclass(item):
            fields = {field.name: lower(getattr(item, field.name)) for field in dataclasses.fields(item)}
            return {"$type": name, "fields": fields}
        raise WireError(f"a {name} cannot cross the wire")

    try:
        body = json.dumps(lower(value), separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (TypeError, ValueError) as exc:
        if isinstance(exc, WireError):
            raise
        raise WireError(f"not encodable: {exc}") from exc
    return _LENGTH.pack(len(body)) + body + b"".join(attachments)


def decode(message: bytes) -> Any:
    """The value :func:`encode` made ``message`` from.

    Raises:
        WireError: the message is malformed or names a type that is not registered.
    """
    if len(message) < _LENGTH.size:
        raise WireError("message too short")
    (length,) = _LENGTH.unpack_from(message)
    end = _LENGTH.size + length
    if end > len(message):
        raise WireError("message shorter than its JSON part")
    attachments = memoryview(message)[end:]
    try:
        raw = json.loads(message[_LENGTH.size : end])
    except ValueError as exc:
        raise WireError(f"message is not JSON: {exc}") from exc

    def lift(item: Any) -> Any:
        if isinstance(item, list):
            return [lift(child) for child in item]
        if not isinstance(item, dict):
            return item
        if "$bytes" in item:
            start, size = item["$bytes"]
            if not (
                isinstance(start, int) and isinstance(size, int) and 0 <= start <= start + size <= len(attachments)
            ):
                raise WireError("attachment out of range")
            return bytes(attachments[start : start + size])
        if "$type" in item:
            cls = _TYPES.get(item["$type"])
            if cls is None:
                raise WireError(f"unknown wire type {item['$type']!r}")
            fields = {key: lift(child) for key, child in item["fields"].items()}
            try:
                return cls(**fields)
            except TypeError as exc:
                raise WireError(f"bad fields for {item['$type']}: {exc}") from exc
        return {key: lift(child) for key, child in item.items()}

    return lift(raw)
