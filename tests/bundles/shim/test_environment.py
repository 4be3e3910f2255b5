"""env.js: the browser environment Mermaid sees matches the reference's headless Chromium."""

from __future__ import annotations

import json

import pytest

from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine

pytestmark = pytest.mark.engine


def test_screen_is_the_reference_browsers_800_by_600() -> None:
    # C4 wraps shapes into rows no wider than screen.availWidth; with a 1920 px screen its
    # diagrams came out in 3 columns where Mermaid in (headless) Chromium draws 2.
    engine = QuickJSEngine(mermaid_bundle())
    screen = json.loads(engine._context.eval("JSON.stringify([screen.availWidth, screen.availHeight, innerWidth])"))
    assert screen == [800, 600, 800]


def test_css_supports_colour_knows_the_named_colours_only() -> None:
    # `box Another Group` in a sequence diagram: Mermaid asks CSS.supports("color", "Another");
    # answering yes painted the box with an invalid fill and lost its title.
    engine = QuickJSEngine(mermaid_bundle())
    answers = json.loads(
        engine._context.eval(
            'JSON.stringify(["Purple", "lightgreen", "transparent", "#abc", "rgb(1, 2, 3)", "Another", "aqua2"]'
            '.map((v) => CSS.supports("color", v)))'
        )
    )
    assert answers == [True, True, True, True, True, False, False]
