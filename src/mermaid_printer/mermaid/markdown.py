"""Markdown in, Markdown out, as mermaid-cli's ``-i doc.md -o out.md``: every fenced Mermaid
block (``markdown_blocks.find_mermaid_blocks``) is drawn by the ``render`` function given, the
image written into ``image_dir`` as ``<image_stem>-<n><suffix>`` (``n`` counts blocks from 1;
a later run replaces its own images), and the block replaced by an image link followed by its
source, kept in a collapsed ``<details>`` section::

    ![Order flow](diagrams/guide-1.svg)

    <details>
    <summary>Mermaid source</summary>

    ```mermaid
    …the block, byte for byte…
    ```

    </details>

Why ``<details>`` rather than an HTML comment: the source stays readable and copyable on the
rendered page (GitHub, GitLab and most Markdown viewers fold it), and nothing is lost: render the
*original* document again to refresh the images (the output's kept blocks would render again).

A block that fails stays exactly as it was, after a one-line HTML comment naming the error and
where it is (the block's first line in the document, the error's line inside the block and in
the document); the outcome of every block is returned. Only ``PrinterError`` from ``render`` is
a block's failure; anything else is a bug and propagates.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mermaid_printer.errors import InvalidInput, PrinterError, RenderFailed
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import MermaidBlock, find_mermaid_blocks
from mermaid_printer.project.output_names import slugify

__all__ = ["BlockOutcome", "MarkdownRendering", "render_markdown"]

_FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,}|:{3,})")
_ACC_TITLE = re.compile(r"^\s*accTitle\s*:\s*(?P<title>.+?)\s*$", re.MULTILINE)
_TITLE = re.compile(r"^\s*title\s*:\s*(?P<title>.+?)\s*$", re.MULTILINE)
_ACC_DESCR = re.compile(r"^\s*accDescr\s*(?::\s*(?P<line>.+?)\s*$|\{(?P<block>[^}]*)\})", re.MULTILINE)
_SUFFIX = re.compile(r"^\.[a-z0-9]{1,10}$")


@dataclass(frozen=True)
class BlockOutcome:
    """What became of one block.

    Attributes:
        index: the block's number in the document, from 1.
        first_line, last_line: its fences' lines in the input document (1-based).
        image: the image's file name in ``image_dir`` (``None`` when the block failed).
        link: the link written into the Markdown (``None`` when the block failed).
        error_code, error_message: why it failed (``None`` when it was drawn).
        error_summary: the same on one line for a person (``PrinterError.summary``: for a
            syntax error its line, column and what was expected).
        error_line: the failing line inside the block (1 = the line after the opening fence),
            when the error says.
        error_hint, error_fixed_code: how to fix it, and the block's source with the checked fix
            applied, when the diagnosis found them (``details.hint`` and ``details.fixed_code``).
        document_line: the same line counted in the input document.
    """

    index: int
    first_line: int
    last_line: int
    image: str | None = None
    link: str | None = None
    error_code: str | None = None
    error_message: str | None = None
    error_summary: str | None = None
    error_line: int | None = None
    document_line: int | None = None
    error_hint: str | None = None
    error_fixed_code: str | None = None

    @property
    def ok(self) -> bool:
        return self.error_code is None


@dataclass(frozen=True)
class MarkdownRendering:
    """The rewritten Markdown and the outcome of every block, in order."""

    markdown: str
    blocks: tuple[BlockOutcome, ...]

    @property
    def rendered(self) -> int:
        return sum(block.ok for block in self.blocks)

    @property
    def failed(self) -> int:
        return len(self.blocks) - self.rendered


def _alt_text(code: str, index: int) -> str:
    """The diagram's accessible title (``accTitle:``), else its own title (front matter or a
    ``title:``), else "Diagram n"."""
    found = _ACC_TITLE.search(code) or _TITLE.search(code)
    title = found.group("title").strip("\"'") if found else f"Diagram {index}"
    return re.sub(r"([\\\[\]])", r"\\\1", title)


def _description(code: str) -> str | None:
    """The diagram's accessible description (``accDescr: …`` or ``accDescr { … }``) on one line,
    as an image link's title (``"…"``), or ``None``."""
    found = _ACC_DESCR.search(code)
    if found is None:
        return None
    text = " ".join((found.group("line") or found.group("block") or "").split())
    return re.sub(r'(["\\])', r"\\\1", text) if text else None


def _destination(link_prefix: str, name: str) -> str:
    prefix = link_prefix.replace("\\", "/").rstrip("/")
    target = f"{prefix}/{name}" if prefix else name
    return f"<{target}>" if re.search(r"[\s()<>]", target) else target


