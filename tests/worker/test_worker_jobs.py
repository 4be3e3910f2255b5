"""The worker with a fake engine: typed jobs reach their handlers, the real post-processing runs,
and the pool carries jobs and results across the process boundary (no interpreter needed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_engine import FakeEngine

from mermaid_printer.bundles import BUNDLES, bundle_worker
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.errors import DiagramSyntaxError, RenderFailed
from mermaid_printer.jobs import JOB_KINDS, DetectJob, DiagramType, ParseJob, ParseResult, RenderResult, SvgJob
from mermaid_printer.pool import RendererPool
from mermaid_printer.worker import handle


def test_every_job_kind_names_a_bundle_whose_worker_handles_its_job_type() -> None:
    for kind in JOB_KINDS:
        worker = bundle_worker(kind.bundle)
        assert worker.name == kind.bundle
        assert callable(worker.handlers[kind.job]), kind.name


def test_every_handler_of_every_bundle_serves_a_registered_job_kind_of_that_bundle() -> None:
    kinds = {kind.job: kind for kind in JOB_KINDS}
    for name in BUNDLES:
        for job_type in bundle_worker(name).handlers:
            assert kinds[job_type].bundle == name, job_type.__name__


def test_a_render_job_is_rendered_and_post_processed() -> None:
    engine = FakeEngine(mermaid_bundle())
    job = SvgJob(code="fake <diagram>\n  A", config={}, svg_id="mermaid-abc", timeout_ms=1000, embed_fonts=False)

    result = mermaid_worker.render_svg(engine, job)

    assert isinstance(result, RenderResult) and result.diagram_type == "fake"
    assert "<script" not in result.svg and "fake &lt;diagram&gt;" in result.svg
    assert any("script" in warning for warning in result.warnings)
    assert engine.calls == [("render", {"code": job.code, "config": {}, "svgId": "mermaid-abc"})]


def test_a_diagram_error_from_the_engine_is_raised_as_its_typed_error() -> None:
    engine = FakeEngine(mermaid_bundle())
    with pytest.raises(DiagramSyntaxError) as caught:
        mermaid_worker.parse(engine, ParseJob(code="SYNTAX", config={}, timeout_ms=1000))
    assert (caught.value.details["line"], caught.value.details["column"]) == (1, 1)
    assert caught.value.details["hint"]  # the diagnosis explains it (the error path only)


def test_handle_refuses_what_is_not_a_registered_job() -> None:
    with pytest.raises(RenderFailed, match="unknown job"):
        handle({"kind": "render_svg"})


@pytest.fixture(scope="module")
def fake_pool() -> Iterator[RendererPool]:
    with RendererPool(worker_options={"engine": "fake_engine:FakeEngine"}, spares=1) as pool:
        pool.start()
        yield pool


def test_typed_jobs_and_results_cross_the_pool(fake_pool: RendererPool) -> None:
    svg = fake_pool.run(SvgJob(code="fake\n", config={}, svg_id="mermaid-x", timeout_ms=5000), timeout_s=30)
    parsed = fake_pool.run(ParseJob(code="fake\n", config={}, timeout_ms=5000), timeout_s=30)
    detected = fake_pool.run(DetectJob(code="fake\n", config={}, timeout_ms=5000), timeout_s=30)

    assert isinstance(svg, RenderResult) and svg.svg.startswith("<svg")
    assert parsed == ParseResult(diagram_type="fake", ast={"nodes": [{"id": "fake"}], "edges": [], "metadata": {}})
    assert detected == DiagramType(diagram_type="fake")


def test_an_engine_error_in_a_child_comes_back_typed(fake_pool: RendererPool) -> None:
    with pytest.raises(DiagramSyntaxError):
        fake_pool.run(ParseJob(code="SYNTAX", config={}, timeout_ms=5000), timeout_s=30)


_ONE_SHOT = """
import json
from mermaid_printer import worker
from mermaid_printer.jobs import SvgJob
worker.prepare(engine="fake_engine:FakeEngine", warm_up=False, bundles=["mermaid"])
before = sorted(worker._engines)
worker.handle(SvgJob(code="graph", config={}, svg_id="s", timeout_ms=1000, embed_fonts=False))
print(json.dumps([before, sorted(worker._engines)]))
"""


def _run_script(source: str) -> subprocess.CompletedProcess[str]:
    """``source`` in a fresh Python process that imports the tests' helpers (fake_engine)."""
    tests = Path(__file__).resolve().parents[1]
    return subprocess.run(
        [sys.executable, "-c", source],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": os.pathsep.join([str(tests), *sys.path])},
    )


def test_a_process_prepared_for_one_bundle_loads_only_that_one() -> None:
    done = _run_script(_ONE_SHOT)

    assert json.loads(done.stdout) == [["mermaid"], ["mermaid"]]  # markmap is never loaded for a Mermaid render


_UNFREEZABLE = """
import json
from fake_engine import FakeEngine
from mermaid_printer import worker

class Unfreezable(FakeEngine):
    def defer_garbage_collection(self):
        pass

    def freeze_heap(self):
        raise RuntimeError("the _quickjs Context does not hold its runtime where module.c puts it")

worker.prepare(engine="__main__:Unfreezable", warm_up=False, bundles=["mermaid"])
print(json.dumps(sorted(worker._engines)))
"""


def test_a_heap_that_cannot_be_frozen_leaves_the_process_serving_with_a_warning() -> None:
    # Freezing (QuickJSEngine.freeze_heap) only saves time: a module whose layout is not the one
    # expected must not keep the warm process from starting.
    done = _run_script(_UNFREEZABLE)

    assert json.loads(done.stdout) == ["mermaid"]
    assert "the mermaid engine's heap is not frozen: the _quickjs Context does not hold its runtime" in done.stderr
