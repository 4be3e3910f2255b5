"""Curated diagram styles, served as MCP resources (``mermaid://styles/<name>``).

A style is Mermaid text to paste, unchanged, right after a diagram's first line: ``classDef``
lines (and a ``linkStyle`` where the diagram type has one), so nodes given a class
(``A[Start]:::primary``) take its colours. Being diagram text rather than a theme, a style works
with every theme; ``tests/mermaid/test_styles.py`` renders each in every theme.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["STYLES", "Style", "style_uri"]


@dataclass(frozen=True)
class Style:
    """One style: what it is for, the diagram header it fits, and its lines."""

    name: str
    description: str
    fits: str  # the diagram header the lines belong under, e.g. "flowchart"
    lines: tuple[str, ...]

    @property
    def classes(self) -> tuple[str, ...]:
        """The class names it defines, in order."""
        return tuple(line.split()[1] for line in self.lines if line.startswith("classDef "))

    def text(self) -> str:
        """The resource's text: how to use it (as Mermaid comments), then the lines."""
        usage = [
            f"%% mermaid-printer style: {self.name} ({self.description})",
            f"%% Paste these lines unchanged right after the diagram's first line ({self.fits} ...),",
            f"%% then give nodes a class with :::name ({', '.join(self.classes)}).",
        ]
        return "\n".join([*usage, *self.lines]) + "\n"


def _flowchart(name: str, description: str, palette: dict[str, str], link: str) -> Style:
    lines = tuple(f"classDef {klass} {value}" for klass, value in palette.items())
    return Style(name, description, "flowchart", (*lines, f"linkStyle default {link}"))


STYLES: dict[str, Style] = {
    style.name: style
    for style in (
        _flowchart(
            "blue-flowchart",
            "calm blues for architecture and process flowcharts",
            {
                "primary": "fill:#dbeafe,stroke:#1d4ed8,stroke-width:2px,color:#1e3a8a",
                "accent": "fill:#e0f2fe,stroke:#0369a1,stroke-width:1px,color:#0c4a6e",
                "muted": "fill:#f1f5f9,stroke:#94a3b8,stroke-width:1px,color:#334155",
                "danger": "fill:#fee2e2,stroke:#b91c1c,stroke-width:1px,color:#7f1d1d",
            },
            "stroke:#1d4ed8,stroke-width:1.5px",
        ),
        _flowchart(
            "green-flowchart",
            "greens for pipelines and success paths",
            {
                "primary": "fill:#dcfce7,stroke:#15803d,stroke-width:2px,color:#14532d",
                "accent": "fill:#ecfccb,stroke:#4d7c0f,stroke-width:1px,color:#365314",
                "muted": "fill:#f4f4f5,stroke:#a1a1aa,stroke-width:1px,color:#3f3f46",
                "danger": "fill:#ffedd5,stroke:#c2410c,stroke-width:1px,color:#7c2d12",
            },
            "stroke:#15803d,stroke-width:1.5px",
        ),
        _flowchart(
            "grayscale-flowchart",
            "print-friendly greys",
            {
                "primary": "fill:#e5e5e5,stroke:#262626,stroke-width:2px,color:#0a0a0a",
                "accent": "fill:#f5f5f5,stroke:#525252,stroke-width:1px,color:#171717",
                "muted": "fill:#fafafa,stroke:#a3a3a3,stroke-width:1px,color:#404040",
                "danger": "fill:#d4d4d4,stroke:#0a0a0a,stroke-width:3px,color:#0a0a0a",
            },
            "stroke:#404040,stroke-width:1.5px",
        ),
        _flowchart(
            "high-contrast-flowchart",
            "strong borders and text for slides and accessibility",
            {
                "primary": "fill:#ffffff,stroke:#000000,stroke-width:3px,color:#000000",
                "accent": "fill:#fff59d,stroke:#000000,stroke-width:2px,color:#000000",
                "muted": "fill:#ffffff,stroke:#595959,stroke-width:2px,color:#262626",
                "danger": "fill:#ffcdd2,stroke:#b71c1c,stroke-width:3px,color:#000000",
            },
            "stroke:#000000,stroke-width:2px",
        ),
        Style(
            "blue-state",
            "blues for state machines",
            "stateDiagram-v2",
            (
                "classDef primary fill:#dbeafe,stroke:#1d4ed8,stroke-width:2px,color:#1e3a8a",
                "classDef muted fill:#f1f5f9,stroke:#94a3b8,stroke-width:1px,color:#334155",
                "classDef danger fill:#fee2e2,stroke:#b91c1c,stroke-width:1px,color:#7f1d1d",
            ),
        ),
    )
}


def style_uri(name: str) -> str:
    """The resource URI of the style called ``name``."""
    return f"mermaid://styles/{name}"
