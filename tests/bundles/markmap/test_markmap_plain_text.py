"""The characters a mind map's structure counts: markmap's own labels, read as the DOM reads them.

``entries.js`` reads the text of most labels without parsing them into a DOM (``simpleText``:
the text between simple tags, entities decoded); everything else goes through dom.js's parser.
Here every label of documents built to hit both paths, and the edges between them, is read by
the parser in the same engine, and the sum must be what the structure reports.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapStructureJob

pytestmark = pytest.mark.engine

DOCUMENTS = {
    "inline markup": "# Title &amp; more\n- **bold** and *em* and `code <b>` and [link](https://e.com/?a=1&b=2)\n"
    "- ~~gone~~ &copy; &#x1F600; &#128512; &notanentity; a < b > c\n",
    "raw html": "# Raw\n- <span title=\"a>b\" data-x='y'>quoted &gt; attributes</span>\n"
    "- <b>open only\n- </b>close only\n- <br/> void <img src=x alt=pic> and <wbr>\n"
    '- <a href="x"\n  title="multi line">spans lines</a>\n',
    "parser only": "# Parser\n- <!-- a comment --> after\n- <script>if (a < b) x()</script> after\n"
    "- <template><i>hidden</i></template> shown\n- <svg><text>drawn</text></svg> svg\n"
    '- </a x=">"> bogus close\n- <textarea>a &amp; <b>b</b></textarea>\n- <a:b>odd name</a:b>\n'
    "- x <1 y\n- <?pi ?> instruction\n- <![CDATA[data]]> cdata\n- <!-- c --> before <b>a tag</b>\n"
    "- <script>x = 1 &amp;&amp; y</script> <b>raw text</b>\n- <style>p::after{content:'&amp;'}</style> styled\n",
    "tasks and code": "# Tasks\n- [x] done &amp; dusted\n- [ ] open\n\n```js\nconst a = 1 < 2 && '<b>';\n```\n",
}


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    engine = QuickJSEngine(markmap_bundle())
    worker.warm_up(engine)
    return engine


def contents(node: dict[str, Any]) -> list[str]:
    out = [str(node.get("content") or "")]
    for child in node.get("children") or []:
        out += contents(child)
    return out


def parsed_length(engine: QuickJSEngine, html: str) -> int:
    """Code points of the text dom.js's parser makes of ``html`` (the path simpleText avoids)."""
    source = (
        "(function (html) { const holder = document.createElement('div'); holder.innerHTML = html;"
        " return [...String(holder.textContent || '')].length; })"
    )
    return int(engine.eval(f"{source}({json.dumps(html)})"))


@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_the_characters_counted_are_the_texts_the_dom_holds(engine: QuickJSEngine, name: str) -> None:
    structure = worker.structure(engine, MarkmapStructureJob(markdown=DOCUMENTS[name], options={}, timeout_ms=0))

    assert structure.tree is not None
    labels = contents(structure.tree)
    assert structure.total_characters == sum(parsed_length(engine, html) for html in labels)
    assert any("<" in html for html in labels)  # the document reaches the markup paths
