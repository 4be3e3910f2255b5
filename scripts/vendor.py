"""Re-vendor the upstream files under ``vendor/`` from the npm registry and PyPI and rewrite the manifest.

Dev-only (needs ``npm`` and ``pip``; uses the network). Run from anywhere:

    python scripts/vendor.py            # fetch, copy, rewrite vendor/manifest.json
    python scripts/vendor.py --check    # fetch into a temp dir; exit 1 if vendor/ would change

Each package in ``PACKAGES`` is fetched with ``npm pack <name>@<version>`` (the registry's own
tarball, no install scripts run), or for a PyPI package (``registry="pypi"``) as its source
distribution with ``pip download --no-deps --no-binary :all: <name>==<version>``, and the
listed files are copied byte for byte (paths inside an sdist are relative to its top folder). For font files
the family name, ``font-style``, ``font-weight`` and ``unicode-range`` are read from the package's
own CSS (the ``@font-face`` whose ``src`` names the file), so the manifest records exactly what the
upstream stylesheet says; a package of plain TrueType files with no stylesheet (DejaVu, which the
reference machine has as system fonts) gets them from each file's own name and OS/2 tables. A package's font files are listed in the reverse of the order their
``@font-face`` rules appear in that CSS: where the ranges of one face's files overlap, a browser
checks the last rule first (CSS Fonts 4, "unicode-range"), and the build scripts take the first
manifest entry that covers a character.
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
from typing import Literal

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
MANIFEST_COMMENT = (
    "Upstream files, byte-identical, taken from the npm registry or PyPI by package name. Never edit "
    "them in place: re-vendor with scripts/vendor.py and update this manifest. "
    "tests/test_vendor_manifest.py checks every hash."
)


@dataclass(frozen=True)
class Package:
    """An npm package and the files taken from it (vendor path -> path inside the package)."""

    name: str
    version: str
    license: str
    files: dict[str, str]
    # For font packages: the stylesheets whose @font-face rules describe the font files.
    font_css: tuple[str, ...] = ()
    # For font packages without a stylesheet (TrueType files a system installs as they are):
    # each font file's family, style and weight are read from the file itself (see system_face).
    system_fonts: bool = False
    # Where the package comes from: the npm registry, or PyPI (its source distribution).
    registry: Literal["npm", "pypi"] = "npm"


def fontsource_files(slug: str, subsets: tuple[str, ...], variants: tuple[str, ...]) -> dict[str, str]:
    """The woff2 files of a @fontsource package for ``subsets`` × ``variants`` ("400-normal")."""
    return {
        f"fonts/{slug}/{slug}-{subset}-{variant}.woff2": f"files/{slug}-{subset}-{variant}.woff2"
        for variant in variants
        for subset in subsets
    }


# Every subset the package's 400.css / 400-italic.css load, as mermaid-cli's page does.
_OPEN_SANS_SUBSETS = (
    "cyrillic-ext",
    "cyrillic",
    "greek-ext",
    "greek",
    "hebrew",
    "math",
    "symbols",
    "vietnamese",
    "latin-ext",
    "latin",
)
# Arimo and Tinos stand in for Liberation Sans and Liberation Serif, the fonts Chromium on Debian
# draws for arial/helvetica/sans-serif and for Times New Roman (its default): the scripts
# Liberation 1.x covers.
_LIBERATION_SUBSETS = ("cyrillic", "greek", "latin-ext", "latin")
# Last-resort faces for characters no family of a CSS list has (as a system fallback font would
# draw them): the numbered unicode-range slices of Noto Sans SC (CJK ideographs, kana, Hangul,
# CJK punctuation, fullwidth forms; its latin/cyrillic/vietnamese slices are left out), the
# slices of Noto Sans KR that hold Hangul (SC has few syllables), and monochrome Noto Emoji;
# regular weight only (Chromium synthesizes bold).
_NOTO_SANS_SC_SLICES = tuple(str(n) for n in (4, 5, 6, *range(21, 92), *range(97, 120)))
_NOTO_SANS_KR_SLICES = tuple(str(n) for n in (*range(2, 66), 94, 95, *range(100, 120)))
_NOTO_EMOJI_SLICES = tuple(str(n) for n in range(11))
# DejaVu Sans and DejaVu Sans Mono, as Debian installs them (fonts-dejavu-core): what Chromium on
# Debian draws for monospace (Sans Mono) and system-ui (Sans), and its system fallback for
# characters no family of a CSS list, nor the default font, has (Sans). Upright regular and bold
# only: the oblique faces (fonts-dejavu-extra) are left out, so italic is slanted by the viewer
# (DejaVu Sans Mono Oblique has the upright advances; DejaVu Sans Oblique differs in ~200 rarely
# used glyphs). Serif, Condensed, ExtraLight and Math TeX Gyre are left out too.
_DEJAVU_FACES = ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono", "DejaVuSansMono-Bold")


# The C sources of QuickJS-NG as the `quickjs-ng` Python binding ships them (upstream-quickjs/ in
# its sdist) and the binding's own module.c (the ``_quickjs`` extension module): the exact release
# the package's wheel runs, compiled by hatch_build.py to WebAssembly for the wasm engine and, with
# module.c, to the native engine's own extension. Only the files those builds need.
# LICENSE is the binding's (MIT); each C file also carries QuickJS's own MIT notice.
_QUICKJS_NG_SOURCES = (
    "quickjs.c",
    "quickjs.h",
    "quickjs-atom.h",
    "quickjs-opcode.h",
    "quickjs-c-atomics.h",
    "builtin-array-fromasync.h",
    "builtin-iterator-zip.h",
    "builtin-iterator-zip-keyed.h",
    "libregexp.c",
    "libregexp.h",
    "libregexp-opcode.h",
    "libunicode.c",
    "libunicode.h",
    "libunicode-table.h",
    "dtoa.c",
    "dtoa.h",
    "cutils.h",
    "list.h",
)


PACKAGES = [
    Package(
        name="quickjs-ng",
        version="0.17.0.2",
        license="MIT",
        files={
            **{f"quickjs-ng/{name}": f"upstream-quickjs/{name}" for name in _QUICKJS_NG_SOURCES},
            "quickjs-ng/module.c": "module.c",
            "quickjs-ng/LICENSE": "LICENSE",
        },
        registry="pypi",
    ),
    Package(
        name="mermaid",
        version="12.3.0",
        license="MIT",
        files={
            "mermaid/mermaid.min.js": "dist/mermaid.min.js",
            # MermaidConfig as TypeScript (generated upstream from its config schema): every
            # config key Mermaid knows, read by scripts/build_mermaid_config_keys.py.
            "mermaid/config.type.d.ts": "dist/config.type.d.ts",
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
    # The `layout: tidy-tree` mindmap layout, which mermaid-cli registers
    # (mermaid.registerLayoutLoaders). The package ships only ES modules; its browser entry
    # (dist/mermaid-layout-tidy-tree.esm.mjs, the one mermaid-cli loads) is a few lines that
    # import everything from this one chunk, which imports nothing itself. The engine evaluates
    # the chunk as a module and bundles/mermaid/js/layout_tidy_tree.js does what the entry does.
    Package(
        name="@mermaid-js/layout-tidy-tree",
        version="1.0.1",
        license="MIT",
        files={
            "layout-tidy-tree/layout-tidy-tree.chunk.mjs": "dist/chunks/mermaid-layout-tidy-tree.esm/chunk-2X5ZM2SM.mjs",
            "layout-tidy-tree/LICENSE": "LICENSE",
        },
    ),
    # Mind maps: markmap's browser builds, as its own page loads them (d3, then markmap-lib's
    # IIFE, then markmap-view's). markmap-lib's IIFE carries markdown-it and its plugins, yaml,
    # markmap-html-parser and markmap-common; markmap-view's carries markmap-common and
    # d3-flextree (WTFPL). Neither carries KaTeX or highlight.js: markmap's katex/hljs plugins
    # load them from a CDN only when a page has not, so a printer (like the reference page)
    # draws math as its TeX source and code unhighlighted, and vendors neither.
    Package(
        name="markmap-lib",
        version="0.18.12",
        license="MIT",
        files={
            "markmap/markmap-lib.iife.js": "dist/browser/index.iife.js",
            "markmap/LICENSE-markmap-lib": "LICENSE",
        },
    ),
    Package(
        name="markmap-view",
        version="0.18.12",
        license="MIT",
        files={
            "markmap/markmap-view.js": "dist/browser/index.js",
            "markmap/LICENSE-markmap-view": "LICENSE",
        },
    ),
    Package(
        name="d3",
        version="7.9.2",
        license="ISC",
        files={
            "d3/d3.min.js": "dist/d3.min.js",
            "d3/LICENSE": "LICENSE",
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
        font_css=("wght.css",),
    ),
    Package(
        name="@fontsource/open-sans",
        version="5.3.0",
        license="OFL-1.1",
        files={
            **fontsource_files("open-sans", _OPEN_SANS_SUBSETS, ("400-normal", "400-italic")),
            "fonts/open-sans/LICENSE": "LICENSE",
        },
        font_css=("400.css", "400-italic.css"),
    ),
    Package(
        name="@fontsource/arimo",
        version="5.3.0",
        license="OFL-1.1",
        files={
            **fontsource_files("arimo", _LIBERATION_SUBSETS, ("400-normal", "700-normal", "400-italic", "700-italic")),
            "fonts/arimo/LICENSE": "LICENSE",
        },
        font_css=("400.css", "700.css", "400-italic.css", "700-italic.css"),
    ),
    Package(
        name="@fontsource/tinos",
        version="5.3.0",
        license="OFL-1.1",
        files={
            **fontsource_files("tinos", _LIBERATION_SUBSETS, ("400-normal", "700-normal")),
            "fonts/tinos/LICENSE": "LICENSE",
        },
        font_css=("400.css", "700.css"),
    ),
    Package(
        name="@fontsource/noto-sans-sc",
        version="5.3.0",
        license="OFL-1.1",
        files={
            **fontsource_files("noto-sans-sc", _NOTO_SANS_SC_SLICES, ("400-normal",)),
            "fonts/noto-sans-sc/LICENSE": "LICENSE",
        },
        font_css=("400.css",),
    ),
    Package(
        name="@fontsource/noto-sans-kr",
        version="5.3.0",
        license="OFL-1.1",
        files={
            **fontsource_files("noto-sans-kr", _NOTO_SANS_KR_SLICES, ("400-normal",)),
            "fonts/noto-sans-kr/LICENSE": "LICENSE",
        },
        font_css=("400.css",),
    ),
    Package(
        name="@fontsource/noto-emoji",
        version="5.3.2",
        license="OFL-1.1",
        files={
            **fontsource_files("noto-emoji", _NOTO_EMOJI_SLICES, ("400-normal",)),
            "fonts/noto-emoji/LICENSE": "LICENSE",
        },
        font_css=("400.css",),
    ),
    # Bitstream Vera's license (DejaVu's own changes are public domain; glyphs from Arev carry
    # an equivalent permissive license): free to use, embed and redistribute, and to modify
    # under a name without "Bitstream" or "Vera" (a subset keeps the name "DejaVu Sans").
    Package(
        name="dejavu-fonts-ttf",
        version="2.37.3",
        license="Bitstream-Vera AND LicenseRef-Arev-Fonts AND LicenseRef-Public-Domain",
        files={
            **{f"fonts/dejavu/{face}.ttf": f"ttf/{face}.ttf" for face in _DEJAVU_FACES},
            "fonts/dejavu/LICENSE": "LICENSE",
        },
        system_fonts=True,
    ),
    # Iconify icon packs for architecture diagrams and flowchart icon shapes, registered with
    # Mermaid when a diagram names one of their icons (mermaid/icons.py). info.json carries the
    # pack's licence and author (the packages ship no LICENSE file).
    Package(
        name="@iconify-json/logos",
        version="1.2.19",
        license="CC0-1.0",
        files={"iconify-logos/icons.json": "icons.json", "iconify-logos/info.json": "info.json"},
    ),
    Package(
        name="@iconify-json/mdi",
        version="1.2.3",
        license="Apache-2.0",
        files={"iconify-mdi/icons.json": "icons.json", "iconify-mdi/info.json": "info.json"},
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


def pip_sdist(package: Package, workdir: Path) -> Path:
    """Download and unpack the package's source distribution; return its top folder."""
    spec = f"{package.name}=={package.version}"
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
         "--dest", str(workdir), spec],
        check=True, cwd=workdir,
    )  # fmt: skip
    stem = f"{package.name.replace('-', '_')}-{package.version}"
    target = workdir / f"{stem}-sdist"
    with tarfile.open(workdir / f"{stem}.tar.gz") as archive:
        archive.extractall(target, filter="data")
    return target / stem


