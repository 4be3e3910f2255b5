"""The printer's options on the HTTP routes, read from the request models as MCP and the CLI read
them: a field of :class:`~mermaid_printer.mermaid.requests.RenderOptions` (SVG),
:class:`~mermaid_printer.mermaid.requests.PdfOptions` or
:class:`~mermaid_printer.mermaid.requests.PngOptions` is an option of that format's routes, so a new
field is accepted everywhere at once, validated by the same model with the same messages.

Kroki's routes take them as Kroki does: query parameters (``?theme=dark``), headers
(``Kroki-Diagram-Options-Theme: dark``) or a JSON ``diagram_options`` object. Names may be written
``embed_fonts`` or ``embed-fonts``, in any case; values arrive as text and are read by the
field's type (``true``/``false``, numbers), so ``scale=2`` is the number 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any, Literal, get_args, get_origin

from pydantic.fields import FieldInfo

from mermaid_printer.errors import InvalidInput
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions, with_config
from mermaid_printer.requests import RequestModel, validate_request

__all__ = ["FORMAT_MODELS", "HEADER_PREFIX", "drawing_options", "header_options", "option_names"]

#: The request model of each output format.
FORMAT_MODELS: dict[str, type[RenderOptions | PdfOptions | PngOptions]] = {
    "svg": RenderOptions,
    "pdf": PdfOptions,
    "png": PngOptions,
}
#: Kroki's header form of an option: ``Kroki-Diagram-Options-<name>``.
HEADER_PREFIX = "kroki-diagram-options-"
_TRUE = frozenset({"true", "1", "yes", "on"})
_FALSE = frozenset({"false", "0", "no", "off"})


def option_names(model: type[RequestModel]) -> list[str]:
    """The options ``model`` takes on HTTP routes (every field but the diagram's source)."""
    return [name for name in model.model_fields if name != "code"]


def header_options(headers: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The ``Kroki-Diagram-Options-*`` headers, by the option they name."""
    return {name[len(HEADER_PREFIX) :]: value for name, value in headers if name.lower().startswith(HEADER_PREFIX)}


def drawing_options(model: type[RequestModel], source: Any, given: Mapping[str, Any], *, as_text: bool) -> Any:
    """``model`` validated from the diagram ``source`` and the options ``given``.

    Args:
        as_text: the values are text (a query or headers), read by each field's type; else
            they are JSON values used as they are (text in a JSON object is read as text too).

    Raises:
        InvalidInput: an option the model does not have (the message lists those it has), or a
            value the model refuses (as :func:`~mermaid_printer.requests.validate_request`).
    """
    values: dict[str, Any] = {}
    for spelled, value in given.items():
        name = _field_named(model, spelled)
        info = model.model_fields[name]
        values[name] = _read_text(info, value) if as_text or isinstance(value, str) else value
    return validate_request(model, with_config({**values, "code": source}))


def _field_named(model: type[RequestModel], spelled: str) -> str:
    wanted = spelled.strip().lower().replace("-", "_")
    for name, info in model.model_fields.items():
        if name != "code" and wanted in (name, info.alias):
            return name
    known = ", ".join(option_names(model))
    raise InvalidInput(f"Invalid input: {spelled}: unknown option; known: {known}", {"field": spelled})


def _read_text(info: FieldInfo, text: Any) -> Any:
    """``text`` as the field's type: a switch's ``true``/``false``, a number's value; text stays text."""
    if not isinstance(text, str):
        return text
    annotation = info.annotation
    arguments = [argument for argument in get_args(annotation) if argument is not type(None)]
    if len(arguments) == 1 and get_origin(annotation) is not Literal:
        annotation = arguments[0]
    if annotation is str or get_origin(annotation) is Literal or annotation is dict or get_origin(annotation) is dict:
        return text
    if annotation is bool:
        lowered = text.strip().lower()
        return True if lowered in _TRUE else False if lowered in _FALSE else text
    if annotation in (int, float):
        try:
            return json.loads(text)
        except ValueError:
            return text
    return text
