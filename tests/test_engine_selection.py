"""Choosing the engine: ``Printer(engine=...)``, ``$MERMAID_PRINTER_ENGINE`` and ``--engine``,
down to the pool's processes (fork and spawn), the CLI and the MCP stdio server."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from adapters.cli.cli_runs import run_cli
from adapters.mcp.stdio_session import run_session, tool_call

from mermaid_printer.engine import (
    ENGINE_ENV_VAR,
    ONE_SHOT_ENGINE,
    one_shot_engine,
    selected_engine,
    snapshot_file_prefix,
)
from mermaid_printer.mermaid.requests import RenderOptions
from mermaid_printer.pool import RendererPool
from mermaid_printer.service import Printer

FAKE = "fake_engine:FakeEngine"
FLOWCHART = "flowchart LR\n  A[Ask] --> B[Answer]\n"


def test_selected_engine_prefers_the_argument_then_the_variable_then_native(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENGINE_ENV_VAR, raising=False)
    assert selected_engine() == "native"
    monkeypatch.setenv(ENGINE_ENV_VAR, " wasm ")
    assert selected_engine() == "wasm"
    assert selected_engine("native") == "native"
    monkeypatch.setenv(ENGINE_ENV_VAR, "")
    assert selected_engine() == "native"


def test_an_unknown_engine_is_refused_naming_where_it_came_from(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_ENV_VAR, "v8")
    with pytest.raises(ValueError, match=r"unknown engine 'v8' \(from \$MERMAID_PRINTER_ENGINE\); choose one of"):
        selected_engine()
    with pytest.raises(ValueError, match="unknown engine 'spidermonkey'; choose one of: native, wasm"):
        selected_engine("spidermonkey")


def test_printer_takes_its_engine_from_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENGINE_ENV_VAR, FAKE)
    with Printer(cache=None) as fake_printer:
        result = fake_printer.render_svg(RenderOptions(code=FLOWCHART))

    assert result.diagram_type == "fake"  # the fake engine drew it, in the pool's process


def test_cli_reads_the_variable_and_refuses_a_wrong_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    source = tmp_path / "chart.mmd"
    source.write_text(FLOWCHART)
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).parent))
    monkeypatch.setenv(ENGINE_ENV_VAR, FAKE)

    drawn = run_cli("render", str(source), "-o", "-")
    monkeypatch.setenv(ENGINE_ENV_VAR, "v8")
    refused = run_cli("render", str(source), "-o", "-")

    assert drawn.returncode == 0, drawn.stderr
    assert "flowchart LR" in drawn.stdout and "<text" in drawn.stdout  # the fake's SVG names the first line
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: INVALID_INPUT: unknown engine 'v8' (from $MERMAID_PRINTER_ENGINE)")
    assert "Traceback" not in refused.stderr


def test_cli_refuses_an_engine_flag_it_does_not_know(tmp_path: Path) -> None:
    result = run_cli("render", "--engine", "v8", "-")

    assert result.returncode == 2
    assert "argument --engine: invalid choice: 'v8'" in result.stderr


@pytest.mark.engine
def test_cli_engine_flag_wins_and_both_engines_draw_the_same_bytes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = tmp_path / "chart.mmd"
    source.write_text(FLOWCHART)
    monkeypatch.setenv("PYTHONPATH", str(Path(__file__).parent))
    monkeypatch.setenv(ENGINE_ENV_VAR, FAKE)  # the flag must win over this

    outputs = {}
    for engine in ("native", "wasm"):
        result = run_cli("render", str(source), "--engine", engine, "-o", str(tmp_path / f"{engine}.svg"))
        assert result.returncode == 0, result.stderr
        outputs[engine] = (tmp_path / f"{engine}.svg").read_bytes()

    assert b'aria-roledescription="flowchart-v2"' in outputs["native"]
    assert outputs["wasm"] == outputs["native"]


@pytest.mark.engine
def test_wasm_engine_serves_from_spawned_processes() -> None:
    options = RenderOptions(code=FLOWCHART)
    svgs = {}
    for engine in ("native", "wasm"):
        pool = RendererPool(start_method="spawn", spares=1, worker_options={"engine": engine, "warm_up": False})
        with Printer(pool, cache=None) as printer:
            svgs[engine] = printer.render_svg(options).svg

    assert svgs["wasm"] == svgs["native"]


@pytest.mark.engine
def test_mcp_stdio_server_renders_with_the_engine_the_variable_names(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ENGINE_ENV_VAR, "wasm")
    session = run_session(
        [sys.executable, "-m", "mermaid_printer", "serve", "--tools", "printer"],
        [tool_call(1, {"code": FLOWCHART})],
        tmp_path,
    )

    reply = session.replies[1]["result"]
    assert reply.get("isError") is not True, reply
    assert "flowchart-v2" in reply["content"][0]["text"]
    assert '"engine": "wasm"' in session.stderr  # the pool logs its start with its options


def test_a_one_shot_process_uses_the_native_engine_unless_told_and_builds_nothing_first(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The first run on a machine built the wasm engine's warm snapshot first (seconds, and a
    # large file in the user's cache): the snapshot engine is now there for those who choose it.
    monkeypatch.delenv(ENGINE_ENV_VAR, raising=False)
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    assert one_shot_engine() == "native"

    monkeypatch.setenv(ENGINE_ENV_VAR, ONE_SHOT_ENGINE)  # what --engine wasm-snapshot sets
    assert one_shot_engine() == "wasm-snapshot"
    assert not (tmp_path / "cache").exists()


def test_a_one_shot_process_starts_from_a_snapshot_someone_chose_to_keep(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # Once a run with --engine wasm-snapshot kept one, later one-shot runs start from it (fastest).
    monkeypatch.delenv(ENGINE_ENV_VAR, raising=False)
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    kept = tmp_path / "cache" / "wasm"
    kept.mkdir(parents=True, mode=0o700)
    (kept / f"{snapshot_file_prefix('mermaid')}0123abcd.bin").write_bytes(b"")

    assert one_shot_engine("mermaid") == ONE_SHOT_ENGINE
    assert one_shot_engine("markmap") == "native"


@pytest.mark.engine
def test_a_one_shot_cli_render_draws_from_the_snapshot_the_bytes_the_native_engine_draws(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = tmp_path / "chart.mmd"
    source.write_text(FLOWCHART)
    monkeypatch.setenv("MERMAID_PRINTER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv(ENGINE_ENV_VAR, raising=False)

    chosen = run_cli("render", "-v", str(source), "--engine", "wasm-snapshot", "-o", str(tmp_path / "snap.svg"))
    native = run_cli("render", str(source), "-o", str(tmp_path / "native.svg"))

    assert chosen.returncode == 0 and native.returncode == 0, chosen.stderr + native.stderr
    assert "building the warm snapshot" in chosen.stderr  # the first run on this cache builds it (-v says so)
    assert list((tmp_path / "cache" / "wasm").glob("snapshot-mermaid-*.bin"))
    assert (tmp_path / "snap.svg").read_bytes() == (tmp_path / "native.svg").read_bytes()
    again = run_cli("render", "-v", str(source), "--engine", "wasm-snapshot", "-o", str(tmp_path / "again.svg"))
    assert again.returncode == 0 and "building" not in again.stderr
    assert (tmp_path / "again.svg").read_bytes() == (tmp_path / "native.svg").read_bytes()


@pytest.mark.engine
def test_a_one_shot_mind_map_from_the_snapshot_is_the_native_engine_s(tmp_path: Path) -> None:
    source = Path(__file__).parent / "fixtures" / "markmap" / "code.md"
    for engine in ("wasm-snapshot", "native"):
        result = run_cli("markmap", str(source), "--engine", engine, "-o", str(tmp_path / f"{engine}.svg"))
        assert result.returncode == 0, result.stderr

    assert (tmp_path / "wasm-snapshot.svg").read_bytes() == (tmp_path / "native.svg").read_bytes()
