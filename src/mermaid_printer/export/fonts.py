"""The vendored fonts as static files that cairo can find, and HarfBuzz shapes with.

The PDF and PNG are drawn by cairo, which reaches fonts only through fontconfig (CairoSVG uses
cairo's "toy" font API and ignores ``@font-face``). So that the converter draws with exactly
the fonts the layout was measured with, and with nothing else on the machine:

* every font file in ``vendor/manifest.json`` that has a ``font_family`` becomes static
  TrueType instances: a variable font one per CSS weight its ``wght`` axis covers (100, 200,
  … 900, clamped to the axis), a static font one file at its own weight. HarfBuzz instances a
  file in ~1 ms, keeping glyph ids, so a glyph index means the same glyph in every instance;
* each instance gets its own family name (``mermaid-printer <file> <weight>``) so that cairo
  selects exactly one file, never a "best match"; the PostScript name, which a PDF shows
  (``pdffonts``), stays readable: ``RecursiveVariable-400``;
* the instances are written once per version into the user's cache directory (see
  :func:`_instance_directory`) and registered with a fresh fontconfig configuration that holds
  only them, made the process's current one (no system configuration is read, so the output
  does not depend on the machine's fonts);
* the same bytes are loaded into HarfBuzz, so :mod:`~mermaid_printer.export.text` can shape
  text (kerning, ligatures, mark positioning, as Chromium does) and hand cairo finished glyph
  positions.

Which file draws a character follows the browser's ``@font-face`` rules, as the measuring code
(``engine/js/text_measure.js``) and the SVG font embedding do: the CSS ``font-family`` list's
first family we have (else the manifest's first family), then CSS font-weight matching over
the family's weights, then the first file of that weight whose ``unicode_range`` and cmap cover
the character. A character no file of the family covers is drawn as the font's missing-glyph
box with the width the layout assumed (the measuring code's fallback advance).

Call :func:`converter_fonts` once in the warm process before it forks (the zygote does, in
``worker.prepare()``); every child then inherits the fontconfig setup, the open font files and
the HarfBuzz fonts. Making the instances takes ~0.1 s for the four Recursive files (once per
version); loading them from the cache, a few milliseconds.
"""

from __future__ import annotations

import atexit
import ctypes
import ctypes.util
import functools
import hashlib
import io
import json
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import fontTools
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.postprocess.fonts import vendored_fonts
from mermaid_printer.resources import vendor_manifest

__all__ = ["CACHE_DIR_ENV", "ConverterFonts", "Face", "Family", "converter_fonts", "css_weight"]

#: Environment variable naming where the instance files are kept (default: the user's cache).
CACHE_DIR_ENV = "MERMAID_PRINTER_CACHE_DIR"
# Bump when the instance files or the index change shape: a new key, a new directory.
_CACHE_FORMAT = 1
_INDEX = "index.json"

#: CSS weights a variable font is instanced at (those inside its wght axis range).
_INSTANCE_WEIGHTS = tuple(range(100, 1000, 100))
# Name records that identify a face; all others (copyright, license, ...) are kept.
_IDENTITY_NAME_IDS = frozenset({1, 2, 3, 4, 6, 16, 17, 18, 21, 22, 25})


@dataclass(frozen=True)
class Face:
    """One static font file: what cairo draws with and HarfBuzz shapes with (the same bytes)."""

    family: str
    weight: int
    italic: bool
    fc_name: str  # the unique family name cairo's toy API selects it by
    path: Path
    font: hb.Font = field(repr=False, compare=False)  # scale = units_per_em
    codepoints: frozenset[int] = field(repr=False, compare=False)
    units_per_em: int = 1000
    underline_position: float = -100.0  # font units, negative below the baseline
    underline_thickness: float = 50.0
    strikeout_position: float = 250.0
    strikeout_thickness: float = 50.0


