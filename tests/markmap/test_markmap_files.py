"""A mind map's files: what ``markmap_render_file`` may read and where it may save (no engine)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mermaid_printer.errors import InputTooLarge, InvalidInput, NotFound, PrinterError
from mermaid_printer.markmap.files import (
    MAX_FILE_BYTES,
    format_of_output,
    output_target,
    read_markdown_file,
    save_output,
)
from mermaid_printer.project.sources import SourceConfig


@pytest.fixture
def config(tmp_path: Path) -> SourceConfig:
    root = tmp_path / "project"
    (root / "docs").mkdir(parents=True)
    (root / "docs" / "plan.md").write_text("# Plan\n- a\n")
    (root / "notes.markdown").write_text("# Notes\n")
    (root / "script.py").write_text("print(1)\n")
    (tmp_path / "secret.md").write_text("# secret\n")
    return SourceConfig.for_project(root)


def refusal(config: SourceConfig, file_path: str) -> PrinterError:
    with pytest.raises(PrinterError) as caught:
        read_markdown_file(config, file_path)
    assert caught.value.details["field"] == "file_path"
    return caught.value


def test_reads_markdown_inside_the_project(config: SourceConfig) -> None:
    read = read_markdown_file(config, "docs/plan.md")
    absolute = read_markdown_file(config, str(config.project_root / "notes.markdown"))

    assert (read.path, read.text, read.size_bytes) == ("docs/plan.md", "# Plan\n- a\n", 11)
    assert absolute.path == "notes.markdown"


def test_refuses_what_is_outside_the_project(config: SourceConfig, tmp_path: Path) -> None:
    (config.project_root / "link.md").symlink_to(tmp_path / "secret.md")

    assert isinstance(refusal(config, "../secret.md"), InvalidInput)
    assert isinstance(refusal(config, str(tmp_path / "secret.md")), InvalidInput)
    assert refusal(config, "link.md").details["reason"] == "outside"
    assert refusal(config, "/proc/self/environ").details["reason"] in ("outside", "not_markdown")


def test_refuses_what_is_not_a_markdown_file(config: SourceConfig) -> None:
    os.mkfifo(config.project_root / "pipe.md")
    (config.project_root / "folder.md").mkdir()

    assert refusal(config, "script.py").details["reason"] == "not_markdown"
    assert isinstance(refusal(config, "pipe.md"), InvalidInput)
    assert isinstance(refusal(config, "folder.md"), InvalidInput)
    assert isinstance(refusal(config, "missing.md"), NotFound)


def test_refuses_a_file_over_the_limit(config: SourceConfig) -> None:
    (config.project_root / "huge.md").write_bytes(b"- x\n" * (MAX_FILE_BYTES // 4 + 1))

    error = refusal(config, "huge.md")

    assert isinstance(error, InputTooLarge)
    assert error.details["max_bytes"] == MAX_FILE_BYTES


def test_the_output_suffix_names_the_format() -> None:
    assert [format_of_output(name) for name in ("a.svg", "b.PNG", "c/d.pdf", "e.html")] == ["svg", "png", "pdf", "html"]
    for wrong in ("map", "map.jpg", "map.htm"):
        with pytest.raises(InvalidInput) as caught:
            format_of_output(wrong)
        assert caught.value.details["field"] == "output_path"


def test_saves_only_inside_the_output_directory(config: SourceConfig, tmp_path: Path) -> None:
    out_dir = config.diagram_out_dir
    out_dir.mkdir()
    (out_dir / "taken.svg").mkdir()
    (out_dir / "link.svg").symlink_to(tmp_path / "elsewhere.svg")
    (out_dir / "inside.svg").symlink_to(out_dir / "target.svg")
    (out_dir / "away").symlink_to(tmp_path)

    for wrong, reason in [
        ("../escape.svg", "outside"),
        (str(tmp_path / "abs.svg"), "outside"),
        (str(config.project_root / "beside-out-dir.svg"), "outside"),
        ("taken.svg", "directory"),
        ("link.svg", "outside"),
        ("inside.svg", "symlink"),
        ("away/x.svg", "outside"),
        (".", "outside"),
    ]:
        with pytest.raises(InvalidInput) as caught:
            output_target(config, wrong)
        assert (caught.value.details["field"], caught.value.details["reason"]) == ("output_path", reason), wrong
    assert not (tmp_path / "elsewhere.svg").exists()


def test_saving_makes_directories_and_replaces_atomically(config: SourceConfig) -> None:
    target = output_target(config, "maps/2026/plan.svg")
    saved = save_output(target, b"<svg/>", config)
    again = save_output(
        output_target(config, str(config.diagram_out_dir / "maps/2026/plan.svg")), b"<svg>2</svg>", config
    )

    assert saved == again == "diagrams/maps/2026/plan.svg"
    assert (config.diagram_out_dir / "maps" / "2026" / "plan.svg").read_bytes() == b"<svg>2</svg>"
    assert [p.name for p in (config.diagram_out_dir / "maps" / "2026").iterdir()] == ["plan.svg"]


def test_a_file_in_the_way_of_a_directory_is_refused(config: SourceConfig) -> None:
    config.diagram_out_dir.mkdir()
    (config.diagram_out_dir / "maps").write_text("a file")

    with pytest.raises(InvalidInput) as caught:
        save_output(output_target(config, "maps/plan.svg"), b"<svg/>", config)
    assert caught.value.details["reason"] == "not_a_directory"


def test_a_saved_map_gets_the_mode_the_umask_allows(config: SourceConfig) -> None:
    previous = os.umask(0o027)
    try:
        save_output(output_target(config, "plan.svg"), b"<svg/>", config)
    finally:
        os.umask(previous)

    assert oct((config.diagram_out_dir / "plan.svg").stat().st_mode & 0o777) == oct(0o640)