def font_faces(css: str) -> dict[str, dict[str, str]]:
    """``{file name: {"font_family", "font_style", "font_weight", "unicode_range"}}`` from a
    stylesheet's @font-face rules, in the order the rules appear."""
    faces = {}
    for block in _FONT_FACE_RE.findall(css):
        declarations = {k: v.strip() for k, v in _DECLARATION_RE.findall(block)}
        source = re.search(r"url\(([^)]+)\)", declarations["src"]).group(1).strip("'\"")
        faces[Path(source).name] = {
            "font_family": declarations["font-family"].strip("'\""),
            "font_style": declarations.get("font-style", "normal"),
            "font_weight": declarations.get("font-weight", "400"),
            "unicode_range": declarations["unicode-range"],
        }
    return faces


def system_face(path: Path) -> dict[str, str]:
    """The @font-face descriptors a system font has for a browser, read from the file: the
    typographic family name (name ID 16, else 1), italic when fsSelection says italic or
    oblique, the OS/2 weight class, and no unicode-range limit (the cmap alone decides)."""
    font = TTFont(path, lazy=True)
    names = font["name"]
    family = names.getDebugName(16) or names.getDebugName(1)
    italic = bool(font["OS/2"].fsSelection & (1 | 1 << 9))
    return {
        "font_family": family,
        "font_style": "italic" if italic else "normal",
        "font_weight": str(font["OS/2"].usWeightClass),
        "unicode_range": "U+0000-10FFFF",
    }


def sha256(path: Path) -> str:
    """Hex SHA-256 of a file."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def vendor_into(target: Path, workdir: Path) -> dict:
    """Copy every listed file into ``target`` and return the manifest describing them."""
    entries = []
    for package in PACKAGES:
        unpacked = pip_sdist(package, workdir) if package.registry == "pypi" else npm_pack(package, workdir)
        faces: dict[str, dict[str, str]] = {}
        for css in package.font_css:
            faces.update(font_faces((unpacked / css).read_text()))
        css_order = {name: index for index, name in enumerate(faces)}
        # Font files in the reverse of their CSS order (see the module docstring), then the rest.
        ordered = sorted(package.files.items(), key=lambda item: -css_order.get(Path(item[1]).name, -1))
        for vendor_path, package_path in ordered:
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
            if package.system_fonts and destination.suffix in {".ttf", ".otf"}:
                entry.update(system_face(destination))
            entries.append(entry)
    manifest = {"_comment": MANIFEST_COMMENT, "files": entries}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


def tree_bytes(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` by relative path."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in directory.rglob("*") if p.is_file()}


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
