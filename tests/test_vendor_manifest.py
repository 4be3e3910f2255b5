"""The vendored upstream files are exactly what vendor/manifest.json records."""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.resources import VENDOR_DIR_ENV, vendor_dir, vendor_manifest, verify_vendored_files

ENTRIES = vendor_manifest()["files"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["path"] for e in ENTRIES])
def test_manifest_entry_exists_with_its_sha256(entry: dict[str, Any]) -> None:
    path = vendor_dir() / entry["path"]
    assert path.is_file()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]


def test_every_vendored_file_is_in_the_manifest() -> None:
    listed = {e["path"] for e in ENTRIES} | {"manifest.json"}
    present = {p.relative_to(vendor_dir()).as_posix() for p in vendor_dir().rglob("*") if p.is_file()}
    assert present - listed == set()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["path"] for e in ENTRIES])
def test_every_entry_has_provenance_and_a_vendored_license(entry: dict[str, Any]) -> None:
    for key in ("path", "package", "version", "package_path", "sha256", "license"):
        assert entry.get(key), key
    licenses = [
        e for e in ENTRIES
        if e["package"] == entry["package"]
        and e["version"] == entry["version"]
        and Path(e["package_path"]).name in {"LICENSE", "LICENSE.md", "LICENSE.txt", "OFL.txt"}
    ]  # fmt: skip
    if not licenses and entry["package"].startswith("@iconify-json/"):
        # Iconify packs ship no LICENSE file: their info.json declares the licence (SPDX id,
        # author, where the text is), and it must be the one the manifest records.
        licenses = [
            e for e in ENTRIES
            if e["package"] == entry["package"] and e["version"] == entry["version"]
            and e["package_path"] == "info.json"
            and json.loads((vendor_dir() / e["path"]).read_text())["license"]["spdx"] == entry["license"]
        ]  # fmt: skip
    assert licenses, f"no LICENSE vendored for {entry['package']}@{entry['version']}"
    assert all((vendor_dir() / lic["path"]).is_file() for lic in licenses)


def test_font_entries_name_their_family_face_and_unicode_range() -> None:
    fonts = [e for e in ENTRIES if e["path"].endswith((".woff2", ".woff", ".ttf"))]
    assert fonts
    for entry in fonts:
        assert entry["font_family"]
        assert entry["font_style"] in {"normal", "italic"}
        assert all(part.isdigit() for part in entry["font_weight"].split())
        assert entry["unicode_range"].startswith("U+")


def test_every_family_the_engine_measures_is_vendored() -> None:
    families = {e["font_family"] for e in ENTRIES if "font_family" in e}
    assert {"Recursive Variable", "Open Sans", "Arimo", "Tinos"} <= families


@pytest.fixture
def vendor_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the vendored files that ``vendor_dir()`` answers with while the test runs."""
    copy = tmp_path / "vendor"
    shutil.copytree(vendor_dir(), copy)
    monkeypatch.setenv(VENDOR_DIR_ENV, str(copy))
    vendor_dir.cache_clear()
    vendor_manifest.cache_clear()
    yield copy
    monkeypatch.delenv(VENDOR_DIR_ENV)
    vendor_dir.cache_clear()
    vendor_manifest.cache_clear()


def test_intact_vendored_files_pass_the_startup_check(vendor_copy: Path) -> None:
    verify_vendored_files()


def test_a_changed_vendored_file_fails_the_startup_check_naming_it(vendor_copy: Path) -> None:
    font = next(e["path"] for e in ENTRIES if e["path"].endswith(".woff2"))
    data = bytearray((vendor_copy / font).read_bytes())
    data[len(data) // 2] ^= 0x01
    (vendor_copy / font).write_bytes(bytes(data))

    with pytest.raises(EngineUnavailable) as caught:
        verify_vendored_files()

    assert caught.value.details == {"reason": "vendored_file_corrupt", "path": font}


def test_a_missing_vendored_file_fails_the_startup_check_naming_it(vendor_copy: Path) -> None:
    missing = next(e["path"] for e in ENTRIES if e["path"].startswith("mermaid-zenuml/"))
    (vendor_copy / missing).unlink()

    with pytest.raises(EngineUnavailable) as caught:
        verify_vendored_files()

    assert caught.value.details["reason"] == "vendored_file_unreadable"
    assert "reinstall mermaid-printer" in caught.value.message
