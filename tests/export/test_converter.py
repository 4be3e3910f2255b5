"""SVG to PDF and PNG with the real converter (CairoSVG on the system cairo), on small SVGs."""

from __future__ import annotations

import contextlib
import io
import re
import urllib.request
from pathlib import Path

import cairosvg.url
import pytest
import uharfbuzz
from export.export_checks import base_fonts, ink_box, mapped_characters, pdftotext, pixel
from PIL import Image

from mermaid_printer.errors import InvalidInput, PrinterError, RenderFailed
from mermaid_printer.export import prepare_export
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.fonts import catalog as font_catalog
from mermaid_printer.fonts import instances as font_instances
from mermaid_printer.fonts import resolve as font_resolve

HOSTILE = Path(__file__).parent.parent / "postprocess" / "fixtures" / "hostile"
FONT = "font-family:'Recursive Variable', arial, sans-serif"


def svg(body: str, width: int = 200, height: int = 100, style: str = "") -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="100%">'
        f"<style>text{{{FONT};font-size:20px}}{style}</style>{body}</svg>"
    )


def test_a_middle_anchored_line_split_over_tspans_is_centred_as_one_chunk() -> None:
    # Mermaid puts each word of a label in its own tspan inside one positioned tspan.
    split = svg(
        '<text text-anchor="middle"><tspan x="100" y="50"><tspan>Left</tspan><tspan> Right</tspan></tspan></text>'
    )
    whole = svg('<text text-anchor="middle" x="100" y="50">Left Right</text>')

    split_box, whole_box = ink_box(svg_to_png(split, scale=1).data), ink_box(svg_to_png(whole, scale=1).data)

    assert split_box == whole_box
    assert split_box is not None and abs((split_box[0] + split_box[2]) / 2 - 100) <= 2


def test_end_anchoring_puts_the_text_before_x() -> None:
    box = ink_box(svg_to_png(svg('<text text-anchor="end" x="150" y="50">End</text>'), scale=1).data)

    assert box is not None and 146 <= box[2] <= 151 and box[0] > 100


def test_a_central_baseline_centres_capitals_on_y() -> None:
    box = ink_box(svg_to_png(svg('<text x="20" y="50" dominant-baseline="central">HHH</text>'), scale=1).data)

    assert box is not None and abs((box[1] + box[3]) / 2 - 50) <= 2.5


def test_pdf_text_is_real_text_in_the_embedded_font_with_its_spaces() -> None:
    pdf = svg_to_pdf(svg('<text x="10" y="40">Pay now</text><text x="10" y="80" font-weight="bold">Bold</text>'))

    assert base_fonts(pdf.data) == ["RecursiveVariable-400", "RecursiveVariable-700"]
    assert set("Pay now Bold") <= mapped_characters(pdf.data)
    extracted = pdftotext(pdf.data)
    if extracted is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    assert "Pay now" in extracted and "Bold" in extracted


def test_text_is_drawn_from_the_face_the_layout_measured_with() -> None:
    body = (
        '<text x="5" y="30" style="font-family:\'trebuchet ms\', verdana, arial">Pie</text>'
        '<text x="5" y="60" style="font-family:\'Open Sans\', serif" font-style="italic">Sequence</text>'
        '<text x="5" y="90" style="font-family:serif" font-weight="bold">Serif</text>'
    )
    pdf = svg_to_pdf(svg(body, height=100)).data

    assert base_fonts(pdf) == ["Arimo-400", "OpenSans-400Italic", "Tinos-700"]


@pytest.mark.parametrize(("family", "faked"), [("'Open Sans'", True), ("arial", False)])
def test_bold_is_synthesized_only_where_the_family_has_no_bold_face(family: str, faked: bool) -> None:
    def dark_pixels(weight: str) -> int:
        body = f'<text x="5" y="50" style="font-family:{family}" font-weight="{weight}">Heavy text</text>'
        png = svg_to_png(svg(body), scale=2).data
        box = ink_box(png)
        assert box is not None
        grey = Image.open(io.BytesIO(png)).convert("L")
        return grey.point(lambda value: 255 if value < 128 else 0).histogram()[255]

    pdf_fonts = base_fonts(
        svg_to_pdf(svg(f'<text x="5" y="50" style="font-family:{family}" font-weight="bold">B</text>')).data
    )

    assert pdf_fonts == (["OpenSans-400"] if faked else ["Arimo-700"])
    assert dark_pixels("bold") > dark_pixels("normal") * 1.15


