"""Static instances of the vendored fonts, as files cairo can draw with, kept in a cache directory.

The converter draws the PDF and PNG with cairo, which reaches fonts only through fontconfig, so
that it draws with exactly the fonts the layout was measured with:

* every font file in ``vendor/manifest.json`` that has a ``font_family`` becomes static
  TrueType instances: a variable font one per CSS weight its ``wght`` axis covers (100, 200,
  … 900, clamped to the axis), a static font one file at its own weight. HarfBuzz instances a
  file quickly, keeping glyph ids, so a glyph index means the same glyph in every instance;
* each instance gets its own family name (``mermaid-printer <file> <weight>``) so that cairo
  selects exactly one file, never a "best match"; the PostScript name, which a PDF shows
  (``pdffonts``), stays readable: ``RecursiveVariable-400``;
* the instances are written once per version into the user's cache directory (see
  :func:`instance_directory`), with an index of them and their metrics (:data:`INDEX`).

Making the instances takes seconds, once per version; loading them from the cache is quick
(``benchmarks/RESULTS.md``, "Post-processing, fonts and export").

The last-resort faces (CJK, emoji) come in 194 unicode-range slices (making them all at once
would slow every first start), so a slice's instance is made when a character of it is first drawn,
by whichever process draws it (:class:`LastResortInstances`), once per machine and
version (mostly decoding the woff2), written into the same cache directory under a temporary
name and renamed into place, so processes racing for it write the same bytes and none reads
half a file. Later processes find it there and only register it. A cache shipped
read-only has no room for them: they go to a private per-user directory instead
(:func:`spill_directory`).
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import io
import json
import os
import shutil
import tempfile
import threading
from pathlib import Path
from typing import TypedDict

import fontTools
import uharfbuzz as hb
from fontTools.ttLib import TTFont

from mermaid_printer.errors import EngineUnavailable
from mermaid_printer.files import CACHE_DIR_ENV, cache_root, is_own_directory, write_atomically
from mermaid_printer.fonts.catalog import FontFile, vendored_fonts
from mermaid_printer.fonts.faces import Face, css_weight
from mermaid_printer.fonts.fontconfig import Fontconfig
from mermaid_printer.fonts.metrics import last_resort_families
from mermaid_printer.resources import vendor_manifest

__all__ = [
    "CACHE_DIR_ENV",
    "INDEX",
    "LastResortInstances",
    "face_metrics",
    "instance_directory",
    "restore_instance_files",
    "spill_directory",
    "write_instances",
]

#: Environment variable naming where the instance files are kept (default: the user's cache).
#: The index of an instance directory: one entry per instance file (its vendored file's index,
#: family, weight, italic, fontconfig name, file name, decoration details and face metrics).
INDEX = "index.json"
# Bump when the instance files or the index change shape: a new key, a new directory.
_CACHE_FORMAT = 4

#: CSS weights a variable font is instanced at (those inside its wght axis range).
_INSTANCE_WEIGHTS = tuple(range(100, 1000, 100))
# Name records that identify a face; all others (copyright, license, ...) are kept.
_IDENTITY_NAME_IDS = frozenset({1, 2, 3, 4, 6, 16, 17, 18, 21, 22, 25})


class _Decoration(TypedDict):
    """The units per em and the underline and strike-out metrics a ``Face`` keeps (font units)."""

    units_per_em: int
    underline_position: float
    underline_thickness: float
    strikeout_position: float
    strikeout_thickness: float


def instance_directory() -> Path:
    """The directory holding this version's instance files, made if need be.

    ``$MERMAID_PRINTER_CACHE_DIR``, else ``$XDG_CACHE_HOME`` or ``~/.cache``, then
    ``mermaid-printer/fonts-<key>``, where the key hashes the vendored files, this module's
    format and the HarfBuzz and fontTools versions: a new version gets a new directory and never
    reads an old one. Built in a private staging directory and renamed into place, so processes
    starting together never see half a directory. Where the cache cannot be written (read-only,
    full), the files go to a private temporary directory removed at exit.

    Raises:
        EngineUnavailable: the instances cannot be written anywhere.
    """
    fonts = [entry["sha256"] for entry in vendor_manifest()["files"] if "font_family" in entry]
    key_source = json.dumps([_CACHE_FORMAT, hb.__version__, fontTools.version, fonts])
    key = hashlib.sha256(key_source.encode("utf-8")).hexdigest()[:16]
    root = cache_root()
    directory = root / f"fonts-{key}"
    if (directory / INDEX).is_file():
        return directory
    try:
        root.mkdir(mode=0o700, parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".fonts-", dir=root))
    except OSError:
        return _temporary_instance_directory()
    try:
        write_instances(staging)
        try:
            os.rename(staging, directory)
        except OSError:
            if not (directory / INDEX).is_file():
                raise
            # Another process finished first; its files are the same.
    except OSError:
        # A full (or failing) cache costs a private copy, never PDF and PNG.
        return _temporary_instance_directory()
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return directory


def restore_instance_files(directory: Path, paths: list[Path]) -> None:
    """Write again the instance files among ``paths`` that have gone from ``directory`` (a cache
    cleaner, or someone, removed them while the printer runs): made in a staging directory beside
    it and renamed into place one by one, so a process drawing meanwhile never reads half a file.

    Raises:
        EngineUnavailable: they cannot be written there again.
    """
    missing = [path for path in paths if not path.is_file()]
    if not missing:
        return
    try:
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".fonts-", dir=directory.parent))
    except OSError as exc:
        raise EngineUnavailable(
            f"the converter's font files in {directory} were removed and cannot be written again: {exc}",
            {"reason": "font_cache_lost"},
        ) from exc
    try:
        write_instances(staging)
        for path in [*missing, directory / INDEX]:
            if not path.is_file():
                os.replace(staging / path.name, path)
    except OSError as exc:
        raise EngineUnavailable(
            f"the converter's font files in {directory} were removed and cannot be written again: {exc}",
            {"reason": "font_cache_lost"},
        ) from exc
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _temporary_instance_directory() -> Path:
    try:
        directory = Path(tempfile.mkdtemp(prefix="mermaid-printer-fonts-"))
        write_instances(directory)
    except OSError as exc:
        raise EngineUnavailable(f"cannot write the converter's fonts: {exc}") from exc
    atexit.register(_remove_directory, directory, os.getpid())
    return directory


def write_instances(directory: Path) -> None:
    """Write every static instance but the last-resort faces' and an index of them (with their
    metrics) into ``directory``."""
    entries: list[dict[str, object]] = []
    last_resort = last_resort_families()
    for index, vendored in enumerate(vendored_fonts()):
        if vendored.family in last_resort:
            continue  # made on first use (see LastResortInstances)
        default = TTFont(io.BytesIO(vendored.sfnt), lazy=True)
        metrics = face_metrics(default)
        for weight, italic, data in _instances(vendored, default):
            fc_name, ps_name, name = _instance_names(index, vendored.family, weight, italic)
            renamed, details = _renamed(data, fc_name, ps_name)
            (directory / name).write_bytes(renamed)
            entries.append(
                {
                    "file": index,
                    "family": vendored.family,
                    "weight": weight,
                    "italic": italic,
                    "fc_name": fc_name,
                    "name": name,
                    "details": details,
                    "metrics": metrics,
                }
            )
    (directory / INDEX).write_text(json.dumps(entries, indent=1), encoding="utf-8")


def _instance_names(index: int, family: str, weight: int, italic: bool) -> tuple[str, str, str]:
    """The fontconfig family name, PostScript name and file name of an instance of the
    ``index``-th vendored file."""
    ps_name = f"{''.join(family.split())}-{weight}{'Italic' if italic else ''}"
    return f"mermaid-printer {index} {weight}", ps_name, f"{index}-{weight}.ttf"


def spill_directory(cache_directory: Path) -> Path:
    """Where fonts made on demand go when ``cache_directory`` cannot be written: a private
    directory of this user's in the system's temporary directory, per cache version."""
    user = os.getuid() if hasattr(os, "getuid") else "user"
    return Path(tempfile.gettempdir()) / f"mermaid-printer-fonts-{user}" / cache_directory.name


def _private_directory(directory: Path) -> None:
    """Create ``directory`` (0700) if need be and check that it and its parent are this
    user's own real directories: fonts planted in a shared /tmp must never be loaded.

    Raises:
        OSError: it cannot be created, or it is not this user's.
    """
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    for path in (directory.parent, directory):
        if not is_own_directory(path):
            raise PermissionError(f"{path} is not a directory of this user")
        if path.lstat().st_mode & 0o022:
            raise PermissionError(f"{path} is writable by others")


def _instances(vendored: FontFile, font: TTFont) -> list[tuple[int, bool, bytes]]:
    """``(weight, italic, sfnt)`` for each static instance of one vendored file (``font``: its
    decoded bytes, read lazily)."""
    italic = bool(font["OS/2"].fsSelection & 1) or font["post"].italicAngle != 0
    axes = {axis.axisTag: axis for axis in font["fvar"].axes} if "fvar" in font else {}
    sfnt = vendored.sfnt
    if "wght" not in axes:
        if axes:
            subset_input = _keep_all_input()
            subset_input.pin_all_axes_to_default(vendored.face)
            sfnt = hb.subset(vendored.face, subset_input).blob.data
        return [(int(font["OS/2"].usWeightClass), italic, sfnt)]
    face = vendored.face
    axis = axes["wght"]
    weights = [w for w in _INSTANCE_WEIGHTS if axis.minValue <= w <= axis.maxValue]
    if not weights:
        weights = [round(axis.defaultValue)]
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


def _renamed(data: bytes, fc_name: str, ps_name: str) -> tuple[bytes, _Decoration]:
    """``data`` with its identity names replaced, plus the decoration metrics a ``Face`` keeps."""
    font = TTFont(io.BytesIO(data), lazy=True, recalcTimestamp=False)
    name = font["name"]
    name.names = [record for record in name.names if record.nameID not in _IDENTITY_NAME_IDS]
    for name_id, text in ((1, fc_name), (2, "Regular"), (3, fc_name), (4, fc_name), (6, ps_name)):
        name.setName(text, name_id, 3, 1, 0x409)
    details = _decoration_details(font)
    buffer = io.BytesIO()
    font.save(buffer)
    return buffer.getvalue(), details


def _decoration_details(font: TTFont) -> _Decoration:
    """The units per em and the underline and strike-out metrics a ``Face`` keeps."""
    os2, post = font["OS/2"], font["post"]
    return {
        "units_per_em": int(font["head"].unitsPerEm),
        "underline_position": float(post.underlinePosition),
        "underline_thickness": float(post.underlineThickness),
        "strikeout_position": float(os2.yStrikeoutPosition),
        "strikeout_thickness": float(os2.yStrikeoutSize),
    }


def face_metrics(font: TTFont) -> list[float]:
    """units per em, ascent, descent and x-height of one file, read as
    ``scripts/build_font_metrics.py`` reads a face's first file for the layout."""
    os2, hhea = font["OS/2"], font["hhea"]
    if os2.fsSelection & (1 << 7):  # USE_TYPO_METRICS
        ascent, descent = float(os2.sTypoAscender), float(-os2.sTypoDescender)
    else:
        ascent, descent = float(hhea.ascent), float(-hhea.descent)
    x_height = float(getattr(os2, "sxHeight", 0) or 0) or ascent / 2
    return [int(font["head"].unitsPerEm), ascent, descent, x_height]


