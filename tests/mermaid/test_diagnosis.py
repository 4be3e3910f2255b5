"""The error path through the real engine: each common mistake is reported at its cause, in plain
words, with a hint, and with a fix that the sandbox parsed (or drew) before it was offered."""

from __future__ import annotations

import pytest

from mermaid_printer import Printer
from mermaid_printer.errors import PrinterError
from mermaid_printer.mermaid.diagnosis.tokens import has_token_name

pytestmark = pytest.mark.engine

# (name, source, kind, line, fixed source): one minimal diagram per class.
CASES = [
    (
        "a label with brackets is quoted",
        "flowchart TD\n    A[Start] --> B(Process (with data))\n",
        "unquoted-label",
        2,
        'flowchart TD\n    A[Start] --> B("Process (with data)")\n',
    ),
    (
        "an edge label with brackets is quoted",
        "flowchart LR\n    A -->|call (x)| B\n",
        "unquoted-label",
        2,
        'flowchart LR\n    A -->|"call (x)"| B\n',
    ),
    (
        "end as a node id is renamed End everywhere",
        "flowchart TD\n    A --> end\n    end --> B\n",
        "end-as-id",
        2,
        "flowchart TD\n    A --> End\n    End --> B\n",
    ),
    (
        "an unclosed subgraph is reported at its opener and closed",
        "flowchart TD\n    subgraph one\n        A --> B\n",
        "unclosed-block",
        2,
        "flowchart TD\n    subgraph one\n        A --> B\n    end\n",
    ),
    (
        "an unclosed loop is reported at its opener and closed",
        "sequenceDiagram\n    Alice->>Bob: hi\n    loop every minute\n        Bob->>Alice: yo\n",
        "unclosed-block",
        3,
        "sequenceDiagram\n    Alice->>Bob: hi\n    loop every minute\n        Bob->>Alice: yo\n    end\n",
    ),
    (
        "an unclosed alt is reported at its opener",
        "sequenceDiagram\n    alt ok\n        A->>B: yes\n    else no\n        A->>B: no\n",
        "unclosed-block",
        2,
        "sequenceDiagram\n    alt ok\n        A->>B: yes\n    else no\n        A->>B: no\n    end\n",
    ),
    (
        "a one-dash link gets its second dash",
        "flowchart TD\n    A - B\n",
        "one-dash-arrow",
        2,
        "flowchart TD\n    A --- B\n",
    ),
    (
        "an invented diagram type gets the type it resembles",
        "flowchartt TD\n    A --> B\n",
        "unknown-type",
        1,
        "flowchart TD\n    A --> B\n",
    ),
    (
        "a common wrong name of a type is corrected",
        "sequence\n    A->>B: hi\n",
        "unknown-type",
        1,
        "sequenceDiagram\n    A->>B: hi\n",
    ),
    (
        "a missing diagram type is added",
        "A --> B\n",
        "missing-type",
        1,
        "flowchart TD\nA --> B\n",
    ),
    (
        "a semicolon in a sequence message becomes its entity",
        "sequenceDiagram\n    A->>B: one; two\n",
        "separator-in-text",
        2,
        "sequenceDiagram\n    A->>B: one#59; two\n",
    ),
    (
        "a generic written with angle brackets gets tildes",
        "classDiagram\n    class List<int>\n",
        "class-generic",
        2,
        "classDiagram\n    class List~int~\n",
    ),
    (
        "a relationship without a label gets an empty one",
        "erDiagram\n    A ||--o{ B\n",
        "er-relationship-label",
        2,
        'erDiagram\n    A ||--o{ B : ""\n',
    ),
    (
        "an unquoted pie label is quoted",
        "pie\n    Dogs : 3\n",
        "pie-unquoted-label",
        2,
        'pie\n    "Dogs" : 3\n',
    ),
    (
        "a checkout of a branch never created creates it",
        "gitGraph\n    commit\n    checkout dev\n    commit\n",
        "gitgraph-checkout-missing-branch",
        3,
        "gitGraph\n    commit\n    branch dev\n    commit\n",
    ),
    (
        "a quadrant point at 1.0 is written 1",
        "quadrantChart\n    x-axis Low --> High\n    Writing: [0.8, 1.0]\n",
        "quadrant-number",
        3,
        "quadrantChart\n    x-axis Low --> High\n    Writing: [0.8, 1]\n",
    ),
    (
        "an ER cardinality 1 is joined to its line",
        "erDiagram\n    A 1 -- 1+ B: label\n",
        "er-cardinality-space",
        2,
        "erDiagram\n    A 1-- 1+ B: label\n",
    ),
    (
        "two labels with brackets on two lines are both quoted",
        "flowchart TD\n    A[f(x)] --> B\n    B --> C[g(y)]\n",
        "unquoted-label",
        2,
        'flowchart TD\n    A["f(x)"] --> B\n    B --> C["g(y)"]\n',
    ),
]


