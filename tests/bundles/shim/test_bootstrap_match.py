"""env.js matches "^"-anchored patterns with a sticky copy (QuickJS otherwise tries every
start position, which made Mermaid's jison lexers quadratic). Results must not change."""

from __future__ import annotations

import json

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    return QuickJSEngine(mermaid_bundle())


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('"abc".match(/^ab/)', {"match": "ab", "index": 0}),
        ('"xab".match(/^ab/)', None),
        ('"xa".match(/^b|a/)', {"match": "a", "index": 1}),  # only the first alternative is anchored
        ('"b".match(/^[a|b]/)', {"match": "b", "index": 0}),  # "|" inside a class is a character
        ('"a\\nb".match(/^b/m)', {"match": "b", "index": 2}),  # multiline: every line start
        ('"aXa".match(/^a/g)', {"match": "a", "index": None, "count": 1}),
    ],
)
def test_anchored_matches_find_what_they_always_found(engine: QuickJSEngine, expression: str, expected: object) -> None:
    script = (
        f"(function () {{ const m = {expression}; if (!m) return 'null';"
        " return JSON.stringify({match: m[0], index: m.index === undefined ? null : m.index,"
        " count: m.index === undefined ? m.length : undefined}); })()"
    )
    assert json.loads(engine.eval(script)) == expected


def test_the_legacy_capture_globals_are_still_set(engine: QuickJSEngine) -> None:
    assert engine.eval('"abc".match(/^(a)(b)/) && RegExp.$1 + RegExp.$2') == "ab"
    assert engine.eval("/^a/.lastIndex") == 0


def test_a_400_node_flowchart_parses_well_inside_the_default_time_limit(engine: QuickJSEngine) -> None:
    # Before the sticky copies its lexing alone took ~30 s; now the whole parse takes ~1 s.
    code = "flowchart TD\n" + "\n".join(f"  N{i}[Node {i}] --> N{i + 1}" for i in range(400))

    result = engine.call("parse", {"code": code, "config": build_mermaid_config({}), "ast": True})

    assert result["ok"] is True and result["ast"]["metadata"]["counts"]["nodes"] == 401
