"""A markmap reference drawn by a Chromium that has the product's CJK and emoji fonts.

The shared markmap reference (``<corpus>/markmap/reference``) was drawn by a machine with no CJK
or emoji font: Chromium drew those characters as narrow missing-glyph boxes, where the product
measures and draws them with its vendored Noto faces (Noto Sans SC, Noto Sans KR, Noto Emoji).
This script makes the reference a machine *with* those faces would draw, to tell how much of
the CJK/emoji documents' score is the missing fonts and how much is the product:

1. decodes the vendored ``unicode-range`` slices of those families (``vendor/fonts``, woff2, as
   listed in ``vendor/manifest.json``) to TrueType files in ``<out>/fontconfig/fonts``;
2. writes ``<out>/fontconfig/fonts.conf``: the system configuration plus that directory (and a
   private cache directory), so Chromium finds the faces through its ordinary font fallback;
3. runs the reference renderer (``<tools>/ref/render_markmap.mjs``) with ``FONTCONFIG_FILE``
   pointing there, for the documents given by ``--ids`` or, by default, every document whose
   index ``features`` include ``cjk`` or ``emoji``; it writes ``<out>/<id>.svg``;
4. with ``--candidate DIR`` (the product's SVGs, as ``benchmarks/markmap_fidelity.py`` writes
   them), scores them against the new reference with ``<tools>/fidelity/score.py``, also under
   ``FONTCONFIG_FILE``: the reference SVGs do not embed their fonts, so the rasterizer must have
   the same faces the renderer had. Rasters go to a cache of their own (``<out>/raster-cache``),
   so no raster made with these fonts is mixed with the shared cache.

Run::

    PYTHONPATH=src .venv/bin/python benchmarks/markmap_reference_with_fonts.py \\
        --corpus /work/shared/corpus --tools /tmp/fidelity-tools --out /tmp/markmap-ref-fonts \\
        [--ids docs/019,docs/020] [--candidate /tmp/markmap-fidelity]

Needs only fontTools (with brotli, for woff2) from the product's environment; the renderer and
the scorer come from the fidelity tools.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from xml.sax.saxutils import escape

from fontTools.ttLib import TTFont

REPO = Path(__file__).resolve().parent.parent
VENDOR = REPO / "vendor"
#: The product's last-resort families (``fonts/resolve.py``), which the reference machine lacked.
FAMILIES = ("Noto Sans SC", "Noto Sans KR", "Noto Emoji")
#: Index features whose documents the shared reference drew with missing-glyph boxes.
FEATURES = ("cjk", "emoji")
FONTS_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">{system}</include>
  <dir>{fonts}</dir>
  <cachedir>{cache}</cachedir>
  <!-- After every family a pattern asks for, in the product's last-resort order: a character
       no system font has is drawn from the first of these that has it. -->
  <match target="pattern">
    <edit name="family" mode="append_last">{families}</edit>
  </match>
</fontconfig>
"""


def vendored_files(families: tuple[str, ...]) -> list[tuple[Path, str]]:
    """The vendored font files of ``families`` and the family of each, in manifest order."""
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))["files"]
    return [
        (VENDOR / entry["path"], entry["font_family"]) for entry in manifest if entry.get("font_family") in families
    ]


def decode(source: Path, family: str, target: Path) -> None:
    """Write ``source`` (a woff2 slice) to ``target`` as a plain TrueType file named ``family``.

    The slices carry the name of the variable font they were cut from (``Noto Sans SC Thin``);
    they are renamed to the family their ``@font-face`` rule gives them, as the product names
    them, so that fontconfig ranks them by that name."""
    font = TTFont(source)
    font.flavor = None  # woff2 -> plain sfnt
    names = font["name"]
    for name_id in (16, 17, 21, 22, 25):  # typographic / WWS / variations names: not wanted
        names.removeNames(nameID=name_id)
    names.setName(family, 1, 3, 1, 0x409)
    names.setName("Regular", 2, 3, 1, 0x409)
    names.setName(f"{family} Regular", 4, 3, 1, 0x409)
    names.setName(family.replace(" ", "") + "-Regular", 6, 3, 1, 0x409)
    partial = target.with_suffix(".ttf.part")
    font.save(partial)
    partial.replace(target)


def build_fontconfig(directory: Path, families: tuple[str, ...] = FAMILIES) -> Path:
    """Decode the vendored slices of ``families`` to TrueType in ``directory/fonts`` and write
    ``directory/fonts.conf`` (the system configuration plus that directory); returns its path.
    Files already decoded are kept."""
    fonts = directory / "fonts"
    fonts.mkdir(parents=True, exist_ok=True)
    sources = vendored_files(families)
    if not sources:
        raise SystemExit(f"no vendored files for {', '.join(families)} in {VENDOR / 'manifest.json'}")
    for source, family in sources:
        target = fonts / (source.name.split(".", 1)[0] + ".ttf")
        if not (target.is_file() and target.stat().st_mtime >= source.stat().st_mtime):
            decode(source, family, target)
    system = Path(os.environ.get("FONTCONFIG_FILE", "/etc/fonts/fonts.conf"))
    conf = directory / "fonts.conf"
    conf.write_text(
        FONTS_CONF.format(
            system=escape(str(system)),
            fonts=escape(str(fonts.resolve())),
            cache=escape(str((directory / "cache").resolve())),
            families="".join(f"<string>{escape(family)}</string>" for family in families),
        ),
        encoding="utf-8",
    )
    return conf


