"""The ``mermaid-printer`` command: ``serve`` (MCP over stdio), ``render`` (one diagram to SVG,
PDF or PNG; the format comes from ``--format``, else the output file's suffix, else SVG) and
``parse`` (one diagram's AST as JSON on stdout).

Errors are reported as one line on stderr, ``error: CODE: message``, never as a traceback
(``--debug`` shows the traceback of an unexpected error). The output file is written atomically
and left untouched when anything fails.

Kept whole: the command line's parser and its dispatch; each command's own work lives beside it
(batch, check, markmap, terminal), and what stays here is what the commands share.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import mermaid_printer
from mermaid_printer.adapters.cli import terminal
from mermaid_printer.adapters.cli.batch import (
    MARKDOWN_SUFFIXES,
    collect_items,
    is_markdown_document,
    names_a_directory,
    refuse_a_file_as_batch_output,
    render_ahead,
    render_batch,
    status_stream,
)
from mermaid_printer.adapters.cli.check import add_check_command, format_diagnostic, run_check
from mermaid_printer.adapters.cli.flags import (
    FlagOverride,
    Overrides,
    add_model_flags,
    flag_of,
    given_values,
    output_format,
)
from mermaid_printer.adapters.cli.markmap import add_markmap_command, markmap_format, markmap_request
from mermaid_printer.adapters.cli.mmdc import (
    MMDC_ALIASES,
    SIZE_FIELDS,
    MmdcOptions,
    add_mmdc_flags,
    merged_inputs,
    mmdc_options,
    use_icon_packs,
)
from mermaid_printer.adapters.cli.start import batch_pool, discard_head_start, one_shot_pool, take_head_start
from mermaid_printer.adapters.cli.terminal import OneLineErrorParser
from mermaid_printer.adapters.error_codes import is_input_error
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.adapters.mcp.groups import TOOL_GROUPS, TOOLS_ENV_VAR, parse_tool_groups
from mermaid_printer.engine import ENGINE_ENV_VAR, ENGINES, selected_engine
from mermaid_printer.errors import InvalidConfig, InvalidInput, PrinterError, RenderFailed, RenderTimeout
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks
from mermaid_printer.mermaid.requests import (
    DiagramOptions,
    ParseOptions,
    PdfOptions,
    PngOptions,
    RenderOptions,
    parse_config_json,
)
from mermaid_printer.project.service import RenderMarkdownRequest
from mermaid_printer.requests import RequestModel, validate_request

__all__ = ["EXIT_INPUT_ERROR", "EXIT_OK", "EXIT_RENDER_FAILED", "main"]

EXIT_OK = 0
#: The render failed for a reason other than the input (timeout, limits, engine, internal error,
#: the output could not be written).
EXIT_RENDER_FAILED = 1
#: The input is wrong (bad options, unreadable input or config, syntax error, unknown diagram
#: type); argparse also uses 2 for usage errors.
EXIT_INPUT_ERROR = 2
EXIT_INTERRUPTED = 130

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
    parser = _parser()
    args = parser.parse_args(argv)
    terminal.configure_logging(args)
    try:
        try:
            _apply_engine_flag(args)
            if args.command == "serve":
                _apply_project_flags(args)
                return _serve(args.tools, args.output_dir, args.cache_dir)
            if args.command == "http":
                return _http(args)
            if args.command == "markdown":
                return _markdown(args)
            if args.command == "parse":
                return _parse(args)
            if args.command == "markmap":
                return _markmap(args)
            if args.command == "check":
                with _printer(None, one_shot=True) as printer:
                    return run_check(args, printer)
            return _render(args)
        except BaseExceptionGroup as group:
            # The MCP server's task groups wrap what stopped it; report the cause itself.
            raise _first_leaf(group) from group
    except PrinterError as exc:
        if "hint" in exc.details and args.command in ("render", "parse") and _sources:
            print(format_diagnostic(exc, *_sources[-1]), file=sys.stderr)
        else:
            _error(terminal.in_flag_terms(exc, terminal.flags_of(parser, args.command)).summary())
        return EXIT_INPUT_ERROR if is_input_error(exc.code) else EXIT_RENDER_FAILED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except Exception as exc:
        if args.debug:
            raise
        _error(f"internal error: {type(exc).__name__}: {_one_line(str(exc))} (run with --debug for the traceback)")
        return EXIT_RENDER_FAILED


def _serve_tools_help() -> str:
    from mermaid_printer.adapters.mcp.catalog import tools_help

    return tools_help()


def _parser() -> argparse.ArgumentParser:
    common = OneLineErrorParser(add_help=False)
    common.add_argument("--debug", action="store_true", help="log verbosely and show tracebacks of internal errors")
    terminal.add_chatter_flags(common)
    common.add_argument(
        "--engine",
        choices=list(ENGINES),
        help="the JavaScript engine: native (QuickJS-NG's extension) or wasm (QuickJS-NG compiled to "
        f"WebAssembly in wasmtime: same output, slower) (default: ${ENGINE_ENV_VAR}, else native)",
    )

    parser = OneLineErrorParser(
        prog="mermaid-printer",
        description="Render Mermaid diagrams to clean SVG with Mermaid 12.3, without a browser.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"mermaid-printer {mermaid_printer.__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=OneLineErrorParser)
    add_check_command(commands, common)

    serve = commands.add_parser(
        "serve",
        parents=[common],
        help="serve the printer's MCP tools on stdin/stdout (name this in an MCP client config)",
        description="Serve the printer's MCP tools on stdin/stdout. Logs go to stderr.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.epilog_text = _serve_tools_help
    serve.add_argument(
        "--output-dir",
        metavar="DIR",
        help='where SVG/PNG/PDF requests with delivery "file" write (default: $MERMAID_PRINTER_OUTPUT_DIR, '
        "else a private temporary directory)",
    )
    serve.add_argument("--cache-dir", metavar="DIR", help=_CACHE_DIR_HELP)
    _add_project_flags(serve)
    serve.add_argument(
        "--tools",
        metavar="GROUPS",
        default=os.environ.get(TOOLS_ENV_VAR),
        help=f"comma-separated tool groups to expose: {', '.join(TOOL_GROUPS)} (default: all; or set {TOOLS_ENV_VAR})",
    )

    http = commands.add_parser(
        "http",
        parents=[common],
        help="serve the printer over HTTP: JSON API, MCP at /mcp, Kroki-compatible routes, metrics",
        description="Serve the printer over HTTP until SIGINT/SIGTERM (requests in flight finish first): "
        "POST /api/verify|render|svg, MCP over streamable HTTP at /mcp, Kroki's GET/POST /mermaid/... "
        "and POST /, GET /healthz, /readyz and /metrics.",
    )
    add_model_flags(http, HttpSettings, list(HttpSettings.model_fields))
    _add_project_flags(http)

    markdown = commands.add_parser(
        "markdown",
        parents=[common],
        help="render every Mermaid block of a Markdown file into images and a new document",
        description="Markdown in, Markdown out (as mermaid-cli's -i doc.md -o out.md): every ```mermaid "
        "block is drawn into an image beside the output (OUT-1.svg, OUT-2.svg, ...) and replaced by a "
        "link to it, its source kept in a <details> section. A block that fails stays as it was, after "
        "a note naming the error and its line; none is lost.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    markdown.add_argument("input", metavar="INPUT", help="the Markdown file")
    markdown.add_argument(
        "-o", "--output", metavar="OUTPUT", help="the rendered document (default: INPUT's name .rendered.md)"
    )
    markdown.add_argument("--cache-dir", metavar="DIR", help=_CACHE_DIR_HELP)
    markdown.add_argument(
        "-a",
        "--artefacts",
        "--artifacts",
        dest="artefacts",
        metavar="DIR",
        help="where the images go (default: beside OUTPUT)",
    )
    add_model_flags(markdown, RenderMarkdownRequest, ["format", "theme"], aliases={"theme": ("-t",)})

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
    parse.add_argument("--cache-dir", metavar="DIR", help=_CACHE_DIR_HELP)
    add_model_flags(parse, ParseOptions, _fields(ParseOptions), overrides=_OVERRIDES)

    render = commands.add_parser(
        "render",
        parents=[common],
        help="render diagrams to SVG, PDF or PNG files",
        description="Render Mermaid diagrams to SVG, PDF (vector, selectable text) or PNG. The format "
        "comes from --format, else from the output's suffix (.svg, .pdf, .png), else SVG. "
        "Several inputs, Markdown inputs (every ```mermaid or :::mermaid block is a diagram) or an "
        "output directory make a batch: one file per diagram, rendered --jobs at a time. A Markdown "
        "INPUT with a Markdown -o is mermaid-cli's Markdown mode: the document with each block drawn "
        "into an image (see the markdown command). mermaid-cli's flags are accepted too (docs/cli.md).",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    render.add_argument(
        "input", metavar="INPUT", nargs="*", help="Mermaid or Markdown source files, or - for stdin (one diagram)"
    )
    render.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        default=os.cpu_count() or 1,
        help="batch: diagrams rendered at once (default: the number of CPUs)",
    )
    render.add_argument(
        "-o",
        "--output",
        metavar="OUTPUT",
        help="file to write, or - for stdout (default: INPUT with the format's suffix; stdout for stdin); "
        "in a batch, the directory to write into (default: beside each input)",
    )
    render.add_argument("--cache-dir", metavar="DIR", help=_CACHE_DIR_HELP)
    render.add_argument(
        "-f", "--format", choices=_FORMATS, help="svg, pdf or png (default: from OUTPUT's suffix, else svg)"
    )
    add_model_flags(
        render,
        DiagramOptions,
        _fields(DiagramOptions),
        overrides=_OVERRIDES,
        defaults_by_format=_differing_defaults(),
        aliases=MMDC_ALIASES,
    )
    for format_name, model in _FORMAT_MODELS.items():
        own = _own_fields(model)
        if own:
            group = render.add_argument_group(format_name.upper())
            add_model_flags(group, model, own, overrides=_OVERRIDES, aliases=MMDC_ALIASES)
    add_mmdc_flags(render)
    add_markmap_command(commands, common, _EPILOG)
    return parser


_CACHE_DIR_HELP = (
    "keep results in DIR (content-addressed, shared by processes, bounded) and answer repeats from it "
    "(default: $MERMAID_PRINTER_RESULT_CACHE_DIR, else no directory)"
)


def _printer(
    cache_dir: str | None,
    *,
    one_shot: bool,
    bundle: str = "mermaid",
    batch: Sequence[str] = (),
    export: bool = True,
) -> Any:
    """The printer for this command. ``one_shot``: it serves one request of ``bundle``, in the
    engine process started ahead for it if there is one (``adapters/cli/start.py``; else started now), which
    loads only that bundle, skips the warm-up of every diagram type and forks no spares, while
    the render still runs in a single-use child with its limits. ``batch``: the codes of a
    batch's Mermaid diagrams (``adapters/cli/start.batch_pool``), whose warm pool warms their
    types only, and the PDF/PNG converter only where ``export`` says its files are PDF or PNG.
    Otherwise a warm pool (and an engine process started ahead is stopped first: it would only
    take CPU from this one's start)."""
    from mermaid_printer.cache import default_cache
    from mermaid_printer.service import Printer

    pool = None
    if one_shot:
        pool = take_head_start(bundle) or one_shot_pool(bundle)
    elif batch:
        from mermaid_printer.bundles.mermaid.bundle import warm_up_kind

        pool = batch_pool(len(batch), export=export, kinds={warm_up_kind(code) for code in batch})
    else:
        discard_head_start()
    return Printer(pool, cache=default_cache(cache_dir))


def _apply_engine_flag(args: argparse.Namespace) -> None:
    """``--engine`` wins over the environment; the printers this process makes (and the MCP and
    HTTP servers' printers) read the choice from it. A wrong ``$MERMAID_PRINTER_ENGINE`` is an
    input error here, before anything starts."""
    if args.engine:
        os.environ[ENGINE_ENV_VAR] = args.engine
    try:
        selected_engine()
    except ValueError as exc:
        raise InvalidInput(str(exc), {"field": "engine"}) from exc


def _serve(tools: str | None, output_dir: str | None = None, cache_dir: str | None = None) -> int:
    try:
        groups = parse_tool_groups(tools)
    except ValueError as exc:
        raise InvalidInput(f"--tools: {exc}") from exc
    from mermaid_printer.adapters.mcp.server import run_stdio

    run_stdio(
        tools=groups,
        output_dir=Path(output_dir).expanduser().resolve() if output_dir else None,
        cache_dir=Path(cache_dir).expanduser() if cache_dir else None,
    )
    return EXIT_OK


#: serve/http flags that set the file sources' configuration (the same as the variables).
_PROJECT_FLAGS = {
    "project_root": (
        "PROJECT_ROOT",
        "DIR",
        "the project the project tools read and write (default: the working directory)",
    ),
    "diagram_out_dir": ("DIAGRAM_OUT_DIR", "DIR", "where render_mermaid saves, inside the project (default: diagrams)"),
    "max_file_chars": ("MAX_FILE_CHARS", "N", "the most characters read_file returns (default: 100000)"),
}


def _add_project_flags(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("project tools")
    for name, (variable, metavar, text) in _PROJECT_FLAGS.items():
        group.add_argument(f"--{name.replace('_', '-')}", dest=name, metavar=metavar, help=f"{text}; or ${variable}")


def _apply_project_flags(args: argparse.Namespace) -> None:
    """The flags win over the environment: the sources read their configuration from it."""
    for name, (variable, _metavar, _text) in _PROJECT_FLAGS.items():
        value = getattr(args, name, None)
        if value is not None:
            os.environ[variable] = str(value)


def _markdown(args: argparse.Namespace, extras: MmdcOptions | None = None) -> int:
    """Markdown in, Markdown out: every Mermaid block (fenced or ``:::mermaid``) drawn into an image
    in ``--artefacts`` (default: beside the output) and linked from the output document."""
    from mermaid_printer.mermaid.markdown import render_markdown

    request = validate_request(RenderMarkdownRequest, {"path": args.input, **given_values(args, ["format", "theme"])})
    source = Path(args.input)
    output = Path(args.output) if args.output else source.with_name(f"{source.stem}.rendered.md")
    if output.resolve() == source.resolve():
        raise InvalidInput("the output would overwrite the input: name another with -o", {"field": "output"})
    text = _read_input(args.input)
    blocks = find_mermaid_blocks(text, colon_blocks=True)
    artefacts = getattr(args, "artefacts", None)
    image_dir = Path(artefacts) if artefacts else output.parent
    link_prefix = os.path.relpath(image_dir.resolve(), output.parent.resolve()) if artefacts else "."
    codes = [block.code for block in blocks]
    with _printer(args.cache_dir, one_shot=False, batch=codes, export=request.format != "svg") as printer:
        render = _renderer(printer, request.format, {"theme": request.theme}, extras)

        def image(code: str) -> bytes:
            data, warnings = render(code)
            for warning in warnings:
                print(f"warning: {_one_line(warning)}", file=sys.stderr)
            return data

        # Every block drawn at once on all cores, as a batch does; then written in order.
        drawn = render_ahead(codes, image, jobs=os.cpu_count() or 1)
        rendering = render_markdown(
            text,
            drawn,
            image_dir,
            "" if link_prefix == "." else link_prefix,
            image_stem=output.stem,
            image_suffix=f".{request.format}",
            colon_blocks=True,
        )
    if not rendering.blocks:
        terminal.note(f"{args.input} has no ```mermaid block: nothing to draw, the document is copied as it is")
    for block in rendering.blocks:
        if block.error_code is not None:
            _error(
                f"{args.input}#{block.index} (line {block.document_line or block.first_line}): {block.error_summary}"
            )
    try:
        write_atomically(output, rendering.markdown.encode("utf-8"))
    except OSError as exc:
        raise _unwritable(output, exc) from exc
    failed = [block.error_code for block in rendering.blocks if block.error_code is not None]
    if not failed:
        return EXIT_OK
    return EXIT_INPUT_ERROR if all(is_input_error(code) for code in failed) else EXIT_RENDER_FAILED


def _format_flags(args: argparse.Namespace, output_format: str) -> dict[str, Any]:
    """The options the command line gives for ``output_format`` (``--css-file`` into the config)."""
    from mermaid_printer.adapters.cli.mmdc import with_css_file

    flags = given_values(args, _fields(_FORMAT_MODELS[output_format]), _OVERRIDES)
    return with_css_file(flags, getattr(args, "css_file", None))


def _http(args: argparse.Namespace) -> int:
    _apply_project_flags(args)
    settings = validate_request(HttpSettings, given_values(args, list(HttpSettings.model_fields)))
    from mermaid_printer.adapters.http.serve import serve

    serve(settings)
    return EXIT_OK


def _markmap(args: argparse.Namespace) -> int:
    request = markmap_request(args, _read_input(args.input))
    output = _output_path(args.input, args.output, f".{markmap_format(args)}")
    with _printer(args.cache_dir, one_shot=True, bundle="markmap") as printer:
        result = printer.render_markmap(request)
    return _emit(result.data, result.warnings, output)


def _parse(args: argparse.Namespace) -> int:
    values = {"code": _read_input(args.input), **given_values(args, _fields(ParseOptions), _OVERRIDES)}
    request = validate_request(ParseOptions, values)
    with _printer(args.cache_dir, one_shot=True) as printer:
        result = printer.parse(request)
    document = {"diagram_type": result.diagram_type, "ast": result.ast}
    sys.stdout.write(json.dumps(document, ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()
    return EXIT_OK


#: The request model of each output format (its fields are that format's flags).
_FORMAT_MODELS: dict[str, type[DiagramOptions]] = {"svg": RenderOptions, "pdf": PdfOptions, "png": PngOptions}
_FORMATS = tuple(_FORMAT_MODELS)


def _fields(model: type[RequestModel]) -> list[str]:
    """A model's fields as flags (the source is the INPUT argument, not a flag)."""
    return [name for name in model.model_fields if name != "code"]


def _own_fields(model: type[DiagramOptions]) -> list[str]:
    """The fields only this output format has (PDF: paper, …; PNG: scale, width; SVG: embed_fonts)."""
    return [name for name in model.model_fields if name not in DiagramOptions.model_fields]


def _differing_defaults() -> dict[str, dict[str, Any]]:
    """For each common field whose default differs by format: the default of each format."""
    differing = {}
    for name in _fields(DiagramOptions):
        defaults = {fmt: model.model_fields[name].default for fmt, model in _FORMAT_MODELS.items()}
        if len(set(map(str, defaults.values()))) > 1:
            differing[name] = defaults
    return differing


def _render(args: argparse.Namespace) -> int:
    args.input = merged_inputs(args)
    extras = mmdc_options(args)
    use_icon_packs(args.icon_packs)
    if args.watch:
        from mermaid_printer.adapters.cli.watch import watch

        if "-" in args.input:
            raise InvalidInput("--watch re-reads files: name input files, not - (stdin)", {"field": "watch"})
        with _printer(args.cache_dir, one_shot=False) as printer:
            return watch(args.input, lambda: _render_once(args, extras, printer), quiet=terminal.quiet())
    return _render_once(args, extras, None)


def _render_once(args: argparse.Namespace, extras: MmdcOptions, printer: Any | None) -> int:
    """One render of the inputs, with ``printer`` (``None``: one made for it)."""
    if is_markdown_document(args.input, args.output):
        return _markdown(_as_markdown_command(args), extras)
    if args.artefacts is not None:
        raise InvalidInput(
            "--artefacts is for Markdown mode: a Markdown INPUT and a Markdown -o", {"field": "artefacts"}
        )
    if _is_batch(args):
        return _render_batch(args, extras, printer)
    (input_name,) = args.input
    output_format = _output_format(args)
    output = _output_path(input_name, args.output, f".{output_format}")
    code = _read_input(input_name)
    with _opened(printer, args.cache_dir, one_shot=True) as drawing:
        data, warnings = _renderer(drawing, output_format, _format_flags(args, output_format), extras)(code)
    return _emit(data, warnings, output)


def _opened(
    printer: Any | None, cache_dir: str | None, *, one_shot: bool, batch: Sequence[str] = (), export: bool = True
) -> Any:
    """``printer`` as a context that leaves it open, or a new printer (see :func:`_printer`)."""
    import contextlib

    if printer is not None:
        return contextlib.nullcontext(printer)
    return _printer(cache_dir, one_shot=one_shot, batch=batch, export=export)


def _renderer(
    printer: Any, output_format: str, flags: dict[str, Any], extras: MmdcOptions | None = None
) -> Callable[[str], tuple[bytes, list[str]]]:
    """``code -> (bytes, warnings)`` in ``output_format`` with the options ``flags`` gives, and
    mermaid-cli's ``extras`` (size, SVG id)."""
    from mermaid_printer.adapters.cli import mmdc

    extras = extras or MmdcOptions()

    def render(code: str) -> tuple[bytes, list[str]]:
        try:
            return render_as_asked(code)
        except RenderTimeout as exc:
            raise terminal.timeout_in_flag_terms(exc) from exc

    def render_as_asked(code: str) -> tuple[bytes, list[str]]:
        values = {"code": code, **flags}
        if output_format == "pdf":
            if extras.sized:
                return mmdc.sized_pdf(printer, validate_request(PdfOptions, values), extras)
            pdf = printer.render_pdf(validate_request(PdfOptions, values))
            return pdf.pdf, pdf.warnings
        if output_format == "png":
            if extras.height is not None:
                values["width"] = mmdc.png_width(printer, validate_request(PngOptions, values), extras)
            png = printer.render_png(validate_request(PngOptions, values))
            return png.png, png.warnings
        svg = printer.render_svg(validate_request(RenderOptions, values))
        text = mmdc.with_svg_id(svg.svg, extras.svg_id) if extras.svg_id else svg.svg
        return mmdc.sized_svg(text, extras).encode("utf-8"), svg.warnings

    return render


def _is_batch(args: argparse.Namespace) -> bool:
    markdown = any(Path(name).suffix.lower() in MARKDOWN_SUFFIXES for name in args.input)
    return len(args.input) > 1 or markdown or names_a_directory(args.output)


def _as_markdown_command(args: argparse.Namespace) -> argparse.Namespace:
    """``render``'s arguments as the ``markdown`` command's; refuses a flag that command has not."""
    every_field = {name for model in _FORMAT_MODELS.values() for name in _fields(model)}
    given = sorted(name for name in every_field - {"theme"} if getattr(args, name, None) is not None)
    if given:
        owner = next(model for model in _FORMAT_MODELS.values() if given[0] in model.model_fields)
        flag = flag_of(given[0], owner.model_fields[given[0]], _OVERRIDES)
        raise InvalidInput(
            f"{flag} does not apply to a Markdown document drawn into Markdown (only --format svg|png and --theme "
            "do); give -o a directory to render its diagrams as files",
            {"field": given[0]},
        )
    (name,) = args.input
    return argparse.Namespace(**{**vars(args), "input": name})


def _render_batch(args: argparse.Namespace, extras: MmdcOptions, printer: Any | None) -> int:
    if "-" in args.input:
        raise InvalidInput("stdin (-) holds one diagram: render it alone, not in a batch", {"field": "input"})
    if args.output == "-":
        raise InvalidInput("a batch writes one file per diagram: give -o a directory, not -", {"field": "output"})
    if args.jobs < 1:
        raise InvalidInput("--jobs must be at least 1", {"field": "jobs"})
    refuse_a_file_as_batch_output(args.input, args.output)
    output_format = _output_format(args, batch=True)
    inputs = collect_items(args.input, Path(args.output) if args.output else None, output_format, _read_input)
    if not inputs.items and not inputs.unreadable:
        names = ", ".join(args.input)
        terminal.note(f"{names} {'has' if len(args.input) == 1 else 'have'} no ```mermaid block: nothing to draw")
        return EXIT_OK
    one_shot, export, codes = len(inputs.items) <= 1, output_format != "svg", [item.code for item in inputs.items]
    with _opened(printer, args.cache_dir, one_shot=one_shot, batch=codes, export=export) as drawing:
        render = _renderer(drawing, output_format, _format_flags(args, output_format), extras)
        outcome = render_batch(inputs, render, jobs=args.jobs, status=None if terminal.quiet() else status_stream())
    errors = outcome.errors()
    if not errors:
        return EXIT_OK
    input_errors = all(is_input_error(error.code) for error in errors)
    return EXIT_INPUT_ERROR if input_errors else EXIT_RENDER_FAILED


def _output_format(args: argparse.Namespace, *, batch: bool = False) -> str:
    """``--format``, else the output's suffix (not in a batch: it names a directory), else svg;
    refuses flags of another format."""
    chosen = output_format(None if batch else args.output, args.format, _FORMATS)
    for owner, model in _FORMAT_MODELS.items():
        given = [name for name in _own_fields(model) if getattr(args, name) is not None and name not in SIZE_FIELDS]
        if given and owner != chosen:
            flag = flag_of(given[0], model.model_fields[given[0]], _OVERRIDES)
            raise InvalidInput(f"{flag} applies to {owner.upper()} output, not {chosen.upper()}", {"field": given[0]})
    return chosen


def _emit(data: bytes, warnings: list[str], output: Path | None) -> int:
    """Print the warnings on stderr, then write ``data`` to ``output`` (atomically) or stdout."""
    for warning in warnings:
        print(f"warning: {_one_line(warning)}", file=sys.stderr)
    if output is None:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return EXIT_OK
    try:
        output.parent.mkdir(parents=True, exist_ok=True)  # as a batch does for its directory
        write_atomically(output, data)
    except OSError as exc:
        raise _unwritable(output, exc) from exc
    return EXIT_OK


def _unwritable(output: Path, error: OSError) -> RenderFailed:
    """The error for an output that cannot be written (exit status 1, ``error: RENDER_FAILED: …``)."""
    return RenderFailed(f"cannot write {output}: {error.strerror or error}", {"reason": "output_unwritable"})


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


#: The sources this run read, with their names (an error is printed with its line).
_sources: list[tuple[str, str]] = []


def _read_input(name: str) -> str:
    try:
        data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as exc:
        raise InvalidInput(f"cannot read {name}: {exc.strerror or exc}") from exc
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        source = "stdin" if name == "-" else name
        raise InvalidInput(f"{source} is not UTF-8 text: {exc.reason} at byte {exc.start}") from exc
    _sources.append((text, "<stdin>" if name == "-" else name))
    return text


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


#: Fields the command line takes its own way: the config from a JSON file, positions by their
#: short historical name too.
_OVERRIDES: Overrides = {
    "config": FlagOverride(("--config",), "FILE.json", _read_config, "Mermaid configuration as a JSON object file"),
    "include_positions": FlagOverride(("--include-positions", "--positions")),
}


def _first_leaf(group: BaseExceptionGroup) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first


_error, _one_line = terminal.error, terminal.one_line


if __name__ == "__main__":
    sys.exit(main())
