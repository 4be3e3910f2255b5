"""The local source serves the project's files and nothing else: no way out through ``..``,
absolute paths or links, no devices or kernel files, no binary files, bounded reads and
listings."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mermaid_printer.errors import InvalidInput, NotFound
from mermaid_printer.project.sources import FileSources, SourceConfig
from mermaid_printer.project.sources.local import LocalSource


def make_tree(root: Path, files: dict[str, bytes]) -> None:
    for relative, data in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


@pytest.fixture
def local(project: Path) -> LocalSource:
    make_tree(
        project,
        {
            "README.md": b"# Project\n",
            "src/app.py": b"print('app')\n",
            "src/pkg/mod.py": b"VALUE = 1\n",
            "docs/guide.md": "# Guide ✓\n".encode(),
            ".git/config": b"[core]\n",
        },
    )
    return LocalSource(SourceConfig.for_project(project))


def test_a_file_is_read_with_its_size_and_no_revision(local: LocalSource) -> None:
    content = local.read_file("docs/guide.md")

    assert (content.path, content.text, content.size_bytes, content.truncated, content.revision) == (
        "docs/guide.md",
        "# Guide ✓\n",
        len("# Guide ✓\n".encode()),
        False,
        None,
    )


def test_paths_are_normalized_in_results(local: LocalSource) -> None:
    assert local.read_file("./src//pkg/./mod.py").path == "src/pkg/mod.py"
    assert local.read_file("src\\app.py").path == "src/app.py"
    assert local.list_files("./src/", "*.py", recursive=False).root == "src"


@pytest.mark.parametrize("path", ["../outside.txt", "src/../../outside.txt", "src/../README.md", "..", "..\\x"])
def test_a_path_that_climbs_with_dot_dot_is_refused(local: LocalSource, project: Path, path: str) -> None:
    (project.parent / "outside.txt").write_text("secret")

    with pytest.raises(InvalidInput, match="climbs out"):
        local.read_file(path)


@pytest.mark.parametrize("path", ["/etc/passwd", "/proc/self/environ", "C:\\Windows\\win.ini", "\\\\server\\share"])
def test_an_absolute_path_is_refused(local: LocalSource, path: str) -> None:
    with pytest.raises(InvalidInput, match="absolute") as caught:
        local.read_file(path)

    assert caught.value.code == "INVALID_INPUT"


def test_a_symlink_leading_out_of_the_project_is_refused_for_reading_and_listing(
    local: LocalSource, project: Path
) -> None:
    secret = project.parent / "secret.txt"
    secret.write_text("secret")
    (project / "docs" / "escape.txt").symlink_to(secret)
    (project / "escape-dir").symlink_to(project.parent)

    with pytest.raises(InvalidInput, match="leads outside the project"):
        local.read_file("docs/escape.txt")
    with pytest.raises(InvalidInput, match="leads outside the project"):
        local.read_file("escape-dir/secret.txt")
    listing = local.list_files()
    assert "docs/escape.txt" not in listing.files
    assert not any(path.startswith("escape-dir") for path in listing.files)
    assert any("symbolic link" in warning for warning in listing.warnings)


def test_a_symlink_inside_the_project_is_read_and_listed(local: LocalSource, project: Path) -> None:
    (project / "docs" / "readme-link.md").symlink_to(project / "README.md")

    assert local.read_file("docs/readme-link.md").text == "# Project\n"
    assert "docs/readme-link.md" in local.list_files("docs").files


def test_proc_self_environ_is_refused_through_a_symlink_and_as_an_absolute_path(
    local: LocalSource, project: Path
) -> None:
    (project / "env").symlink_to("/proc/self/environ")
    (project / "proc").symlink_to("/proc")

    for path in ("env", "proc/self/environ"):
        with pytest.raises(InvalidInput, match="outside the project"):
            local.read_file(path)
    with pytest.raises(InvalidInput, match="absolute"):
        local.read_file("/proc/self/environ")


def test_kernel_files_are_refused_even_when_the_project_root_contains_them(tmp_path: Path) -> None:
    source = LocalSource(SourceConfig.for_project("/", diagram_out_dir=str(tmp_path)))

    with pytest.raises(InvalidInput, match="device or kernel file"):
        source.read_file("proc/self/environ")
    with pytest.raises(InvalidInput, match="device or kernel file"):
        source.read_file("dev/null")


def test_a_fifo_is_refused_without_blocking(local: LocalSource, project: Path) -> None:
    os.mkfifo(project / "pipe")

    with pytest.raises(InvalidInput, match="FIFO, socket or device"):
        local.read_file("pipe")
    assert "pipe" not in local.list_files().files


def test_a_directory_is_not_read_as_a_file(local: LocalSource) -> None:
    with pytest.raises(InvalidInput, match="is a directory"):
        local.read_file("src")
    with pytest.raises(InvalidInput, match="project directory"):
        local.read_file(".")


def test_a_missing_file_is_not_found(local: LocalSource) -> None:
    with pytest.raises(NotFound) as caught:
        local.read_file("src/missing.py")

    assert caught.value.code == "NOT_FOUND"
    with pytest.raises(NotFound):
        local.read_file("README.md/inside")
    with pytest.raises(NotFound):
        local.list_files("nowhere")


@pytest.mark.parametrize(
    "data",
    [b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", b"text then a NUL \0 byte", b"\xff\xfeU\0T\0F\0", "café".encode("latin-1")],
    ids=["png", "nul", "utf16", "latin1"],
)
def test_a_binary_file_is_refused(local: LocalSource, project: Path, data: bytes) -> None:
    (project / "blob.bin").write_bytes(data)

    with pytest.raises(InvalidInput, match="binary file") as caught:
        local.read_file("blob.bin")

    assert caught.value.details["reason"] == "binary"


def test_a_short_read_still_probes_the_first_8_kib_for_binary_content(local: LocalSource, project: Path) -> None:
    (project / "late-nul.txt").write_bytes(b"x" * 5000 + b"\0" + b"y" * 10)

    with pytest.raises(InvalidInput, match="binary file"):
        local.read_file("late-nul.txt", max_chars=5)


def test_invalid_utf8_after_the_first_8_kib_is_replaced_with_a_warning(local: LocalSource, project: Path) -> None:
    (project / "late.txt").write_bytes(b"a" * 9000 + b"\xff" + b"z")

    content = local.read_file("late.txt")

    assert content.text == "a" * 9000 + "\ufffd" + "z"
    assert any("U+FFFD" in warning for warning in content.warnings)


def test_a_byte_order_mark_is_dropped(local: LocalSource, project: Path) -> None:
    (project / "bom.md").write_bytes(b"\xef\xbb\xbf# Title\n")

    assert local.read_file("bom.md").text == "# Title\n"


def test_a_read_is_cut_at_max_chars_and_says_so(local: LocalSource, project: Path) -> None:
    (project / "long.md").write_text("é" * 50 + "\n", encoding="utf-8")

    cut = local.read_file("long.md", max_chars=10)
    whole = local.read_file("long.md", max_chars=51)

    assert (cut.text, cut.truncated, cut.size_bytes) == ("é" * 10, True, 101)
    assert (whole.text, whole.truncated) == ("é" * 50 + "\n", False)


def test_max_chars_defaults_to_and_is_capped_at_the_configured_limit(project: Path) -> None:
    (project / "long.md").write_text("x" * 100)
    source = LocalSource(SourceConfig.for_project(project, max_file_chars=40))

    default = source.read_file("long.md")
    asked_more = source.read_file("long.md", max_chars=1000)

    assert (len(default.text), default.truncated, default.warnings) == (40, True, ())
    assert (len(asked_more.text), asked_more.truncated) == (40, True)
    assert "above this server's limit" in asked_more.warnings[0]
    with pytest.raises(InvalidInput, match="max_chars"):
        source.read_file("long.md", max_chars=0)


def test_a_listing_is_sorted_relative_to_the_project_and_skips_the_git_directory(local: LocalSource) -> None:
    listing = local.list_files()

    assert listing.files == ("README.md", "docs/guide.md", "src/app.py", "src/pkg/mod.py")
    assert (listing.root, listing.complete, listing.warnings, listing.directories) == (".", True, (), ())


def test_a_listing_from_a_root_keeps_paths_relative_to_the_project(local: LocalSource) -> None:
    assert local.list_files("src", "**/*.py").files == ("src/app.py", "src/pkg/mod.py")
    assert local.list_files("src", "pkg/*.py").files == ("src/pkg/mod.py",)


def test_a_non_recursive_listing_gives_the_files_and_the_directories_to_walk_into(local: LocalSource) -> None:
    top = local.list_files(recursive=False)
    src = local.list_files("src", recursive=False)

    assert (top.files, top.directories) == (("README.md",), ("docs", "src"))
    assert (src.files, src.directories) == (("src/app.py",), ("src/pkg",))


def test_listing_a_file_as_a_root_is_refused(local: LocalSource) -> None:
    with pytest.raises(InvalidInput, match="is a file"):
        local.list_files("README.md")


def test_a_huge_tree_is_cut_at_the_listing_limit_and_says_so(project: Path) -> None:
    make_tree(project, {f"d{n % 7}/f{n:04d}.txt": b"" for n in range(250)})
    source = LocalSource(SourceConfig.for_project(project, max_list_files=100))

    listing = source.list_files()

    assert len(listing.files) == 100 and not listing.complete
    assert listing.files == tuple(sorted(listing.files))
    assert listing.files[0] == "d0/f0000.txt"
    assert "250 files matched" in listing.warnings[0]


def test_a_scan_stops_at_its_entry_bound_and_says_so(project: Path) -> None:
    make_tree(project, {f"f{n:03d}.txt": b"" for n in range(30)})
    source = LocalSource(SourceConfig.for_project(project), max_scan_entries=10)

    listing = source.list_files()

    assert len(listing.files) == 10 and not listing.complete
    assert "scan stopped after 10 entries" in listing.warnings[0]


def test_the_factory_opens_the_local_source_and_refuses_a_ref(project: Path) -> None:
    (project / "a.md").write_text("a")
    with FileSources(SourceConfig.for_project(project)) as sources:
        assert sources.open("local").read_file("a.md").text == "a"
        with pytest.raises(InvalidInput, match="takes no ref") as caught:
            sources.open("local", ref="main")
        assert caught.value.details == {"field": "ref"}
        with pytest.raises(InvalidInput, match="unknown source 'svn'"):
            sources.open("svn")
