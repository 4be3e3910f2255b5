"""repair_coordinates: NaN and Infinity are left out as a browser leaves them out, or the
render is refused when the diagram's own frame is not finite."""

from __future__ import annotations

import pytest
from lxml import etree

from mermaid_printer.errors import RenderFailed
from mermaid_printer.postprocess.coordinates import repair_coordinates
from mermaid_printer.postprocess.sanitize import parse_svg

SVG_OPEN = '<svg id="s" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'


def repaired(body: str, svg_open: str = SVG_OPEN) -> tuple[etree._Element, list[str]]:
    root = parse_svg(svg_open + body + "</svg>")
    return root, repair_coordinates(root)


def only_child(root: etree._Element) -> etree._Element:
    (child,) = root
    return child


def test_a_finite_drawing_is_left_exactly_as_it_was() -> None:
    body = '<g transform="translate(1,2)"><path d="M0 0L10 10"/><text x="1">NaN Infinity</text></g>'
    root, warnings = repaired(body)

    assert warnings == []
    assert etree.tostring(root, encoding="unicode").endswith(body + "</svg>")


def test_path_data_is_cut_before_the_first_command_holding_nan() -> None:
    root, warnings = repaired('<path d="M0,0 L10,10 C NaN,1 2,3 4,5 L 1 1"/>')

    assert only_child(root).get("d") == "M0,0 L10,10"
    assert len(warnings) == 1 and "NaN or Infinity" in warnings[0]


def test_path_data_with_nothing_drawable_before_nan_loses_the_attribute() -> None:
    root, _ = repaired('<path d="MNaN,NaN CNaN,NaN NaN,NaN NaN,NaN Z"/><path d="M1 1 L Infinity 2"/>')

    assert [path.get("d") for path in root] == [None, None]


def test_points_are_cut_before_the_first_pair_holding_infinity() -> None:
    root, _ = repaired('<polyline points="0,0 10,10 20,20 -Infinity,5 30,30"/>')

    assert only_child(root).get("points") == "0,0 10,10 20,20"


def test_other_attributes_and_style_declarations_holding_nan_are_removed() -> None:
    root, warnings = repaired(
        '<text transform="translate(NaN,NaN)" x="1" y="NaN" style="fill:red;font-size:NaNpx" class="NaN">a</text>'
    )
    text = only_child(root)

    assert (text.get("transform"), text.get("y"), text.get("x")) == (None, None, "1")
    assert (text.get("style"), text.get("class"), text.text) == ("fill:red", "NaN", "a")
    (warning,) = warnings
    assert warning.startswith("3 attribute(s) held coordinates that came out NaN or Infinity")


def test_a_colour_holding_nan_is_removed_and_reported_as_a_colour_not_as_missing_geometry() -> None:
    # Mermaid 12's quadrant chart: its points' colour from the default theme.
    root, warnings = repaired(
        '<circle cx="193.4" cy="138.28" r="5" fill="hsl(240, 100%, NaN%)" stroke="hsl(240, 100%, NaN%)"/>'
    )
    circle = only_child(root)

    assert (circle.get("fill"), circle.get("stroke"), circle.get("cx")) == (None, None, "193.4")
    (warning,) = warnings
    assert warning.startswith("2 colour(s) came out NaN") and "themeVariables" in warning
    assert "coordinates" not in warning


@pytest.mark.parametrize(
    "svg_open",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 NaN 574 NaN">',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 x 500">',
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100">',
        '<svg xmlns="http://www.w3.org/2000/svg" width="Infinity" viewBox="0 0 1 1">',
        '<svg xmlns="http://www.w3.org/2000/svg" height="NaN">',
    ],
)
def test_a_diagram_whose_frame_is_not_finite_is_refused(svg_open: str) -> None:
    with pytest.raises(RenderFailed) as caught:
        repaired("<rect/>", svg_open)
    assert caught.value.details["reason"] == "non_finite_layout"
    assert "no finite size" in caught.value.message


def test_repairing_twice_changes_nothing() -> None:
    root, _ = repaired('<path d="M0 0L1 1LNaN 2"/><rect x="NaN"/>')
    before = etree.tostring(root)

    assert repair_coordinates(root) == [] and etree.tostring(root) == before
