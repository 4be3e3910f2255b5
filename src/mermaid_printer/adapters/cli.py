"""The ``mermaid-printer`` command: ``serve`` (MCP over stdio), ``render`` (one diagram to SVG,
PDF or PNG; the format comes from ``--format``, else the output file's suffix, else SVG) and
``parse`` (one diagram's AST as JSON on stdout).

Errors are reported as one line on stderr, ``error: CODE: message``, never as a traceback
(``--debug`` shows the traceback of an unexpected error). The output file is written atomically
and left untouched when anything fails.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mermaid_printer.adapters.tool_groups import TOOL_GROUPS, TOOLS_ENV_VAR, parse_tool_groups
from mermaid_printer.errors import InvalidConfig, InvalidInput, PrinterError
from mermaid_printer.files import write_atomically
from mermaid_printer.options import (
    DEFAULT_PNG_SCALE,
    DEFAULT_TIMEOUT_MS,
    MAX_TIMEOUT_MS,
    MIN_TIMEOUT_MS,
    PAPER_SIZES,
    THEMES,
    build_pdf_options,
    build_png_options,
    build_render_options,
    check_code,
    parse_config_json,
)

__all__ = ["EXIT_INPUT_ERROR", "EXIT_OK", "EXIT_RENDER_FAILED", "main"]

EXIT_OK = 0
#: The render failed for a reason other than the input (timeout, limits, engine, internal error,
#: the output could not be written).
EXIT_RENDER_FAILED = 1
#: The input is wrong (bad options, unreadable input or config, syntax error, unknown diagram
#: type); argparse also uses 2 for usage errors.
EXIT_INPUT_ERROR = 2
EXIT_INTERRUPTED = 130

_INPUT_ERROR_CODES = frozenset(
    {"INVALID_INPUT", "INPUT_TOO_LARGE", "INVALID_CONFIG", "SYNTAX_ERROR", "UNSUPPORTED_DIAGRAM"}
)

_EPILOG = f"""\
exit status:
  {EXIT_OK}    success
  {EXIT_RENDER_FAILED}    the render failed: TIMEOUT, RESOURCE_LIMIT, RENDER_FAILED, ENGINE_UNAVAILABLE,
       an internal error, or the output could not be written
  {EXIT_INPUT_ERROR}    the input is wrong: INVALID_INPUT, INPUT_TOO_LARGE, INVALID_CONFIG,
       SYNTAX_ERROR, UNSUPPORTED_DIAGRAM, an unreadable input file, or bad usage
  {EXIT_INTERRUPTED}  interrupted

