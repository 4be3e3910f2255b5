"""The files the project tools write are the user's: they get the mode the umask allows (no engine)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
from adapter_fakes import FakePrinter

from mermaid_printer.project.service import (
    RenderMarkdownRequest,
    RenderMermaidRequest,
    render_markdown_file,
    render_mermaid,
)
from mermaid_printer.project.sources import FileSources, SourceConfig


@pytest.fixture(autouse=True)
def umask_027() -> Iterator[None]:
    previous = os.umask(0o027)
    try:
        yield
    finally:
        os.umask(previous)


def mode_of(path: Path) -> str:
    return oct(path.stat().st_mode & 0o777)


def test_render_mermaid_saves_a_file_with_the_mode_the_umask_allows(tmp_path: Path) -> None:
    sources = FileSources(SourceConfig.for_project(tmp_path))
    printer = cast(Any, FakePrinter())

    saved = render_mermaid(printer, sources, RenderMermaidRequest(code="pie\n", title="Pie", format="svg"))

    assert mode_of(saved.path) == oct(0o640)


def test_render_markdown_writes_the_document_and_images_with_the_mode_the_umask_allows(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text('# Doc\n\n```mermaid\npie\n  "a": 1\n```\n')
    sources = FileSources(SourceConfig.for_project(tmp_path))
    printer = cast(Any, FakePrinter())

    render_markdown_file(printer, sources, RenderMarkdownRequest(path="doc.md"))

    written = sorted(path.name for path in tmp_path.iterdir() if path.name != "doc.md")
    assert written == ["doc-rendered-1.svg", "doc.rendered.md"]
    assert {mode_of(tmp_path / name) for name in written} == {oct(0o640)}
