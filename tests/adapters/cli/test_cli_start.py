"""The command line's entry point: a one-shot command's engine process started ahead of the
command line's own imports (``adapters/cli_start.py``), taken by the command that needs it and
stopped when none does. Real engine processes throughout."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mermaid_printer.adapters.cli import start as cli_start
from mermaid_printer.engine import ENGINE_ENV_VAR, snapshot_file_prefix, starts_without_building
from mermaid_printer.jobs import RenderResult
from mermaid_printer.mermaid.requests import RenderOptions
from mermaid_printer.pool import _backends
from mermaid_printer.service import Printer

pytestmark = pytest.mark.engine

FLOWCHART = "flowchart LR\n  A[Start] --> B[Done]\n"


@pytest.fixture(autouse=True)
def _native_engine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    # The native engine never builds anything first, so every case here can start ahead.
    monkeypatch.setenv(ENGINE_ENV_VAR, "native")
    yield
    cli_start.discard_head_start()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_one_shot_render_takes_the_engine_process_started_ahead_and_renders_with_it() -> None:
    cli_start._start_ahead(["render", "diagram.mmd", "-o", "out.svg"])
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None

    taken = cli_start.take_head_start("mermaid")

    assert taken is started and cli_start._head_start is None
    with Printer(taken, cache=None) as printer:
        result = printer.render_svg(RenderOptions(code=FLOWCHART))
    assert isinstance(result, RenderResult) and "Start" in result.svg


def test_a_head_start_for_another_bundle_or_engine_is_stopped_and_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    cli_start._start_ahead(["markmap", "notes.md"])
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None
    pid = started.engine_pid

    assert cli_start.take_head_start("mermaid") is None
    assert _gone(pid)

    cli_start._start_ahead(["render", "diagram.mmd"])
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None
    pid = started.engine_pid
    monkeypatch.setenv(ENGINE_ENV_VAR, "wasm")  # what --engine wasm does once parsed

    assert cli_start.take_head_start("mermaid") is None
    assert _gone(pid)


def test_a_head_start_no_command_takes_is_stopped_at_once_not_after_the_grace_for_a_warm_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cli_start._start_ahead(["render", "a.mmd", "b.mmd", "-o", "out/"])  # a batch: a warm pool instead
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None
    pid = started.engine_pid
    graces: list[float] = []  # how long each stop let the engine process go by itself
    stop = _backends._stop

    def recorded_stop(proc: subprocess.Popen[bytes], grace_s: float) -> None:
        graces.append(grace_s)
        stop(proc, grace_s)

    monkeypatch.setattr(_backends, "_stop", recorded_stop)

    cli_start.discard_head_start()

    # Killed without the grace (how long the stop takes: benchmarks/test_pool_timing_bench.py).
    assert _gone(pid)
    assert graces == [0.0]


@pytest.mark.parametrize(
    "arguments",
    [
        ["render", "--engine", "native", "a.mmd"],
        ["render", "--engine=wasm", "a.mmd"],
        ["render", "--help"],
        ["parse", "-h"],
        ["serve"],
        ["--version"],
        [],
    ],
)
def test_command_lines_that_name_the_engine_ask_for_help_or_need_no_one_shot_engine_start_nothing(
    arguments: list[str],
) -> None:
    cli_start._start_ahead(arguments)

    assert cli_start._head_start is None


def test_no_head_start_where_the_engine_would_build_its_snapshot_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path))
    assert starts_without_building("native", "mermaid")
    assert not starts_without_building("wasm-snapshot", "mermaid")

    (tmp_path / "wasm").mkdir(mode=0o700, exist_ok=True)
    (tmp_path / "wasm" / f"{snapshot_file_prefix('mermaid')}0123.bin").write_bytes(b"")

    assert starts_without_building("wasm-snapshot", "mermaid")
    assert not starts_without_building("wasm-snapshot", "markmap")


def test_the_command_line_draws_the_same_bytes_with_and_without_a_head_start(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    env = {**os.environ, ENGINE_ENV_VAR: "native"}

    def run(*arguments: str) -> bytes:
        subprocess.run(
            [sys.executable, "-m", "mermaid_printer", "render", "a.mmd", *arguments],
            cwd=tmp_path,
            env=env,
            check=True,
            capture_output=True,
            timeout=300,
        )
        return (tmp_path / arguments[-1]).read_bytes()

    ahead = run("-o", "ahead.svg")
    not_ahead = run("--engine", "native", "-o", "not-ahead.svg")

    assert ahead == not_ahead and b"Start" in ahead


def test_a_markdown_document_of_few_diagrams_takes_the_engine_process_started_ahead() -> None:
    cli_start._start_ahead(["markdown", "guide.md", "-o", "out.md"])
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None

    pool = cli_start.batch_pool(cli_start.WARM_BATCH_FROM - 1)

    assert pool is started and cli_start._head_start is None
    with Printer(pool, cache=None) as printer:
        result = printer.render_svg(RenderOptions(code=FLOWCHART))
    assert isinstance(result, RenderResult) and "Start" in result.svg


def test_a_large_batch_stops_the_head_start_and_starts_a_warm_pool_of_the_mermaid_bundle_alone() -> None:
    cli_start._start_ahead(["render", "a.mmd", "b.mmd", "-o", "out/"])
    started = cli_start._head_start
    assert started is not None and started.engine_pid is not None
    pid = started.engine_pid

    pool = cli_start.batch_pool(cli_start.WARM_BATCH_FROM)

    assert pool is not started and cli_start._head_start is None and _gone(pid)
    assert pool.worker_options == {"bundles": ["mermaid"], "export": True} and pool.spares > 0
    with Printer(pool, cache=None) as printer:
        result = printer.render_svg(RenderOptions(code=FLOWCHART))
    assert isinstance(result, RenderResult) and "Start" in result.svg


def test_a_small_and_a_large_batch_draw_the_same_bytes() -> None:
    code = "classDiagram\n  class Animal {\n    +String name\n  }\n  Animal <|-- Duck\n"
    svgs = []
    for diagrams in (1, cli_start.WARM_BATCH_FROM):
        with Printer(cli_start.batch_pool(diagrams), cache=None) as printer:
            svgs.append(printer.render_svg(RenderOptions(code=code)).svg)
    assert svgs[0] == svgs[1]


def _has_cairo_loaded(pid: int) -> bool:
    return "libcairo" in Path(f"/proc/{pid}/maps").read_text(encoding="utf-8")


def test_a_large_batch_of_svg_files_leaves_the_pdf_png_converter_out_of_its_warm_up() -> None:
    svg_pool = cli_start.batch_pool(cli_start.WARM_BATCH_FROM, export=False)
    every_pool = cli_start.batch_pool(cli_start.WARM_BATCH_FROM)
    with Printer(svg_pool, cache=None) as svg_only, Printer(every_pool, cache=None) as every_format:
        drawn = [printer.render_svg(RenderOptions(code=FLOWCHART)).svg for printer in (svg_only, every_format)]
        svg_pid, every_pid = svg_pool.engine_pid, every_pool.engine_pid
        assert svg_pid is not None and every_pid is not None
        assert not _has_cairo_loaded(svg_pid) and _has_cairo_loaded(every_pid)

        # A PNG asked of it anyway loads the converter in its own render process, and draws the same.
        pngs = [printer.render_png(FLOWCHART).png for printer in (svg_only, every_format)]

    assert drawn[0] == drawn[1] and pngs[0] == pngs[1]


def test_a_batch_pool_warmed_for_its_kinds_draws_other_kinds_as_one_warmed_for_all() -> None:
    codes = [FLOWCHART, 'pie title Pets\n  "Dogs" : 3\n  "Cats" : 2\n', "sequenceDiagram\n  A->>B: hi\n"]
    flowcharts_only = cli_start.batch_pool(cli_start.WARM_BATCH_FROM, export=False, kinds={"flowchart"})
    assert flowcharts_only.worker_options["kinds"] == ["flowchart"]
    with (
        Printer(flowcharts_only, cache=None) as warmed_for_some,
        Printer(cli_start.batch_pool(cli_start.WARM_BATCH_FROM), cache=None) as warmed_for_all,
    ):
        for code in codes:
            assert warmed_for_some.render_svg(code).svg == warmed_for_all.render_svg(code).svg