@dataclass(frozen=True)
class Family:
    """A CSS font family: its files' instances, and the vertical metrics Chromium uses."""

    name: str
    faces: tuple[Face, ...]  # manifest file order, then weight
    weights: tuple[int, ...]  # every weight some face has, ascending
    units_per_em: int
    ascent: float  # font units (hhea, or OS/2 typo with USE_TYPO_METRICS), as text_measure.js
    descent: float  # font units, positive below the baseline
    x_height: float
    fallback_advance: float  # OS/2 xAvgCharWidth: the width assumed for characters it lacks

    def face_for(self, weight: int, codepoint: int) -> Face | None:
        """The face that draws ``codepoint`` at the CSS ``weight``, or ``None`` if none has it."""
        chosen = css_weight(weight, self.weights)
        for face in self.faces:
            if face.weight == chosen and codepoint in face.codepoints:
                return face
        return None

    def notdef_face(self, weight: int) -> Face:
        """The face whose missing-glyph box stands in for characters no face covers."""
        chosen = css_weight(weight, self.weights)
        return next(face for face in self.faces if face.weight == chosen)


@dataclass(frozen=True)
class ConverterFonts:
    """Every vendored family, registered with fontconfig and loaded into HarfBuzz."""

    families: dict[str, Family]  # lower-cased CSS name -> family
    default: Family
    directory: Path

    def resolve(self, css_families: str | None) -> Family:
        """The family a CSS ``font-family`` list draws with: its first name we have, else the
        default (as ``text_measure.js`` resolves it, so drawing matches measuring)."""
        for part in (css_families or "").split(","):
            name = part.strip()
            if len(name) >= 2 and name[0] in "\"'" and name.endswith(name[0]):
                name = name[1:-1].strip()
            family = self.families.get(name.lower())
            if family is not None:
                return family
        return self.default


def css_weight(wanted: int, available: tuple[int, ...]) -> int:
    """CSS Fonts 4 font-weight matching (section 5.2, step 4) over the ``available`` weights."""
    if wanted in available:
        return wanted
    lighter = [w for w in available if w < wanted]
    heavier = [w for w in available if w > wanted]
    if 400 <= wanted <= 500:
        up_to_500 = [w for w in heavier if w <= 500]
        if up_to_500:
            return min(up_to_500)
        if lighter:
            return max(lighter)
        return min(heavier)
    if wanted < 400:
        return max(lighter) if lighter else min(heavier)
    return min(heavier) if heavier else max(lighter)


@functools.cache
def converter_fonts() -> ConverterFonts:
    """Make the instance files (or find them in the cache), register them with a private
    fontconfig setup, load them into HarfBuzz.

    Cached per process; a forked child inherits the result.

    Raises:
        EngineUnavailable: fontconfig (a dependency of the system cairo library) is missing, or
            the instances cannot be written.
    """
    fontconfig = _Fontconfig.load()
    directory = _instance_directory()
    entries = json.loads((directory / _INDEX).read_text(encoding="utf-8"))
    vendored = vendored_fonts()
    config = fontconfig.new_config()
    by_family: dict[str, list[Face]] = {}
    for entry in entries:
        source = vendored[entry["file"]]
        path = directory / entry["name"]
        fontconfig.add_file(config, path)
        face = Face(
            family=source.family,
            weight=entry["weight"],
            italic=entry["italic"],
            fc_name=entry["fc_name"],
            path=path,
            font=hb.Font(hb.Face(hb.Blob(path.read_bytes()))),
            codepoints=source.codepoints,
            **entry["details"],
        )
        by_family.setdefault(source.family, []).append(face)
    fontconfig.make_current(config)

    metrics = {entry["family"]: entry["metrics"] for entry in entries if "metrics" in entry}
    families: dict[str, Family] = {}
    for name, faces in by_family.items():
        units_per_em, ascent, descent, x_height, fallback_advance = metrics[name]
        families[name.lower()] = Family(
            name=name,
            faces=tuple(faces),
            weights=tuple(sorted({face.weight for face in faces})),
            units_per_em=units_per_em,
            ascent=ascent,
            descent=descent,
            x_height=x_height,
            fallback_advance=fallback_advance,
        )
    if not families:
        raise EngineUnavailable("the vendored manifest lists no font with a font_family")
    default = families[next(iter(by_family)).lower()]
    return ConverterFonts(families=families, default=default, directory=directory)


