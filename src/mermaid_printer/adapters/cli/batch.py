"""``mermaid-printer render`` of many diagrams at once: every core busy, a progress line, no lost work.

Inputs are Mermaid files (one diagram each) and Markdown files (every fenced ``mermaid`` block is a
diagram). Each diagram becomes ``<name>.<format>`` in the output directory (default: beside its
input): a Mermaid file's stem, or a Markdown file's stem and the block's number (``guide-2.svg``). Renders run ``jobs`` at a time on the
printer's pool of single-use processes. A diagram that fails is reported on one line, naming the
file (and block) and the error, and the others go on; so is an input that cannot be read
(missing, unreadable, not UTF-8), before the rest are rendered. Files are written atomically. On a
terminal, one status line shows how far the batch is.
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO, TypeVar

from mermaid_printer.errors import InvalidInput, PrinterError, RenderFailed
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks

__all__ = [
    "MARKDOWN_SUFFIXES",
    "BatchInputs",
    "BatchItem",
    "BatchOutcome",
    "LogAboveProgress",
    "block_location",
    "collect_items",
    "is_markdown_document",
    "names_a_directory",
    "refuse_a_file_as_batch_output",
    "render_ahead",
    "render_batch",
    "status_stream",
]

_Result = TypeVar("_Result")

#: Suffixes read as Markdown (every fenced mermaid block is a diagram).
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})


@dataclass(frozen=True)
class BatchItem:
    """One diagram of the batch: where it came from, its source, where it goes."""

    source: str  # "docs/guide.md#2" or "flow.mmd"
    code: str
    output: Path
    #: A Markdown block's opening fence in its document (1-based); None for a Mermaid file.
    fence_line: int | None = None

    def located(self, error: PrinterError | None = None) -> str:
        """Where the diagram (or ``error`` in it) is: ``docs/guide.md#2 (line 12)``, the line
        counted in the user's Markdown file (see :func:`block_location`)."""
        if self.fence_line is None:
            return self.source
        return block_location(self.source, self.fence_line, error)


def block_location(source: str, fence_line: int, error: PrinterError | None = None) -> str:
    """``source`` (``guide.md#2``) with the line of the user's Markdown file to look at: the
    line of ``error`` where it names one (a syntax error's line within the block, counted from
    the fence), else the block's opening fence. ``render`` and ``markdown`` both say it so."""
    error_line = error.details.get("line") if error is not None else None
    line = fence_line + error_line if isinstance(error_line, int) and error_line > 0 else fence_line
    return f"{source} (line {line})"


@dataclass(frozen=True)
class BatchInputs:
    """What the inputs hold: their diagrams, and the inputs that could not be read, with why."""

    items: list[BatchItem]
    unreadable: list[tuple[str, PrinterError]]


@dataclass(frozen=True)
class BatchOutcome:
    """How a batch went: the diagrams written, those that failed with their error, and the
    inputs that could not be read."""

    written: list[BatchItem]
    failed: list[tuple[BatchItem, PrinterError]]
    unreadable: list[tuple[str, PrinterError]]

    def errors(self) -> list[PrinterError]:
        """Every failure: the unreadable inputs' and the diagrams'."""
        return [error for _name, error in self.unreadable] + [error for _item, error in self.failed]


def collect_items(
    inputs: Sequence[str], outdir: Path | None, output_format: str, read: Callable[[str], str]
) -> BatchInputs:
    """The diagrams of ``inputs``, each with its output path under ``outdir`` (``None``: beside
    its input), and the inputs ``read`` refused (its :class:`PrinterError`), which the batch
    reports without giving up the others.

    Raises:
        InvalidInput: two diagrams would write the same file.
    """
    items: list[BatchItem] = []
    unreadable: list[tuple[str, PrinterError]] = []
    for name in inputs:
        path = Path(name)
        try:
            text = read(name)
        except PrinterError as exc:
            unreadable.append((name, exc))
            continue
        directory = outdir if outdir is not None else path.parent
        if path.suffix.lower() in MARKDOWN_SUFFIXES:
            for number, block in enumerate(find_mermaid_blocks(text, colon_blocks=True), start=1):
                output = directory / f"{path.stem}-{number}.{output_format}"
                items.append(BatchItem(f"{name}#{number}", block.code, output, block.first_line))
        else:
            items.append(BatchItem(name, text, directory / f"{path.stem}.{output_format}"))
    seen: dict[Path, str] = {}
    for item in items:
        if item.output in seen:
            raise InvalidInput(
                f"{seen[item.output]} and {item.located()} would both write {item.output}; rename one or render them apart",
                {"field": "input"},
            )
        seen[item.output] = item.located()
    return BatchInputs(items=items, unreadable=unreadable)


def render_batch(
    inputs: BatchInputs,
    render: Callable[[str], tuple[bytes, list[str]]],
    *,
    jobs: int,
    status: TextIO | None = None,
) -> BatchOutcome:
    """Render every item with ``render(code) -> (bytes, warnings)``, ``jobs`` at a time.

    The unreadable inputs are reported first, one line each on stderr; then warnings and
    failures as they come, one line each; ``status`` (a terminal) also gets a progress line,
    redrawn in place, and a summary.
    """
    items = inputs.items
    for name, error in inputs.unreadable:
        print(f"error: {name}: {error.summary()}", file=sys.stderr)
    global _shown_progress
    progress = _Progress(len(items), status, unreadable=len(inputs.unreadable))
    _shown_progress = progress
    written: list[BatchItem] = []
    failed: list[tuple[BatchItem, PrinterError]] = []
    lock = threading.Lock()

    def one(item: BatchItem) -> None:
        error: PrinterError | None = None
        warnings: list[str] = []
        try:
            data, warnings = render(item.code)
            item.output.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(item.output, data)
        except PrinterError as exc:
            error = exc
        except OSError as exc:
            error = RenderFailed(f"cannot write {item.output}: {exc.strerror or exc}", {"reason": "output_unwritable"})
        with lock:
            if error is None:
                written.append(item)
            else:
                failed.append((item, error))
        if error is not None:
            progress.line(f"error: {item.located(error)}: {error.summary()}")
        for warning in warnings:
            progress.line(f"warning: {item.located()}: {' '.join(warning.split())}")
        progress.advance(item.source, ok=error is None)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        try:
            for future in [pool.submit(one, item) for item in items]:
                future.result()
        finally:
            _shown_progress = None
    progress.finish()
    return BatchOutcome(written=written, failed=failed, unreadable=inputs.unreadable)


