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
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from mermaid_printer.errors import InvalidInput, PrinterError
from mermaid_printer.files import write_atomically
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks

__all__ = [
    "MARKDOWN_SUFFIXES",
    "BatchInputs",
    "BatchItem",
    "BatchOutcome",
    "collect_items",
    "render_batch",
    "status_stream",
]

#: Suffixes read as Markdown (every fenced mermaid block is a diagram).
MARKDOWN_SUFFIXES = frozenset({".md", ".markdown"})


@dataclass(frozen=True)
class BatchItem:
    """One diagram of the batch: where it came from, its source, where it goes."""

    source: str  # "docs/guide.md#2" or "flow.mmd"
    code: str
    output: Path


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
                items.append(BatchItem(f"{name}#{number} (line {block.first_line})", block.code, output))
        else:
            items.append(BatchItem(name, text, directory / f"{path.stem}.{output_format}"))
    seen: dict[Path, str] = {}
    for item in items:
        if item.output in seen:
            raise InvalidInput(
                f"{seen[item.output]} and {item.source} would both write {item.output}; rename one or render them apart",
                {"field": "input"},
            )
        seen[item.output] = item.source
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
    progress = _Progress(len(items), status, unreadable=len(inputs.unreadable))
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
            error = PrinterError(f"cannot write {item.output}: {exc.strerror or exc}")
        with lock:
            if error is None:
                written.append(item)
            else:
                failed.append((item, error))
        if error is not None:
            progress.line(f"error: {item.source}: {error.summary()}")
        for warning in warnings:
            progress.line(f"warning: {item.source}: {' '.join(warning.split())}")
        progress.advance(item.source, ok=error is None)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for future in [pool.submit(one, item) for item in items]:
            future.result()
    progress.finish()
    return BatchOutcome(written=written, failed=failed, unreadable=inputs.unreadable)


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


def status_stream() -> TextIO | None:
    """stderr when it is a terminal (progress is for people), else nothing."""
    return sys.stderr if sys.stderr.isatty() else None
