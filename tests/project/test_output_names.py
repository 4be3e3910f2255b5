"""Diagram titles become safe, readable file names that never overwrite another file."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from mermaid_printer.errors import InvalidInput
from mermaid_printer.project.output_names import MAX_STEM_BYTES, output_name, slugify


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        ("Order Flow", "order-flow"),
        ("../x", "x"),
        ("../../etc/passwd", "etc-passwd"),
        ("a/b\\c:d", "a-b-c-d"),
        (".hidden", "hidden"),
        ("..", "diagram"),
        (".", "diagram"),
        ("con", "con-diagram"),
        ("CON", "con-diagram"),
        ("Com1", "com1-diagram"),
        ("lpt¹", "lpt1-diagram"),  # NFKC folds the superscript
        ("console", "console"),
        ("🚀 Launch plan 🚀", "launch-plan"),
        ("🚀🎉", "diagram"),
        ("", "diagram"),
        ("系统 架构", "系统-架构"),
        ("Système de paie", "système-de-paie"),
        (unicodedata.normalize("NFD", "Café"), "café"),
        ("Ｆｕｌｌ Ｗｉｄｔｈ", "full-width"),
        ("नमस्ते दुनिया", "नमस्ते-दुनिया"),
        ("  --spaces & punctuation!!  ", "spaces-punctuation"),
        ("snake_case.v2", "snake-case-v2"),
    ],
)
def test_a_title_becomes_a_slug(title: str, expected: str) -> None:
    assert slugify(title) == expected


def test_a_slug_never_holds_a_separator_or_starts_with_a_dot() -> None:
    for title in ("/", "\\", "../..", "./.x", "a/../b", "C:\\x", "\u2215division slash", "／fullwidth"):
        slug = slugify(title)
        assert "/" not in slug and "\\" not in slug and not slug.startswith("."), (title, slug)


def test_a_long_title_is_cut_in_bytes_at_a_character_boundary() -> None:
    ascii_slug = slugify("x" * 300)
    accented = slugify("é" * 300)
    cjk = slugify("图" * 300)

    assert ascii_slug == "x" * MAX_STEM_BYTES
    assert accented == "é" * (MAX_STEM_BYTES // 2)
    assert cjk == "图" * (MAX_STEM_BYTES // 3)
    assert all(len(slug.encode()) <= MAX_STEM_BYTES for slug in (ascii_slug, accented, cjk))


def test_a_long_title_gives_a_name_a_file_system_accepts(tmp_path: Path) -> None:
    name = output_name("Ω" * 300, ".svg", tmp_path)

    (tmp_path / name).write_bytes(b"<svg/>")
    assert len(name.encode()) <= 255


def test_a_free_name_is_the_slug_and_the_suffix(tmp_path: Path) -> None:
    assert output_name("Order Flow", ".svg", tmp_path) == "order-flow.svg"
    assert output_name("Order Flow", "png", tmp_path) == "order-flow.png"
    assert output_name("Order Flow", ".svg", tmp_path / "not-yet-made") == "order-flow.svg"


def test_an_existing_file_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "order-flow.svg").write_bytes(b"<svg>old</svg>")
    (tmp_path / "order-flow-2.svg").mkdir()

    assert output_name("Order Flow", ".svg", tmp_path) == "order-flow-3.svg"
    assert output_name("Order Flow", ".svg", tmp_path, content=b"<svg>new</svg>") == "order-flow-3.svg"


def test_an_existing_file_with_the_same_bytes_keeps_its_name(tmp_path: Path) -> None:
    (tmp_path / "order-flow.svg").write_bytes(b"<svg>same</svg>")

    assert output_name("Order Flow", ".svg", tmp_path, content=b"<svg>same</svg>") == "order-flow.svg"


def test_a_symlink_in_the_way_is_never_written_through(tmp_path: Path) -> None:
    (tmp_path / "target.svg").write_bytes(b"<svg>same</svg>")
    (tmp_path / "order-flow.svg").symlink_to(tmp_path / "target.svg")

    assert output_name("Order Flow", ".svg", tmp_path, content=b"<svg>same</svg>") == "order-flow-2.svg"


@pytest.mark.parametrize("suffix", ["", ".", "../svg", ".SVG", ".s/vg", ".svg.exe.toolong"])
def test_a_malformed_suffix_is_refused(tmp_path: Path, suffix: str) -> None:
    with pytest.raises(InvalidInput, match="suffix"):
        output_name("x", suffix, tmp_path)