def test_the_same_svg_gives_the_same_pdf_bytes_without_a_creation_date() -> None:
    source = svg('<text x="10" y="40">Same</text>')

    first, second = svg_to_pdf(source).data, svg_to_pdf(source).data

    assert first == second
    assert b"/CreationDate" not in first


def test_a_paper_size_sets_the_media_box() -> None:
    pdf = svg_to_pdf(svg('<rect width="200" height="100"/>'), paper="A4")

    assert (pdf.page_width_pt, pdf.page_height_pt, pdf.orientation, pdf.scale) == (841.89, 595.276, "landscape", 1.0)
    assert re.search(rb"/MediaBox \[ ?0 0 841\.8\d* 595\.2\d* ?\]", pdf.data)


def test_colours_cairosvg_cannot_read_are_drawn_in_their_colour() -> None:
    body = '<rect width="100" height="100" fill="hsl(-120, 0%, 80%)"/><rect x="100" width="100" height="100" fill="#ff000080"/>'
    png = svg_to_png(svg(body), scale=1, background="transparent").data

    assert pixel(png, 50, 50) == (204, 204, 204, 255)
    red, green, blue, alpha = pixel(png, 150, 50)
    assert (red, green, blue) == (255, 0, 0) and abs(alpha - 128) <= 1


def test_an_unblurred_drop_shadow_is_drawn_beneath_the_shape() -> None:
    body = (
        '<filter id="s"><feDropShadow dx="10" dy="10" stdDeviation="0" flood-color="#000" flood-opacity="0.5"/></filter>'
        '<rect x="20" y="20" width="50" height="50" fill="#fff" filter="url(#s)"/>'
    )
    png = svg_to_png(svg(body), scale=1, background="white").data

    assert pixel(png, 45, 45)[:3] == (255, 255, 255)  # the shape itself
    assert all(abs(channel - 128) <= 1 for channel in pixel(png, 75, 75)[:3])  # its shadow, offset (10, 10)
    assert pixel(png, 85, 85)[:3] == (255, 255, 255)


def test_png_background_is_painted_unless_transparent() -> None:
    source = svg('<rect x="90" y="40" width="20" height="20"/>')

    assert pixel(svg_to_png(source, scale=1).data, 1, 1) == (255, 255, 255, 255)
    assert pixel(svg_to_png(source, scale=1, background="transparent").data, 1, 1)[3] == 0
    assert pixel(svg_to_png(source, scale=1, background="#336699").data, 1, 1) == (51, 102, 153, 255)


def test_an_unknown_background_colour_name_is_invalid_input() -> None:
    with pytest.raises(InvalidInput) as caught:
        svg_to_png(svg(""), background="notacolour")
    assert caught.value.details == {"field": "background"}


def test_png_size_follows_scale_and_width() -> None:
    source = svg("", width=200, height=100)

    assert (svg_to_png(source).width_px, svg_to_png(source).height_px) == (400, 200)
    image = svg_to_png(source, width=50)
    assert (image.width_px, image.height_px, image.scale) == (50, 25, 0.25)
    assert image.data.startswith(b"\x89PNG")


def test_characters_no_font_has_are_drawn_as_boxes_with_a_warning() -> None:
    png = svg_to_png(svg('<text x="10" y="50">A \ue000 中</text>'))  # U+E000: private use

    assert png.warnings == ["1 character(s) are not in the bundled fonts and are drawn as empty boxes: U+E000"]
    assert ink_box(png.data) is not None


def test_a_missing_symbol_takes_the_width_the_layout_gave_it() -> None:
    # text_measure.js: 0.838 em for arrows, symbols and dingbats (Chromium's DejaVu Sans), not
    # the first face's average width (Recursive: 0.55 em).
    def left(text: str) -> int:
        box = ink_box(
            svg_to_png(
                svg(f'<text x="390" y="150" text-anchor="end">{text}</text>', 400, 200, "text{font-size:100px}"),
                scale=1,
            ).data
        )
        assert box is not None
        return box[0]

    assert abs((left("HH") - left("H\u2764H")) - 83.8) <= 1.5


def test_underline_draws_a_line_under_the_text() -> None:
    plain = ink_box(svg_to_png(svg('<text x="10" y="50">ace</text>'), scale=1).data)
    underlined = ink_box(svg_to_png(svg('<text x="10" y="50" text-decoration="underline">ace</text>'), scale=1).data)

    assert plain is not None and underlined is not None
    assert underlined[3] > plain[3] + 1


