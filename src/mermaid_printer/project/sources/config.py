"""The file sources' configuration, read from the environment in one place.

=====================  ==============================================================================
variable               meaning (default)
=====================  ==============================================================================
``PROJECT_ROOT``       the directory the ``local`` source serves and ``git`` repositories lie in
                       (the working directory)
``DIAGRAM_OUT_DIR``    where rendered diagrams are saved; relative to ``PROJECT_ROOT``, and it must
                       lie inside it (``diagrams``)
``MAX_FILE_CHARS``     the most characters one read returns, and the default (100,000: a long source
                       file, about 25,000 tokens)
``MAX_LIST_FILES``     the most paths one listing returns (2,000; a listing says when it was cut)
``GITHUB_TOKEN``       a token for the GitHub API (unset: anonymous, 60 requests an hour)
``GITHUB_API_URL``     the GitHub REST API base, e.g. a GitHub Enterprise ``https://host/api/v3``
                       (the public API); ``http`` only for a loopback host
=====================  ==============================================================================
"""

from __future__ import annotations

import ipaddress
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mermaid_printer.errors import InvalidInput
from mermaid_printer.limits import DEFAULT_MAX_FILE_CHARS, DEFAULT_MAX_LIST_FILES

__all__ = [
    "DEFAULT_DIAGRAM_OUT_DIR",
    "DEFAULT_MAX_FILE_CHARS",
    "DEFAULT_MAX_LIST_FILES",
    "PUBLIC_GITHUB_API_URL",
    "SourceConfig",
    "load_config",
    "normalize_api_url",
]

PUBLIC_GITHUB_API_URL = "https://api.github.com/"
DEFAULT_DIAGRAM_OUT_DIR = "diagrams"
_MAX_FILE_CHARS_CEILING = 10_000_000
_MAX_LIST_FILES_CEILING = 1_000_000


@dataclass(frozen=True)
class SourceConfig:
    """Typed configuration of the file sources (see the module docstring for each field).

    ``project_root`` and ``diagram_out_dir`` are absolute and resolved (symlinks followed);
    ``github_api_url`` ends with ``/``.
    """

    project_root: Path
    diagram_out_dir: Path
    max_file_chars: int = DEFAULT_MAX_FILE_CHARS
    max_list_files: int = DEFAULT_MAX_LIST_FILES
    github_token: str | None = field(default=None, repr=False)
    github_api_url: str = PUBLIC_GITHUB_API_URL

    @classmethod
    def for_project(cls, project_root: Path | str, **overrides: str | int | None) -> SourceConfig:
        """The configuration for ``project_root`` with defaults, as ``load_config`` would make it
        from an environment holding only ``PROJECT_ROOT`` (plus ``overrides``, as env values)."""
        environ = {"PROJECT_ROOT": str(project_root)}
        environ.update({name.upper(): str(value) for name, value in overrides.items() if value is not None})
        return load_config(environ)


def _refuse(variable: str, why: str) -> InvalidInput:
    return InvalidInput(f"{variable}: {why}", {"field": variable})


def _positive_int(environ: Mapping[str, str], variable: str, default: int, ceiling: int) -> int:
    raw = environ.get(variable, "").strip().replace("_", "").replace(",", "")
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise _refuse(variable, f"{environ[variable]!r} is not a whole number") from None
    if not 1 <= value <= ceiling:
        raise _refuse(variable, f"{value} is outside 1–{ceiling}")
    return value


def normalize_api_url(url: str, variable: str = "GITHUB_API_URL") -> str:
    """``url`` checked as an API base (``https``, or ``http`` to a loopback host so a token never
    crosses a network in clear; no query, fragment or credentials) and ending with ``/``.

    Raises:
        InvalidInput: the URL is not such a base.
    """
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise _refuse(variable, f"{url!r} is not an http(s) URL with a host")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise _refuse(variable, f"{url!r} must not carry a query, a fragment or credentials")
    if parts.scheme == "http" and not _is_loopback(parts.hostname):
        raise _refuse(variable, f"{url!r} uses plain http; only a loopback host may (use https)")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def load_config(environ: Mapping[str, str] | None = None, cwd: Path | None = None) -> SourceConfig:
    """The configuration from ``environ`` (default: the process environment).

    Raises:
        InvalidInput: a variable is malformed, ``PROJECT_ROOT`` is not a directory, or
            ``DIAGRAM_OUT_DIR`` lies outside it (``details.field`` names the variable).
    """
    environ = os.environ if environ is None else environ
    base = Path.cwd() if cwd is None else cwd
    root_text = environ.get("PROJECT_ROOT", "").strip()
    project_root = (base / Path(root_text).expanduser() if root_text else base).resolve()
    if not project_root.is_dir():
        raise _refuse("PROJECT_ROOT", f"{project_root} is not a directory")
    out_text = environ.get("DIAGRAM_OUT_DIR", "").strip() or DEFAULT_DIAGRAM_OUT_DIR
    out_dir = (project_root / Path(out_text).expanduser()).resolve()
    if not out_dir.is_relative_to(project_root):
        raise _refuse("DIAGRAM_OUT_DIR", f"{out_dir} lies outside PROJECT_ROOT {project_root}")
    token = environ.get("GITHUB_TOKEN", "").strip() or None
    api_url = normalize_api_url(environ.get("GITHUB_API_URL", "").strip() or PUBLIC_GITHUB_API_URL)
    return SourceConfig(
        project_root=project_root,
        diagram_out_dir=out_dir,
        max_file_chars=_positive_int(environ, "MAX_FILE_CHARS", DEFAULT_MAX_FILE_CHARS, _MAX_FILE_CHARS_CEILING),
        max_list_files=_positive_int(environ, "MAX_LIST_FILES", DEFAULT_MAX_LIST_FILES, _MAX_LIST_FILES_CEILING),
        github_token=token,
        github_api_url=api_url,
    )