def _comment(text: str) -> str:
    """``text`` made safe inside ``<!-- -->`` (no ``--``, one line)."""
    return re.sub(r"-{2,}", "-", " ".join(text.split()))


def _rendered_lines(
    block: MermaidBlock, lines: list[str], alt: str, destination: str, description: str | None = None
) -> list[str]:
    opening = _FENCE.match(lines[block.first_line - 1])
    indent = opening.group("indent") if opening else ""
    kept = lines[block.first_line - 1 : block.last_line]
    if not block.closed:
        kept = [*kept, f"{indent}{opening.group('fence') if opening else '```'}"]
    return [
        f'{indent}![{alt}]({destination} "{description}")' if description else f"{indent}![{alt}]({destination})",
        "",
        f"{indent}<details>",
        f"{indent}<summary>Mermaid source</summary>",
        "",
        *kept,
        "",
        f"{indent}</details>",
    ]


def _failure(block: MermaidBlock, index: int, error: PrinterError) -> BlockOutcome:
    line = error.details.get("line")
    error_line = line if isinstance(line, int) and not isinstance(line, bool) and line >= 1 else None
    return BlockOutcome(
        index,
        block.first_line,
        block.last_line,
        error_code=error.code,
        error_message=error.message,
        error_summary=error.summary(),
        error_line=error_line,
        document_line=None if error_line is None else block.first_line + error_line,
        error_hint=_text_or_none(error.details.get("hint")),
        error_fixed_code=_text_or_none(error.details.get("fixed_code")),
    )


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _note(outcome: BlockOutcome, indent: str) -> str:
    where = f"diagram {outcome.index} (line {outcome.first_line})"
    if outcome.error_line is not None:
        where += f", error at its line {outcome.error_line} (document line {outcome.document_line})"
    return f"{indent}<!-- mermaid-printer: {_comment(where)} not rendered: {_comment(outcome.error_summary or '')} -->"


def render_markdown(
    markdown: str,
    render: Callable[[str], bytes],
    image_dir: Path,
    link_prefix: str,
    *,
    image_stem: str = "diagram",
    image_suffix: str = ".svg",
    colon_blocks: bool = False,
) -> MarkdownRendering:
    """Draw every Mermaid block of ``markdown`` into ``image_dir`` and link the images.

    Args:
        render: draws one diagram's source, returning the image's bytes; raises
            ``PrinterError`` when it cannot (the block is then kept as it was).
        image_dir: where the images are written (made if missing), beside the output document.
        link_prefix: what goes before an image's name in its link: the path from the output
            document to ``image_dir`` (``""`` when they are in the same directory).
        image_stem: the images' name before ``-<n>`` (made safe with ``output_names.slugify``).
        image_suffix: the images' extension, matching what ``render`` returns.
        colon_blocks: also draw ``:::mermaid`` blocks (as mermaid-cli does).

    Raises:
        InvalidInput: a malformed ``image_suffix``.
        RenderFailed: an image could not be written.
    """
    if not _SUFFIX.match(image_suffix):
        raise InvalidInput(
            f"image_suffix {image_suffix!r} is not an extension such as '.svg'", {"field": "image_suffix"}
        )
    stem = slugify(image_stem)
    newline = "\r\n" if "\r\n" in markdown else "\n"
    lines = markdown.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    output: list[str] = []
    outcomes: list[BlockOutcome] = []
    position = 0  # the next input line (0-based) not yet copied
    for index, block in enumerate(find_mermaid_blocks(markdown, colon_blocks=colon_blocks), start=1):
        output.extend(lines[position : block.first_line - 1])
        position = block.last_line
        opening = _FENCE.match(lines[block.first_line - 1])
        indent = opening.group("indent") if opening else ""
        try:
            image = render(block.code)
        except PrinterError as error:
            outcome = _failure(block, index, error)
            outcomes.append(outcome)
            output.extend([_note(outcome, indent), *lines[block.first_line - 1 : block.last_line]])
            continue
        name = f"{stem}-{index}{image_suffix}"
        _write(image_dir, name, image)
        destination = _destination(link_prefix, name)
        outcomes.append(BlockOutcome(index, block.first_line, block.last_line, image=name, link=destination))
        alt, description = _alt_text(block.code, index), _description(block.code)
        output.extend(_rendered_lines(block, lines, alt, destination, description))
    output.extend(lines[position:])
    return MarkdownRendering(newline.join(output), tuple(outcomes))


def _write(image_dir: Path, name: str, data: bytes) -> None:
    try:
        image_dir.mkdir(parents=True, exist_ok=True)
        write_atomically(image_dir / name, data)
    except OSError as error:
        raise RenderFailed(
            f"the image {name} could not be written to {image_dir}: {error.strerror or error}",
            {"path": str(image_dir / name)},
        ) from None
