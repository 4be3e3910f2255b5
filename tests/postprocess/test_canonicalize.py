"""canonicalize_svg / serialize_svg: same tree, same bytes; text and ids untouched."""

from __future__ import annotations

import random
import re

import pytest
from lxml import etree

from mermaid_printer.postprocess import canonicalize
from mermaid_printer.postprocess.canonicalize import (
    canonicalize_svg,
    format_number,
    format_numbers_in,
    format_path_data,
    serialize_svg,
)
from mermaid_printer.postprocess.sanitize import parse_svg

SVG_OPEN = '<svg id="my-svg" xmlns="http://www.w3.org/2000/svg">'


def canonical(text: str) -> str:
    root = parse_svg(text)
    canonicalize_svg(root)
    return serialize_svg(root)


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("10", "10"),
        ("10.50000", "10.5"),
        ("3.14159265", "3.141593"),
        ("517.84375", "517.84375"),  # a multiple of 1/64 stays exact (regression: viewBox scale)
        ("-0", "0"),
        ("-0.0000001", "0"),
        ("+5", "5"),
        (".5", "0.5"),
        ("1e-7", "0"),
        ("2.5e3", "2500"),
        ("0.0000026", "0.000003"),
        ("1e300", "1e300"),
    ],
)
def test_format_number(token: str, expected: str) -> None:
    assert format_number(token) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("translate(84.2500000001, -0.0000001)", "translate(84.25, 0)"),
        ("-8 -8 248.50000 190", "-8 -8 248.5 190"),
        ("40,0 80,-40.123456789", "40,0 80,-40.123457"),
        ("1.20000em", "1.2em"),
        ("100%", "100%"),
        ("1.0.5", "1 0.5"),
        ("3+4", "3 4"),
        ("3-4", "3-4"),
        ("matrix(1,0,0,1,0.0000,2.2222222)", "matrix(1,0,0,1,0,2.222222)"),
    ],
)
def test_format_numbers_in_attribute_values(value: str, expected: str) -> None:
    assert format_numbers_in(value) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ("M116.25,55L116.25,59.16666667", "M116.25 55L116.25 59.166667"),
        ("M 0 0 L 10 5 L 0 10 z", "M0 0L10 5L0 10z"),
        ("M1.0.5l-.5-.25", "M1 0.5l-0.5 -0.25"),
        ("M0 0A5 5 0 0110 10", "M0 0A5 5 0 0 1 10 10"),
        ("M0 0a5,5,0,1,0,10.0,0a5 5 0 1 1 -10 0", "M0 0a5 5 0 1 0 10 0a5 5 0 1 1 -10 0"),
        ("M0 0A5 5 0 10.0 3", "M0 0A5 5 0 1 0 0 3"),
        ("", ""),
    ],
)
def test_format_path_data(data: str, expected: str) -> None:
    assert format_path_data(data) == expected


@pytest.mark.parametrize("data", ["M0 0 X 1", "10 20", "M0 0A5 5 0 2 0 1 1", "M1e"])
def test_path_data_that_does_not_tokenize_is_left_alone(data: str) -> None:
    assert format_path_data(data) == data


def test_formatted_path_data_is_stable() -> None:
    once = format_path_data("M-0.0001,1e2C1.23456 2.34567 .5.5 -1-1A1 1 0 0110 10")
    assert format_path_data(once) == once


