"""The converter's instance files: every vendored family as static instances in the cache
directory, and the last-resort (CJK, emoji) slices made on first use."""

from __future__ import annotations

import hashlib
import io
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from mounts import full_directory, read_only_directory

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.fonts import CACHE_DIR_ENV, FontFile, converter_fonts, last_resort_families, vendored_fonts
from mermaid_printer.fonts import instances as font_instances
from mermaid_printer.fonts.faces import Family
from mermaid_printer.fonts.fontconfig import Fontconfig
from mermaid_printer.fonts.instances import LastResortInstances, spill_directory
from mermaid_printer.resources import vendor_manifest


def _families() -> list[Family]:
    """Each vendored family once (``families`` also holds the aliases)."""
    return list({id(family): family for family in converter_fonts().families.values()}.values())


def first_file(codepoint: int) -> tuple[int, FontFile]:
    """The vendored file the layout measured ``codepoint`` with among the last-resort faces:
    the first in manifest order whose unicode_range and cmap have it (as the SVG embeds it)."""
    face = converter_fonts().last_resort.face_for(codepoint)
    assert face is not None
    return next(
        (index, font_file)
        for index, font_file in enumerate(vendored_fonts())
        if font_file.family == face.family.name and font_file.in_range(codepoint) and codepoint in font_file.codepoints
    )


def test_last_resort_faces_are_not_instanced_with_the_css_families() -> None:
    # ~200 CJK/emoji slices: instancing them all took ~18 s more at first start; they are made
    # one slice at a time, when drawn (below, and tests/export/test_last_resort_faces.py).
    assert last_resort_families() == {"Noto Sans SC", "Noto Sans KR", "Noto Emoji"}
    assert not {family.name for family in _families()} & last_resort_families()
    assert [face.family.name for face in converter_fonts().last_resort.faces] == [
        "Noto Sans SC",
        "Noto Sans KR",
        "Noto Emoji",
    ]


def test_every_manifest_face_is_registered_with_one_instance_per_file_and_weight() -> None:
    fonts = converter_fonts()
    manifest_faces = {
        (entry["font_family"], entry.get("font_style", "normal"), entry.get("font_weight", "400"))
        for entry in vendor_manifest()["files"]
        if "font_family" in entry and entry["font_family"] not in last_resort_families()
    }

    registered = {
        (
            family.name,
            "italic" if face.italic else "normal",
            " ".join(dict.fromkeys((str(face.min_weight), str(face.max_weight)))),
        )
        for family in _families()
        for face in family.faces
    }
    assert registered == manifest_faces
    instances = [i for family in _families() for face in family.faces for i in face.instances]
    assert len({i.fc_name for i in instances}) == len(instances)
    assert all(i.path.is_file() and i.path.parent == fonts.directory for i in instances)


def test_a_static_face_has_one_instance_per_file_at_its_own_weight_and_style() -> None:
    fonts = converter_fonts()
    open_sans = fonts.families["open sans"]
    assert sorted((face.italic, face.weights) for face in open_sans.faces) == [(False, (400,)), (True, (400,))]
    arimo_italic_bold = fonts.families["arimo"].match(700, True).face
    assert arimo_italic_bold.italic and arimo_italic_bold.weights == (700,)
    for instance in arimo_italic_bold.instances:
        font = TTFont(instance.path)
        assert instance.italic and font["OS/2"].usWeightClass == 700
        assert font["name"].getDebugName(6) == "Arimo-700Italic"


def test_a_variable_face_is_instanced_at_each_weight_keeping_glyph_ids() -> None:
    recursive = converter_fonts().families["recursive variable"]
    vendored = vendored_fonts()[0]
    original = TTFont(io.BytesIO(vendored.sfnt))
    (variable,) = recursive.faces
    assert (variable.min_weight, variable.max_weight) == (300, 1000)
    assert variable.weights == (300, 400, 500, 600, 700, 800, 900)
    for face in variable.instances[:2]:
        instance = TTFont(face.path)
        assert "fvar" not in instance and "gvar" not in instance
        assert instance["OS/2"].usWeightClass == face.weight
        assert instance.getGlyphOrder() == original.getGlyphOrder()
        assert instance["name"].getDebugName(6) == f"RecursiveVariable-{face.weight}"


def _fonts_directory_in_subprocess(env: dict[str, str]) -> str:
    script = "from mermaid_printer.fonts import converter_fonts; print(converter_fonts().directory)"
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


def test_instances_are_made_once_per_version_in_the_cache_directory(tmp_path: Path) -> None:
    first = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(tmp_path)}))
    made = {path.name: path.stat().st_mtime_ns for path in first.iterdir()}
    second = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(tmp_path)}))

    assert first == second and first.parent == tmp_path and first.name.startswith("fonts-")
    instances = {i.path.name for family in _families() for face in family.faces for i in face.instances}
    assert set(made) == {"index.json", *instances}
    assert {path.name: path.stat().st_mtime_ns for path in second.iterdir()} == made  # reused, not rewritten
    # no staging directory left; fonts-sfnt: the decoded vendored files (catalog)
    assert sorted(path.name for path in tmp_path.iterdir()) == [first.name, "fonts-sfnt"]


def test_an_unwritable_cache_falls_back_to_a_temporary_directory_removed_at_exit(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")

    used = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(blocker / "cache")}))

    assert used.name.startswith("mermaid-printer-fonts-")
    assert not used.exists()


# --- last-resort slices, made on first use -----------------------------------------------------


