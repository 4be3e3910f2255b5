"""A link that opens a diagram in the Mermaid Live Editor, made locally (nothing is fetched).

The editor keeps its state in the URL's fragment as ``pako:`` followed by the state's JSON,
UTF-8 encoded, zlib-deflated at level 9 and base64url-encoded without padding; the state holds
the source (``code``) and the Mermaid config as pretty-printed JSON text (``mermaid``). The
fragment never reaches a server, so opening the link shares the diagram with no one.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

__all__ = ["EDITOR_URL", "drawing_link", "editor_link", "editor_state"]

#: Where the link opens the diagram for editing.
EDITOR_URL = "https://mermaid.live/edit"


def editor_link(code: str, config: dict[str, Any] | None = None) -> str:
    """The Live Editor URL that opens ``code`` drawn with ``config`` (a Mermaid config object,
    e.g. ``{"theme": "dark"}``; the editor's default theme when omitted)."""
    state = {
        "code": code,
        "mermaid": json.dumps(config if config else {"theme": "default"}, indent=2),
        "autoSync": True,
        "updateDiagram": True,
    }
    packed = zlib.compress(json.dumps(state, ensure_ascii=False).encode("utf-8"), 9)
    return f"{EDITOR_URL}#pako:{base64.urlsafe_b64encode(packed).decode('ascii').rstrip('=')}"


def drawing_link(code: str, theme: str | None, config: dict[str, Any]) -> str:
    """The editor link for a diagram drawn with ``theme`` and the client's ``config``: the config
    as the client gave it, the ``theme`` option winning over a theme inside it (as in a render)."""
    drawn = dict(config)
    if theme is not None:
        drawn["theme"] = theme
    return editor_link(code, drawn)


def editor_state(link: str) -> dict[str, Any]:
    """The state an editor link carries (the inverse of :func:`editor_link`).

    Raises:
        ValueError: not a ``pako:`` link, or its state is not a JSON object.
    """
    _, _, fragment = link.partition("#")
    kind, _, packed = fragment.partition(":")
    if kind != "pako" or not packed:
        raise ValueError("not a Live Editor link with a pako state")
    data = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
    state = json.loads(data.decode("utf-8"))
    if not isinstance(state, dict):
        raise ValueError("the link's state is not a JSON object")
    return state
