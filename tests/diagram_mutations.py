"""Hypothesis strategies for hostile diagrams: real diagrams of every common type, mutated.

Mutations: byte flips (any character, control characters and unpaired surrogates included),
truncation, deep nesting, huge labels, ``%%{init}%%`` directive and front-matter abuse, and
Mermaid config keys given values of the wrong type, both in the source and as ``config_json``.
Each example is the arguments of one MCP tool call.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

from hypothesis import strategies as st

__all__ = ["SEEDS", "config_paths", "tool_arguments"]

#: One small, valid diagram of each common type (written for these tests).
SEEDS: dict[str, str] = {
    "flowchart": 'flowchart TD\n  A[Start] -->|go| B{Ready?}\n  B -- yes --> C(["Done"])\n  B -- no --> D[(Store)]\n  click A href "https://example.com"\n  classDef hot fill:#f96\n  class C hot',
    "sequence": "sequenceDiagram\n  participant A as Alice\n  A->>B: Hello\n  B-->>A: Hi\n  loop Every minute\n    A->>B: ping\n  end\n  Note over A,B: done",
    "class": "classDiagram\n  class Animal {\n    +String name\n    +eat() void\n  }\n  Animal <|-- Dog\n  Dog : +bark()",
    "state": "stateDiagram-v2\n  [*] --> Idle\n  Idle --> Busy: go\n  state Busy {\n    [*] --> Work\n  }\n  Busy --> [*]",
    "er": "erDiagram\n  CUSTOMER ||--o{ ORDER : places\n  ORDER {\n    int id PK\n    string note\n  }",
    "gantt": "gantt\n  dateFormat YYYY-MM-DD\n  title Plan\n  section A\n  Task one :a1, 2024-01-01, 3d\n  Task two :after a1, 2d",
    "pie": 'pie showData title Pets\n  "Dogs" : 3\n  "Cats" : 2',
    "journey": "journey\n  title Day\n  section Work\n    Code: 5: Me\n    Review: 3: Me, You",
    "gitgraph": 'gitGraph\n  commit id: "one"\n  branch dev\n  commit\n  checkout main\n  merge dev',
    "mindmap": "mindmap\n  root((Root))\n    A\n      A1\n    B",
    "timeline": "timeline\n  title History\n  2020 : one : two\n  2021 : three",
    "quadrant": "quadrantChart\n  title Reach\n  x-axis Low --> High\n  y-axis Low --> High\n  A: [0.3, 0.6]\n  B: [0.45, 0.23]",
    "xychart": 'xychart-beta\n  title "Sales"\n  x-axis [jan, feb, mar]\n  y-axis "Revenue" 0 --> 100\n  bar [10, 50, 90]\n  line [20, 40, 80]',
    "sankey": "sankey-beta\nA,B,10\nB,C,5\nB,D,5",
    "block": 'block-beta\n  columns 3\n  a b c\n  d["wide"]:2 e',
    "packet": 'packet-beta\n  0-15: "Source"\n  16-31: "Target"',
    "kanban": "kanban\n  todo[Todo]\n    t1[Write]\n  done[Done]\n    t2[Read]",
    "architecture": "architecture-beta\n  group api(cloud)[API]\n  service db(database)[DB] in api\n  service web(server)[Web] in api\n  db:L -- R:web",
    "radar": "radar-beta\n  axis a, b, c\n  curve x{1, 2, 3}\n  max 5",
    "treemap": 'treemap-beta\n"Root"\n    "A": 10\n    "B": 20',
    "requirement": "requirementDiagram\n  requirement r1 {\n    id: 1\n    text: must\n    risk: high\n    verifymethod: test\n  }\n  element e1 {\n    type: sim\n  }\n  e1 - satisfies -> r1",
    "c4": 'C4Context\n  Person(u, "User")\n  System(s, "System")\n  Rel(u, s, "Uses")',
}

_ODD_CHARACTERS = [
    "\x00",
    "\x01",
    "\x08",
    "\x0b",
    "\x1b",
    "\x7f",
    "\x85",
    "\u2028",
    "\ufeff",
    "\ufffe",
    "\uffff",
    "\ud800",
    "\udfff",
    "\U0001f600",
    "\u202e",
    "<",
    ">",
    "&",
    '"',
    "'",
    "`",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    "|",
    ";",
    ":",
    "%",
    "#",
    "\\",
    "\n",
    "\r",
    "\t",
]
_LABEL_PAYLOADS = [
    "<img src=x onerror=alert(1)>",
    "<script>alert(1)</script>",
    "javascript:alert(1)",
    "</text></svg><script>alert(1)</script>",
    "&#x3C;script&#x3E;alert(1)&#x3C;/script&#x3E;",
    "#quot;#lt;#gt;#35;#1;",
    "${alert(1)}",
    "{{constructor.constructor('alert(1)')()}}",
    "<a href=javascript:alert(1)>x</a>",
    "<svg onload=alert(1)>",
    "<style>@import '//evil.example/x.css'</style>",
    "$$\\href{javascript:alert(1)}{x}$$",
    "fa:fa-car",
    "\x01\x02\x03\x1f",
    "\u0000",
]
_WRONG_VALUES: list[Any] = [
    "x",
    "",
    "NaN",
    "1e400",
    -1,
    0,
    -1e308,
    1e308,
    2**53 + 1,
    0.5,
    True,
    None,
    [],
    [1, "a"],
    {},
    {"a": {"b": 1}},
    "</style><script>alert(1)</script>",
    "x" * 5000,
]


@cache
def config_paths() -> list[tuple[str, ...]]:
    """Every Mermaid 12.3 config key, as a path (from the package's generated key list)."""
    tree = json.loads(files("mermaid_printer.mermaid").joinpath("config_keys.json").read_text(encoding="utf-8"))
    paths: list[tuple[str, ...]] = []

    def walk(node: dict[str, Any], prefix: tuple[str, ...]) -> None:
        for key, child in sorted(node.items()):
            paths.append((*prefix, key))
            if isinstance(child, dict):
                walk(child, (*prefix, key))

    walk(tree, ())
    return paths


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    config: Any = value
    for key in reversed(path):
        config = {key: config}
    return dict(config)


@st.composite
def wrong_config(draw: st.DrawFn) -> dict[str, Any]:
    """A config setting one to three real keys to values of the wrong type."""
    config: dict[str, Any] = {}
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(config_paths()))
        value = draw(st.sampled_from(_WRONG_VALUES))
        config.update(_nest(path, value))  # a later key may replace an earlier tree: fine
    return config


