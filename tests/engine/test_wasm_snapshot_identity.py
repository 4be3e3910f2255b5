"""An engine restored from the warm snapshot draws byte-identical SVG, and parses to the same AST,
as a freshly loaded engine warmed up the same way (the renderer pool's warm process,
``worker.mermaid.warm_up``): one small diagram of every type (the diagrams of
test_wasm_svg_identity.py), through ``worker.mermaid.render_svg`` (post-processed).

Warmed up, not merely loaded: Mermaid numbers some ids with counters that live as long as the
page (class diagrams' ``classId-<name>-<n>``, sequence diagrams' actor ids), so an engine that
rendered the warm-up's class and sequence diagrams names them differently from one that never
rendered any, as a browser page does on its second render; the renderer pool's children have
always started warmed up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.bundles.mermaid.handlers import render_svg, warm_up
from mermaid_printer.engine import EngineLimits
from mermaid_printer.engine.wasm import WasmEngine
from mermaid_printer.engine.wasm.snapshot import snapshot_key, snapshot_path
from mermaid_printer.jobs import SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine

FIXTURES = Path(__file__).parents[1] / "fixtures"
DIAGRAMS = sorted((FIXTURES / "parse").glob("*.mmd")) + [
    FIXTURES / "diagrams" / name for name in ("mindmap-tidy-tree.mmd", "sequence-katex.mmd", "zenuml.mmd")
]


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[WasmEngine, WasmEngine]]:
    """A freshly loaded and warmed-up engine, and one restored from a snapshot built in a cache
    of its own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        bundle = mermaid_bundle()
        WasmEngine.restored(bundle)  # builds the snapshot
        path = snapshot_path(bundle, snapshot_key(bundle, EngineLimits()))
        assert path is not None
        built = path.stat().st_ino
        restored = WasmEngine.restored(bundle)
        assert path.stat().st_ino == built, "the second engine built the snapshot again instead of restoring it"
        fresh = WasmEngine(bundle)
        warm_up(fresh)
        yield fresh, restored


@pytest.mark.parametrize("path", DIAGRAMS, ids=[f"{p.parent.name}/{p.stem}" for p in DIAGRAMS])
def test_a_restored_engine_draws_and_parses_like_a_freshly_loaded_and_warmed_one(
    engines: tuple[WasmEngine, WasmEngine], path: Path
) -> None:
    fresh, restored = engines
    code = path.read_text()
    job = SvgJob(code=code, config=build_mermaid_config({}), svg_id="identity", timeout_ms=0)
    assert render_svg(restored, job) == render_svg(fresh, job)
    parse = {"code": code, "config": build_mermaid_config({}), "ast": True, "positions": True}
    assert restored.call("parse", parse) == fresh.call("parse", parse)
