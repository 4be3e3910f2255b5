"""The Mermaid config a render runs with, and the warnings for keys Mermaid would ignore."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mermaid_printer.mermaid.config import build_mermaid_config, config_warnings, unknown_config_keys

ROOT = Path(__file__).resolve().parents[2]


def test_known_keys_at_every_depth_are_not_reported() -> None:
    config = {
        "theme": "dark",
        "flowchart": {"curve": "basis", "subGraphTitleMargin": {"top": 4}},
        "sequence": {"mirrorActors": False},
        "themeVariables": {"anything": "#fff", "custom": 1},  # free-form in Mermaid's schema
        "treemap": {"padding": 4},  # a default without a declaration
    }
    assert unknown_config_keys(config) == []


def test_unknown_keys_are_named_by_their_dotted_path() -> None:
    config = {"flowchart": {"direction": "LR", "curve": "basis"}, "colour": "red", "gantt": {"barGap": 2, "bogus": 1}}
    assert unknown_config_keys(config) == ["flowchart.direction", "colour", "gantt.bogus"]


def test_a_direction_in_config_is_pointed_at_the_source() -> None:
    (warning,) = config_warnings({"flowchart": {"direction": "LR"}})
    assert warning.startswith("config key 'flowchart.direction' is not a Mermaid 12.3 option and was ignored")
    assert "flowchart LR" in warning


def test_the_product_keys_still_win_over_the_clients() -> None:
    config = build_mermaid_config({"handDrawnSeed": 7, "flowchart": {"curve": "basis"}}, theme="forest")
    assert (config["handDrawnSeed"], config["flowchart"], config["theme"]) == (
        1,
        {"curve": "basis", "htmlLabels": False},
        "forest",
    )


@pytest.mark.engine
def test_the_known_keys_file_is_what_the_build_script_makes_of_the_vendored_bundle() -> None:
    spec = importlib.util.spec_from_file_location("build_keys", ROOT / "scripts" / "build_mermaid_config_keys.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)

    assert script.OUTPUT.read_text(encoding="utf-8") == script.render(script.build_all())
