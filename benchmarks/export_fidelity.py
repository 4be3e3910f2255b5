"""How close our PNG and PDF come to Chromium drawing the same SVG (helpers for the fidelity report).

The method, used by ``test_export_fidelity.py``:

1. render a diagram to SVG with the product (fonts embedded, as users get it);
2. Chromium (headless, ``--screenshot``) draws that SVG inline in a page at its viewBox size,
   device scale factor ``SCALE``, on white. Chromium gets a private fontconfig setup holding only
   the vendored fonts (static instances named after their family), so text whose CSS names a
   family the SVG does not embed (Mermaid's sequence and journey diagrams ask for
   "trebuchet ms") falls back to the same font our layout measured with, not to whatever the
   machine has: the comparison measures the converter, not the machine's font set;
3. our PNG at the same scale on white; our PDF rasterized at the same resolution by pdfium
   (Chromium's own PDF engine, ``pypdfium2``), poppler's ``pdftocairo`` or ``pdftoppm`` (when
   installed);
4. the images are compared in grey levels: SSIM (Wang et al. 2004, 7×7 uniform window, as
   scikit-image's default), mean absolute difference (0–255), and the share of pixels that
   differ by more than 64 levels (a visible difference, not anti-aliasing).

Side-by-side images (Chromium | ours | difference) are written for a look by eye.

Run as a script, it measures a whole corpus (``<corpus>/mermaid/index.json``, every diagram or
``--per-type N`` of each type while iterating): the product's SVG of each diagram drawn by
Chromium (the fidelity tools' ``rasterize.mjs``, one browser, the fontconfig setup above) at
scale 1 and at 0.75, against our PNG at scale 1 on white and our PDF rasterized by each
``--pdf-rasterizer`` (default pdfium; a comma-separated list measures each, ``none`` the PNG only)
at 72 dpi (1 pt = 1 px, so 0.75 px per CSS pixel). SVGs and Chromium's rasters are kept in
``--out`` keyed by the SVG's hash, so a second run only converts again::

    python benchmarks/export_fidelity.py --corpus ../shared/corpus --tools /tmp/fidelity-tools \\
        --out /tmp/export-fidelity [--types sequenceDiagram,gantt] [--per-type 3]

It prints the table by type (mean SSIM, share >= 0.95, worst) and writes ``report.json`` and
the worst cases side by side (Chromium | ours | difference) under ``<out>/worst``.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from fontTools.ttLib import TTFont
from lxml import etree
from PIL import Image

from mermaid_printer.fonts import converter_fonts

SCALE = 2


def chromium_path() -> str | None:
    """The Chromium binary, or ``None`` (the report is skipped)."""
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


@dataclass(frozen=True)
class Comparison:
    ssim: float
    mean_abs_diff: float
    visibly_different: float  # share of pixels differing by more than 64 grey levels


def chromium_fonts_config(directory: Path) -> Path:
    """A fontconfig file for Chromium: only the vendored fonts, under their CSS family names."""
    fonts = converter_fonts()
    font_dir = directory / "fonts"
    font_dir.mkdir(parents=True, exist_ok=True)
    families = {id(family): family for family in fonts.families.values()}.values()  # aliases once
    for family in families:
        for face in (instance for font_face in family.faces for instance in font_face.instances):
            font = TTFont(face.path)
            name = font["name"]
            for record in list(name.names):
                if record.nameID in (1, 2, 4, 16, 17, 21):
                    name.removeNames(nameID=record.nameID)
            style = "Italic" if face.italic else "Regular"
            name.setName(family.name, 1, 3, 1, 0x409)
            name.setName(style, 2, 3, 1, 0x409)
            name.setName(f"{family.name} {face.weight} {style}", 4, 3, 1, 0x409)
            font["OS/2"].usWeightClass = face.weight
            font.save(font_dir / face.path.name)
    # The layout's aliases (sans-serif -> Arimo, monospace -> DejaVu Sans Mono, ...), so a generic
    # or absent family draws in Chromium with the face the layout measured, as in the converter.
    aliases = "".join(
        f'<alias binding="same"><family>{_xml_text(name)}</family>'
        f"<prefer><family>{_xml_text(family.name)}</family></prefer></alias>"
        for name, family in fonts.families.items()
        if name != family.name.lower()
    )
    config = directory / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        f"<fontconfig><dir>{font_dir}</dir><cachedir>{directory / 'cache'}</cachedir>{aliases}"
        # A desktop's usual rendering settings (Debian's defaults): grey anti-aliasing, slight
        # hinting (which keeps advances unhinted). Without them fontconfig means full hinting.
        '<match target="pattern"><edit name="antialias" mode="assign"><bool>true</bool></edit>'
        '<edit name="hinting" mode="assign"><bool>true</bool></edit>'
        '<edit name="hintstyle" mode="assign"><const>hintslight</const></edit>'
        '<edit name="rgba" mode="assign"><const>none</const></edit></match>'
        "</fontconfig>"
    )
    return config


def _xml_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def chromium_png(chromium: str, svg: str, width: float, height: float, fonts_conf: Path) -> Image.Image:
    """Chromium's rendering of ``svg`` at ``SCALE``, on white, cropped to the diagram."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "page.html").write_text(
            "<!doctype html><html><head><style>html,body{margin:0;background:#fff}svg{display:block}"
            f"</style></head><body>{_sized_svg(svg, width, height)}</body></html>",
            encoding="utf-8",
        )
        shot = folder / "shot.png"
        window = f"{int(np.ceil(width))},{int(np.ceil(height))}"
        subprocess.run(
            [
                chromium,
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--hide-scrollbars",
                "--allow-file-access-from-files",
                f"--force-device-scale-factor={SCALE}",
                f"--window-size={window}",
                f"--screenshot={shot}",
                (folder / "page.html").as_uri(),
            ],
            check=True,
            capture_output=True,
            timeout=120,
            env={**os.environ, "FONTCONFIG_FILE": str(fonts_conf)},
        )
        return Image.open(shot).convert("RGB")