def render_ahead(codes: Iterable[str], render: Callable[[str], _Result], *, jobs: int) -> Callable[[str], _Result]:
    """Draw every diagram of ``codes`` now, ``jobs`` at a time on the printer's pool, and give
    back a ``render`` that answers from those drawings: for a caller that draws one diagram after
    another (``render_markdown``) yet should keep every core busy, as a batch does. A diagram's
    :class:`PrinterError` is raised again when the caller asks for it; a source repeated in
    ``codes`` is drawn once; a source not among ``codes`` is drawn when asked for.
    """
    unique = list(dict.fromkeys(codes))
    outcomes: dict[str, _Result | PrinterError] = {}

    def one(code: str) -> None:
        try:
            outcomes[code] = render(code)
        except PrinterError as exc:
            outcomes[code] = exc

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for future in [pool.submit(one, code) for code in unique]:
            future.result()

    def answer(code: str) -> _Result:
        if code not in outcomes:
            return render(code)
        outcome = outcomes[code]
        if isinstance(outcome, PrinterError):
            raise outcome
        return outcome

    return answer


class _Progress:
    """A one-line status on a terminal (``[12/40] 1 failed — docs/a.md#2``), and message lines."""

    def __init__(self, total: int, status: TextIO | None, *, unreadable: int = 0) -> None:
        self._total = total
        self._unreadable = unreadable
        self._done = 0
        self._failed = 0
        self._status = status
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self._shown = False

    def line(self, text: str) -> None:
        with self._lock:
            self._clear()
            print(text, file=sys.stderr)
            self._draw("")

    def advance(self, source: str, *, ok: bool) -> None:
        with self._lock:
            self._done += 1
            self._failed += 0 if ok else 1
            self._draw(source)

    def finish(self) -> None:
        with self._lock:
            self._clear()
            if self._status is not None:
                seconds = time.monotonic() - self._started
                failed = f", {self._failed} failed" if self._failed else ""
                unread = (
                    f", {self._unreadable} input{'s' if self._unreadable > 1 else ''} not read"
                    if self._unreadable
                    else ""
                )
                print(f"{self._done} of {self._total} diagrams in {seconds:.1f} s{failed}{unread}", file=self._status)

    def _draw(self, source: str) -> None:
        if self._status is None:
            return
        failed = f" {self._failed} failed" if self._failed else ""
        text = f"[{self._done}/{self._total}]{failed} {source}"[:100]
        self._status.write("\r\x1b[K" + text)
        self._status.flush()
        self._shown = True

    def _clear(self) -> None:
        if self._status is not None and self._shown:
            self._status.write("\r\x1b[K")
            self._status.flush()
            self._shown = False


#: The progress line drawn now, if any (log lines are printed above it).
_shown_progress: _Progress | None = None


class LogAboveProgress(logging.Handler):
    """Log records on stderr, one line each, above a batch's progress line (cleared, then drawn
    again) rather than through it."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = self.format(record)
            progress = _shown_progress
            if progress is not None:
                progress.line(text)
            else:
                print(text, file=sys.stderr, flush=True)
        except Exception:
            self.handleError(record)


def names_a_directory(output: str | None) -> bool:
    """Whether ``-o`` names a directory: one that exists, or a name ending in ``/``."""
    return output not in (None, "-") and (output.endswith(("/", os.sep)) or Path(output).is_dir())


def is_markdown_document(inputs: Sequence[str], output: str | None) -> bool:
    """``render doc.md -o out.md``: Markdown in and Markdown out, as mermaid-cli's ``-i doc.md
    -o out.md`` does, which is what the ``markdown`` command does."""
    return (
        len(inputs) == 1
        and Path(inputs[0]).suffix.lower() in MARKDOWN_SUFFIXES
        and output not in (None, "-")
        and Path(output).suffix.lower() in MARKDOWN_SUFFIXES
        and not names_a_directory(output)
    )


def refuse_a_file_as_batch_output(inputs: Sequence[str], output: str | None) -> None:
    """A batch writes into a directory: one named like a file (``two.svg``) is a mistake, never
    made into a directory.

    Raises:
        InvalidInput: ``output`` is not a directory and its name has a suffix.
    """
    if output is None or names_a_directory(output) or not Path(output).suffix:
        return
    if len(inputs) == 1:
        why = f"{inputs[0]} is Markdown: each of its ```mermaid blocks becomes a file of its own"
        fix = "name a directory for them (out/), or a .md file for the document with its diagrams drawn"
    else:
        why, fix = f"{len(inputs)} inputs make one file per diagram", "name a directory for them (out/)"
    raise InvalidInput(f"-o {output} names a file, but {why}: {fix}", {"field": "output"})


def status_stream() -> TextIO | None:
    """stderr when it is a terminal (progress is for people), else nothing."""
    return sys.stderr if sys.stderr.isatty() else None