def _record_fetches(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every URL the converter tries to open, recorded (not raised: an exception could be
    swallowed by the code under test and the attempt go unnoticed)."""
    attempts: list[object] = []

    def record(url: object, *_args: object, **_kwargs: object) -> None:
        attempts.append(url)

    monkeypatch.setattr(urllib.request, "urlopen", record)
    monkeypatch.setattr(cairosvg.url, "urlopen", record)
    return attempts


def test_external_references_are_never_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    attempts = _record_fetches(monkeypatch)
    body = (
        '<image href="file:///etc/hostname" width="10" height="10"/>'
        '<image href="https://example.invalid/x.png" width="10" height="10"/>'
        '<use href="https://example.invalid/sprite.svg#icon"/>'
    )

    png = svg_to_png(svg(body, style="@import url(https://example.invalid/x.css);"))

    assert attempts == []
    assert any("not fetched" in warning for warning in png.warnings)


def test_entities_are_refused_as_a_typed_error() -> None:
    source = '<!DOCTYPE svg [<!ENTITY x "boom">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>'

    with pytest.raises(RenderFailed):
        svg_to_pdf(source)


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.svg")), ids=lambda path: path.name)
def test_unsanitized_hostile_svgs_convert_or_fail_typed_without_fetching(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    attempts = _record_fetches(monkeypatch)
    # Refused is fine, as long as it is typed (anything else fails the test).
    with contextlib.suppress(PrinterError):
        svg_to_png(path.read_text(encoding="utf-8"), scale=1)
    assert attempts == []


def test_a_nested_svg_is_drawn_in_place_without_repainting_the_background() -> None:
    # Architecture diagrams draw each service icon as a nested <svg>.
    body = (
        '<rect x="10" y="10" width="30" height="30" fill="#ff0000"/>'
        '<g transform="translate(100, 10)"><svg width="40" height="40" viewBox="0 0 80 80">'
        '<rect width="80" height="80" fill="#0000ff"/></svg></g>'
        '<rect x="160" y="10" width="30" height="30" fill="#00ff00"/>'
    )
    png = svg_to_png(svg(body), scale=1, background="white").data

    assert pixel(png, 25, 25)[:3] == (255, 0, 0)  # drawn before the nested svg: not painted over
    assert pixel(png, 120, 30)[:3] == (0, 0, 255)  # the nested svg, placed and scaled
    assert pixel(png, 175, 25)[:3] == (0, 255, 0)  # drawn after it
    assert pixel(png, 5, 90)[:3] == (255, 255, 255)


@pytest.mark.parametrize("size", ["0", "-3", "5000", "1e5"])
def test_zero_negative_and_huge_font_sizes_neither_fail_nor_crash(size: str) -> None:
    source = svg(f'<text x="5" y="50" font-size="{size}" text-decoration="underline">Hello</text>')

    assert svg_to_png(source, scale=10).data.startswith(b"\x89PNG")
    assert svg_to_pdf(source).data.startswith(b"%PDF-")


def test_hidden_text_is_not_drawn() -> None:
    body = (
        '<text x="10" y="50" display="none">Gone</text>'
        '<text x="10" y="50" visibility="hidden">Gone</text>'
        '<g display="none"><text x="10" y="50">Gone</text></g>'
    )

    assert ink_box(svg_to_png(svg(body), scale=1).data) is None


def test_a_conversion_after_warm_up_opens_no_font_file(monkeypatch: pytest.MonkeyPatch) -> None:
    # The zygote builds the fonts before it forks; a child must not decode any file per request.
    prepare_export()
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 80"><text x="5" y="30" '
        'style="font-family:\'trebuchet ms\', arial">Pie ł ĳ</text><text x="5" y="60" '
        'style="font-family:\'Open Sans\'" font-style="italic" font-weight="bold">Sequence Ж</text></svg>'
    )

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a font file was opened during a conversion")

    for module in (font_catalog, font_instances, font_resolve):
        monkeypatch.setattr(module, "TTFont", refuse)
    monkeypatch.setattr(uharfbuzz, "Blob", refuse)

    assert svg_to_pdf(svg).data.startswith(b"%PDF-")
    assert svg_to_png(svg, scale=1).data.startswith(b"\x89PNG")
