"""Safe file names for saved diagrams, made from their titles.

The stem is a slug of the title: folded to NFKC (``ｆｉ`` → ``fi``, ``²`` → ``2``) and lowercased;
letters, digits and combining marks of any script are kept (``Système`` → ``système``,
``系统架构`` stays), every run of anything else — spaces, punctuation, symbols, emoji, ``/``,
``\\``, ``:``, dots — becomes one ``-``, and ``-`` is trimmed from both ends. So a name never
holds a path separator, never starts with a dot and is never ``.`` or ``..``. The stem is cut to
``MAX_STEM_BYTES`` bytes of UTF-8 at a character boundary (file systems limit names in bytes,
usually to 255). An empty stem becomes ``diagram``; a name Windows reserves (``con``, ``prn``,
``aux``, ``nul``, ``com1``–``com9``, ``lpt1``–``lpt9``, whatever the suffix) gets ``-diagram``
appended.

When the name is taken, ``-2``, ``-3``, … are tried in turn: an existing file is never
overwritten — unless it already holds exactly the bytes about to be written (``content``), in
which case its name is returned and writing again changes nothing.
"""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

from mermaid_printer.errors import InvalidInput

__all__ = ["FALLBACK_STEM", "MAX_STEM_BYTES", "RESERVED_STEMS", "output_name", "slugify"]

#: The longest stem in UTF-8 bytes: readable, and far below 255 with a counter and a suffix.
MAX_STEM_BYTES = 100
#: The stem of a title with no letter or digit.
FALLBACK_STEM = "diagram"
#: Device names Windows reserves, with or without an extension.
RESERVED_STEMS = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)), *(f"lpt{n}" for n in range(1, 10))}
)
_MAX_CANDIDATES = 1000
_SUFFIX = re.compile(r"^\.[a-z0-9]{1,10}$")


def _kept(character: str) -> bool:
    return unicodedata.category(character)[0] in "LNM"


def slugify(title: str, max_bytes: int = MAX_STEM_BYTES) -> str:
    """The file stem for ``title`` (rules in the module docstring)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", title).lower())
    characters: list[str] = []
    for character in folded:
        # A combining mark is kept only on a kept character, never on a "-".
        keep = _kept(character) and (unicodedata.category(character)[0] != "M" or characters[-1:] not in ([], ["-"]))
        characters.append(character if keep else "-")
    slug = re.sub(r"-+", "-", "".join(characters)).strip("-")
    slug = slug.encode("utf-8")[:max_bytes].decode("utf-8", "ignore").strip("-")
    if not slug:
        return FALLBACK_STEM
    return f"{slug}-{FALLBACK_STEM}" if slug in RESERVED_STEMS else slug


def output_name(title: str, suffix: str, directory: Path, *, content: bytes | None = None) -> str:
    """A file name (no directory part) for a diagram titled ``title``, free in ``directory``.

    Args:
        suffix: the extension, ``".svg"`` or ``"svg"`` (lowercase letters and digits).
        content: the bytes to be written: an existing file holding exactly these keeps its name.

    Raises:
        InvalidInput: a malformed suffix, or a thousand files of that name already exist.
    """
    dotted = suffix if suffix.startswith(".") else f".{suffix}"
    if not _SUFFIX.match(dotted):
        raise InvalidInput(f"suffix {suffix!r} is not a file extension such as '.svg'", {"field": "suffix"})
    stem = slugify(title)
    for number in range(1, _MAX_CANDIDATES + 1):
        name = f"{stem}{dotted}" if number == 1 else f"{stem}-{number}{dotted}"
        path = directory / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            return name
        same_size = content is not None and stat.S_ISREG(info.st_mode) and info.st_size == len(content)
        if same_size and path.read_bytes() == content:
            return name
    raise InvalidInput(
        f"{_MAX_CANDIDATES} files named after {stem!r} already exist in {directory}; choose another title",
        {"field": "title"},
    )
