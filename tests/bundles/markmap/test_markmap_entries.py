"""The markmap bundle's entries in the real engine: markmap's own transform and drawing.

Fixtures are small Markdown documents under tests/fixtures/markmap/, one per kind of label.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "markmap"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine(markmap_bundle())


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def transform(engine: QuickJSEngine, markdown: str, **extra: Any) -> dict[str, Any]:
    return engine.call("transform", {"markdown": markdown, **extra})


def render(engine: QuickJSEngine, markdown: str, **extra: Any) -> dict[str, Any]:
    return engine.call("render", {"markdown": markdown, "svgId": "mm", **extra})


def nodes_of(svg: str) -> list[etree._Element]:
    root = etree.fromstring(svg.encode("utf-8"))
    return [g for g in root.iter(SVG + "g") if "markmap-node" in (g.get("class") or "")]


def label_texts(svg: str) -> list[str]:
    """The text of each node's label, in document order."""
    out = []
    for node in nodes_of(svg):
        out.append("".join(node.itertext()).strip())
    return out


def test_transform_counts_every_node_root_included_and_the_depth_from_the_root_as_one(engine: QuickJSEngine) -> None:
    result = transform(engine, fixture("deep-lists.md"))

    assert result["ok"]
    assert result["structure"]["node_count"] == 8
    assert result["structure"]["max_depth"] == 7
    assert result["root"]["content"] == "Deep"


def test_transform_reports_headings_by_level_including_setext_headings(engine: QuickJSEngine) -> None:
    structure = transform(engine, fixture("headings.md"))["structure"]

    assert structure["headings_by_level"] == {"1": 1, "2": 3, "3": 2}
    assert structure["features"] == ["heading"]


@pytest.mark.parametrize(
    ("name", "features", "plugins"),
    [
        ("code.md", {"code_block", "inline_code", "list"}, ["hljs"]),
        ("math.md", {"math", "list"}, ["katex"]),
        ("table.md", {"table"}, []),
        ("checkboxes.md", {"checkbox", "list"}, []),
        ("links-images.md", {"link", "image"}, []),
        ("front-matter.md", {"frontmatter", "markmap_options"}, []),
    ],
)
def test_transform_names_the_kinds_of_markdown_and_the_plugins_markmap_reported(
    engine: QuickJSEngine, name: str, features: set[str], plugins: list[str]
) -> None:
    structure = transform(engine, fixture(name))["structure"]

    assert features <= set(structure["features"])
    assert structure["plugins"] == plugins


def test_transform_counts_the_characters_of_the_labels_text_not_their_markup(engine: QuickJSEngine) -> None:
    structure = transform(engine, "# Ab\n\n- [c](https://example.com/long/url)\n- `d`\n")["structure"]

    assert structure["total_characters"] == 4
    assert structure["average_node_length"] == pytest.approx(4 / 3, abs=0.01)


def test_front_matter_options_are_reported_and_the_requests_override_them(engine: QuickJSEngine) -> None:
    result = transform(engine, fixture("front-matter.md"), options={"spacingHorizontal": 60})

    assert result["options"] == {"colorFreezeLevel": 2, "initialExpandLevel": 2, "spacingHorizontal": 60}
    assert result["frontmatter"]["title"] == "Options"


def test_defaults_give_way_to_the_front_matter_and_a_wrong_front_matter_option_is_not_reported(
    engine: QuickJSEngine,
) -> None:
    markdown = "---\nmarkmap:\n  colorFreezeLevel: 3\n  maxWidth: wide\n---\n# A\n"

    result = transform(engine, markdown, defaults={"colorFreezeLevel": 6, "paddingX": 4})

    assert result["options"] == {"colorFreezeLevel": 3, "paddingX": 4}


def test_line_width_draws_branches_as_markmap_computes_them(engine: QuickJSEngine) -> None:
    markdown = "# Root\n\n- child\n"
    widths = {
        str(spec): {
            p.get("stroke-width")
            for p in etree.fromstring(render(engine, markdown, options={"lineWidth": spec})["svg"].encode()).iter(
                SVG + "path"
            )
        }
        for spec in (4, [2, 4, 2])
    }

    assert widths["4"] == {"4"}
    assert widths["[2, 4, 2]"] == {"3"}  # the child, at markmap's depth 2 (the root is 1): 2 + 4 / 2 ** 2


