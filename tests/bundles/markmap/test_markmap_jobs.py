"""The markmap job kinds and their worker handlers: the product's SVG, PDF, PNG, HTML and structure."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from mermaid_printer import wire
from mermaid_printer.bundles import bundle_worker
from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine import Engine, EngineLimits
from mermaid_printer.engine.bundle import Bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.errors import InputTooLarge, InvalidInput
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.jobs import JOB_KINDS, MarkmapRenderJob, MarkmapRenderResult, MarkmapStructure, MarkmapStructureJob

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "markmap"
SVG = "{http://www.w3.org/2000/svg}"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def job(markdown: str, **fields: Any) -> MarkmapRenderJob:
    return MarkmapRenderJob(markdown=markdown, options=fields.pop("options", {}), timeout_ms=30000, **fields)


class RecordingEngine:
    """An engine that records its calls and answers as the real one does for a one-node map."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    @property
    def bundle(self) -> Bundle:
        return markmap_bundle()

    def call(self, entry: str, payload: dict[str, Any], limits: EngineLimits | None = None) -> dict[str, Any]:
        self.calls.append((entry, payload))
        return {"ok": False, "error": {"code": "INPUT_TOO_LARGE", "message": "too big", "details": {"limit": "nodes"}}}


def test_the_markmap_job_kinds_run_in_the_markmap_bundle_by_handlers_its_worker_has() -> None:
    kinds = {kind.name: kind for kind in JOB_KINDS}
    worker = bundle_worker("markmap")

    for name, job_type, result_type in (
        ("markmap_render", MarkmapRenderJob, MarkmapRenderResult),
        ("markmap_structure", MarkmapStructureJob, MarkmapStructure),
    ):
        assert kinds[name].bundle == "markmap"
        assert (kinds[name].job, kinds[name].result) == (job_type, result_type)
        assert callable(worker.handlers[job_type])


def test_markmap_jobs_and_results_cross_the_wire_unchanged() -> None:
    render_job = job("# A", format="png", scale=2.0)
    result = MarkmapRenderResult(
        format="png", data=b"\x89PNG", node_count=1, width=10.0, height=5.0, width_px=20, height_px=10, scale=2.0
    )

    assert wire.decode(wire.encode(render_job)) == render_job
    assert wire.decode(wire.encode(result)) == result
    assert result.mime_type == "image/png"


def test_markdown_over_one_megabyte_is_refused_before_the_engine_runs() -> None:
    engine = RecordingEngine()

    with pytest.raises(InputTooLarge) as raised:
        worker.render(engine, job("#" + "x" * worker.MAX_MARKDOWN_BYTES))

    assert raised.value.details == {"limit": "bytes", "max_bytes": 1_000_000, "bytes": 1_000_001}
    assert engine.calls == []


def test_the_node_and_depth_limits_go_to_the_engine_and_its_refusal_comes_back_typed() -> None:
    engine = RecordingEngine()

    with pytest.raises(InputTooLarge):
        worker.structure(engine, MarkmapStructureJob(markdown="# A", options={}, timeout_ms=1000))

    assert engine.calls[0][1]["limits"] == {"nodes": 10_000, "depth": 20}


def test_an_unknown_format_is_invalid_input() -> None:
    with pytest.raises(InvalidInput, match="unknown mind map format 'gif'"):
        worker.render(RecordingEngine(), job("# A", format="gif"))


@pytest.fixture(scope="module")
def engine() -> Engine:
    return QuickJSEngine(markmap_bundle())


@pytest.mark.engine
def test_the_svg_is_sanitized_canonical_and_carries_the_arial_face_it_was_measured_with(engine: Engine) -> None:
    result = worker.render(engine, job(fixture("hostile-html.md")))

    svg = result.data.decode("utf-8")
    root = etree.fromstring(result.data)
    assert result.format == "svg" and result.mime_type == "image/svg+xml"
    assert not [
        el for el in root.iter() if isinstance(el.tag, str) and el.tag.split("}")[-1] in {"script", "foreignObject"}
    ]
    assert "onerror" not in svg and "javascript:" not in svg
    assert re.search(r'@font-face\{font-family:"Arial";[^}]*src:url\(data:font/woff;base64,', svg)
    assert result.node_count == 5


@pytest.mark.engine
def test_characters_xml_forbids_are_dropped_from_labels_and_the_rest_kept(engine: Engine) -> None:
    """Controls and lone surrogates cannot be in an XML file: controls go (a lone surrogate is
    already a replacement character when it reaches the engine), every other character (a
    surrogate pair, a tab) stays."""
    markdown = "# Root\n\n- be\x01fore\x0bafter\n- lone\ud800 high\n- lone\udc00 low\n- pair \U0001f600 tab\tend\n"
    result = worker.render(engine, job(markdown))

    svg = result.data.decode("utf-8")
    root = etree.fromstring(result.data)
    texts = "".join(el.text or "" for el in root.iter(f"{SVG}tspan", f"{SVG}text"))
    assert result.node_count == 5
    assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f]|[\ud800-\udfff]", svg)
    assert "beforeafter" in texts and texts.count("lone\ufffd") == 2
    assert "\U0001f600" in texts