def _instance_directory() -> Path:
    """The directory holding this version's instance files, made if need be.

    ``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then
    ``mermaid-printer/fonts-<key>``, where the key hashes the vendored files, this module's
    format and the HarfBuzz and fontTools versions: a new version gets a new directory and never
    reads an old one. Built in a private staging directory and renamed into place, so processes
    starting together never see half a directory. Where the cache cannot be written, the files
    go to a private temporary directory removed at exit.
    """
    fonts = [entry["sha256"] for entry in vendor_manifest()["files"] if "font_family" in entry]
    key_source = json.dumps([_CACHE_FORMAT, hb.__version__, fontTools.version, fonts])
    key = hashlib.sha256(key_source.encode("utf-8")).hexdigest()[:16]
    root = _cache_root()
    directory = root / f"fonts-{key}"
    if (directory / _INDEX).is_file():
        return directory
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".fonts-", dir=root))
    except OSError:
        return _temporary_instance_directory()
    try:
        _write_instances(staging)
        try:
            os.rename(staging, directory)
        except OSError:
            if not (directory / _INDEX).is_file():
                raise
            # Another process finished first; its files are the same.
    except OSError as exc:
        raise EngineUnavailable(f"cannot write the converter's fonts to {root}: {exc}") from exc
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return directory


def _temporary_instance_directory() -> Path:
    try:
        directory = Path(tempfile.mkdtemp(prefix="mermaid-printer-fonts-"))
        _write_instances(directory)
    except OSError as exc:
        raise EngineUnavailable(f"cannot write the converter's fonts: {exc}") from exc
    atexit.register(_remove_directory, directory, os.getpid())
    return directory


def _cache_root() -> Path:
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured:
        return Path(configured).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mermaid-printer"


def _write_instances(directory: Path) -> None:
    """Write every static instance and an index of them (with their metrics) into ``directory``."""
    entries: list[dict[str, object]] = []
    seen_families: set[str] = set()
    for index, vendored in enumerate(vendored_fonts()):
        default = TTFont(io.BytesIO(vendored.sfnt), lazy=True)
        family_metrics = None
        if vendored.family not in seen_families:
            seen_families.add(vendored.family)
            family_metrics = _family_metrics(default)
        for weight, italic, data in _instances(vendored.face, vendored.sfnt, default):
            fc_name = f"mermaid-printer {index} {weight}"
            ps_name = f"{''.join(vendored.family.split())}-{weight}{'Italic' if italic else ''}"
            renamed, details = _renamed(data, fc_name, ps_name)
            name = f"{index}-{weight}.ttf"
            (directory / name).write_bytes(renamed)
            entry: dict[str, object] = {
                "file": index,
                "family": vendored.family,
                "weight": weight,
                "italic": italic,
                "fc_name": fc_name,
                "name": name,
                "details": details,
            }
            if family_metrics is not None:
                entry["metrics"] = family_metrics
                family_metrics = None
            entries.append(entry)
    (directory / _INDEX).write_text(json.dumps(entries, indent=1), encoding="utf-8")


def _instances(face: hb.Face, sfnt: bytes, font: TTFont) -> list[tuple[int, bool, bytes]]:
    """``(weight, italic, sfnt)`` for each static instance of one vendored file."""
    italic = bool(font["OS/2"].fsSelection & 1) or font["post"].italicAngle != 0
    axes = {axis.axisTag: axis for axis in font["fvar"].axes} if "fvar" in font else {}
    if "wght" not in axes:
        if axes:
            subset_input = _keep_all_input()
            subset_input.pin_all_axes_to_default(face)
            sfnt = hb.subset(face, subset_input).blob.data
        return [(int(font["OS/2"].usWeightClass), italic, sfnt)]
    axis = axes["wght"]
    weights = [w for w in _INSTANCE_WEIGHTS if axis.minValue <= w <= axis.maxValue]
    if not weights:
        weights = [int(round(axis.defaultValue))]
    result = []
    for weight in weights:
        subset_input = _keep_all_input()
        subset_input.pin_axis_location(face, "wght", weight)
        for tag, other in axes.items():
            if tag != "wght":
                subset_input.pin_axis_location(face, tag, other.defaultValue)
        result.append((weight, italic, hb.subset(face, subset_input).blob.data))
    return result


