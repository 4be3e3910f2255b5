// profile_probe.js — timing wrappers for benchmarks/profile_render.py (a dev tool, never the product).
//
// Loaded before the bundle. Defines globalThis.__profile:
//   wrap(fn, name, category)       a Proxy around fn that, while profiling is on, counts calls and
//                                  measures time with globalThis.__profileClock (a host callable
//                                  the tool registers after loading: CPU seconds of the thread).
//   wrapMethods(object, category, prefix)  wraps every own method and accessor of an object.
//   start(), stop(), report()      report() is JSON: [{name, category, calls, self, total, childCalls}]
// Self time excludes the time of wrapped callees; total counts a recursive function once.
// Time spent outside every wrapped frame (async continuations resumed by the host's job loop) is
// reported as "(outside wrapped frames)" by the tool: total CPU minus the sum of self times.
"use strict";
(function () {
  const records = new Map();
  let active = false;
  let childTime = 0; // time of wrapped callees of the current frame
  let childCalls = 0;

  function record(name, category) {
    const key = category + "\u0000" + name;
    let rec = records.get(key);
    if (!rec) {
      rec = { name, category, calls: 0, self: 0, total: 0, childCalls: 0, depth: 0 };
      records.set(key, rec);
    }
    return rec;
  }

  // The two traps repeat the timing code rather than share a closure: a closure per call would
  // double the probes' own cost.
  const WRAPPED = new WeakSet();
  const PROXIES = new WeakMap();
  function wrap(fn, name, category) {
    if (typeof fn !== "function" || WRAPPED.has(fn)) return fn;
    const known = PROXIES.get(fn);
    if (known) return known;
    const rec = record(name, category);
    const proxy = new Proxy(fn, {
      apply(target, self, args) {
        if (!active) return Reflect.apply(target, self, args);
        const clock = globalThis.__profileClock;
        const savedTime = childTime;
        const savedCalls = childCalls;
        childTime = 0;
        childCalls = 0;
        rec.depth++;
        const t0 = clock();
        try {
          return Reflect.apply(target, self, args);
        } finally {
          const dt = clock() - t0;
          rec.depth--;
          rec.calls++;
          rec.self += dt - childTime;
          rec.childCalls += childCalls;
          if (rec.depth === 0) rec.total += dt;
          childTime = savedTime + dt;
          childCalls = savedCalls + 1;
        }
      },
      construct(target, args, newTarget) {
        if (!active) return Reflect.construct(target, args, newTarget);
        const clock = globalThis.__profileClock;
        const savedTime = childTime;
        const savedCalls = childCalls;
        childTime = 0;
        childCalls = 0;
        rec.depth++;
        const t0 = clock();
        try {
          return Reflect.construct(target, args, newTarget);
        } finally {
          const dt = clock() - t0;
          rec.depth--;
          rec.calls++;
          rec.self += dt - childTime;
          rec.childCalls += childCalls;
          if (rec.depth === 0) rec.total += dt;
          childTime = savedTime + dt;
          childCalls = savedCalls + 1;
        }
      },
    });
    WRAPPED.add(proxy);
    PROXIES.set(fn, proxy);
    return proxy;
  }

  function wrapMethods(object, category, prefix) {
    for (const key of Reflect.ownKeys(object)) {
      if (typeof key !== "string" || key === "constructor") continue;
      const d = Object.getOwnPropertyDescriptor(object, key);
      if (!d || !d.configurable) continue;
      const name = prefix + key;
      if (typeof d.value === "function" && !/^[A-Z]/.test(key)) d.value = wrap(d.value, name, category);
      else if (d.get || d.set) {
        if (d.get) d.get = wrap(d.get, "get " + name, category);
        if (d.set) d.set = wrap(d.set, "set " + name, category);
      } else continue;
      Object.defineProperty(object, key, d);
    }
  }

  // Mermaid 12 reports phases to globalThis.__mermaidProfiler (begin(name) ... end(); ELK's
  // layout is one); they become records of the category "phase", inclusive time only.
  const phases = [];
  globalThis.__mermaidProfiler = {
    begin(name) {
      if (active) phases.push([record(String(name), "phase"), globalThis.__profileClock()]);
    },
    end() {
      const open = active && phases.pop();
      if (!open) return;
      open[0].calls++;
      open[0].total += globalThis.__profileClock() - open[1];
    },
  };

  globalThis.__profile = {
    wrap,
    // Wraps `fn` only when `names` (an object used as a set) holds `name`.
    wrapIf(fn, name, category, names) {
      return names[name] === 1 ? wrap(fn, name, category) : fn;
    },
    wrapMethods,
    start() {
      for (const rec of records.values()) Object.assign(rec, { calls: 0, self: 0, total: 0, childCalls: 0, depth: 0 });
      childTime = 0;
      childCalls = 0;
      active = true;
    },
    stop() {
      active = false;
    },
    // The cost of one wrapped call, measured on an empty function: [inside, outside] seconds.
    calibrate(rounds) {
      const empty = wrap(function () {}, "(calibration)", "(calibration)");
      const rec = record("(calibration)", "(calibration)");
      const clock = globalThis.__profileClock;
      active = true;
      const t0 = clock();
      for (let i = 0; i < rounds; i++) empty();
      const outside = (clock() - t0) / rounds;
      active = false;
      const inside = rec.self / rec.calls;
      records.delete("(calibration)\u0000(calibration)");
      return String(JSON.stringify([inside, outside]));
    },
    report() {
      const out = [];
      for (const rec of records.values()) {
        if (rec.calls) out.push({ name: rec.name, category: rec.category, calls: rec.calls, self: rec.self, total: rec.total, childCalls: rec.childCalls });
      }
      return String(JSON.stringify(out));
    },
  };
})();
