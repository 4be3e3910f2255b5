"""End-to-end renders through the real pool, engine and post-processing."""

from __future__ import annotations

import re
import threading
from pathlib import Path

import pytest
from lxml import etree

from mermaid_printer import (
    DiagramSyntaxError,
    InputTooLarge,
    Printer,
    PrinterError,
    RenderTimeout,
    UnsupportedDiagram,
    build_render_options,
)
from mermaid_printer.pool import RendererPool

pytestmark = pytest.mark.engine

DIAGRAMS = Path(__file__).parent / "fixtures" / "diagrams"
SVG = "{http://www.w3.org/2000/svg}"

# fixture name -> (Mermaid's diagram type, labels that must be drawn as SVG text)
CORE_TYPES = {
    "flowchart": ("flowchart-v2", ["Begin checkout", "Cart empty?", "Pay now", "Orders DB"]),
    "sequence": ("sequence", ["Alice", "Bob", "Hello Bob", "Every minute", "Thinks"]),
    "class": ("classDiagram", ["Animal", "Duck", "+makeSound() : void", "inherits"]),
    "state": ("stateDiagram", ["Idle", "Running", "Paused", "start"]),
    "er": ("er", ["CUSTOMER", "ORDER", "LINE_ITEM", "places", "email"]),
    "gantt": ("gantt", ["Release plan", "Design", "Implement", "Launch"]),
    "pie": ("pie", ["Favourite pets", "Dogs", "Cats", "Fish"]),
    "journey": ("journey", ["Morning routine", "Snooze alarm", "Make coffee", "Catch train"]),
    # Not in mermaid.min.js: the vendored ZenUML plugin, registered as mermaid-cli does.
    "zenuml": ("zenuml", ["Order flow", "Customer", "Shop", "Place order", "reserve(items)", "reserved"]),
}


def _drawn_text(svg: str) -> str:
    root = etree.fromstring(svg.encode())
    return " ".join(" ".join(t.itertext()) for t in root.iter(f"{SVG}text"))


@pytest.mark.parametrize("name", sorted(CORE_TYPES))
def test_each_core_diagram_type_renders_its_labels_as_svg_text(printer: Printer, name: str) -> None:
    expected_type, labels = CORE_TYPES[name]
    result = printer.render_svg(build_render_options((DIAGRAMS / f"{name}.mmd").read_text()))
    root = etree.fromstring(result.svg.encode())
    assert root.tag == f"{SVG}svg"
    assert result.diagram_type == expected_type
    assert not list(root.iter(f"{SVG}foreignObject"))
    text = re.sub(r"\s+", " ", _drawn_text(result.svg))
    for label in labels:
        assert label in text
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    assert width > 50 and height > 50


# Diagrams for which Mermaid emits <foreignObject> even with HTML labels off: fixture name ->
# strings that must be drawn as SVG text (the engine converts them; the sanitizer drops nothing).
HTML_LABEL_TYPES = {
    "eventmodeling": ["CartUI", "AddItem", "description: 'john'", "ItemAdded"],
    "venn": ["hiking", "chess club", "old films"],
    "journey": ["Snooze alarm", "Make coffee", "Catch train"],
    "sequence-katex": ["α", "β", "Solve:", "2 + 2", "− b ± b 2 − 4 a c 2 a"],
}


@pytest.mark.parametrize("name", sorted(HTML_LABEL_TYPES))
def test_labels_mermaid_writes_as_html_are_drawn_as_svg_text(printer: Printer, name: str) -> None:
    result = printer.render_svg(build_render_options((DIAGRAMS / f"{name}.mmd").read_text()))
    root = etree.fromstring(result.svg.encode())
    assert not list(root.iter(f"{SVG}foreignObject"))
    # the sanitizer removed nothing, and nothing of the labels was left out
    assert not [w for w in result.warnings if "removed" in w or "HTML label" in w or "left out" in w]
    texts = [
        re.sub(r"\s+", " ", " ".join(t.itertext()).replace("\u00a0", " ")).strip() for t in root.iter(f"{SVG}text")
    ]
    drawn = " | ".join(texts)
    for label in HTML_LABEL_TYPES[name]:
        assert label in drawn
    assert "MathML is unsupported" not in drawn


