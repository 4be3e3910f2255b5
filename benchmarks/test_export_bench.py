"""PDF and PNG: what export adds to a render (advisory, never gating).

Groups:

* ``export-warm``: the whole request through the pool (render + convert in the forked child),
  next to the SVG request for the same diagram, so the difference is the converter's cost;
* ``export-convert``: the converter alone, in this process, on product SVGs (the core flowchart
  and a 600-node flowchart, ``tests/postprocess/fixtures/large-flowchart.svg``);
* ``export-fonts``: making the converter fonts (static instances; once per version, into the
  user's cache), making one CJK slice's instance on first use, and loading them from the cache
  with fontconfig (what each zygote does).

Run: ``pytest benchmarks/test_export_bench.py --benchmark-only``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer import Printer, build_pdf_options, build_png_options, build_render_options
from mermaid_printer.export import prepare_export
from mermaid_printer.export.pdf import svg_to_pdf
from mermaid_printer.export.png import svg_to_png
from mermaid_printer.fonts import catalog as font_catalog
from mermaid_printer.fonts import converter_fonts, vendored_fonts
from mermaid_printer.fonts.fontconfig import Fontconfig
from mermaid_printer.fonts.instances import LastResortInstances, write_instances

ROOT = Path(__file__).parent.parent
DIAGRAMS = ROOT / "tests" / "fixtures" / "diagrams"
LARGE_SVG = ROOT / "tests" / "postprocess" / "fixtures" / "large-flowchart.svg"


@pytest.fixture(scope="module")
def flowchart_svg(printer: Printer) -> str:
    options = build_render_options((DIAGRAMS / "flowchart.mmd").read_text(), embed_fonts=False)
    return printer.render_svg(options).svg


@pytest.mark.benchmark(group="export-warm")
@pytest.mark.parametrize("kind", ["svg", "pdf", "png"])
def test_warm_request_flowchart(benchmark, printer: Printer, kind: str) -> None:
    code = (DIAGRAMS / "flowchart.mmd").read_text()
    render, options = {
        "svg": (printer.render_svg, build_render_options(code)),
        "pdf": (printer.render_pdf, build_pdf_options(code)),
        "png": (printer.render_png, build_png_options(code)),
    }[kind]
    benchmark.pedantic(render, args=(options,), rounds=8, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="export-convert")
@pytest.mark.parametrize("target", ["pdf", "png-scale-1", "png-scale-2"])
def test_convert_flowchart(benchmark, flowchart_svg: str, target: str) -> None:
    prepare_export()
    convert = {
        "pdf": lambda: svg_to_pdf(flowchart_svg),
        "png-scale-1": lambda: svg_to_png(flowchart_svg, scale=1),
        "png-scale-2": lambda: svg_to_png(flowchart_svg, scale=2),
    }[target]
    benchmark.extra_info["bytes"] = len(convert().__dict__.get("data", b""))
    benchmark.pedantic(convert, rounds=10, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="export-convert")
@pytest.mark.parametrize("target", ["pdf", "png-scale-1"])
def test_convert_large_flowchart(benchmark, target: str) -> None:
    prepare_export()
    svg = LARGE_SVG.read_text(encoding="utf-8")
    convert = {"pdf": lambda: svg_to_pdf(svg), "png-scale-1": lambda: svg_to_png(svg, scale=1)}[target]
    benchmark.pedantic(convert, rounds=3, iterations=1, warmup_rounds=1)


@pytest.mark.benchmark(group="export-fonts")
def test_make_converter_font_instances(benchmark, tmp_path_factory: pytest.TempPathFactory) -> None:
    converter_fonts()  # decoding the vendored woff2 files is shared with SVG font embedding
    benchmark.pedantic(lambda: write_instances(tmp_path_factory.mktemp("fonts")), rounds=3, iterations=1)


@pytest.mark.benchmark(group="export-fonts")
def test_make_a_last_resort_instance_on_first_use(benchmark, tmp_path_factory: pytest.TempPathFactory) -> None:
    """One Noto Sans SC slice (the one with 中), as a process drawing it first makes it: decoding
    the woff2 (not kept between rounds), renaming, writing into an empty cache directory."""
    fonts = converter_fonts()
    face = fonts.last_resort.face_for(ord("中"))
    index, vendored = next(
        (index, vendored)
        for index, vendored in enumerate(vendored_fonts())
        if vendored.family == face.family.name and vendored.in_range(ord("中")) and ord("中") in vendored.codepoints
    )
    fontconfig = Fontconfig.load()

    def fresh() -> tuple[tuple[LastResortInstances], dict]:
        font_catalog._sfnt.cache_clear()
        return (LastResortInstances(fontconfig, fontconfig.new_config(), tmp_path_factory.mktemp("fonts")),), {}

    benchmark.pedantic(lambda store: store.instance(index, vendored), setup=fresh, rounds=5, iterations=1)


@pytest.mark.benchmark(group="export-fonts")
def test_load_converter_fonts_from_the_cache(benchmark) -> None:
    converter_fonts()
    benchmark.pedantic(converter_fonts.__wrapped__, rounds=5, iterations=1)
