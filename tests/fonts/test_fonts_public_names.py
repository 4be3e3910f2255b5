"""The fonts package's public surface, and that the rest of the printer uses only that."""

from __future__ import annotations

import ast
from pathlib import Path

import mermaid_printer
import mermaid_printer.fonts

SOURCE = Path(mermaid_printer.__file__).parent


def test_the_package_exports_these_names() -> None:
    assert mermaid_printer.fonts.__all__ == [
        "CACHE_DIR_ENV",
        "FONT_METRICS_GLOBAL",
        "MERMAID_FAMILY",
        "ConverterFonts",
        "DrawnGlyph",
        "Face",
        "FaceChoice",
        "Family",
        "FontFace",
        "FontFile",
        "FontSubset",
        "LastResortFace",
        "LastResortFaces",
        "ResolvedFont",
        "converter_fonts",
        "converter_fonts_on_disk",
        "css_weight",
        "embed_fonts",
        "font_metrics",
        "font_metrics_path",
        "font_subsets",
        "last_resort_families",
        "measurement_family_rules",
        "preload_fonts",
        "system_fallback_families",
        "vendored_fonts",
    ]
    assert all(hasattr(mermaid_printer.fonts, name) for name in mermaid_printer.fonts.__all__)


def test_code_outside_the_package_imports_only_its_public_names() -> None:
    public = set(mermaid_printer.fonts.__all__)
    offending = []
    for path in sorted(SOURCE.rglob("*.py")):
        if path.is_relative_to(SOURCE / "fonts"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mermaid_printer.fonts"):
                names = {alias.name for alias in node.names}
                if node.module != "mermaid_printer.fonts" or not names <= public:
                    offending.append(
                        f"{path.relative_to(SOURCE)}: from {node.module} import {', '.join(sorted(names))}"
                    )
            elif isinstance(node, ast.Import) and any(
                alias.name.startswith("mermaid_printer.fonts.") for alias in node.names
            ):
                offending.append(f"{path.relative_to(SOURCE)}: import {', '.join(alias.name for alias in node.names)}")
    assert offending == []
