"""Page and image geometry for PDF and PNG output (pure arithmetic, no cairo)."""

from __future__ import annotations

import pytest

from mermaid_printer.errors import ResourceLimit
from mermaid_printer.export.geometry import MAX_PNG_PIXELS, PAPER_SIZES, Placement, pdf_placement, png_size

MM = 96 / 25.4


def test_without_paper_the_page_is_the_diagram_at_full_size() -> None:
    placement, orientation = pdf_placement(300, 200)

    assert placement == Placement(300, 200, 0, 0, 300, 200)
    assert orientation is None


def test_without_paper_a_margin_grows_the_page_around_the_diagram() -> None:
    placement, _ = pdf_placement(300, 200, margin_mm=10)

    assert (placement.page_width, placement.page_height) == pytest.approx((300 + 20 * MM, 200 + 20 * MM))
    assert (placement.left, placement.top, placement.width) == pytest.approx((10 * MM, 10 * MM, 300))


def test_a_small_diagram_sits_centred_on_paper_at_full_size() -> None:
    placement, orientation = pdf_placement(300, 200, paper="A4")

    assert orientation == "landscape"  # auto: wider than tall
    assert (placement.page_width, placement.page_height) == pytest.approx((297 * MM, 210 * MM))
    assert (placement.width, placement.height) == (300, 200)
    assert placement.left == pytest.approx((297 * MM - 300) / 2)
    assert placement.top == pytest.approx((210 * MM - 200) / 2)


def test_a_large_diagram_shrinks_to_the_area_inside_the_margins() -> None:
    placement, orientation = pdf_placement(2000, 4000, paper="Letter", margin_mm=5)

    assert orientation == "portrait"
    scale = (279.4 - 10) * MM / 4000  # height is the binding side
    assert (placement.width, placement.height) == pytest.approx((2000 * scale, 4000 * scale))
    assert placement.top == pytest.approx(5 * MM)


def test_fill_scales_a_small_diagram_up_and_an_explicit_orientation_wins() -> None:
    placement, orientation = pdf_placement(100, 50, paper="A5", orientation="portrait", fit="fill")

    assert orientation == "portrait"
    assert placement.width == pytest.approx((148 - 20) * MM)  # default 10 mm margins
    assert placement.height == pytest.approx(placement.width / 2)


def test_every_paper_size_is_portrait_in_the_table() -> None:
    assert all(width < height for width, height in PAPER_SIZES.values())


def test_png_size_follows_scale_or_width() -> None:
    assert png_size(200.4, 100.2) == (401, 200, 2.0)  # default scale 2, rounded
    assert png_size(200, 100, scale=0.5) == (100, 50, 0.5)
    assert png_size(200, 100, target_width=1000) == (1000, 500, 5.0)


@pytest.mark.parametrize(
    ("scale", "target_width", "field"),
    [(10.0, None, "scale"), (None, 20_001, "width")],
)
def test_an_image_over_the_pixel_budget_is_a_resource_limit_naming_the_size(
    scale: float | None, target_width: int | None, field: str
) -> None:
    with pytest.raises(ResourceLimit) as caught:
        png_size(2000, 2100, scale=scale, target_width=target_width)

    details = caught.value.details
    assert details["field"] == field
    assert details["limit_pixels"] == MAX_PNG_PIXELS
    assert (
        details["width_px"] * details["height_px"] > MAX_PNG_PIXELS
        or max(details["width_px"], details["height_px"]) > 20_000
    )
    largest = details[f"largest_{field}"]
    assert f"use {field} {largest:g} or less" in caught.value.message


@pytest.mark.parametrize(("width", "height"), [(2000, 2100), (30_000, 40), (1234.5, 987.6)])
def test_a_png_too_large_suggests_the_largest_scale_that_fits(width: float, height: float) -> None:
    with pytest.raises(ResourceLimit) as caught:
        png_size(width, height, scale=50.0)

    largest = caught.value.details["largest_scale"]
    assert f"use scale {largest:g} or less" in caught.value.message
    png_size(width, height, scale=largest)  # fits
    with pytest.raises(ResourceLimit):
        png_size(width, height, scale=round(largest + 0.01, 2))  # and is the largest in hundredths
