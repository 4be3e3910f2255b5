"""The MCP tool group ``parse``: ``mermaid_parse``, a diagram's structure without drawing it.

Answered with the printer's envelope like ``mermaid_to_svg``: the AST (nodes, edges, metadata and
a section for the diagram's type) on success, an ``isError`` envelope with the code (and, for a
syntax error, line, column, token and expected) on failure.
"""

from __future__ import annotations

from typing import Any

from mermaid_printer.adapters.envelope import ParseEnvelope, guarded, success_envelope
from mermaid_printer.adapters.mcp.tools import Reply, ToolSpec, failure_reply
from mermaid_printer.limits import MAX_TEXT_CHARS
from mermaid_printer.mermaid.requests import ParseOptions
from mermaid_printer.requests import validate_request
from mermaid_printer.service import PrinterService

__all__ = ["PARSE_TOOL_NAME", "parse_tools"]

PARSE_TOOL_NAME = "mermaid_parse"

_PARSE_DESCRIPTION = f"""\
Parse Mermaid diagram source WITHOUT rendering it and return its structure as JSON (an AST),
read from Mermaid 12.3's own parser, so it always agrees with what mermaid_to_svg draws.

Use it to check a diagram and see what Mermaid understood (which nodes, edges, labels, types),
to answer questions about a diagram, or to edit it programmatically; it is much faster than
rendering. To get an image, use mermaid_to_svg instead.

Returns JSON: ok, request_id, warnings, errors; when ok, diagram_type and ast:
ast.nodes [{{id, label, type}}], ast.edges [{{from, to, label, type}}], ast.metadata {{title,
direction, acc_title, acc_description, counts}}, plus one section named after the type with its
details (sequence: actors, messages, notes, blocks; class: classes, relations; state: states,
transitions, composites; er: entities, relationships; gantt: sections, tasks with ISO dates; …).
With include_positions, every node and edge also has line and column (1-based) in your source.
A SYNTAX_ERROR comes back with line, column, token and expected in errors[0].details: fix that
line and call again. Code at most {MAX_TEXT_CHARS:,} characters (Mermaid's maxTextSize).
"""


def _parse(printer: PrinterService, arguments: dict[str, Any]) -> Reply:
    def work(request_id: str) -> Reply:
        result = printer.parse(validate_request(ParseOptions, arguments))
        envelope = success_envelope(
            request_id, [], diagram_type=result.diagram_type, ast=result.ast, cached=result.cached
        )
        return Reply(envelope, is_error=False)

    return guarded(work, failure_reply)


def parse_tools() -> list[ToolSpec]:
    """The ``parse`` group: ``mermaid_parse``."""
    return [ToolSpec(PARSE_TOOL_NAME, "Parse Mermaid (AST)", _PARSE_DESCRIPTION, ParseOptions, ParseEnvelope, _parse)]
