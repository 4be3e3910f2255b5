"""mermaid-cli's flags and habits for ``mermaid-printer render``, so an ``mmdc`` command line
ports by changing the program name.

The printer keeps its own names (``--background``, ``--config``) and takes mermaid-cli's
spellings beside them (:data:`MMDC_ALIASES`: ``-t``, ``-b``/``--backgroundColor``,
``-c``/``--configFile``, ``-s``, ``-w``). Here are the flags with no printer counterpart
before: ``-i/--input``, ``-C/--cssFile`` (the file becomes Mermaid's ``themeCSS``, sanitized with
the rest of the SVG), ``-I/--svgId``, ``-H/--height`` (with ``-w``/``-s``, the output size of
every format, :func:`sized_svg`), ``-a/--artefacts`` (Markdown mode's image folder) and ``--watch``
(``-q`` is the command line's own).

What the size flags mean: for SVG the root's ``width``/``height`` attributes (the ``viewBox``
is kept, so the drawing scales and keeps its proportions); for PDF the page, the diagram
filling it; for PNG the image in pixels (``-w`` or ``-H``, the other side follows). ``-s``
multiplies the diagram's own size.
"""

from __future__ import annotations

import argparse
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mermaid_printer.errors import InvalidInput
from mermaid_printer.limits import MAX_PNG_SCALE, MIN_PNG_SCALE
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions

__all__ = [
    "MMDC_ALIASES",
    "SIZE_FIELDS",
    "MmdcOptions",
    "add_mmdc_flags",
    "checked_size",
    "merged_inputs",
    "mmdc_options",
    "natural_size",
    "png_width",
    "sized_pdf",
    "sized_svg",
    "target_size",
    "use_icon_packs",
    "with_css_file",
    "with_svg_id",
]

#: Request field -> mermaid-cli's spellings of its flag, accepted beside the printer's.
MMDC_ALIASES: dict[str, tuple[str, ...]] = {
    "theme": ("-t",),
    "background": ("-b", "--backgroundColor"),
    "config": ("-c", "--configFile"),
    "scale": ("-s",),
    "width": ("-w",),
}

#: PNG fields that size every format on the command line.
SIZE_FIELDS = frozenset({"scale", "width"})

#: The largest side a size flag may ask for (CSS px).
MAX_SIDE = 100_000

_SVG_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,99}$")
_ROOT = re.compile(r"<svg\b[^>]*>")
_MAX_CSS_BYTES = 1_000_000


@dataclass(frozen=True)
class MmdcOptions:
    """What the mermaid-cli flags ask of a render."""

    svg_id: str | None = None
    width: float | None = None
    height: float | None = None
    scale: float | None = None
    quiet: bool = False

    @property
    def sized(self) -> bool:
        """A size flag was given."""
        return self.width is not None or self.height is not None or self.scale is not None


def add_mmdc_flags(render: argparse.ArgumentParser) -> None:
    """Add mermaid-cli's flags that have no printer flag to ``render``."""
    group = render.add_argument_group("mermaid-cli's flags")
    group.add_argument(
        "-i", "--input", dest="input_files", action="append", metavar="INPUT", help="an input, as INPUT (repeatable)"
    )
    group.add_argument(
        "-C",
        "--css-file",
        "--cssFile",
        dest="css_file",
        metavar="FILE.css",
        help="CSS added to the diagram's style (Mermaid's themeCSS); sanitized like the rest of the SVG",
    )
    group.add_argument(
        "-I",
        "--svg-id",
        "--svgId",
        dest="svg_id",
        metavar="ID",
        help="the id of the SVG's root element (and the prefix of its inner ids); SVG output",
    )
    group.add_argument(
        "-H",
        "--height",
        dest="height",
        type=float,
        metavar="HEIGHT",
        help="output height: SVG its height attribute (viewBox kept), PDF the page (CSS px), PNG pixels; "
        "with --width (-w) and --scale (-s), which size every format the same way",
    )
    group.add_argument(
        "-a",
        "--artefacts",
        "--artifacts",
        dest="artefacts",
        metavar="DIR",
        help="Markdown mode (INPUT.md -o OUTPUT.md): the folder the images go into (default: beside OUTPUT)",
    )
    group.add_argument(
        "--icon-pack",
        dest="icon_packs",
        action="append",
        metavar="FILE.json",
        help="an Iconify JSON icon pack (repeatable), beside the built-in logos and mdi; read locally, "
        "never fetched (servers: $MERMAID_PRINTER_ICON_PACKS, a path list)",
    )
    group.add_argument(
        "--watch", action="store_true", help="render, then render again whenever an input changes (Ctrl-C stops)"
    )


