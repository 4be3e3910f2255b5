"""Generated diagrams of N nodes, for scaling curves (the same text for the printer and Chromium).

Each generator makes a diagram whose size grows linearly with ``n``: ``n`` nodes (classes,
states, entities, participants' messages, tasks) and about ``n`` edges between them, with short
labels of varied length so text measurement is exercised the way real diagrams exercise it.
Deterministic: the same ``n`` gives the same text. ``random-graph`` and ``random-er`` link each
node to random earlier ones (a fixed seed per size), so their edges cross as in real dependency
and data-model diagrams (issue 41's scaling family, :data:`RANDOM_SIZES`).

Usage::

    python benchmarks/scaling.py flowchart 50      # print a 50-node flowchart
    python benchmarks/scaling.py random-graph 400  # a 400-node random graph
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable

__all__ = ["GENERATORS", "SIZES", "generate"]

#: The sizes of the scaling curve.
SIZES = (10, 25, 50, 100, 200)

#: The sizes of the random-graph curve (issue 41's goal: 10 to 400 nodes).
RANDOM_SIZES = (10, 25, 50, 100, 200, 400)

_WORDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda")


def _label(i: int) -> str:
    """A short label of varied length (1-3 words)."""
    words = [_WORDS[(i * 7 + k) % len(_WORDS)] for k in range(1 + i % 3)]
    return " ".join(words).capitalize()


def _targets(i: int, n: int) -> list[int]:
    """The nodes node ``i`` links to: the next one, and every third node a jump further on."""
    out = [i + 1] if i + 1 < n else []
    if i % 3 == 0 and i + 5 < n:
        out.append(i + 5)
    return out


def flowchart(n: int) -> str:
    """A top-down flowchart: a chain with forward jumps; boxes, rounded boxes and decisions."""
    shapes = ("[{}]", "({})", "{{{}}}")
    lines = ["flowchart TD"]
    for i in range(n):
        lines.append(f"  N{i}" + shapes[i % 3].format(_label(i)))
    for i in range(n):
        for j in _targets(i, n):
            lines.append(f"  N{i} -->|{_WORDS[j % len(_WORDS)]}| N{j}" if j != i + 1 else f"  N{i} --> N{j}")
    return "\n".join(lines) + "\n"


def sequence(n: int) -> str:
    """Five participants and ``n`` messages between them, with a note every tenth message."""
    people = ("Alice", "Bob", "Carol", "Dave", "Erin")
    lines = ["sequenceDiagram"] + [f"  participant {p}" for p in people]
    for i in range(n):
        a, b = people[i % 5], people[(i * 3 + 1) % 5]
        arrow = "->>" if i % 2 == 0 else "-->>"
        lines.append(f"  {a}{arrow}{b}: {_label(i)}")
        if i % 10 == 9:
            lines.append(f"  Note over {a},{b}: step {i + 1}")
    return "\n".join(lines) + "\n"


def class_diagram(n: int) -> str:
    """``n`` classes with two members each, linked by inheritance and association."""
    lines = ["classDiagram"]
    for i in range(n):
        lines += [f"  class C{i} {{", f"    +String {_WORDS[i % 11]}", f"    +run{i}(int x) bool", "  }"]
    for i in range(n):
        for j in _targets(i, n):
            lines.append(f"  C{i} <|-- C{j}" if j == i + 1 else f"  C{i} --> C{j} : uses")
    return "\n".join(lines) + "\n"


def state(n: int) -> str:
    """``n`` states in a chain with forward jumps, start and end."""
    lines = ["stateDiagram-v2", "  [*] --> S0"]
    for i in range(n):
        lines.append(f"  S{i} : {_label(i)}")
    for i in range(n):
        for j in _targets(i, n):
            lines.append(f"  S{i} --> S{j}" + ("" if j == i + 1 else f" : {_WORDS[j % 11]}"))
    lines.append(f"  S{n - 1} --> [*]")
    return "\n".join(lines) + "\n"


def er(n: int) -> str:
    """``n`` entities with two attributes each, linked one-to-many."""
    lines = ["erDiagram"]
    for i in range(n):
        lines += [f"  E{i} {{", "    int id PK", f"    string {_WORDS[i % 11]}", "  }"]
    for i in range(n):
        for j in _targets(i, n):
            lines.append(f"  E{i} ||--o{{ E{j} : {_WORDS[j % 11]}")
    return "\n".join(lines) + "\n"


#: Mermaid's ``maxEdges`` (a secure key: no user config raises it); a graph of more edges is
#: refused in Chromium as here, so the generators stay below it.
MAX_EDGES = 500


def _second_edge_odds(n: int) -> float:
    """How often a node gets a second edge: half the time (about 1.5 edges per node), less where
    that would pass :data:`MAX_EDGES` (400 nodes: about 1.25 edges per node)."""
    return min(0.5, (MAX_EDGES - n) / max(n, 1))


def random_graph(n: int, seed: int = 41) -> str:
    """A ``graph TD`` of ``n`` nodes with about 1.5 edges per node, each from a random earlier
    node: edges cross, as in real architecture and dependency diagrams (fixed seed per ``n``)."""
    rng = random.Random(seed * 1000 + n)
    odds = _second_edge_odds(n)
    shapes = ("[{}]", "({})", "{{{}}}")
    lines = ["graph TD"]
    for i in range(n):
        lines.append(f"  N{i}" + shapes[i % 3].format(_label(i)))
    for i in range(1, n):
        for j in sorted(rng.sample(range(i), min(i, 2 if rng.random() < odds else 1))):
            label = f"|{_WORDS[rng.randrange(len(_WORDS))]}|" if rng.random() < 0.3 else ""
            lines.append(f"  N{j} -->{label} N{i}")
    return "\n".join(lines) + "\n"


def random_er(n: int, seed: int = 41) -> str:
    """``n`` entities of two to four attributes, each related to one or two random earlier
    entities with varied cardinalities (fixed seed per ``n``)."""
    rng = random.Random(seed * 1000 + n)
    odds = _second_edge_odds(n)
    kinds = ("||--o{", "||--|{", "}o--o{", "|o--||", "||--||")
    types = ("int", "string", "date", "float")
    lines = ["erDiagram"]
    for i in range(n):
        lines.append(f"  E{i} {{")
        lines.append("    int id PK")
        for k in range(1 + rng.randrange(3)):
            lines.append(f"    {types[rng.randrange(4)]} {_WORDS[(i + k) % len(_WORDS)]}{k}")
        lines.append("  }")
    for i in range(1, n):
        for j in sorted(rng.sample(range(i), min(i, 2 if rng.random() < odds else 1))):
            lines.append(f"  E{j} {kinds[rng.randrange(len(kinds))]} E{i} : {_WORDS[rng.randrange(len(_WORDS))]}")
    return "\n".join(lines) + "\n"


def gantt(n: int) -> str:
    """``n`` tasks in sections of ten, each after the one before."""
    lines = ["gantt", "  dateFormat YYYY-MM-DD", "  title Plan"]
    for i in range(n):
        if i % 10 == 0:
            lines.append(f"  section Part {i // 10 + 1}")
        start = "2024-01-01" if i == 0 else f"after t{i - 1}"
        lines.append(f"  {_label(i)} :t{i}, {start}, {1 + i % 4}d")
    return "\n".join(lines) + "\n"


#: Diagram type -> generator of an ``n``-node diagram.
GENERATORS: dict[str, Callable[[int], str]] = {
    "flowchart": flowchart,
    "sequence": sequence,
    "class": class_diagram,
    "state": state,
    "er": er,
    "gantt": gantt,
    "random-graph": random_graph,
    "random-er": random_er,
}


def generate(kind: str, n: int) -> str:
    """The generated ``kind`` diagram of ``n`` nodes."""
    return GENERATORS[kind](n)


def diagram_specs(text: str) -> list[tuple[str, str]]:
    """``"flowchart:25,er:10"`` as (spec, generated code) pairs: an argparse ``type`` for the
    tools that take generated diagrams by type and size.

    Raises:
        argparse.ArgumentTypeError: a spec is not ``type:nodes`` with a known type and a whole
            number of nodes (argparse shows its message).
    """
    diagrams = []
    for spec in text.split(","):
        kind, _, nodes = spec.partition(":")
        if kind not in GENERATORS or not nodes.isdigit():
            raise argparse.ArgumentTypeError(f"{spec!r} is not type:nodes with a type of {', '.join(GENERATORS)}")
        diagrams.append((spec, generate(kind, int(nodes))))
    return diagrams


def add_diagrams_argument(parser: argparse.ArgumentParser, default: str) -> None:
    """``--diagrams type:nodes,...`` (:func:`diagram_specs`), ``default`` when not given."""
    parser.add_argument(
        "--diagrams",
        type=diagram_specs,
        default=default,
        help="comma-separated type:nodes of scaling.py's generators",
    )


if __name__ == "__main__":
    sys.stdout.write(generate(sys.argv[1], int(sys.argv[2])))
