"""A batch's warm pool warms the kinds of diagram it holds (``warm_up``'s ``kinds``; the kind of a
diagram: ``bundles/mermaid/bundle.warm_up_kind``)."""

from __future__ import annotations

from typing import Any

import pytest

from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import (
    PARSE_WARMUP_DIAGRAMS,
    THEMED_WARMUP_THEMES,
    WARMUP_DIAGRAMS,
    mermaid_bundle,
    warm_up_kind,
)
from mermaid_printer.engine.quickjs_engine import QuickJSEngine


def test_a_diagram_kind_is_its_header_word_as_the_warm_up_names_it() -> None:
    assert warm_up_kind("graph TD\n  A --> B") == warm_up_kind("flowchart-elk LR\n  A --> B") == "flowchart"
    front_matter = "---\ntitle: Zoo\n---\n%% animals\n%%{init: {'theme': 'dark'}}%%\nclassDiagram-v2\n  class A"
    assert warm_up_kind(front_matter) == warm_up_kind(WARMUP_DIAGRAMS["class"])
    assert warm_up_kind("stateDiagram\n  [*] --> A") == warm_up_kind(WARMUP_DIAGRAMS["state"])
    assert warm_up_kind("C4Container\n  title T") == warm_up_kind(PARSE_WARMUP_DIAGRAMS["c4"]) == "c4"
    assert warm_up_kind("xychart\n  bar [1, 2]") == warm_up_kind(PARSE_WARMUP_DIAGRAMS["xychart"])
    assert warm_up_kind("\n\n") == ""
    every = [*WARMUP_DIAGRAMS.values(), *PARSE_WARMUP_DIAGRAMS.values()]
    assert len({warm_up_kind(code) for code in every}) == len(every)  # a kind names one warm-up type


@pytest.mark.engine
def test_a_warm_up_told_its_kinds_draws_those_and_the_themes_only(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = QuickJSEngine(mermaid_bundle())
    calls: list[tuple[str, str]] = []
    real_call = engine.call

    def counted(entry: str, payload: dict[str, Any], *args: Any, **kwargs: Any) -> dict[str, Any]:
        calls.append((entry, payload["code"]))
        return real_call(entry, payload, *args, **kwargs)

    monkeypatch.setattr(engine, "call", counted)
    mermaid_worker.warm_up(engine, export=False, kinds=frozenset({"sequencediagram"}))

    renders = [code for entry, code in calls if entry == "render"]
    parses = [code for entry, code in calls if entry == "parse"]
    themed = len(THEMED_WARMUP_THEMES)
    assert {warm_up_kind(code) for code in renders[:themed]} == {"flowchart"}  # the themes, always
    assert renders[themed:] == parses == [WARMUP_DIAGRAMS["sequence"]]
