"""The Live Editor link: the state the editor reads, packed as the editor packs it."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from mermaid_printer.mermaid.editor_link import EDITOR_URL, editor_link, editor_state

CODE = 'flowchart LR\n  A["Café ☕"] --> B{Ok?}\n'


def test_the_link_opens_the_editor_with_the_source_and_the_config_as_json_text() -> None:
    link = editor_link(CODE, {"theme": "dark"})

    assert link.startswith(f"{EDITOR_URL}#pako:")
    state = editor_state(link)
    assert state["code"] == CODE
    assert json.loads(state["mermaid"]) == {"theme": "dark"}
    assert state["autoSync"] is True and state["updateDiagram"] is True


def test_the_state_is_zlib_deflated_utf8_json_in_unpadded_base64url() -> None:
    packed = editor_link(CODE).split("#pako:", 1)[1]

    assert "=" not in packed and "+" not in packed and "/" not in packed
    raw = zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)))
    assert json.loads(raw.decode("utf-8"))["code"] == CODE


def test_without_a_config_the_editor_gets_its_default_theme() -> None:
    assert json.loads(editor_state(editor_link('pie\n  "a": 1'))["mermaid"]) == {"theme": "default"}


def test_the_same_diagram_always_gives_the_same_link() -> None:
    assert editor_link(CODE, {"theme": "forest"}) == editor_link(CODE, {"theme": "forest"})


def test_a_link_without_a_pako_state_is_refused() -> None:
    with pytest.raises(ValueError, match="pako"):
        editor_state("https://mermaid.live/edit#base64:abc")
