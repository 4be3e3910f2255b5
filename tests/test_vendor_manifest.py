"""The vendored upstream files are exactly what vendor/manifest.json records."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from mermaid_printer.resources import vendor_dir, vendor_manifest

ENTRIES = vendor_manifest()["files"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["path"] for e in ENTRIES])
def test_manifest_entry_exists_with_its_sha256(entry: dict) -> None:
    path = vendor_dir() / entry["path"]
    assert path.is_file()
    assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"]


def test_every_vendored_file_is_in_the_manifest() -> None:
    listed = {e["path"] for e in ENTRIES} | {"manifest.json"}
    present = {p.relative_to(vendor_dir()).as_posix() for p in vendor_dir().rglob("*") if p.is_file()}
    assert present - listed == set()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["path"] for e in ENTRIES])
def test_every_entry_has_provenance_and_a_vendored_license(entry: dict) -> None:
    for key in ("path", "package", "version", "package_path", "sha256", "license"):
        assert entry.get(key), key
    licenses = [
        e for e in ENTRIES
        if e["package"] == entry["package"]
        and e["version"] == entry["version"]
        and Path(e["package_path"]).name in {"LICENSE", "LICENSE.md", "LICENSE.txt", "OFL.txt"}
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