@pytest.mark.engine
def test_the_same_markdown_gives_the_same_svg_bytes(engine: Engine) -> None:
    first = worker.render(engine, job(fixture("table.md"))).data
    worker.render(engine, job(fixture("code.md")))

    assert worker.render(engine, job(fixture("table.md"))).data == first


@pytest.mark.engine
def test_a_background_colour_is_painted_on_the_svg(engine: Engine) -> None:
    root = etree.fromstring(worker.render(engine, job("# A", background="white")).data)

    assert "background-color: white" in root.get("style")


@pytest.mark.engine
def test_a_pdf_page_is_the_mind_maps_size_in_points(engine: Engine) -> None:
    result = worker.render(engine, job(fixture("checkboxes.md"), format="pdf", background="white"))

    assert result.data.startswith(b"%PDF-")
    assert result.mime_type == "application/pdf"
    assert result.page_width_pt == pytest.approx(result.width * 0.75, abs=0.01)
    assert result.page_height_pt == pytest.approx(result.height * 0.75, abs=0.01)
    assert worker.render(engine, job(fixture("checkboxes.md"), format="pdf", background="white")).data == result.data


@pytest.mark.engine
def test_a_png_is_the_mind_maps_size_times_its_scale(engine: Engine) -> None:
    result = worker.render(engine, job(fixture("code.md"), format="png", scale=2.0, background="white"))

    assert result.data.startswith(b"\x89PNG\r\n\x1a\n")
    assert result.width_px == round(result.width * 2)
    assert result.height_px == round(result.height * 2)


@pytest.mark.engine
def test_a_png_is_hinted_by_the_font_subsets_its_svg_embeds(engine: Engine) -> None:
    # The PNG is drawn from an SVG without embedded fonts, its glyphs hinted as a viewer of the
    # mind map's SVG hints that SVG's subsets (FreeType takes the heights it snaps from them).
    png = worker.render(engine, job(fixture("code.md"), format="png", scale=1.0, background="white")).data
    svg = worker.render(engine, job(fixture("code.md"), background="white")).data.decode("utf-8")

    assert "@font-face" in svg
    assert png == svg_to_png(svg, scale=1, background="white").data


@pytest.mark.engine
def test_the_html_page_is_self_contained_and_carries_the_tree_with_cleaned_labels(engine: Engine) -> None:
    result = worker.render(engine, job(fixture("hostile-html.md"), format="html", options={"duration": 200}))

    page = result.data.decode("utf-8")
    assert result.mime_type == "text/html; charset=utf-8"
    assert "Content-Security-Policy" in page and "default-src 'none'" in page
    assert not re.search(r"<script[^>]+src=", page)
    assert "https://cdn" not in page and "jsdelivr" not in page.split("<script>", 1)[0]
    boot = re.search(r"var data=(\{.*?\});var m=window.markmap", page)
    assert boot is not None, page
    data = json.loads(boot.group(1))
    labels = json.dumps(data["root"])
    assert "image with a handler" in labels and "after a script" in labels
    assert "onerror" not in labels and "javascript:" not in labels and "alert(" not in labels
    assert data["options"] == {"duration": 200}
    assert result.node_count == 5


@pytest.mark.engine
def test_structure_describes_the_tree_and_leaves_it_out_when_not_asked(engine: Engine) -> None:
    structure_job = MarkmapStructureJob(
        markdown=fixture("headings.md"), options={}, timeout_ms=30000, include_tree=False
    )

    result = worker.structure(engine, structure_job)

    assert (result.node_count, result.max_depth) == (6, 3)
    assert result.headings_by_level == {"1": 1, "2": 3, "3": 2}
    assert result.tree is None
    assert worker.structure(engine, MarkmapStructureJob(markdown="# A", options={}, timeout_ms=30000)).tree == {
        "content": "A",
        "children": [],
        "payload": {"tag": "h1", "lines": "0,1"},
    }


@pytest.mark.engine
def test_a_tree_too_deep_is_refused_by_the_engine_as_input_too_large(engine: Engine) -> None:
    markdown = "# Root\n" + "".join("  " * level + f"- level {level + 2}\n" for level in range(20))

    with pytest.raises(InputTooLarge) as raised:
        worker.render(engine, job(markdown))

    assert raised.value.details["limit"] == "depth"


@pytest.mark.engine
def test_the_engine_still_draws_after_a_refused_request(engine: Engine) -> None:
    with pytest.raises(InvalidInput):
        worker.render(engine, job("# A", options={"nope": 1}))

    assert worker.render(engine, job("# A")).node_count == 1


@pytest.mark.engine
def test_warm_up_and_priming_run_on_the_fixed_document(engine: Engine) -> None:
    worker.warm_up(engine)
    worker.prime(engine)

    assert worker.render(engine, job(worker.WARMUP_MARKDOWN)).node_count > 5
