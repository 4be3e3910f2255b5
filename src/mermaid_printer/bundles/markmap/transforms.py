"""Load-time transforms of markmap-lib and markmap-view: where upstream code is slow only under an
interpreter, or only as a map grows.

The vendored ``markmap-lib.iife.js`` and ``markmap-view.js`` stay byte-identical on disk; these :class:`SourcePatch`
values rewrite its text as the engine loads it (the mechanism and its rules are those of
:mod:`~mermaid_printer.bundles.mermaid.transforms`): each replaces an exact text that must occur
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
    compiled function depends on nothing but the tokens and the eleven options it reads
    (``xmlMode``, ``lowerCaseAttributeNames``, ``lowerCaseTags``, ``quirksMode``,
    ``cacheResults``, ``pseudos``, ``adapter``, ``equals``, ``context``, ``rootFunc``,
    ``relativeSelector``: every ``options.`` read in its part of the bundle; the query a compile
    makes reads only these, through the options object it closed over). The cache is keyed by
    their values when each is a primitive, or cheerio's default adapter / equality function; any
    other object or function valued option (a context, custom pseudos, ``rootFunc``) is not
    cached. Options css-select does not read (``root``, cheerio's ``_useHtmlParser2``) are not
    in the key: ``root`` matters only to positional filters (``:eq``, ``:first``, …,
    cheerio-select's own), and a selector holding one is never cached. The usual options (all
    eleven unset but the adapter and equality function) are recognised first and find their
    selectors without building a key: the string key cost ~1.6 µs of a 4.5 µs ``is`` (a loop of
    ``is`` calls in the engine), which markmap-lib calls ~9.5 times per node. The one state a
    compiled function keeps (css-select's ``cachedDescendant`` remembers elements that have no
    matching ancestor) stays true because markmap-lib never changes the parsed document, and
    each transform parses a new one. On a hit the options object is completed as compiling
    would (``convertOptionFormats``), so it looks the same afterwards. The cache holds at most
    500 selectors (front matter may name its own, ``markmap.htmlParser``).

    cheerio's ``is`` then tests the selection's elements with a cached query in place (upstream
    copies the selection and filters the copy to its elements first), and ``closest`` asks for
    the query once, at its first test, instead of once per ancestor it climbs (upstream runs
    ``is`` per ancestor; asking at the first test keeps an empty selection from parsing the
    selector, as upstream). Structure of a 10,000-node outline (``markmap_compare.py --without
    compiled-selector-cache-is,compiled-selector-cache-closest --structure``): 0.97. The whole
    cache, against none: markmap-lib's transform of a 3,000-node outline 4.12 → 1.39 s.

``tokenizer-runs``
    htmlparser2's tokenizer (cheerio's parser) reads markdown-it's HTML one character per turn
    of its loop, even inside text and attribute values, where it only waits for ``<``, ``&`` or
    the closing quote (it skips ahead with ``fastForwardTo`` only when entities are not decoded,
    and cheerio decodes them). Under QuickJS a turn costs ~0.5 µs: 1.07 M characters for a
    10,000-node outline, whose parse took 1.21 s (``benchmarks/markmap_transform_phases.py``).
    In text and in quoted attribute values the transform jumps, with one regular expression
    search, to the character before the next one the state acts on; the loop's own step then
    lands on it. Parse of that outline: 1.21 → 1.06 s; the transform of a 3,000-node outline
    0.93 of the time without it.

    Why it computes the same: in those states any other character changes nothing but the
    index (the state function returns without a callback, so nothing can pause the parser in
    between), and the loop stops at the buffer's end exactly where it would have.

The transforms of markmap-view:

``link-anchor-once``
    markmap-view's ``renderData`` draws each link with d3's ``enter().insert("path", "g")``: d3
    calls ``querySelector("g")`` on the map's group once per new link, and inserts the path
    before the element found. The group's children are the links drawn so far, then the nodes'
    groups, so the k-th query walks past k-1 paths first: quadratic in the links. Profile
    (``benchmarks/profile_markmap.py``): 585,813 selector matches for a 1,000-node outline,
    4,756,568 for 3,000 (n²/2), the query the largest single cost of the render. The transform
    asks once per parent and insert call, and hands every later link of that call the same
    answer.

``transitions-at-once``
    markmap-view draws every change through a d3 transition (``transition(sel)``), and a static
    print sets its duration to 0. d3 still schedules each node, starts it at the next animation
    frame (every tween reads the node's value and makes an interpolator), and ticks it once at
    t = 1 at a timeout in the same frame, through its timer queue, schedule objects and event
    dispatch. A 100-node outline (``markmap_compare.py --without transitions-at-once``): the
    render ~0.9 of the time with the transform; an experiment that set the values with no
    transition at all (not output-neutral: d3 writes ``translate(x, y)`` and ``rgb(…)``) bounded
    the gain at ~28 ms of 264. The transform makes a transition of duration 0 at once
    (``js/markmap/fast_paths.js``, ``transitionAtOnce``): the same starts and ticks, with d3's own
    interpolators, in the same order, in one animation frame.

    Why it computes the same: d3's first frame starts every scheduled node in schedule order
    (transition by transition, node by node: its timers fire in the order they were made), then
    runs the tick timeouts those starts made, in the same order; at duration 0 a tick is t = 1,
    then the node's end (``remove()``). Target values of function arguments are evaluated when
    ``attr()`` is called (d3's ``tweenValue``). A start reads the value as d3 does
    (``getAttribute``; ``d3.style`` for styles), makes no interpolator when it equals the target
    as a string, and otherwise d3-transition's own choice (``interpolateTransformSvg`` for a
    ``transform`` attribute, ``interpolateNumber`` for a number, ``interpolateRgb`` for a
    colour, ``interpolateString``); a tick sets its value at 1. Anything else asked of the
    transition (``call``, ``end``, ``on``, ``tween``: ``fit()`` hands one to d3-zoom) goes to a
    real d3 transition; a selection with a node already waiting gets a real one too.

    A node's move, from one plain ``translate(x,y)`` (or none) to another, the form markmap-view
    writes, is set without d3's parse: ``interpolateTransformSvg`` writes each transform into a
    detached ``<g>`` and reads it back through ``consolidate()`` (~28 µs a pair under QuickJS,
    ~14 of them in geometry.js's ``parseTransform``), then decomposes the pure translations into
    a translation and an identity rotation, skew and scale, so at t = 1 it writes
    ``translate(x, y)`` with the target's numbers as ``consolidate()`` reads them (``Number()``,
    32-bit floats), or nothing when both are ``translate(0, 0)`` (``translateAtOnce``; byte for
    byte d3's on 54,000 pairs of numbers in every form, ``test_markmap_transforms.py``). Any
    other form, or a number beyond a 32-bit float, goes to d3.

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
  const printerPlainOptionsQueries = [new Map(), new Map(), new Map(), new Map()];
  let printerCompiledCount = 0;
  function printerCompiledQueries(options) {
    if (options === null || typeof options !== "object") return null;
    const { xmlMode, lowerCaseAttributeNames, lowerCaseTags, quirksMode, cacheResults, pseudos, adapter, equals, context, rootFunc, relativeSelector } = options;
    const plainAdapter = adapter === void 0 ? 0 : adapter === DomUtils ? 1 : -1;
    const plainEquals = equals === void 0 ? 0 : equals === defaultEquals ? 2 : -1;
    if (xmlMode === void 0 && lowerCaseAttributeNames === void 0 && lowerCaseTags === void 0 && quirksMode === void 0 && cacheResults === void 0 && pseudos === void 0 && context === void 0 && rootFunc === void 0 && relativeSelector === void 0 && plainAdapter >= 0 && plainEquals >= 0) {
      return printerPlainOptionsQueries[plainAdapter + plainEquals];
    }
    let key = "";
    for (const value of [xmlMode, lowerCaseAttributeNames, lowerCaseTags, quirksMode, cacheResults, pseudos, context, rootFunc, relativeSelector]) {
      if (value !== null && (typeof value === "object" || typeof value === "function")) return null;
      key += `${typeof value}:${String(value)}\\u0000`;
    }
    if (plainAdapter < 0 || plainEquals < 0) return null;
    key += `${plainAdapter + plainEquals}`;
    let queries = printerCompiledSelectors.get(key);
    if (queries === void 0 && printerCompiledSelectors.size < 20) printerCompiledSelectors.set(key, queries = new Map());
    return queries === void 0 ? null : queries;
  }
  function printerCompiledSelector(selector, options) {
    const queries = printerCompiledQueries(options);
    if (queries === null) return void 0;
    let query = queries.get(selector);
    if (query !== void 0) {
      convertOptionFormats(options);
      return query;
    }
    const [plain, filtered] = groupSelectors(parse$2(selector));
    if (plain.length === 0 || filtered.length > 0) return void 0;
    query = _compileToken(plain, options);
    if (printerCompiledCount < 500) {
      queries.set(selector, query);
      printerCompiledCount += 1;
    }
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

_IS = """  function is(selector) {
    const nodes = this.toArray();
"""

# cheerio's `is` with a cached selector tests the selection's elements in place (no copy of the
# selection, no filtered copy); otherwise, upstream's code.
_CACHED_IS = """  function is(selector) {
    const query = typeof selector === "string" ? printerCompiledSelector(selector, this.options) : void 0;
    if (query !== void 0) {
      for (let i = 0; i < this.length; i++) if (isTag(this[i]) && query(this[i])) return true;
      return false;
    }
    const nodes = this.toArray();
"""

_CLOSEST = """    const selectFn = typeof selector === "string" ? (elem) => is$1(elem, selector, selectOpts) : getFilterFn(selector);
"""

# cheerio's `closest` asks for the selector's compiled query once, at its first test (so an
# empty selection still parses nothing), instead of at every ancestor it tests.
_CACHED_CLOSEST = """    let printerQuery = null;
    const selectFn = typeof selector === "string" ? (elem) => {
      if (printerQuery === null) printerQuery = printerCompiledSelector(selector, selectOpts);
      return printerQuery !== void 0 ? printerQuery(elem) : is$1(elem, selector, selectOpts);
    } : getFilterFn(selector);
"""

_TEXT_STATE_END = """      } else if (this.decodeEntities && c === CharCodes$2.Amp) {
        this.startEntity();
      }
    }
    stateSpecialStartSequence(c) {"""

# In text, a character that is neither "<" nor "&" only moves the index on: jump to the last such
# character before the next "<" or "&" (the loop's own index++ then lands on it).
_TEXT_STATE_END_SKIPPING = """      } else if (this.decodeEntities && c === CharCodes$2.Amp) {
        this.startEntity();
      } else if (this.decodeEntities) {
        this.printerSkipUntil(printerTextStops);
      }
    }
    printerSkipUntil(stops) {
      stops.lastIndex = this.index - this.offset + 1;
      const stop = stops.exec(this.buffer);
      this.index = (stop === null ? this.buffer.length : stop.index) + this.offset - 1;
    }
    stateSpecialStartSequence(c) {"""

_ATTRIBUTE_VALUE_END = """      } else if (this.decodeEntities && c === CharCodes$2.Amp) {
        this.startEntity();
      }
    }
    stateInAttributeValueDoubleQuotes(c) {"""

# In a quoted attribute value, likewise up to the closing quote or "&".
_ATTRIBUTE_VALUE_END_SKIPPING = """      } else if (this.decodeEntities && c === CharCodes$2.Amp) {
        this.startEntity();
      } else if (this.decodeEntities) {
        this.printerSkipUntil(quote === CharCodes$2.DoubleQuote ? printerDoubleQuotedStops : printerSingleQuotedStops);
      }
    }
    stateInAttributeValueDoubleQuotes(c) {"""

_TOKENIZER_CLASS = "  class Tokenizer {\n"

_TOKENIZER_CLASS_WITH_STOPS = (
    "  const printerTextStops = /[<&]/g;\n"
    '  const printerDoubleQuotedStops = /["&]/g;\n'
    "  const printerSingleQuotedStops = /['&]/g;\n"
    "  class Tokenizer {\n"
)

#: The transforms of ``markmap-lib.iife.js``, applied in this order.
MARKMAP_LIB_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(name="compiled-selector-cache", find=_SOME, replace=_CACHED_SOME),
    SourcePatch(name="compiled-selector-cache-filter", find=_FILTER, replace=_CACHED_FILTER),
    SourcePatch(name="compiled-selector-cache-is", find=_IS, replace=_CACHED_IS),
    SourcePatch(name="compiled-selector-cache-closest", find=_CLOSEST, replace=_CACHED_CLOSEST),
    SourcePatch(name="tokenizer-runs", find=_TOKENIZER_CLASS, replace=_TOKENIZER_CLASS_WITH_STOPS),
    SourcePatch(name="tokenizer-runs-text", find=_TEXT_STATE_END, replace=_TEXT_STATE_END_SKIPPING),
    SourcePatch(
        name="tokenizer-runs-attribute-value", find=_ATTRIBUTE_VALUE_END, replace=_ATTRIBUTE_VALUE_END_SKIPPING
    ),
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

_TRANSITION = """    transition(sel) {
      const { duration } = this.options;
      return sel.transition().duration(duration);
    }"""

# A transition of duration 0 made at once (js/markmap/fast_paths.js), when it can be.
_TRANSITION_AT_ONCE = """    transition(sel) {
      const { duration } = this.options;
      if (duration === 0 && __printerMarkmapFastPaths.canTransitionAtOnce(sel)) return __printerMarkmapFastPaths.transitionAtOnce(sel);
      return sel.transition().duration(duration);
    }"""

#: The transforms of ``markmap-view.js``, applied in this order.
MARKMAP_VIEW_TRANSFORMS: tuple[SourcePatch, ...] = (
    SourcePatch(name="link-anchor-once", find=_LINK_INSERT, replace=_LINK_INSERT_ONCE),
    SourcePatch(name="transitions-at-once", find=_TRANSITION, replace=_TRANSITION_AT_ONCE),
)
