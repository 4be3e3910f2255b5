"""The text-measurement metrics: one JSON document the engine and Python load as data."""

from __future__ import annotations

import json

import _quickjs

from mermaid_printer.bundles.shim import shim_scripts
from mermaid_printer.fonts import (
    FONT_METRICS_GLOBAL,
    font_metrics,
    font_metrics_path,
    last_resort_families,
    measurement_family_rules,
    system_fallback_families,
)


def test_the_shim_loads_the_metrics_as_data_before_text_measure() -> None:
    names = [script.name for script in shim_scripts()]
    (data,) = [script for script in shim_scripts() if script.kind == "data"]

    assert (data.path, data.publish_as) == (font_metrics_path(), FONT_METRICS_GLOBAL)
    assert names.index(data.name) == names.index("text_measure.js") - 1


def test_the_engine_and_python_read_the_same_document() -> None:
    (data,) = [script for script in shim_scripts() if script.kind == "data"]
    context = _quickjs.Context()
    context.eval(f"globalThis.{data.publish_as} = {data.path.read_text(encoding='utf-8')};")  # as the engine does

    in_engine = json.loads(context.eval(f"String(JSON.stringify(globalThis.{FONT_METRICS_GLOBAL}))"))

    assert in_engine == font_metrics()
    assert font_metrics()["version"] == 2  # the version text_measure.js accepts


def test_the_family_rules_come_from_the_document() -> None:
    aliases, default = measurement_family_rules()

    assert aliases == font_metrics()["aliases"] and aliases["arial"] == "Arimo" and default == "Tinos"
    assert system_fallback_families() == ("DejaVu Sans",)
    assert last_resort_families() == {face["family"] for face in font_metrics()["fallbacks"]}


def test_the_document_is_read_once_per_process() -> None:
    assert font_metrics() is font_metrics()
