"""The tool catalog (``serve --help``, docs/tools.md) is made from the tool specs and published
annotations, so what the docs say each tool writes and reaches is what a client is told."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mermaid_printer.adapters.cli import main as cli
from mermaid_printer.adapters.mcp.catalog import tool_catalog, tools_table
from mermaid_printer.adapters.mcp.server import tool_specs
from mermaid_printer.adapters.mcp.tools import ToolSpec

DOC = Path(__file__).resolve().parents[3] / "docs" / "tools.md"


def test_docs_tools_md_holds_the_table_made_from_the_tool_specs() -> None:
    text = DOC.read_text(encoding="utf-8")
    found = re.search(r"<!-- tools table: begin -->\n(.*?)\n<!-- tools table: end -->", text, re.S)

    assert found is not None, "docs/tools.md lost its table markers"
    assert found.group(1) == tools_table(), (
        "docs/tools.md is out of date: paste mermaid_printer.adapters.mcp.catalog.tools_table() between its markers"
    )


def test_the_table_has_one_row_per_tool_with_its_published_hints() -> None:
    rows = tools_table().splitlines()[2:]
    names = [spec.name for spec in tool_specs()]

    assert [row.split(" | ")[0].strip("|` ") for row in rows] == names
    for entry in tool_catalog():
        row = next(row for row in rows if row.startswith(f"| `{entry.name}` |"))
        cells = [cell.strip() for cell in row.strip("|").split(" | ")]
        assert cells[3] == ("no" if entry.read_only_hint else entry.writes)
        assert cells[4] == (entry.network if entry.open_world_hint else "no")
        assert cells[5:] == [str(entry.read_only_hint).lower(), str(entry.destructive_hint).lower()]


def test_the_tools_that_write_files_or_reach_the_network_are_the_ones_the_docs_name() -> None:
    catalog = {entry.name: entry for entry in tool_catalog()}

    assert {name for name, entry in catalog.items() if not entry.read_only_hint} == {
        "mermaid_to_svg", "mermaid_to_pdf", "mermaid_to_png", "render_mermaid", "render_markdown", "markmap_render_file",
    }  # fmt: skip
    assert {name for name, entry in catalog.items() if entry.open_world_hint} == {"list_files", "read_file"}


def test_serve_help_lists_every_tool(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["serve", "--help"])
    shown = capsys.readouterr().out

    for spec in tool_specs():
        assert re.search(rf"^ +{spec.name} +{re.escape(spec.title)}$", shown, re.M), spec.name
    assert 'writes files with delivery "file"' in shown and 'network with source "github"' in shown


@pytest.mark.parametrize(
    ("read_only", "writes", "open_world", "network"),
    [(False, None, False, None), (True, "always", False, None), (True, None, True, None), (True, None, False, "web")],
)
def test_a_tool_spec_must_say_when_it_writes_or_reaches_out_exactly_when_its_hints_say_so(
    read_only: bool, writes: str | None, open_world: bool, network: str | None
) -> None:
    with pytest.raises(ValueError, match="exactly when"):
        ToolSpec(
            "t", "T", "d", ToolSpec, dict, lambda printer, arguments: None,  # type: ignore[arg-type, return-value]
            read_only=read_only, writes=writes, open_world=open_world, network=network,
        )  # fmt: skip
