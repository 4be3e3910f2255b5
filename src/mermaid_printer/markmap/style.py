"""How a mind map looks: the four themes, custom palettes, font size and label padding.

markmap styles a map with CSS variables on its ``.markmap`` rule (``--markmap-text-color``,
``--markmap-a-color``, ``--markmap-code-bg``, …) and colours branches from a palette (its JSON
option ``color``). A theme here is exactly those values, plus the background baked into the file
(only ``dark`` has one). :func:`stylesheet` writes them as a stylesheet markmap puts after its
own (its ``style`` option), so the static print and the interactive page use the same rules.

=========  ====================================================  ==========  =======  =======  =========
theme      palette (branch colours, in order of first use)       background  text     links    code
=========  ====================================================  ==========  =======  =======  =========
default    markmap's own: d3's category10                        none        #333333  #0097e6  #555555 on #f0f0f0
dark       #7aa2f7 #9ece6a #e0af68 #f7768e #bb9af7 #7dcfff …     #1a1b26     #c0caf5  #7dcfff  #c0caf5 on #24283b
colorful   #e63946 #f4a261 #2a9d8f #457b9d #9b5de5 #f15bb5 …     none        #222222  #d62828  #5f3dc4 on #fff3bf
minimal    #6b7280 (one grey for every branch)                   none        #111827  #374151  #374151 on #f3f4f6
=========  ====================================================  ==========  =======  =======  =========

``default`` changes nothing: the map is markmap's own. "none" means transparent in SVG and white
in PNG and PDF, as for every request; ``dark`` paints its background into every format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, get_args

__all__ = [
    "DEFAULT_FONT_SIZE",
    "MARKMAP_THEMES",
    "MarkmapTheme",
    "MarkmapThemeName",
    "font_shorthand",
    "is_hex_colour",
    "stylesheet",
]

MarkmapThemeName = Literal["default", "dark", "colorful", "minimal"]

#: markmap's label font size in CSS pixels (its line height is 1.25 times that: 16px/20px).
DEFAULT_FONT_SIZE = 16.0
#: The face the static print measures and embeds (Arial's metrics; see the markmap bundle).
_FONT_FAMILY = "Arial"

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})")


def is_hex_colour(value: str) -> bool:
    """``#rgb``, ``#rgba``, ``#rrggbb`` or ``#rrggbbaa``."""
    return _HEX.fullmatch(value) is not None


@dataclass(frozen=True)
class MarkmapTheme:
    """One theme: markmap's CSS variables it sets, its palette and its background.

    ``palette`` empty keeps markmap's default colours (d3's category10); ``background`` None
    leaves the request's (transparent SVG, white PNG/PDF).
    """

    name: str
    variables: dict[str, str] = field(default_factory=dict)
    palette: tuple[str, ...] = ()
    background: str | None = None


#: markmap's own palette (``d3.schemeCategory10``), named by the default theme's ``colors_used``.
MARKMAP_DEFAULT_PALETTE = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)

MARKMAP_THEMES: dict[str, MarkmapTheme] = {
    "default": MarkmapTheme("default"),
    "dark": MarkmapTheme(
        "dark",
        variables={
            "--markmap-text-color": "#c0caf5",
            "--markmap-a-color": "#7dcfff",
            "--markmap-a-hover-color": "#b4f9f8",
            "--markmap-code-color": "#c0caf5",
            "--markmap-code-bg": "#24283b",
            "--markmap-circle-open-bg": "#1a1b26",
            "--markmap-highlight-bg": "#3d59a1",
            "--markmap-table-border": "1px solid #565f89",
        },
        palette=("#7aa2f7", "#9ece6a", "#e0af68", "#f7768e", "#bb9af7", "#7dcfff", "#ff9e64", "#73daca"),
        background="#1a1b26",
    ),
    "colorful": MarkmapTheme(
        "colorful",
        variables={
            "--markmap-text-color": "#222222",
            "--markmap-a-color": "#d62828",
            "--markmap-a-hover-color": "#f77f00",
            "--markmap-code-color": "#5f3dc4",
            "--markmap-code-bg": "#fff3bf",
        },
        palette=("#e63946", "#f4a261", "#2a9d8f", "#457b9d", "#9b5de5", "#f15bb5", "#00bbf9", "#00f5d4"),
    ),
    "minimal": MarkmapTheme(
        "minimal",
        variables={
            "--markmap-text-color": "#111827",
            "--markmap-a-color": "#374151",
            "--markmap-a-hover-color": "#111827",
            "--markmap-code-color": "#374151",
            "--markmap-code-bg": "#f3f4f6",
        },
        palette=("#6b7280",),
    ),
}
assert set(MARKMAP_THEMES) == set(get_args(MarkmapThemeName))


def font_shorthand(font_size: float = DEFAULT_FONT_SIZE) -> str:
    """markmap's label font at ``font_size`` pixels: weight 300, line height 1.25 × the size."""
    return f"300 {_number(font_size)}px/{_number(font_size * 1.25)}px {_FONT_FAMILY}"


def stylesheet(variables: dict[str, str], label_padding_y: float = 0.0) -> str:
    """The printer's rules after markmap's own: the theme's variables on ``.markmap`` and the
    labels' top and bottom padding. Empty when there is nothing to change.

    Every value must already be checked (theme tables, hex colours, numbers): this is CSS.
    """
    rules = []
    if variables:
        declarations = "".join(f"{name}: {value}; " for name, value in sorted(variables.items()))
        rules.append(f".markmap {{ {declarations}}}")
    if label_padding_y:
        padding = _number(label_padding_y)
        rules.append(f".markmap-foreign > div > div {{ padding-top: {padding}px; padding-bottom: {padding}px; }}")
    return "\n".join(rules)


def _number(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")
