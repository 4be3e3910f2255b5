// selectors.js — a small CSS selector compiler for the DOM shim.
//
// Serves: querySelector/querySelectorAll/matches/closest (d3-selection, DOMPurify, Mermaid's
// renderers) and the font cascade in css.js (which rules of Mermaid's <style> apply to a text).
// Supports: type, *, #id, .class, [attr], [attr=v], ~= ^= $= *= |=, the combinators
// descendant, >, + and ~, selector lists, :not(), :is()/:where(), :first-child, :last-child,
// :only-child, :nth-child(), :nth-last-child(), :first-of-type, :last-of-type, :nth-of-type(),
// :root, :scope, :empty, and specificity for the cascade.
// Leaves out: pseudo-elements (never match), :hover-like states (never match), namespaces.
// Type selectors compare lower-cased names, as an HTML document does for its elements.
"use strict";
(function () {
  const cache = new Map();
  // Every attribute name an attribute selector has tested (never shrinks): the DOM treats a change
  // of one of these as a possible change of computed style (dom.js).
  const selectedAttributes = new Set();

  function tokenizeError(selector) {
    const err = new Error(`'${selector}' is not a valid selector`);
    err.name = "SyntaxError";
    return err;
  }

  // What a selector list reads of an element and its surroundings to decide whether it matches,
  // collected while parsing (css.js builds keys of computed values from it): the ids and class
  // names it tests, the attributes it reads, whether it reads an element's position among its
  // siblings (for elements of the types in `positionTypes`, or of any type) or whether its parent
  // is the document (:root); `opaque` when it reads anything else (its siblings' attributes
  // through + and ~, its children through :empty, the :scope element).
  function newReads() {
    return { ids: new Set(), classes: new Set(), classText: false, attrs: new Set(), positionTypes: new Set(), positionAll: false, root: false, opaque: false };
  }
  // Adds what `reads` reads to `into` (css.js merges the reads of a tree's every rule).
  function mergeReads(into, reads) {
    for (const id of reads.ids) into.ids.add(id);
    for (const name of reads.classes) into.classes.add(name);
    for (const name of reads.attrs) into.attrs.add(name);
    for (const type of reads.positionTypes) into.positionTypes.add(type);
    into.classText = into.classText || reads.classText;
    into.positionAll = into.positionAll || reads.positionAll;
    into.root = into.root || reads.root;
    into.opaque = into.opaque || reads.opaque;
  }

  // Parse a selector list into [{compounds: [{simple..., combinator}], specificity}].
  function parseList(text, reads) {
    const parts = splitTopLevel(text, ",");
    return parts.map((part) => parseComplex(part.trim(), text, reads));
  }

  // `text` split at each `sep` outside quotes, parentheses and brackets. The scan jumps with a
  // regular expression from one character it acts on to the next.
  const SPLIT_STOPS = new Map(); // separator -> /["'()[\]<separator>]/g
  function splitTopLevel(text, sep) {
    let stops = SPLIT_STOPS.get(sep);
    if (stops === undefined) {
      stops = new RegExp("[\"'()[\\]" + sep.replace(/[\\\]^-]/g, "\\$&") + "]", "g");
      SPLIT_STOPS.set(sep, stops);
    }
    const out = [];
    let depth = 0;
    let start = 0;
    stops.lastIndex = 0;
    for (;;) {
      const m = stops.exec(text);
      if (m === null) break;
      const c = m[0];
      const i = m.index;
      if (c === '"' || c === "'") {
        const end = closingQuote(text, i);
        if (end < 0) break;
        stops.lastIndex = end + 1;
      } else if (c === "(" || c === "[") depth++;
      else if (c === ")" || c === "]") depth--;
      else if (depth === 0) {
        out.push(text.slice(start, i));
        start = i + 1;
      }
    }
    out.push(text.slice(start));
    return out;
  }

  // The index of the quote that closes the one at `open` (a backslash escapes the character after
  // it), or -1 when none does.
  const IN_DOUBLE_QUOTES = /[\\"]/g;
  const IN_SINGLE_QUOTES = /[\\']/g;
  function closingQuote(text, open) {
    const stops = text[open] === '"' ? IN_DOUBLE_QUOTES : IN_SINGLE_QUOTES;
    stops.lastIndex = open + 1;
    for (;;) {
      const m = stops.exec(text);
      if (m === null) return -1;
      if (m[0] !== "\\") return m.index;
      stops.lastIndex = m.index + 2;
    }
  }

  // An identifier where the parser stands (sticky: matched in place, not in a copy of the rest).
  const IDENT = /-?(?:[_a-zA-Z\u00a0-\uffff]|\\.)(?:[-_a-zA-Z0-9\u00a0-\uffff]|\\.)*/y;
  function identAt(text, i) {
    IDENT.lastIndex = i;
    return IDENT.exec(text);
  }
  const SPACE = /\s/;

  function unescapeIdent(s) {
    if (s.indexOf("\\") < 0) return s;
    return s.replace(/\\([0-9a-fA-F]{1,6}\s?|.)/g, (m, g) => {
      const hex = g.trim();
      return /^[0-9a-fA-F]+$/.test(hex) && g.length > 1 ? String.fromCodePoint(parseInt(hex, 16)) : g;
    });
  }

  function parseComplex(text, whole, reads) {
    if (!text) throw tokenizeError(whole);
    const compounds = [];
    let i = 0;
    let combinator = null;
    const spec = [0, 0, 0];
    while (i < text.length) {
      // combinator / whitespace
      let sawSpace = false;
      while (i < text.length && SPACE.test(text[i])) {
        i++;
        sawSpace = true;
      }
      if (i >= text.length) break;
      const c = text[i];
      if (c === ">" || c === "+" || c === "~") {
        if (compounds.length === 0) throw tokenizeError(whole);
        if (c !== ">") reads.opaque = true;
        combinator = c;
        i++;
        continue;
      }
      if (compounds.length > 0 && combinator === null) {
        if (!sawSpace) throw tokenizeError(whole);
        combinator = " ";
      }
      const [compound, next] = parseCompound(text, i, whole, spec, reads);
      compound.combinator = combinator; // how this compound relates to the previous one
      compounds.push(compound);
      combinator = null;
      i = next;
    }
    if (combinator !== null || compounds.length === 0) throw tokenizeError(whole);
    return { compounds, specificity: spec[0] * 10000 + spec[1] * 100 + spec[2] };
  }

  function parseCompound(text, i, whole, spec, reads) {
    const tests = [];
    const classes = []; // the class names it requires (those without white space; ruleKeysOf)
    const start = i;
    let type = null; // the compound's type selector, if any (a position it reads is of that type)
    while (i < text.length) {
      const c = text[i];
      if (c === "*") {
        i++;
      } else if (c === "#") {
        const m = identAt(text, i + 1);
        if (!m) throw tokenizeError(whole);
        const id = unescapeIdent(m[0]);
        reads.ids.add(id);
        if (id === templatePlaceholder) {
          templateIdTests++;
          tests.push((el) => el.getAttribute("id") === boundId);
        } else tests.push((el) => el.getAttribute("id") === id);
        spec[0]++;
        i += 1 + m[0].length;
      } else if (c === ".") {
        const m = identAt(text, i + 1);
        if (!m) throw tokenizeError(whole);
        const cls = unescapeIdent(m[0]);
        if (/[ \t\n\f\r]/.test(cls)) reads.classText = true;
        else {
          reads.classes.add(cls);
          classes.push(cls);
        }
        tests.push(/[ \t\n\f\r]/.test(cls) ? (el) => hasClassText(el, cls) : (el) => hasClass(el, cls));
        spec[1]++;
        i += 1 + m[0].length;
      } else if (c === "[") {
        const end = findClose(text, i, "[", "]");
        if (end < 0) throw tokenizeError(whole);
        tests.push(compileAttribute(text.slice(i + 1, end).trim(), whole, reads));
        spec[1]++;
        i = end + 1;
      } else if (c === ":") {
        const isElement = text[i + 1] === ":";
        const nameStart = i + (isElement ? 2 : 1);
        const m = identAt(text, nameStart);
        if (!m) throw tokenizeError(whole);
        const name = m[0].toLowerCase();
        i = nameStart + m[0].length;
        let arg = null;
        if (text[i] === "(") {
          const end = findClose(text, i, "(", ")");
          if (end < 0) throw tokenizeError(whole);
          arg = text.slice(i + 1, end).trim();
          i = end + 1;
        }
        tests.push(compilePseudo(name, arg, isElement, whole, spec, reads, type));
      } else if (identAt(text, i) !== null) {
        if (i !== start) throw tokenizeError(whole);
        const m = identAt(text, i);
        const tag = unescapeIdent(m[0]).toLowerCase();
        type = tag;
        tests.push((el) => el._lname === tag);
        spec[2]++;
        i += m[0].length;
      } else break;
    }
    if (i === start) throw tokenizeError(whole);
    return [{ tests, classes, type }, i];
  }

  // The index of the `close` that matches the `open` at i, outside quotes (-1 if none).
  const BRACKET_STOPS = { "[": /["'[\]]/g, "(": /["'()]/g, "{": /["'{}]/g };
  function findClose(text, i, open, close) {
    const stops = BRACKET_STOPS[open];
    let depth = 0;
    stops.lastIndex = i;
    for (;;) {
      const m = stops.exec(text);
      if (m === null) return -1;
      const c = m[0];
      if (c === open) depth++;
      else if (c === close) {
        if (--depth === 0) return m.index;
      } else {
        const end = closingQuote(text, m.index);
        if (end < 0) return -1;
        stops.lastIndex = end + 1;
      }
    }
  }

  // Whether `cls`, a class name without whitespace, is one of the element's classes: the set of
  // its class names is kept with the attribute value it was split from (the attribute's text
  // was searched, copied twice, at every test).
  function hasClass(el, cls) {
    const value = el.getAttribute("class");
    if (!value) return false;
    return value === cls || classNamesIn(el, value).has(cls);
  }
  // The class names of `el` whose class attribute is `value`, kept with the value they came from.
  function classNamesIn(el, value) {
    if (el._classNamesOf !== value) {
      el._classNames = new Set(value.split(/[ \t\n\f\r]+/));
      el._classNamesOf = value;
    }
    return el._classNames;
  }
  // The same for an escaped class name holding whitespace: the attribute's text is searched for
  // it (so `.a\ b` matches class="a b", as this engine always did).
  function hasClassText(el, cls) {
    const value = el.getAttribute("class");
    if (!value) return false;
    if (value === cls) return true;
    return (" " + value.replace(/[\t\n\f\r]/g, " ") + " ").indexOf(" " + cls + " ") >= 0;
  }

  function compileAttribute(body, whole, reads) {
    const m = /^([^\s~|^$*!=]+)\s*(?:([~|^$*]?=)\s*(?:"((?:\\.|[^"])*)"|'((?:\\.|[^'])*)'|([^\s\]]+))\s*([iIsS])?)?$/.exec(body);
    if (!m) throw tokenizeError(whole);
    // (two regular-expression replaces cost more than the test; most names hold no "|")
    const name = m[1].indexOf("|") < 0 ? m[1] : m[1].replace(/^\*\|/, "").replace(/\|/, ":");
    selectedAttributes.add(name);
    selectedAttributes.add(name.toLowerCase());
    reads.attrs.add(name);
    const op = m[2];
    let value = m[3] ?? m[4] ?? m[5];
    const insensitive = m[6] && m[6].toLowerCase() === "i";
    if (value !== undefined) value = unescapeIdent(value);
    if (insensitive && value !== undefined) value = value.toLowerCase();
    return (el) => {
      let actual = el.getAttribute(name);
      if (actual === null) return false;
      if (!op) return true;
      if (insensitive) actual = actual.toLowerCase();
      switch (op) {
        case "=":
          return actual === value;
        case "~=":
          return value !== "" && actual.split(/\s+/).includes(value);
        case "|=":
          return actual === value || actual.startsWith(value + "-");
        case "^=":
          return value !== "" && actual.startsWith(value);
        case "$=":
          return value !== "" && actual.endsWith(value);
        case "*=":
          return value !== "" && actual.includes(value);
      }
      return false;
    };
  }

  function parseNth(arg, whole) {
    const a = arg.replace(/\s+/g, "").toLowerCase();
    if (a === "odd") return [2, 1];
    if (a === "even") return [2, 0];
    const m = /^([+-]?\d*)n([+-]\d+)?$/.exec(a);
    if (m) {
      const step = m[1] === "" || m[1] === "+" ? 1 : m[1] === "-" ? -1 : parseInt(m[1], 10);
      return [step, m[2] ? parseInt(m[2], 10) : 0];
    }
    if (/^[+-]?\d+$/.test(a)) return [0, parseInt(a, 10)];
    throw tokenizeError(whole);
  }

  function nthMatches(pos, [step, offset]) {
    if (step === 0) return pos === offset;
    const n = (pos - offset) / step;
    return Number.isInteger(n) && n >= 0;
  }

  function elementSiblings(el) {
    const parent = el._parent;
    if (!parent) return [el];
    return parent._children.filter((n) => n._type === 1);
  }

  function compilePseudo(name, arg, isElement, whole, spec, reads, type) {
    const readsPosition = () => {
      if (type === null) reads.positionAll = true;
      else reads.positionTypes.add(type);
    };
    if (isElement || name === "before" || name === "after" || name === "first-line" || name === "first-letter") {
      spec[2]++;
      return () => false;
    }
    switch (name) {
      case "not":
      case "is":
      case "where":
      case "matches": {
        const list = parseList(arg || "", reads);
        const inner = (el) => list.some((sel) => matchComplex(el, sel, null));
        if (name !== "where") spec[1] += 0; // :not/:is take the max of their arguments; kept simple
        if (name === "not") {
          const best = Math.max(...list.map((s) => s.specificity));
          spec[0] += Math.floor(best / 10000);
          spec[1] += Math.floor(best / 100) % 100;
          spec[2] += best % 100;
          return (el) => !inner(el);
        }
        return inner;
      }
      case "first-child":
        spec[1]++;
        readsPosition();
        return (el) => elementSiblings(el)[0] === el;
      case "last-child":
        spec[1]++;
        readsPosition();
        return (el) => {
          const s = elementSiblings(el);
          return s[s.length - 1] === el;
        };
      case "only-child":
        spec[1]++;
        readsPosition();
        return (el) => elementSiblings(el).length === 1;
      case "nth-child": {
        spec[1]++;
        readsPosition();
        const nth = parseNth(arg || "", whole);
        return (el) => nthMatches(elementSiblings(el).indexOf(el) + 1, nth);
      }
      case "nth-last-child": {
        spec[1]++;
        readsPosition();
        const nth = parseNth(arg || "", whole);
        return (el) => {
          const s = elementSiblings(el);
          return nthMatches(s.length - s.indexOf(el), nth);
        };
      }
      case "first-of-type":
      case "last-of-type":
      case "nth-of-type":
      case "nth-last-of-type": {
        spec[1]++;
        readsPosition();
        const nth = name === "first-of-type" || name === "last-of-type" ? [0, 1] : parseNth(arg || "", whole);
        const fromEnd = name.startsWith("last") || name.startsWith("nth-last");
        return (el) => {
          const s = elementSiblings(el).filter((n) => n._lname === el._lname);
          const pos = fromEnd ? s.length - s.indexOf(el) : s.indexOf(el) + 1;
          return nthMatches(pos, nth);
        };
      }
      case "root":
        spec[1]++;
        reads.root = true;
        return (el) => !el._parent || el._parent._type === 9;
      case "scope":
        spec[1]++;
        reads.opaque = true;
        return (el, scope) => (scope ? el === scope : !el._parent || el._parent._type === 9);
      case "empty":
        spec[1]++;
        reads.opaque = true;
        return (el) => el._children.every((n) => n._type !== 1 && !(n._type === 3 && n._data.length));
      default:
        // Interaction and state pseudo-classes (:hover, :focus, :checked, …) never match here.
        spec[1]++;
        return () => false;
    }
  }

  function matchCompound(el, compound, scope) {
    const tests = compound.tests;
    for (let i = 0; i < tests.length; i++) if (!tests[i](el, scope)) return false;
    return true;
  }

  // Right-to-left matching with backtracking over ancestors/siblings.
  function matchFrom(el, compounds, index, scope) {
    if (!matchCompound(el, compounds[index], scope)) return false;
    if (index === 0) return true;
    const comb = compounds[index].combinator;
    if (comb === ">") {
      const p = el._parent;
      return !!p && p._type === 1 && matchFrom(p, compounds, index - 1, scope);
    }
    if (comb === " ") {
      for (let p = el._parent; p && p._type === 1; p = p._parent) {
        if (matchFrom(p, compounds, index - 1, scope)) return true;
      }
      return false;
    }
    const siblings = elementSiblings(el);
    const pos = siblings.indexOf(el);
    if (comb === "+") return pos > 0 && matchFrom(siblings[pos - 1], compounds, index - 1, scope);
    if (comb === "~") {
      for (let i = pos - 1; i >= 0; i--) if (matchFrom(siblings[i], compounds, index - 1, scope)) return true;
    }
    return false;
  }

  function matchComplex(el, sel, scope) {
    return matchFrom(el, sel.compounds, sel.compounds.length - 1, scope);
  }

  function matchList(list, el, scope) {
    for (let i = 0; i < list.length; i++) if (matchComplex(el, list[i], scope)) return true;
    return false;
  }
  function specificityIn(list, el) {
    let best = -1;
    for (let i = 0; i < list.length; i++) {
      const sel = list[i];
      if (sel.specificity > best && matchComplex(el, sel, null)) best = sel.specificity;
    }
    return best;
  }
  function maxSpecificityOf(list) {
    return Math.max(-1, ...list.map((sel) => sel.specificity));
  }

  /** Compile a selector list; returns {match(el, scope) -> bool, selectors}. Cached. */
  function compile(text) {
    let compiled = cache.get(text);
    if (!compiled) {
      const reads = newReads();
      const list = parseList(String(text), reads);
      compiled = {
        selectors: list,
        // What the list reads of an element to match it (newReads).
        reads,
        match: (el, scope) => matchList(list, el, scope),
        // The highest specificity any of the list's selectors has (the most specificityFor answers).
        maxSpecificity: maxSpecificityOf(list),
        // The highest specificity among the list's selectors that match `el` (or -1).
        specificityFor: (el) => specificityIn(list, el),
      };
      if (cache.size > 5000) cache.clear();
      cache.set(text, compiled);
    }
    return compiled;
  }

  // ---- selectors whose id is bound later ---------------------------------------------------------
  // Mermaid scopes every rule of a diagram's stylesheet to its <svg>'s id (`#mermaid-1a2b3c4d5e6f
  // .node rect`), so each render's sheet is new text, and its ~300 selectors were parsed and
  // compiled anew, a visible part of every render. css.js cuts the id out of such a sheet,
  // putting a placeholder in its place, and compiles the result once as a template
  // (compileTemplate): each `#placeholder` becomes a test of the id the template is later bound
  // to (bindTemplate), which the bound list sets before it matches (a test never matches another
  // list, so nothing matches in between). Bound to an id, the template is the list compile()
  // makes of the text with that id in place of the placeholder: the placeholder and the id are
  // both plain identifiers, so the text parses into the same selectors, tests and specificities,
  // and what the list reads differs in that one id. A placeholder anywhere but in an id selector
  // (in an attribute value) makes no template: compileTemplate answers null and the caller
  // compiles the text with the id in place.
  let templatePlaceholder = null; // while a template is parsed: the id that stands for the bound one
  let templateIdTests = 0; // the id tests of the placeholder made so far in that parse
  let boundId = null; // the id of the bound template matching now
  const templates = new Map(); // placeholder + NUL + text -> template, or null

  /** The selector list `text` compiled with each `#placeholder` left to bind, or null (see above). Cached. */
  function compileTemplate(text, placeholder) {
    const key = placeholder + "\u0000" + text;
    let template = templates.get(key);
    if (template === undefined) {
      const reads = newReads();
      let list;
      templatePlaceholder = placeholder;
      templateIdTests = 0;
      try {
        list = parseList(String(text), reads);
      } finally {
        templatePlaceholder = null;
      }
      const everyPlaceholderIsAnId = templateIdTests === String(text).split(placeholder).length - 1;
      template = everyPlaceholderIsAnId ? { list, reads, placeholder, maxSpecificity: maxSpecificityOf(list) } : null;
      if (templates.size > 5000) templates.clear();
      templates.set(key, template);
    }
    return template;
  }

  /** A template bound to `id`: what compile() answers for its text with `id` in place of the placeholder. */
  function bindTemplate(template, id) {
    const list = template.list;
    const ids = new Set(template.reads.ids);
    ids.delete(template.placeholder);
    ids.add(id);
    return {
      selectors: list,
      reads: Object.assign({}, template.reads, { ids }),
      // (every match of a bound template sets the id first, so what one left behind is never read)
      match: (el, scope) => {
        boundId = id;
        return matchList(list, el, scope);
      },
      maxSpecificity: template.maxSpecificity,
      specificityFor: (el) => {
        boundId = id;
        return specificityIn(list, el);
      },
    };
  }

  // What an element must be for a compiled selector list to match it at all, as keys of a rule
  // index (css.js offerRules): for each selector of the list, one of the class names its last
  // compound tests (".name", as hasClass tests it) or else its type ("rect", as `_lname`); null
  // when a selector of the list has neither (it may match any element). A list matches no
  // element that has none of its keys: each selector's last compound would fail that test.
  // Kept on the list of selectors, which a template's bindings share.
  function ruleKeysOf(compiled) {
    const list = compiled.selectors;
    if (list._ruleKeys === undefined) list._ruleKeys = keysOfList(list);
    return list._ruleKeys;
  }
  function keysOfList(list) {
    const keys = [];
    for (const sel of list) {
      const last = sel.compounds[sel.compounds.length - 1];
      if (last.classes.length > 0) keys.push("." + last.classes[0]);
      else if (last.type !== null) keys.push(last.type);
      else return null;
    }
    return keys;
  }
  // An element's class names as hasClass splits them, or null when it has none.
  function classNamesOf(el) {
    const value = el.getAttribute("class");
    return value ? classNamesIn(el, value) : null;
  }

  function isSelectedAttribute(name) {
    return selectedAttributes.size > 0 && (selectedAttributes.has(name) || selectedAttributes.has(String(name).toLowerCase()));
  }

  globalThis.__printerSelectors = { compile, compileTemplate, bindTemplate, splitTopLevel, closingQuote, findClose, newReads, mergeReads, isSelectedAttribute, ruleKeysOf, classNamesOf };
})();
