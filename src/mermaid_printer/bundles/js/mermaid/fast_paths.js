// fast_paths.js — faster equivalents of Mermaid functions that are slow only in an interpreter.
//
// Serves: the load-time transforms of Mermaid's bundle (mermaid_printer/bundles/mermaid_transforms.py),
// which call into globalThis.__printerFastPaths where the vendored code would do the slow thing.
// Loaded right before mermaid.min.js, and only when the transforms are on. Each function here
// computes exactly what the code it stands in for computes (same keys in the same order, same
// values, same sharing of nested objects) and says when it applies; otherwise Mermaid's own
// code runs.
// Leaves out: anything observable — no caching of results, no change of what is copied.
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
  // Object.defineProperty (~1.5 ms for its 980-key config in QuickJS); here Object.assign copies
  // a level natively (reading each value once, as Object.entries does) and only object values
  // are visited again (~0.4 ms). `merge` is Mermaid's own function, for nested objects this one
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

  G.__printerFastPaths = {
    // Whether assignWithDepth(target, source, {depth}) can be answered by mergeIntoEmpty.
    mergesIntoEmpty(target, source, depth) {
      return PROTOTYPE_IS_PLAIN && depth >= 1 && isEmptyPlainObject(target) && copyable(source);
    },
    mergeIntoEmpty,
  };
})();
