// css.js — style declarations, constructible stylesheets and a small cascade for the DOM shim.
//
// Kept whole: one cascade: declarations, stylesheets, specificity and computed style share the
// rule index (selectors.js is already apart).
//
// Serves: element.style (d3's style(), Mermaid's inline styles, camelCase access), the
// CSSStyleSheet Mermaid 12 builds on every render (insertRule, cssRules[].cssText,
// rule.style.setProperty, replaceSync for themeCSS), and getComputedStyle — above all the
// font a <text> is drawn with, which decides every text width and so the whole layout. The
// cascade reads the document's <style> elements (Mermaid inserts its stylesheet into the <svg>
// before drawing), inline styles and SVG presentation attributes, with specificity, order,
// !important and inheritance.
// Leaves out: @media/@supports evaluation (their rules are ignored), shorthand expansion other
// than `font` (a `font` with var() in it is expanded once they are substituted), var()
// resolution beyond one level, calc() beyond sums of lengths, and layout properties — padding, margin and
// border widths compute to "0px" (cytoscape needs numbers there), display to "inline"/"block".
"use strict";
(function () {
  const G = globalThis;
  const selectors = G.__printerSelectors;

  const INHERITED = new Set([
    "font-family", "font-size", "font-weight", "font-style", "font-variant", "line-height", "color", "fill",
    "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "stroke-dasharray", "visibility", "text-anchor",
    "dominant-baseline", "white-space", "letter-spacing", "word-spacing", "direction", "writing-mode",
    "text-transform", "font-stretch", "cursor",
  ]);
  const INITIAL = {
    "font-family": "Times New Roman",
    "font-size": "16px",
    "font-weight": "400",
    "font-style": "normal",
    "line-height": "normal",
    color: "rgb(0, 0, 0)",
    fill: "rgb(0, 0, 0)",
    stroke: "none",
    visibility: "visible",
    "text-anchor": "start",
    "dominant-baseline": "auto",
    "white-space": "normal",
    "letter-spacing": "normal",
    display: "inline",
    opacity: "1",
    position: "static",
  };
  // SVG presentation attributes that take part in the cascade (lowest author priority).
  const PRESENTATION = new Set([
    "font-family", "font-size", "font-weight", "font-style", "fill", "stroke", "stroke-width", "text-anchor",
    "dominant-baseline", "visibility", "display", "opacity", "letter-spacing", "fill-opacity", "stroke-opacity",
  ]);

  function camelToKebab(name) {
    if (name.startsWith("--")) return name;
    if (name === "cssFloat") return "float";
    return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()).replace(/^(webkit|moz|ms)-/, "-$1-");
  }

  function splitTopLevel(text, sep) {
    return selectors.splitTopLevel(text, sep);
  }

  /** Parse `a: b; c: d !important` into an ordered array of {name, value, important}. */
  function parseDeclarations(text) {
    const out = [];
    if (!text) return out;
    for (const part of splitTopLevel(String(text), ";")) {
      const colon = part.indexOf(":");
      if (colon <= 0) continue;
      let name = part.slice(0, colon).trim();
      if (!name.startsWith("--")) name = name.toLowerCase();
      let value = part.slice(colon + 1).trim();
      let important = false;
      const bang = /!\s*important\s*$/i.exec(value);
      if (bang) {
        important = true;
        value = value.slice(0, bang.index).trim();
      }
      if (!name || value === "") continue;
      if (name === "font") {
        // With var() in it the shorthand can only be expanded once the variables are known
        // (a "pending-substitution" value, CSS Variables 1): kept whole, read by the cascade.
        if (value.indexOf("var(") >= 0) out.push({ name, value, important });
        else for (const d of expandFont(value)) out.push({ name: d[0], value: d[1], important });
        continue;
      }
      out.push({ name, value, important });
    }
    return out;
  }

  // `font: [style] [weight] size[/line-height] family` → longhands.
  function expandFont(value) {
    const m = /^((?:(?:italic|oblique|normal|bold|bolder|lighter|small-caps|\d{3})\s+)*)([\d.]+(?:px|pt|em|rem|%)|[a-z-]+)(?:\s*\/\s*([^\s]+))?\s+(.+)$/i.exec(value);
    if (!m) return [];
    const out = [["font-size", m[2]], ["font-family", m[4]]];
    for (const word of m[1].trim().split(/\s+/).filter(Boolean)) {
      if (/^(italic|oblique)$/i.test(word)) out.push(["font-style", word]);
      else if (/^(bold|bolder|lighter|\d{3})$/i.test(word)) out.push(["font-weight", word]);
    }
    if (m[3]) out.push(["line-height", m[3]]);
    return out;
  }

  function serializeDeclarations(decls) {
    return decls.map((d) => `${d.name}: ${d.value}${d.important ? " !important" : ""};`).join(" ");
  }

  /** A CSSStyleDeclaration, standalone or backed by an element's style attribute. */
  class CSSStyleDeclaration {
    constructor(element) {
      this._element = element || null;
      this._decls = [];
      this._source = null;
    }
    _read() {
      if (this._element) {
        const text = this._element.getAttribute("style") || "";
        if (text !== this._source) {
          this._decls = parseDeclarations(text);
          this._source = text;
        }
      }
      return this._decls;
    }
    _write(decls) {
      this._decls = decls;
      if (this._element) {
        const text = serializeDeclarations(decls);
        this._source = text;
        if (text) this._element.setAttribute("style", text);
        else this._element.removeAttribute("style");
      }
    }
    get length() {
      return this._read().length;
    }
    item(i) {
      const d = this._read()[i];
      return d ? d.name : "";
    }
    get cssText() {
      return serializeDeclarations(this._read());
    }
    set cssText(text) {
      this._write(parseDeclarations(text));
    }
    getPropertyValue(name) {
      const key = name.startsWith("--") ? name : camelToKebab(name).toLowerCase();
      const decls = this._read();
      for (let i = decls.length - 1; i >= 0; i--) if (decls[i].name === key) return decls[i].value;
      return "";
    }
    getPropertyPriority(name) {
      const key = camelToKebab(name).toLowerCase();
      const d = this._read().find((x) => x.name === key);
      return d && d.important ? "important" : "";
    }
    setProperty(name, value, priority) {
      const key = name.startsWith("--") ? name : camelToKebab(name).toLowerCase();
      if (value === null || value === undefined || value === "") {
        this.removeProperty(key);
        return;
      }
      const text = String(value).trim();
      // A browser parses the value and ignores the call if it is not valid CSS. The case that
      // matters: Mermaid's default fontFamily ends in ";" ('"trebuchet ms", …, sans-serif;'), so
      // d3's style("font-family", …) with it leaves the element's font as it was in Chromium.
      if (splitTopLevel(text, ";").length > 1) return;
      const decls = this._read().filter((d) => d.name !== key);
      decls.push({ name: key, value: text, important: priority === "important" });
      this._write(decls);
    }
    removeProperty(name) {
      const key = name.startsWith("--") ? name : camelToKebab(name).toLowerCase();
      const decls = this._read();
      const found = decls.find((d) => d.name === key);
      if (found) this._write(decls.filter((d) => d.name !== key));
      return found ? found.value : "";
    }
  }

  const DECLARATION_OWN = new Set(Object.getOwnPropertyNames(CSSStyleDeclaration.prototype));

  // element.style.fontSize = "12px" and friends go through a Proxy onto the declaration.
  function styleProxy(decl) {
    return new Proxy(decl, {
      get(target, prop, receiver) {
        if (typeof prop !== "string" || prop in target || DECLARATION_OWN.has(prop)) return Reflect.get(target, prop, target);
        if (/^\d+$/.test(prop)) return target.item(Number(prop));
        return target.getPropertyValue(camelToKebab(prop));
      },
      set(target, prop, value) {
        if (typeof prop !== "string" || prop.startsWith("_") || prop === "cssText") {
          target[prop] = value;
          return true;
        }
        target.setProperty(camelToKebab(prop), value);
        return true;
      },
    });
  }

  // ---- stylesheets ----------------------------------------------------------------------------

  /** Parse stylesheet text into flat style rules; at-rules are kept as opaque text. */
  function parseSheet(text) {
    const rules = [];
    const s = String(text).replace(/\/\*[\s\S]*?\*\//g, "");
    let i = 0;
    while (i < s.length) {
      NOT_SPACE.lastIndex = i;
      i = NOT_SPACE.test(s) ? NOT_SPACE.lastIndex - 1 : s.length;
      if (i >= s.length) break;
      const open = findBlockOrEnd(s, i);
      if (open < 0) break;
      const prelude = s.slice(i, open).trim();
      if (s[open] === ";") {
        // A bodiless statement such as `@import url(x);` (kept opaque) or a stray `;`.
        if (prelude.startsWith("@")) rules.push({ type: "at", cssText: prelude + ";" });
        i = open + 1;
        continue;
      }
      const close = selectors.findClose(s, open, "{", "}");
      const body = s.slice(open + 1, close < 0 ? s.length : close);
      if (prelude.startsWith("@")) rules.push({ type: "at", cssText: `${prelude} {${body}}` });
      else rules.push({ type: "style", selectorText: prelude, decls: parseDeclarations(body), body });
      i = close < 0 ? s.length : close + 1;
    }
    return rules;
  }

  // The scans below jump with a regular expression from one character they act on to the next
  // (a 27 KB Mermaid stylesheet was read one character per loop turn, three times over).
  const NOT_SPACE = /\S/g;
  const BLOCK_OR_END = /["'{;]/g;

  // Index of the first "{" or ";" at or after i, outside quotes (-1 if none).
  function findBlockOrEnd(s, i) {
    BLOCK_OR_END.lastIndex = i;
    for (;;) {
      const m = BLOCK_OR_END.exec(s);
      if (m === null) return -1;
      const c = m[0];
      if (c === "{" || c === ";") return m.index;
      const end = selectors.closingQuote(s, m.index);
      if (end < 0) return -1;
      BLOCK_OR_END.lastIndex = end + 1;
    }
  }

  class CSSStyleRule {
    constructor(selectorText, decls) {
      this.type = 1;
      this.selectorText = selectorText;
      this.style = new CSSStyleDeclaration(null);
      this.style._decls = decls;
    }
    get cssText() {
      const body = this.style.cssText;
      return body ? `${this.selectorText} { ${body} }` : `${this.selectorText} { }`;
    }
  }

  class CSSOpaqueRule {
    constructor(text) {
      this.type = 0;
      this._text = text;
    }
    get cssText() {
      return this._text;
    }
  }

  function makeRule(parsed) {
    return parsed.type === "style" ? new CSSStyleRule(parsed.selectorText, parsed.decls) : new CSSOpaqueRule(parsed.cssText);
  }

  class CSSStyleSheet {
    constructor() {
      this.cssRules = [];
      this.disabled = false;
    }
    get rules() {
      return this.cssRules;
    }
    insertRule(text, index) {
      const at = index === undefined ? 0 : index;
      if (at < 0 || at > this.cssRules.length) throw new RangeError("insertRule index out of range");
      const parsed = parseSheet(text);
      if (parsed.length !== 1) {
        const err = new Error(`Failed to parse the rule '${text}'.`);
        err.name = "SyntaxError";
        throw err;
      }
      this.cssRules.splice(at, 0, makeRule(parsed[0]));
      return at;
    }
    deleteRule(index) {
      this.cssRules.splice(index, 1);
    }
    addRule(selector, body, index) {
      return this.insertRule(`${selector} { ${body} }`, index === undefined ? this.cssRules.length : index);
    }
    replaceSync(text) {
      this.cssRules = parseSheet(text).map(makeRule);
    }
    replace(text) {
      this.replaceSync(text);
      return Promise.resolve(this);
    }
  }

  // ---- the cascade ----------------------------------------------------------------------------

  // A <style> element's rules, compiled once per text and indexed by property, so the cascade
  // only looks at rules that set the property it is resolving. (Asked only when a tree's sheets
  // are found again, sheetsFor: once per tree and <style> change.) <style>s of the same text share
  // one compiled sheet (a render's sheet is read again in its sanitized copy).
  const sheetsByText = new Map();
  function compiledSheet(styleEl) {
    const text = styleEl.textContent;
    if (styleEl._sheetText === text) return styleEl._sheetRules;
    let byProp = sheetsByText.get(text);
    if (byProp === undefined) {
      byProp = compileSheetText(text);
      if (sheetsByText.size >= 32) sheetsByText.clear();
      sheetsByText.set(text, byProp);
    }
    styleEl._sheetText = text;
    styleEl._sheetRules = byProp;
    return byProp;
  }

  // A sheet scoped to an id (Mermaid's `#mermaid-1a2b3c4d5e6f{…}#mermaid-1a2b3c4d5e6f .node
  // rect{…}` and `filter:url(#mermaid-1a2b3c4d5e6f-drop-shadow)`) is new text on every render.
  // Its id, read from the sheet's first selector, is cut out wherever it stands, with
  // SCOPE_PLACEHOLDER put there: the result is the same for every render of a diagram with the
  // same configuration, and is parsed once (sheetTemplates), its selectors compiled once as
  // templates (selectors.js compileTemplate) and bound to each render's id. Why that is the
  // sheet the text compiles to: the id and the placeholder are both made of letters, digits,
  // "-" and "_", none of which the sheet's parser acts on (it acts on quotes, brackets, braces,
  // ";", ":", "@", comments and white space), so the template parses into the same rules, each
  // rule's selector and declarations being the text's with the placeholder in the id's place
  // (and the placeholder occurs nowhere else: a text holding it makes no template). A selector
  // is then bound (where the placeholder stands only as `#placeholder`) or compiled with the id
  // put back; declarations that hold the placeholder are parsed again with the id put back.
  // Only ids of 8 characters or more are cut out: a short one would stand inside many words.
  const SCOPE_PLACEHOLDER = "printer-scope-placeholder";
  const LEADING_ID = /^\s*#([A-Za-z][A-Za-z0-9_-]{7,})(?![A-Za-z0-9_\u00a0-\uffff\\-])/;
  const sheetTemplates = new Map();
  function compileSheetText(text) {
    const lead = LEADING_ID.exec(text);
    if (lead === null || text.indexOf(SCOPE_PLACEHOLDER) >= 0) return compileRules(parseSheet(text), null);
    const id = lead[1];
    const template = text.split(id).join(SCOPE_PLACEHOLDER);
    let rules = sheetTemplates.get(template);
    if (rules === undefined) {
      rules = parseSheet(template);
      if (sheetTemplates.size >= 32) sheetTemplates.clear();
      sheetTemplates.set(template, rules);
    }
    return compileRules(rules, id);
  }

  // The compiled sheet of parsed rules; with `id`, rules of a template bound to it.
  function compileRules(rules, id) {
    const byProp = new Map();
    // The same rules in order, for a cascade of every property at once (declaredValues).
    byProp.rules = [];
    let order = 0;
    for (const rule of rules) {
      if (rule.type !== "style" || rule.decls.length === 0) continue;
      let sel;
      try {
        sel = id === null ? selectors.compile(rule.selectorText) : scopedSelector(rule.selectorText, id);
      } catch (e) {
        continue; // a selector this engine cannot read applies to nothing, as in a browser
      }
      const decls = id !== null && rule.body.indexOf(SCOPE_PLACEHOLDER) >= 0 ? parseDeclarations(rule.body.split(SCOPE_PLACEHOLDER).join(id)) : rule.decls;
      order++;
      byProp.rules.push({ sel, decls, order });
      for (const decl of decls) {
        let list = byProp.get(decl.name);
        if (!list) byProp.set(decl.name, (list = []));
        list.push({ sel, decl, order });
      }
    }
    if (order < DISTINCT_RANKS_BELOW) for (const list of byProp.values()) if (list.length >= INDEXED_FROM) list.index = null;
    return byProp;
  }

  // The rules of one property indexed by what an element must be for each to match (a browser's
  // rule hashes): a C4 diagram's texts were offered tens of thousands of rules a render, and
  // nearly all of them did not match. A rule whose every selector's last compound tests a class
  // name or a type is filed under that key (selectors.js ruleKeysOf), the rest under none; an
  // element is offered the rules filed under none, under its type and under each of its class
  // names, and no rule it skips could match it. They come in another order than the list's,
  // but the cascade keeps the rule of the highest rank (offerEach: importance, specificity in
  // steps of 1e5, sheet in steps of 1e4, rule order), and two rules of one sheet never share a
  // rank while it has fewer than DISTINCT_RANKS_BELOW rules, so the same rule wins. Short lists
  // are offered whole; a long one is indexed when it is first offered (`index` null until then).
  const INDEXED_FROM = 8;
  const DISTINCT_RANKS_BELOW = 1e4;
  function ruleIndex(list) {
    const keyed = new Map();
    const unkeyed = [];
    for (const rule of list) {
      const keys = selectors.ruleKeysOf(rule.sel);
      if (keys === null) {
        unkeyed.push(rule);
        continue;
      }
      for (const key of new Set(keys)) {
        let rules = keyed.get(key);
        if (!rules) keyed.set(key, (rules = []));
        rules.push(rule);
      }
    }
    return { keyed, unkeyed };
  }

  // A template's selector bound to `id`: compiled as the selector with `id` in place of the placeholder.
  function scopedSelector(text, id) {
    if (text.indexOf(SCOPE_PLACEHOLDER) < 0) return selectors.compile(text);
    const template = selectors.compileTemplate(text, SCOPE_PLACEHOLDER);
    return template === null ? selectors.compile(text.split(SCOPE_PLACEHOLDER).join(id)) : selectors.bindTemplate(template, id);
  }

  // The compiled <style> sheets that apply to `el`: those in the same tree. They depend on
  // nothing but the tree's root and its <style>s, so they are memoized on the root until a
  // <style> changes or enters or leaves a tree (dom.js's sheetVersion), whatever else mutates
  // (a memo per element, dropped at every style change around it, found them again ~1,700
  // times per 100-node mind map).
  function sheetsFor(el) {
    let root = el;
    while (root._parent) root = root._parent;
    const version = G.__printerDom ? G.__printerDom.sheetVersion() : -1;
    const memo = root._sheetsOfTree;
    if (memo !== undefined && memo.version === version && version >= 0) return memo.sheets;
    const sheets = findSheets(root, el._doc);
    root._sheetsOfTree = { version, sheets };
    return sheets;
  }

  // When a style memo was made: [styleVersion, sheetVersion] (dom.js).
  function madeNow() {
    const dom = G.__printerDom;
    return dom ? [dom.styleVersion(), dom.sheetVersion()] : [0, 0];
  }

  // Whether a style memo of `el` made at `made` (madeNow) still holds: no <style> has changed
  // since and no mutation that can reach `el`'s computed style (dom.js styleStamp: the newest
  // stamp on `el` or an ancestor) is newer.
  function stillCurrent(el, made) {
    if (made === undefined) return false;
    const dom = G.__printerDom;
    if (!dom) return true;
    return made[1] === dom.sheetVersion() && (made[0] === dom.styleVersion() || dom.styleStamp(el) <= made[0]);
  }

  function findSheets(root, doc) {
    const out = [];
    for (const styleEl of doc._styleElements) {
      let r = styleEl;
      while (r._parent) r = r._parent;
      if (r === root) out.push(compiledSheet(styleEl));
    }
    return out;
  }

  // The longhands a `font` shorthand sets, and the value each takes when the shorthand leaves
  // it out. A `font` with var() in it stays whole in the cascade (see parseDeclarations): it
  // competes with these longhands, and a win yields PENDING_FONT + its text, expanded by
  // resolveVar once the variables are substituted.
  const FONT_LONGHANDS = {
    "font-style": "normal",
    "font-variant": "normal",
    "font-weight": "normal",
    "font-stretch": "normal",
    "font-size": "medium",
    "line-height": "normal",
    "font-family": "initial",
  };
  const FONT_LONGHAND_NAMES = new Set(Object.keys(FONT_LONGHANDS));
  const PENDING_FONT = "\u0000font:";
  function declValue(decl) {
    return decl.name === "font" ? PENDING_FONT + decl.value : decl.value;
  }

  // The cascaded (specified, not inherited) value of `prop` on `el`, or undefined.
  function cascaded(el, prop, sheets) {
    cascadeBest = undefined;
    cascadeRank = -1;
    const viaFont = FONT_LONGHAND_NAMES.has(prop);
    const decls = inlineDeclarations(el);
    if (decls !== null) {
      for (let i = decls.length - 1; i >= 0; i--) {
        if (decls[i].name === prop || (viaFont && decls[i].name === "font")) {
          if (decls[i].important) return declValue(decls[i]);
          cascadeBest = declValue(decls[i]);
          cascadeRank = 1e12;
          break;
        }
      }
    }
    const specs = styleMemo(el).specs;
    for (let s = 0; s < sheets.length; s++) {
      const rules = sheets[s].get(prop);
      if (rules !== undefined) offerRules(rules, s, el, specs);
      if (viaFont) {
        const fontRules = sheets[s].get("font");
        if (fontRules !== undefined) offerRules(fontRules, s, el, specs);
      }
    }
    const best = cascadeBest;
    cascadeBest = undefined;
    if (best === undefined && PRESENTATION.has(prop) && el._attrs) {
      const attr = el.getAttribute(prop);
      if (attr !== null && attr !== "") return attr;
    }
    return best;
  }
  // The best declaration `cascaded` has found so far and its rank (one cascade runs at a time;
  // module-level so that offerRules allocates nothing per call).
  let cascadeBest;
  let cascadeRank = -1;
  // Offers the rules of sheet `s` that set one property to the cascade running for `el`:
  // !important, then specificity, then sheet order, then rule order. A rule that could not
  // outrank the best so far even at its selector's highest specificity is not matched at all
  // (an inline declaration outranks every rule but !important ones).
  function offerRules(rules, s, el, specs) {
    let index = rules.index;
    if (index === undefined) {
      offerEach(rules, s, el, specs);
      return;
    }
    if (index === null) index = rules.index = ruleIndex(rules);
    offerEach(index.unkeyed, s, el, specs);
    const byType = index.keyed.get(el._lname);
    if (byType !== undefined) offerEach(byType, s, el, specs);
    const classes = selectors.classNamesOf(el);
    if (classes !== null) {
      for (const name of classes) {
        const byClass = index.keyed.get("." + name);
        if (byClass !== undefined) offerEach(byClass, s, el, specs);
      }
    }
  }
  function offerEach(rules, s, el, specs) {
    for (let r = 0; r < rules.length; r++) {
      const rule = rules[r];
      const rank = (rule.decl.important ? 2e12 : 0) + s * 1e4 + rule.order;
      if (rank + rule.sel.maxSpecificity * 1e5 < cascadeRank) continue;
      let spec = specs.get(rule.sel);
      if (spec === undefined) {
        spec = rule.sel.specificityFor(el);
        specs.set(rule.sel, spec);
      }
      if (spec < 0) continue;
      const total = rank + spec * 1e5;
      if (total >= cascadeRank) {
        cascadeBest = declValue(rule.decl);
        cascadeRank = total;
      }
    }
  }

  // The style memo of `el`, kept while it holds (stillCurrent): its computed values by property
  // (computedWith), and how each selector the cascade has tried on it matched it (selector ->
  // specificityFor; a rule sets several properties, and `cascaded` runs once per property). A
  // match reads only what a styled mutation of `el` or an ancestor stamps (its attributes and
  // tree, its siblings' attributes and tree, which stamp the parent: dom.js changed), so both
  // hold and expire together.
  function styleMemo(el) {
    let memo = el._computed;
    if (memo === undefined || !stillCurrent(el, memo.made)) memo = el._computed = { made: madeNow(), values: new Map(), specs: new Map() };
    return memo;
  }

  // The declarations of `el`'s style attribute (parsed once per value, kept on the attribute),
  // or null when it has none or an empty one.
  function inlineDeclarations(el) {
    const attrs = el._attrs;
    if (!attrs) return null;
    for (let i = 0; i < attrs.length; i++) {
      const attr = attrs[i];
      if (attr.name !== "style") continue;
      const text = attr.value;
      if (!text) return null;
      if (attr._declarationsOf !== text) {
        attr._declarations = parseDeclarationsCached(text);
        attr._declarationsOf = text;
      }
      return attr._declarations;
    }
    return null;
  }

  const declCache = new Map();
  function parseDeclarationsCached(text) {
    let d = declCache.get(text);
    if (!d) {
      d = parseDeclarations(text);
      if (declCache.size > 2000) declCache.clear();
      declCache.set(text, d);
    }
    return d;
  }

  function absoluteFontSize(value, parentPx) {
    const v = String(value).trim().toLowerCase();
    if (v.startsWith("calc(")) return calcLength(v, parentPx, parentPx);
    const m = /^(-?[\d.]+(?:e-?\d+)?)(px|pt|em|rem|%|ex|ch)?$/.exec(v);
    if (m) {
      const n = parseFloat(m[1]);
      switch (m[2]) {
        case "pt":
          return (n * 4) / 3;
        case "em":
          return n * parentPx;
        case "rem":
          return n * 16;
        case "%":
          return (n * parentPx) / 100;
        case "ex":
        case "ch":
          return n * parentPx * 0.5;
        default:
          return n;
      }
    }
    const keywords = { "xx-small": 9, "x-small": 10, small: 13, medium: 16, large: 18, "x-large": 24, "xx-large": 32 };
    if (v in keywords) return keywords[v];
    // Chromium steps smaller/larger through its font-size table; 1.2 is the CSS ratio.
    if (v === "smaller") return parentPx / 1.2;
    if (v === "larger") return parentPx * 1.2;
    return parentPx;
  }

  // calc() of lengths added and subtracted (`calc(1em - 2px)`), em and % relative to `emPx`
  // and `percentOf`; anything else (products, nesting) gives `fallback`.
  function calcLength(value, emPx, percentOf, fallback = emPx) {
    const body = /^calc\((.*)\)$/.exec(value.trim());
    if (!body) return fallback;
    const terms = body[1].trim().split(/\s+([+-])\s+/);
    let total = 0;
    for (let i = 0; i < terms.length; i += 2) {
      const m = /^(-?[\d.]+(?:e-?\d+)?)(px|em|rem|%|pt)?$/.exec(terms[i]);
      if (!m) return fallback;
      const n = parseFloat(m[1]);
      const px = m[2] === "em" ? n * emPx : m[2] === "rem" ? n * 16 : m[2] === "%" ? (n * percentOf) / 100 : m[2] === "pt" ? (n * 4) / 3 : n;
      total += i > 0 && terms[i - 1] === "-" ? -px : px;
    }
    return total;
  }

  function absoluteWeight(value, parentWeight) {
    const v = String(value).trim().toLowerCase();
    if (v === "normal") return 400;
    if (v === "bold") return 700;
    if (v === "bolder") return parentWeight < 400 ? 400 : parentWeight < 600 ? 700 : 900;
    if (v === "lighter") return parentWeight < 600 ? 100 : parentWeight < 800 ? 400 : 700;
    const n = parseFloat(v);
    return Number.isFinite(n) ? n : parentWeight;
  }

  // `value` with its var() references substituted, or "unset" when one names a custom property
  // that is not defined and gives no fallback: such a declaration is "invalid at computed-value
  // time" (CSS Variables 1), so it still wins the cascade but the property acts as unset, i.e.
  // an inherited property takes its parent's value. (Mermaid's gitGraph stylesheet ends a rule
  // with `font-family: var(--mermaid-font-family)`, a property nothing defines.)
  // `declaredOn(e, name)`: how to read a custom property set on an ancestor (default: the
  // cascade for that one property).
  function resolveVar(value, el, sheets, prop, declaredOn) {
    if (value.startsWith(PENDING_FONT)) return pendingFontLonghand(resolveVar(value.slice(PENDING_FONT.length), el, sheets, undefined, declaredOn), prop);
    if (value.indexOf("var(") < 0) return value;
    let invalid = false;
    const resolved = value.replace(/var\(\s*(--[\w-]+)\s*(?:,\s*([^)]*))?\)/g, (m, name, fallback) => {
      for (let e = el; e && e._type === 1; e = e._parent) {
        const v = declaredOn ? declaredOn(e, name) : cascaded(e, name, sheets);
        if (v !== undefined) return v;
      }
      if (fallback !== undefined) return fallback;
      invalid = true;
      return "";
    });
    return invalid || resolved.trim() === "" ? "unset" : resolved;
  }

  // The value a `font` shorthand (variables substituted) gives the longhand `prop`: what it
  // says, the longhand's initial value when it says nothing of it, or unset when it is invalid.
  function pendingFontLonghand(font, prop) {
    if (font === "unset") return "unset";
    const expanded = expandFont(font);
    if (expanded.length === 0) return "unset";
    for (const [name, value] of expanded) if (name === prop) return value;
    return FONT_LONGHANDS[prop];
  }

  // Every property the cascade gives `el` itself: name -> {value, rank}, each rule's selector
  // matched once (what `cascaded` finds one property at a time). Same ranking as `cascaded`.
  function declaredValues(el, sheets) {
    const best = new Map();
    const offer = (decl, rank) => {
      const current = best.get(decl.name);
      if (!current || rank >= current.rank) best.set(decl.name, { value: declValue(decl), rank });
    };
    for (let s = 0; s < sheets.length; s++) {
      for (const rule of sheets[s].rules || []) {
        const spec = rule.sel.specificityFor(el);
        if (spec < 0) continue;
        const base = spec * 1e5 + s * 1e4 + rule.order;
        rule.decls.forEach((decl, i) => offer(decl, (decl.important ? 2e12 : 0) + base + i / 1000));
      }
    }
    const inline = el._attrs && el.getAttribute("style");
    if (inline) parseDeclarationsCached(inline).forEach((decl, i) => offer(decl, (decl.important ? 4e12 : 1e12) + i / 1000));
    return best;
  }

  // The substitution memo of `el` (its declared values, and its var()-substituted values as they
  // are asked for), kept until the DOM next changes. Only the full HTML box model (markmap's
  // labels) reads it. Elements that agree on everything the memo is made from share one memo,
  // kept across DOM changes (cascadeKey: the memo's values are a function of the sheets and of
  // what the cascade reads of the element and of its ancestors, whose declarations hold the
  // custom properties var() reads).
  function substitutionMemo(el) {
    const version = G.__printerDom ? G.__printerDom.version() : 0;
    let memo = el._substituted;
    if (!memo || el._substitutedVersion !== version) {
      const sheets = sheetsFor(el);
      const key = cascadeKey(el, sheets);
      memo = key === null ? undefined : sharedMemos.get(key);
      if (memo === undefined) {
        memo = { sheets, declared: declaredValues(el, sheets), values: new Map() };
        if (key !== null) {
          if (sharedMemos.size > 5000) sharedMemos.clear();
          sharedMemos.set(key, memo);
        }
      }
      el._substituted = memo;
      el._substitutedVersion = version;
    }
    return memo;
  }

  const sharedMemos = new Map();
  const sheetSerials = new WeakMap(); // compiled sheet -> serial number
  let nextSheetSerial = 1;
  function sheetSerial(sheet) {
    let serial = sheetSerials.get(sheet);
    if (serial === undefined) {
      serial = nextSheetSerial++;
      sheetSerials.set(sheet, serial);
    }
    return serial;
  }
  function keyPart(value) {
    return value === null ? "-" : value.length + ":" + value;
  }

  /** The names of the properties the author's CSS and inline style set on `el` itself. */
  function declaredNames(el) {
    return substitutionMemo(el).declared.keys();
  }

  // The cascaded value with var() substituted, memoized per element until the DOM next changes.
  function substitutedValue(el, prop) {
    return substitutedFrom(substitutionMemo(el), el, prop);
  }

  /**
   * Every property the cascade sets on `el` itself, var() substituted (a `font` shorthand with
   * var() expanded into its longhands, presentation attributes included): name -> value.
   */
  function substitutedValues(el) {
    const memo = substitutionMemo(el);
    if (!memo.all) {
      const names = new Set(memo.declared.keys());
      if (names.has("font")) for (const longhand of Object.keys(FONT_LONGHANDS)) names.add(longhand);
      names.delete("font");
      if (el._attrs) for (const attr of el._attrs) if (PRESENTATION.has(attr.name)) names.add(attr.name);
      const all = new Map();
      for (const name of names) {
        const value = substitutedFrom(memo, el, name);
        if (value !== undefined) all.set(name, value);
      }
      memo.all = all;
    }
    return memo.all;
  }

  function substitutedFrom(memo, el, prop) {
    if (memo.values.has(prop)) return memo.values.get(prop);
    let found = memo.declared.get(prop);
    if (prop in FONT_LONGHANDS) {
      const font = memo.declared.get("font");
      if (font && (!found || font.rank > found.rank)) found = font;
    }
    let value = found ? found.value : undefined;
    if (value === undefined && PRESENTATION.has(prop) && el._attrs) {
      const attr = el.getAttribute(prop);
      if (attr !== null && attr !== "") value = attr;
    }
    const resolved = value === undefined ? value : resolveVar(value, el, memo.sheets, prop, declaredOnMemo);
    memo.values.set(prop, resolved);
    return resolved;
  }

  // An ancestor's own declaration of a custom property, from its memo (ancestors are shared by
  // every element below them, so each is cascaded once).
  function declaredOnMemo(el, name) {
    const found = substitutionMemo(el).declared.get(name);
    return found ? found.value : undefined;
  }

  /** The computed value of `prop` for `el` as a string (px for font-size). */
  function computedValue(el, prop) {
    return computedWith(el, prop, sheetsFor(el));
  }

  // Computed values are memoized per element while they hold (styleMemo).
  function computedWith(el, prop, sheets) {
    if (!el || el._type !== 1) return INITIAL[prop] !== undefined ? INITIAL[prop] : "";
    const memo = styleMemo(el);
    let value = memo.values.get(prop);
    if (value === undefined) {
      value = computeValue(el, prop, sheets);
      memo.values.set(prop, value);
    }
    return value;
  }

  // The computed value of `prop` on `el`'s parent, which `el` inherits.
  function inheritedValue(el, prop, sheets) {
    const parent = el._parent;
    return computedWith(parent && parent._type === 1 ? parent : null, prop, sheets);
  }

  function computeValue(el, prop, sheets) {
    let value = cascaded(el, prop, sheets);
    if (value !== undefined) value = resolveVar(value, el, sheets, prop);
    if (value === undefined || value === "inherit") {
      if (INHERITED.has(prop) || value === "inherit") return inheritedValue(el, prop, sheets);
      return initialValue(prop);
    }
    if (value === "initial" || value === "unset") return INHERITED.has(prop) && value === "unset" ? inheritedValue(el, prop, sheets) : initialValue(prop);
    if (prop === "font-size") {
      const parentPx = parseFloat(inheritedValue(el, prop, sheets));
      return absoluteFontSize(value, parentPx) + "px";
    }
    if (prop === "font-weight") return String(absoluteWeight(value, parseFloat(inheritedValue(el, prop, sheets))));
    return value;
  }

  function initialValue(prop) {
    if (/^(padding|margin)(-|$)/.test(prop) || /^border(-[a-z]+)?-width$/.test(prop)) return "0px";
    return INITIAL[prop] !== undefined ? INITIAL[prop] : "";
  }

  /** The font a text element is drawn with: {family, size, weight, style}. Read-only: elements that agree on it may share one. */
  function fontOf(el) {
    const sheets = sheetsFor(el);
    const key = cascadeKey(el, sheets);
    if (key !== null) {
      const known = sharedFonts.get(key);
      if (known !== undefined) return known;
    }
    const font = {
      family: computedWith(el, "font-family", sheets),
      size: parseFloat(computedWith(el, "font-size", sheets)) || 16,
      weight: parseFloat(computedWith(el, "font-weight", sheets)) || 400,
      style: computedWith(el, "font-style", sheets),
      letterSpacing: computedWith(el, "letter-spacing", sheets),
      sheets,
    };
    if (key !== null) {
      if (sharedFonts.size > 5000) sharedFonts.clear();
      sharedFonts.set(key, font);
    }
    return font;
  }
  // Values shared by value: fonts here, substitution memos above. Every computed value of an
  // element is a function of its tree's sheets and of what the cascade reads of the element and
  // of each of its ancestors: the namespace and type, the inline style and presentation
  // attributes, and what the sheets' selectors read (selectors.js newReads: ids and class names
  // they test, attributes, a position among siblings, being the root). cascadeKey holds all of
  // these, so two elements with the same key have the same values. Sheets whose selectors read
  // more (sibling combinators, :empty) give no key. A mind map's labels are drawn in a few fonts
  // by many <tspan>s (each asking for its font through the cascade), and a Mermaid diagram's
  // labels in a few more.
  const sharedFonts = new Map();
  function cascadeKey(el, sheets) {
    const reads = readsOf(sheets);
    if (reads.opaque) return null;
    let key = "";
    for (const sheet of sheets) key += sheetSerial(sheet) + ",";
    return key + valueChainKey(el, reads);
  }
  // What the selectors of all `sheets` read, merged (kept on the sheets' array: sheetsFor makes
  // a new one when a <style> changes).
  function readsOf(sheets) {
    if (sheets._reads === undefined) {
      const merged = selectors.newReads();
      for (const sheet of sheets) for (const rule of sheet.rules) selectors.mergeReads(merged, rule.sel.reads);
      sheets._reads = merged;
    }
    return sheets._reads;
  }
  // The key of `el` and its ancestors under `reads`: a number standing for the chain of their
  // own keys (ownValueKey), the same number for the same chain. Memoized per element until a
  // style can next change (stillCurrent): every part of it is a styled mutation (the tree, a
  // sibling added or removed, the id, class, style, presentation attributes and the attributes
  // selectors read).
  const chainNumbers = new Map(); // own key + "," + the parent's chain number -> chain number
  let nextChainNumber = 1;
  function valueChainKey(el, reads) {
    if (!el || el._type !== 1) return 0;
    if (el._valueKeyReads === reads && stillCurrent(el, el._valueKeyMade)) return el._valueKey;
    const chain = ownValueKey(el, reads) + "," + valueChainKey(el._parent, reads);
    let number = chainNumbers.get(chain);
    if (number === undefined) {
      // Numbers are never reused, so a number kept on an element keeps its meaning after a clear.
      if (chainNumbers.size > 20000) chainNumbers.clear();
      number = nextChainNumber++;
      chainNumbers.set(chain, number);
    }
    el._valueKey = number;
    el._valueKeyReads = reads;
    el._valueKeyMade = madeNow();
    return number;
  }
  // What the cascade reads of `el` itself under `reads`. A mutation that can change it stamps
  // `el`'s parent (its attributes, its siblings) or `el` itself (taken out of its tree; no
  // parent), so it is kept while neither carries a newer stamp and the parent is the same.
  function ownValueKey(el, reads) {
    const parent = el._parent;
    const at = el._ownKeyAt;
    if (el._ownKeyReads === reads && el._ownKeyParent === parent && (el._styleDirty | 0) <= at && (parent === null || (parent._styleDirty | 0) <= at)) return el._ownKey;
    const id = el.getAttribute("id");
    let key = keyPart(el._ns) + keyPart(el._lname) + keyPart(id !== null && reads.ids.has(id) ? id : null);
    const classes = el.getAttribute("class");
    if (reads.classText) key += keyPart(classes);
    else if (classes) key += keyPart(classes.split(/[ \t\n\f\r]+/).filter((name) => reads.classes.has(name)).join(" "));
    else key += "-";
    key += keyPart(el.getAttribute("style"));
    for (const attr of el._attrs) if (PRESENTATION.has(attr.name)) key += "|" + keyPart(attr.name) + keyPart(attr.value);
    for (const name of reads.attrs) key += "[" + keyPart(el.getAttribute(name));
    if (reads.positionAll || reads.positionTypes.has(el._lname)) key += "@" + positionOf(el);
    if (reads.root && (!parent || parent._type === 9)) key += "^";
    el._ownKey = key;
    el._ownKeyReads = reads;
    el._ownKeyParent = parent;
    el._ownKeyAt = G.__printerDom ? G.__printerDom.styleVersion() : 0;
    return key;
  }
  // Where `el` stands among its parent's element children, and among those of its type: what
  // :first-child, :nth-of-type() and the like read.
  function positionOf(el) {
    const parent = el._parent;
    if (!parent) return "0/1/0/1";
    let index = 0;
    let count = 0;
    let typeIndex = 0;
    let typeCount = 0;
    for (const sibling of parent._children) {
      if (sibling._type !== 1) continue;
      if (sibling === el) {
        index = count;
        typeIndex = typeCount;
      }
      count++;
      if (sibling._lname === el._lname) typeCount++;
    }
    return index + "/" + count + "/" + typeIndex + "/" + typeCount;
  }

  class ComputedStyle {
    constructor(el) {
      this._el = el;
    }
    getPropertyValue(name) {
      return computedValue(this._el, camelToKebab(name).toLowerCase());
    }
  }

  function getComputedStyle(el) {
    const computed = new ComputedStyle(el);
    return new Proxy(computed, {
      get(target, prop) {
        if (typeof prop !== "string" || prop in target) return Reflect.get(target, prop, target);
        return target.getPropertyValue(prop);
      },
    });
  }

  globalThis.CSSStyleDeclaration = CSSStyleDeclaration;
  globalThis.CSSStyleSheet = CSSStyleSheet;
  globalThis.CSSStyleRule = CSSStyleRule;
  globalThis.CSSRule = CSSStyleRule;
  globalThis.getComputedStyle = getComputedStyle;
  globalThis.__printerCss = {
    CSSStyleDeclaration,
    styleProxy,
    parseDeclarations,
    parseSheet,
    computedValue,
    computedWith,
    // The value the author's CSS, inline style or presentation attribute gives `prop` on `el`
    // itself (undefined when it would inherit or take its initial value): html_layout.js puts
    // its user-agent defaults (b = bold, code = monospace, ...) under this.
    cascadedValue: (el, prop) => cascaded(el, prop, sheetsFor(el)),
    // The same with var() references substituted (a value naming an undefined property without
    // a fallback is "unset") and a `font` shorthand with var() in it expanded.
    substitutedValue,
    substitutedValues,
    declaredNames,
    // Whether an SVG attribute of this name takes part in the cascade (dom.js asks).
    isPresentationAttribute: (name) => PRESENTATION.has(name),
    fontOf,
    // Style memos of other files (geometry.js's text layouts) follow the same rule as these.
    madeNow,
    stillCurrent,
    camelToKebab,
    // CSS font-size / font-weight values resolved against the parent's (px, number).
    absoluteFontSize,
    absoluteWeight,
    calcLength,
  };
})();