def _sized_svg(svg: str, width: float, height: float) -> str:
    """``svg`` inline-ready at exactly its viewBox size (an ``<img>`` would snap to whole pixels)."""
    root = etree.fromstring(svg.encode("utf-8"))
    root.set("width", repr(width))
    root.set("height", repr(height))
    root.attrib.pop("style", None)  # Mermaid's max-width
    return etree.tostring(root, encoding="unicode")


#: The PDF rasterizers the benchmark can use: pdfium is Chromium's own PDF engine (what a user
#: opening the PDF in Chrome sees); pdftoppm and pdftocairo are poppler's.
PDF_RASTERIZERS = ("pdfium", "pdftocairo", "pdftoppm")


def pdf_page_png(pdf: bytes, dpi: int = 96 * SCALE, rasterizer: str = "pdftoppm") -> Image.Image | None:
    """Our PDF's first page rasterized at ``dpi`` (default ``SCALE`` × 96) by ``rasterizer`` (one of
    :data:`PDF_RASTERIZERS`), or ``None`` when that rasterizer is not installed."""
    if rasterizer == "pdfium":
        try:
            import pypdfium2
        except ImportError:
            return None
        document = pypdfium2.PdfDocument(pdf)
        try:
            bitmap = document[0].render(scale=dpi / 72, fill_color=(255, 255, 255, 255))
            return bitmap.to_pil().convert("RGB")
        finally:
            document.close()
    if rasterizer not in PDF_RASTERIZERS:
        raise ValueError(f"unknown PDF rasterizer {rasterizer!r}: one of {', '.join(PDF_RASTERIZERS)}")
    if shutil.which(rasterizer) is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "page.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            [rasterizer, "-png", "-r", str(dpi), "-singlefile", str(source), str(Path(tmp) / "page")],
            capture_output=True,
            check=True,
            timeout=120,
        )
        return Image.open(io.BytesIO((Path(tmp) / "page.png").read_bytes())).convert("RGB")


def on_white(image: Image.Image) -> Image.Image:
    """``image`` composited onto white, as RGB."""
    if image.mode in ("RGBA", "LA", "P"):
        rgba = image.convert("RGBA")
        background = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(background, rgba).convert("RGB")
    return image.convert("RGB")


def compare(reference: Image.Image, candidate: Image.Image) -> Comparison:
    """SSIM, mean absolute difference and visibly-different share, over the common area."""
    width = min(reference.width, candidate.width)
    height = min(reference.height, candidate.height)
    a = np.asarray(reference.convert("L").crop((0, 0, width, height)), dtype=np.float64)
    b = np.asarray(candidate.convert("L").crop((0, 0, width, height)), dtype=np.float64)
    difference = np.abs(a - b)
    return Comparison(
        ssim=_ssim(a, b),
        mean_abs_diff=float(difference.mean()),
        visibly_different=float((difference > 64).mean()),
    )


