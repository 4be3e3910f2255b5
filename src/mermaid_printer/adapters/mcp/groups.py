"""Which MCP tools a server exposes, by group (kept free of the MCP SDK so the CLI can check it).

``printer``: rendering (``mermaid_to_svg``, ``mermaid_to_pdf``, ``mermaid_to_png``); ``parse``: ``mermaid_parse``; ``chatgpt``:
``verify``/``render``/``svg`` with the ChatGPT-style renderer spec's shapes; ``project``:
``list_files``, ``read_file``, ``render_mermaid``, ``render_markdown`` (with the prompt
``generate_mermaid_canonical`` and the style resources); ``markmap``: ``markmap_generate``,
``markmap_from_outline``, ``markmap_render_file``, ``markmap_get_structure``,
``markmap_customize`` (Markdown outlines as mind maps). Some clients want a
short tool list: ``mermaid-printer serve --tools printer,chatgpt`` or ``MERMAID_PRINTER_TOOLS``.
"""

from __future__ import annotations

__all__ = ["TOOLS_ENV_VAR", "TOOL_GROUPS", "parse_tool_groups"]

#: Every group, in the order their tools are listed; a server exposes all of them by default.
TOOL_GROUPS: tuple[str, ...] = ("printer", "parse", "chatgpt", "project", "markmap")
#: Environment variable naming the groups ``serve`` exposes (like ``--tools``).
TOOLS_ENV_VAR = "MERMAID_PRINTER_TOOLS"


def parse_tool_groups(text: str | None) -> tuple[str, ...]:
    """``"printer,chatgpt"`` → the groups, checked; empty or ``None`` means all of them.

    Raises:
        ValueError: a name is not in :data:`TOOL_GROUPS`.
    """
    names = tuple(dict.fromkeys(part.strip() for part in (text or "").split(",") if part.strip()))
    unknown = [name for name in names if name not in TOOL_GROUPS]
    if unknown:
        raise ValueError(f"unknown tool group(s) {', '.join(unknown)}; choose from {', '.join(TOOL_GROUPS)}")
    return names or TOOL_GROUPS
