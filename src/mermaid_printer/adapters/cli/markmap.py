"""``mermaid-printer markmap``: a Markdown outline printed as a mind map, from the command line.

Its flags are derived from :class:`~mermaid_printer.markmap.requests.MarkmapCustomizeRequest`
(format, background, the PDF page, the PNG size, theme) and from markmap's options
(:class:`~mermaid_printer.markmap.requests.MarkmapStyleOptions`: ``--max-width``,
``--color-freeze-level``, ``--font-size``, …). :mod:`mermaid_printer.adapters.cli.main` reads the
input, runs the printer and writes the output.
"""

from __future__ import annotations

import argparse
from typing import Any

from mermaid_printer.adapters.cli.flags import FlagOverride, add_model_flags, given_values, output_format
from mermaid_printer.errors import InvalidInput
from mermaid_printer.jobs import MARKMAP_FORMATS
from mermaid_printer.markmap.requests import MarkmapCustomizeRequest, MarkmapStyleOptions
from mermaid_printer.requests import ImageSize, PageLayout, validate_request

__all__ = ["add_markmap_command", "markmap_format", "markmap_request"]

#: Request fields given as flags (the Markdown is the INPUT argument; format also comes from -o).
_FIELDS = [
    name
    for name in MarkmapCustomizeRequest.model_fields
    if name not in ("markdown_content", "options", "format", "color_scheme")
]
_OPTION_FIELDS = list(MarkmapStyleOptions.model_fields)


def _switch(field: str) -> FlagOverride:
    def convert(text: str) -> bool:
        answer = {"true": True, "on": True, "yes": True, "false": False, "off": False, "no": False}.get(text.lower())
        if answer is None:
            raise InvalidInput(f"--{field} takes true or false, not {text!r}", {"field": f"options.{field}"})
        return answer

    return FlagOverride((f"--{field}",), "true|false", convert, f"Interactive HTML: {field} (default true).")


_OPTION_OVERRIDES = {"zoom": _switch("zoom"), "pan": _switch("pan")}


def add_markmap_command(commands: Any, common: argparse.ArgumentParser, epilog: str) -> None:
    """Add the ``markmap`` command to ``commands`` (the CLI's subparsers)."""
    markmap = commands.add_parser(
        "markmap",
        parents=[common],
        help="draw a Markdown outline as a mind map (markmap): SVG, PNG, PDF or interactive HTML",
        description="Draw a Markdown document as markmap 0.18 draws it (headings and lists become "
        "branches), without a browser: a static SVG, PNG or PDF, or one self-contained interactive "
        "HTML page (zoom, pan, fold; nothing loaded from the network). The format comes from "
        "--format, else from the output's suffix, else SVG.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    markmap.add_argument("input", metavar="INPUT", help="the Markdown file, or - for stdin")
    markmap.add_argument(
        "-o",
        "--output",
        metavar="OUTPUT",
        help="file to write, or - for stdout (default: INPUT with the format's suffix; stdout for stdin)",
    )
    markmap.add_argument("--cache-dir", metavar="DIR", help="keep results in DIR (as for render)")
    markmap.add_argument(
        "-f",
        "--format",
        choices=MARKMAP_FORMATS,
        help="svg, png, pdf or html (default: from OUTPUT's suffix, else svg)",
    )
    add_model_flags(markmap, MarkmapCustomizeRequest, _FIELDS)
    markmap.add_argument(
        "--color-scheme",
        metavar="COLOURS",
        help="branch colours as comma-separated hex, e.g. '#e63946,#457b9d' (replaces the theme's palette)",
    )
    add_model_flags(
        markmap.add_argument_group("markmap options"), MarkmapStyleOptions, _OPTION_FIELDS, overrides=_OPTION_OVERRIDES
    )


def markmap_format(args: argparse.Namespace) -> str:
    """``--format``, else the output's suffix, else svg (:func:`~.flags.output_format`)."""
    return output_format(args.output, args.format, MARKMAP_FORMATS)


def markmap_request(args: argparse.Namespace, markdown: str) -> MarkmapCustomizeRequest:
    """The request the command line makes for ``markdown``.

    Raises:
        InvalidInput: a flag's value, or a flag of another format (``--paper`` with SVG).
    """
    values: dict[str, Any] = {
        "markdown_content": markdown,
        "format": markmap_format(args),
        **given_values(args, _FIELDS),
        "options": given_values(args, _OPTION_FIELDS, _OPTION_OVERRIDES),
    }
    if args.color_scheme:
        values["color_scheme"] = [colour for colour in args.color_scheme.split(",") if colour.strip()]
    _check_format_flags(values)
    return validate_request(MarkmapCustomizeRequest, values)


def _check_format_flags(values: dict[str, Any]) -> None:
    for model, owner in ((PageLayout, "pdf"), (ImageSize, "png")):
        given = [name for name in model.model_fields if name in values]
        if given and values["format"] != owner:
            flag = "--" + given[0].replace("_", "-")
            raise InvalidInput(f"{flag} applies to {owner.upper()} output, not {values['format'].upper()}")