errors are printed as one line on stderr: "error: CODE: message".
"""

logger = logging.getLogger(__name__)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.DEBUG if args.debug else logging.INFO if args.command == "serve" else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        try:
            if args.command == "serve":
                return _serve(args.tools, args.output_dir)
            if args.command == "parse":
                return _parse(args)
            return _render(args)
        except BaseExceptionGroup as group:
            # The MCP server's task groups wrap what stopped it; report the cause itself.
            raise _first_leaf(group) from group
    except PrinterError as exc:
        _error(describe_error(exc))
        return EXIT_INPUT_ERROR if exc.code in _INPUT_ERROR_CODES else EXIT_RENDER_FAILED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as exc:
        if args.debug:
            raise
        _error(f"internal error: {type(exc).__name__}: {_one_line(str(exc))} (run with --debug for the traceback)")
        return EXIT_RENDER_FAILED


def describe_error(error: PrinterError) -> str:
    """One line naming the error code and, for a syntax error, the line and column."""
    if error.code == "SYNTAX_ERROR" and error.details.get("line") is not None:
        where = f"line {error.details['line']}"
        if error.details.get("column") is not None:
            where += f", column {error.details['column']}"
        expected = error.details.get("expected")
        if expected:
            items = [str(item) for item in expected] if isinstance(expected, list) else [str(expected)]
            shown = ", ".join(items[:8]) + (", …" if len(items) > 8 else "")
            text = str(error.details.get("text") or "").strip()
            got = repr(text) if text else error.details.get("token")
            return f"SYNTAX_ERROR: Parse error on {where}: expected {shown}" + (f" but got {got}" if got else "")
        return f"SYNTAX_ERROR: Parse error on {where}: {_one_line(error.message)}"
    return f"{error.code}: {_one_line(error.message)}"


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--debug", action="store_true", help="log verbosely and show tracebacks of internal errors")

    parser = argparse.ArgumentParser(
        prog="mermaid-printer",
        description="Render Mermaid diagrams to clean SVG with Mermaid 12.3, without a browser.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mermaid-printer {version('mermaid-printer')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = commands.add_parser(
        "serve",
        parents=[common],
        help="serve the mermaid_to_svg/png/pdf tools over MCP on stdin/stdout (name this in an MCP client config)",
        description="Serve the mermaid_to_svg, mermaid_to_png and mermaid_to_pdf tools over MCP on "
        "stdin/stdout. Logs go to stderr.",
    )
    serve.add_argument(
        "--output-dir",
        metavar="DIR",
        help='where PNG/PDF requests with delivery "file" write (default: $MERMAID_PRINTER_OUTPUT_DIR, '
        "else a private temporary directory)",
    )
    serve.add_argument(
        "--tools",
        metavar="GROUPS",
        default=os.environ.get(TOOLS_ENV_VAR),
        help=f"comma-separated tool groups to expose: {', '.join(TOOL_GROUPS)} (default: all; "
        f"or set {TOOLS_ENV_VAR})",
    )

    parse = commands.add_parser(
        "parse",
        parents=[common],
        help="parse one diagram without rendering; print its AST as JSON",
        description="Parse one Mermaid diagram with Mermaid's own parser and print "
        '{"diagram_type": ..., "ast": ...} as JSON on stdout.',
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parse.add_argument("input", metavar="INPUT", help="Mermaid source file, or - for stdin")
    parse.add_argument(
        "--positions", action="store_true", help="give every node and edge the line and column of its definition"
    )

    render = commands.add_parser(
        "render",
        parents=[common],
        help="render one diagram to an SVG, PDF or PNG file",
        description="Render one Mermaid diagram to SVG, PDF (vector, selectable text) or PNG. The format "
        "comes from --format, else from the output's suffix (.svg, .pdf, .png), else SVG.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    render.add_argument("input", metavar="INPUT", help="Mermaid source file, or - for stdin")
    render.add_argument(
        "-o",
        "--output",
        metavar="OUTPUT",
        help="file to write, or - for stdout (default: INPUT with the format's suffix; stdout for stdin)",
    )
    render.add_argument(
        "-f", "--format", choices=_FORMATS, help="svg, pdf or png (default: from OUTPUT's suffix, else svg)"
    )
    render.add_argument("--theme", metavar="THEME", help=f"one of: {', '.join(THEMES)}")
    render.add_argument(
        "--background",
        metavar="COLOUR",
        help="'transparent' or a CSS colour such as white or #ffffff (default: transparent for SVG, white for PDF and PNG)",
    )
    render.add_argument("--config", metavar="FILE.json", help="Mermaid configuration as a JSON object file")
    render.add_argument(
        "--timeout-ms",
        type=int,
        metavar="MS",
        help=f"stop the render after MS milliseconds ({MIN_TIMEOUT_MS}-{MAX_TIMEOUT_MS}, default {DEFAULT_TIMEOUT_MS})",
    )
    render.add_argument(
        "--no-embed-fonts",
        dest="embed_fonts",
        action="store_false",
        help="do not embed the font subset in the SVG (smaller; viewers then draw with their own fonts)",
    )
    pdf = render.add_argument_group("PDF")
    pdf.add_argument("--paper", metavar="SIZE", help=f"paper size: {', '.join(PAPER_SIZES)} (default: the diagram's size)")
    pdf.add_argument("--orientation", choices=("auto", "portrait", "landscape"), help="with --paper (default auto)")
    pdf.add_argument("--margin-mm", type=float, metavar="MM", help="margin on every side (default 10 with --paper, else 0)")
    pdf.add_argument("--fit", choices=("shrink", "fill"), help="with --paper: shrink a large diagram (default) or fill the page")
    png = render.add_argument_group("PNG")
    png.add_argument("--scale", type=float, metavar="N", help=f"image pixels per diagram pixel (default {DEFAULT_PNG_SCALE:g})")
    png.add_argument("--width", type=int, metavar="PX", help="image width in pixels (instead of --scale)")
    return parser


def _serve(tools: str | None, output_dir: str | None = None) -> int:
    try:
        groups = parse_tool_groups(tools)
    except ValueError as exc:
        raise InvalidInput(f"--tools: {exc}") from exc
    from mermaid_printer.adapters.mcp_server import run_stdio

    run_stdio(tools=groups, output_dir=Path(output_dir).expanduser().resolve() if output_dir else None)
    return EXIT_OK


def _parse(args: argparse.Namespace) -> int:
    code = check_code(_read_input(args.input))
    from mermaid_printer.service import Printer

    with Printer() as printer:
        result = printer.parse(code, include_positions=args.positions)
    document = {"diagram_type": result.diagram_type, "ast": result.ast}
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()
    return EXIT_OK


_FORMATS = ("svg", "pdf", "png")
_PDF_FLAGS = ("paper", "orientation", "margin_mm", "fit")
_PNG_FLAGS = ("scale", "width")


def _render(args: argparse.Namespace) -> int:
    output_format = _output_format(args)
    if output_format != "svg":
        return _render_export(args, output_format)
    output = _output_path(args.input, args.output)
    options = build_render_options(
        _read_input(args.input),
        theme=args.theme,
        background=args.background,
        config=_read_config(args.config) if args.config is not None else None,
        timeout_ms=args.timeout_ms,
        embed_fonts=args.embed_fonts,
    )
    from mermaid_printer.service import Printer

    with Printer() as printer:
        result = printer.render_svg(options)
    return _emit(result.svg.encode("utf-8"), result.warnings, output)


def _output_format(args: argparse.Namespace) -> str:
    """``--format``, else the output's suffix, else svg; refuses flags of another format."""
    chosen = args.format
    if chosen is None and args.output not in (None, "-"):
        suffix = Path(args.output).suffix.lower().lstrip(".")
        chosen = suffix if suffix in _FORMATS else None
    chosen = chosen or "svg"
    for flags, owner in ((_PDF_FLAGS, "pdf"), (_PNG_FLAGS, "png")):
        given = [flag for flag in flags if getattr(args, flag) is not None]
        if given and chosen != owner:
            name = "--" + given[0].replace("_", "-")
            raise InvalidInput(f"{name} applies to {owner.upper()} output, not {chosen.upper()}", {"field": given[0]})
    if chosen != "svg" and not args.embed_fonts:
        raise InvalidInput("--no-embed-fonts applies to SVG output only", {"field": "embed_fonts"})
    return chosen


