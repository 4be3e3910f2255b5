// env.js — the browser-like globals Mermaid 12.3 and its libraries expect, minus the browser.
//
// Serves: mermaid's logger (console), d3/dagre/cytoscape/roughjs/DOMPurify feature tests
// (window, self, navigator, screen, Intl, structuredClone, TextEncoder), its async render
// (setTimeout/requestAnimationFrame drained by the host), and determinism: Math.random and
// crypto.getRandomValues draw from mulberry32 seeded with 1, and the clock is a counter that
// starts at 2026-01-01T00:00:00Z and advances a millisecond per read — the same randomness and time the
// reference renders in Chromium were made with.
//
// Leaves out on purpose: network (fetch, XMLHttpRequest, WebSocket), persistent storage
// (localStorage/sessionStorage are empty in-memory stores, emptied before every render, as in a
// fresh browser page: ZenUML reads them at load), workers, real time, real randomness, and any
// way to call back into the host. Timers never fire by
// themselves: the host drains them with __printer.runTimers() between promise jobs.
"use strict";
(function () {
  const G = globalThis;

  // ---- deterministic randomness -------------------------------------------------------------
  let rngState = 1;
  function mulberry32() {
    rngState = (rngState + 0x6d2b79f5) | 0;
    let t = Math.imul(rngState ^ (rngState >>> 15), 1 | rngState);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  Math.random = mulberry32;

  // ---- deterministic clock --------------------------------------------------------------------
  const CLOCK_START = Date.UTC(2026, 0, 1, 0, 0, 0);
  let clockReads = 0;
  function now() {
    return CLOCK_START + clockReads++;
  }
  const RealDate = Date;
  class FrozenDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(now());
      else super(...args);
    }
    static now() {
      return now();
    }
  }
  FrozenDate.UTC = RealDate.UTC;
  FrozenDate.parse = RealDate.parse;
  G.Date = FrozenDate;
  // QuickJS's own performance object is read-only; replace it with a deterministic one.
  G.performance = {
    now: () => clockReads++,
    timeOrigin: CLOCK_START,
    mark: () => undefined,
    measure: () => undefined,
    getEntriesByName: () => [],
  };

  // ---- console: collected, never printed ----------------------------------------------------
  const logs = [];
  const MAX_LOGS = 200;
  function logger(level) {
    return (...args) => {
      if (logs.length < MAX_LOGS) {
        logs.push(level + ": " + args.map((a) => (typeof a === "string" ? a : safeString(a))).join(" "));
      }
    };
  }
  function safeString(value) {
    try {
      return value instanceof Error ? value.message : String(value);
    } catch (e) {
      return "[unprintable]";
    }
  }
  G.console = {
    log: logger("log"),
    info: logger("info"),
    debug: logger("debug"),
    warn: logger("warn"),
    error: logger("error"),
    trace: logger("trace"),
    assert: () => undefined,
    time: () => undefined,
    timeEnd: () => undefined,
    group: () => undefined,
    groupEnd: () => undefined,
  };

  // ---- virtual timers -------------------------------------------------------------------------
  let timerSeq = 0;
  let virtualTime = 0;
  const timers = new Map(); // id -> {due, fn, args, interval}
  function addTimer(fn, delay, args, interval) {
    const id = ++timerSeq;
    const ms = Math.max(0, Number(delay) || 0);
    timers.set(id, { due: virtualTime + ms, order: id, fn, args, interval: interval ? Math.max(1, ms) : 0 });
    return id;
  }
  G.setTimeout = (fn, delay, ...args) => addTimer(fn, delay, args, false);
  G.setInterval = (fn, delay, ...args) => addTimer(fn, delay, args, true);
  G.clearTimeout = G.clearInterval = (id) => {
    timers.delete(id);
  };
  G.setImmediate = (fn, ...args) => addTimer(fn, 0, args, false);
  G.requestAnimationFrame = (fn) => addTimer(() => fn(virtualTime), 16, [], false);
  G.cancelAnimationFrame = G.clearTimeout;
  G.requestIdleCallback = (fn) => addTimer(() => fn({ didTimeout: false, timeRemaining: () => 50 }), 1, [], false);
  G.cancelIdleCallback = G.clearTimeout;

  // Runs every timer due at the earliest pending time. Returns how many ran.
  function runTimers() {
    if (timers.size === 0) return 0;
    let earliest = Infinity;
    for (const t of timers.values()) if (t.due < earliest) earliest = t.due;
    virtualTime = earliest;
    const due = [];
    for (const [id, t] of timers) if (t.due <= earliest) due.push([id, t]);
    due.sort((a, b) => a[1].order - b[1].order);
    for (const [id, t] of due) {
      if (!timers.has(id)) continue;
      if (t.interval) {
        t.due = virtualTime + t.interval;
        t.order = ++timerSeq;
      } else timers.delete(id);
      if (typeof t.fn === "function") t.fn(...t.args);
    }
    return due.length;
  }

  // ---- small web platform pieces --------------------------------------------------------------
  G.window = G;
  G.self = G;
  G.top = G;
  G.parent = G;
  G.navigator = { userAgent: "Mozilla/5.0 (mermaid-printer) QuickJS", language: "en-US", languages: ["en-US"], platform: "Linux", vendor: "" };
  // The 800 x 600 screen of the headless Chromium the reference renders come from: C4 wraps its
  // shapes into rows no wider than screen.availWidth.
  G.screen = { width: 800, height: 600, availWidth: 800, availHeight: 600, colorDepth: 24, pixelDepth: 24 };
  G.location = { href: "about:blank", protocol: "about:", host: "", hostname: "", origin: "null", pathname: "blank", search: "", hash: "" };
  G.devicePixelRatio = 1;
  G.innerWidth = 800;
  G.innerHeight = 600;
  G.addEventListener = () => undefined;
  G.removeEventListener = () => undefined;
  G.dispatchEvent = () => true;
  G.matchMedia = () => ({ matches: false, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} });
  G.scrollTo = () => undefined;

  // Mermaid tests `Intl.Segmenter ? … : [...text]`; without it, text splits by code point.
  if (typeof G.Intl === "undefined") G.Intl = {};

  if (typeof G.structuredClone === "undefined") {
    G.structuredClone = function structuredClone(value) {
      return cloneValue(value, new Map());
    };
  }
  function cloneValue(value, seen) {
    if (value === null || typeof value !== "object") return value;
    if (seen.has(value)) return seen.get(value);
    let out;
    if (value instanceof RealDate) return new RealDate(value.getTime());
    if (value instanceof RegExp) return new RegExp(value.source, value.flags);
    if (value instanceof Map) {
      out = new Map();
      seen.set(value, out);
      for (const [k, v] of value) out.set(cloneValue(k, seen), cloneValue(v, seen));
      return out;
    }
    if (value instanceof Set) {
      out = new Set();
      seen.set(value, out);
      for (const v of value) out.add(cloneValue(v, seen));
      return out;
    }
    out = Array.isArray(value) ? [] : {};
    seen.set(value, out);
    for (const key of Object.keys(value)) out[key] = cloneValue(value[key], seen);
    return out;
  }

  if (typeof G.TextEncoder === "undefined") {
    G.TextEncoder = class TextEncoder {
      get encoding() {
        return "utf-8";
      }
      encode(text = "") {
        const s = unescape(encodeURIComponent(String(text)));
        const bytes = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
        return bytes;
      }
    };
    G.TextDecoder = class TextDecoder {
      get encoding() {
        return "utf-8";
      }
      decode(bytes) {
        if (!bytes) return "";
        const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer || bytes);
        let s = "";
        for (let i = 0; i < view.length; i++) s += String.fromCharCode(view[i]);
        try {
          return decodeURIComponent(escape(s));
        } catch (e) {
          return s;
        }
      }
    };
  }

  G.crypto = {
    getRandomValues(array) {
      for (let i = 0; i < array.length; i++) array[i] = Math.floor(mulberry32() * 4294967296);
      return array;
    },
    randomUUID() {
      const hex = [];
      for (let i = 0; i < 16; i++) hex.push(Math.floor(mulberry32() * 256));
      hex[6] = (hex[6] & 0x0f) | 0x40;
      hex[8] = (hex[8] & 0x3f) | 0x80;
      const h = hex.map((b) => b.toString(16).padStart(2, "0")).join("");
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
  };

  // Two QuickJS gaps, both only in String.prototype.match (every other regex call untouched):
  // - roughjs reads RegExp.$1 right after `match` (a legacy feature QuickJS lacks), so the
  //   captures are recorded.
  // - QuickJS tries a pattern at every start position, even one anchored with "^": a match
  //   against the rest of the input costs time proportional to its length. Mermaid's jison
  //   lexers match ~100 "^(?:…)" rules against the remaining source for every token, so lexing
  //   was quadratic in the source's length. A sticky copy of an anchored pattern tries
  //   position 0 only and finds exactly the same match.
  const nativeMatch = String.prototype.match;
  function anchoredAtStart(re) {
    const src = re.source;
    if (src[0] !== "^" || re.global || re.sticky || re.multiline) return false;
    let depth = 0;
    let inClass = false;
    for (let i = 1; i < src.length; i++) {
      const ch = src[i];
      if (ch === "\\") i++;
      else if (inClass) inClass = ch !== "]";
      else if (ch === "[") inClass = true;
      else if (ch === "(") depth++;
      else if (ch === ")") depth--;
      else if (ch === "|" && depth === 0) return false; // "^a|b": b is not anchored
    }
    return true;
  }
  // By object (the jison lexers' rules live as long as the bundle), then by flags and source:
  // a regex literal makes a new object each time it is evaluated (3,283 misses by object in
  // one small flowchart), and building the key for a long lexer rule on every call would cost
  // more than it saves.
  const stickyByObject = new WeakMap();
  const stickyBySource = new Map();
  function stickyCopy(re) {
    let sticky = stickyByObject.get(re);
    if (sticky === undefined) {
      const key = re.flags + "/" + re.source;
      sticky = stickyBySource.get(key);
      if (sticky === undefined) {
        sticky = anchoredAtStart(re) ? new RegExp(re.source, re.flags + "y") : null;
        if (stickyBySource.size > 2000) stickyBySource.clear();
        stickyBySource.set(key, sticky);
      }
      stickyByObject.set(re, sticky);
    }
    return sticky;
  }
  String.prototype.match = function match(re) {
    let result;
    const sticky = re instanceof RegExp ? stickyCopy(re) : null;
    if (sticky !== null) {
      sticky.lastIndex = 0;
      result = sticky.exec(String(this));
    } else {
      result = nativeMatch.call(this, re);
    }
    if (result && re instanceof RegExp && !re.global) {
      for (let i = 1; i <= 9; i++) RegExp["$" + i] = result[i] === undefined ? "" : result[i];
    }
    return result;
  };

  for (const name of ["MutationObserver", "ResizeObserver", "IntersectionObserver"]) {
    G[name] = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }

  G.Event = class Event {
    constructor(type, init = {}) {
      this.type = type;
      this.bubbles = !!init.bubbles;
      this.cancelable = !!init.cancelable;
      this.defaultPrevented = false;
    }
    preventDefault() {
      this.defaultPrevented = true;
    }
    stopPropagation() {}
    stopImmediatePropagation() {}
  };
  G.CustomEvent = class CustomEvent extends G.Event {
    constructor(type, init = {}) {
      super(type, init);
      this.detail = init.detail;
    }
  };

  // ---- Web Storage: in-memory, empty at the start of every render ---------------------------
  class Storage {
    #items = new Map();
    get length() {
      return this.#items.size;
    }
    key(index) {
      const keys = [...this.#items.keys()];
      return index >= 0 && index < keys.length ? keys[index] : null;
    }
    getItem(key) {
      const value = this.#items.get(String(key));
      return value === undefined ? null : value;
    }
    setItem(key, value) {
      this.#items.set(String(key), String(value));
    }
    removeItem(key) {
      this.#items.delete(String(key));
    }
    clear() {
      this.#items.clear();
    }
  }
  G.Storage = Storage;
  G.localStorage = new Storage();
  G.sessionStorage = new Storage();

  // ---- URL: enough of WHATWG URL for Mermaid's link sanitizer (@braintree/sanitize-url) ----
  const URL_RE = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;
  class URL {
    constructor(input, base) {
      let text = String(input).trim();
      if (!URL_RE.test(text) && base !== undefined) text = new URL(base).origin + (text.startsWith("/") ? "" : "/") + text;
      const m = URL_RE.exec(text);
      if (!m) throw new TypeError(`Invalid URL: ${input}`);
      this.protocol = m[1].toLowerCase();
      this.username = m[2] || "";
      this.password = m[3] || "";
      this.hostname = (m[4] || "").toLowerCase();
      this.port = m[5] || "";
      const special = /^(https?|ftp|wss?|file):$/.test(this.protocol);
      this.pathname = m[6] || (special ? "/" : "");
      this.search = m[7] && m[7] !== "?" ? m[7] : "";
      this.hash = m[8] && m[8] !== "#" ? m[8] : "";
      this._special = special || m[4] !== undefined;
    }
    get host() {
      return this.hostname + (this.port ? ":" + this.port : "");
    }
    get origin() {
      return this._special ? this.protocol + "//" + this.host : "null";
    }
    get href() {
      const auth = this.username ? this.username + (this.password ? ":" + this.password : "") + "@" : "";
      const authority = this._special ? "//" + auth + this.host : "";
      return this.protocol + authority + this.pathname + this.search + this.hash;
    }
    toString() {
      return this.href;
    }
    toJSON() {
      return this.href;
    }
    static canParse(input) {
      return URL_RE.test(String(input).trim());
    }
  }
  G.URL = URL;

  // ---- CSS namespace: colour checks (classDef/style values) and identifier escaping ----------
  // CSS Color 4 named colours, system colours and CSS-wide keywords: what Chromium's
  // CSS.supports("color", word) accepts. (Mermaid's sequence `box Another Group` must not take
  // "Another" as a colour.)
  const NAMED_COLOURS = new Set([
    "aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige", "bisque", "black",
    "blanchedalmond", "blue", "blueviolet", "brown", "burlywood", "cadetblue", "chartreuse",
    "chocolate", "coral", "cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue", "darkcyan",
    "darkgoldenrod", "darkgray", "darkgreen", "darkgrey", "darkkhaki", "darkmagenta",
    "darkolivegreen", "darkorange", "darkorchid", "darkred", "darksalmon", "darkseagreen",
    "darkslateblue", "darkslategray", "darkslategrey", "darkturquoise", "darkviolet", "deeppink",
    "deepskyblue", "dimgray", "dimgrey", "dodgerblue", "firebrick", "floralwhite", "forestgreen",
    "fuchsia", "gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green", "greenyellow",
    "grey", "honeydew", "hotpink", "indianred", "indigo", "ivory", "khaki", "lavender",
    "lavenderblush", "lawngreen", "lemonchiffon", "lightblue", "lightcoral", "lightcyan",
    "lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey", "lightpink", "lightsalmon",
    "lightseagreen", "lightskyblue", "lightslategray", "lightslategrey", "lightsteelblue",
    "lightyellow", "lime", "limegreen", "linen", "magenta", "maroon", "mediumaquamarine",
    "mediumblue", "mediumorchid", "mediumpurple", "mediumseagreen", "mediumslateblue",
    "mediumspringgreen", "mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
    "mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive", "olivedrab", "orange",
    "orangered", "orchid", "palegoldenrod", "palegreen", "paleturquoise", "palevioletred",
    "papayawhip", "peachpuff", "peru", "pink", "plum", "powderblue", "purple", "rebeccapurple",
    "red", "rosybrown", "royalblue", "saddlebrown", "salmon", "sandybrown", "seagreen", "seashell",
    "sienna", "silver", "skyblue", "slateblue", "slategray", "slategrey", "snow", "springgreen",
    "steelblue", "tan", "teal", "thistle", "tomato", "turquoise", "violet", "wheat", "white",
    "whitesmoke", "yellow", "yellowgreen", "transparent", "currentcolor", "inherit", "initial",
    "unset", "revert", "revert-layer", "accentcolor", "accentcolortext", "activetext",
    "buttonborder", "buttonface", "buttontext", "canvas", "canvastext", "field", "fieldtext",
    "graytext", "highlight", "highlighttext", "linktext", "mark", "marktext", "selecteditem",
    "selecteditemtext", "visitedtext",
  ]);
  const FUNCTION_COLOUR = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([^()]*\)$/i;
  const HEX_COLOUR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
  G.CSS = {
    supports(property, value) {
      if (value === undefined) return false;
      const v = String(value).trim();
      if (/color|fill|stroke/i.test(String(property))) return HEX_COLOUR.test(v) || FUNCTION_COLOUR.test(v) || NAMED_COLOURS.has(v.toLowerCase());
      return v.length > 0;
    },
    escape(value) {
      return String(value).replace(/(^-?\d)|[^a-zA-Z0-9_\u00a0-\uffff-]/g, (ch, lead) => {
        if (lead) return lead.replace(/\d$/, (d) => "\\3" + d + " ");
        return "\\" + ch;
      });
    },
  };

  // Snapshot/restore so every render starts from the same randomness and time, whatever the
  // warm-up renders in the zygote consumed.
  function snapshot() {
    return { rngState, clockReads };
  }
  function restore(snap) {
    rngState = snap.rngState;
    clockReads = snap.clockReads;
    timers.clear();
    virtualTime = 0;
    logs.length = 0;
    G.localStorage.clear();
    G.sessionStorage.clear();
  }
  G.__printerEnv = {
    runTimers,
    pendingTimers: () => timers.size,
    logs,
    snapshot,
    restore,
    // Called by a bundle's last script: returns a function that puts the page back as it is now
    // (randomness, clock, timers, storage, an empty body, the head without what calls added),
    // so every call starts on the page the bundle loaded into. (ZenUML's module injects ~900 KB
    // of CSS for its React UI into <head> when it first loads; its SVG renderer does not use it,
    // but the cascade would parse it on the next getComputedStyle, in every child forked
    // after the warm-up.)
    capturePage() {
      const pristine = snapshot();
      const pristineHead = new Set(G.document.head.childNodes);
      return function restorePage() {
        restore(pristine);
        const { head, body } = G.document;
        for (const child of body.childNodes.slice()) body.removeChild(child);
        for (const child of head.childNodes.slice()) if (!pristineHead.has(child)) head.removeChild(child);
      };
    },
  };
  // The host protocol (engine/js/host.js, loaded first) drains these timers and reads the logs.
  if (G.__printer) G.__printer.setEnvironment({ runTimers, logs });
})();
