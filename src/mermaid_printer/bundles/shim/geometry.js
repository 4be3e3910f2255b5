// geometry.js — SVG geometry for the DOM shim: what a browser's layout would answer.
//
// Kept whole: one text and shape layout shared by getBBox, getBoundingClientRect and path lengths,
// which must agree to the pixel.
//
// Serves: getBBox (every Mermaid renderer sizes nodes from it), getComputedTextLength and
// getSubStringLength (text wrapping), getBoundingClientRect (labels, sequence actors),
// getTotalLength/getPointAtLength (edge labels and arrow placement), getScreenCTM/getCTM and
// createSVGPoint (xychart), svg.viewBox.baseVal, and offsetWidth/clientWidth of HTML boxes
// (gantt sizes itself from its container: 800 px wide, as a default mermaid-cli page).
// Text is laid out as Chromium does for SVG <text>: whitespace collapsed, x/y/dx/dy on text and
// tspans (em units from the font size), text-anchor per text chunk, dominant-baseline shifts,
// and widths from text_measure.js (real advance widths and kerning of the embedded font).
// Leaves out: stroke extents (getBBox excludes them anyway), clip/mask, textPath layout,
// vertical writing, bidi, per-glyph rotate, textLength/lengthAdjust.
"use strict";
(function () {
  const G = globalThis;
  const css = G.__printerCss;

  // ---- matrices -------------------------------------------------------------------------------
  class DOMMatrix {
    constructor(a = 1, b = 0, c = 0, d = 1, e = 0, f = 0) {
      if (Array.isArray(a)) [a, b, c, d, e, f] = a;
      this.a = a;
      this.b = b;
      this.c = c;
      this.d = d;
      this.e = e;
      this.f = f;
    }
    multiply(m) {
      return new DOMMatrix(
        this.a * m.a + this.c * m.b,
        this.b * m.a + this.d * m.b,
        this.a * m.c + this.c * m.d,
        this.b * m.c + this.d * m.d,
        this.a * m.e + this.c * m.f + this.e,
        this.b * m.e + this.d * m.f + this.f,
      );
    }
    inverse() {
      const det = this.a * this.d - this.b * this.c;
      if (!det) return new DOMMatrix();
      return new DOMMatrix(
        this.d / det,
        -this.b / det,
        -this.c / det,
        this.a / det,
        (this.c * this.f - this.d * this.e) / det,
        (this.b * this.e - this.a * this.f) / det,
      );
    }
    translate(x = 0, y = 0) {
      return this.multiply(new DOMMatrix(1, 0, 0, 1, x, y));
    }
    scale(sx = 1, sy = sx) {
      return this.multiply(new DOMMatrix(sx, 0, 0, sy, 0, 0));
    }
    apply(x, y) {
      return [this.a * x + this.c * y + this.e, this.b * x + this.d * y + this.f];
    }
    get isIdentity() {
      return this.a === 1 && this.b === 0 && this.c === 0 && this.d === 1 && this.e === 0 && this.f === 0;
    }
  }

  class DOMPoint {
    constructor(x = 0, y = 0) {
      this.x = x;
      this.y = y;
    }
    matrixTransform(m) {
      const [x, y] = m.apply(this.x, this.y);
      return new DOMPoint(x, y);
    }
  }

  function parseTransform(text) {
    let m = new DOMMatrix();
    if (!text) return m;
    const re = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g;
    let hit;
    while ((hit = re.exec(text))) {
      const args = hit[2].split(/[\s,]+/).filter(Boolean).map(Number);
      switch (hit[1]) {
        case "matrix":
          if (args.length === 6) m = m.multiply(new DOMMatrix(args));
          break;
        case "translate":
          m = m.multiply(new DOMMatrix(1, 0, 0, 1, args[0] || 0, args[1] || 0));
          break;
        case "scale":
          m = m.multiply(new DOMMatrix(args[0] ?? 1, 0, 0, args.length > 1 ? args[1] : args[0] ?? 1, 0, 0));
          break;
        case "rotate": {
          const r = ((args[0] || 0) * Math.PI) / 180;
          const cx = args[1] || 0;
          const cy = args[2] || 0;
          const cos = Math.cos(r);
          const sin = Math.sin(r);
          m = m.multiply(new DOMMatrix(1, 0, 0, 1, cx, cy)).multiply(new DOMMatrix(cos, sin, -sin, cos, 0, 0)).multiply(new DOMMatrix(1, 0, 0, 1, -cx, -cy));
          break;
        }
        case "skewX":
          m = m.multiply(new DOMMatrix(1, 0, Math.tan(((args[0] || 0) * Math.PI) / 180), 1, 0, 0));
          break;
        case "skewY":
          m = m.multiply(new DOMMatrix(1, Math.tan(((args[0] || 0) * Math.PI) / 180), 0, 1, 0, 0));
          break;
      }
    }
    return m;
  }

  function transformOf(el) {
    const t = el.getAttribute("transform");
    let m = t ? parseTransform(t) : new DOMMatrix();
    // CSS transforms set through style (rare in Mermaid, used by a few renderers).
    const style = el.getAttribute("style");
    if (style && style.indexOf("transform") >= 0) {
      const v = /(?:^|;)\s*transform\s*:\s*([^;]+)/.exec(style);
      if (v && v[1].trim() !== "none") m = m.multiply(parseTransform(v[1].replace(/(-?[\d.]+)px/g, "$1").replace(/(-?[\d.]+)deg/g, "$1")));
    }
    return m;
  }

  // ---- boxes ----------------------------------------------------------------------------------
  class DOMRect {
    constructor(x = 0, y = 0, width = 0, height = 0) {
      this.x = x;
      this.y = y;
      this.width = width;
      this.height = height;
    }
    get left() {
      return Math.min(this.x, this.x + this.width);
    }
    get top() {
      return Math.min(this.y, this.y + this.height);
    }
    get right() {
      return Math.max(this.x, this.x + this.width);
    }
    get bottom() {
      return Math.max(this.y, this.y + this.height);
    }
    toJSON() {
      return { x: this.x, y: this.y, width: this.width, height: this.height, top: this.top, left: this.left, right: this.right, bottom: this.bottom };
    }
  }

  // What getBBox() returns: an SVGRect, which (unlike DOMRect) has no left/top/right/bottom —
  // Mermaid tells the two apart with `"left" in box` — and holds 32-bit floats, as in Chromium.
  class SVGRect {
    constructor(x = 0, y = 0, width = 0, height = 0) {
      this.x = Math.fround(x);
      this.y = Math.fround(y);
      this.width = Math.fround(width);
      this.height = Math.fround(height);
    }
  }

  // A box as [minX, minY, maxX, maxY] or null for "nothing drawn".
  function unionBox(a, b) {
    if (!a) return b;
    if (!b) return a;
    return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
  }
  function transformBox(box, m) {
    if (!box || m.isIdentity) return box;
    const pts = [m.apply(box[0], box[1]), m.apply(box[2], box[1]), m.apply(box[0], box[3]), m.apply(box[2], box[3])];
    return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
  }

  function num(el, name, fallback = 0) {
    const v = el.getAttribute(name);
    if (v === null || v === "") return fallback;
    const n = parseFloat(v);
    return Number.isFinite(n) ? n : fallback;
  }

  function isHidden(el) {
    const display = el.getAttribute("display");
    if (display === "none") return true;
    const style = el.getAttribute("style");
    return !!style && /(?:^|;)\s*display\s*:\s*none/.test(style);
  }

  const NON_RENDERED = new Set(["defs", "style", "title", "desc", "marker", "clippath", "mask", "pattern", "lineargradient", "radialgradient", "filter", "symbol", "script", "metadata"]);

  // The element's box in its own user space (its own transform not applied).
  function localBox(el) {
    switch (el._lname) {
      case "rect":
      case "image":
      case "foreignobject": {
        const x = num(el, "x");
        const y = num(el, "y");
        return [x, y, x + num(el, "width"), y + num(el, "height")];
      }
      case "circle": {
        const cx = num(el, "cx");
        const cy = num(el, "cy");
        const r = num(el, "r");
        return [cx - r, cy - r, cx + r, cy + r];
      }
      case "ellipse": {
        const cx = num(el, "cx");
        const cy = num(el, "cy");
        const rx = num(el, "rx");
        const ry = num(el, "ry");
        return [cx - rx, cy - ry, cx + rx, cy + ry];
      }
      case "line":
        return [Math.min(num(el, "x1"), num(el, "x2")), Math.min(num(el, "y1"), num(el, "y2")), Math.max(num(el, "x1"), num(el, "x2")), Math.max(num(el, "y1"), num(el, "y2"))];
      case "polygon":
      case "polyline": {
        const pts = (el.getAttribute("points") || "").trim().split(/[\s,]+/).filter(Boolean).map(Number);
        let box = null;
        for (let i = 0; i + 1 < pts.length; i += 2) box = unionBox(box, [pts[i], pts[i + 1], pts[i], pts[i + 1]]);
        return box;
      }
      case "path":
        return pathGeometry(el.getAttribute("d") || "").box;
      case "text":
        return textLayout(el).box;
      case "tspan":
      case "textpath": {
        let t = el._parent;
        while (t && t._lname !== "text") t = t._parent;
        if (!t) return null;
        return textLayout(t).boxes.get(el) || null;
      }
      case "use": {
        const href = el.getAttribute("href") || el.getAttribute("xlink:href") || "";
        const target = href.startsWith("#") ? el._doc.getElementById(href.slice(1)) : null;
        if (!target || target === el) return null;
        const box = target._lname === "symbol" ? childrenBox(target) : localBox(target);
        return box ? [box[0] + num(el, "x"), box[1] + num(el, "y"), box[2] + num(el, "x"), box[3] + num(el, "y")] : null;
      }
      case "svg":
      case "g":
      case "a":
      case "switch":
      case "symbol":
        return childrenBox(el);
      default:
        return el._ns === G.__printerDom.SVG_NS ? childrenBox(el) : htmlBox(el);
    }
  }

  // Shapes that draw nothing (a rect or image with no width or height, a circle or ellipse with
  // no radius, a text with no characters) do not grow their container's box in Chromium; lines
  // and paths do, even when they are a single point.
  function drawsNothing(el) {
    switch (el._lname) {
      case "rect":
      case "image":
      case "foreignobject":
        return !(num(el, "width") > 0 && num(el, "height") > 0);
      case "circle":
        return !(num(el, "r") > 0);
      case "ellipse":
        return !(num(el, "rx") > 0 && num(el, "ry") > 0);
      case "text":
        // Chromium skips a <text> with no glyphs and no child element, but a text holding only
        // an empty <tspan> still counts, as the point (0, 0) (Mermaid's ER comment column).
        return textLayout(el).empty && !el._children.some((c) => c._type === 1);
      default:
        return false;
    }
  }

  const CONTAINERS = new Set(["g", "a", "switch", "symbol", "svg"]);

  function isOriginPoint(b) {
    return b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] === 0;
  }

  // Whether a shape or text sits directly in the container (not only in nested containers).
  function holdsOwnContent(el) {
    return el._children.some(
      (c) => c._type === 1 && !CONTAINERS.has(c._lname) && !NON_RENDERED.has(c._lname) && !isHidden(c) && !drawsNothing(c) && localBox(c),
    );
  }

  // Chromium lets an empty label's zero-size box at the origin grow the container holding it,
  // but a container whose whole box is that empty point, with nothing drawn directly inside it,
  // does not grow its own parent (Mermaid nests empty edge labels three levels down).
  function childrenBox(el) {
    let box = null;
    for (const c of el._children) {
      if (c._type !== 1 || NON_RENDERED.has(c._lname) || isHidden(c) || drawsNothing(c)) continue;
      let b = localBox(c);
      if (!b) continue;
      if (CONTAINERS.has(c._lname) && isOriginPoint(b) && !holdsOwnContent(c)) continue;
      if (c._lname === "svg" && c._parent) {
        b = nestedViewport(c, b);
      }
      box = unionBox(box, transformBox(b, transformOf(c)));
    }
    return box;
  }

  // A nested <svg>'s content box in its parent's user space: its viewBox fitted into its width
  // and height (preserveAspectRatio's default, xMidYMid meet), then moved to its x, y. Iconify
  // icons are drawn so (a 256-unit logo in an 80 px box).
  function nestedViewport(el, b) {
    const x = num(el, "x");
    const y = num(el, "y");
    const v = (el.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
    const width = num(el, "width");
    const height = num(el, "height");
    const aspect = (el.getAttribute("preserveAspectRatio") || "").trim();
    if (v.length !== 4 || !(v[2] > 0 && v[3] > 0) || !(width > 0 && height > 0) || (aspect && aspect !== "xMidYMid meet" && aspect !== "xMidYMid")) {
      return [b[0] + x, b[1] + y, b[2] + x, b[3] + y];
    }
    const scale = Math.min(width / v[2], height / v[3]);
    const dx = x + (width - v[2] * scale) / 2 - v[0] * scale;
    const dy = y + (height - v[3] * scale) / 2 - v[1] * scale;
    return [b[0] * scale + dx, b[1] * scale + dy, b[2] * scale + dx, b[3] * scale + dy];
  }

  // HTML boxes inside SVG (only when a diagram insists on <foreignObject>): text on one line.
  function htmlBox(el) {
    const size = htmlBoxSize(el);
    return [0, 0, size.width, size.height];
  }

  // An element outside the document, or under display:none, has no box in a browser: 0 x 0.
  // (Mermaid hands cytoscape a display:none container it then removes; cytoscape reads its
  // size for the layout's bounds, so 784 px there moved every mindmap node.)
  function isRendered(el) {
    if (!el.isConnected) return false;
    for (let n = el; n && n._type === 1; n = n._parent) if (isHidden(n)) return false;
    return true;
  }

  // `as`: "offset" or "scroll" for the whole pixels offsetWidth/clientWidth and scrollWidth
  // report, the latter including content that overflows the box (with the full HTML box model;
  // Mermaid's estimate below is reported as it is).
  function htmlBoxSize(el, as) {
    if (!isRendered(el)) return { width: 0, height: 0 };
    const full = G.__printerHtmlLayout;
    if (full && full.usesFullModel()) {
      const box = full.elementBox(el);
      if (as === "scroll") return { width: Math.round(box.scrollWidth), height: Math.round(box.scrollHeight) };
      if (as === "offset") return { width: Math.round(box.width), height: Math.round(box.height) };
      return { width: box.width, height: box.height };
    }
    // Boxes holding KaTeX's MathML are laid out for real (html_layout.js, mathml_layout.js).
    const layout = G.__printerHtmlLayout;
    if (layout && G.__printerMathLayout && layout.holdsMath(el)) return layout.boxSize(el);
    const style = el.getAttribute("style") || "";
    const w = /(?:^|;)\s*width\s*:\s*([\d.]+)px/.exec(style);
    const h = /(?:^|;)\s*height\s*:\s*([\d.]+)px/.exec(style);
    const text = el.textContent || "";
    let width;
    if (w) width = parseFloat(w[1]);
    else if (el._lname === "div" || el._lname === "body" || el._lname === "html") width = el._children.some((c) => c._type === 1 && c._ns !== G.__printerDom.HTML_NS) ? 784 : text ? measure(el, collapse(text)).width : 784;
    else width = text ? measure(el, collapse(text)).width : 0;
    const font = css.fontOf(el);
    const height = h ? parseFloat(h[1]) : text ? font.size * 1.5 : 0;
    return { width, height };
  }

  function collapse(text) {
    return text.replace(/[\t\n\r ]+/g, " ").trim();
  }

  // ---- text -----------------------------------------------------------------------------------
  function measure(el, text, font) {
    const f = font || css.fontOf(el);
    if (typeof G.__printerMeasureText !== "function") throw new Error("text measurement is not loaded");
    const m = G.__printerMeasureText(text, { family: f.family, size: f.size, weight: f.weight, style: f.style });
    let width = m.width;
    const ls = f.letterSpacing && f.letterSpacing !== "normal" ? parseFloat(f.letterSpacing) : 0;
    if (ls) width += ls * [...text].length;
    return { width, ascent: m.ascent, descent: m.descent, left: m.left, right: m.right + width - m.width, size: f.size };
  }

  function lengthAttr(el, name, fontSize) {
    const v = el.getAttribute(name);
    if (v === null || v === "") return null;
    const first = v.trim().split(/[\s,]+/)[0];
    const n = parseFloat(first);
    if (!Number.isFinite(n)) return null;
    // Chromium keeps lengths and text positions in 32-bit floats; so do we, so that sums such
    // as three 1.1em lines come out as it reports them (52.199997, not 52.2).
    const f = Math.fround;
    if (/em$/.test(first)) return f(f(n) * f(fontSize));
    if (/ex$/.test(first)) return f(f(n) * f(fontSize) * 0.5);
    if (/%$/.test(first)) return 0;
    return f(n);
  }

  function baselineShift(el, m) {
    let value = null;
    for (let n = el; n && n._type === 1 && value === null; n = n._parent) {
      value = n.getAttribute("dominant-baseline") || n.getAttribute("alignment-baseline") || null;
      if (value === null) {
        const style = n.getAttribute("style");
        const s = style && /(?:^|;)\s*(?:dominant|alignment)-baseline\s*:\s*([\w-]+)/.exec(style);
        if (s) value = s[1];
      }
      if (n._lname === "text") break;
    }
    if (value === null) value = css.computedValue(el, "dominant-baseline");
    switch (value) {
      case "middle":
        return xHeightHalf(m);
      case "central":
        return (m.ascent - m.descent) / 2;
      case "hanging":
      case "text-before-edge":
      case "before-edge":
        return m.ascent;
      case "text-after-edge":
      case "after-edge":
      case "ideographic":
        return -m.descent;
      case "mathematical":
        return m.ascent * 0.5;
      default:
        return 0;
    }
  }
  function xHeightHalf(m) {
    // Chromium's "middle" aligns the x-height's centre; Recursive's x-height is 0.53 em.
    return m.size * 0.53 * 0.5;
  }

  // The cascade decides: a stylesheet rule beats a text-anchor presentation attribute
  // (ishikawa's head label says text-anchor="start", its CSS class says middle; Chromium centres).
  function anchorOf(el) {
    return css.computedValue(el, "text-anchor") || "start";
  }

  const layoutCache = new WeakMap();

  // Lays out a <text>: returns {box, boxes: Map(tspan -> box), length}. Kept until the text's
  // own subtree changes (dom.js bumps `_textVersion` for the nodes computeTextLayout marks) or
  // a computed style of the text may have (css.js stillCurrent).
  function textLayout(text) {
    const version = text._textVersion | 0;
    const cached = layoutCache.get(text);
    if (cached && cached.version === version && css.stillCurrent(text, cached.made)) return cached.layout;
    const made = css.madeNow();
    const layout = computeTextLayout(text);
    layoutCache.set(text, { version, made, layout });
    return layout;
  }

  function computeTextLayout(text) {
    // 1. Collect runs: (text node, element that styles it), with positioning events.
    const runs = [];
    let cx = 0;
    let cy = 0;
    // Chromium places a line at its last absolute y plus the float sum of the dy values since
    // then (three 1.1em lines: -1.6 + 52.800003 = 51.200005, not 51.199997 step by step).
    let yAbs = 0;
    let dySum = 0;
    const chunks = []; // {anchor, runs: []}
    let chunk = null;
    let pendingSpace = false;
    let atStart = true;
    const visit = (el) => {
      el._layoutText = text;
      if (isHidden(el)) return;
      const font = css.fontOf(el);
      const x = lengthAttr(el, "x", font.size);
      const y = lengthAttr(el, "y", font.size);
      const dx = lengthAttr(el, "dx", font.size);
      const dy = lengthAttr(el, "dy", font.size);
      if (x !== null) cx = x;
      if (y !== null) {
        yAbs = y;
        dySum = 0;
      }
      if (dx !== null) cx = Math.fround(cx + dx);
      if (dy !== null) dySum = Math.fround(dySum + dy);
      cy = Math.fround(yAbs + dySum);
      if (x !== null || y !== null || !chunk) {
        chunk = { anchor: anchorOf(el), runs: [] };
        chunks.push(chunk);
      }
      for (const child of el._children) {
        if (child._type === 3) {
          child._layoutText = text;
          let s = child._data.replace(/[\t\n\r]/g, " ");
          if (!s) continue;
          const lead = s[0] === " ";
          s = s.replace(/ +/g, " ");
          if ((atStart || pendingSpace) && lead) s = s.slice(1);
          if (!s) continue;
          pendingSpace = s[s.length - 1] === " ";
          atStart = false;
          const m = measure(el, s, font);
          // Where the alphabetic baseline sits: y moved by the dominant-baseline in effect.
          const base = Math.fround(cy + baselineShift(el, m));
          const top = Math.fround(base - m.ascent);
          const bottom = Math.fround(top + Math.fround(m.ascent + m.descent));
          const run = { el, text: s, x: cx, width: m.width, top, bottom, m };
          runs.push(run);
          chunk.runs.push(run);
          cx = Math.fround(cx + m.width);
        } else if (child._type === 1 && (child._lname === "tspan" || child._lname === "textpath" || child._lname === "a")) {
          visit(child);
        }
      }
    };
    visit(text);
    // Trailing space of the whole text is not drawn.
    const last = runs[runs.length - 1];
    if (last && last.text.endsWith(" ")) {
      const trimmed = last.text.slice(0, -1);
      const m = trimmed ? measure(last.el, trimmed) : { width: 0, left: 0, right: 0 };
      last.width = m.width;
      last.m = Object.assign({}, last.m, { width: m.width, left: m.left, right: m.right });
      last.text = trimmed;
    }
    // 2. Anchor each chunk.
    for (const c of chunks) {
      if (!c.runs.length) continue;
      const start = c.runs[0].x;
      const end = c.runs[c.runs.length - 1].x + c.runs[c.runs.length - 1].width;
      const shift = c.anchor === "middle" ? -(end - start) / 2 : c.anchor === "end" ? -(end - start) : 0;
      if (shift) for (const r of c.runs) r.x += shift;
    }
    // 3. Boxes per element (a tspan's box covers its own runs and its descendants').
    const boxes = new Map();
    let box = null;
    let length = 0;
    for (const r of runs) {
      // The box covers the advance and the glyph ink that sticks out of it (as in Chromium).
      const f = Math.fround;
      const b = [f(r.x + r.m.left), r.top, f(r.x + r.width + Math.max(0, r.m.right - r.m.width)), r.bottom];
      box = unionBox(box, b);
      length += r.width;
      for (let n = r.el; n && n !== text; n = n._parent) boxes.set(n, unionBox(boxes.get(n) || null, b));
    }
    // A text without glyphs has Chromium's empty box at the origin, wherever x and y put it.
    const empty = !box;
    if (empty) box = [0, 0, 0, 0];
    return { box, boxes, length, runs, empty };
  }

  // ---- paths ----------------------------------------------------------------------------------
  const pathCache = new Map();

  // Parses path data into segments of lines and cubics (quadratics and arcs converted).
  function pathGeometry(d) {
    let geo = pathCache.get(d);
    if (geo) return geo;
    const segments = [];
    const tokens = String(d).match(/[a-zA-Z]|[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?/g) || [];
    let i = 0;
    let cmd = "";
    let x = 0;
    let y = 0;
    let sx = 0;
    let sy = 0;
    let lcx = 0;
    let lcy = 0;
    let lq = null;
    // Skia parses path data into 32-bit floats, relative coordinates summed as floats.
    const numAt = () => Math.fround(parseFloat(tokens[i++]));
    const isNum = () => i < tokens.length && !/[a-zA-Z]/.test(tokens[i]);
    const line = (nx, ny) => {
      segments.push({ type: "L", p: [x, y, nx, ny] });
      x = nx;
      y = ny;
    };
    const cubic = (x1, y1, x2, y2, nx, ny) => {
      segments.push({ type: "C", p: [x, y, x1, y1, x2, y2, nx, ny] });
      lcx = x2;
      lcy = y2;
      x = nx;
      y = ny;
    };
    while (i < tokens.length) {
      if (/[a-zA-Z]/.test(tokens[i])) cmd = tokens[i++];
      else if (!cmd) {
        i++;
        continue;
      }
      const rel = cmd === cmd.toLowerCase();
      const ox = rel ? x : 0;
      const oy = rel ? y : 0;
      const C = cmd.toUpperCase();
      if (C !== "Z" && !isNum()) continue;
      switch (C) {
        case "M": {
          x = Math.fround(numAt() + ox);
          y = Math.fround(numAt() + oy);
          sx = x;
          sy = y;
          segments.push({ type: "M", p: [x, y] });
          cmd = rel ? "l" : "L";
          break;
        }
        case "L":
          line(Math.fround(numAt() + ox), Math.fround(numAt() + oy));
          break;
        case "H":
          line(Math.fround(numAt() + ox), y);
          break;
        case "V":
          line(x, Math.fround(numAt() + oy));
          break;
        case "C": {
          const a = [Math.fround(numAt() + ox), Math.fround(numAt() + oy), Math.fround(numAt() + ox), Math.fround(numAt() + oy), Math.fround(numAt() + ox), Math.fround(numAt() + oy)];
          cubic(...a);
          break;
        }
        case "S": {
          const last = segments[segments.length - 1];
          const rx = last && last.type === "C" ? 2 * x - lcx : x;
          const ry = last && last.type === "C" ? 2 * y - lcy : y;
          const a = [Math.fround(numAt() + ox), Math.fround(numAt() + oy), Math.fround(numAt() + ox), Math.fround(numAt() + oy)];
          cubic(rx, ry, ...a);
          break;
        }
        case "Q": {
          const qx = Math.fround(numAt() + ox);
          const qy = Math.fround(numAt() + oy);
          const nx = Math.fround(numAt() + ox);
          const ny = Math.fround(numAt() + oy);
          cubic(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), nx + (2 / 3) * (qx - nx), ny + (2 / 3) * (qy - ny), nx, ny);
          lq = [qx, qy];
          break;
        }
        case "T": {
          const qx = lq ? 2 * x - lq[0] : x;
          const qy = lq ? 2 * y - lq[1] : y;
          const nx = Math.fround(numAt() + ox);
          const ny = Math.fround(numAt() + oy);
          cubic(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), nx + (2 / 3) * (qx - nx), ny + (2 / 3) * (qy - ny), nx, ny);
          lq = [qx, qy];
          break;
        }
        case "A": {
          const rx = numAt();
          const ry = numAt();
          const rot = numAt();
          const large = numAt();
          const sweep = numAt();
          const nx = Math.fround(numAt() + ox);
          const ny = Math.fround(numAt() + oy);
          for (const c of arcToCubics(x, y, rx, ry, rot, large, sweep, nx, ny)) {
            cubic(c[0], c[1], c[2], c[3], c[4], c[5]);
            segments[segments.length - 1].box = c[6];
          }
          break;
        }
        case "Z":
          if (x !== sx || y !== sy) line(sx, sy);
          x = sx;
          y = sy;
          segments.push({ type: "Z", p: [sx, sy] });
          break;
        default:
          i++;
      }
      if (C !== "Q" && C !== "T") lq = null;
    }
    let box = null;
    let total = 0;
    for (const s of segments) {
      if (s.type === "M" || s.type === "Z") {
        box = unionBox(box, [s.p[0], s.p[1], s.p[0], s.p[1]]);
        s.length = 0;
        continue;
      }
      if (s.type === "L") {
        box = unionBox(box, [Math.min(s.p[0], s.p[2]), Math.min(s.p[1], s.p[3]), Math.max(s.p[0], s.p[2]), Math.max(s.p[1], s.p[3])]);
        s.length = Math.hypot(s.p[2] - s.p[0], s.p[3] - s.p[1]);
      } else {
        box = unionBox(box, s.box || cubicBox(s.p));
        s.length = cubicLength(s.p);
      }
      total += s.length;
    }
    geo = { segments, box, total };
    if (pathCache.size > 2000) pathCache.clear();
    pathCache.set(d, geo);
    return geo;
  }

  function arcToCubics(x1, y1, rx, ry, angle, large, sweep, x2, y2) {
    if ((x1 === x2 && y1 === y2) || !rx || !ry) return [[x1, y1, x2, y2, x2, y2]];
    rx = Math.abs(rx);
    ry = Math.abs(ry);
    const phi = (angle * Math.PI) / 180;
    const cos = Math.cos(phi);
    const sin = Math.sin(phi);
    const dx = (x1 - x2) / 2;
    const dy = (y1 - y2) / 2;
    const x1p = cos * dx + sin * dy;
    const y1p = -sin * dx + cos * dy;
    const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
    if (lambda > 1) {
      rx *= Math.sqrt(lambda);
      ry *= Math.sqrt(lambda);
    }
    const sign = large === sweep ? -1 : 1;
    const num2 = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
    const coef = sign * Math.sqrt(Math.max(0, num2 / (rx * rx * y1p * y1p + ry * ry * x1p * x1p)));
    const cxp = (coef * rx * y1p) / ry;
    const cyp = (-coef * ry * x1p) / rx;
    const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
    const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
    const angleOf = (ux, uy, vx, vy) => {
      const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
      return a;
    };
    const t1 = angleOf(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
    let dt = angleOf((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
    if (!sweep && dt > 0) dt -= 2 * Math.PI;
    if (sweep && dt < 0) dt += 2 * Math.PI;
    const parts = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2)));
    const step = dt / parts;
    const out = [];
    const k = (4 / 3) * Math.tan(step / 4);
    const pt = (ex, ey) => [cos * rx * ex - sin * ry * ey + cx, sin * rx * ex + cos * ry * ey + cy];
    // The cubics only approximate the ellipse (their hull bulges by up to ~0.03% of the
    // radius); Chromium's box is the true arc's, so each piece also carries its exact box: the
    // end points plus the ellipse's horizontal and vertical extremes that fall inside it.
    const extremes = [Math.atan2(-ry * sin, rx * cos), Math.atan2(ry * cos, rx * sin)];
    const exactBox = (from, to) => {
      const lo = Math.min(from, to);
      const hi = Math.max(from, to);
      let b = null;
      for (const angle of [from, to]) {
        const p = pt(Math.cos(angle), Math.sin(angle));
        b = unionBox(b, [p[0], p[1], p[0], p[1]]);
      }
      for (const base of extremes) {
        for (let a = base - 4 * Math.PI; a <= hi; a += Math.PI) {
          if (a > lo && a < hi) {
            const p = pt(Math.cos(a), Math.sin(a));
            b = unionBox(b, [p[0], p[1], p[0], p[1]]);
          }
        }
      }
      return b;
    };
    let t = t1;
    for (let p = 0; p < parts; p++) {
      const c1 = Math.cos(t);
      const s1 = Math.sin(t);
      const c2 = Math.cos(t + step);
      const s2 = Math.sin(t + step);
      const [ax, ay] = pt(c1 - k * s1, s1 + k * c1);
      const [bx, by] = pt(c2 + k * s2, s2 - k * c2);
      const [ex, ey] = pt(c2, s2);
      out.push([ax, ay, bx, by, ex, ey, exactBox(t, t + step)]);
      t += step;
    }
    return out;
  }

  function cubicPoint(p, t) {
    const mt = 1 - t;
    const a = mt * mt * mt;
    const b = 3 * mt * mt * t;
    const c = 3 * mt * t * t;
    const d = t * t * t;
    return [a * p[0] + b * p[2] + c * p[4] + d * p[6], a * p[1] + b * p[3] + c * p[5] + d * p[7]];
  }

  function cubicBox(p) {
    let box = [Math.min(p[0], p[6]), Math.min(p[1], p[7]), Math.max(p[0], p[6]), Math.max(p[1], p[7])];
    for (const axis of [0, 1]) {
      const p0 = p[axis];
      const p1 = p[axis + 2];
      const p2 = p[axis + 4];
      const p3 = p[axis + 6];
      // derivative: a t^2 + b t + c
      const a = -p0 + 3 * p1 - 3 * p2 + p3;
      const b = 2 * (p0 - 2 * p1 + p2);
      const c = p1 - p0;
      const roots = [];
      if (Math.abs(a) < 1e-12) {
        if (Math.abs(b) > 1e-12) roots.push(-c / b);
      } else {
        const disc = b * b - 4 * a * c;
        if (disc >= 0) {
          const s = Math.sqrt(disc);
          roots.push((-b + s) / (2 * a), (-b - s) / (2 * a));
        }
      }
      for (const t of roots) {
        if (t > 0 && t < 1) {
          const pt = cubicPoint(p, t);
          box = unionBox(box, [pt[0], pt[1], pt[0], pt[1]]);
        }
      }
    }
    return box;
  }

  const CUBIC_STEPS = 24;
  function cubicLength(p) {
    let len = 0;
    let prev = [p[0], p[1]];
    for (let s = 1; s <= CUBIC_STEPS; s++) {
      const pt = cubicPoint(p, s / CUBIC_STEPS);
      len += Math.hypot(pt[0] - prev[0], pt[1] - prev[1]);
      prev = pt;
    }
    return len;
  }

  function pointAtLength(geo, distance) {
    let remaining = Math.max(0, distance);
    let lastPoint = [0, 0];
    for (const s of geo.segments) {
      if (s.type === "M" || s.type === "Z") {
        lastPoint = [s.p[0], s.p[1]];
        continue;
      }
      if (remaining <= s.length) {
        if (s.type === "L") {
          const t = s.length ? remaining / s.length : 0;
          return [s.p[0] + (s.p[2] - s.p[0]) * t, s.p[1] + (s.p[3] - s.p[1]) * t];
        }
        // walk the cubic in small steps
        let acc = 0;
        let prev = [s.p[0], s.p[1]];
        for (let k = 1; k <= CUBIC_STEPS; k++) {
          const pt = cubicPoint(s.p, k / CUBIC_STEPS);
          const step = Math.hypot(pt[0] - prev[0], pt[1] - prev[1]);
          if (acc + step >= remaining) {
            const t = step ? (remaining - acc) / step : 0;
            return [prev[0] + (pt[0] - prev[0]) * t, prev[1] + (pt[1] - prev[1]) * t];
          }
          acc += step;
          prev = pt;
        }
        return [s.p[6], s.p[7]];
      }
      remaining -= s.length;
      lastPoint = s.type === "L" ? [s.p[2], s.p[3]] : [s.p[6], s.p[7]];
    }
    return lastPoint;
  }

  function shapeLength(el) {
    switch (el._lname) {
      case "path":
        return pathGeometry(el.getAttribute("d") || "").total;
      case "line":
        return Math.hypot(num(el, "x2") - num(el, "x1"), num(el, "y2") - num(el, "y1"));
      case "rect":
        return 2 * (num(el, "width") + num(el, "height"));
      case "circle":
        return 2 * Math.PI * num(el, "r");
      case "polyline":
      case "polygon": {
        const pts = (el.getAttribute("points") || "").trim().split(/[\s,]+/).filter(Boolean).map(Number);
        let len = 0;
        for (let i = 2; i + 1 < pts.length; i += 2) len += Math.hypot(pts[i] - pts[i - 2], pts[i + 1] - pts[i - 1]);
        if (el._lname === "polygon" && pts.length >= 4) len += Math.hypot(pts[0] - pts[pts.length - 2], pts[1] - pts[pts.length - 1]);
        return len;
      }
    }
    return 0;
  }

  // ---- the element methods ------------------------------------------------------------------
  function ctmOf(el) {
    let m = new DOMMatrix();
    const chain = [];
    for (let n = el; n && n._type === 1; n = n._parent) chain.unshift(n);
    for (const n of chain) {
      if (n._ns !== G.__printerDom.SVG_NS) continue;
      m = m.multiply(transformOf(n));
    }
    return m;
  }

  const E = G.Element.prototype;
  E.getBBox = function getBBox() {
    const box = localBox(this) || [0, 0, 0, 0];
    // Chromium's rect holds float edges; its width is the float difference of those edges.
    const f = Math.fround;
    const x = f(box[0]);
    const y = f(box[1]);
    return new SVGRect(x, y, f(f(box[2]) - x), f(f(box[3]) - y));
  };
  E.getComputedTextLength = function getComputedTextLength() {
    if (this._lname === "text") return textLayout(this).length;
    let t = this._parent;
    while (t && t._lname !== "text") t = t._parent;
    if (!t) return 0;
    const layout = textLayout(t);
    let len = 0;
    for (const r of layout.runs) for (let n = r.el; n; n = n._parent) if (n === this) len += r.width;
    return len;
  };
  E.getSubStringLength = function getSubStringLength(start, count) {
    const text = collapse(this.textContent || "");
    const sub = text.substr(start, count);
    return sub ? measure(this, sub).width : 0;
  };
  E.getNumberOfChars = function getNumberOfChars() {
    return collapse(this.textContent || "").length;
  };
  E.getBoundingClientRect = function getBoundingClientRect() {
    let box;
    if (this._ns === G.__printerDom.SVG_NS) {
      box = localBox(this);
      if (box) box = transformBox(box, ctmOf(this));
    } else {
      const size = htmlBoxSize(this);
      box = [0, 0, size.width, size.height];
    }
    box = box || [0, 0, 0, 0];
    return new DOMRect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
  };
  E.getClientRects = function getClientRects() {
    return [this.getBoundingClientRect()];
  };
  E.getTotalLength = function getTotalLength() {
    return shapeLength(this);
  };
  E.getPointAtLength = function getPointAtLength(distance) {
    if (this._lname !== "path") return new DOMPoint(0, 0);
    const [x, y] = pointAtLength(pathGeometry(this.getAttribute("d") || ""), distance);
    return new DOMPoint(x, y);
  };
  E.isPointInFill = function isPointInFill() {
    return false;
  };
  E.getScreenCTM = function getScreenCTM() {
    return ctmOf(this);
  };
  E.getCTM = function getCTM() {
    return ctmOf(this);
  };
  E.createSVGPoint = function createSVGPoint() {
    return new DOMPoint(0, 0);
  };
  E.createSVGMatrix = function createSVGMatrix() {
    return new DOMMatrix();
  };
  Object.defineProperty(E, "viewBox", {
    get() {
      const v = (this.getAttribute("viewBox") || "").trim().split(/[\s,]+/).map(Number);
      const baseVal = v.length === 4 && v.every(Number.isFinite) ? { x: v[0], y: v[1], width: v[2], height: v[3] } : null;
      return { baseVal, animVal: baseVal };
    },
  });
  // element.transform.baseVal: d3's transform interpolation (a transition of `transform`, as
  // markmap-view runs on every node) reads the attribute back as one matrix through
  // consolidate(), null when there is none. Chromium's SVGMatrix holds 32-bit floats.
  Object.defineProperty(G.SVGElement.prototype, "transform", {
    get() {
      const el = this;
      const text = () => String(el.getAttribute("transform") || "").trim();
      const baseVal = {
        get numberOfItems() {
          return (text().match(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(/g) || []).length;
        },
        consolidate() {
          if (!text()) return null;
          const m = parseTransform(text());
          const f = Math.fround;
          return { matrix: new DOMMatrix(f(m.a), f(m.b), f(m.c), f(m.d), f(m.e), f(m.f)) };
        },
      };
      return { baseVal, animVal: baseVal };
    },
  });
  for (const dim of ["width", "height", "x", "y"]) {
    Object.defineProperty(G.SVGElement.prototype, dim, {
      get() {
        const value = num(this, dim);
        return { baseVal: { value, valueAsString: String(value) }, animVal: { value } };
      },
    });
  }

  G.DOMMatrix = DOMMatrix;
  G.SVGMatrix = DOMMatrix;
  G.DOMPoint = DOMPoint;
  G.SVGPoint = DOMPoint;
  G.DOMRect = DOMRect;
  G.SVGRect = SVGRect;
  G.__printerGeometry = { htmlBoxSize, textLayout, pathGeometry, parseTransform };
})();
