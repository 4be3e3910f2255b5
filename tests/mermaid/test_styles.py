"""Every curated style renders cleanly in every theme, its colours on the nodes that use them."""

from __future__ import annotations

import pytest

from mermaid_printer import Printer, build_render_options
from mermaid_printer.mermaid.requests import THEMES
from mermaid_printer.mermaid.styles import STYLES, Style

pytestmark = pytest.mark.engine


def sample(style: Style) -> str:
    """A small diagram of the style's kind that uses every class it defines."""
    body = style.text()
    if style.fits == "flowchart":
        nodes = "\n".join(
            f"  N{index}[{name} step]:::{name} --> N{index + 1}" for index, name in enumerate(style.classes)
        )
        return f"flowchart LR\n{body}{nodes}\n"
    states = "\n".join(f"  S{index}: {name}\n  class S{index} {name}" for index, name in enumerate(style.classes))
    links = "\n".join(f"  S{index} --> S{index + 1}" for index in range(len(style.classes) - 1))
    return f"stateDiagram-v2\n{body}{states}\n  [*] --> S0\n{links}\n"


@pytest.mark.parametrize("name", sorted(STYLES))
def test_a_style_renders_in_every_theme_with_its_colours(printer: Printer, name: str) -> None:
    style = STYLES[name]
    fills = [line.split("fill:")[1].split(",")[0] for line in style.lines if line.startswith("classDef ")]
    for theme in THEMES:
        result = printer.render_svg(build_render_options(sample(style), theme=theme, embed_fonts=False))
        assert not [w for w in result.warnings if "config" in w], (name, theme, result.warnings)
        for fill in fills:
            assert fill in result.svg, (name, theme, fill)
