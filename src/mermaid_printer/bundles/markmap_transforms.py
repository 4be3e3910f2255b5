"""Load-time transforms of markmap-lib and markmap-view: where upstream code is slow only under an
interpreter, or only as a map grows.

The vendored ``markmap-lib.iife.js`` and ``markmap-view.js`` stay byte-identical on disk; these :class:`SourcePatch`
values rewrite its text as the engine loads it (the mechanism and its rules are those of
:mod:`~mermaid_printer.bundles.mermaid_transforms`): each replaces an exact text that must occur
exactly as often as it says, is justified by a profile, covered by a test
(``tests/bundles/test_markmap_transforms.py``) and proven output-neutral: every document of the
markmap corpus, the fixtures and the benchmarks' outlines render and structure byte-identically
with and without them (``benchmarks/markmap_identity.py``; ``MERMAID_PRINTER_BUNDLE_TRANSFORMS=off``
for the run without). They are switched off together with Mermaid's.

The transforms of markmap-lib, with the profile that justifies each:

``compiled-selector-cache``
    markmap-lib turns markdown-it's HTML into its tree with cheerio (``parseHtml``): for every
    element it tests each of its five rule selectors (``$child.is("h1,h2,…")``), then the node
    selector, ``closest("p")`` and ``filter("ul,ol")``. cheerio-select parses (css-what) and
    compiles (css-select) the selector string on every such call; nothing is cached upstream.
    Profile of the transform of a 1,000-node outline (probes on markmap-lib's functions and
    cheerio's classes, ``benchmarks/profile_markmap.py``): 14,564 selector parses and 43,523
    rule compilations, about half of the transform's time (``is`` alone ~45 %). The transform
    keeps the compiled function of a selector string, per set of option values, and reuses it
    (``some``, which serves ``is`` and ``closest``, and ``filter``).

    Why it computes the same: css-what's parse is a pure function of the string, and css-select's
    compiled function depends on nothing but the tokens and the options it reads (``xmlMode``,
    the letter-case and quirks flags, ``cacheResults``, ``pseudos``, ``adapter``, ``equals``,
    ``context``, ``rootFunc``, ``relativeSelector``). The cache key holds every option's value
    when each is a primitive, or cheerio's default adapter / equality function; any other
    object or function valued option (a context, custom pseudos, ``rootFunc``) is not cached.
    ``root`` is left out of the key: css-select reads it only for positional filters (``:eq``,
    ``:first``, …, cheerio-select's own), and a selector holding one is never cached. The one
    state a compiled function keeps (css-select's ``cachedDescendant`` remembers elements that
    have no matching ancestor) stays true because markmap-lib never changes the parsed document,
    and each transform parses a new one. On a hit the options object is completed as compiling
    would (``convertOptionFormats``), so it looks the same afterwards. The cache holds at most
    500 selectors (front matter may name its own, ``markmap.htmlParser``).

The transform of markmap-view:

``link-anchor-once``
    markmap-view's ``renderData`` draws each link with d3's ``enter().insert("path", "g")``: d3
    calls ``querySelector("g")`` on the map's group once per new link, and inserts the path
    before the element found. The group's children are the links drawn so far, then the nodes'
    groups, so the k-th query walks past k-1 paths first: quadratic in the links. Profile
    (``benchmarks/profile_markmap.py``): 585,813 selector matches for a 1,000-node outline,
    4,756,568 for 3,000 (n²/2), the query the largest single cost of the render. The transform
    asks once per parent and insert call, and hands every later link of that call the same
    answer.

    Why it computes the same: d3's ``insert`` runs the selector and inserts the new element for
    each enter node in turn, and nothing else happens in between (the ``.attr`` chain runs after
    the whole selection is made). What is inserted is a fresh, childless ``path``, which is not a
    ``g`` and holds none, so the first ``g`` in document order under the parent stays the same
    element for the whole call. The answers are kept per parent (d3's enter node delegates its
    ``querySelector`` to ``_parent``), and a new memo is made for every ``renderData``.
"""

