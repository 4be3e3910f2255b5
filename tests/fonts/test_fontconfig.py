"""The converter's private fontconfig setup: cairo reaches the vendored instances and nothing else."""

from __future__ import annotations

import io

import cairocffi as cairo
from export.export_checks import base_fonts

from mermaid_printer.fonts import converter_fonts, vendored_fonts


def test_cairo_cannot_reach_the_machines_fonts() -> None:
    converter_fonts()
    output = io.BytesIO()
    surface = cairo.PDFSurface(output, 200, 50)
    context = cairo.Context(surface)
    context.select_font_face("DejaVu Sans")
    context.move_to(10, 30)
    context.show_text("machine font?")
    surface.finish()

    (name,) = base_fonts(output.getvalue())
    vendored = {"".join(vendored.family.split()) for vendored in vendored_fonts()}
    assert name.split("-")[0] in vendored
