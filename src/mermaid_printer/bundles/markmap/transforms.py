"""Load-time transforms of markmap-lib and markmap-view: where upstream code is slow only under an
interpreter, or only as a map grows.

The vendored ``markmap-lib.iife.js`` and ``markmap-view.js`` stay byte-identical on disk; these
:class:`SourcePatch` values rewrite their text as the engine loads it, with the rules of
:mod:`~mermaid_printer.bundles.mermaid.transforms` (an exact text, an exact count, a loud failure
when upstream moves). They are switched off together with Mermaid's.

Each is justified by a profile (``benchmarks/profile_markmap.py``), covered by a test
(``tests/bundles/markmap/test_markmap_transforms.py``) and proven output-neutral: every mind map
of the corpus, the fixtures and the benchmarks' outlines renders and structures byte-identically
with and without them (``benchmarks/markmap_identity.py``). Why each one, and why it computes the
same: ``docs/decisions/0003-markmap-load-time-transforms.md``.
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

# A transition of duration 0 made at once (js/fast_paths.js), when it can be.
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