def _error_expectation(path: Path) -> tuple[str, int | None]:
    header = path.read_text().splitlines()[0]
    match = re.match(r"%% expect: (\w+)(?: line=(\d+))?", header)
    assert match, f"{path.name} must start with '%% expect: CODE [line=N]'"
    return match.group(1), int(match.group(2)) if match.group(2) else None


@pytest.mark.parametrize("path", sorted(DIAGRAMS.glob("*.expect-error.mmd")), ids=lambda p: p.name)
def test_invalid_diagrams_fail_with_a_located_coded_error(printer: Printer, path: Path) -> None:
    code, line = _error_expectation(path)
    with pytest.raises(PrinterError) as caught:
        printer.render_svg(build_render_options(path.read_text()))
    assert caught.value.code == code
    if line is not None:
        assert caught.value.details["line"] == line
        assert f"line {line}" in caught.value.message


def test_syntax_errors_carry_column_expected_tokens_and_the_offending_token(printer: Printer) -> None:
    with pytest.raises(DiagramSyntaxError) as caught:
        printer.render_svg(build_render_options((DIAGRAMS / "sequence-missing-target.expect-error.mmd").read_text()))
    details = caught.value.details
    # "    Bob-->>: missing target": the token Mermaid could not take (": missing target") starts
    # at column 12, where Mermaid's own caret points; jison's `loc` (column 8) is the arrow it took.
    assert (details["line"], details["column"]) == (4, 12)
    assert "ACTOR" in details["expected"]
    assert details["token"] == "TXT"


def test_zenuml_keeps_its_own_stylesheet_scoped_to_the_diagram(printer: Printer) -> None:
    # ZenUML writes bare selectors (".message-label {…}"); the sanitizer drops unscoped rules,
    # which left every box black and every label in the default serif font.
    result = printer.render_svg(build_render_options((DIAGRAMS / "zenuml.mmd").read_text(), embed_fonts=False))
    root = etree.fromstring(result.svg.encode())
    css = "".join(root.find(f"{SVG}defs/{SVG}style").itertext())
    svg_id = root.get("id")
    assert f"#{svg_id} .participant-box {{ fill: #ffffff; stroke: #666; stroke-width: 2; }}" in css
    assert f"#{svg_id} .message-label {{ font-family: Helvetica, Verdana, serif;" in css
    assert result.warnings == []


# Where mermaid-cli 12.2.0 (Mermaid 12.3.0, layout-tidy-tree 1.0.1, Chromium) puts each node of
# fixtures/diagrams/mindmap-tidy-tree.mmd: the translate() of its <g class="node">, by label.
# Recorded with the fidelity tools' `ref/render.sh IN.mmd OUT.svg -c ref/config-product.json`.
TIDY_TREE_NODES_IN_CHROMIUM = {
    "Printer": (0.0, 20.0),
    "Engine": (-151.32597732543945, -26.75),
    "QuickJS": (-286.07597732543945, -50.25),
    "DOM shim": (-294.06816482543945, -3.25),
    "Text widths": (-451.41972732543945, -3.25),
    "Output formats": (179.27910232543945, -7.5),
    "SVG": (329.09160232543945, -54.5),
    "PDF": (328.30644607543945, -7.5),
    "PNG": (329.52910232543945, 39.5),
    "Adapters": (-153.38847732543945, 53.75),
    "MCP": (-278.19316482543945, 53.75),
    "Fonts": (146.37285232543945, 44.5),
}
TIDY_TREE_VIEWBOX_IN_CHROMIUM = (-520.9900512695312, -78.0, 897.8551025390625, 165.25)


def _node_positions(svg: str) -> dict[str, tuple[float, float]]:
    positions = {}
    for group in etree.fromstring(svg.encode()).iter(f"{SVG}g"):
        if "node" in (group.get("class") or "").split():
            label = " ".join(" ".join(" ".join(t.itertext()) for t in group.iter(f"{SVG}text")).split())
            translated = re.fullmatch(r"translate\(([-\d.e]+)[ ,]+([-\d.e]+)\)", group.get("transform") or "")
            assert translated is not None, group.get("transform")
            x, y = translated.groups()
            positions[label] = (float(x), float(y))
    return positions