def _remove_directory(directory: Path, owner_pid: int) -> None:
    # Only the process that made it removes it (forked children inherit the atexit hook).
    if os.getpid() == owner_pid:
        shutil.rmtree(directory, ignore_errors=True)


class LastResortInstances:
    """Instances of last-resort files: found in the cache directory or made there, then
    registered with the converter's fontconfig setup and loaded into HarfBuzz (once per
    process; a forked child adds them to its own copy of the setup)."""

    def __init__(self, fontconfig: Fontconfig, config: int, directory: Path) -> None:
        self._fontconfig = fontconfig
        self._config = config
        self._directory = directory
        self._made: dict[int, Face] = {}
        self._lock = threading.Lock()

    def forget_missing(self) -> None:
        """Forget instances whose file has gone, so that they are made again when next drawn."""
        with self._lock:
            for index, face in list(self._made.items()):
                if not face.path.is_file():
                    del self._made[index]

    def instance(self, index: int, vendored: FontFile) -> Face:
        """The instance of ``vendored`` (the ``index``-th vendored file) at its own weight.

        Raises:
            EngineUnavailable: the instance had to be made and could not be written.
        """
        with self._lock:
            face = self._made.get(index)
            if face is None:
                face = self._made[index] = self._load(index, vendored)
            return face

    def _load(self, index: int, vendored: FontFile) -> Face:
        weight = int(vendored.weight.split()[0])  # a static face: its weight descriptor
        italic = vendored.style == "italic"
        fc_name, ps_name, name = _instance_names(index, vendored.family, weight, italic)
        # A cache shipped read-only has no room for slices made later: those go to a private
        # per-user directory instead (found there by the next process, like the cache).
        spill = spill_directory(self._directory)
        places = [self._directory / name]
        with contextlib.suppress(OSError):
            if spill.is_dir():
                _private_directory(spill)  # checked before anything in it is read
                places.append(spill / name)
        for path in places:
            try:
                data = path.read_bytes()
                details = _decoration_details(TTFont(io.BytesIO(data), lazy=True))
                break
            except (FileNotFoundError, NotADirectoryError):
                continue
        else:
            default = TTFont(io.BytesIO(vendored.sfnt), lazy=True)
            made = {instance_weight: sfnt for instance_weight, _italic, sfnt in _instances(vendored, default)}
            data, details = _renamed(made[css_weight(weight, tuple(made))], fc_name, ps_name)
            path = self._directory / name
            try:
                write_atomically(path, data, private=True)
            except OSError as cache_error:
                path = spill / name
                try:
                    _private_directory(spill)
                    write_atomically(path, data, private=True)
                except OSError as exc:
                    raise EngineUnavailable(
                        f"cannot write the converter's fonts to {self._directory} ({cache_error.strerror}) "
                        f"or {spill}: {exc}"
                    ) from exc
        self._fontconfig.add_file(self._config, path)
        return Face(
            family=vendored.family,
            weight=weight,
            italic=italic,
            fc_name=fc_name,
            path=path,
            font=hb.Font(hb.Face(hb.Blob(data))),
            codepoints=vendored.codepoints,
            source=index,
            **details,
        )