def side_by_side(reference: Image.Image, candidate: Image.Image, path: Path) -> None:
    """Write ``reference | candidate | |difference|`` to ``path``."""
    width = min(reference.width, candidate.width)
    height = min(reference.height, candidate.height)
    a = reference.crop((0, 0, width, height)).convert("L")
    b = candidate.crop((0, 0, width, height)).convert("L")
    diff = 255 - np.abs(np.asarray(a, dtype=np.int16) - np.asarray(b, dtype=np.int16)).astype(np.uint8)
    canvas = Image.new("L", (width * 3, height), 255)
    canvas.paste(a, (0, 0))
    canvas.paste(b, (width, 0))
    canvas.paste(Image.fromarray(diff), (width * 2, 0))
    canvas.save(path)


def _ssim(a: np.ndarray, b: np.ndarray, window: int = 7) -> float:
    """Mean SSIM with a uniform ``window`` and the usual constants for 8-bit images."""
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2

    def mean_filter(x: np.ndarray) -> np.ndarray:
        padded = np.pad(x, window // 2, mode="reflect")
        integral = padded.cumsum(0).cumsum(1)
        integral = np.pad(integral, ((1, 0), (1, 0)))
        total = (
            integral[window:, window:]
            - integral[:-window, window:]
            - integral[window:, :-window]
            + integral[:-window, :-window]
        )
        return total / (window * window)

    mu_a, mu_b = mean_filter(a), mean_filter(b)
    n = window * window
    correction = n / (n - 1)  # sample covariance, as scikit-image
    var_a = (mean_filter(a * a) - mu_a * mu_a) * correction
    var_b = (mean_filter(b * b) - mu_b * mu_b) * correction
    cov = (mean_filter(a * b) - mu_a * mu_b) * correction
    ssim = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a**2 + mu_b**2 + c1) * (var_a + var_b + c2))
    return float(ssim.mean())


# --- the corpus benchmark ------------------------------------------------------------------------

#: The PDF is rasterized at 72 dpi by default: one image pixel per point, 0.75 per CSS pixel
#: (``--pdf-dpi`` another resolution, against Chromium at that scale).
PDF_DPI = 72
GOOD_SSIM = 0.95


def _corpus_items(
    corpus: Path, types: set[str] | None, per_type: int | None, ids: set[str] | None = None
) -> list[dict]:
    index = json.loads((corpus / "mermaid" / "index.json").read_text(encoding="utf-8"))["diagrams"]
    chosen: list[dict] = []
    taken: collections.Counter[str] = collections.Counter()
    for item in index:
        if (types is not None and item["type"] not in types) or (ids is not None and item["id"] not in ids):
            continue
        if per_type is not None and taken[item["type"]] >= per_type:
            continue
        taken[item["type"]] += 1
        chosen.append(item)
    return chosen


def _render_svgs(corpus: Path, items: list[dict], out: Path, again: bool) -> dict[str, str]:
    """The product's SVG of each diagram (``id -> path``), rendered once and kept in ``out/svg``."""
    from mermaid_printer import Printer
    from mermaid_printer.errors import PrinterError
    from mermaid_printer.mermaid.requests import build_render_options

    paths = {item["id"]: out / "svg" / f"{item['id']}.svg" for item in items}
    todo = [item for item in items if again or not paths[item["id"]].exists()]
    failed: set[str] = set()
    if todo:
        with Printer() as printer:
            printer.start()

            def one(item: dict) -> None:
                code = (corpus / "mermaid" / f"{item['id']}.mmd").read_text(encoding="utf-8")
                try:
                    svg = printer.render_svg(build_render_options(code)).svg
                except PrinterError:
                    failed.add(item["id"])
                    return
                paths[item["id"]].parent.mkdir(parents=True, exist_ok=True)
                paths[item["id"]].write_text(svg, encoding="utf-8")

            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
                list(pool.map(one, todo))
    return {key: str(path) for key, path in paths.items() if key not in failed and path.exists()}


