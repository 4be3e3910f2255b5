"""Every error's one-line summary (``PrinterError.summary``): what the CLI prints, and the
note a Markdown rendering leaves where a block failed."""

from __future__ import annotations

from mermaid_printer.errors import DiagramSyntaxError, InvalidInput, RenderTimeout


def test_a_syntax_error_is_described_by_line_column_expected_and_found_tokens() -> None:
    error = DiagramSyntaxError(
        "Parse error on line 3:\n...B --> --> C\n-------^\nExpecting 'NODE_STRING', 'AMP', got 'LINK'",
        {"line": 3, "column": 9, "expected": ["NODE_STRING", "AMP"], "token": "LINK", "text": "--> "},
    )

    assert error.summary() == ("SYNTAX_ERROR: Parse error on line 3, column 9: expected NODE_STRING, AMP but got '-->'")


def test_a_syntax_error_at_the_end_names_the_end_token_and_shortens_a_long_expected_list() -> None:
    expected = [f"T{n}" for n in range(12)]
    details = {"line": 3, "column": 3, "expected": expected, "token": "EOF", "text": ""}
    error = DiagramSyntaxError("Parse error", details)

    assert error.summary() == (
        "SYNTAX_ERROR: Parse error on line 3, column 3: expected T0, T1, T2, T3, T4, T5, T6, T7, … but got EOF"
    )


def test_a_syntax_error_without_column_or_expected_still_names_the_line_on_one_line() -> None:
    error = DiagramSyntaxError("Parse error on line 2:\nA -->\n-----^\nunexpected end", {"line": 2})
    langium = DiagramSyntaxError("Expecting a value\nhere", {"line": 4, "column": 2})

    description = error.summary()

    assert description.startswith("SYNTAX_ERROR: Parse error on line 2: A -->")  # said once, not twice
    assert "\n" not in description
    assert langium.summary() == "SYNTAX_ERROR: Parse error on line 4, column 2: Expecting a value here"


def test_other_errors_are_described_by_code_and_message_on_one_line() -> None:
    error = RenderTimeout("render took longer\nthan 1000 ms")

    assert error.summary() == "TIMEOUT: render took longer than 1000 ms"


def test_an_invalid_input_summary_says_invalid_input_once() -> None:
    error = InvalidInput("Invalid input: theme: unknown theme 'neon'", {"field": "theme"})

    assert error.summary() == "INVALID_INPUT: theme: unknown theme 'neon'"
    assert error.message.startswith("Invalid input: ")  # the message (MCP, HTTP) keeps its words
    assert InvalidInput("cannot read a.mmd: No such file").summary() == "INVALID_INPUT: cannot read a.mmd: No such file"
