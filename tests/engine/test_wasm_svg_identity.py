"""The WebAssembly engine draws byte-identical SVG to the native engine: one small diagram of
every type (tests/fixtures/parse, one per type, and the extra fixtures of tests/fixtures/diagrams),
rendered and post-processed by ``worker.mermaid.render_svg`` under each engine in turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.bundles.mermaid.handlers import render_svg
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine

FIXTURES = Path(__file__).parents[1] / "fixtures"
DIAGRAMS = sorted((FIXTURES / "parse").glob("*.mmd")) + [
    FIXTURES / "diagrams" / name for name in ("mindmap-tidy-tree.mmd", "sequence-katex.mmd", "zenuml.mmd")
]


@pytest.fixture(scope="module")
def engines() -> tuple[QuickJSEngine, WasmEngine]:
    bundle = mermaid_bundle()
    return QuickJSEngine(bundle), WasmEngine(bundle)


@pytest.mark.parametrize("path", DIAGRAMS, ids=[f"{p.parent.name}/{p.stem}" for p in DIAGRAMS])
def test_the_wasm_engine_draws_the_same_svg_as_the_native_engine(
    engines: tuple[QuickJSEngine, WasmEngine], path: Path
) -> None:
    native, wasm = engines
    job = SvgJob(code=path.read_text(), config=build_mermaid_config({}), svg_id="identity", timeout_ms=0)
    expected = render_svg(native, job)
    assert render_svg(wasm, job) == expected


def test_the_wasm_engine_loads_the_bundle_with_its_transforms(engines: tuple[QuickJSEngine, WasmEngine]) -> None:
    """Regression: the wasm engine read the scripts' files as they are on disk, so Mermaid ran
    there without its load-time patches; its sequence actor counter, which one of them resets,
    carried over from one render to the next (``actor2`` where the native engine drew ``actor0``)."""
    _, wasm = engines
    job = SvgJob(code="sequenceDiagram\n  A->>B: hi", config=build_mermaid_config({}), svg_id="again", timeout_ms=0)
    first = render_svg(wasm, job).svg

    assert render_svg(wasm, job).svg == first
    assert 'id="actor0"' in first
