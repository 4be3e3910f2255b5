"""The four fontconfig calls the converter needs, through ctypes.

cairo reaches fonts only through fontconfig (CairoSVG uses cairo's "toy" font API and ignores
``@font-face``). The converter makes a fresh fontconfig configuration that holds only the
vendored fonts' instances and makes it the process's current one, so no system configuration is
read and the output does not depend on the machine's fonts. fontconfig is the library cairo
itself uses; no Python binding of it is needed for four calls.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import sys
from pathlib import Path

from mermaid_printer.errors import EngineUnavailable

__all__ = ["Fontconfig"]


class Fontconfig:
    """The system fontconfig library: create a configuration, add font files, make it current."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._lib = library
        library.FcConfigCreate.restype = ctypes.c_void_p
        library.FcConfigCreate.argtypes = []
        library.FcConfigAppFontAddFile.restype = ctypes.c_int
        library.FcConfigAppFontAddFile.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        library.FcConfigSetCurrent.restype = ctypes.c_int
        library.FcConfigSetCurrent.argtypes = [ctypes.c_void_p]

    @classmethod
    def load(cls) -> Fontconfig:
        """The system's fontconfig.

        Raises:
            EngineUnavailable: the library is not installed.
        """
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
        """A new, empty configuration (its address)."""
        config = self._lib.FcConfigCreate()
        if not config:
            raise EngineUnavailable("fontconfig could not create a configuration")
        return int(config)

    def add_file(self, config: int, path: Path) -> None:
        """Register one font file with ``config``."""
        if not self._lib.FcConfigAppFontAddFile(config, os.fsencode(path)):
            raise EngineUnavailable(f"fontconfig refused the converter font {path.name}")

    def make_current(self, config: int) -> None:
        """Make ``config`` the process's configuration (what cairo looks fonts up in)."""
        if not self._lib.FcConfigSetCurrent(config):
            raise EngineUnavailable("fontconfig could not switch to the converter's fonts")
