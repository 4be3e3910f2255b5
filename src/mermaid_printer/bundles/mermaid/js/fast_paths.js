// fast_paths.js — faster equivalents of Mermaid functions that are slow only in an interpreter.
//
// Serves: the load-time transforms of Mermaid's bundle (mermaid_printer/bundles/mermaid/transforms.py),
// which call into globalThis.__printerFastPaths where the vendored code would do the slow thing.
// Loaded right before mermaid.min.js, and only when the transforms are on. Each function here
// computes exactly what the code it stands in for computes (same keys in the same order, same
// values, same sharing of nested objects) and says when it applies; otherwise Mermaid's own
// code runs.
// Leaves out: anything observable — no change of what is copied, and nothing remembered that
// could have changed since. What is remembered, each with why it cannot go stale (below): which
// ELK algorithm lists were registered; the hash codes of strings (immutable); compiled
// stylesheets and theme variables (pure functions of their text and overrides); and current
// configs by their inputs (never changed in place; changes to the inputs are noted or keyed).
"use strict";
(function () {
  const G = globalThis;
  const hasOwn = Object.hasOwn;

  // Object.assign stores with [[Set]], Mermaid's merge with [[DefineOwnProperty]]; on a fresh
  // plain object the two differ only for a key that Object.prototype holds as an accessor or
  // as a read-only property. In a standard environment that is "__proto__" alone, checked per
  // object below; this checks once that nothing else is.
  const PROTOTYPE_IS_PLAIN = Object.getOwnPropertyNames(Object.prototype).every((key) => {
    const d = Object.getOwnPropertyDescriptor(Object.prototype, key);
    return key === "__proto__" || (d.writable === true && !d.get && !d.set);
  });

  function isEmptyPlainObject(value) {
    return (
      value !== null &&
      typeof value === "object" &&
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.isExtensible(value) &&
      Reflect.ownKeys(value).length === 0
    );
  }

  function copyable(source) {
    return (
      source !== null &&
      typeof source === "object" &&
      !Array.isArray(source) &&
      !hasOwn(source, "__proto__") &&
      Object.getOwnPropertySymbols(source).length === 0
    );
  }

  // Mermaid's assignWithDepth(target, source, {depth}) with an empty target and depth >= 1:
  // every own enumerable key of `source` in order, except those whose value is null; an array
  // value becomes a new array of its distinct items (Array.prototype.includes), an object value
  // a copy one level shallower (at the last level Object.assign's shallow copy); anything else is
  // taken as it is. Mermaid does this key by key through Object.entries, a closure and
  // Object.defineProperty (slow for its ~980-key config in QuickJS); here Object.assign copies
  // a level natively (reading each value once, as Object.entries does) and only object values
  // are visited again. `merge` is Mermaid's own function, for nested objects this one
  // does not take.
  function mergeIntoEmpty(merge, target, source, depth) {
    Object.assign(target, source);
    const keys = Object.keys(target);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const value = target[key];
      if (typeof value !== "object") continue;
      if (value === null) delete target[key];
      else if (Array.isArray(value)) {
        const distinct = [];
        value.forEach((item) => {
          distinct.includes(item) || distinct.push(item);
        });
        target[key] = distinct;
      } else if (depth - 1 <= 0) target[key] = Object.assign({}, value);
      else if (copyable(value)) target[key] = mergeIntoEmpty(merge, {}, value, depth - 1);
      else target[key] = merge({}, value, { depth: depth - 1 });
    }
    return target;
  }

  // ---- getConfig() ------------------------------------------------------------------------------
  // Mermaid's getConfig() is assignWithDepth({}, current) of its current config object, which
  // only the config module holds: it is built whole (by merging copies) and replaced, never
  // changed in place, down to the levels the copy copies (bundles/mermaid/transforms.py names the code
  // this rests on, and the transform refuses a bundle where that code differs). So which of its
  // keys hold null, arrays or objects is the same for every copy of one config object: it is
  // worked out on the first copy (a plan), and later copies follow the plan without visiting
  // every key again.
  //
  // And a copy's nested objects are copied when they are first read, not before: Mermaid calls
  // getConfig() several times per node and reads one or two of its ~35 nested objects each time
  // (flowchart, themeVariables, ...), so copying all 940 keys was most of the call (done lazily,
  // a copy costs little more than what is read). Until its first read, a nested object
  // is an accessor property of the copy, in the same place among the keys; reading it copies
  // the object from the config (unchanged since, as above) exactly as the whole copy would have,
  // and puts it in the accessor's place as the plain data property the whole copy has. Writing
  // it, deleting it, enumerating, spreading or serializing the copy all behave as on a whole copy
  // (the last three read it).
  const SHALLOW = 0; // an object at the last level: Object.assign's shallow copy
  const DISTINCT = 1; // an array: its distinct items, worked out once
  const NESTED = 2; // an object one level shallower: copied along its own plan
  const MERMAIDS = 3; // an object this file does not copy: Mermaid's own merge
  const plans = new WeakMap();

  function planCopy(source, depth) {
    const plan = { nulls: [], values: [], lazy: null };
    const keys = Object.keys(source);
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      const value = source[key];
      if (typeof value !== "object") continue;
      if (value === null) plan.nulls.push(key);
      else if (Array.isArray(value)) {
        const distinct = [];
        value.forEach((item) => {
          distinct.includes(item) || distinct.push(item);
        });
        plan.values.push([key, DISTINCT, distinct]);
      } else if (depth - 1 <= 0) plan.values.push([key, SHALLOW, null]);
      else if (copyable(value)) plan.values.push([key, NESTED, planCopy(value, depth - 1)]);
      else plan.values.push([key, MERMAIDS, depth - 1]);
    }
    return plan;
  }

  // The copy of one value of the plan (an entry of plan.values), as a whole copy makes it.
  function copyOfValue(entry, value, merge) {
    const kind = entry[1];
    if (kind === SHALLOW) return Object.assign({}, value);
    if (kind === DISTINCT) return entry[2].slice();
    if (kind === NESTED) return copyAlong(entry[2], value, merge);
    return merge({}, value, { depth: entry[2] });
  }

  // The copy's first level: every key of `source` in order, but those that hold null.
  function firstLevel(plan, source) {
    const copy = Object.assign({}, source);
    const nulls = plan.nulls;
    for (let i = 0; i < nulls.length; i++) delete copy[nulls[i]];
    return copy;
  }

  function copyAlong(plan, source, merge) {
    const copy = firstLevel(plan, source);
    const values = plan.values;
    for (let i = 0; i < values.length; i++) {
      const entry = values[i];
      copy[entry[0]] = copyOfValue(entry, source[entry[0]], merge);
    }
    return copy;
  }

  // A lazy copy: copyAlong's copy, with every nested object (not the arrays, which are cheap)
  // left as an accessor until read. The config a lazy copy was made from, by copy.
  const lazySources = new WeakMap();
  // Values read from a lazy copy whose accessor could not be replaced (the copy was frozen or
  // sealed before the read): the same object is answered by every later read, as it would be.
  const frozenReads = new WeakMap();

  function copyLazily(plan, source, merge) {
    const copy = firstLevel(plan, source);
    const values = plan.values;
    for (let i = 0; i < values.length; i++) {
      const entry = values[i];
      if (entry[1] === DISTINCT) copy[entry[0]] = entry[2].slice();
    }
    if (plan.lazy === null) plan.lazy = lazyAccessors(plan, merge);
    lazySources.set(copy, source);
    Object.defineProperties(copy, plan.lazy);
    return copy;
  }

  // The lazy copy `object` is or inherits from (null if none).
  function lazyCopyOf(object) {
    let copy = object;
    while (copy !== null && !lazySources.has(copy)) copy = Object.getPrototypeOf(copy);
    return copy;
  }

  // The property descriptors a lazy copy of the plan's config gets: one accessor per nested
  // object, shared by every copy (`this` is the copy, or an object that inherits from it).
  function lazyAccessors(plan, merge) {
    const descriptors = {};
    for (const entry of plan.values) {
      if (entry[1] === DISTINCT) continue;
      const key = entry[0];
      descriptors[key] = {
        enumerable: true,
        configurable: true,
        get() {
          const copy = lazyCopyOf(this);
          if (copy === null) return undefined;
          let reads = frozenReads.get(copy);
          if (reads !== undefined && reads.has(key)) return reads.get(key);
          const value = copyOfValue(entry, lazySources.get(copy)[key], merge);
          if (Object.getOwnPropertyDescriptor(copy, key).configurable) {
            Object.defineProperty(copy, key, { value, writable: true, enumerable: true, configurable: true });
          } else {
            if (reads === undefined) frozenReads.set(copy, (reads = new Map()));
            reads.set(key, value);
          }
          return value;
        },
        // As an assignment to the whole copy's writable data property: the value becomes
        // `this`'s own (the copy's, or an heir's); a TypeError when the copy is frozen (the
        // bundle is strict code).
        set(value) {
          const copy = lazyCopyOf(this);
          if (copy !== null && Object.isFrozen(copy)) throw new TypeError(`Cannot assign to read only property '${key}'`);
          if (copy === this && !Object.getOwnPropertyDescriptor(copy, key).configurable) {
            // Sealed: the accessor stays, and answers the value written.
            let reads = frozenReads.get(copy);
            if (reads === undefined) frozenReads.set(copy, (reads = new Map()));
            reads.set(key, value);
            return;
          }
          Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
        },
      };
    }
    return descriptors;
  }

  // assignWithDepth({}, config) (depth 2) for Mermaid's current config object; `merge` is
  // Mermaid's assignWithDepth, for a config this file cannot copy.
  function copyConfig(config, merge) {
    if (!PROTOTYPE_IS_PLAIN || !copyable(config)) return merge({}, config);
    let plan = plans.get(config);
    if (plan === undefined) {
      plan = planCopy(config, 2);
      plans.set(config, plan);
    }
    return copyLazily(plan, config, merge);
  }

  // ELK's layout registry (its LayoutMetaDataService, one per process) is filled on every
  // `new ELK()`, which Mermaid makes for every layout: each algorithm's options are built and
  // stored again under the same ids, and the registry's cache of option names looked up by suffix
  // ("elk.direction" for "org.eclipse.elk.direction") is emptied. Whether `algorithms` (the
  // list a registration is asked for) was registered in `registry` before; the first time, it
  // is noted, and ELK's registration runs.
  const elkRegistrations = new WeakMap();
  function elkRegisteredBefore(registry, algorithms) {
    if (registry === null || typeof registry !== "object" || !Array.isArray(algorithms)) return false;
    if (!algorithms.every((name) => typeof name === "string")) return false;
    const key = algorithms.join("\u0000");
    let lists = elkRegistrations.get(registry);
    if (lists === undefined) elkRegistrations.set(registry, (lists = new Set()));
    if (lists.has(key)) return true;
    lists.add(key);
    return false;
  }

  // ELK's String.hashCode (Java's s[0]*31^(n-1) + ... + s[n-1], in 32-bit arithmetic), which it
  // computes afresh at every hash-map operation keyed by a string or by a layout option (an
  // option hashes its id, such as "org.eclipse.elk.layered.spacing.nodeNodeBetweenLayers"): a
  // loop of a bounds check call and a charCodeAt per character, slow in QuickJS. The
  // same loop without the check (an index below the length is always in bounds), remembered
  // per string; the memo is emptied when it holds STRING_HASHES_KEPT strings.
  const STRING_HASHES_KEPT = 8192;
  const stringHashes = new Map();
  function javaStringHash(s) {
    if (typeof s !== "string") return javaHashOf(s);
    let hash = stringHashes.get(s);
    if (hash === undefined) {
      hash = javaHashOf(s);
      if (stringHashes.size >= STRING_HASHES_KEPT) stringHashes.clear();
      stringHashes.set(s, hash);
    }
    return hash;
  }
  function javaHashOf(s) {
    let hash = 0;
    for (let i = 0; i < s.length; i++) hash = ((hash << 5) - hash + s.charCodeAt(i)) | 0;
    return hash;
  }

  // ---- compileCSS ---------------------------------------------------------------------------------
  // Mermaid's compileCSS(scope, css) runs stylis over a diagram's whole stylesheet (3-29 KB)
  // with the svg's "#id" as the scope every rule is prefixed with, a visible part of a render.
  // Its result is a function of its two strings alone (stylis keeps no state between calls; the
  // one side effect, a warning for an at-rule it drops, is not logged at Mermaid's log level).
  // The scope is a name the service chooses ("#mermaid-" and 12 hex digits, or
  // "#mermaid-export"), and the css names it too (url(#<id>-drop-shadow)). Both names are one
  // run of CSS identifier characters, and stylis and the namespacing middleware only compare and
  // copy whole selectors and values, never look inside a name: so compiling a css under one such
  // name gives what compiling the same css with the other name in its place gives, with the one
  // name in place of the other. A result is therefore kept per css with the scope cut out (and
  // a css that names any other "#mermaid-" is not kept), and a render under another id (a
  // request's, after the warm-up compiled the same sheet) puts its own name back.
  const SCOPE_OF_THE_SERVICE = /^#mermaid-(?:[0-9a-f]{12}|export)$/;
  const CSS_KEPT = 64;
  const SCOPE_MARK = "\u0000";
  const compiledCss = new Map(); // css with SCOPE_MARK for its scope -> the result split at the scope
  function compileCssOnce(compile, scope, css) {
    if (typeof scope !== "string" || typeof css !== "string" || !SCOPE_OF_THE_SERVICE.test(scope)) {
      return compile(scope, css);
    }
    const pieces = css.split(scope);
    if (css.includes(SCOPE_MARK) || pieces.some((piece) => piece.includes("#mermaid-"))) return compile(scope, css);
    const key = pieces.join(SCOPE_MARK);
    const kept = compiledCss.get(key);
    if (kept !== undefined) return kept.join(scope);
    const result = compile(scope, css);
    if (typeof result === "string") {
      if (compiledCss.size >= CSS_KEPT) compiledCss.clear();
      compiledCss.set(key, result.split(scope));
    }
    return result;
  }

  // ---- theme variables ---------------------------------------------------------------------------
  // Each theme's getThemeVariables(overrides) is `new Theme()` and `theme.calculate(overrides)`:
  // ~150 colours derived through khroma (lighten, darken, adjust, contrast), slow in
  // QuickJS, and Mermaid's config module asks for the same theme with the same overrides 2-3
  // times a render (setDiagramConfigScope and every directive re-derive it). The result is a
  // function of the theme and of the overrides' keys and values (calculate reads nothing else),
  // so it is computed once per theme and overrides made of plain values, and every call gets its
  // own copy: an object of the same class (prototype) with the same own keys, in the same order,
  // holding equal values (arrays and plain objects among them copied likewise), as a fresh
  // calculation makes. Overrides holding anything but strings, numbers, booleans and null (an
  // object the theme would then share with the caller), and a theme holding anything but plain
  // data, are calculated every time.
  const THEMES_KEPT = 32;
  const themesByOverrides = new Map(); // getThemeVariables -> key of the overrides -> theme
  const computedOnce = new WeakSet(); // the functions themeVariablesComputedOnce made
  function themesComputedOnce(themes) {
    const out = {};
    for (const name of Object.keys(themes)) {
      const entry = themes[name];
      const calculate = entry.getThemeVariables;
      const once = computedOnce.has(calculate) ? calculate : (overrides) => themeVariablesOnce(calculate, overrides);
      out[name] = Object.assign({}, entry, { getThemeVariables: once });
    }
    return out;
  }
  // One theme's getThemeVariables, kept in the same way: Mermaid's default theme is also called
  // directly (`getThemeVariables()` in the styles or drawing of radar, treemap, wardley, xychart
  // and cynefin diagrams, on every render), not through the registry. The registry then takes
  // it as it is (computedOnce), so a call is kept once, not copied twice.
  function themeVariablesComputedOnce(calculate) {
    const once = (overrides) => themeVariablesOnce(calculate, overrides);
    computedOnce.add(once);
    return once;
  }
  function themeVariablesOnce(calculate, overrides) {
    const key = overridesKey(overrides);
    if (key === null) return calculate(overrides);
    let kept = themesByOverrides.get(calculate);
    if (kept === undefined) themesByOverrides.set(calculate, (kept = new Map()));
    let theme = kept.get(key);
    if (theme === undefined) {
      theme = calculate(overrides);
      if (!isPlainData(theme, 0)) return theme;
      if (kept.size >= THEMES_KEPT) kept.clear();
      kept.set(key, theme);
    }
    return copyOfTheme(theme);
  }
  // The overrides as text, or null when they are not a flat object of plain values. (undefined,
  // what a call without overrides passes, has its own key.)
  function overridesKey(overrides) {
    if (overrides === undefined) return "undefined";
    if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides) || Object.getPrototypeOf(overrides) !== Object.prototype) return null;
    const parts = [];
    for (const name of Object.keys(overrides)) {
      const value = overrides[name];
      if (value !== null && typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return null;
      parts.push(name, typeof value === "number" && Object.is(value, -0) ? "-0" : typeof value + ":" + String(value));
    }
    return JSON.stringify(parts);
  }
  function isPlainData(value, depth) {
    if (value === null || typeof value !== "object") return typeof value !== "function" && typeof value !== "symbol";
    if (depth > 8) return false;
    if (Array.isArray(value)) return value.every((item) => isPlainData(item, depth + 1));
    const proto = Object.getPrototypeOf(value);
    if (depth > 0 && proto !== Object.prototype) return false;
    for (const name of Reflect.ownKeys(value)) {
      const property = Object.getOwnPropertyDescriptor(value, name);
      if (typeof name !== "string" || !property.enumerable || !property.writable || !property.configurable || !("value" in property)) return false;
      if (!isPlainData(property.value, depth + 1)) return false;
    }
    return true;
  }
  function copyOfTheme(theme) {
    const copy = Object.create(Object.getPrototypeOf(theme));
    for (const name of Object.keys(theme)) copy[name] = copyOfData(theme[name]);
    return copy;
  }
  function copyOfData(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map(copyOfData);
    const copy = {};
    for (const name of Object.keys(value)) copy[name] = copyOfData(value[name]);
    return copy;
  }

  // ---- cleaning up the finished SVG ----------------------------------------------------------
  // Mermaid's cleanUpSvgCode runs global regular expressions over the whole SVG (tens of KB: the
  // diagram's stylesheet is in it) to replace text that is rarely there, and QuickJS tries each
  // expression at every position (a native indexOf finds a literal far faster).
  // An expression that begins with a literal `needle` can match only where the needle is, so
  // without it the replacement is `text` itself. Anything but a string takes Mermaid's way.
  function replaceIfPresent(text, needle, pattern, replacement) {
    return typeof text === "string" && text.indexOf(needle) < 0 ? text : text.replace(pattern, replacement);
  }

  // ---- DOMPurify's allow-lists --------------------------------------------------------------------
  // Before adding Mermaid's ADD_TAGS and ADD_ATTR (every render's final sanitize passes both),
  // DOMPurify copies its default allow-lists of ~260 tags and ~400 attributes with its clone():
  // per key an entries pair, Babel's destructuring helper, a hasOwnProperty call and a check for
  // arrays and objects (many times Object.assign's cost in QuickJS). Its
  // lists are made by its addToSet: a null-prototype object of enumerable data properties, each
  // `true`. For such an object clone() makes a null-prototype object with the same keys, in the
  // same order, each `true`: exactly what Object.assign copies. Anything else (another
  // prototype, a symbol key, a value that is not `true`) is left to clone().
  function cloneFlagSet(set, clone) {
    if (Object.getPrototypeOf(set) !== null || Object.getOwnPropertySymbols(set).length > 0) return clone(set);
    const copy = Object.assign(Object.create(null), set);
    for (const key in copy) if (copy[key] !== true) return clone(set);
    return copy;
  }

  // ---- updateCurrentConfig ------------------------------------------------------------------
  // Mermaid rebuilds its current config (updateCurrentConfig) four to six times a render: a copy
  // of the whole site config merged with the directives, the diagram type's appearance and, when
  // the theme changes, the theme's variables (a fifth of a small pie's engine call, profiled).
  // The rebuild reads only: the site config (`wb`, which only updateSiteConfig changes in
  // place: configChanged), the directives passed (plain data parsed from the diagram's text, read
  // by value), the list of directives (the same), the diagram scope, the site config's own part
  // (`Tbe`, changed in place by updateSiteConfig too), the initialize config (`xbe`, replaced, never
  // changed), and the frozen defaults and themes. Its result becomes the current config, which
  // the config module never changes in place and hands out only as copies (bundles/mermaid/transforms.py
  // names the code that rests on it), so a rebuild from the same inputs can answer with the
  // same object. Inputs it cannot key by value (anything but plain data) are rebuilt as upstream.
  const configIds = new WeakMap();
  const configVersions = new WeakMap();
  let nextConfigId = 1;
  function configIdentity(value) {
    if (value === undefined) return "-";
    if (value === null || typeof value !== "object") return null;
    let id = configIds.get(value);
    if (id === undefined) configIds.set(value, (id = nextConfigId++));
    return id + "." + (configVersions.get(value) || 0);
  }
  function configChanged(value) {
    if (value !== null && typeof value === "object") configVersions.set(value, (configVersions.get(value) || 0) + 1);
  }
  // Whether JSON.stringify writes `value` exactly: null, booleans, strings, finite numbers but -0,
  // arrays without holes or extra keys, plain objects of data properties without symbol keys.
  function isJsonData(value, depth) {
    if (value === null || typeof value === "boolean" || typeof value === "string") return true;
    if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0);
    if (typeof value !== "object" || depth > 32) return false;
    if (Array.isArray(value)) {
      if (Object.getPrototypeOf(value) !== Array.prototype || Object.keys(value).length !== value.length) return false;
      for (let i = 0; i < value.length; i++) if (!isJsonData(value[i], depth + 1)) return false;
      return true;
    }
    const prototype = Object.getPrototypeOf(value);
    if ((prototype !== Object.prototype && prototype !== null) || Object.getOwnPropertySymbols(value).length > 0) return false;
    for (const key of Object.keys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key);
      if (!("value" in descriptor) || !isJsonData(descriptor.value, depth + 1)) return false;
    }
    return true;
  }
  const keptConfigs = new Map();
  // The key of a rebuild's inputs, or null when they cannot be keyed.
  function currentConfigKey(site, directives, list, scope, own, initial) {
    if (scope !== undefined && typeof scope !== "string") return null;
    if (!isJsonData(directives, 0) || !isJsonData(list, 0)) return null;
    const ids = [configIdentity(site), configIdentity(own), configIdentity(initial)];
    if (ids.includes(null)) return null;
    return JSON.stringify([ids.join(","), scope === undefined ? null : scope, directives, list]);
  }
  function keptCurrentConfig(key) {
    return key === null ? undefined : keptConfigs.get(key);
  }
  function keepCurrentConfig(key, config) {
    if (key === null) return;
    if (keptConfigs.size >= 256) keptConfigs.clear();
    keptConfigs.set(key, config);
  }

  G.__printerFastPaths = {
    // Whether assignWithDepth(target, source, {depth}) can be answered by mergeIntoEmpty.
    mergesIntoEmpty(target, source, depth) {
      return PROTOTYPE_IS_PLAIN && depth >= 1 && isEmptyPlainObject(target) && copyable(source);
    },
    mergeIntoEmpty,
    copyConfig,
    elkRegisteredBefore,
    javaStringHash,
    compileCssOnce,
    themesComputedOnce,
    themeVariablesComputedOnce,
    replaceIfPresent,
    cloneFlagSet,
    configChanged,
    currentConfigKey,
    keptCurrentConfig,
    keepCurrentConfig,
  };
})();