def _render_export(args: argparse.Namespace, output_format: str) -> int:
    output = _output_path(args.input, args.output, f".{output_format}")
    common: dict[str, Any] = {
        "theme": args.theme,
        "background": args.background,
        "config": _read_config(args.config) if args.config is not None else None,
        "timeout_ms": args.timeout_ms,
    }
    code = _read_input(args.input)
    from mermaid_printer.service import Printer

    with Printer() as printer:
        if output_format == "pdf":
            page = {flag: getattr(args, flag) for flag in _PDF_FLAGS}
            pdf = printer.render_pdf(build_pdf_options(code, **page, **common))
            data, warnings = pdf.pdf, pdf.warnings
        else:
            png = printer.render_png(build_png_options(code, scale=args.scale, width=args.width, **common))
            data, warnings = png.png, png.warnings
    return _emit(data, warnings, output)


def _emit(data: bytes, warnings: list[str], output: Path | None) -> int:
    """Print the warnings on stderr, then write ``data`` to ``output`` (atomically) or stdout."""
    for warning in warnings:
        print(f"warning: {_one_line(warning)}", file=sys.stderr)
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return EXIT_OK
    try:
        write_atomically(output, data, mode=_new_file_mode(output))
    except OSError as exc:
        _error(f"cannot write {output}: {exc.strerror or exc}")
        return EXIT_RENDER_FAILED
    return EXIT_OK


def _output_path(input_name: str, output_name: str | None, suffix: str = ".svg") -> Path | None:
    """Where to write; ``None`` means stdout."""
    if output_name == "-" or (output_name is None and input_name == "-"):
        return None
    if output_name is not None:
        return Path(output_name)
    output = Path(input_name).with_suffix(suffix)
    if output == Path(input_name):
        raise InvalidInput(f"{input_name} already ends in {suffix}; name the output with -o")
    return output


def _read_input(name: str) -> str:
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as exc:
        raise InvalidInput(f"cannot read {name}: {exc.strerror or exc}") from exc
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        source = "stdin" if name == "-" else name
        raise InvalidInput(f"{source} is not UTF-8 text: {exc.reason} at byte {exc.start}") from exc


def _read_config(name: str) -> dict[str, Any]:
    try:
        text = Path(name).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) else "not UTF-8 text"
        raise InvalidConfig(f"cannot read config file {name}: {reason or exc}") from exc
    try:
        return parse_config_json(text)
    except InvalidConfig as exc:
        message = exc.message.replace("config_json", "the file", 1)
        raise InvalidConfig(f"config file {name}: {message}", exc.details) from exc


def _new_file_mode(path: Path) -> int:
    # mkstemp creates 0600; give the result the mode a plain open() would (or keep the old one).
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _first_leaf(group: BaseExceptionGroup) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _error(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
