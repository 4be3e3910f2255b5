"""Markdown in, Markdown out: each Mermaid block drawn into an image beside the output and
linked, its source kept, a failing block kept as it was with a note naming where it failed."""

from __future__ import annotations

from pathlib import Path

import pytest

from mermaid_printer import Printer, build_render_options
from mermaid_printer.errors import DiagramSyntaxError, InvalidInput
from mermaid_printer.mermaid.markdown import BlockOutcome, render_markdown

DOCUMENT = """\
# Guide

Intro text.

```mermaid
---
title: Order flow
---
flowchart LR
  A --> B
```

Between.

~~~ mermaid
sequenceDiagram
  A->>B: hi
  BROKEN here
~~~

```python
print("not a diagram")
```

```mermaid
pie
  "a" : 1
```
The end.
"""


def draw(code: str) -> bytes:
    """A stand-in for the printer: an image naming its source, or a syntax error at the line
    that says BROKEN (as Mermaid reports lines: 1-based in the diagram's source)."""
    for number, line in enumerate(code.split("\n"), start=1):
        if "BROKEN" in line:
            raise DiagramSyntaxError(
                "Parse error: unexpected 'BROKEN' -- expecting an arrow", {"line": number, "column": 3}
            )
    return f"<svg>{code}</svg>".encode()


def test_each_block_becomes_an_image_link_with_its_source_kept(tmp_path: Path) -> None:
    rendering = render_markdown(DOCUMENT, draw, tmp_path / "img", "img", image_stem="guide")

    assert (
        rendering.markdown
        == """\
# Guide

Intro text.

![Order flow](img/guide-1.svg)

<details>
<summary>Mermaid source</summary>

```mermaid
---
title: Order flow
---
flowchart LR
  A --> B
```

</details>

Between.

<!-- mermaid-printer: diagram 2 (line 15), error at its line 3 (document line 18) not rendered: SYNTAX_ERROR: Parse error: unexpected 'BROKEN' - expecting an arrow -->
~~~ mermaid
sequenceDiagram
  A->>B: hi
  BROKEN here
~~~

```python
print("not a diagram")
```

![Diagram 3](img/guide-3.svg)

<details>
<summary>Mermaid source</summary>

```mermaid
pie
  "a" : 1
```

</details>
The end.
"""
    )
    assert (
        tmp_path / "img" / "guide-1.svg"
    ).read_bytes() == b"<svg>---\ntitle: Order flow\n---\nflowchart LR\n  A --> B\n</svg>"
    assert sorted(path.name for path in (tmp_path / "img").iterdir()) == ["guide-1.svg", "guide-3.svg"]


def test_every_block_reports_its_outcome_with_located_errors(tmp_path: Path) -> None:
    rendering = render_markdown(DOCUMENT, draw, tmp_path, "")

    assert rendering.blocks == (
        BlockOutcome(1, 5, 11, image="diagram-1.svg", link="diagram-1.svg"),
        BlockOutcome(
            2,
            15,
            19,
            error_code="SYNTAX_ERROR",
            error_message="Parse error: unexpected 'BROKEN' -- expecting an arrow",
            error_summary="SYNTAX_ERROR: Parse error: unexpected 'BROKEN' -- expecting an arrow",
            error_line=3,
            document_line=18,
        ),
        BlockOutcome(3, 25, 28, image="diagram-3.svg", link="diagram-3.svg"),
    )
    assert (rendering.rendered, rendering.failed) == (2, 1)
    assert DOCUMENT.split("\n")[18 - 1] == "  BROKEN here"


def test_a_document_without_diagrams_is_returned_unchanged(tmp_path: Path) -> None:
    text = "# Title\r\n\r\n```python\r\nx = 1\r\n```\r\n"

    rendering = render_markdown(text, draw, tmp_path, "img")

    assert (rendering.markdown, rendering.blocks) == (text, ())
    assert list(tmp_path.iterdir()) == []


def test_crlf_line_endings_are_kept(tmp_path: Path) -> None:
    rendering = render_markdown("a\r\n```mermaid\r\npie\r\n```\r\nb\r\n", draw, tmp_path, "")

    assert rendering.markdown.startswith("a\r\n![Diagram 1](diagram-1.svg)\r\n\r\n<details>\r\n")
    assert rendering.markdown.endswith("```mermaid\r\npie\r\n```\r\n\r\n</details>\r\nb\r\n")


def test_an_unclosed_block_is_rendered_and_its_kept_source_closed(tmp_path: Path) -> None:
    rendering = render_markdown("Text\n  ````mermaid\n  pie\n", draw, tmp_path, "")

    assert rendering.markdown == (
        "Text\n  ![Diagram 1](diagram-1.svg)\n\n  <details>\n  <summary>Mermaid source</summary>\n\n"
        "  ````mermaid\n  pie\n\n  ````\n\n  </details>"
    )


def test_a_failed_block_without_a_line_is_kept_with_a_note(tmp_path: Path) -> None:
    def refuse(code: str) -> bytes:
        raise InvalidInput("code is empty")

    rendering = render_markdown("```mermaid\n```\n", refuse, tmp_path, "")

    assert (
        rendering.markdown
        == "<!-- mermaid-printer: diagram 1 (line 1) not rendered: INVALID_INPUT: code is empty -->\n```mermaid\n```\n"
    )
    assert rendering.blocks[0].document_line is None


def test_a_bug_in_the_render_function_is_not_taken_for_a_diagram_error(tmp_path: Path) -> None:
    def broken(code: str) -> bytes:
        raise KeyError("bug")

    with pytest.raises(KeyError):
        render_markdown("```mermaid\npie\n```\n", broken, tmp_path, "")


def test_titles_are_escaped_in_alt_text_and_awkward_link_prefixes_are_bracketed(tmp_path: Path) -> None:
    rendering = render_markdown("```mermaid\npie\n  accTitle: A [big] pie\n```\n", draw, tmp_path, "my images/")

    assert rendering.markdown.startswith("![A \\[big\\] pie](<my images/diagram-1.svg>)\n")


def test_a_malformed_image_suffix_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="image_suffix"):
        render_markdown("", draw, tmp_path, "", image_suffix="/svg")


@pytest.mark.engine
def test_the_printer_renders_a_document_with_a_real_syntax_error_located(printer: Printer, tmp_path: Path) -> None:
    document = (
        "# Doc\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n```mermaid\nflowchart LR\n  A --> B\n  B -->\n```\n"
    )

    rendering = render_markdown(
        document, lambda code: printer.render_svg(build_render_options(code)).svg.encode(), tmp_path, ""
    )

    first, second = rendering.blocks
    assert first.ok and (tmp_path / "diagram-1.svg").read_bytes().startswith(b"<svg")
    assert (second.error_code, second.error_line, second.document_line) == ("SYNTAX_ERROR", 3, 11)
    assert document.split("\n")[11 - 1] == "  B -->"