def merged_inputs(args: argparse.Namespace) -> list[str]:
    """The INPUT arguments and the ``-i`` ones, in that order.

    Raises:
        InvalidInput: none given.
    """
    inputs = [*(args.input or []), *(getattr(args, "input_files", None) or [])]
    if not inputs:
        raise InvalidInput("give an input file (INPUT or -i FILE), or - for stdin", {"field": "input"})
    return inputs


def mmdc_options(args: argparse.Namespace) -> MmdcOptions:
    """The mermaid-cli flags given, checked.

    Raises:
        InvalidInput: an id that is not a plain identifier, or a size that is not positive.
    """
    svg_id = getattr(args, "svg_id", None)
    if svg_id is not None and not _SVG_ID.match(svg_id):
        raise InvalidInput(
            f"--svg-id {svg_id!r}: use a letter then letters, digits, - or _ (at most 100)", {"field": "svg_id"}
        )
    height = getattr(args, "height", None)
    if height is not None and not 0 < height <= MAX_SIDE:
        raise InvalidInput(
            f"Invalid input: --height: must be more than 0 and at most {MAX_SIDE:,}", {"field": "height"}
        )
    return MmdcOptions(
        svg_id=svg_id,
        width=getattr(args, "width", None),
        height=height,
        scale=getattr(args, "scale", None),
        quiet=bool(getattr(args, "quiet", False)),
    )


def use_icon_packs(files: list[str] | None) -> None:
    """Add the ``--icon-pack`` files to this process's packs (before the environment's), checked now.

    Raises:
        InvalidInput: a file that cannot be read or is not an Iconify pack.
    """
    if not files:
        return
    from mermaid_printer.mermaid.icons import ICON_PACKS_ENV, icon_packs

    given = [str(Path(name).expanduser().resolve()) for name in files]
    existing = os.environ.get(ICON_PACKS_ENV, "")
    os.environ[ICON_PACKS_ENV] = os.pathsep.join([*([existing] if existing else []), *given])
    icon_packs()


def with_css_file(flags: dict[str, Any], css_file: str | None) -> dict[str, Any]:
    """``flags`` with the CSS file's text as the config's ``themeCSS``.

    Raises:
        InvalidInput: the file cannot be read, is not UTF-8 or is too large.
    """
    if css_file is None:
        return flags
    try:
        data = Path(css_file).read_bytes()
    except OSError as exc:
        raise InvalidInput(f"cannot read --css-file {css_file}: {exc.strerror or exc}", {"field": "css_file"}) from exc
    if len(data) > _MAX_CSS_BYTES:
        raise InvalidInput(f"--css-file {css_file} is over {_MAX_CSS_BYTES:,} bytes", {"field": "css_file"})
    try:
        css = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInput(f"--css-file {css_file} is not UTF-8 text", {"field": "css_file"}) from exc
    config = dict(flags.get("config") or {})
    config["themeCSS"] = f"{config['themeCSS']}\n{css}" if isinstance(config.get("themeCSS"), str) else css
    return {**flags, "config": config}


def with_svg_id(svg: str, svg_id: str) -> str:
    """``svg`` with its root's id (and every id and reference derived from it) renamed ``svg_id``."""
    root = _ROOT.search(svg)
    found = re.search(r'\sid="([^"]+)"', root.group(0)) if root else None
    if found is None:
        return svg
    # The id is a content hash (``mermaid-`` and 12 hex digits): it occurs nowhere by chance.
    return svg.replace(found.group(1), svg_id)