@pytest.mark.parametrize(
    ("options", "message"),
    [({"spacing": 5}, "unknown markmap option spacing"), ({"maxWidth": "300"}, "option maxWidth must be a number")],
)
def test_an_unknown_or_mistyped_option_is_invalid_input(
    engine: QuickJSEngine, options: dict[str, Any], message: str
) -> None:
    result = transform(engine, "# A", options=options)

    assert result["ok"] is False
    assert result["error"]["code"] == "INVALID_INPUT"
    assert message in result["error"]["message"]


def test_a_tree_over_the_node_limit_is_input_too_large_naming_the_limit(engine: QuickJSEngine) -> None:
    markdown = "# Root\n" + "".join(f"- item {i}\n" for i in range(12))

    result = render(engine, markdown, limits={"nodes": 10, "depth": 20})

    assert result["ok"] is False
    assert result["error"]["code"] == "INPUT_TOO_LARGE"
    assert result["error"]["details"] == {"limit": "nodes", "max_nodes": 10, "nodes": 13}


def test_a_tree_deeper_than_twenty_levels_is_input_too_large_by_default(engine: QuickJSEngine) -> None:
    markdown = "# Root\n" + "".join("  " * level + f"- level {level + 2}\n" for level in range(20))

    result = transform(engine, markdown)

    assert result["ok"] is False
    assert result["error"]["code"] == "INPUT_TOO_LARGE"
    assert result["error"]["details"] == {"limit": "depth", "max_depth": 20, "depth": 21}
    assert "21 levels deep" in result["error"]["message"]


def test_render_draws_every_node_of_the_tree_as_svg_text_without_foreign_objects(engine: QuickJSEngine) -> None:
    result = render(engine, fixture("deep-lists.md"))

    assert result["ok"]
    assert result["node_count"] == 8
    assert "foreignObject" not in result["svg"]
    assert sorted(label_texts(result["svg"])) == sorted(
        ["Deep", "one", "two", "three", "four", "five", "six", "beside"]
    )


def test_render_is_byte_identical_for_the_same_markdown_whatever_was_drawn_before(engine: QuickJSEngine) -> None:
    fresh = QuickJSEngine(markmap_bundle())
    first = render(fresh, fixture("code.md"))["svg"]
    render(engine, fixture("deep-lists.md"))  # other paths first: markmap's colours are page-wide
    second = render(engine, fixture("code.md"))["svg"]

    assert first == second


def test_the_viewbox_is_the_content_bounds_plus_twenty_pixels_and_the_size_is_the_viewbox(
    engine: QuickJSEngine,
) -> None:
    result = render(engine, "# Root")

    root = etree.fromstring(result["svg"].encode("utf-8"))
    x, y, width, height = (float(v) for v in root.get("viewBox").split())
    assert (float(root.get("width")), float(root.get("height"))) == (width, height)
    assert (result["width"], result["height"]) == (width, height)
    # one node at (0, 0), its label 20 px tall; its line runs to its width + 2
    line_end = float(nodes_of(result["svg"])[0].find(SVG + "line").get("x2"))
    assert (x, y) == (-20, -10 - 20)
    assert width == line_end - 2 + 40


def test_an_image_in_a_label_is_drawn_as_its_alt_text(engine: QuickJSEngine) -> None:
    svg = render(engine, fixture("links-images.md"))["svg"]

    assert "a red square has alt text" in " ".join(label_texts(svg))
    assert "square.png" not in svg


def test_labels_are_drawn_in_300_16px_arial_and_links_in_markmaps_link_colour(engine: QuickJSEngine) -> None:
    svg = render(engine, fixture("links-images.md"))["svg"]

    assert "font-family: Arial; font-size: 16px; font-weight: 300;" in svg
    link = re.search(r'<tspan[^>]*style="([^"]*)"[^>]*>the docs</tspan>', svg)
    assert link and "fill: #0097e6" in link.group(1)


def test_inline_code_gets_markmaps_background_and_a_taller_node(engine: QuickJSEngine) -> None:
    svg = render(engine, "# A\n- plain\n- `code`\n")["svg"]

    assert 'fill="#f0f0f0"' in svg
    heights = {
        text: float(node.find(SVG + "line").get("y1"))
        for node in nodes_of(svg)
        for text in ["".join(node.itertext()).strip()]
    }
    # the code's padding overflows the 20 px line, as scrollHeight reports in Chromium (22 px)
    assert heights["code"] - heights["plain"] == pytest.approx(2.0)


def test_a_task_checkbox_is_drawn_as_markmaps_icon(engine: QuickJSEngine) -> None:
    svg = render(engine, fixture("checkboxes.md"))["svg"]

    assert svg.count('viewBox="0 -3 24 24"') == 2
    assert "write the tests" in svg


