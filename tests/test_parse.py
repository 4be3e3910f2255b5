"""Parsing without rendering through the real pool and engine: the AST of every diagram type,
positions, verify, and the errors (all as PrinterError, never a traceback)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mermaid_printer
from mermaid_printer import (
    DiagramSyntaxError,
    InputTooLarge,
    InvalidInput,
    ParseResult,
    Printer,
    UnsupportedDiagram,
    VerifyResult,
)

pytestmark = pytest.mark.engine

PARSE_FIXTURES = Path(__file__).parent / "fixtures" / "parse"

# fixture -> (Mermaid's diagram type, the AST's type-specific section, counts that must hold)
EVERY_TYPE = {
    "architecture": ("architecture", "architecture", {"nodes": 2, "edges": 1, "groups": 1}),
    "block": ("block", "block", {"nodes": 2, "edges": 1}),
    "c4": ("c4", "c4", {"nodes": 2, "edges": 1, "relations": 1}),
    "class": ("classDiagram", "class", {"classes": 2, "relations": 1}),
    "cynefin": ("cynefin", "cynefin", {"domains": 2, "transitions": 1}),
    "er": ("er", "er", {"entities": 2, "relationships": 1}),
    "eventmodeling": ("eventmodeling", "eventmodeling", {"frames": 3, "relations": 2}),
    "flowchart": ("flowchart-v2", "flowchart", {"nodes": 3, "edges": 2, "subgraphs": 1}),
    "gantt": ("gantt", "gantt", {"tasks": 2, "sections": 1, "edges": 1}),
    "git": ("gitGraph", "git", {"commits": 3, "branches": 2}),
    "info": ("info", "info", {"nodes": 0}),
    "ishikawa": ("ishikawa", "ishikawa", {"nodes": 5, "edges": 4}),
    "journey": ("journey", "journey", {"tasks": 2, "actors": 2}),
    "kanban": ("kanban", "kanban", {"columns": 2, "nodes": 4}),
    "mindmap": ("mindmap", "mindmap", {"nodes": 3, "edges": 2}),
    "packet": ("packet", "packet", {"fields": 2}),
    "pie": ("pie", "pie", {"slices": 2}),
    "quadrant": ("quadrantChart", "quadrant", {"points": 1, "quadrants": 4}),
    "radar": ("radar", "radar", {"axes": 3, "curves": 1}),
    "railroad": ("railroad", "railroad", {"rules": 2, "edges": 1}),
    "requirement": ("requirement", "requirement", {"requirements": 1, "elements": 1, "relationships": 1}),
    "sankey": ("sankey", "sankey", {"nodes": 3, "links": 2}),
    "sequence": ("sequence", "sequence", {"actors": 2, "messages": 2, "notes": 1, "blocks": 1}),
    "state": ("stateDiagram", "state", {"transitions": 4, "composites": 1}),
    "timeline": ("timeline", "timeline", {"periods": 2}),
    "tree": ("treeView", "tree", {"nodes": 3, "edges": 2}),
    "treemap": ("treemap", "treemap", {"nodes": 3, "edges": 2}),
    "usecase": ("usecase", "usecase", {"actors": 1, "use_cases": 1, "relationships": 1}),
    "venn": ("venn", "venn", {"sets": 2, "subsets": 3}),
    "wardley": ("wardley", "wardley", {"components": 2, "links": 1}),
    "xychart": ("xychart", "xychart", {"plots": 1}),
}


def test_every_parse_fixture_is_covered() -> None:
    assert sorted(path.stem for path in PARSE_FIXTURES.glob("*.mmd")) == sorted(EVERY_TYPE)


@pytest.mark.parametrize("name", sorted(EVERY_TYPE))
def test_every_diagram_type_gives_the_common_core_and_its_own_section(printer: Printer, name: str) -> None:
    diagram_type, section, counts = EVERY_TYPE[name]

    result = printer.parse((PARSE_FIXTURES / f"{name}.mmd").read_text(), include_positions=True)

    assert isinstance(result, ParseResult)
    assert result.diagram_type == diagram_type
    ast = result.ast
    assert sorted(ast) == sorted(["nodes", "edges", "metadata", section])
    assert set(ast["metadata"]) == {"title", "direction", "acc_title", "acc_description", "counts"}
    assert {key: ast["metadata"]["counts"][key] for key in counts} == counts
    assert ast["metadata"]["counts"]["nodes"] == len(ast["nodes"])
    assert ast["metadata"]["counts"]["edges"] == len(ast["edges"])
    for node in ast["nodes"]:
        assert {"id", "label", "type", "line", "column"} <= set(node)
        assert isinstance(node["line"], int) and isinstance(node["column"], int), node
    for edge in ast["edges"]:
        assert {"from", "to", "label", "type", "line", "column"} <= set(edge)
        assert isinstance(edge["line"], int) and isinstance(edge["column"], int), edge
    json.dumps(ast)  # plain JSON all the way down


def test_a_flowchart_ast_has_ids_labels_shapes_edges_and_subgraphs(printer: Printer) -> None:
    ast = printer.parse((PARSE_FIXTURES / "flowchart.mmd").read_text()).ast

    assert ast["nodes"] == [
        {"id": "A", "label": "Start", "type": "squareRect"},
        {"id": "B", "label": "Ok?", "type": "diamond"},
        {"id": "C", "label": "Done", "type": "stadium"},
    ]
    assert ast["edges"] == [
        {"from": "A", "to": "B", "label": None, "type": "arrow_point"},
        {"from": "B", "to": "C", "label": "yes", "type": "arrow_point"},
    ]
    assert ast["metadata"]["direction"] == "LR"
    assert ast["flowchart"]["subgraphs"] == [{"id": "S", "label": "Stage", "nodes": ["C"], "direction": None}]


def test_a_sequence_ast_has_actors_messages_notes_and_blocks(printer: Printer) -> None:
    section = printer.parse((PARSE_FIXTURES / "sequence.mmd").read_text()).ast["sequence"]

    assert section["actors"] == [
        {"id": "Alice", "label": "Alice", "type": "participant"},
        {"id": "Bob", "label": "Bob", "type": "actor"},
    ]
    assert section["messages"] == [
        {"from": "Alice", "to": "Bob", "text": "Hello", "type": "solid", "activate": False},
        {"from": "Bob", "to": "Alice", "text": "Hi", "type": "dotted", "activate": False},
    ]
    assert section["notes"] == [{"actors": ["Bob"], "placement": "rightof", "text": "Thinks"}]
    assert section["blocks"] == [
        {
            "type": "loop",
            "label": "Every minute",
            "sections": [{"label": "Every minute", "first_message": 1}],
            "first_message": 1,
            "last_message": 1,
        }
    ]


def test_class_er_state_and_gantt_sections_carry_their_details(printer: Printer) -> None:
    klass = printer.parse((PARSE_FIXTURES / "class.mmd").read_text()).ast["class"]
    animal = klass["classes"][0]
    assert (animal["id"], [m["text"] for m in animal["members"]], [m["name"] for m in animal["methods"]]) == (
        "Animal",
        ["+String name"],
        ["eat"],
    )
    assert klass["relations"][0]["start_marker"] == "extension"
    assert klass["relations"][0]["label"] == "is a"

    er = printer.parse((PARSE_FIXTURES / "er.mmd").read_text()).ast["er"]
    assert er["relationships"] == [
        {
            "from": "CUSTOMER",
            "to": "ORDER",
            "label": "places",
            "cardinality_from": "only_one",
            "cardinality_to": "zero_or_more",
            "identifying": True,
        }
    ]
    order = next(e for e in er["entities"] if e["name"] == "ORDER")
    assert [(a["type"], a["name"], a["keys"]) for a in order["attributes"]] == [
        ("int", "id", ["PK"]),
        ("string", "note", []),
    ]

    state = printer.parse((PARSE_FIXTURES / "state.mmd").read_text()).ast["state"]
    assert state["composites"] == [{"id": "Busy", "children": ["Busy_start", "Working"]}]
    assert {"from": "Idle", "to": "Busy", "label": "start"} in state["transitions"]

    gantt = printer.parse((PARSE_FIXTURES / "gantt.mmd").read_text()).ast["gantt"]
    assert [(t["name"], t["start"], t["end"], t["after"]) for t in gantt["tasks"]] == [
        ("Design", "2024-01-01T00:00:00.000Z", "2024-01-04T00:00:00.000Z", []),
        ("Code", "2024-01-04T00:00:00.000Z", "2024-01-06T00:00:00.000Z", ["a1"]),
    ]


def test_positions_name_the_definition_line_and_column_in_the_users_source(printer: Printer) -> None:
    code = (
        "---\n"
        "title: Checkout\n"
        "---\n"
        "%%{init: {'theme': 'dark'}}%%\n"
        "sequenceDiagram\n"
        "  %% Bob is mentioned here first\n"
        "  Alice->>Bob: Hi Bob\n"
        "  participant Bob\n"
        "  Bob-->>Alice: Hello\n"
        "  Bob-->>Alice: Again\n"
    )

    ast = printer.parse(code, include_positions=True).ast

    nodes = {n["id"]: (n["line"], n["column"]) for n in ast["nodes"]}
    assert nodes == {"Alice": (7, 3), "Bob": (8, 15)}  # a declaration wins over an earlier mention
    assert [(e["line"], e["column"]) for e in ast["edges"]] == [(7, 3), (9, 3), (10, 3)]
    assert ast["metadata"]["title"] == "Checkout"


def test_positions_are_left_out_unless_asked_for(printer: Printer) -> None:
    ast = printer.parse("flowchart LR\n  A --> B\n").ast

    assert all("line" not in item for item in ast["nodes"] + ast["edges"])


def test_a_longer_name_is_not_found_inside_another(printer: Printer) -> None:
    ast = printer.parse("sankey\nCup of Tea,Cup,5\nCup,Tea,3\nTea,Water,2\n", include_positions=True).ast

    assert {n["id"]: (n["line"], n["column"]) for n in ast["nodes"]} == {
        "Cup of Tea": (2, 1),
        "Cup": (2, 12),
        "Tea": (3, 5),
        "Water": (4, 5),
    }
    assert [e["line"] for e in ast["edges"]] == [2, 3, 4]


def test_chained_edges_share_a_line_and_a_repeated_edge_gets_its_own(printer: Printer) -> None:
    ast = printer.parse("flowchart TD\n  A --> B --> C\n  A --> B\n", include_positions=True).ast

    assert [(e["from"], e["to"], e["line"], e["column"]) for e in ast["edges"]] == [
        ("A", "B", 2, 3),
        ("B", "C", 2, 9),
        ("A", "B", 3, 3),
    ]


def test_front_matter_config_is_applied_as_when_rendering(printer: Printer) -> None:
    code = "---\nconfig:\n  gitGraph:\n    mainBranchName: trunk\n---\ngitGraph\n  commit\n  checkout trunk\n  commit\n"

    assert printer.parse(code).ast["git"]["branches"] == ["trunk"]


def test_a_syntax_error_names_line_column_token_and_expected_tokens(printer: Printer) -> None:
    with pytest.raises(DiagramSyntaxError) as caught:
        printer.parse("%% a comment\nflowchart TD\n  A --> B\n  B --> --> C\n")

    details = caught.value.details
    assert details["line"] == 4 and isinstance(details["column"], int)
    assert details["token"] == "LINK" and "NODE_STRING" in details["expected"]


@pytest.mark.parametrize(
    ("code", "line", "column"),
    [
        ("%% a comment\nflowchart TD\n  A --> B\n  B --> --> C\n", 4, 9),  # the second arrow
        ("---\ntitle: T\n---\nflowchart TD\n  A --> --> B\n", 5, 9),  # after front matter
        ("flowchart TD\n  A --> B\n  %% note\n  C --> --> D\n", 4, 9),  # after a comment line
        ("flowchart TD\n  A --> B\n  B -->", 3, 8),  # end of input: just after the arrow
        ("flowchart TD\n  A --> B\n  B --> \n\n", 3, 8),  # the same, with blank lines after
        ("flowchart TD\n  A[unclosed --> B\n", 2, 3),  # a bracket never closed: at the node it opened
        ("erDiagram\n  A ||--o{ : x\n", 2, 12),  # the colon where the entity should be
    ],
    ids=["after-comment", "front-matter", "comment-between", "eof", "eof-blank-lines", "unclosed", "er"],
)
def test_a_syntax_error_points_at_the_token_mermaid_could_not_take(
    printer: Printer, code: str, line: int, column: int
) -> None:
    # Jison reports the last token it accepted; the column was that token's (the first arrow of
    # "A --> --> C", column 4), not the one a user has to change.
    with pytest.raises(DiagramSyntaxError) as caught:
        printer.parse(code)

    assert (caught.value.details["line"], caught.value.details["column"]) == (line, column)


def test_a_parse_time_diagram_error_is_a_syntax_error(printer: Printer) -> None:
    with pytest.raises(DiagramSyntaxError, match="names a branch that does not exist yet") as caught:
        printer.parse("gitGraph\n  checkout nowhere\n")
    assert "checkout branch which is not yet created" in caught.value.details["mermaid_message"]


def test_unknown_types_bad_input_and_oversize_input_are_typed_errors(printer: Printer) -> None:
    with pytest.raises(UnsupportedDiagram):
        printer.parse("not a diagram\n")
    with pytest.raises(InvalidInput):
        printer.parse("   \n")
    with pytest.raises(InvalidInput):
        printer.parse(None)  # type: ignore[arg-type]
    with pytest.raises(InputTooLarge):
        printer.parse("flowchart TD\n" + "  A --> B\n" * 6000)


def test_verify_says_ok_with_the_type_or_not_ok_with_the_error(printer: Printer) -> None:
    assert printer.verify('pie\n  "a": 1\n') == VerifyResult(ok=True, diagram_type="pie")

    broken = printer.verify("flowchart TD\n  A -->\n")
    assert (broken.ok, broken.diagram_type, type(broken.error)) == (False, None, DiagramSyntaxError)
    assert printer.verify("").error is not None
    assert isinstance(printer.verify("nonsense").error, UnsupportedDiagram)


def test_the_module_level_parse_and_verify_use_the_default_printer() -> None:
    result = mermaid_printer.parse("flowchart LR\n  A --> B\n", include_positions=True)

    assert result.diagram_type == "flowchart-v2"
    assert result.ast["nodes"][0] == {"id": "A", "label": "A", "type": "squareRect", "line": 2, "column": 3}
    assert mermaid_printer.verify("flowchart LR\n  A --> B\n").ok is True


def test_parsing_after_a_render_and_a_failed_parse_still_works(printer: Printer) -> None:
    from mermaid_printer import build_render_options

    printer.render_svg(build_render_options('---\nconfig:\n  theme: dark\n---\npie\n  "a": 1\n'))
    with pytest.raises(DiagramSyntaxError):
        printer.parse("sequenceDiagram\n  Alice->>\n")

    assert printer.parse('pie\n  "a": 1\n').ast["pie"]["slices"] == [{"label": "a", "value": 1}]