@pytest.mark.parametrize(("name", "source", "kind", "line", "fixed"), CASES, ids=[c[0] for c in CASES])
def test_the_error_names_the_cause_in_plain_words_with_a_checked_fix(
    printer: Printer, name: str, source: str, kind: str, line: int, fixed: str
) -> None:
    with pytest.raises(PrinterError) as caught:
        printer.parse(source)
    error = caught.value
    details = error.details
    assert (details["kind"], details["line"]) == (kind, line), error.to_dict()
    assert f"line {line}" in error.message and not has_token_name(error.message)
    assert details["hint"] and details["mermaid_message"]
    assert details["fixed_code"] == fixed
    assert details["fixes"][0]["title"] and details["fixes"][0]["edits"]
    printer.parse(details["fixed_code"])  # the fix parses


@pytest.mark.engine
def test_a_render_carries_the_same_diagnosis_as_a_parse(printer: Printer) -> None:
    source = "flowchart TD\n    A --> B(x (y))\n"
    with pytest.raises(PrinterError) as caught:
        printer.render_svg(source)
    assert caught.value.details["fixed_code"] == 'flowchart TD\n    A --> B("x (y)")\n'


def test_a_drawing_error_gets_a_hint_at_the_line_that_caused_it(printer: Printer) -> None:
    with pytest.raises(PrinterError) as caught:
        printer.render_svg("flowchart TD\n    A --> B\n    linkStyle 3 stroke:red\n")
    error = caught.value
    assert error.code == "RENDER_FAILED"
    assert (error.details["kind"], error.details["line"]) == ("linkstyle-index", 3)
    assert "last index is 0" in error.details["hint"]


def test_a_gantt_alias_read_as_a_date_is_fixed_by_a_fix_that_draws(printer: Printer) -> None:
    source = "gantt\nsection A\na : a, 2023-01-01, 1d\nd : D, 1d\n"
    with pytest.raises(PrinterError) as caught:
        printer.render_svg(source)
    details = caught.value.details
    assert (details["kind"], details["line"]) == ("gantt-invalid-date", 4)
    assert details["fixed_code"] == "gantt\nsection A\na : a, 2023-01-01, 1d\nd : 1d\n"
    printer.render_svg(details["fixed_code"])


def test_an_error_without_a_known_fix_still_has_plain_words_and_a_hint(printer: Printer) -> None:
    with pytest.raises(PrinterError) as caught:
        printer.parse('pie\n    "Dogs" : many\n')
    error = caught.value
    assert error.details["hint"] and "fixed_code" not in error.details
    assert not has_token_name(error.message)


def test_verify_appends_the_hint_to_its_error(printer: Printer) -> None:
    result = printer.verify("flowchart TD\n    A --> end\n")
    assert result.ok is False and result.error is not None
    assert "Hint: Rename the node" in result.error.explained()


def test_a_silent_mistake_is_a_warning_and_the_drawing_is_unchanged(printer: Printer) -> None:
    plain = "flowchart TD\n    A --> B\n"
    styled = plain + "    style Z fill:#f9f\n"
    result = printer.render_svg(styled)
    assert result.warnings == [
        "line 3: style names Z, which no other statement defines; Mermaid draws it as a new, unconnected node"
    ]
    assert printer.render_svg(plain).warnings == []
