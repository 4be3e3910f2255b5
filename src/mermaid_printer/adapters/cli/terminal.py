"""What the command line prints besides its output: one line per error (``error: CODE: message``,
usage errors too), notes (``--quiet`` drops them), and the log (warnings by default, the engine's
notes with ``--verbose``, everything with ``--debug``), above a batch's progress line."""

from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import NoReturn

from mermaid_printer.adapters.cli.batch import LogAboveProgress
from mermaid_printer.adapters.cli.flags import CommandParser
from mermaid_printer.errors import PrinterError, RenderTimeout
from mermaid_printer.pool._engine_log import ENGINE_LOGGER

__all__ = [
    "OneLineErrorParser",
    "add_chatter_flags",
    "configure_logging",
    "error",
    "flags_of",
    "in_flag_terms",
    "note",
    "one_line",
    "quiet",
    "timeout_in_flag_terms",
]

#: The exit status of a usage error (the input's fault, as argparse has it).
_USAGE_ERROR = 2
#: ``--quiet``: no notes, no progress line; errors and the diagrams' warnings only.
_quiet = False


class OneLineErrorParser(CommandParser):
    """A parser whose usage errors are one line, as every other error (``error: CODE: message``),
    naming the choices where there are some, rather than the whole usage (its sub-commands'
    parsers are of this class too; an epilog may be made when help is shown, as
    :class:`~mermaid_printer.adapters.cli.flags.CommandParser`'s)."""

    def error(self, message: str) -> NoReturn:
        self.exit(_USAGE_ERROR, f"error: INVALID_INPUT: {one_line(message)} (see {self.prog} --help)\n")


def add_chatter_flags(parser: argparse.ArgumentParser) -> None:
    """``-q/--quiet`` and ``-v/--verbose``, one or the other."""
    chatter = parser.add_mutually_exclusive_group()
    chatter.add_argument(
        "-q", "--quiet", action="store_true", help="print errors only (no notes, no progress line, no log)"
    )
    chatter.add_argument(
        "-v", "--verbose", action="store_true", help="also print what the engine does (snapshots, processes)"
    )


def configure_logging(args: argparse.Namespace) -> None:
    """What reaches stderr besides the command's own lines: warnings and errors (a server's
    requests too); ``--verbose`` adds what the engine processes note (snapshots, huge pages,
    spares), ``--debug`` everything, ``--quiet`` errors only. Log lines go above a batch's
    progress line, never through it."""
    global _quiet
    _quiet = bool(args.quiet)
    server = args.command in ("serve", "http")
    if args.debug:
        level = logging.DEBUG
    elif args.verbose:
        level = logging.INFO
    elif args.quiet:
        level = logging.ERROR
    else:
        level = logging.INFO if server else logging.WARNING
    handler = LogAboveProgress()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=level, handlers=[handler])
    if server and not (args.verbose or args.debug):
        # A server logs its requests at INFO; the engine's own notes are not for its log.
        logging.getLogger(ENGINE_LOGGER).setLevel(logging.WARNING)


def quiet() -> bool:
    """Whether ``--quiet`` was given."""
    return _quiet


def flags_of(parser: argparse.ArgumentParser, command: str) -> dict[str, str]:
    """For ``command``: each option's destination (a request field) and the flag that sets it."""
    # argparse keeps sub-commands and their options in private attributes: nothing public lists them.
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            options = action.choices[command]._actions
            return {option.dest: max(option.option_strings, key=len) for option in options if option.option_strings}
    return {}


def in_flag_terms(error: PrinterError, flags: dict[str, str]) -> PrinterError:
    """``error`` with the request field its message names first spelt as the flag that sets it
    (``Invalid input: options.max_width: …`` becomes ``Invalid input: --max-width: …``): the
    flags are what a user of the command line typed."""
    if isinstance(error, RenderTimeout):
        return timeout_in_flag_terms(error)
    field = error.details.get("field")
    prefix = f"Invalid input: {field}: "
    flag = flags.get(field.rsplit(".", 1)[-1]) if isinstance(field, str) else None
    if flag is None or not error.message.startswith(prefix):
        return error
    return type(error)(f"Invalid input: {flag}: {error.message[len(prefix) :]}", error.details)


def timeout_in_flag_terms(error: RenderTimeout) -> RenderTimeout:
    """A time limit named as the command line sets it: ``timeout_ms 30000`` becomes ``--timeout-ms 30000``."""
    if "timeout_ms" not in error.details:
        return error
    return RenderTimeout(re.sub(r"(?<![-\w])timeout_ms\b", "--timeout-ms", error.message), error.details)


def one_line(text: str) -> str:
    """``text`` with its whitespace runs collapsed to single spaces."""
    return " ".join(text.split())


def error(message: str) -> None:
    """``error: <message>`` on stderr."""
    print(f"error: {message}", file=sys.stderr)


def note(message: str) -> None:
    """A line about the run that is not an error (left out by ``--quiet``)."""
    if not _quiet:
        print(f"note: {message}", file=sys.stderr)
