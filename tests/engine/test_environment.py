"""env.js: the browser environment Mermaid sees matches the reference's headless Chromium."""

from __future__ import annotations

import json

from mermaid_printer.engine.quickjs_engine import QuickJSEngine


def test_screen_is_the_reference_browsers_800_by_600() -> None:
    # C4 wraps shapes into rows no wider than screen.availWidth; with a 1920 px screen its
    # diagrams came out in 3 columns where Mermaid in (headless) Chromium draws 2.
    engine = QuickJSEngine()
    screen = json.loads(engine._context.eval("JSON.stringify([screen.availWidth, screen.availHeight, innerWidth])"))
    assert screen == [800, 600, 800]
