"""CSS colours: which values are colours, and the one form the converter understands.

:func:`is_css_colour` is how requests validate a ``background`` (a named colour, ``#hex``, or
``rgb()``/``rgba()``/``hsl()``/``hsla()``), so nothing else reaches the SVG's style attribute.

CairoSVG reads only colour keywords, ``#rgb``, ``#rrggbb``, ``rgb(r, g, b)`` and
``rgba(r, g, b, a)``; anything else becomes opaque black. Mermaid 12 themes write ``hsl()``
(often with hues below 0 or above 360, e.g. ``hsl(-120, 0%, 80%)`` for edge-label
backgrounds), and users may write ``#rrggbbaa``, ``rgb(r g b / a)`` or percentages. So every
colour in the tree is rewritten into ``#rrggbb`` (opaque) or ``rgba(r, g, b, a)`` before
drawing, following CSS Color 4 (hue in degrees and wrapped, channels clamped).
"""

from __future__ import annotations

import math
import re

__all__ = ["NAMED_COLOURS", "is_css_colour", "normalize_colour", "parse_colour"]

#: The CSS Color 4 named colours, and ``transparent``.
NAMED_COLOURS: frozenset[str] = frozenset(
    [
        "aliceblue",
        "antiquewhite",
        "aqua",
        "aquamarine",
        "azure",
        "beige",
        "bisque",
        "black",
        "blanchedalmond",
        "blue",
        "blueviolet",
        "brown",
        "burlywood",
        "cadetblue",
        "chartreuse",
        "chocolate",
        "coral",
        "cornflowerblue",
        "cornsilk",
        "crimson",
        "cyan",
        "darkblue",
        "darkcyan",
        "darkgoldenrod",
        "darkgray",
        "darkgreen",
        "darkgrey",
        "darkkhaki",
        "darkmagenta",
        "darkolivegreen",
        "darkorange",
        "darkorchid",
        "darkred",
        "darksalmon",
        "darkseagreen",
        "darkslateblue",
        "darkslategray",
        "darkslategrey",
        "darkturquoise",
        "darkviolet",
        "deeppink",
        "deepskyblue",
        "dimgray",
        "dimgrey",
        "dodgerblue",
        "firebrick",
        "floralwhite",
        "forestgreen",
        "fuchsia",
        "gainsboro",
        "ghostwhite",
        "gold",
        "goldenrod",
        "gray",
        "green",
        "greenyellow",
        "grey",
        "honeydew",
        "hotpink",
        "indianred",
        "indigo",
        "ivory",
        "khaki",
        "lavender",
        "lavenderblush",
        "lawngreen",
        "lemonchiffon",
        "lightblue",
        "lightcoral",
        "lightcyan",
        "lightgoldenrodyellow",
        "lightgray",
        "lightgreen",
        "lightgrey",
        "lightpink",
        "lightsalmon",
        "lightseagreen",
        "lightskyblue",
        "lightslategray",
        "lightslategrey",
        "lightsteelblue",
        "lightyellow",
        "lime",
        "limegreen",
        "linen",
        "magenta",
        "maroon",
        "mediumaquamarine",
        "mediumblue",
        "mediumorchid",
        "mediumpurple",
        "mediumseagreen",
        "mediumslateblue",
        "mediumspringgreen",
        "mediumturquoise",
        "mediumvioletred",
        "midnightblue",
        "mintcream",
        "mistyrose",
        "moccasin",
        "navajowhite",
        "navy",
        "oldlace",
        "olive",
        "olivedrab",
        "orange",
        "orangered",
        "orchid",
        "palegoldenrod",
        "palegreen",
        "paleturquoise",
        "palevioletred",
        "papayawhip",
        "peachpuff",
        "peru",
        "pink",
        "plum",
        "powderblue",
        "purple",
        "rebeccapurple",
        "red",
        "rosybrown",
        "royalblue",
        "saddlebrown",
        "salmon",
        "sandybrown",
        "seagreen",
        "seashell",
        "sienna",
        "silver",
        "skyblue",
        "slateblue",
        "slategray",
        "slategrey",
        "snow",
        "springgreen",
        "steelblue",
        "tan",
        "teal",
        "thistle",
        "tomato",
        "turquoise",
        "violet",
        "wheat",
        "white",
        "whitesmoke",
        "yellow",
        "yellowgreen",
        "transparent",
    ]
)

_HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNCTION = re.compile(r"(rgba?|hsla?)\((.*)\)")
_SEPARATORS = re.compile(r"\s*,\s*|\s*/\s*|\s+")


def parse_colour(value: str) -> tuple[float, float, float, float] | None:
    """``(r, g, b, a)`` in 0–1 for a CSS colour that is not a keyword, else ``None``."""
    text = value.strip().lower()
    match = _HEX.fullmatch(text)
    if match:
        digits = match.group(1)
        if len(digits) <= 4:
            digits = "".join(ch * 2 for ch in digits)
        channels = [int(digits[i : i + 2], 16) / 255 for i in range(0, len(digits), 2)]
        return (channels[0], channels[1], channels[2], channels[3] if len(channels) == 4 else 1.0)
    match = _FUNCTION.fullmatch(text)
    if not match:
        return None
    parts = [part for part in _SEPARATORS.split(match.group(2).strip()) if part]
    if len(parts) not in (3, 4):
        return None
    try:
        alpha = _alpha(parts[3]) if len(parts) == 4 else 1.0
        if match.group(1).startswith("rgb"):
            red, green, blue = (_rgb_channel(part) for part in parts[:3])
        else:
            red, green, blue = _hsl_to_rgb(_hue(parts[0]), _percent(parts[1]), _percent(parts[2]))
    except ValueError:
        return None
    return (red, green, blue, alpha)


def is_css_colour(value: str) -> bool:
    """Whether ``value`` is a CSS colour: a named colour, ``#hex`` or an rgb/hsl function."""
    text = value.strip()
    return text.lower() in NAMED_COLOURS or parse_colour(text) is not None


def normalize_colour(value: str) -> str:
    """``value`` rewritten as ``#rrggbb`` or ``rgba(…)``; keywords and unknown text unchanged."""
    parsed = parse_colour(value)
    if parsed is None:
        return value
    red, green, blue = (round(channel * 255) for channel in parsed[:3])
    alpha = parsed[3]
    if alpha >= 1:
        return f"#{red:02x}{green:02x}{blue:02x}"
    return f"rgba({red}, {green}, {blue}, {alpha:.4g})"


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


def _rgb_channel(text: str) -> float:
    if text.endswith("%"):
        return _clamp(_number(text[:-1]) / 100)
    return _clamp(_number(text) / 255)


def _alpha(text: str) -> float:
    if text.endswith("%"):
        return _clamp(_number(text[:-1]) / 100)
    return _clamp(_number(text))


def _percent(text: str) -> float:
    return _clamp(_number(text.removesuffix("%")) / 100)


def _hue(text: str) -> float:
    for unit, per_degree in (("deg", 1.0), ("grad", 0.9), ("rad", 180 / math.pi), ("turn", 360.0)):
        if text.endswith(unit):
            return (_number(text[: -len(unit)]) * per_degree) % 360
    return _number(text) % 360


def _hsl_to_rgb(hue: float, saturation: float, lightness: float) -> tuple[float, float, float]:
    """CSS Color 4, section 7.1 (``hslToRgb``)."""

    def channel(n: int) -> float:
        k = (n + hue / 30) % 12
        a = saturation * min(lightness, 1 - lightness)
        return lightness - a * max(-1.0, min(k - 3, 9 - k, 1.0))

    return (_clamp(channel(0)), _clamp(channel(8)), _clamp(channel(4)))
