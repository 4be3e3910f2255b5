"""The diagnosis's text work, without an engine: token names in the reader's words, candidate
edits, the edits between a source and its fix, and the classes it recognises."""

from __future__ import annotations

import pytest

from mermaid_printer.limits import DIAGNOSIS_BUDGET_S
from mermaid_printer.mermaid.diagnosis import diagnosis_details
from mermaid_printer.mermaid.diagnosis.check import Check, Exhausted, budget_for
from mermaid_printer.mermaid.diagnosis.classify import classify
from mermaid_printer.mermaid.diagnosis.fixes import (
    close_block,
    edits_between,
    quote_labels,
    rename_keyword_ids,
)
from mermaid_printer.mermaid.diagnosis.lint import silent_mistakes
from mermaid_printer.mermaid.diagnosis.tokens import expected_words, found_words, has_token_name


def apply(source: str, edits: list[dict[str, object]]) -> str:
    """Apply 1-based, code-point, end-exclusive edits (last first) to ``source``."""
    lines = source.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    text = source
    for edit in sorted(edits, key=lambda e: (e["line"], e["column"]), reverse=True):
        start = offsets[int(edit["line"]) - 1] + int(edit["column"]) - 1  # type: ignore[call-overload]
        end = offsets[int(edit["end_line"]) - 1] + int(edit["end_column"]) - 1  # type: ignore[call-overload]
        text = text[:start] + str(edit["text"]) + text[end:]
    return text


def test_token_names_become_what_the_reader_types() -> None:
    assert expected_words(["SQE", "PE", "PIPE", "UNICODE_TEXT"]) == "a closing `]`, a closing `)` or a `|`"
    assert found_words("(", "PS") == "`(`"
    assert found_words("\n", "NEWLINE") == "the end of the line"
    assert found_words("", "1") == "the end of the diagram"


def test_a_message_with_parser_token_names_is_recognised() -> None:
    assert has_token_name("Expecting 'SQE', 'PE', got 'PS'")
    assert not has_token_name("Parse error on line 2, column 18: `(` inside the label of node `B`.")


def test_a_label_with_brackets_is_quoted_and_kept_whole() -> None:
    assert quote_labels("    A --> B(Process (with data))") == '    A --> B("Process (with data)")'
    assert quote_labels("A -->|call (x)| B") == 'A -->|"call (x)"| B'
    assert quote_labels("A[Start; now] --> B") == 'A["Start; now"] --> B'
    assert quote_labels("A[/api/users] --> B[Handler]") == 'A["/api/users"] --> B[Handler]'


def test_a_label_already_quoted_or_plain_is_left_as_it_is() -> None:
    assert quote_labels('A["ok (1)"] --> B[plain]') == 'A["ok (1)"] --> B[plain]'


def test_a_quote_inside_a_label_becomes_the_entity() -> None:
    assert quote_labels('s3[Name: "bucket"]') == 's3["Name: #quot;bucket#quot;"]'


def test_end_is_renamed_as_a_node_but_not_as_the_subgraph_closer_or_in_a_label() -> None:
    source = "flowchart TD\n  subgraph S\n    a --> end\n  end\n  end --> b[the end]"
    assert rename_keyword_ids(source, "end", "End", 1) == (
        "flowchart TD\n  subgraph S\n    a --> End\n  end\n  End --> b[the end]"
    )


def test_an_unclosed_block_is_closed_after_its_indented_body() -> None:
    source = "sequenceDiagram\n  loop every minute\n    A->>B: hi\n  A->>C: later"
    assert close_block(source, 2, "end", at_end=False) == (
        "sequenceDiagram\n  loop every minute\n    A->>B: hi\n  end\n  A->>C: later"
    )


def test_a_block_whose_body_is_not_indented_is_closed_at_the_end() -> None:
    source = "sequenceDiagram\n  loop every minute\n  A->>B: hi\n"
    assert close_block(source, 2, "end", at_end=False) == "sequenceDiagram\n  loop every minute\n  A->>B: hi\n  end\n"


def test_edits_between_a_source_and_its_fix_apply_back_to_the_fix() -> None:
    pairs = [
        ("flowchart TD\n  A --> B(x (y))\n", 'flowchart TD\n  A --> B("x (y)")\n'),
        ("sequenceDiagram\n  loop x\n  A->>B: y", "sequenceDiagram\n  loop x\n  A->>B: y\n  end"),
        ("A --> B\nB --> C\n", "flowchart TD\nA --> B\nB --> C\n"),
        ("flowchart\n  a\n  end\n  b", "flowchart\n  a\n  b"),
        ("x\ny\nz", "x\ny"),
    ]
    for before, after in pairs:
        edits = [edit.to_dict() for edit in edits_between(before, after)]
        assert apply(before, edits) == after, (before, edits)


def test_an_edit_inside_a_line_covers_only_the_changed_columns() -> None:
    (edit,) = edits_between("  A --> B(x (y))", '  A --> B("x (y)")')
    assert (edit.line, edit.column, edit.end_line, edit.end_column, edit.text) == (1, 11, 1, 16, '"x (y)"')


def test_an_unclosed_subgraph_points_at_its_opener_not_the_end_of_the_diagram() -> None:
    error = {
        "code": "SYNTAX_ERROR",
        "message": "Parse error on line 4: ... got '1'",
        "details": {"line": 4, "column": 12, "expected": ["SEMI", "end"], "token": "1", "text": ""},
    }
    finding = classify("flowchart TD\n  subgraph one\n    A --> B\n    B --> C\n", error)
    assert (finding.kind, finding.line, finding.column) == ("unclosed-block", 2, 3)
    assert finding.candidates[0][1] == "flowchart TD\n  subgraph one\n    A --> B\n    B --> C\n  end\n"


