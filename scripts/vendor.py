"""Re-vendor the upstream files under ``vendor/`` from the npm registry and rewrite the manifest.

Dev-only (needs ``npm``; uses the network). Run from anywhere:

    python scripts/vendor.py            # fetch, copy, rewrite vendor/manifest.json
    python scripts/vendor.py --check    # fetch into a temp dir; exit 1 if vendor/ would change

Each package in ``PACKAGES`` is fetched with ``npm pack <name>@<version>`` (the registry's own
tarball, no install scripts run) and the listed files are copied byte for byte. For font files
the family name and ``unicode-range`` are read from the package's own CSS (the ``@font-face`` whose
``src`` names the file), so the manifest records exactly what the upstream stylesheet says.
To upgrade, change a version here, run the script, and review the diff (and rerun
``scripts/build_font_metrics.py`` when fonts change).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
MANIFEST_COMMENT = (
    "Upstream files, byte-identical, taken from the npm registry by package name. Never edit them "
    "in place: re-vendor with scripts/vendor.py and update this manifest. "
    "tests/test_vendor_manifest.py checks every hash."
)


@dataclass(frozen=True)
class Package:
    """An npm package and the files taken from it (vendor path -> path inside the package)."""

    name: str
    version: str
    license: str
    files: dict[str, str]
    # For font packages: the stylesheet whose @font-face rules describe the font files.
    font_css: str | None = None


PACKAGES = [
    Package(
        name="mermaid",
        version="12.3.0",
        license="MIT",
        files={
            "mermaid/mermaid.min.js": "dist/mermaid.min.js",
            "mermaid/LICENSE": "LICENSE",
        },
    ),
    # ZenUML is not in mermaid.min.js: mermaid-cli registers this plugin
    # (mermaid.registerExternalDiagrams). Its IIFE build defines globalThis["mermaid-zenuml"].
    Package(
        name="@mermaid-js/mermaid-zenuml",
        version="1.0.1",
        license="MIT",
        files={
            "mermaid-zenuml/mermaid-zenuml.min.js": "dist/mermaid-zenuml.min.js",
            "mermaid-zenuml/LICENSE": "LICENSE",
        },
    ),
    Package(
        name="@fontsource-variable/recursive",
        version="5.3.0",
        license="OFL-1.1",
        files={
            "fonts/recursive-variable/recursive-latin-wght-normal.woff2": "files/recursive-latin-wght-normal.woff2",
            "fonts/recursive-variable/recursive-latin-ext-wght-normal.woff2": "files/recursive-latin-ext-wght-normal.woff2",
            "fonts/recursive-variable/recursive-cyrillic-ext-wght-normal.woff2": "files/recursive-cyrillic-ext-wght-normal.woff2",
            "fonts/recursive-variable/recursive-vietnamese-wght-normal.woff2": "files/recursive-vietnamese-wght-normal.woff2",
            "fonts/recursive-variable/LICENSE": "LICENSE",
        },
        font_css="wght.css",
    ),
]  # fmt: skip

_FONT_FACE_RE = re.compile(r"@font-face\s*{([^}]*)}")
_DECLARATION_RE = re.compile(r"([a-z-]+)\s*:\s*([^;]+);")


def npm_pack(package: Package, workdir: Path) -> Path:
    """Download and unpack the package tarball; return its ``package/`` directory."""
    spec = f"{package.name}@{package.version}"
    done = subprocess.run(
        ["npm", "pack", spec, "--silent", "--pack-destination", str(workdir)],
        capture_output=True, text=True, check=True, cwd=workdir,
    )  # fmt: skip
    tarball = workdir / done.stdout.strip().splitlines()[-1]
    target = workdir / tarball.stem
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="data")
    return target / "package"


def font_faces(css: str) -> dict[str, dict[str, str]]:
    """``{file name: {"font_family": …, "unicode_range": …}}`` from a stylesheet's @font-face rules."""
    faces = {}
    for block in _FONT_FACE_RE.findall(css):
        declarations = {k: v.strip() for k, v in _DECLARATION_RE.findall(block)}
        source = re.search(r"url\(([^)]+)\)", declarations["src"]).group(1).strip("'\"")
        faces[Path(source).name] = {
            "font_family": declarations["font-family"].strip("'\""),
            "unicode_range": declarations["unicode-range"],
        }
    return faces


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def vendor_into(target: Path, workdir: Path) -> dict:
    """Copy every listed file into ``target`` and return the manifest describing them."""
    entries = []
    for package in PACKAGES:
        unpacked = npm_pack(package, workdir)
        faces = font_faces((unpacked / package.font_css).read_text()) if package.font_css else {}
        for vendor_path, package_path in package.files.items():
            destination = target / vendor_path
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(unpacked / package_path, destination)
            entry = {
                "path": vendor_path,
                "package": package.name,
                "version": package.version,
                "package_path": package_path,
                "sha256": sha256(destination),
                "license": package.license,
            }
            entry.update(faces.get(Path(package_path).name, {}))
            entries.append(entry)
    manifest = {"_comment": MANIFEST_COMMENT, "files": entries}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def tree_bytes(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` by relative path."""
    return {
        str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report whether vendor/ differs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        workdir, staged = Path(tmp) / "work", Path(tmp) / "vendor"
        workdir.mkdir()
        vendor_into(staged, workdir)
        new, old = tree_bytes(staged), tree_bytes(VENDOR)
        changed = sorted(p for p in new.keys() | old.keys() if new.get(p) != old.get(p))
        if args.check:
            for path in changed:
                print(f"differs: vendor/{path}")
            return 1 if changed else 0
        shutil.rmtree(VENDOR)
        shutil.copytree(staged, VENDOR)
    print("vendor/ updated" + (f"; changed: {', '.join(changed)}" if changed else ", no changes"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