def _make_instance(directory: Path, index: int, barrier: Any = None) -> str:
    """The sha256 of the instance of the ``index``-th vendored file, made or found in ``directory``."""
    fontconfig = Fontconfig.load()
    store = LastResortInstances(fontconfig, fontconfig.new_config(), directory)
    if barrier is not None:
        barrier.wait()
    face = store.instance(index, vendored_fonts()[index])
    return hashlib.sha256(face.path.read_bytes()).hexdigest()


def _race(directory: Path, index: int, barrier: Any, results: Any) -> None:
    results.put(_make_instance(directory, index, barrier))


def test_an_instance_is_made_on_first_use_once_and_then_found_in_the_cache(tmp_path: Path) -> None:
    index, _font_file = first_file(ord("中"))

    made = _make_instance(tmp_path, index)
    (path,) = tmp_path.iterdir()
    written = path.stat().st_mtime_ns
    found = _make_instance(tmp_path, index)

    assert path.name == f"{index}-400.ttf" and found == made
    assert path.stat().st_mtime_ns == written  # found, not made again
    assert TTFont(path)["name"].getDebugName(6) == "NotoSansSC-400"


def test_processes_racing_for_one_instance_leave_one_whole_file(tmp_path: Path) -> None:
    index, _font_file = first_file(ord("中"))
    racing = tmp_path / "racing"
    racing.mkdir()
    forked = multiprocessing.get_context("fork")
    barrier, results = forked.Barrier(4), forked.SimpleQueue()
    processes = [forked.Process(target=_race, args=(racing, index, barrier, results)) for _ in range(4)]

    for process in processes:
        process.start()
    digests = {results.get() for _ in processes}
    for process in processes:
        process.join()

    assert [process.exitcode for process in processes] == [0] * 4
    assert [path.name for path in racing.iterdir()] == [f"{index}-400.ttf"]  # no temporary file left
    alone = tmp_path / "alone"
    alone.mkdir()
    assert digests == {_make_instance(alone, index)}  # the same bytes as one process makes


def test_with_an_unwritable_cache_an_instance_goes_to_a_private_directory_of_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A regular file where the cache directory should be: no instance can be written there
    # (a read-only mount behaves the same; a mode bit would not stop root, who runs CI).
    blocked = tmp_path / "cache"
    blocked.write_text("not a directory")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    index, _font_file = first_file(ord("中"))

    made = _make_instance(blocked, index)
    spill = spill_directory(blocked)
    (path,) = spill.iterdir()
    written = path.stat().st_mtime_ns

    assert path.name == f"{index}-400.ttf"
    assert spill.stat().st_mode & 0o777 == 0o700
    assert _make_instance(blocked, index) == made and path.stat().st_mtime_ns == written  # found again


def test_a_spill_directory_others_can_write_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("not a directory")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    planted = spill_directory(blocked)
    planted.mkdir(parents=True)
    planted.chmod(0o777)
    index, _font_file = first_file(ord("中"))

    with pytest.raises(EngineUnavailable, match="cannot write the converter's fonts"):
        _make_instance(blocked, index)
    assert list(planted.iterdir()) == []


# --- faults: a full, read-only or vanished cache ----------------------------------------------


def test_a_full_cache_directory_falls_back_to_a_temporary_directory(tmp_path: Path) -> None:
    with full_directory(tmp_path / "full") as full:
        used = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(full / "cache")}))
        left_in_cache = sorted(path.name for path in full.iterdir())

    assert used.name.startswith("mermaid-printer-fonts-")
    assert left_in_cache == ["cache", "filler"] or left_in_cache == ["filler"]  # no staging directory left
    assert not used.exists()


def test_a_read_only_cache_directory_falls_back_to_a_temporary_directory(tmp_path: Path) -> None:
    with read_only_directory(tmp_path / "read-only") as read_only:
        used = Path(_fonts_directory_in_subprocess({CACHE_DIR_ENV: str(read_only)}))

    assert used.name.startswith("mermaid-printer-fonts-")


def test_instance_files_removed_while_the_printer_runs_are_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path))
    directory = font_instances.instance_directory()
    written = {path: path.read_bytes() for path in sorted(directory.iterdir())}
    for path in [*list(written)[:3], directory / font_instances.INDEX]:
        path.unlink()

    font_instances.restore_instance_files(directory, list(written))

    assert {path: path.read_bytes() for path in sorted(directory.iterdir())} == written
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        directory.name,
        "fonts-sfnt",
    ]  # no staging directory left


def test_a_removed_cache_that_cannot_be_written_again_is_engine_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_DIR_ENV, str(tmp_path / "cache"))
    directory = font_instances.instance_directory()
    paths = sorted(directory.iterdir())
    shutil.rmtree(tmp_path / "cache")
    (tmp_path / "cache").write_text("a file where the cache was")

    with pytest.raises(EngineUnavailable) as caught:
        font_instances.restore_instance_files(directory, paths)

    assert caught.value.details == {"reason": "font_cache_lost"}
    assert "were removed and cannot be written again" in caught.value.message


_DRAW_AFTER_REMOVAL = """
import hashlib, shutil, sys
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.fonts import converter_fonts
svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 20"><text x="2" y="14">Größe</text></svg>'
before = svg_to_png(svg, scale=1).data
shutil.rmtree(converter_fonts().directory)
after = svg_to_png(svg, scale=1).data
print(before == after, converter_fonts().directory.is_dir())
"""


def test_a_png_drawn_after_the_cache_was_removed_is_drawn_with_the_same_fonts(tmp_path: Path) -> None:
    # Before the fix, cairo could not open the removed files and the render failed as
    # RESOURCE_LIMIT ("ran out of memory").
    done = subprocess.run(
        [sys.executable, "-c", _DRAW_AFTER_REMOVAL],
        env={**os.environ, CACHE_DIR_ENV: str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
    )

    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["True", "True"]