def test_an_invented_diagram_type_gets_did_you_mean() -> None:
    error = {"code": "UNSUPPORTED_DIAGRAM", "message": "No diagram type detected", "details": {}}
    finding = classify("sequence\n  A->>B: hi\n", error)
    assert finding.kind == "unknown-type" and "did you mean `sequenceDiagram`?" in finding.message
    assert finding.candidates[0][1] == "sequenceDiagram\n  A->>B: hi\n"


def test_a_missing_diagram_type_is_guessed_from_the_arrows() -> None:
    error = {"code": "UNSUPPORTED_DIAGRAM", "message": "No diagram type detected", "details": {}}
    assert classify("Alice->>Bob: hi\n", error).candidates[0][0] == "Start the diagram with `sequenceDiagram`"
    assert classify("A --> B\n", error).candidates[0][1] == "flowchart TD\nA --> B\n"


def test_without_a_check_no_fix_is_offered_but_the_words_and_hint_are() -> None:
    error = {
        "code": "SYNTAX_ERROR",
        "message": "Parse error on line 2:\n...\nExpecting 'SQE', 'PE', got 'PS'",
        "details": {"line": 2, "column": 14, "expected": ["SQE", "PE"], "token": "PS", "text": "("},
    }
    details = diagnosis_details(error, "flowchart TD\n  A --> B(a (b))\n", None)
    assert "fixes" not in details and "fixed_code" not in details
    assert details["hint"] and details["mermaid_message"] == error["message"]
    assert details["_message"] == (
        "Parse error on line 2, column 9: `(` inside the label of node `B`: Mermaid reads it as syntax, not as text."
    )
    assert not has_token_name(details["_message"])


def test_a_drawing_error_from_a_linkstyle_past_the_last_link_points_at_the_linkstyle() -> None:
    error = {
        "code": "RENDER_FAILED",
        "message": "cannot set property 'style' of undefined",
        "details": {"exception": "TypeError"},
    }
    finding = classify("flowchart TD\n  A --> B\n  linkStyle 3 stroke:red\n", error)
    assert (finding.kind, finding.line) == ("linkstyle-index", 3)
    assert "the last index is 0" in finding.hint


def test_a_gantt_date_not_in_the_date_format_is_a_warning_with_its_line() -> None:
    source = "gantt\n  dateFormat YYYY-MM-DD\n  section A\n  T1 : a1, 2024/01/05, 3d\n  T2 : 2024-01-09, 1d\n"
    assert silent_mistakes(source) == [
        "line 4: the date 2024/01/05 does not match dateFormat YYYY-MM-DD; Mermaid misplaces the task"
    ]


def test_a_style_or_class_naming_a_node_never_defined_is_a_warning_with_its_line() -> None:
    source = "flowchart TD\n  A[Start] --> B(x)\n  style B fill:#f9f\n  style Z fill:#f9f\n  class A,Q big\n"
    assert silent_mistakes(source) == [
        "line 4: style names Z, which no other statement defines; Mermaid draws it as a new, unconnected node",
        "line 5: class names Q, which no other statement defines; Mermaid draws it as a new, unconnected node",
    ]


def test_subgraphs_edge_ids_and_shapes_count_as_defined() -> None:
    source = "flowchart LR\n  subgraph one\n    A e1@--> B>flag] & C --> D[(db)]\n  end\n  style one fill:red\n  class e1,D x\n"
    assert silent_mistakes(source) == []


def test_the_search_for_a_fix_stops_after_its_checks_whatever_the_diagram() -> None:
    calls: list[str] = []

    def refuse(code: str, seconds: float) -> dict[str, object]:
        """Mermaid as it would answer: the next line with an unquoted label is wrong."""
        calls.append(code)
        line = next(k for k, text in enumerate(code.split("\n"), start=1) if "[a (b)]" in text)
        error = {"line": line, "column": 9, "expected": ["SQE", "PE"], "token": "PS", "text": "("}
        return {"ok": False, "error": {"code": "SYNTAX_ERROR", "message": "no", "details": error}}

    labels = "".join(f"    N{k}[a (b)] --> M{k}[c (d)]\n" for k in range(40))
    error = {
        "code": "SYNTAX_ERROR",
        "message": "Parse error",
        "details": {"line": 2, "column": 9, "expected": ["SQE", "PE"], "token": "PS", "text": "("},
    }
    details = diagnosis_details(error, "flowchart TD\n" + labels, Check(refuse, budget_s=10, max_checks=3))

    assert len(calls) == 3
    assert "fixes" not in details and details["hint"]


def test_the_diagnosis_budget_is_a_quarter_of_the_request_timeout_at_most() -> None:
    assert budget_for(1000) == 0.25
    assert budget_for(0) == budget_for(120_000) == DIAGNOSIS_BUDGET_S


def test_a_check_whose_budget_is_spent_runs_nothing() -> None:
    calls: list[str] = []

    def accept(code: str, seconds: float) -> dict[str, object]:
        calls.append(code)
        return {"ok": True}

    check = Check(accept, budget_s=0, max_checks=5)
    with pytest.raises(Exhausted):
        check("flowchart TD\n  A --> B")
    assert calls == []
