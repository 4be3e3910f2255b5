"""markmap-lib's load-time transforms: each fits the vendored file exactly, can be switched off, and
markmap builds exactly the same tree with and without them (run side by side)."""

from __future__ import annotations

import json

import pytest

from mermaid_printer.bundles.markmap import markmap_bundle
from mermaid_printer.bundles.markmap_transforms import MARKMAP_LIB_TRANSFORMS
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.resources import vendored_file

MARKMAP_LIB = vendored_file("markmap/markmap-lib.iife.js")


def test_every_transform_fits_the_vendored_markmap_lib_exactly() -> None:
    source = MARKMAP_LIB.read_text(encoding="utf-8")
    for transform in MARKMAP_LIB_TRANSFORMS:
        assert source.count(transform.find) == transform.count, transform.name
    script = next(s for s in markmap_bundle(transforms=True).scripts if s.path == MARKMAP_LIB)
    assert script.transforms == MARKMAP_LIB_TRANSFORMS
    assert script.source() != source


def test_without_transforms_markmap_lib_loads_as_shipped() -> None:
    bundle = markmap_bundle(transforms=False)
    script = next(s for s in bundle.scripts if s.path == MARKMAP_LIB)
    assert script.source() == MARKMAP_LIB.read_text(encoding="utf-8")
    assert bundle.fingerprint() != markmap_bundle(transforms=True).fingerprint()


# Documents whose trees go through every path of the cache: markmap's own selectors (headings,
# nested and ordered lists, a paragraph image, a table, code), and front matter naming selectors
# of its own (markmap.htmlParser): a descendant combinator (css-select's cached descendant test),
# a positional filter (never cached), and one that is not a selector at all.
_DOCUMENTS = [
    "# A\n\n## B\n\n- one\n  - [two](https://x.test) `code` **bold**\n\n1. first\n2. second\n",
    "# T\n\n![alt](i.png)\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nx\n```\n\n<!-- markmap: fold -->\n- folded\n  - child\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,h2,li,ul li,ol'\n---\n# A\n- a\n  - b\n    - c\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,li:first,ul'\n---\n# A\n- a\n- b\n",
    "---\nmarkmap:\n  htmlParser:\n    selector: 'h1,,li['\n---\n# A\n- a\n",
]

_TRANSFORM_ALL = """JSON.stringify(%s.map((doc) => {
  try {
    const { root, features, frontmatter } = new markmap.Transformer().transform(doc);
    return { root, features, frontmatter };
  } catch (e) {
    return { error: String(e && e.name) + ": " + String(e && e.message) };
  }
}))"""


@pytest.mark.engine
def test_markmap_builds_the_same_trees_with_and_without_the_transforms() -> None:
    script = _TRANSFORM_ALL % json.dumps(_DOCUMENTS)
    results = []
    for transforms in (False, True):
        engine = QuickJSEngine(markmap_bundle(transforms=transforms))
        # twice: the second run reuses what the first compiled
        results.append([json.loads(engine.eval(script)) for _ in range(2)])
    assert results[0][0] == results[0][1] == results[1][0] == results[1][1]
    assert "error" in results[0][0][4]
    assert all("root" in tree for tree in results[0][0][:4])
