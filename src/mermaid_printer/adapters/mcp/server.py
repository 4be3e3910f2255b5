"""The MCP server: the tool groups, a printer for their lifetime, and the stdio transport.

Groups (:mod:`~mermaid_printer.adapters.mcp.groups`): ``printer``
(:mod:`~mermaid_printer.adapters.mcp.render`: SVG, PDF, PNG), ``parse``
(:mod:`~mermaid_printer.adapters.mcp.parse`), ``chatgpt``
(:mod:`~mermaid_printer.adapters.mcp.chatgpt`) and ``project``
(:mod:`~mermaid_printer.adapters.mcp.project`, with its prompt and resources) and ``markmap``
(:mod:`~mermaid_printer.adapters.mcp.markmap`: mind maps). Each tool is a
:class:`~mermaid_printer.adapters.mcp.tools.ToolSpec` made into an SDK tool by one function, so
every tool answers the same way: failures are ``isError`` results a model can act on, never
protocol errors.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import anyio.to_thread
from mcp.server import MCPServer

import mermaid_printer
from mermaid_printer.adapters.mcp.chatgpt import chatgpt_tools
from mermaid_printer.adapters.mcp.groups import TOOL_GROUPS, parse_tool_groups
from mermaid_printer.adapters.mcp.markmap import markmap_tools
from mermaid_printer.adapters.mcp.parse import parse_tools
from mermaid_printer.adapters.mcp.project import project_prompts, project_resources, project_tools
from mermaid_printer.adapters.mcp.render import SVG_TOOL_NAME, printer_tools
from mermaid_printer.adapters.mcp.tools import ToolSpec, make_tool
from mermaid_printer.project.sources import FileSources
from mermaid_printer.service import PrinterService

__all__ = ["SERVER_NAME", "TOOL_NAME", "build_server", "run_stdio"]

SERVER_NAME = "mermaid-printer"
#: The server's first tool (kept for callers that name it).
TOOL_NAME = SVG_TOOL_NAME

_INSTRUCTIONS = (
    "mermaid-printer renders Mermaid diagrams to SVG, PNG and PDF locally and deterministically. Call "
    f"{SVG_TOOL_NAME} with the diagram source; on SYNTAX_ERROR, fix the line named in "
    "errors[0].details and call again. mermaid_to_png gives a picture to show, mermaid_to_pdf a "
    "printable document with selectable text. mermaid_parse returns a diagram's structure without "
    "rendering it. markmap_generate draws a Markdown outline as a mind map (markmap)."
)


def tool_specs(
    groups: Sequence[str] = TOOL_GROUPS, *, output_dir: Path | None = None, sources: FileSources | None = None
) -> list[ToolSpec]:
    """The tools of ``groups``, in the order the groups are listed in :data:`TOOL_GROUPS`."""
    by_group: dict[str, Callable[[], list[ToolSpec]]] = {
        "printer": lambda: printer_tools(output_dir),
        "parse": parse_tools,
        "chatgpt": chatgpt_tools,
        "project": lambda: project_tools(sources or FileSources()),
        "markmap": lambda: markmap_tools(sources or FileSources()),
    }
    return [spec for name in parse_tool_groups(",".join(groups)) for spec in by_group[name]()]


def build_server(
    printer: PrinterService | None = None,
    tools: Sequence[str] = TOOL_GROUPS,
    *,
    output_dir: Path | None = None,
    cache_dir: Path | None = None,
    sources: FileSources | None = None,
) -> MCPServer[PrinterService]:
    """Build the MCP server.

    Args:
        printer: Renders the diagrams. The caller keeps ownership of a printer passed in. When
            omitted, the server starts its own :class:`~mermaid_printer.service.Printer` when it
            starts serving and closes it when it stops.
        tools: the tool groups to expose (see :data:`TOOL_GROUPS`).
        output_dir: Where PDF/PNG ``delivery: "file"`` writes (default: ``$MERMAID_PRINTER_OUTPUT_DIR``,
            else a private temporary directory).
        cache_dir: A directory to keep results in, behind the memory cache, for the printer the
            server starts (default: ``$MERMAID_PRINTER_RESULT_CACHE_DIR``, else memory only).
        sources: The project's file sources for the ``project`` group (default: configured
            from the environment: ``PROJECT_ROOT``, ``DIAGRAM_OUT_DIR``, ``MAX_FILE_CHARS``, ...).
    """
    groups = parse_tool_groups(",".join(tools))
    project = sources or (FileSources() if {"project", "markmap"} & set(groups) else None)

    @asynccontextmanager
    async def lifespan(_server: MCPServer[PrinterService]) -> AsyncIterator[PrinterService]:
        if printer is not None:
            yield printer
            return
        owned = await anyio.to_thread.run_sync(_start_printer, cache_dir)
        try:
            yield owned
        finally:
            await anyio.to_thread.run_sync(owned.close)

    server: MCPServer[PrinterService] = MCPServer(
        name=SERVER_NAME,
        version=mermaid_printer.__version__,
        instructions=_INSTRUCTIONS,
        lifespan=lifespan,
        tools=[make_tool(spec) for spec in tool_specs(groups, output_dir=output_dir, sources=project)],
    )
    if "project" in groups:
        for prompt in project_prompts():
            server.add_prompt(prompt)
        for resource in project_resources():
            server.add_resource(resource)
    return server


def run_stdio(
    printer: PrinterService | None = None,
    tools: Sequence[str] = TOOL_GROUPS,
    *,
    output_dir: Path | None = None,
    cache_dir: Path | None = None,
) -> None:
    """Serve MCP over this process's stdin/stdout until the client closes stdin.

    While serving, the SDK points fd 1 at stderr and keeps the protocol on a private
    descriptor, so nothing else in this process or in the render processes forked from it can
    write to the protocol stream. The printer is started inside that window for this reason.
    """
    build_server(printer, tools, output_dir=output_dir, cache_dir=cache_dir).run("stdio")


def _start_printer(cache_dir: Path | None) -> PrinterService:
    # Imported here so that building the server (and `--help`, `--version`) does not load the
    # engine stack.
    from mermaid_printer.cache import default_cache
    from mermaid_printer.service import Printer

    printer = Printer(cache=default_cache(cache_dir))
    # The engines start now, not on the first call: the client's first tool call comes soon
    # after its `initialize`, and is answered before the warm-up is over (QuickStartPool).
    printer.start(wait=False)
    return printer
