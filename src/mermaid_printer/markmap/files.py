"""A mind map's files in a project: the Markdown it reads and the file it saves.

Reading (``markmap_render_file``): only under the project root (``PROJECT_ROOT``), through the
``local`` file source, so its rules hold (no ``..``, no symbolic link out, no device or kernel
file, one directory at a time without following links); only ``.md``/``.markdown`` files, at
most :data:`MAX_FILE_BYTES`. An absolute path is accepted when it lies inside the root.

Saving: only under the output directory (``DIAGRAM_OUT_DIR``, inside the root). A relative
``output_path`` is taken inside it (its missing directories are made); an absolute one must lie
inside it. The format comes from the suffix (``.svg``, ``.png``, ``.pdf``, ``.html``). The file is
written atomically (a reader sees the old file or the whole new one), never through a symbolic
link and never onto a directory.

Every refusal is a typed error whose ``details.field`` is ``file_path`` or ``output_path``.
"""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from mermaid_printer.errors import InputTooLarge, InvalidInput, NotFound, PrinterError, RenderFailed
from mermaid_printer.files import write_atomically
from mermaid_printer.limits import MARKMAP_MAX_FILE_BYTES
from mermaid_printer.project.sources import SourceConfig
from mermaid_printer.project.sources.local import LocalSource

__all__ = [
    "MARKDOWN_SUFFIXES",
    "MAX_FILE_BYTES",
    "OUTPUT_SUFFIXES",
    "MarkdownFile",
    "format_of_output",
    "output_target",
    "read_markdown_file",
    "save_output",
]

MARKDOWN_SUFFIXES = (".md", ".markdown")
#: The largest Markdown file read, in bytes (its text must also be within the Markdown limit).
MAX_FILE_BYTES = MARKMAP_MAX_FILE_BYTES
#: The formats a saved mind map can have, by suffix.
OUTPUT_SUFFIXES = {".svg": "svg", ".png": "png", ".pdf": "pdf", ".html": "html"}


@dataclass(frozen=True)
class MarkdownFile:
    """A Markdown file read from the project."""

    path: str  # relative to the project root, forward slashes
    text: str
    size_bytes: int


def read_markdown_file(config: SourceConfig, file_path: str) -> MarkdownFile:
    """The text of the project's Markdown file ``file_path`` (see the module's rules).

    Raises:
        InvalidInput: outside the project, not Markdown, not a regular file, binary.
        InputTooLarge: over :data:`MAX_FILE_BYTES`.
        NotFound: no such file.
    """
    relative = _relative_to_root(config.project_root, file_path)
    if PurePosixPath(relative.replace("\\", "/")).suffix.lower() not in MARKDOWN_SUFFIXES:
        raise InvalidInput(
            f"{file_path} is not a Markdown file: give a .md or .markdown file",
            {"field": "file_path", "reason": "not_markdown"},
        )
    source = LocalSource(dataclasses.replace(config, max_file_chars=MAX_FILE_BYTES))
    try:
        content = source.read_file(relative, MAX_FILE_BYTES)
    except PrinterError as exc:
        raise _for_field(exc, "file_path") from exc
    if content.size_bytes > MAX_FILE_BYTES or content.truncated:
        raise InputTooLarge(
            f"{content.path} is {content.size_bytes:,} bytes; the limit is {MAX_FILE_BYTES:,}",
            {"field": "file_path", "limit": "file_bytes", "max_bytes": MAX_FILE_BYTES, "bytes": content.size_bytes},
        )
    return MarkdownFile(content.path, content.text, content.size_bytes)


def format_of_output(output_path: str) -> str:
    """The format a saved file's suffix names.

    Raises:
        InvalidInput: no suffix, or one of no format.
    """
    suffix = PurePosixPath(output_path.replace("\\", "/")).suffix.lower()
    if suffix not in OUTPUT_SUFFIXES:
        raise InvalidInput(
            f"output_path must end with one of {', '.join(OUTPUT_SUFFIXES)}; it names the format",
            {"field": "output_path", "reason": "suffix"},
        )
    return OUTPUT_SUFFIXES[suffix]


def output_target(config: SourceConfig, output_path: str) -> Path:
    """Where ``output_path`` is saved: an absolute path inside the output directory.

    Raises:
        InvalidInput: it leaves the output directory (``..``, an absolute path elsewhere, a
            symbolic link), names a directory or a symbolic link, or climbs through one.
    """
    out_dir = config.diagram_out_dir
    given = Path(output_path)
    candidate = given if given.is_absolute() else out_dir / given
    if ".." in candidate.parts:
        raise _outside(output_path)
    real = Path(os.path.realpath(candidate))
    if not real.is_relative_to(out_dir) or real == out_dir:
        raise _outside(output_path)
    if os.path.islink(candidate):
        raise InvalidInput(
            f"{output_path} is a symbolic link; the printer never writes through one",
            {"field": "output_path", "reason": "symlink"},
        )
    if real.is_dir():
        raise InvalidInput(
            f"{output_path} is a directory; name a file", {"field": "output_path", "reason": "directory"}
        )
    return real


def save_output(target: Path, data: bytes, config: SourceConfig) -> str:
    """Write ``data`` to ``target`` (from :func:`output_target`) atomically; its path relative
    to the project root.

    Raises:
        InvalidInput: a directory on the way is a file or leads out through a link.
        RenderFailed: the directory cannot be written (``details.reason`` ``output_unwritable``).
    """
    out_dir = config.diagram_out_dir
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if not Path(os.path.realpath(target.parent)).is_relative_to(out_dir):
            raise _outside(str(target))
        write_atomically(target, data)
    except (NotADirectoryError, FileExistsError) as exc:
        raise InvalidInput(
            f"a part of {target.relative_to(out_dir)} is a file, not a directory",
            {"field": "output_path", "reason": "not_a_directory"},
        ) from exc
    except OSError as exc:
        raise RenderFailed(
            f"cannot write {target.relative_to(out_dir)}: {exc.strerror or exc}",
            {"field": "output_path", "reason": "output_unwritable"},
        ) from exc
    return target.relative_to(config.project_root).as_posix()


def _relative_to_root(root: Path, file_path: str) -> str:
    if not os.path.isabs(file_path):
        return file_path
    absolute = Path(os.path.normpath(file_path))
    if not absolute.is_relative_to(root):
        raise InvalidInput(
            f"{file_path} is outside the project root; files are read only from the project",
            {"field": "file_path", "reason": "outside"},
        )
    return absolute.relative_to(root).as_posix()


def _outside(output_path: str) -> InvalidInput:
    return InvalidInput(
        f"{output_path} is outside the output directory (DIAGRAM_OUT_DIR); files are saved only there",
        {"field": "output_path", "reason": "outside"},
    )


def _for_field(error: PrinterError, field: str) -> PrinterError:
    """The same error, its ``details.field`` naming the tool's parameter."""
    details = {**error.details, "field": field}
    if isinstance(error, NotFound):
        return NotFound(error.message, details)
    if isinstance(error, InputTooLarge):
        return InputTooLarge(error.message, details)
    if isinstance(error, InvalidInput):
        return InvalidInput(error.message, details)
    return error