def check_fontconfig(conf: Path, text: str = "中文한국어😀") -> list[str]:
    """``fc-match`` per character of ``text`` under ``conf`` (empty when fc-match is missing)."""
    if shutil.which("fc-match") is None:
        return []
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    lines = []
    for char in text:
        found = subprocess.run(
            ["fc-match", "-f", "%{family[0]} (%{file})", f":charset={ord(char):x}"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        lines.append(f"U+{ord(char):04X} {char}: {found.stdout.strip()}")
    return lines


def document_ids(corpus: Path, ids: list[str] | None, features: tuple[str, ...]) -> list[dict[str, object]]:
    """Index entries: the given ids, else every document with one of ``features``."""
    index = json.loads((corpus / "markmap" / "index.json").read_text(encoding="utf-8"))["documents"]
    if ids is not None:
        return [d for d in index if d["id"] in ids]
    return [d for d in index if set(d.get("features", [])) & set(features)]


def node_binary(tools: Path) -> str:
    """The Node.js the fidelity tools use (``ref/env.sh`` picks it)."""
    found = subprocess.run(
        ["bash", "-c", 'source "$1"; printf %s "$NODE"', "-", str(tools / "ref" / "env.sh")],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    if not found:
        raise SystemExit(f"no Node.js found by {tools / 'ref' / 'env.sh'}: run ref/setup.sh first")
    return found


def render_reference(tools: Path, corpus: Path, out: Path, ids: list[str], conf: Path) -> list[dict[str, object]]:
    """Run ``render_markmap.mjs`` under ``conf`` for ``ids``; returns its ``results.json``."""
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [node_binary(tools), str(tools / "ref" / "render_markmap.mjs"), "--corpus", str(corpus / "markmap"),
         "--out", str(out), "--ids", ",".join(ids)],
        env={**os.environ, "FONTCONFIG_FILE": str(conf)},
        check=True,
    )  # fmt: skip
    results: list[dict[str, object]] = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return results


def score(
    tools: Path, candidate: Path, reference: Path, items: list[dict[str, object]], conf: Path, report: Path
) -> dict[str, dict[str, object]]:
    """Score ``candidate`` against ``reference`` for ``items`` under ``conf``; the per-document rows."""
    ids_file = report.with_name("ids.json")
    ids_file.write_text(json.dumps({"documents": items}), encoding="utf-8")
    subprocess.run(
        [str(tools / "fidelity" / ".venv" / "bin" / "python"), str(tools / "fidelity" / "score.py"),
         "--candidate", str(candidate), "--reference", str(reference), "--ids-from", str(ids_file),
         "--out", str(report), "--cache", str(reference / "raster-cache"), "--quiet"],
        env={**os.environ, "FONTCONFIG_FILE": str(conf)},
        check=True,
    )  # fmt: skip
    rows: dict[str, dict[str, object]] = json.loads(report.read_text(encoding="utf-8"))["diagrams"]
    return rows


def summary(rows: dict[str, dict[str, object]]) -> str:
    """Verdict counts and the numbers of every document that is not MATCH."""
    verdicts = collections.Counter(str(row.get("verdict")) for row in rows.values())
    lines = [
        f"{len(rows)} documents: "
        + ", ".join(f"{v} {verdicts[v]}" for v in ("MATCH", "CLOSE", "DIFF", "FAIL", "NOREF") if verdicts[v])
    ]
    lines.append(f"{'id':12s} {'verdict':7s} {'size_err':>8s} {'ssim':>6s} {'recall':>6s}")
    for doc_id, row in sorted(rows.items()):
        if row.get("verdict") != "MATCH":
            lines.append(
                f"{doc_id:12s} {row.get('verdict')!s:7s} {row.get('size_err')!s:>8s} "
                f"{row.get('ssim')!s:>6s} {row.get('recall')!s:>6s}"
            )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--corpus", type=Path, required=True, help="holds markmap/index.json and markmap/<id>.md")
    parser.add_argument("--tools", type=Path, required=True, help="the fidelity tools (ref/, fidelity/)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/markmap-ref-fonts"))
    parser.add_argument("--ids", help="comma-separated document ids (default: those with --features)")
    parser.add_argument("--features", default=",".join(FEATURES), help="index features selecting documents")
    parser.add_argument("--candidate", type=Path, help="also score the product's SVGs in this directory")
    args = parser.parse_args()

    conf = build_fontconfig(args.out / "fontconfig")
    print(f"fontconfig: {conf}")
    for line in check_fontconfig(conf):
        print(f"  {line}")
    items = document_ids(args.corpus, args.ids.split(",") if args.ids else None, tuple(args.features.split(",")))
    ids = [str(item["id"]) for item in items]
    results = render_reference(args.tools, args.corpus, args.out, ids, conf)
    failed = [r for r in results if not r.get("ok")]
    print(f"reference: {len(results) - len(failed)} of {len(ids)} drawn into {args.out}")
    for result in failed:
        print(f"  {result['id']}: {result.get('error')}")
    if args.candidate is not None:
        report = args.out / "fidelity.json"
        rows = score(args.tools, args.candidate, args.out, items, conf, report)
        print(summary(rows))
        print(f"report: {report}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
