"""CSS scrubbing: Mermaid's own CSS passes byte-for-byte; unsafe rules and declarations go whole."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import tinycss2

from mermaid_printer.postprocess import css
from mermaid_printer.postprocess.css import (
    check_css_value,
    is_allowed_css_url,
    normalize_url,
    scrub_declarations,
    scrub_stylesheet,
)

MERMAID_CSS = (
    '#my-svg{font-family:"trebuchet ms",verdana,arial,sans-serif;font-size:16px;fill:#333;}'
    "@keyframes edge-animation-frame{from{stroke-dashoffset:0;}}"
    "@keyframes dash{to{stroke-dashoffset:0;}}"
    "#my-svg .edge-animation-slow{stroke-dasharray:9,5!important;stroke-dashoffset:900;"
    "animation:dash 50s linear infinite;stroke-linecap:round;}"
    "#my-svg .node rect,#my-svg .node circle{fill:#ECECFF;stroke:#9370DB;stroke-width:1px;}"
    "#my-svg .flowchart-link:not(.edge-animation-slow){stroke-dasharray:0;}"
    "#my-svg .labelBkg{background-color:rgba(232, 232, 232, 0.5);}"
    "#my-svg .node:nth-child(2n+1) > rect{fill:calc(1px + 2px);}"
    '#my-svg :root{--mermaid-font-family:"trebuchet ms",verdana,arial,sans-serif;}'
    "#my-svg .a{marker-end:url(#my-svg_pointEnd);}"
    "@media (max-width: 600px){#my-svg .b{font-size:12px;}}"
    '@font-face{font-family:Recursive;src:url(data:font/woff2;base64,d09GMgABAAAAA==) format("woff2");}'
)


def test_mermaid_css_is_returned_unchanged() -> None:
    assert scrub_stylesheet(MERMAID_CSS, "my-svg") == (MERMAID_CSS, [])


def test_dropping_one_declaration_keeps_the_rest_of_the_rule() -> None:
    text, notes = scrub_stylesheet("#my-svg .a{fill:red;background:url(https://x/a);stroke:blue !important}", "my-svg")
    assert text == "#my-svg .a{fill:red;stroke:blue !important}"
    assert notes == ["removed CSS declaration 'background' (external or non-font URL)"]


def test_rule_left_without_declarations_is_dropped() -> None:
    text, _ = scrub_stylesheet("#my-svg .a{background:url(https://x/a)}#my-svg .b{fill:red}")
    assert text == "#my-svg .b{fill:red}"


def test_unsafe_rule_inside_media_is_dropped_and_media_kept() -> None:
    text, notes = scrub_stylesheet("@media print{#my-svg .a{fill:red}#my-svg .b{fill:url(//x)}}", "my-svg")
    assert text == "@media print{#my-svg .a{fill:red}}"
    assert notes == ["removed CSS declaration 'fill' (external or non-font URL)"]


def test_keyframe_selectors_are_not_scope_checked() -> None:
    css = "@keyframes k{0%{opacity:0}50.5%{opacity:1}to{opacity:0}}"
    assert scrub_stylesheet(css, "my-svg") == (css, [])


@pytest.mark.parametrize(
    "css",
    [
        "@import url(x.css);",
        "@namespace url(http://x);",
        "@charset 'utf-8';",
        "@-moz-document url-prefix(){#my-svg{fill:red}}",
        "@font-face{font-family:x;src:url(https://x/f.woff)}",
        "@font-face{font-family:x;src:url(data:text/css;base64,AA==)}",
        "#my-svg &{fill:red}",
        "#my-svg .a{.b{fill:red}}",
        "#my-svg .a{fill:red}</style><script>alert(1)</script>",
        "#my-svg .a{content:'</style>'}",
        "}#my-svg{fill:red",
        "#my-svg .a{width:expression(alert(1))}",
        "#my-svg .a{background:-webkit-image-set('x.png' 1x)}",
        "#my-svg .a{background:url(javascript:alert(1))}",
        "#my-svg .a{background:url('data:image/svg+xml,<svg onload=alert(1)>')}",
        "#my-svg .a{background:url(bad url)}",
        "#my-svg .a{-moz-binding:url(#x)}",
        "#my-svg .a{background-image:attr(data-u url)}",
        "#my-svg .a{background:\\75rl(https://x/a)}",
    ],
)
def test_unsafe_css_is_removed(css: str) -> None:
    text, notes = scrub_stylesheet(css, "my-svg")
    assert notes
    assert "url(h" not in text and "<" not in text and "import" not in text


def test_css_comment_with_markup_forces_a_rewrite_without_comments() -> None:
    text, notes = scrub_stylesheet("/* </style><script> */#my-svg .a{fill:red}", "my-svg")
    assert text == "#my-svg .a{fill:red}"
    assert notes == ["removed a CSS comment containing markup"]


def test_scope_check_is_skipped_without_an_id() -> None:
    assert scrub_stylesheet(".a{fill:red}") == (".a{fill:red}", [])


@pytest.mark.parametrize(
    ("selector", "scoped"),
    [
        ("#my-svg", True),
        ("#my-svg .a", True),
        ("#my-svg>.a", True),
        ("#my-svg.flowchart .a", True),
        ("#my-svg .a,#my-svg .b", True),
        ("#my-svg .a, .b", False),
        ("#my-svg ~ p", False),
        ("#my-svg+p", False),
        (":not(#my-svg)", False),
        ("#my-svg-other .a", False),
        ("body", False),
    ],
)
def test_selector_scoping(selector: str, scoped: bool) -> None:
    css = selector + "{fill:red}"
    assert (scrub_stylesheet(css, "my-svg")[0] == css) is scoped


def test_plain_style_attribute_takes_the_fast_path_unchanged() -> None:
    value = "stroke-width: 1; stroke-dasharray: 1,0;"
    assert scrub_declarations(value) == (value, [])


def test_style_attribute_with_unparsable_declaration_drops_only_that() -> None:
    text, notes = scrub_declarations("fill:red;}</style><b>;stroke:rgb(1,2,3)")
    assert "fill:red" in text and "stroke:rgb(1,2,3)" in text and "<" not in text
    assert notes


def test_a_repeated_style_attribute_is_judged_once_and_alike_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    # Judgements of short values are kept (a mind map repeats a few run styles hundreds of
    # times): the same answer every time, a notes list of its own each time, and a long value
    # judged afresh.
    unsafe = "fill: rgb(1, 2, 3); background: url(https://example.com/x.png)"
    expected = css._scrub_declarations(unsafe)
    assert expected[1]  # the url goes
    css._scrubbed_declarations.cache_clear()
    parses: list[str] = []
    original = tinycss2.parse_blocks_contents

    def counting(text: str, **kwargs: bool) -> list[object]:
        parses.append(text)
        nodes: list[object] = original(text, **kwargs)
        return nodes

    monkeypatch.setattr(tinycss2, "parse_blocks_contents", counting)  # the module the sanitizer calls
    first = scrub_declarations(unsafe)
    first[1].append("changed by a caller")
    assert scrub_declarations(unsafe) == expected
    assert parses.count(unsafe) == 1
    long_value = "fill: rgb(1, 2, 3);" * 100
    assert scrub_declarations(long_value) == scrub_declarations(long_value) == (long_value, [])
    assert parses.count(long_value) == 2


@pytest.mark.parametrize(
    ("url", "allowed"),
    [
        ("#my-svg_pointEnd", True),
        ("#", False),
        ("data:font/woff2;base64,d09G", True),
        ("data:application/font-woff;base64,d09G", True),
        ("DATA:FONT/TTF;BASE64,AAEA", True),
        ("data:font/woff2,raw", False),
        ("data:image/png;base64,AA==", False),
        ("https://x/#a", False),
        ("//x/f.woff", False),
        ("f.woff", False),
        ("java\tscript:alert(1)", False),
    ],
)
def test_css_url_allow_list(url: str, allowed: bool) -> None:
    assert is_allowed_css_url(url) is allowed


@pytest.mark.parametrize(
    ("value", "safe"),
    [
        ("#ECECFF", True),
        ("url(#grad)", True),
        ("rgba(0, 0, 0, 0.5)", True),
        ("url(https://x/#a)", False),
        ("url( 'http://x' )", False),
        ("u\\72l(http://x)", False),
        ("url(#a) <x", False),
    ],
)
def test_presentation_attribute_values(value: str, safe: bool) -> None:
    assert (check_css_value(value) is None) is safe


@pytest.mark.parametrize(
    "value",
    [
        "jav&#x09;ascript:alert(1)",
        "  JAVA\nSCRIPT:alert(1)",
        "java&amp;#x09;script:alert(1)",
        "\x7fjava\x85script:x",
    ],
)
def test_normalize_url_reveals_obfuscated_javascript(value: str) -> None:
    assert normalize_url(value).startswith("javascript:")


def test_deeply_nested_css_is_dropped_instead_of_overflowing_the_stack() -> None:
    deep = "(" * 20000 + ")" * 20000
    assert scrub_stylesheet("#my-svg .a{fill:" + deep + "}", "my-svg") == (
        "",
        ["removed a style sheet nested too deeply"],
    )
    assert scrub_declarations("fill:" + deep)[0] == ""
    assert check_css_value("calc" + deep) == "CSS nested too deeply"


def test_mermaids_own_substring_attribute_selector_survives() -> None:
    # Regression: sequence diagrams style arrow heads with [id$="-crosshead"].
    css = '#m1 [id$="-crosshead"] path{fill:#333;stroke:#333;}'
    scrubbed, warnings = scrub_stylesheet(css, scope_id="m1")
    assert (scrubbed, warnings) == (css, [])


def test_attribute_selector_exfiltration_loses_its_request() -> None:
    scrubbed, warnings = scrub_stylesheet('#m1 [data-x^="a"]{background:url(https://x.example/a)}', scope_id="m1")
    assert "url(" not in scrubbed
    assert warnings


# --- known stylesheets (remembered from the warm process's own warm-up output) ----------------


@pytest.fixture
def forget_known_stylesheets() -> Iterator[None]:
    saved = set(css._safe_templates), set(css._safe_beginnings)
    css._safe_templates.clear()
    css._safe_beginnings.clear()
    yield
    css._safe_templates.clear()
    css._safe_templates.update(saved[0])
    css._safe_beginnings.clear()
    css._safe_beginnings.update(saved[1])


WARM_ID = "mermaid-export"
REQUEST_ID = "mermaid-0123456789ab"


def _with_id(scope_id: str) -> str:
    return MERMAID_CSS.replace("my-svg", scope_id)


@pytest.mark.usefixtures("forget_known_stylesheets")
def test_a_known_stylesheet_under_another_id_is_returned_without_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert css.remember_safe_stylesheet(_with_id(WARM_ID), WARM_ID)
    monkeypatch.setattr(css, "_scrub_stylesheet", _never_called)
    request_css = _with_id(REQUEST_ID)
    assert scrub_stylesheet(request_css, REQUEST_ID) == (request_css, [])


@pytest.mark.usefixtures("forget_known_stylesheets")
@pytest.mark.parametrize(
    "request_css",
    [
        _with_id(REQUEST_ID) + f"#{REQUEST_ID} .x{{background:url(https://evil.example/a)}}",
        _with_id(REQUEST_ID) + ".unscoped{fill:red}",
        _with_id(REQUEST_ID).replace("fill:#ECECFF", "fill:url(//evil.example/x)"),
        _with_id(REQUEST_ID).replace(f"#{REQUEST_ID} .node rect", f"#{WARM_ID} .node rect"),
    ],
)
def test_any_other_text_is_scrubbed_in_full(request_css: str) -> None:
    assert css.remember_safe_stylesheet(_with_id(WARM_ID), WARM_ID)
    scrubbed, notes = scrub_stylesheet(request_css, REQUEST_ID)
    assert notes
    assert (scrubbed, notes) == css._scrub_stylesheet(request_css, REQUEST_ID)


@pytest.mark.usefixtures("forget_known_stylesheets")
def test_only_ids_of_the_services_form_take_the_shortcut(scrubbed_stylesheets: list[tuple[str, str | None]]) -> None:
    assert css.remember_safe_stylesheet(_with_id(WARM_ID), WARM_ID)
    scrubbed_stylesheets.clear()
    for scope_id in ("my-svg", "mermaid-0123456789abc", "mermaid-ABCDEF012345", "x"):
        scrub_stylesheet(_with_id(scope_id), scope_id)
    scrub_stylesheet(_with_id(REQUEST_ID), None)
    assert [str(scope_id) for _, scope_id in scrubbed_stylesheets] == [
        "my-svg",
        "mermaid-0123456789abc",
        "mermaid-ABCDEF012345",
        "x",
        "None",
    ]


@pytest.mark.usefixtures("forget_known_stylesheets")
def test_a_stylesheet_that_needs_scrubbing_is_not_remembered() -> None:
    unsafe = _with_id(WARM_ID) + "@import url(https://evil.example/x.css);"
    assert not css.remember_safe_stylesheet(unsafe, WARM_ID)
    assert not css.remember_safe_stylesheet(_with_id("my-svg"), "my-svg")  # not an id of the service's form
    assert not css._safe_templates
    _scrubbed, notes = scrub_stylesheet(unsafe.replace(WARM_ID, REQUEST_ID), REQUEST_ID)
    assert notes == ["removed CSS @import"]


# A diagram's own styles (classDef, style), as Mermaid appends them after its theme stylesheet.
_CLASS_DEF_RULES = (
    f"#{REQUEST_ID} .hot rect{{fill:#f96!important;stroke:#333!important;}}"
    f"#{REQUEST_ID} .hot span{{fill:#f96!important;stroke:#333!important;}}"
)


@pytest.mark.usefixtures("forget_known_stylesheets")
def test_a_known_beginning_has_only_the_rest_scrubbed(scrubbed_stylesheets: list[tuple[str, str | None]]) -> None:
    assert css.remember_safe_stylesheet(_with_id(WARM_ID), WARM_ID)
    scrubbed_stylesheets.clear()
    request_css = _with_id(REQUEST_ID) + _CLASS_DEF_RULES
    result = scrub_stylesheet(request_css, REQUEST_ID)
    assert result == (request_css, []) and result[0] is request_css
    assert scrubbed_stylesheets == [(_CLASS_DEF_RULES, REQUEST_ID)]
    assert css._scrub_stylesheet(request_css, REQUEST_ID) == result  # what the full scrub gives


@pytest.mark.usefixtures("forget_known_stylesheets")
@pytest.mark.parametrize(
    "rest",
    [
        f"#{REQUEST_ID} .hot rect{{background:url(https://evil.example/a)}}",
        ".unscoped{fill:red}",
        "{fill:red}",
        f"#{REQUEST_ID} .a{{fill:red}}</style><script>alert(1)</script>",
        "@import url(https://evil.example/x.css);",
        "(" * 200 + "x",
    ],
)
def test_a_known_beginning_with_a_rest_that_needs_scrubbing_is_scrubbed_in_full(rest: str) -> None:
    assert css.remember_safe_stylesheet(_with_id(WARM_ID), WARM_ID)
    request_css = _with_id(REQUEST_ID) + rest
    scrubbed, notes = scrub_stylesheet(request_css, REQUEST_ID)
    assert notes
    assert (scrubbed, notes) == css._scrub_stylesheet(request_css, REQUEST_ID)


@pytest.mark.usefixtures("forget_known_stylesheets")
@pytest.mark.parametrize(
    "ending",
    [
        f"#{WARM_ID} .open{{fill:red",  # a block left open
        f"#{WARM_ID} .a{{fill:red}}/* a comment left open",
        f'#{WARM_ID} .a::after{{content:"("}}',  # ends with "}" but a bracket count left open
    ],
)
def test_a_known_stylesheet_that_does_not_end_at_a_rule_boundary_is_no_known_beginning(ending: str) -> None:
    template = _with_id(WARM_ID) + ending
    assert css.remember_safe_stylesheet(template, WARM_ID)
    assert not css._safe_beginnings
    request_css = template.replace(WARM_ID, REQUEST_ID) + _CLASS_DEF_RULES
    assert scrub_stylesheet(request_css, REQUEST_ID) == css._scrub_stylesheet(request_css, REQUEST_ID)


def _never_called(*_args: object) -> tuple[str, list[str]]:
    raise AssertionError("a known stylesheet was parsed")