from __future__ import annotations

from mermaid_printer.engine.bundle import SourcePatch

__all__ = ["MARKMAP_LIB_TRANSFORMS", "MARKMAP_VIEW_TRANSFORMS"]

_SOME = """  function some(elements, selector, options = {}) {
    if (typeof selector === "function")
      return elements.some(selector);
    const [plain, filtered] = groupSelectors(parse$2(selector));
    return plain.length > 0 && elements.some(_compileToken(plain, options)) || filtered.some((sel) => filterBySelector(sel, elements, options).length > 0);
  }
"""

# The cache, and `some` asking it first (on a miss or a selector it cannot hold, upstream's code).
_CACHED_SOME = """  const printerCompiledSelectors = new Map();
  function printerSelectorOptionsKey(options) {
    if (options === null || typeof options !== "object") return null;
    let key = "";
    for (const name of Object.keys(options)) {
      const value = options[name];
      if (name === "root") continue;
      if (value === null || typeof value !== "object" && typeof value !== "function") key += `${name}=${typeof value}:${String(value)}\\u0000`;
      else if (name === "adapter" && value === DomUtils || name === "equals" && value === defaultEquals) key += `${name}\\u0000`;
      else return null;
    }
    return key;
  }
  function printerCompiledSelector(selector, options) {
    const optionsKey = printerSelectorOptionsKey(options);
    if (optionsKey === null) return void 0;
    const key = `${optionsKey}\\u0001${selector}`;
    let query = printerCompiledSelectors.get(key);
    if (query !== void 0) {
      convertOptionFormats(options);
      return query;
    }
    const [plain, filtered] = groupSelectors(parse$2(selector));
    if (plain.length === 0 || filtered.length > 0) return void 0;
    query = _compileToken(plain, options);
    if (printerCompiledSelectors.size < 500) printerCompiledSelectors.set(key, query);
    return query;
  }
  function some(elements, selector, options = {}) {
    if (typeof selector === "function")
      return elements.some(selector);
    const cached = printerCompiledSelector(selector, options);
    if (cached !== void 0) return elements.some(cached);
    const [plain, filtered] = groupSelectors(parse$2(selector));
    return plain.length > 0 && elements.some(_compileToken(plain, options)) || filtered.some((sel) => filterBySelector(sel, elements, options).length > 0);
  }
"""

_FILTER = """  function filter$1(selector, elements, options = {}) {
    return filterParsed(parse$2(selector), elements, options);
  }
"""

# Upstream compiles only when some element is a tag (filterParsed, filterElements): so does this.
_CACHED_FILTER = """  function filter$1(selector, elements, options = {}) {
    const tags = elements.filter(isTag);
    const cached = tags.length > 0 ? printerCompiledSelector(selector, options) : void 0;
    if (cached !== void 0) return cached === boolbaseExports.trueFunc ? tags : tags.filter(cached);
    return filterParsed(parse$2(selector), elements, options);
  }
"""

#: The transforms of ``markmap-lib.iife.js``, applied in this order.
MARKMAP_LIB_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(name="compiled-selector-cache", find=_SOME, replace=_CACHED_SOME),
    SourcePatch(name="compiled-selector-cache-filter", find=_FILTER, replace=_CACHED_FILTER),
)

_LINK_INSERT = 'const mmPathEnter = mmPath.enter().insert("path", "g")'

# d3's insert with a selector function in place of the string "g": the same query, asked once
# per parent for the whole insert call.
_LINK_INSERT_ONCE = (
    'const mmPathEnter = mmPath.enter().insert("path", ((anchors) => function() {\n'
    '        if (!anchors.has(this._parent)) anchors.set(this._parent, this.querySelector("g"));\n'
    "        return anchors.get(this._parent);\n"
    "      })(new Map()))"
)

#: The transforms of ``markmap-view.js``, applied in this order.
MARKMAP_VIEW_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(name="link-anchor-once", find=_LINK_INSERT, replace=_LINK_INSERT_ONCE),
)
