"""Fenced Mermaid blocks found in Markdown as CommonMark defines fences, none lost."""

from __future__ import annotations

from mermaid_printer.mermaid.markdown_blocks import MermaidBlock, find_mermaid_blocks

DOCUMENT = """# Title

```mermaid
flowchart LR
  A --> B
```

Some text.

~~~~ Mermaid {theme=dark}
pie
  "a": 1
~~~~

```python
print("```mermaid is not a fence here")
```

   ```mermaid
   sequenceDiagram
     A->>B: hi
   ```
"""


def test_backtick_tilde_and_indented_fences_are_found_with_their_lines() -> None:
    blocks = find_mermaid_blocks(DOCUMENT)

    assert [(b.first_line, b.last_line, b.closed) for b in blocks] == [(3, 6, True), (10, 13, True), (19, 22, True)]
    assert blocks[0].code == "flowchart LR\n  A --> B\n"
    assert blocks[1].code == 'pie\n  "a": 1\n'
    assert blocks[2].code == "sequenceDiagram\n  A->>B: hi\n"  # the fence's indentation removed


def test_a_fence_closes_only_with_the_same_character_at_least_as_long() -> None:
    text = "````mermaid\nflowchart TD\n```\n  A --> B\n~~~~\n````\n"
    (block,) = find_mermaid_blocks(text)
    assert block.code == "flowchart TD\n```\n  A --> B\n~~~~\n"


def test_an_unclosed_fence_runs_to_the_end_and_is_not_lost() -> None:
    assert find_mermaid_blocks('text\n```mermaid\npie\n  "a": 1') == [MermaidBlock('pie\n  "a": 1\n', 2, 4, False)]


def test_other_languages_and_windows_line_ends() -> None:
    assert find_mermaid_blocks("```mermaidjs\nx\n```\n```\nmermaid\n```\n") == []
    (block,) = find_mermaid_blocks("```mermaid\r\npie\r\n```\r\n")
    assert block.code == "pie\n"