def test_a_tidy_tree_mindmap_is_laid_out_where_mermaid_cli_puts_it(printer: Printer) -> None:
    # mermaid-cli registers @mermaid-js/layout-tidy-tree; without it Mermaid falls back to
    # cose-bilkent, which puts every node somewhere else.
    code = (DIAGRAMS / "mindmap-tidy-tree.mmd").read_text()
    tidy = printer.render_svg(build_render_options(code))
    cose = printer.render_svg(build_render_options(code.replace("layout: tidy-tree", "layout: cose-bilkent")))

    positions = _node_positions(tidy.svg)
    assert positions.keys() == TIDY_TREE_NODES_IN_CHROMIUM.keys()
    for label, expected in TIDY_TREE_NODES_IN_CHROMIUM.items():
        assert positions[label] == pytest.approx(expected, abs=1e-3), label
    viewbox = [float(v) for v in etree.fromstring(tidy.svg.encode()).get("viewBox").split()]
    assert viewbox == pytest.approx(TIDY_TREE_VIEWBOX_IN_CHROMIUM, abs=1e-3)
    assert all(_node_positions(cose.svg)[label] != positions[label] for label in positions)


def test_an_unknown_diagram_type_is_unsupported(printer: Printer) -> None:
    with pytest.raises(UnsupportedDiagram):
        printer.render_svg(build_render_options("notADiagram\n  A --> B"))


def test_source_over_mermaids_max_text_size_is_refused(printer: Printer) -> None:
    code = "flowchart TD\n" + "%% padding\n" * 5000
    with pytest.raises(InputTooLarge) as caught:
        printer.render_svg(build_render_options(code))
    assert caught.value.details == {"limit_characters": 50_000}


def test_more_edges_than_mermaids_max_edges_is_input_too_large(printer: Printer) -> None:
    code = "flowchart LR\n" + "\n".join(f"  n{i} --> n{i + 1}" for i in range(501))
    for attempt in (lambda: printer.render_svg(build_render_options(code)), lambda: printer.parse(code)):
        with pytest.raises(InputTooLarge) as caught:
            attempt()
        assert caught.value.details == {"limit_edges": 500}
        assert "500 edges" in str(caught.value)
    assert printer.parse(code.rsplit("\n", 1)[0]).ast["metadata"]["counts"]["edges"] == 500


def test_same_input_gives_byte_identical_svg_across_calls_and_printers(printer: Printer) -> None:
    options = build_render_options((DIAGRAMS / "class.mmd").read_text())
    first = printer.render_svg(options).svg
    assert printer.render_svg(options).svg == first
    with Printer(RendererPool(), cache=None) as fresh:  # its own engine process
        assert fresh.render_svg(options).svg == first


def test_a_child_forked_on_demand_gives_the_same_bytes_as_a_spare(printer: Printer) -> None:
    # The shared printer's requests go to spares forked ahead of time; without spares each
    # child is forked when its request arrives. Both prime first, so both start from one state.
    sources = {name: (DIAGRAMS / f"{name}.mmd").read_text() for name in sorted(CORE_TYPES)}
    with Printer(RendererPool(spares=0), cache=None) as on_demand:
        for name, code in sources.items():
            options = build_render_options(code)
            assert on_demand.render_svg(options).svg == printer.render_svg(options).svg, name
            assert on_demand.parse(code, include_positions=True) == printer.parse(code, include_positions=True), name