def test_long_path_data_is_formatted_as_short_data_is_and_remembered_whole() -> None:
    # A long path (Mermaid's icons) is formatted once per process; short ones piece by piece.
    piece = "l.2500001.0000000-1e1 0 .5"
    data = "M1.00 2.000" + piece * (1000 // len(piece) + 1)
    expected = "M1 2" + "l0.25 0 -10 0 0.5" * (1000 // len(piece) + 1)
    assert len(data) >= 1000
    long_data = canonicalize._format_long_path_data
    long_data.cache_clear()

    assert format_path_data(data) == expected == canonicalize._format_path_data(data)
    assert format_path_data(data) == expected
    assert long_data.cache_info().hits == 1 and long_data.cache_info().misses == 1
    assert format_path_data(data[:999]) == canonicalize._format_path_data(data[:999])
    assert long_data.cache_info().misses == 1  # short data is not remembered whole
    assert format_path_data("M0 0X" + piece * 40) == "M0 0X" + piece * 40  # does not tokenize


def test_attribute_order_is_id_then_class_then_sorted() -> None:
    out = canonical(SVG_OPEN + '<rect y="2" x="1" class="c" data-a="1" id="r" aria-label="l"/></svg>')
    assert '<rect id="r" class="c" aria-label="l" data-a="1" x="1" y="2"/>' in out


def test_xlink_attributes_sort_by_prefixed_name() -> None:
    out = canonical(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<a z="1" xlink:href="https://x" target="_blank"><text>t</text></a></svg>'
    )
    assert '<a target="_blank" xlink:href="https://x" z="1">' in out


def test_text_content_and_whitespace_inside_text_are_untouched() -> None:
    body = (
        '<text x="1.00"> two  spaces <tspan> and\n newline </tspan> tail </text><g xml:space="preserve"> <rect/> </g>'
    )
    out = canonical(SVG_OPEN + "\n  " + body + "\n</svg>")
    assert '<text x="1"> two  spaces <tspan> and\n newline </tspan> tail </text>' in out
    assert '<g xml:space="preserve"> <rect/> </g>' in out
    assert out.startswith('<svg xmlns="http://www.w3.org/2000/svg" id="my-svg"><text')


def test_empty_style_and_class_are_dropped_and_class_whitespace_collapsed() -> None:
    out = canonical(SVG_OPEN + '<g style="" class="  "/><g class=" node  default " style="  "/></svg>')
    assert '<g/><g class="node default"/>' in out


def test_ids_and_references_are_not_renamed() -> None:
    text = (
        SVG_OPEN + '<style>#my-svg .a{fill:red}</style><marker id="my-svg_pointEnd"/>'
        '<path d="M0 0" marker-end="url(#my-svg_pointEnd)"/></svg>'
    )
    out = canonical(text)
    assert 'id="my-svg_pointEnd"' in out and 'marker-end="url(#my-svg_pointEnd)"' in out
    assert "#my-svg .a{fill:red}" in out


def test_namespaces_are_normalized_to_default_svg_and_xlink_only_when_used() -> None:
    prefixed = (
        '<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:q="urn:unused" '
        'xmlns:xl="http://www.w3.org/1999/xlink"><s:g><s:use xl:href="#a"/></s:g></s:svg>'
    )
    assert canonical(prefixed) == (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<g><use xlink:href="#a"/></g></svg>\n'
    )
    unused_xlink = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<g xmlns="http://www.w3.org/2000/svg"/></svg>'
    )
    assert canonical(unused_xlink) == '<svg xmlns="http://www.w3.org/2000/svg"><g/></svg>\n'


def test_serialized_output_is_declaration_free_well_formed_and_ends_with_newline() -> None:
    out = canonical(SVG_OPEN + "<text>a &lt; b &amp; c → ✓ \U0001f600</text></svg>")
    assert not out.startswith("<?xml")
    assert out.endswith("</svg>\n")
    etree.fromstring(out.encode("utf-8"))
    assert "a &lt; b &amp; c → ✓ \U0001f600" in out


def test_canonicalization_is_idempotent_and_order_independent() -> None:
    a = SVG_OPEN + '<rect x="1.0000001" width="2" id="r"/></svg>'
    b = '<svg xmlns="http://www.w3.org/2000/svg" id="my-svg"><rect id="r" width="2.0" x="1"/></svg>'
    assert canonical(a) == canonical(b) == canonical(canonical(a))


@pytest.mark.parametrize("data", ["M" + "1" * 5000 + "x", "M" + "1.5" * 3000 + "?", "M" + "-1 " * 5000 + "!"])
def test_path_data_that_fails_late_is_rejected_without_backtracking_blowup(data: str) -> None:
    # Exponential backtracking would take hours here; linear matching takes microseconds.
    assert format_path_data(data) == data


def _random_values(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    pieces = [
        "0",
        "-0",
        "1",
        "10",
        "-3",
        "0.5",
        ".5",
        "2.50",
        "1.234",
        "1.2345",
        "1e3",
        "+4",
        "007",
        "1.1em",
        " ",
        ",",
        "translate(",
        ")",
        "%",
        "-",
        ".",
    ]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 6))) for _ in range(count)]


def test_formatting_attribute_values_is_idempotent_even_on_garbage() -> None:
    for value in _random_values(7, 5000):
        once = format_numbers_in(value)
        assert format_numbers_in(once) == once, value


def test_skipping_already_canonical_values_changes_no_result(monkeypatch: pytest.MonkeyPatch) -> None:
    values = _random_values(8, 5000)
    fast = [format_numbers_in(value) for value in values]
    monkeypatch.setattr(canonicalize, "_ALREADY_CANONICAL", re.compile(r"(?!)"))
    assert [format_numbers_in(value) for value in values] == fast