def checked_size(options: MmdcOptions) -> MmdcOptions:
    """``options`` if their size flags make sense for SVG or PDF (the PNG request checks its own).

    Raises:
        InvalidInput: a side out of range, a scale out of range, or a scale with a side.
    """
    if options.width is not None and not 0 < options.width <= MAX_SIDE:
        raise InvalidInput(f"Invalid input: --width: must be more than 0 and at most {MAX_SIDE:,}", {"field": "width"})
    if options.scale is not None and not MIN_PNG_SCALE <= options.scale <= MAX_PNG_SCALE:
        raise InvalidInput(
            f"Invalid input: --scale: must be from {MIN_PNG_SCALE:g} to {MAX_PNG_SCALE:g}", {"field": "scale"}
        )
    if options.scale is not None and (options.width is not None or options.height is not None):
        raise InvalidInput("Invalid input: --scale: give scale or a width/height, not both", {"field": "scale"})
    return options


def natural_size(svg: str) -> tuple[float, float]:
    """The diagram's own size in CSS px: its root's viewBox."""
    root = _ROOT.search(svg)
    found = re.search(r'\sviewBox="([^"]+)"', root.group(0)) if root else None
    numbers = found.group(1).replace(",", " ").split() if found else []
    if len(numbers) != 4 or float(numbers[2]) <= 0 or float(numbers[3]) <= 0:
        raise InvalidInput("the SVG has no viewBox to size it by", {"field": "width"})
    return float(numbers[2]), float(numbers[3])


def target_size(natural: tuple[float, float], options: MmdcOptions) -> tuple[float, float]:
    """The output size the size flags ask for, from the diagram's ``natural`` size: ``scale``
    times it; ``width`` and/or ``height`` (a missing side follows the proportions)."""
    width, height = natural
    if options.width is not None and options.height is not None:
        return options.width, options.height
    if options.width is not None:
        return options.width, height * options.width / width
    if options.height is not None:
        return width * options.height / height, options.height
    factor = options.scale if options.scale is not None else 1.0
    return width * factor, height * factor


def sized_svg(svg: str, options: MmdcOptions) -> str:
    """``svg`` with its root's ``width`` and ``height`` set as the size flags ask (viewBox kept,
    Mermaid's ``max-width`` style dropped so the size holds)."""
    root = _ROOT.search(svg)
    if root is None or not options.sized:
        return svg
    width, height = target_size(natural_size(svg), checked_size(options))
    tag = re.sub(r'\s(?:width|height)="[^"]*"', "", root.group(0))
    tag = re.sub(r"max-width:\s*[^;\"]*;?\s*", "", tag).replace(' style=""', "")
    tag = f'{tag[:-1].rstrip("/")} width="{_number(width)}" height="{_number(height)}">'
    if root.group(0).endswith("/>"):
        tag = tag[:-1] + "/>"
    return svg[: root.start()] + tag + svg[root.end() :]


def sized_pdf(printer: Any, request: PdfOptions, options: MmdcOptions) -> tuple[bytes, list[str]]:
    """The PDF of ``request`` on a page of the size the size flags ask for, the diagram filling it
    (inside ``margin_mm``). Drawn from the printer's SVG of the diagram, converted here.

    Raises:
        InvalidInput: a paper size as well (both would set the page).
        PrinterError: as the printer raises it.
    """
    if request.paper is not None:
        raise InvalidInput("--paper and a size (-w, -H, -s) both set the PDF page: give one", {"field": "paper"})
    from mermaid_printer.export import prepare_export
    from mermaid_printer.export.pdf import svg_to_pdf

    drawing = request.svg_options().model_copy(update={"embed_fonts": False, "background": "transparent"})
    svg = printer.render_svg(drawing)
    prepare_export([svg.svg])
    page = target_size(natural_size(svg.svg), checked_size(options))
    document = svg_to_pdf(svg.svg, margin_mm=request.margin_mm, background=request.background, page=page)
    return document.data, [*svg.warnings, *document.warnings]


def png_width(printer: Any, request: PngOptions, options: MmdcOptions) -> int:
    """The PNG width in pixels that gives the image ``options.height`` pixels high.

    Raises:
        InvalidInput: ``--width`` as well (a PNG keeps the diagram's proportions).
    """
    if request.width is not None:
        raise InvalidInput("a PNG keeps the diagram's proportions: give -w or -H, not both", {"field": "height"})
    assert options.height is not None
    width, height = natural_size(printer.render_svg(request.svg_options()).svg)
    return max(1, round(options.height * width / height))


def _number(value: float) -> str:
    return f"{round(value, 3):g}"