def test_the_colour_of_a_circle_is_resolved_from_markmaps_css_variable(engine: QuickJSEngine) -> None:
    svg = render(engine, fixture("deep-lists.md"))["svg"]

    assert "var(" not in re.sub(r"<style>.*?</style>", "", svg, flags=re.DOTALL)
    assert 'fill="#fff"' in svg


def test_markmaps_stylesheet_is_scoped_to_the_svgs_id(engine: QuickJSEngine) -> None:
    svg = render(engine, "# A", svgId="my-map")["svg"]

    sheet = re.search(r"<style>(.*?)</style>", svg, re.DOTALL)
    assert sheet is not None, svg
    style = sheet.group(1)
    selectors = [block.split("{")[0].strip() for block in style.split("}") if "{" in block]
    assert all(s.startswith("#my-map") for part in selectors for s in [p.strip() for p in part.split(",")])


def test_initial_expand_level_from_the_front_matter_folds_deeper_nodes(engine: QuickJSEngine) -> None:
    folded = render(engine, fixture("front-matter.md"))
    expanded = render(engine, fixture("front-matter.md"), options={"initialExpandLevel": -1})

    assert "hidden leaf" not in " ".join(label_texts(folded["svg"]))
    assert "hidden leaf" in " ".join(label_texts(expanded["svg"]))
    assert folded["node_count"] == expanded["node_count"] == 4


def test_color_freeze_level_gives_a_branch_one_colour(engine: QuickJSEngine) -> None:
    markdown = "# Root\n- branch\n  - leaf one\n  - leaf two\n"
    frozen = render(engine, markdown, options={"colorFreezeLevel": 2})["svg"]
    free = render(engine, markdown)["svg"]

    def stroke_colours(svg: str) -> set[str]:
        return {node.find(SVG + "line").get("stroke") for node in nodes_of(svg) if node.get("data-depth") != "1"}

    assert len(stroke_colours(frozen)) == 1
    assert len(stroke_colours(free)) == 3


def test_max_width_wraps_long_labels_onto_more_lines(engine: QuickJSEngine) -> None:
    markdown = "# Root\n- " + " ".join(["word"] * 40) + "\n"
    narrow = render(engine, markdown, options={"maxWidth": 200})
    wide = render(engine, markdown)

    assert narrow["width"] < wide["width"]
    assert narrow["height"] > wide["height"]


def test_math_is_drawn_as_its_tex_source_as_markmap_does_without_katex(engine: QuickJSEngine) -> None:
    svg = render(engine, fixture("math.md"))["svg"]

    assert "x^2 + y^2 = z^2" in " ".join(label_texts(svg))


def test_cjk_labels_are_measured_with_the_bundled_cjk_face(engine: QuickJSEngine) -> None:
    result = render(engine, fixture("cjk.md"))

    assert "中文标签" in " ".join(label_texts(result["svg"]))
    assert result["missing_codepoints"] == []
    assert any(face["family"].startswith("Noto Sans") for face in result["drawn_faces"])


def test_html_that_xml_cannot_hold_is_drawn_as_its_text(engine: QuickJSEngine) -> None:
    result = render(engine, fixture("hostile-html.md"))

    assert result["ok"]
    etree.fromstring(result["svg"].encode("utf-8"))  # well-formed
    assert "<script" not in result["svg"]
    assert "after a script" in " ".join(label_texts(result["svg"]))


def test_transform_is_json_with_markmaps_tree_shape(engine: QuickJSEngine) -> None:
    root = transform(engine, fixture("table.md"))["root"]

    assert set(root) >= {"content", "children", "payload"}
    assert root["payload"]["tag"] == "h1"
    assert "<table" in json.dumps(root)


def test_raw_html_xml_cannot_hold_is_drawn_as_the_reference_draws_it(engine: QuickJSEngine) -> None:
    """A <template> in a label (nested ones too) is left out, and an element the HTML parser made
    of text XML cannot name (the ``<T>`` of ``List<T>``) becomes the text it holds."""
    markdown = (
        "# Root\n\n"
        "- before <template>hidden <template>deeper</template> too</template> after\n"
        "- List<T> of <b>bold <template>gone</template></b>\n"
    )
    result = render(engine, markdown)

    assert sorted(label_texts(result["svg"])) == ["List of bold", "Root", "before after"]
    assert not any(word in result["svg"] for word in ("hidden", "deeper", "gone", "<T", "template"))
    etree.fromstring(result["svg"].encode("utf-8"))  # well-formed XML
