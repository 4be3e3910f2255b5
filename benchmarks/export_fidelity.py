"""How close our PNG and PDF come to Chromium drawing the same SVG (helpers for the fidelity report).

The method, used by ``test_export_fidelity.py``:

1. render a diagram to SVG with the product (fonts embedded, as users get it);
2. Chromium (headless, ``--screenshot``) draws that SVG inline in a page at its viewBox size,
   device scale factor ``SCALE``, on white. Chromium gets a private fontconfig setup holding only
   the vendored fonts (static instances named after their family), so text whose CSS names a
   family the SVG does not embed (Mermaid's sequence and journey diagrams ask for
   "trebuchet ms") falls back to the same font our layout measured with, not to whatever the
   machine has: the comparison measures the converter, not the machine's font set;
3. our PNG at the same scale on white; our PDF rasterized by poppler's ``pdftoppm`` at the same
   resolution (when installed);
4. the images are compared in grey levels: SSIM (Wang et al. 2004, 7×7 uniform window, as
   scikit-image's default), mean absolute difference (0–255), and the share of pixels that
   differ by more than 64 levels (a visible difference, not anti-aliasing).

Side-by-side images (Chromium | ours | difference) are written for a look by eye.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
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
    config = directory / "fonts.conf"
    config.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">'
        f"<fontconfig><dir>{font_dir}</dir><cachedir>{directory / 'cache'}</cachedir>"
        # A desktop's usual rendering settings (Debian's defaults): grey anti-aliasing, slight
        # hinting (which keeps advances unhinted). Without them fontconfig means full hinting.
        '<match target="pattern"><edit name="antialias" mode="assign"><bool>true</bool></edit>'
        '<edit name="hinting" mode="assign"><bool>true</bool></edit>'
        '<edit name="hintstyle" mode="assign"><const>hintslight</const></edit>'
        '<edit name="rgba" mode="assign"><const>none</const></edit></match>'
        "</fontconfig>"
    )
    return config


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


def pdf_page_png(pdf: bytes) -> Image.Image | None:
    """Our PDF rasterized by poppler at ``SCALE`` × 96 dpi, or ``None`` without ``pdftoppm``."""
    if shutil.which("pdftoppm") is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "page.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(96 * SCALE), "-singlefile", str(source), str(Path(tmp) / "page")],
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
