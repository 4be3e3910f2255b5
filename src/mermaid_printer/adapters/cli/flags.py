"""Command-line flags derived from the request models (:mod:`mermaid_printer.requests`).

A field becomes ``--field-name``: a boolean that defaults to true becomes ``--no-field-name``,
one that defaults to false a plain switch; a choice (``Literal``) gets ``choices``; numbers get
their type; the help text is the field's description and its default. Fields a command line
gives differently (the diagram source is a file argument, the config a JSON file) are given
:class:`FlagOverride` entries by the command line. Every flag's default is ``None``, so the
model's own default applies when a flag is not given.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from mermaid_printer.errors import InvalidInput

__all__ = ["CommandParser", "FlagOverride", "Overrides", "add_model_flags", "flag_of", "given_values", "output_format"]


class CommandParser(argparse.ArgumentParser):
    """A sub-command's parser whose epilog may be made only when help is shown (``serve``'s
    tool list needs the MCP tool specs, which no other use of the command line loads)."""

    epilog_text: Callable[[], str] | None = None

    def format_help(self) -> str:
        if self.epilog_text is not None:
            self.epilog = self.epilog_text()
        return super().format_help()


@dataclass(frozen=True)
class FlagOverride:
    """How a field is given on the command line when the derived flag does not fit."""

    flags: tuple[str, ...]
    metavar: str | None = None
    #: Turns the flag's text into the field's value after parsing (e.g. reads a file; may raise
    #: the project's typed errors).
    convert: Callable[[str], Any] | None = None
    help: str | None = None


#: Field name -> how the command line gives it instead.
Overrides = dict[str, FlagOverride]


def flag_of(name: str, info: FieldInfo, overrides: Overrides | None = None) -> str:
    """The primary flag of a field (``--timeout-ms``; ``--no-embed-fonts`` for a default-true switch)."""
    override = (overrides or {}).get(name)
    if override is not None:
        return override.flags[0]
    stem = name.replace("_", "-")
    return f"--no-{stem}" if _is_bool(info) and info.default is True else f"--{stem}"


def add_model_flags(
    target: argparse._ActionsContainer,
    model: type[BaseModel],
    fields: Sequence[str],
    *,
    overrides: Overrides | None = None,
    defaults_by_format: dict[str, dict[str, Any]] | None = None,
    aliases: dict[str, tuple[str, ...]] | None = None,
) -> None:
    """Add a flag for each of ``fields`` of ``model`` to ``target`` (a parser or argument group).

    ``defaults_by_format``: per field, the default each output format has, when they differ
    (shown in the help instead of the model's one default). ``aliases``: per field, more
    spellings of its flag (mermaid-cli's ``-t``, ``--backgroundColor``).
    """
    for name in fields:
        info = model.model_fields[name]
        override = (overrides or {}).get(name)
        help_text = _help(name, info, (defaults_by_format or {}).get(name))
        flags = (*(override.flags if override is not None else (flag_of(name, info),)), *(aliases or {}).get(name, ()))
        if override is not None and override.help:
            help_text = override.help
        if _is_bool(info):
            target.add_argument(
                *flags, dest=name, action="store_const", const=not info.default, default=None, help=help_text
            )
        elif override is not None:
            target.add_argument(*flags, dest=name, metavar=override.metavar, default=None, help=help_text)
        else:
            choices = _choices(info)
            target.add_argument(
                *flags,
                dest=name,
                type=_scalar_type(info),
                choices=choices if choices and len(choices) <= 4 else None,
                metavar=None if choices and len(choices) <= 4 else name.upper(),
                default=None,
                help=help_text,
            )


def given_values(args: argparse.Namespace, fields: Sequence[str], overrides: Overrides | None = None) -> dict[str, Any]:
    """The values of ``fields`` given on the command line (flags not given are left out), each
    converted as its override says."""
    values = {}
    for name in fields:
        value = getattr(args, name, None)
        if value is None:
            continue
        override = (overrides or {}).get(name)
        values[name] = override.convert(value) if override is not None and override.convert is not None else value
    return values


def output_format(output: str | None, chosen: str | None, formats: Sequence[str]) -> str:
    """The format a command writes: ``chosen`` (``--format``), else the suffix of the file
    ``output`` names, else the first of ``formats`` (no ``-o``, stdout, or a name without a
    suffix).

    Raises:
        InvalidInput: the file's suffix is one of ``formats`` other than ``--format``
            (``-o out.pdf --format png`` would write PNG bytes into ``out.pdf``), or, without
            ``--format``, a suffix that is none of them (``-o out.jpg``).
    """
    suffix = Path(output).suffix.lower().lstrip(".") if output not in (None, "-") else ""
    if chosen is not None:
        if suffix in formats and suffix != chosen:
            raise InvalidInput(
                f"{output} is named as a {suffix.upper()} file but --format is {chosen}: name it .{chosen} or drop --format",
                {"field": "format"},
            )
        return chosen
    if not suffix:
        return formats[0]
    if suffix not in formats:
        choices = ", ".join(f".{name}" for name in formats)
        raise InvalidInput(
            f"cannot tell the format from {output}: name the file {choices}, or give --format", {"field": "output"}
        )
    return suffix


def _help(name: str, info: FieldInfo, by_format: dict[str, Any] | None) -> str:
    text = (info.description or name.replace("_", " ")).replace("%", "%%")
    choices = _choices(info)
    if choices and not all(choice in text for choice in choices):
        text = f"{text} One of: {', '.join(choices)}."
    if _is_bool(info) and info.default is True:
        text = f"turn off (on by default): {text}"
    if by_format:
        shown: dict[str, list[str]] = {}
        for output, default in by_format.items():
            shown.setdefault(str(default), []).append(output.upper())
        defaults = "; ".join(f"{value} for {' and '.join(owners)}" for value, owners in shown.items())
        return f"{text} (default: {defaults})"
    if info.default not in (None, "", ()) and not _is_bool(info) and "default" not in text:
        return f"{text} (default: {info.default})"
    return text


def _is_bool(info: FieldInfo) -> bool:
    return info.annotation is bool


def _unwrap(annotation: Any) -> Any:
    """``T`` of ``T | None``."""
    arguments = [arg for arg in get_args(annotation) if arg is not type(None)]
    if get_origin(annotation) is not Literal and len(arguments) == 1 and type(None) in get_args(annotation):
        return arguments[0]
    return annotation


def _choices(info: FieldInfo) -> list[str] | None:
    annotation = _unwrap(info.annotation)
    if get_origin(annotation) is Literal:
        return [str(choice) for choice in get_args(annotation)]
    return None


def _scalar_type(info: FieldInfo) -> Callable[[str], Any]:
    annotation = _unwrap(info.annotation)
    if annotation is int:
        return int
    if annotation is float:
        return float
    return str
