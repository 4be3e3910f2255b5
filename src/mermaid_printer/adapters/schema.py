"""The JSON schemas an adapter publishes, derived from the request models.

A model's own JSON schema (pydantic's) says everything a client needs, in a longer form than
clients like: every optional field is ``anyOf [T, null]`` and every field has a title. The
published form drops titles and the ``null`` branch of optional fields (leaving a field out is
how a client says "default") and keeps types, enums, bounds, defaults and descriptions.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

__all__ = ["input_schema"]


def input_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The published input schema of ``model`` (by alias)."""
    raw = model.model_json_schema(by_alias=True, mode="validation")
    properties = {}
    for name, prop in raw["properties"].items():
        properties[name] = _published(prop)
    required = [name for name in raw.get("required", []) if name in properties]
    schema: dict[str, Any] = {"type": "object", "properties": properties, "required": required}
    return schema


def _published(prop: dict[str, Any]) -> dict[str, Any]:
    prop = {key: value for key, value in prop.items() if key != "title"}
    branches = prop.pop("anyOf", None)
    if branches is not None:
        kept = [branch for branch in branches if branch != {"type": "null"}]
        if len(kept) == 1:
            prop = {**kept[0], **prop}
        else:
            prop["anyOf"] = kept
    if prop.get("default", ...) is None:
        del prop["default"]
    return prop