def _flip(code: str, position: int, replacement: str) -> str:
    position %= len(code) + 1
    return code[:position] + replacement + code[position + 1 :]


@st.composite
def _mutation(draw: st.DrawFn, code: str) -> str:
    kind = draw(st.integers(0, 8))
    position = draw(st.integers(0, max(len(code), 1)))
    if kind == 0:  # flip characters
        for _ in range(draw(st.integers(1, 4))):
            code = _flip(code, draw(st.integers(0, len(code))), draw(st.sampled_from(_ODD_CHARACTERS)))
        return code
    if kind == 1:  # truncate
        return code[: max(position, 1)]
    if kind == 2:  # deep nesting
        opener, closer = draw(
            st.sampled_from([("(", ")"), ("[", "]"), ("{", "}"), ("((", "))"), ("subgraph s\n", "\nend\n")])
        )
        depth = draw(st.sampled_from([10, 100, 1000, 5000]))
        middle = opener * depth + "x" + closer * draw(st.sampled_from([depth, 0]))
        return code[:position] + middle + code[position:]
    if kind == 3:  # huge label
        size = draw(st.sampled_from([1_000, 10_000, 45_000]))
        unit = draw(st.sampled_from(["x", "ab ", "\U0001f600", "W", "<b>", "&amp;"]))
        return code[:position] + unit * (size // len(unit)) + code[position:]
    if kind == 4:  # a payload as a label
        return code[:position] + draw(st.sampled_from(_LABEL_PAYLOADS)) + code[position:]
    if kind == 5:  # directive abuse
        config = draw(wrong_config())
        directive = draw(
            st.sampled_from(
                [
                    "%%{init: " + json.dumps(config) + "}%%\n",
                    "%%{init: {'securityLevel': 'loose', 'htmlLabels': true, 'maxTextSize': 1e9}}%%\n",
                    "%%{init: {'themeCSS': '}</style><script>alert(1)</script>'}}%%\n",
                    "%%{init: {'__proto__': {'polluted': 1}}}%%\n",
                    "%%{init: {'theme': 'base', 'themeVariables': {'primaryColor': 'url(//evil.example/x)'}}}%%\n",
                    "%%{init: " + "{'a':" * 200 + "1" + "}" * 200 + "}%%\n",
                    "%%{init: {unterminated\n",
                    "%%{wrap}%%\n",
                    "%%{config: {'flowchart': {'curve': 'nonsense'}}}%%\n",
                ]
            )
        )
        return directive + code
    if kind == 6:  # front-matter abuse
        matter = draw(
            st.sampled_from(
                [
                    "---\nconfig:\n  securityLevel: loose\n  theme: forest\n---\n",
                    "---\nconfig: " + json.dumps(draw(wrong_config())) + "\n---\n",
                    '---\na: &a ["x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d]\n---\n',
                    "---\ntitle: !!js/function 'function(){alert(1)}'\n---\n",
                    "---\ntitle: " + "[" * 500 + "]" * 500 + "\n---\n",
                    "---\nunterminated: [\n",
                    "---\ntitle: </title><script>alert(1)</script>\n---\n",
                    "---\n---\n---\n",
                ]
            )
        )
        return matter + code
    if kind == 7:  # many lines
        lines = code.splitlines()
        line = lines[min(position, len(lines) - 1)] if lines else code
        return code + ("\n" + line) * draw(st.sampled_from([10, 200, 2000]))
    return code  # unchanged: the seed itself, with hostile arguments


@st.composite
def tool_arguments(draw: st.DrawFn, timeout_ms: int) -> dict[str, Any]:
    """Arguments of one ``mermaid_to_svg`` call: a mutated real diagram, maybe a wrong config."""
    code = SEEDS[draw(st.sampled_from(sorted(SEEDS)))]
    for _ in range(draw(st.integers(1, 2))):
        code = draw(_mutation(code))
    arguments: dict[str, Any] = {"code": code, "timeout_ms": timeout_ms}
    if draw(st.integers(0, 3)) == 0:
        arguments["config_json"] = json.dumps(draw(wrong_config()))
    if draw(st.integers(0, 5)) == 0:
        arguments["theme"] = draw(st.sampled_from(["dark", "forest", "neutral", "base", "nonsense", 3]))
    return arguments
