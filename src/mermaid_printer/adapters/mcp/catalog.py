"""The MCP tools as a reader sees them: ``serve --help``'s list and docs/tools.md's table.

Both are made from the tool specs and the annotations the server publishes, so neither can
disagree with what a client is told (tests/adapters/mcp/test_tool_catalog.py holds docs/tools.md
to :func:`tools_table`).
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from mermaid_printer.adapters.mcp.groups import TOOL_GROUPS
from mermaid_printer.adapters.mcp.server import tool_specs
from mermaid_printer.adapters.mcp.tools import make_tool

__all__ = ["CatalogEntry", "tool_catalog", "tools_help", "tools_table"]


@dataclass(frozen=True)
class CatalogEntry:
    """One tool: its group, name, title and what its published annotations say."""

    group: str
    name: str
    title: str
    writes: str | None
    network: str | None
    read_only_hint: bool
    destructive_hint: bool
    idempotent_hint: bool
    open_world_hint: bool


def tool_catalog() -> list[CatalogEntry]:
    """Every tool of every group, in the order a server lists them."""
    entries = []
    for group in TOOL_GROUPS:
        for spec in tool_specs([group]):
            annotations = make_tool(spec).annotations
            assert annotations is not None  # make_tool always sets them
            entries.append(
                CatalogEntry(
                    group=group,
                    name=spec.name,
                    title=spec.title,
                    writes=spec.writes,
                    network=spec.network,
                    read_only_hint=bool(annotations.read_only_hint),
                    destructive_hint=bool(annotations.destructive_hint),
                    idempotent_hint=bool(annotations.idempotent_hint),
                    open_world_hint=bool(annotations.open_world_hint),
                )
            )
    return entries


def tools_help() -> str:
    """``serve --help``'s list: each group's tools, with when they write files or reach the network."""
    entries = tool_catalog()
    width = max(len(entry.name) for entry in entries)
    lines = [f"Tools ({len(entries)}, by group; --tools picks groups; docs/tools.md has the table):"]
    for group in TOOL_GROUPS:
        lines.append(f"  {group}:")
        for entry in (entry for entry in entries if entry.group == group):
            lines.append(f"    {entry.name:<{width}}  {entry.title}")
            notes = [
                f"writes files {entry.writes}" if entry.writes else "",
                f"network {entry.network}" if entry.network else "",
            ]
            for note in filter(None, notes):
                lines += textwrap.wrap(note, 100, initial_indent=" " * (width + 6), subsequent_indent=" " * (width + 8))
    lines.append("The others write no file, and no tool reaches the network otherwise.")
    return "\n".join(lines)


def tools_table() -> str:
    """docs/tools.md's table (Markdown), one row per tool."""
    rows = [
        "| Tool | Group | What it does | Writes files | Reaches the network | readOnlyHint | destructiveHint |",
        "|---|---|---|---|---|---|---|",
    ]
    for entry in tool_catalog():
        cells = [
            f"`{entry.name}`",
            entry.group,
            entry.title,
            entry.writes or "no",
            entry.network or "no",
            str(entry.read_only_hint).lower(),
            str(entry.destructive_hint).lower(),
        ]
        rows.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(rows)
