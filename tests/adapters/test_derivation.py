"""Every surface derives its parameters from the request models: the MCP input schemas and the
CLI flags come from the model fields, so a new parameter is one model field."""

from __future__ import annotations

import argparse
from typing import Literal

import pytest
from pydantic import Field

from mermaid_printer.adapters.cli import main as cli
from mermaid_printer.adapters.cli.flags import add_model_flags, given_values
from mermaid_printer.adapters.mcp.server import tool_specs
from mermaid_printer.adapters.mcp.tools import make_tool
from mermaid_printer.adapters.schema import input_schema
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions


def test_an_optional_field_is_published_as_its_type_with_bounds_and_no_null() -> None:
    schema = input_schema(PngOptions)
    assert schema["properties"]["scale"] == {
        "type": "number",
        "minimum": 0.1,
        "maximum": 10.0,
        "description": PngOptions.model_fields["scale"].description,
    }
    assert schema["properties"]["config_json"]["type"] == "string"  # the alias, documented as JSON text
    assert schema["required"] == ["code"]
    assert not any("title" in prop or "anyOf" in prop for prop in schema["properties"].values())


def test_every_tools_input_schema_is_its_request_models() -> None:
    for spec in tool_specs():
        published = make_tool(spec).parameters["properties"]
        fields = {info.alias or name for name, info in spec.request.model_fields.items()}
        assert set(published) == fields, spec.name


def test_every_render_option_is_a_cli_flag() -> None:
    subcommands = cli._parser()._subparsers
    assert subcommands is not None
    choices = subcommands._group_actions[0].choices
    assert isinstance(choices, dict)  # argparse's subparsers action: name -> parser
    render = choices["render"]
    dests = {action.dest for action in render._actions}
    for model in (RenderOptions, PdfOptions, PngOptions):
        assert set(model.model_fields) - {"code"} <= dests, model.__name__


class _WithDpi(PngOptions):
    """A PNG request with one more parameter, as a contributor would add it."""

    dpi: int | None = Field(default=None, ge=72, le=1200, description="Dots per inch written into the file.")
    finish: Literal["matte", "gloss"] = Field(default="matte", description="Paper finish.")


def test_a_new_model_field_appears_in_the_tool_schema_and_the_cli_without_other_changes() -> None:
    schema = input_schema(_WithDpi)
    assert schema["properties"]["dpi"] == {
        "type": "integer", "minimum": 72, "maximum": 1200, "description": "Dots per inch written into the file.",
    }  # fmt: skip
    assert schema["properties"]["finish"]["enum"] == ["matte", "gloss"]

    parser = argparse.ArgumentParser()
    add_model_flags(parser, _WithDpi, ["dpi", "finish"])
    args = parser.parse_args(["--dpi", "300", "--finish", "gloss"])
    assert given_values(args, ["dpi", "finish"]) == {"dpi": 300, "finish": "gloss"}
    with pytest.raises(SystemExit):
        parser.parse_args(["--finish", "satin"])