def test_ten_simultaneous_renders_all_succeed(printer: Printer) -> None:
    sources = [(DIAGRAMS / f"{name}.mmd").read_text() for name in sorted(CORE_TYPES)]
    results: dict[int, str] = {}
    errors: list[BaseException] = []

    def render(index: int) -> None:
        try:
            results[index] = printer.render_svg(build_render_options(sources[index % len(sources)])).diagram_type
        except BaseException as exc:  # collected and re-raised below
            errors.append(exc)

    threads = [threading.Thread(target=render, args=(i,)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(results) == 10


def test_a_render_over_its_time_limit_times_out_and_the_next_one_works(printer: Printer) -> None:
    slow = "flowchart TD\n" + "\n".join(f"N{i}[Node {i}] --> N{i + 1}[Node {i + 1}]" for i in range(400))
    with pytest.raises(RenderTimeout):
        printer.render_svg(build_render_options(slow, timeout_ms=1000))
    assert printer.render_svg(build_render_options("flowchart LR\n  A --> B")).diagram_type == "flowchart-v2"


def test_background_colour_paints_the_canvas(printer: Printer) -> None:
    svg = printer.render_svg(build_render_options('pie\n  "a": 1', background="#fafafa")).svg
    root = etree.fromstring(svg.encode())
    assert "background-color: #fafafa" in root.get("style")


def test_theme_option_changes_the_colours(printer: Printer) -> None:
    code = "flowchart LR\n  A --> B"
    plain = printer.render_svg(build_render_options(code)).svg
    dark = printer.render_svg(build_render_options(code, theme="dark")).svg
    assert plain != dark


def test_fonts_are_embedded_by_default_and_can_be_left_out(printer: Printer) -> None:
    code = "flowchart LR\n  A[Hello] --> B[World]"
    embedded = printer.render_svg(build_render_options(code)).svg
    bare = printer.render_svg(build_render_options(code, embed_fonts=False)).svg
    assert "@font-face" in embedded and "data:font/" in embedded
    assert "@font-face" not in bare


def _embedded_face_names(svg: str) -> list[str]:
    return re.findall(r'@font-face\{font-family:"([^"]+)"', svg)


def test_each_font_is_embedded_under_the_name_the_text_is_drawn_with(printer: Printer) -> None:
    # Pie text is styled "trebuchet ms", verdana, arial, sans-serif: Chromium draws arial
    # (Arimo here); flowchart text is Recursive Variable, which lists arial only as a fallback.
    pie = printer.render_svg(build_render_options((DIAGRAMS / "pie.mmd").read_text())).svg
    assert set(_embedded_face_names(pie)) == {"trebuchet ms"}
    flowchart = printer.render_svg(build_render_options("flowchart LR\n  A[Hello] --> B[World]")).svg
    assert set(_embedded_face_names(flowchart)) == {"Recursive Variable"}


def test_text_asking_for_a_generic_family_only_is_drawn_with_an_embedded_face(printer: Printer) -> None:
    # autonumber's circles say font-family="sans-serif", which no @font-face can be named: the
    # text gets the family it was measured with in front, and that face is embedded, so no
    # digit is left to the viewer's own sans-serif (it warned for each digit not elsewhere).
    code = "sequenceDiagram\n  autonumber\n" + "".join(f"  A->>B: m{n}\n" for n in range(9))
    result = printer.render_svg(build_render_options(code))

    assert not [w for w in result.warnings if "not in the embedded fonts" in w]
    numbers = etree.fromstring(result.svg.encode()).findall(".//{*}text[@class='sequenceNumber']")
    assert [number.text for number in numbers] == [str(n) for n in range(1, 10)]
    styles = {number.get("style") for number in numbers}
    assert styles == {'font-family: "Arimo", sans-serif;'}
    assert "Arimo" in _embedded_face_names(result.svg)


def test_a_config_key_mermaid_does_not_know_is_named_in_a_warning(printer: Printer) -> None:
    result = printer.render_svg(
        build_render_options("flowchart TD\n  A --> B", config={"flowchart": {"direction": "LR", "curve": "basis"}})
    )

    (warning,) = [w for w in result.warnings if "config key" in w]
    assert warning.startswith("config key 'flowchart.direction' is not a Mermaid 12.3 option and was ignored")
    assert "flowchart LR" in warning


def test_a_memory_blow_up_inside_mermaid_is_a_resource_limit_not_a_render_failure() -> None:
    # Mermaid catches the interpreter's out-of-memory error and rethrows something else (or
    # null): the engine still reports it as the limit it was. (The context is not reused for
    # another diagram: every request gets a fresh process.)
    from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
    from mermaid_printer.engine import EngineLimits
    from mermaid_printer.engine.quickjs_engine import QuickJSEngine
    from mermaid_printer.mermaid.config import build_mermaid_config

    engine = QuickJSEngine(mermaid_bundle())
    loaded = engine._context.memory()["malloc_size"]  # what the bundle itself holds (~60 MB)
    big = "flowchart TD\n" + "\n".join(f"  N{i}[label {i}] --> N{i + 1}" for i in range(100))
    payload = {"code": big, "config": build_mermaid_config({}), "svgId": "x"}

    result = engine.call("render", payload, EngineLimits(memory_bytes=loaded + 4 * 2**20))

    assert result["ok"] is False
    assert result["error"] == {
        "code": "RESOURCE_LIMIT",
        "message": "the render ran out of memory",
        "details": {"limit": "memory"},
    }
    assert engine.eval("1 + 1") == 2
