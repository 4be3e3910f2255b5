"""End to end: Mermaid source to PDF and PNG through the real pool, engine and converter."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from export.export_checks import base_fonts, mapped_characters, pdftotext, pixel
from lxml import etree
from PIL import Image

import mermaid_printer
from mermaid_printer import (
    DiagramSyntaxError,
    Printer,
    PrinterError,
    RenderResult,
    RenderTimeout,
    build_pdf_options,
    build_png_options,
    build_render_options,
)
from mermaid_printer.export.png import svg_to_png

pytestmark = pytest.mark.engine

DIAGRAMS = Path(__file__).parent / "fixtures" / "diagrams"
# fixture -> labels whose characters the PDF must carry as text
LABELS = {
    "flowchart": ["Begin checkout", "Pay now", "Orders DB"],
    "sequence": ["Alice", "Hello Bob"],
    "class": ["Animal", "+makeSound() : void"],
    "state": ["Idle", "Running"],
    "er": ["CUSTOMER", "places"],
    "gantt": ["Release plan", "Design"],
    "pie": ["Favourite pets", "Dogs"],
    "journey": ["Morning routine", "Make coffee"],
}

# fixture -> the fonts its PDF embeds: the faces the layout measured with. Mermaid's pie, gantt
# and journey text asks for "trebuchet ms", verdana, arial: Arimo, as Chromium draws arial (journey's
# task labels too: they are HTML in a <switch> whose Open Sans <text> fallback no viewer draws once
# the HTML is converted to SVG text); the others inherit "Recursive Variable" from the root.
FONTS = {
    "flowchart": ["RecursiveVariable-400"],
    "sequence": ["RecursiveVariable-400"],
    "class": ["RecursiveVariable-400", "RecursiveVariable-700"],
    "state": ["RecursiveVariable-400"],
    "er": ["RecursiveVariable-400"],
    "gantt": ["Arimo-400", "Arimo-400Italic"],
    "pie": ["Arimo-400"],
    "journey": ["Arimo-400", "Arimo-700"],
}


def view_box(svg: str) -> tuple[float, float]:
    width, height = (float(v) for v in etree.fromstring(svg.encode()).get("viewBox").split()[2:])
    return width, height


@pytest.mark.parametrize("name", sorted(LABELS))
def test_each_core_type_becomes_a_pdf_with_its_labels_as_text_in_the_measured_font(printer: Printer, name: str) -> None:
    code = (DIAGRAMS / f"{name}.mmd").read_text()

    result = printer.render_pdf(build_pdf_options(code))

    assert result.pdf.startswith(b"%PDF-")
    assert base_fonts(result.pdf) == FONTS[name]
    characters = mapped_characters(result.pdf)
    for label in LABELS[name]:
        assert set(label) <= characters, label
    text = pdftotext(result.pdf)
    if text is not None:  # with poppler: the labels are searchable as written
        flat = " ".join(text.split())
        for label in LABELS[name]:
            assert label in flat, (label, flat)


@pytest.mark.parametrize("name", ["flowchart", "pie"])
def test_the_pdf_page_and_the_png_are_the_size_of_the_svg(printer: Printer, name: str) -> None:
    code = (DIAGRAMS / f"{name}.mmd").read_text()
    pdf_options, png_options = build_pdf_options(code), build_png_options(code)
    assert pdf_options.svg_options() == png_options.svg_options() == build_render_options(code, background="white")
    width, height = view_box(printer.render_svg(pdf_options.svg_options()).svg)

    pdf = printer.render_pdf(pdf_options)
    png = printer.render_png(png_options)

    assert (pdf.page_width_pt, pdf.page_height_pt, pdf.scale) == pytest.approx(
        (width * 0.75, height * 0.75, 1.0), abs=0.01
    )
    assert (png.width_px, png.height_px, png.scale) == (round(width * 2), round(height * 2), 2.0)
    assert Image.open(io.BytesIO(png.png)).size == (png.width_px, png.height_px)


def test_bold_text_is_drawn_from_the_bold_instance(printer: Printer) -> None:
    pdf = printer.render_pdf(build_pdf_options((DIAGRAMS / "class.mmd").read_text())).pdf

    assert {"RecursiveVariable-400", "RecursiveVariable-700"} <= set(base_fonts(pdf))


def test_text_in_a_font_family_without_a_bold_face_is_emboldened_not_swapped(printer: Printer) -> None:
    code = '%%{init: {"fontFamily": "Open Sans"}}%%\nflowchart LR\n  A["`**Bold** plain`"]'
    regular = '%%{init: {"fontFamily": "Open Sans"}}%%\nflowchart LR\n  A["`Bold plain`"]'

    bold_pdf = printer.render_pdf(build_pdf_options(code)).pdf
    bold_png = printer.render_png(build_png_options(code, scale=1)).png
    regular_png = printer.render_png(build_png_options(regular, scale=1)).png

    assert base_fonts(bold_pdf) == ["OpenSans-400"]  # Chromium fakes bold from the 400 face
    assert _dark_pixels(bold_png) > _dark_pixels(regular_png)  # same border, heavier text


def test_cjk_hangul_and_emoji_labels_are_drawn_from_the_faces_the_svg_measured(printer: Printer) -> None:
    code = 'flowchart LR\n  A["你好世界"] --> B["한국어"] --> C["Emoji 🚀 ok"]'

    svg = printer.render_svg(build_render_options(code))
    pdfs = [printer.render_pdf(build_pdf_options(code)) for _ in range(2)]
    png = printer.render_png(build_png_options(code))

    assert svg.warnings == pdfs[0].warnings == png.warnings == []
    assert pdfs[0].pdf == pdfs[1].pdf  # the second child finds the instances the first made
    assert {"NotoSansSC-400", "NotoSansKR-400", "NotoEmoji-400"} <= set(base_fonts(pdfs[0].pdf))
    assert set("你好世界한국어🚀") <= mapped_characters(pdfs[0].pdf)
    text = pdftotext(pdfs[0].pdf)
    if text is not None:
        assert {"你好世界", "한국어", "🚀"} <= set(text.split())


def _dark_pixels(png: bytes) -> int:
    grey = Image.open(io.BytesIO(png)).convert("L")
    return grey.point(lambda value: 255 if value < 128 else 0).histogram()[255]


def test_same_input_gives_byte_identical_pdf_and_png(printer: Printer) -> None:
    code = (DIAGRAMS / "state.mmd").read_text()

    pdfs = {printer.render_pdf(build_pdf_options(code, paper="A4")).pdf for _ in range(2)}
    pngs = {printer.render_png(build_png_options(code, scale=1)).png for _ in range(2)}

    assert (len(pdfs), len(pngs)) == (1, 1)


def test_a_png_is_hinted_by_the_font_subsets_its_svg_embeds(printer: Printer) -> None:
    # The info diagram's "v12.3.0" at 32 px: Chromium hints the SVG's subset of those characters
    # alone (no reference letters: the digits' tops are not snapped). The PNG job draws an SVG
    # without embedded fonts, so it must be told which subsets the product SVG embeds.
    png = printer.render_png(build_png_options("info", scale=1)).png
    svg = printer.render_svg(build_render_options("info")).svg
    without_fonts = re.sub(r"<style>@font-face[^<]*</style>", "", svg)

    assert "@font-face" in svg and "@font-face" not in without_fonts
    assert png == svg_to_png(svg, scale=1).data
    assert png != svg_to_png(without_fonts, scale=1).data


def test_a_large_diagram_shrinks_onto_paper(printer: Printer) -> None:
    code = "flowchart LR\n" + "\n".join(f"  N{n}[Step number {n}] --> N{n + 1}" for n in range(30))

    result = printer.render_pdf(build_pdf_options(code, paper="A4", margin_mm=15))

    assert (result.page_width_pt, result.page_height_pt, result.orientation) == (841.89, 595.276, "landscape")
    assert 0 < result.scale < 1
    assert re.search(rb"/MediaBox \[ ?0 0 841\.8\d* 595\.2\d* ?\]", result.pdf)


def test_png_background_defaults_to_white_and_can_be_transparent(printer: Printer) -> None:
    code = (DIAGRAMS / "pie.mmd").read_text()

    white = printer.render_png(build_png_options(code, scale=1)).png
    clear = printer.render_png(build_png_options(code, scale=1, background="transparent")).png

    assert pixel(white, 0, 0) == (255, 255, 255, 255)
    assert pixel(clear, 0, 0)[3] == 0


def test_a_syntax_error_is_located_for_pdf_and_png(printer: Printer) -> None:
    code = "flowchart TD\n  A --> B\n  B --> --> C\n"

    for render in (
        lambda: printer.render_pdf(build_pdf_options(code)),
        lambda: printer.render_png(build_png_options(code)),
    ):
        with pytest.raises(DiagramSyntaxError) as caught:
            render()
        assert caught.value.line == 3


def test_an_export_over_its_time_limit_times_out_and_the_next_one_works(printer: Printer) -> None:
    long_chain = "flowchart TD\n" + "\n".join(f"  N{n} --> N{n + 1}" for n in range(300))

    with pytest.raises(RenderTimeout):
        printer.render_png(build_png_options(long_chain, timeout_ms=1000))
    assert printer.render_pdf(build_pdf_options("flowchart TD\n  A --> B")).pdf.startswith(b"%PDF-")


def test_the_public_api_names_the_pdf_and_png_entry_points() -> None:
    assert {
        "PAPER_SIZES",
        "PdfOptions",
        "PdfResult",
        "PngOptions",
        "PngResult",
        "build_pdf_options",
        "build_png_options",
        "render_pdf",
        "render_png",
    } <= set(mermaid_printer.__all__)
    assert sorted(mermaid_printer.export.__all__) == ["cairo_unavailable", "export_unavailable", "prepare_export"]


def test_the_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    (example,) = [block for block in re.findall(r"```python\n(.*?)```", readme, re.S) if "render_pdf" in block]

    namespace: dict[str, object] = {}
    exec(compile(example, "README.md", "exec"), namespace)

    # The module-level functions (the process-wide printer) and a Printer of its own, each
    # called with the source and keywords; the request-model form draws the same bytes.
    svg, pdf, png = namespace["svg"], namespace["pdf"], namespace["png"]
    assert isinstance(svg, str) and svg.startswith("<svg")
    keywords, model = namespace["result"], namespace["again"]
    assert isinstance(keywords, RenderResult) and isinstance(model, RenderResult)
    assert keywords.svg == model.svg
    assert isinstance(pdf, bytes) and pdf.startswith(b"%PDF-") and b"/MediaBox [ 0 0 841.8" in pdf
    assert isinstance(png, bytes) and Image.open(io.BytesIO(png)).size[0] == 800
    printed = capsys.readouterr().out.split("\n")
    assert printed[0].startswith("pie ")
    assert printed[1].startswith("792.0 612.0 landscape")  # auto: the pie is wider than tall


@pytest.mark.parametrize("name", ["html-in-label", "theme-css-breakout", "font-face-remote", "classdef-breakout"])
def test_hostile_diagrams_export_inert_or_are_refused_as_mermaid_refuses_them(printer: Printer, name: str) -> None:
    from test_security import HOSTILE, REFUSED

    renders: list[Callable[[], bytes]] = [
        lambda: printer.render_pdf(build_pdf_options(HOSTILE[name])).pdf,
        lambda: printer.render_png(build_png_options(HOSTILE[name], scale=1)).png,
    ]
    for render in renders:
        if name in REFUSED:
            with pytest.raises(PrinterError) as caught:
                render()
            assert caught.value.code == REFUSED[name]
            continue
        data = render()
        assert data.startswith((b"%PDF-", b"\x89PNG"))
        assert b"evil.example" not in data