def _chromium_rasters(tools: Path, svgs: dict[str, str], out: Path, pdf_scale: float) -> dict[tuple[str, float], str]:
    """Chromium's drawing of each SVG at scale 1 and the PDF's (cached by the SVG's hash)."""
    fonts_conf = out / "chromium-fonts" / "fonts.conf"
    if not fonts_conf.exists():
        chromium_fonts_config(fonts_conf.parent)
    node = subprocess.run(
        ["bash", "-c", 'source "$1"; printf %s "$NODE"', "-", str(tools / "ref" / "env.sh")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    rasters: dict[tuple[str, float], str] = {}
    jobs = []
    for key, svg in svgs.items():
        digest = hashlib.sha1(Path(svg).read_bytes()).hexdigest()[:16]
        for scale in (1.0, pdf_scale):
            png = out / "chromium" / f"{digest}@{scale:g}.png"
            rasters[(key, scale)] = str(png)
            if not png.exists():
                jobs.append({"key": f"{key}@{scale:g}", "svg": svg, "out": str(png), "scale": scale})
    if jobs:
        started = time.perf_counter()
        process = subprocess.run(
            [node, str(tools / "fidelity" / "rasterize.mjs"), "--jobs", "2", "--timeout", "60"],
            input="".join(json.dumps(job) + "\n" for job in jobs),
            capture_output=True,
            text=True,
            env={**os.environ, "FONTCONFIG_FILE": str(fonts_conf)},
        )
        bad = [json.loads(line) for line in process.stdout.splitlines() if not json.loads(line).get("ok")]
        print(f"Chromium drew {len(jobs)} rasters in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        for result in bad:
            print(f"  Chromium failed {result['key']}: {result.get('error')}", file=sys.stderr)
    return {key: path for key, path in rasters.items() if Path(path).exists()}


def _measure_one(job: tuple[str, str, str, str, str, tuple[str, ...], int]) -> dict:
    """Convert one SVG to PNG and PDF and compare each with Chromium's drawing at its scale (the PDF
    rasterized by each of the job's rasterizers, format ``pdf-<rasterizer>``)."""
    from mermaid_printer.errors import PrinterError
    from mermaid_printer.export.pdf import svg_to_pdf
    from mermaid_printer.export.png import svg_to_png

    key, svg_path, chromium_1, chromium_pdf, out, rasterizers, pdf_dpi = job
    svg = Path(svg_path).read_text(encoding="utf-8")
    row: dict = {"id": key}
    try:
        png = on_white(Image.open(io.BytesIO(svg_to_png(svg, scale=1).data)))
        pdf = svg_to_pdf(svg).data if rasterizers else b""
    except PrinterError as error:
        row["error"] = f"{error.code}: {str(error)[:200]}"
        return row
    drawings = [("png", png, chromium_1)]
    drawings += [(f"pdf-{name}", pdf_page_png(pdf, pdf_dpi, name), chromium_pdf) for name in rasterizers]
    for name, ours, reference in drawings:
        if ours is None:
            continue
        drawn = on_white(Image.open(reference))
        row[name] = round(compare(drawn, ours).ssim, 4)
        ours.save(Path(out) / f"{key.replace('/', '_')}.{name}.png")
    return row


def measure_corpus(
    corpus: Path,
    tools: Path,
    out: Path,
    *,
    types: set[str] | None,
    per_type: int | None,
    again: bool,
    worst: int,
    ids: set[str] | None = None,
    rasterizers: tuple[str, ...] = ("pdfium",),
    pdf_dpi: int = PDF_DPI,
) -> dict:
    """Render, draw in Chromium, convert and compare every chosen diagram; the report."""
    out.mkdir(parents=True, exist_ok=True)
    items = _corpus_items(corpus, types, per_type, ids)
    kinds = {item["id"]: item["type"] for item in items}
    svgs = _render_svgs(corpus, items, out, again)
    pdf_scale = pdf_dpi / 96
    rasters = _chromium_rasters(tools, svgs, out, pdf_scale)
    ours = out / "ours"
    ours.mkdir(exist_ok=True)
    jobs = [
        (key, svg, rasters[(key, 1.0)], rasters[(key, pdf_scale)], str(ours), rasterizers, pdf_dpi)
        for key, svg in svgs.items()
        if (key, 1.0) in rasters and (key, pdf_scale) in rasters
    ]
    started = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        rows = list(pool.map(_measure_one, jobs, chunksize=4))
    print(f"converted and compared {len(rows)} in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    for row in rows:
        row["type"] = kinds[row["id"]]
    formats = ("png", *(f"pdf-{name}" for name in rasterizers))
    report = {
        "formats": formats,
        "diagrams": rows,
        "by_type": _by_type(rows, formats),
        "not_rendered": sorted(set(kinds) - set(svgs)),
    }
    (out / "report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    _save_worst(rows, formats, rasters, out, worst, pdf_scale)
    return report


def _by_type(rows: list[dict], formats: tuple[str, ...]) -> dict[str, dict]:
    grouped: dict[str, list[dict]] = collections.defaultdict(list)
    for row in rows:
        grouped[row["type"]].append(row)
    grouped["ALL"] = rows
    table = {}
    for name, members in grouped.items():
        entry: dict = {"n": len(members)}
        for fmt in formats:
            values = [row.get(fmt, 0.0) for row in members]
            entry[fmt] = {
                "mean": round(sum(values) / len(values), 4) if values else None,
                "good_pct": round(100 * sum(v >= GOOD_SSIM for v in values) / len(values), 1) if values else None,
                "min": round(min(values), 4) if values else None,
            }
        table[name] = entry
    return table


def format_table(by_type: dict[str, dict], formats: tuple[str, ...] = ("png", "pdf-pdfium")) -> str:
    """The per-type table: mean SSIM, share at >= 0.95 and the worst, for each format."""
    header = f"{'type':20s} {'n':>4s}"
    for fmt in formats:
        header += f" | {fmt[:15]:>15s} {'>=.95%':>6s} {'min':>6s}"
    lines = [header]
    order = [*sorted((name for name in by_type if name != "ALL"), key=lambda name: -by_type[name]["n"]), "ALL"]
    for name in order:
        row = by_type[name]
        cells = "".join(f" | {row[f]['mean']:15.4f} {row[f]['good_pct']:6.1f} {row[f]['min']:6.3f}" for f in formats)
        lines.append(f"{name:20s} {row['n']:4d}{cells}")
    return "\n".join(lines)


def _save_worst(
    rows: list[dict],
    formats: tuple[str, ...],
    rasters: dict[tuple[str, float], str],
    out: Path,
    count: int,
    pdf_scale: float,
) -> None:
    folder = out / "worst"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for fmt in formats:
        scale = 1.0 if fmt == "png" else pdf_scale
        scored = sorted((row for row in rows if fmt in row), key=lambda row: row[fmt])[:count]
        for rank, row in enumerate(scored):
            name = row["id"].replace("/", "_")
            reference = on_white(Image.open(rasters[(row["id"], scale)]))
            ours = Image.open(out / "ours" / f"{name}.{fmt}.png")
            side_by_side(reference, ours, folder / f"{fmt}-{rank:02d}-{name}-{row[fmt]:.3f}.png")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="PNG and PDF against Chromium drawing the product's SVG")
    parser.add_argument("--corpus", type=Path, required=True)
    parser.add_argument("--tools", type=Path, required=True, help="the fidelity tools, set up (ref/setup.sh)")
    parser.add_argument("--out", type=Path, default=Path("/tmp/export-fidelity"))
    parser.add_argument("--types", help="comma-separated diagram types (default: all)")
    parser.add_argument("--per-type", type=int, help="only the first N diagrams of each type")
    parser.add_argument("--ids", help="comma-separated diagram ids (default: all)")
    parser.add_argument("--again", action="store_true", help="render the SVGs again (else kept from a run before)")
    parser.add_argument("--worst", type=int, default=12, help="side-by-side pictures of the N worst per format")
    parser.add_argument(
        "--pdf-rasterizer",
        default="pdfium",
        help="comma-separated PDF rasterizers, each measured: pdfium (Chromium's PDF engine, the default),"
        " pdftocairo, pdftoppm; 'none' measures the PNG only",
    )
    parser.add_argument(
        "--pdf-dpi",
        type=int,
        default=PDF_DPI,
        help="resolution the PDF is rasterized at, against Chromium at dpi/96 (default 72: 0.75)",
    )
    args = parser.parse_args(argv)
    rasterizers = tuple(name for name in args.pdf_rasterizer.split(",") if name and name != "none")
    for name in rasterizers:
        if name not in PDF_RASTERIZERS:
            parser.error(f"--pdf-rasterizer: unknown {name!r}; one of {', '.join(PDF_RASTERIZERS)}")
    report = measure_corpus(
        args.corpus,
        args.tools,
        args.out,
        types=set(args.types.split(",")) if args.types else None,
        per_type=args.per_type,
        again=args.again,
        worst=args.worst,
        ids=set(args.ids.split(",")) if args.ids else None,
        rasterizers=rasterizers,
        pdf_dpi=args.pdf_dpi,
    )
    print(format_table(report["by_type"], tuple(report["formats"])))
    for key in report["not_rendered"]:
        print(f"not rendered: {key}")
    for row in report["diagrams"]:
        if "error" in row:
            print(f"conversion failed: {row['id']}: {row['error']}")
    print(f"report: {args.out / 'report.json'}; worst cases: {args.out / 'worst'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