def _keep_all_input() -> hb.SubsetInput:
    subset_input = hb.SubsetInput()
    subset_input.keep_everything()
    # Glyph ids stay those of the vendored file (so one shaping result fits every instance).
    subset_input.flags = subset_input.flags | hb.SubsetFlags.RETAIN_GIDS
    return subset_input


def _renamed(data: bytes, fc_name: str, ps_name: str) -> tuple[bytes, dict[str, float]]:
    """``data`` with its identity names replaced, plus the decoration metrics a ``Face`` keeps."""
    font = TTFont(io.BytesIO(data), lazy=True, recalcTimestamp=False)
    name = font["name"]
    name.names = [record for record in name.names if record.nameID not in _IDENTITY_NAME_IDS]
    for name_id, text in ((1, fc_name), (2, "Regular"), (3, fc_name), (4, fc_name), (6, ps_name)):
        name.setName(text, name_id, 3, 1, 0x409)
    os2, post = font["OS/2"], font["post"]
    details: dict[str, float] = {
        "units_per_em": int(font["head"].unitsPerEm),
        "underline_position": float(post.underlinePosition),
        "underline_thickness": float(post.underlineThickness),
        "strikeout_position": float(os2.yStrikeoutPosition),
        "strikeout_thickness": float(os2.yStrikeoutSize),
    }
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue(), details


def _family_metrics(font: TTFont) -> list[float]:
    """units per em, ascent, descent, x-height and fallback advance of a family's first file,
    read as ``scripts/build_font_metrics.py`` reads them for the layout."""
    os2, hhea = font["OS/2"], font["hhea"]
    if os2.fsSelection & (1 << 7):  # USE_TYPO_METRICS
        ascent, descent = float(os2.sTypoAscender), float(-os2.sTypoDescender)
    else:
        ascent, descent = float(hhea.ascent), float(-hhea.descent)
    x_height = float(getattr(os2, "sxHeight", 0) or 0) or ascent / 2
    return [int(font["head"].unitsPerEm), ascent, descent, x_height, float(os2.xAvgCharWidth)]


def _remove_directory(directory: Path, owner_pid: int) -> None:
    # Only the process that made it removes it (forked children inherit the atexit hook).
    if os.getpid() == owner_pid:
        shutil.rmtree(directory, ignore_errors=True)


class _Fontconfig:
    """The four fontconfig calls we need, through ctypes (the library cairo itself uses)."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._lib = library
        library.FcConfigCreate.restype = ctypes.c_void_p
        library.FcConfigCreate.argtypes = []
        library.FcConfigAppFontAddFile.restype = ctypes.c_int
        library.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        library.FcConfigSetCurrent.restype = ctypes.c_int
        library.FcConfigSetCurrent.argtypes = [ctypes.c_void_p]

    @classmethod
    def load(cls) -> _Fontconfig:
        names = ["libfontconfig.so.1", "libfontconfig.1.dylib", ctypes.util.find_library("fontconfig")]
        for name in names:
            if not name:
                continue
            try:
                return cls(ctypes.CDLL(name))
            except OSError:
                continue
        raise EngineUnavailable(
            "PDF and PNG output need the system cairo and fontconfig libraries "
            f"(Debian/Ubuntu: apt-get install libcairo2); fontconfig was not found on {sys.platform}"
        )

    def new_config(self) -> int:
        config = self._lib.FcConfigCreate()
        if not config:
            raise EngineUnavailable("fontconfig could not create a configuration")
        return int(config)

    def add_file(self, config: int, path: Path) -> None:
        if not self._lib.FcConfigAppFontAddFile(config, os.fsencode(path)):
            raise EngineUnavailable(f"fontconfig refused the converter font {path.name}")

    def make_current(self, config: int) -> None:
        if not self._lib.FcConfigSetCurrent(config):
            raise EngineUnavailable("fontconfig could not switch to the converter's fonts")
