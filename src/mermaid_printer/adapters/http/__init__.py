"""The printer as an HTTP service (``mermaid-printer http``): the JSON API, MCP over streamable
HTTP, Kroki-compatible routes, health, readiness and metrics, behind a rate limit and admission.

:func:`mermaid_printer.adapters.http.app.build_app` makes the ASGI app;
:func:`mermaid_printer.adapters.http.serve.serve` runs it with uvicorn. (Nothing is imported
here, so the CLI can read :class:`~mermaid_printer.adapters.http.settings.HttpSettings` without
loading the web stack.)
"""
