"""What CairoSVG does not see by itself and the converter prepares for it: CSS transforms,
markers without a viewBox, drop shadows. Each shape is checked by its size, since a
mean image difference hides a small wrong shape."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from export.export_checks import ink_box, pixel
from lxml import etree

from mermaid_printer.export.converter import _svg_transform
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.fonts import embed_fonts


def svg(body: str, style: str = "", width: int = 200, height: int = 100) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"><style>{style}</style>{body}</svg>'


def ink_size(png: bytes, darker_than: int = 128) -> tuple[int, int]:
    box = ink_box(png, darker_than)
    assert box is not None, "nothing was drawn"
    return box[2] - box[0], box[3] - box[1]


def test_a_sequence_number_marker_is_a_circle_of_its_radius_times_the_stroke_width() -> None:
    # Mermaid's autonumber: a marker without viewBox on a zero-length line whose stroke width
    # (2, from the stylesheet over the attribute's 0) scales the r=6 circle to r=12.
    body = (
        '<defs><marker id="n" markerWidth="60" markerHeight="40" refX="15" refY="15" orient="auto">'
        '<circle cx="15" cy="15" r="6"/></marker></defs>'
        '<line marker-start="url(#n)" stroke-width="0" x1="100" x2="100" y1="50" y2="50"/>'
    )
    png = svg_to_png(svg(body, style="line{stroke-width:2px}"), scale=1).data

    width, height = ink_size(png)
    assert 22 <= width <= 25 and 22 <= height <= 25  # 24 px across, not a disc stretched over 60 x 40
    assert pixel(png, 100, 50)[:3] == (0, 0, 0)


def test_an_arrowhead_in_user_space_units_keeps_its_drawn_size() -> None:
    # The `-)` async arrowhead of a sequence diagram: a 10 x 8 triangle in a 12 x 12 marker.
    body = (
        '<defs><marker id="a" markerWidth="12" markerHeight="12" markerUnits="userSpaceOnUse" refX="7.9" '
        'refY="7.25" orient="auto-start-reverse"><path d="M0 0L10 8L0 8z"/></marker></defs>'
        '<path d="M20 50L150 50" stroke="none" stroke-width="3" marker-end="url(#a)"/>'
    )
    png = svg_to_png(svg(body), scale=1).data

    width, height = ink_size(png, darker_than=200)
    assert 9 <= width <= 11 and 7 <= height <= 9


def test_a_marker_in_stroke_width_units_grows_with_the_stroke_but_not_with_its_box() -> None:
    body = (
        '<defs><marker id="h" markerWidth="20" markerHeight="28" refX="5" refY="5" orient="auto">'
        '<path d="M0 0L10 5L0 10z"/></marker></defs>'
        '<path d="M20 50L150 50" stroke="none" stroke-width="2" marker-end="url(#h)"/>'
    )
    png = svg_to_png(svg(body), scale=1).data

    width, height = ink_size(png, darker_than=200)
    assert 19 <= width <= 21 and 19 <= height <= 21  # 10 x 10 at stroke width 2


def test_a_gantt_milestone_turned_by_css_about_its_origin_is_a_diamond() -> None:
    body = '<rect class="milestone" x="90" y="40" width="20" height="20" transform-origin="100px 50px"/>'
    png = svg_to_png(svg(body, style=".milestone{transform:rotate(45deg) scale(0.8,0.8)}"), scale=1).data

    width, height = ink_size(png)
    assert 21 <= width <= 24 and 21 <= height <= 24  # 16 * sqrt(2) across the corners
    assert pixel(png, 100, 50)[:3] == (0, 0, 0)  # turned about its centre, not the origin
    assert pixel(png, 93, 43)[:3] == (255, 255, 255)  # a corner of the square is now empty


@pytest.mark.parametrize(
    ("css", "svg_syntax"),
    [
        ("rotate(45deg) scale(0.8,0.8)", "rotate(45) scale(0.8 0.8)"),
        ("translateX(4px) translateY(-2px)", "translate(4 0) translate(0 -2)"),
        ("rotate(0.25turn)", "rotate(90)"),
        ("scaleX(2)", "scale(2 1)"),
        ("rotate(1em)", ""),  # not an angle: the declaration is invalid, nothing is transformed
    ],
)
def test_css_transform_functions_and_units_are_read_as_a_browser_reads_them(css: str, svg_syntax: str) -> None:
    assert _svg_transform(css) == svg_syntax


def test_a_transform_in_svg_syntax_is_drawn_as_written() -> None:
    body = '<rect x="0" y="0" width="10" height="10" transform="translate(50,20) scale(2)"/>'
    png = svg_to_png(svg(body), scale=1).data

    assert ink_box(png) == (50, 20, 70, 40)


def test_a_css_drop_shadow_is_drawn_blurred_beneath_the_shape() -> None:
    # The neo look's node shadow: filter: drop-shadow(1px 2px 2px rgba(185,185,185,1)), here larger.
    body = '<rect class="node" x="40" y="20" width="60" height="40" fill="#fff" stroke="#000"/>'
    style = ".node{filter:drop-shadow( 6px 6px 6px rgba(0,0,0,1))}"
    png = svg_to_png(svg(body, style=style), scale=1).data

    assert pixel(png, 70, 40)[:3] == (255, 255, 255)  # the shape itself, over its shadow
    beside = [pixel(png, 100 + offset, 45)[0] for offset in (2, 5, 8, 11)]  # right of the shape
    assert beside[0] < beside[1] < beside[2] < beside[3]  # fading out: blurred, not a hard copy
    assert beside[0] < 200 and beside[3] > 200
    assert pixel(png, 30, 45)[:3] == (255, 255, 255)  # the offset is down and right only


def test_a_blurred_fe_drop_shadow_is_drawn_in_its_flood_colour() -> None:
    body = (
        '<filter id="s"><feDropShadow dx="8" dy="8" stdDeviation="2" flood-color="#0000ff" flood-opacity="1"/></filter>'
        '<rect x="40" y="20" width="60" height="40" fill="#fff" filter="url(#s)"/>'
    )
    png = svg_to_png(svg(body), scale=1).data

    red, green, blue, _ = pixel(png, 104, 55)  # inside the shadow, beyond the shape
    assert blue == 255 and red < 100 and green < 100


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_a_pdf_draws_the_blurred_shadow_too() -> None:
    body = '<rect class="node" x="40" y="20" width="60" height="40" fill="#fff" stroke="#000"/>'
    pdf = svg_to_pdf(svg(body, style=".node{filter:drop-shadow(6px 6px 6px #000)}")).data
    page = subprocess.run(
        ["pdftoppm", "-png", "-r", "96", "-singlefile", "-"], input=pdf, capture_output=True, check=True
    )

    shadow = pixel(page.stdout, 103, 50)[0]
    assert 0 < shadow < 200


def test_a_reference_to_a_marker_that_does_not_exist_draws_the_line_without_it() -> None:
    # Mermaid's timeline names "#arrowhead" but defines "undefined-arrowhead".
    body = '<path d="M20 50L150 50" stroke="#000" stroke-width="2" marker-end="url(#arrowhead)"/>'
    png = svg_to_png(svg(body), scale=1).data

    assert ink_box(png) == (20, 49, 150, 51)


def test_an_svg_without_viewbox_or_absolute_size_is_drawn_at_the_size_a_browser_gives_it() -> None:
    # Mermaid's info diagram: width="100%", no height, max-width 400px.
    source = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width: 400px;">'
        '<rect x="10" y="10" width="20" height="20"/></svg>'
    )
    image = svg_to_png(source, scale=1)

    assert (image.width_px, image.height_px) == (400, 150)
    assert ink_box(image.data) == (10, 10, 30, 30)


def baseline_row(width: str, baseline: float, shift: str = "0") -> int:
    """The bottom row of a capital H drawn with its baseline at ``baseline`` in a group moved
    down by ``shift`` (PNG at scale 1)."""
    text = (
        f'<g transform="translate(0,{shift})">'
        f'<text x="10" y="{baseline}" font-family="sans-serif" font-size="20">H</text></g>'
    )
    png = svg_to_png(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 100">{text}</svg>', scale=1).data
    box = ink_box(png, 128)
    assert box is not None, "nothing was drawn"
    return box[3]


def test_a_baseline_at_exactly_half_a_pixel_snaps_to_the_row_below_as_skia_rounds() -> None:
    # Skia takes floor(y + 0.5): 40.5 and 42.5 both go down, where round-half-even would send
    # 40.5 up and 42.5 down (the rows of a class diagram's members alternated).
    assert baseline_row("200", 40.5) == baseline_row("200", 41)
    assert baseline_row("200", 42.5) == baseline_row("200", 43)


def test_a_baseline_a_millionth_short_of_half_a_pixel_snaps_as_in_single_precision() -> None:
    # Mermaid writes six decimals: 42.499999 is 42.5 in Skia's single precision, so the
    # baseline at 42.499999 + 14 is at 56.5 and goes down with it.
    assert baseline_row("200", 14, shift="42.499999") == baseline_row("200", 57)
    assert baseline_row("200", 14, shift="42.4999") == baseline_row("200", 56)


def test_an_svg_width_off_the_layout_grid_shrinks_the_drawing_as_chromium_lays_it_out() -> None:
    # 200.01 px is a 200 px box in Chromium's 1/64 px layout units: the viewBox is drawn scaled
    # by 200/200.01, so a baseline at 60.5 lands just above the half pixel and snaps up.
    assert baseline_row("200.01", 60.5) == baseline_row("200.01", 60)
    assert baseline_row("200", 60.5) == baseline_row("200", 61)


def hinted_stem(png: bytes, width: int = 60, height: int = 40) -> bool:
    """Whether the darkest column (an H's stem) has only full rows of ink: heights on whole
    pixels, as FreeType's light hinting puts them."""
    stem = min(range(width), key=lambda x: sum(pixel(png, x, y)[0] for y in range(height)))
    inked = [value for value in (pixel(png, stem, y)[0] for y in range(height)) if value < 250]
    return bool(inked) and all(value < 128 for value in inked)


def h_svg(size: int) -> str:
    return svg(f'<text x="10.3" y="30" font-family="sans-serif" font-size="{size}">H</text>', width=60, height=40)


@pytest.mark.parametrize("size", [13, 15, 21])
def test_raster_text_is_hinted_vertically_as_chromium_slight_hinting_draws_it(size: int) -> None:
    # Chromium draws with FreeType's light hinting: heights snap to whole pixels, so the stem of
    # an H starts on a full row (unhinted, a 15 px H is 10.3 px tall: a pale row on top).
    assert hinted_stem(svg_to_png(h_svg(size), scale=1).data)


def test_a_png_drawn_after_a_pdf_is_hinted_as_one_drawn_first() -> None:
    # cairo resolves a face once, with the options of its first use: in a fresh process, a PDF
    # (unhinted) drawn first must not leave the later PNG unhinted.
    script = (
        "import sys\n"
        "from mermaid_printer.export.pdf import svg_to_pdf\n"
        "from mermaid_printer.export.png import svg_to_png\n"
        "svg = sys.stdin.read()\n"
        "svg_to_pdf(svg)\n"
        "sys.stdout.buffer.write(svg_to_png(svg, scale=1).data)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], input=h_svg(15).encode(), capture_output=True, check=True)

    assert hinted_stem(done.stdout)


def test_a_crisp_edged_line_centred_on_a_pixel_edge_fills_the_pixel_chromium_fills() -> None:
    # A 1 px line at x = 10 spans 9.5-10.5: without anti-aliasing Skia rounds both edges up
    # (column 10), cairo down (column 9); a ZenUML lifeline sat a pixel left of Chromium's.
    body = (
        '<line x1="10" x2="10" y1="0" y2="50" stroke="black" shape-rendering="crispEdges"/>'
        '<g shape-rendering="crispEdges"><line x1="0" x2="50" y1="30" y2="30" stroke="black"/></g>'
    )
    png = svg_to_png(svg(body, width=60, height=60), scale=1).data

    assert [x for x in range(60) if pixel(png, x, 10)[0] < 128] == [10]
    assert [y for y in range(60) if pixel(png, 40, y)[0] < 128] == [30]


VERSION_TEXT = '<text x="10" y="40" font-family="arial" font-size="32">v12.3.0</text>'


def version_svg(also_embedded: str | None) -> str:
    """The ``info`` diagram's version label at 32 px; its Arimo embedded as the product embeds
    it, holding ``also_embedded`` too (a text that is not displayed); ``None``: no fonts."""
    hidden = f'<text display="none" font-family="arial">{also_embedded}</text>' if also_embedded else ""
    root = etree.fromstring(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 50">{VERSION_TEXT}{hidden}</svg>'
    )
    if also_embedded is not None:
        drawn = sorted({ord(char) for char in "v12.3.0" + also_embedded})
        face = {"name": "arial", "family": "Arimo", "style": "normal", "weight": "400", "codepoints": drawn}
        embed_fonts(root, [face])
    return str(etree.tostring(root, encoding="unicode"))


PRINTABLE_ASCII = "".join(chr(code) for code in range(0x21, 0x7F)).replace("<", "").replace("&", "")


def test_png_text_is_hinted_as_chromium_hints_the_subset_the_svg_embeds() -> None:
    # Chromium draws the embedded subset, whose heights FreeType's autohinter snaps by reference
    # letters (H, O, x, o, ...): a subset of "v12.3.0" alone has none, so the digits' tops stay
    # where the outlines put them, a pale row above the whole font's snapped tops (info diagram).
    whole_font = ink_box(svg_to_png(version_svg(None), scale=1).data, 250)
    with_letters = ink_box(svg_to_png(version_svg(PRINTABLE_ASCII), scale=1).data, 250)
    digits_alone = ink_box(svg_to_png(version_svg(""), scale=1).data, 250)

    assert whole_font is not None and digits_alone is not None
    assert with_letters == whole_font
    assert digits_alone[1] == whole_font[1] - 1


def test_a_pdf_draws_the_same_outlines_whatever_subset_the_svg_embeds() -> None:
    assert svg_to_pdf(version_svg("")).data == svg_to_pdf(version_svg(PRINTABLE_ASCII)).data


def glyph_columns(x: float) -> list[int]:
    """The ink of each column across an "l" drawn at ``x`` (16 px, PNG at scale 1)."""
    text = f'<text x="{x}" y="30" font-family="sans-serif" font-size="16">l</text>'
    png = svg_to_png(svg(text, width=40, height=40), scale=1).data
    return [sum(255 - pixel(png, column, y)[0] for y in range(40)) for column in range(6, 18)]


def test_png_glyphs_sit_on_the_quarter_pixels_skia_places_them_on() -> None:
    # Chromium keeps four positions per pixel along the line: an origin goes to the quarter
    # below it plus an eighth (10.125 is drawn at 10.25, 10.875 at 11); cairo draws its cached
    # glyphs on whole pixels, so 10.25 and 10.5 were drawn at 10.
    drawn = {x: glyph_columns(x) for x in (10, 10.125, 10.25, 10.5, 10.75, 10.875, 11)}

    assert drawn[10.125] == drawn[10.25] and drawn[10.875] == drawn[11]
    assert len({tuple(drawn[x]) for x in (10, 10.25, 10.5, 10.75)}) == 4
    assert drawn[11] == [0, *drawn[10][:-1]]  # a whole pixel apart: the same glyph moved over


def turned_glyph_rows(y: float) -> list[int]:
    """The ink of each row across an "l" turned a quarter turn, its origin at ``y``."""
    text = f'<text transform="translate(20,{y}) rotate(90)" font-family="sans-serif" font-size="16">l</text>'
    png = svg_to_png(svg(text, width=40, height=40), scale=1).data
    return [sum(255 - pixel(png, x, row)[0] for x in range(40)) for row in range(4, 16)]


def test_a_quarter_turned_label_keeps_its_glyphs_on_quarter_pixels_down_its_line() -> None:
    # A label turned by rotate(90) runs down the page: Skia then keeps the quarter pixels in y
    # (its cosine, about 6e-17, counts as zero) and whole pixels across; it was snapped to rows.
    drawn = {y: turned_glyph_rows(y) for y in (10, 10.125, 10.25, 10.5, 10.75)}

    assert drawn[10.125] == drawn[10.25]
    assert len({tuple(drawn[y]) for y in (10, 10.25, 10.5, 10.75)}) == 4


def top_row_is_pale(png: bytes, width: int = 60, height: int = 40) -> bool:
    """Whether the first row with ink holds less than half the ink of the next: the glyph's top
    where its outline puts it, not snapped to a whole pixel by hinting."""
    rows = [sum(255 - pixel(png, x, y)[0] for x in range(width)) for y in range(height)]
    top = next(y for y, ink in enumerate(rows) if ink)
    return rows[top] < rows[top + 1] / 2


def test_synthetic_italic_text_is_not_hinted_as_skia_leaves_slanted_glyphs() -> None:
    # Recursive has no italic face: Chromium slants it and then leaves the glyphs unhinted, so
    # a 15 px H (10.3 px tall) has a pale top row (probed: a label at several sizes scored 0.972
    # against Chromium hinted, 0.997 unhinted).
    def h(style: str) -> bytes:
        text = f'<text x="10.3" y="30" font-family="Recursive Variable" font-style="{style}" font-size="15">H</text>'
        return svg_to_png(svg(text, width=60, height=40), scale=1).data

    assert not top_row_is_pale(h("normal"))
    assert top_row_is_pale(h("italic"))


def test_text_in_a_crisp_edged_group_is_still_anti_aliased() -> None:
    # Gantt's axis labels sit in ticks styled shape-rendering: crispEdges, which Chromium
    # applies to shapes only; the glyphs, filled as outlines, came out jagged and broken.
    body = (
        '<g shape-rendering="crispEdges"><text x="10.3" y="30" font-family="sans-serif" font-size="15">1986</text></g>'
    )
    png = svg_to_png(svg(body, width=60, height=40), scale=1).data

    greys = {pixel(png, x, y)[0] for x in range(60) for y in range(40)} - {0, 255}
    assert len(greys) > 20
