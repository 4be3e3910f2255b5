"""The HTTP service's settings: one model, from which the ``http`` command's flags are derived."""

from __future__ import annotations

import ipaddress
import os
from typing import Annotated, Any

from pydantic import Field, field_validator

from mermaid_printer.adapters.mcp.groups import TOOL_GROUPS, parse_tool_groups
from mermaid_printer.requests import RequestModel

__all__ = ["NO_LIMIT", "TOKEN_ENV", "HttpSettings"]

#: Environment variable holding the bearer token (a flag would show it in the process list).
TOKEN_ENV = "MERMAID_PRINTER_HTTP_TOKEN"


#: What a rate-limit setting says for "no limit".
NO_LIMIT = frozenset({"none", "off", "0", ""})


def _csv(value: Any) -> Any:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value


class HttpSettings(RequestModel):
    """How ``mermaid-printer http`` serves: where, how much, for whom."""

    host: str = Field(default="127.0.0.1", description="Address to listen on (0.0.0.0 to serve other machines).")
    port: Annotated[int, Field(ge=0, le=65535)] = Field(
        default=3000, description="Port to listen on (0: any free one)."
    )
    rate_limit: str = Field(
        default="100/hour",
        description="Requests per client IP to the JSON API (/api/*), as the limits library writes it: "
        "'100/hour', '10/minute', '1000/day;100/hour'; 'none': no limit.",
    )
    kroki_rate_limit: str = Field(
        default="none",
        description="Requests per client IP to the Kroki routes (/mermaid/..., POST /), counted apart from "
        "the API's; 'none' (default): no limit.",
    )
    mcp_rate_limit: str = Field(
        default="none",
        description="HTTP requests per client IP to /mcp (each MCP message is one), counted apart; "
        "'none' (default): no limit.",
    )
    trusted_proxies: Annotated[tuple[str, ...], Field(json_schema_extra={"type": "string"})] = Field(
        default=(),
        description="Comma-separated addresses or networks (CIDR) of reverse proxies whose X-Forwarded-For "
        "names the client; from anyone else the header is ignored.",
    )
    redis_url: str | None = Field(
        default=None,
        description="Keep rate-limit counts in Redis (redis://host:6379/0), shared by several instances; "
        "default: in this process's memory. While Redis cannot be reached each instance counts in its own "
        "memory (fail open). Needs the redis extra.",
    )
    redis_retry_s: Annotated[float, Field(ge=0, le=3600)] = Field(
        default=5,
        description="After Redis fails, how long the rate limit counts in memory before asking Redis again.",
    )
    cache_url: str | None = Field(
        default=None,
        description="Share rendered results between instances in Redis (redis://host:6379/1), behind this "
        "process's memory cache; default: memory (and --cache-dir) only. Needs the redis extra.",
    )
    cache_max_mib: Annotated[int, Field(ge=1, le=1_000_000)] = Field(
        default=512, description="With --cache-url: MiB of results kept in Redis, least recently used out first."
    )
    max_age_s: Annotated[int, Field(ge=0, le=31_536_000)] = Field(
        default=86_400,
        description="Cache-Control max-age of a rendered GET answer (a CDN or browser keeps it that long; "
        "a new version of the printer may draw the same URL differently).",
    )
    renderers: Annotated[int | None, Field(ge=1, le=256)] = Field(
        default=None, description="Renders at once (default: 2 per CPU); more wait in the queue."
    )
    shutdown_delay_s: Annotated[float, Field(ge=0, le=300)] = Field(
        default=0,
        description="On SIGTERM, answer /readyz 503 and keep serving this long before closing the listener, "
        "so a load balancer stops sending first (Kubernetes: a few seconds).",
    )
    drain_s: Annotated[int, Field(ge=1, le=600)] = Field(
        default=125,
        description="On SIGTERM, how long requests in flight may take to finish before the process exits "
        "(the longest render allowed is 120 s).",
    )
    queue: Annotated[int, Field(ge=0, le=10_000)] = Field(
        default=16,
        description="Requests that may wait for a renderer beyond those rendering; past it, 503 with Retry-After.",
    )
    max_body_bytes: Annotated[int, Field(ge=1024, le=50_000_000)] = Field(
        default=2_000_000, description="Largest request body accepted (413 past it)."
    )
    allowed_hosts: Annotated[tuple[str, ...], Field(json_schema_extra={"type": "string"})] = Field(
        default=(),
        description="Comma-separated Host header values the MCP endpoint accepts besides this server's own "
        "address (DNS-rebinding protection), e.g. printer.internal:3000.",
    )
    tools: str = Field(
        default="", description=f"Tool groups the /mcp endpoint exposes: {', '.join(TOOL_GROUPS)} (default: all)."
    )
    cache_dir: str | None = Field(
        default=None, description="A directory to keep results in, shared by instances (default: memory only)."
    )
    token: str | None = Field(
        default=None,
        description=f"Require 'Authorization: Bearer <token>' on every endpoint but /healthz and /readyz "
        f"(/metrics too: a scraper sends the token) (default: ${TOKEN_ENV}, else no authentication).",
    )

    @field_validator("trusted_proxies", "allowed_hosts", mode="before")
    @classmethod
    def _comma_separated(cls, value: Any) -> Any:
        return _csv(value)

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for network in value:
            ipaddress.ip_network(network, strict=False)  # ValueError names the bad one
        return value

    @field_validator("rate_limit", "kroki_rate_limit", "mcp_rate_limit")
    @classmethod
    def _rate_limit(cls, value: str) -> str:
        from limits import parse as parse_rate_limit  # imported here: the CLI reads this model at start-up

        if value.strip().lower() in NO_LIMIT:
            return "none"
        for part in value.split(";"):
            parse_rate_limit(part)
        return value

    @field_validator("redis_url", "cache_url")
    @classmethod
    def _redis_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("give a redis://host:port/db (or rediss://, unix://) address")
        return value

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: str) -> str:
        parse_tool_groups(value)
        return value

    def bearer_token(self) -> str | None:
        """The token requests must carry: the setting, else ``$MERMAID_PRINTER_HTTP_TOKEN``."""
        return self.token or os.environ.get(TOKEN_ENV) or None

    def proxy_networks(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        """The trusted proxies as networks."""
        return [ipaddress.ip_network(network, strict=False) for network in self.trusted_proxies]
