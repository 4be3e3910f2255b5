// html_layout.js — lays out the small HTML fragments Mermaid puts in <foreignObject> the way
// Chromium does, so they can be drawn as SVG text.
//
// Kept whole: one inline-layout algorithm (tokenize, break lines, place boxes) whose steps share
// the box model's state; apart, no part would be usable alone.
//
// Serves: foreign_objects.js (which replaces every <foreignObject> of a finished SVG with SVG
// text) and geometry.js's size of an HTML box that holds MathML. Mermaid emits HTML even with
// htmlLabels off for event-modeling boxes, venn text nodes, journey/timeline/c4/sequence text
// with textPlacement "fo", architecture iconText and KaTeX math; this is the layout those need.
//
// API: __printerHtmlLayout.layoutBox(element, width, height) -> {width, height, lines, atoms}
//   lays out the children of `element` (a <foreignObject> or an HTML element) in a box of the
//   given size, the box's origin at (0, 0): lines = [{baseline, frags: [{x, text, width, style}]}],
//   atoms = [{x, baseline, item}] (inline objects such as math, drawn by their own module).
//   __printerHtmlLayout.styleOf(element) -> the resolved style of an HTML element.
//   __printerHtmlLayout.fontSpec(style) -> the font in __printerMeasureText's terms.
//
// The model (CSS 2 inline and block layout, the parts Mermaid's markup uses):
// - Styles: the shim's cascade (css.js) for what the author's CSS and inline styles say, under a
//   user-agent layer for the tags labels contain (b/strong bold, i/em italic, code/pre
//   monospace, small/sub/sup smaller, div/p/pre/li block, pre keeps white space, center).
// - Blocks stack vertically; `display: table` with one `table-cell` child centres its content
//   by `vertical-align`; `display: flex` (row) places its items side by side, each as wide as its
//   content allows, aligned by `justify-content` and `align-items` (centring is unsafe: an item
//   wider than the box overflows both sides, as in Chromium); `width`, `height` (px or % of a
//   definite size) and `max-width` are honoured; other blocks fill the available width.
// - Inline content: white-space collapsing (normal, nowrap, pre, pre-wrap, pre-line), <br>,
//   greedy line breaking at spaces, after hyphens, at zero-width spaces and between CJK
//   characters, never inside a word (overflow-wrap: normal); trailing spaces hang;
//   text-align left/center/right (start-aligned when a line overflows).
// - Line boxes for line-height `normal` or a number/length: each font's ascent, descent and line
//   gap rounded to whole pixels, the half-leading split with the top half floored (as LayoutNG
//   does); the block's strut always counts (standards mode). Offsets are kept to 1/64 px.
// Leaves out: margins, padding, borders and backgrounds of HTML boxes, floats, positioning (the
// full model takes absolutely positioned boxes out of the flow and draws nothing of them),
// images, tables with more than one cell per row, column flex, text-decoration, letter-spacing,
// bidi, hyphenation and every break opportunity UAX #14 has beyond those listed above.
"use strict";
(function () {
  const G = globalThis;
  const css = G.__printerCss;

  const HTML_NS = "http://www.w3.org/1999/xhtml";
  const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

  // The full box model (see setFullModel): margins, borders, padding, backgrounds, text
  // decorations, inline-blocks, inline <svg> and tables with rows and columns. Off by default:
  // Mermaid's labels keep the model their fidelity was measured with.
  let fullModel = false;
  const boxes = () => G.__printerHtmlBoxes;

  // The user-agent stylesheet, for the tags Mermaid labels contain (Chromium's html.css).
  const BLOCK_TAGS = new Set([
    "div", "p", "pre", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "center", "section",
    "header", "footer", "article", "aside", "nav", "address", "dl", "dt", "dd", "figure", "figcaption", "hr",
    "main", "form", "fieldset", "details", "summary", "body", "html", "table", "tr", "td", "th",
  ]);
  const UA = {
    b: { "font-weight": "bold" },
    strong: { "font-weight": "bold" },
    th: { "font-weight": "bold", "text-align": "center" },
    i: { "font-style": "italic" },
    em: { "font-style": "italic" },
    cite: { "font-style": "italic" },
    var: { "font-style": "italic" },
    dfn: { "font-style": "italic" },
    address: { "font-style": "italic" },
    code: { "font-family": "monospace" },
    kbd: { "font-family": "monospace" },
    samp: { "font-family": "monospace" },
    tt: { "font-family": "monospace" },
    pre: { "font-family": "monospace", "white-space": "pre" },
    small: { "font-size": "smaller" },
    big: { "font-size": "larger" },
    sub: { "font-size": "smaller", "vertical-align": "sub" },
    sup: { "font-size": "smaller", "vertical-align": "super" },
    center: { "text-align": "center" },
    h1: { "font-size": "2em", "font-weight": "bold" },
    h2: { "font-size": "1.5em", "font-weight": "bold" },
    h3: { "font-size": "1.17em", "font-weight": "bold" },
    h4: { "font-weight": "bold" },
    h5: { "font-size": "0.83em", "font-weight": "bold" },
    h6: { "font-size": "0.67em", "font-weight": "bold" },
    table: { display: "table" },
    tr: { display: "table-row" },
    td: { display: "table-cell" },
    li: { display: "list-item" },
  };
  UA.th.display = "table-cell";
  // With the full model (markmap's labels, where raw HTML may hold a form control): Chromium's
  // <button> is an inline-block in `font: -webkit-small-control` (Arial 13.33px on Debian,
  // weight and line height reset), centred (its padding and 2px border: html_boxes.js).
  const SMALL_CONTROL_FONT = {
    "font-family": "Arial",
    "font-size": "13.333333px",
    "font-weight": "400",
    "font-style": "normal",
    "line-height": "normal",
    "text-transform": "none",
  };
  const FULL_MODEL_UA = {
    input: SMALL_CONTROL_FONT,
    button: {
      ...SMALL_CONTROL_FONT,
      display: "inline-block",
      "text-align": "center",
      color: "rgb(0, 0, 0)",
    },
  };

  // What katex.css (loaded by mermaid-cli's page, and by the reference's) says about KaTeX's
  // wrapper: `.katex { font: normal 1.21em KaTeX_Main, Times New Roman, serif; line-height: 1.2 }`.
  // It sits under the author's CSS like the user-agent layer.
  const PAGE_CLASS_RULES = {
    katex: { "font-size": "1.21em", "line-height": "1.2", "font-family": 'KaTeX_Main, "Times New Roman", serif', "font-weight": "normal", "font-style": "normal" },
  };

  // Properties the layout reads; `true` = inherited.
  const PROPS = {
    "font-family": true,
    "font-size": true,
    "font-weight": true,
    "font-style": true,
    color: true,
    "white-space": true,
    "text-align": true,
    "line-height": true,
    "text-transform": true,
    visibility: true,
    display: false,
    "vertical-align": false,
    "align-items": false,
    "justify-content": false,
    "flex-direction": false,
    width: false,
    height: false,
    "max-width": false,
    "border-collapse": true,
  };
  const PROP_NAMES = Object.keys(PROPS);
  const INITIAL = {
    "font-family": "Times New Roman",
    "font-size": "16px",
    "font-weight": "400",
    "font-style": "normal",
    color: "rgb(0, 0, 0)",
    "white-space": "normal",
    "text-align": "start",
    "line-height": "normal",
    "text-transform": "none",
    visibility: "visible",
    display: "inline",
    "vertical-align": "baseline",
    "align-items": "normal",
    "justify-content": "normal",
    "flex-direction": "row",
    width: "auto",
    height: "auto",
    "max-width": "none",
    "border-collapse": "separate",
  };

  function isElement(n) {
    return n && n.nodeType === 1;
  }
  function lname(el) {
    return String(el.localName || "").toLowerCase();
  }
  // Inside a <foreignObject>: HTML or MathML (the SVG around it only passes on inherited style).
  function isContent(el) {
    return isElement(el) && (el.namespaceURI === HTML_NS || el.namespaceURI === MATHML_NS);
  }

  // The style of the element that holds the HTML (a <foreignObject>, or anything else when
  // geometry asks about a detached box): the shim's computed values, inherited into the HTML.
  function rootStyle(el) {
    if (fullModel) return inheritedStyle(el);
    const st = {};
    for (const prop of Object.keys(PROPS)) {
      st[prop] = PROPS[prop] ? (isElement(el) ? css.computedValue(el, prop) : INITIAL[prop]) || INITIAL[prop] : INITIAL[prop];
    }
    st.sizePx = parseFloat(st["font-size"]) || 16;
    st.weightNum = parseFloat(st["font-weight"]) || 400;
    return st;
  }

  // With the full model: the inherited properties of an element outside the HTML (the
  // <foreignObject> and the SVG above it), from one cascade pass per element, each ancestor's
  // kept until the DOM next changes (every label's style starts from the same few ancestors).
  const inheritedCache = new WeakMap();
  function inheritedStyle(el) {
    if (!isElement(el)) {
      const st = Object.assign({}, INITIAL);
      st.sizePx = 16;
      st.weightNum = 400;
      return st;
    }
    const version = G.__printerDom ? G.__printerDom.version() : 0;
    const cached = inheritedCache.get(el);
    if (cached && cached.version === version) return cached.style;
    const base = inheritedStyle(el.parentNode);
    const own = css.substitutedValues(el);
    const known = sharedStyle(own, base, "");
    if (known !== undefined) {
      inheritedCache.set(el, { version, style: known });
      return known;
    }
    const st = {};
    for (const prop of PROP_NAMES) {
      if (!PROPS[prop]) {
        st[prop] = INITIAL[prop];
        continue;
      }
      let value = own.get(prop);
      if (value === undefined || value === "inherit" || value === "unset") value = base[prop];
      else if (value === "initial") value = INITIAL[prop];
      st[prop] = String(value).trim() || INITIAL[prop];
    }
    st.sizePx = css.absoluteFontSize(st["font-size"], base.sizePx);
    st["font-size"] = st.sizePx + "px";
    st.weightNum = css.absoluteWeight(st["font-weight"], base.weightNum);
    st["font-weight"] = String(st.weightNum);
    inheritedCache.set(el, { version, style: st });
    shareStyle(own, base, "", st);
    return st;
  }

  // With the full model, a style is a function of the element's substituted values (css.js
  // shares one such map among the elements that agree on everything it is made from), of its
  // parent's style and of what the user-agent layer reads beyond those (`extra`): elements of
  // every label that agree on these share one style object, across DOM changes. Nothing changes
  // a style object once it is made.
  const sharedStyles = new WeakMap(); // substituted values -> parent style -> extra -> style
  function sharedStyle(own, base, extra) {
    const byBase = sharedStyles.get(own);
    const byExtra = byBase && byBase.get(base);
    return byExtra && byExtra.get(extra);
  }
  function shareStyle(own, base, extra, st) {
    let byBase = sharedStyles.get(own);
    if (!byBase) sharedStyles.set(own, (byBase = new WeakMap()));
    let byExtra = byBase.get(base);
    if (!byExtra) byBase.set(base, (byExtra = new Map()));
    byExtra.set(extra, st);
  }

  const styleCache = new WeakMap();

  /** The resolved style of an HTML (or MathML) element: author cascade over the UA layer. */
  function styleOf(el) {
    const cached = styleCache.get(el);
    const version = G.__printerDom ? G.__printerDom.version() : 0;
    if (cached && cached.version === version) return cached.style;
    const parent = el.parentNode;
    const parentStyle = isContent(parent) ? styleOf(parent) : rootStyle(parent);
    let shareOwn;
    let shareKey;
    if (fullModel) {
      shareOwn = css.substitutedValues(el);
      shareKey = el.getAttribute("href") !== null ? "href" : ""; // a link's colour (html_boxes.js uaColor)
      if (lname(el) === "input") shareKey += "|" + inputType(el); // a button's edges are not a field's
      const known = sharedStyle(shareOwn, parentStyle, shareKey);
      if (known !== undefined) {
        styleCache.set(el, { version, style: known });
        return known;
      }
    }
    let ua = UA[lname(el)] || {};
    if (fullModel && FULL_MODEL_UA[lname(el)]) ua = FULL_MODEL_UA[lname(el)];
    const cls = el.getAttribute("class");
    if (cls) {
      for (const name of String(cls).split(/\s+/)) if (PAGE_CLASS_RULES[name]) ua = Object.assign({}, ua, PAGE_CLASS_RULES[name]);
    }
    if (fullModel) {
      const color = boxes().uaColor(el);
      if (color !== undefined) ua = Object.assign({}, ua, { color });
    }
    const st = {};
    const substituted = fullModel ? css.substitutedValues(el) : null;
    for (const prop of PROP_NAMES) {
      let value = css.cascadedValue ? (substituted ? substituted.get(prop) : css.cascadedValue(el, prop)) : undefined;
      if (value === "inherit" || (fullModel && value === "unset" && PROPS[prop])) value = parentStyle[prop];
      else if (value === "initial" || (fullModel && value === "unset")) value = INITIAL[prop];
      if (value === undefined) value = ua[prop];
      if (value === undefined) value = PROPS[prop] ? parentStyle[prop] : INITIAL[prop];
      st[prop] = String(value).trim();
    }
    if (!(css.cascadedValue && css.cascadedValue(el, "display") !== undefined) && !ua.display && BLOCK_TAGS.has(lname(el))) {
      st.display = "block";
    }
    st.parentSizePx = parentStyle.sizePx;
    st.sizePx = css.absoluteFontSize(st["font-size"], parentStyle.sizePx);
    st["font-size"] = st.sizePx + "px";
    st.weightNum = css.absoluteWeight(st["font-weight"], parentStyle.weightNum);
    st["font-weight"] = String(st.weightNum);
    styleCache.set(el, { version, style: st });
    if (fullModel) shareStyle(shareOwn, parentStyle, shareKey, st);
    return st;
  }

  function fontSpec(st) {
    return { family: st["font-family"], size: st.sizePx, weight: st.weightNum, style: st["font-style"] };
  }

  function fontKey(st) {
    return st["font-family"] + "\u0000" + st.sizePx + "\u0000" + st.weightNum + "\u0000" + st["font-style"];
  }

  function measureWidth(text, st) {
    if (!text) return 0;
    return G.__printerMeasureText(text, fontSpec(st)).width;
  }

  // Ascent, descent and line gap in whole pixels, as Chromium's SimpleFontData rounds them.
  // text_measure.js reports the rounded ascent/descent; it has no line gap yet (then 0).
  const metricsCache = new Map();
  function fontMetrics(st) {
    const key = fontKey(st);
    let m = metricsCache.get(key);
    if (!m) {
      const r = G.__printerMeasureText("", fontSpec(st));
      const gap = typeof r.lineGap === "number" ? Math.round(r.lineGap) : 0;
      m = { ascent: r.ascent, descent: r.descent, lineGap: gap };
      metricsCache.set(key, m);
    }
    return m;
  }

  function lineHeightOf(st, m) {
    const v = st["line-height"];
    if (!v || v === "normal") return m.ascent + m.descent + m.lineGap;
    const n = /^(-?[\d.]+)(px|em|%)?$/.exec(v);
    if (!n) return m.ascent + m.descent + m.lineGap;
    const x = parseFloat(n[1]);
    if (!n[2]) return x * st.sizePx;
    if (n[2] === "em") return x * st.sizePx;
    if (n[2] === "%") return (x * st.sizePx) / 100;
    return x;
  }

  // The part of a line one inline box takes above and below the baseline (LayoutNG: the
  // half-leading above is floored to a whole pixel, the rest goes below).
  function inlineBoxExtent(st, shift) {
    const m = fontMetrics(st);
    const lh = lineHeightOf(st, m);
    const leading = lh - (m.ascent + m.descent);
    const top = Math.floor(leading / 2);
    return { above: m.ascent + top - (shift || 0), below: m.descent + (leading - top) + (shift || 0) };
  }

  function toLayoutUnit(v) {
    return Math.floor(v * 64 + 1e-6) / 64;
  }

  // ---- inline content -------------------------------------------------------------------------

  function displayOf(el) {
    if (!isElement(el)) return "inline";
    if (el.namespaceURI === MATHML_NS || lname(el) === "math") {
      if (lname(el) !== "math") return "inline";
      return String(el.getAttribute("display") || "").toLowerCase() === "block" ? "block-math" : "inline-math";
    }
    const d = styleOf(el).display;
    return d || "inline";
  }

  function isBlockLevel(el) {
    const d = displayOf(el);
    return d === "block" || d === "table" || d === "flex" || d === "list-item" || d === "table-cell" || d === "table-row" || d === "grid" || d === "block-math";
  }

  function isHidden(el) {
    if (!isElement(el)) return false;
    const d = displayOf(el);
    if (fullModel && FULL_MODEL_HIDDEN.has(lname(el))) return true;
    return d === "none" || ["script", "style", "template", "head", "title", "annotation"].includes(lname(el));
  }

  // With the full model: an absolutely positioned (or fixed) box is out of the flow and takes
  // no room in its label (an <iframe> laid over its wrapper's padding); it is not drawn either.
  function isOutOfFlow(el) {
    if (!fullModel) return false;
    const position = css.substitutedValues(el).get("position");
    return position !== undefined && /^\s*(absolute|fixed)\s*$/i.test(String(position));
  }

  // Elements Chromium's user-agent stylesheet hides (display: none) beyond those above.
  const FULL_MODEL_HIDDEN = new Set(["meta", "link", "base", "noscript", "param", "source", "track", "datalist", "area", "map"]);
  // Replaced elements laid out as boxes of their own size (nothing is loaded into them).
  const REPLACED = new Set(["svg", "iframe"]);
  const NO_BOXES = [];

  function transformText(text, st) {
    switch (st["text-transform"]) {
      case "uppercase":
        return text.toUpperCase();
      case "lowercase":
        return text.toLowerCase();
      case "capitalize":
        return text.replace(/(^|[\s\u00a0])(\S)/g, (m, a, b) => a + b.toUpperCase());
    }
    return text;
  }

  // Inline items of a run of inline-level nodes: {type: "text", text, style} | {type: "br"} |
  // {type: "atom", el, style}. Inline elements only carry style: their children are flattened.
  // With the full model, an inline element that has edges or paints something brackets its
  // children with {type: "edge", width} items (its margin + border + padding on each side), and
  // every item carries `boxes`, the decorated inline boxes it sits in (outermost first);
  // inline-blocks and replaced elements are atoms of kind "block" or "replaced".
  function collectInline(nodes, parentStyle, out, inBoxes) {
    const around = inBoxes || NO_BOXES;
    for (const n of nodes) {
      if (n.nodeType === 3) {
        const parent = n.parentNode;
        const st = isContent(parent) ? styleOf(parent) : parentStyle;
        if (n.data) out.push(fullModel ? { type: "text", text: n.data, style: st, boxes: around, node: n } : { type: "text", text: n.data, style: st });
      } else if (isElement(n)) {
        if (isHidden(n) || isOutOfFlow(n)) continue;
        const name = lname(n);
        if (name === "br") out.push({ type: "br", style: styleOf(n) });
        else if (displayOf(n) === "inline-math") out.push({ type: "atom", el: n, style: styleOf(n) });
        else if (fullModel && n.namespaceURI === HTML_NS && (REPLACED.has(name) || isFieldOrButtonInput(n))) out.push({ type: "atom", kind: "replaced", el: n, style: styleOf(n), boxes: around });
        else if (fullModel && name === "svg") out.push({ type: "atom", kind: "replaced", el: n, style: isContent(n.parentNode) ? styleOf(n.parentNode) : parentStyle, boxes: around });
        else if (fullModel && ATOMIC_DISPLAYS.has(displayOf(n))) out.push({ type: "atom", kind: "block", el: n, style: styleOf(n), boxes: around });
        else if (name === "img" || name === "svg" || name === "input" || name === "canvas" || name === "iframe") {
          out.push({ type: "unsupported", el: n });
        } else if (fullModel) collectDecorated(n, out, around);
        else collectInline(n.childNodes, styleOf(n), out);
      }
    }
    return out;
  }

  const ATOMIC_DISPLAYS = new Set(["inline-block", "inline-table", "inline-flex", "inline-grid"]);

  function collectDecorated(el, out, around) {
    const st = styleOf(el);
    const edges = boxes().edgesOf(el, st);
    const paint = boxes().paintOf(el, st);
    if (edges.margin === boxes().ZERO && paint === null) {
      collectInline(el.childNodes, st, out, around);
      return;
    }
    const box = { el, style: st, edges, paint };
    const inner = around.concat([box]);
    out.push({ type: "edge", open: true, box, width: edges.margin.left + edges.border.left + edges.padding.left, style: st, boxes: inner });
    collectInline(el.childNodes, st, out, inner);
    out.push({ type: "edge", open: false, box, width: edges.margin.right + edges.border.right + edges.padding.right, style: st, boxes: inner });
  }

  const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

  // White-space processing (CSS Text 3, phase I) and splitting into tokens for line breaking:
  // {text, style, space: true if a (collapsible or preserved) space, breakAfter, forced}.
  function tokenize(items) {
    const tokens = [];
    let prevCollapsibleSpace = true; // at the start of a block, leading spaces go
    for (const item of items) {
      if (item.type === "br") {
        tokens.push({ forced: true, style: item.style, text: "" });
        prevCollapsibleSpace = true;
        continue;
      }
      if (item.type === "atom") {
        tokens.push({ atom: item, style: item.style, text: "", boxes: item.boxes });
        prevCollapsibleSpace = false;
        continue;
      }
      if (item.type === "edge") {
        tokens.push({ edge: item, style: item.style, text: "", boxes: item.boxes });
        continue;
      }
      if (item.type !== "text") continue;
      const st = item.style;
      const ws = st["white-space"];
      const collapseSpaces = ws === "normal" || ws === "nowrap" || ws === "pre-line" || ws === "";
      const keepNewlines = ws === "pre" || ws === "pre-wrap" || ws === "pre-line" || ws === "break-spaces";
      const wrap = ws !== "nowrap" && ws !== "pre";
      let text = item.text.replace(/\r\n?/g, "\n");
      if (collapseSpaces) {
        text = keepNewlines ? text.replace(/[ \t]*\n[ \t]*/g, "\n").replace(/[ \t]+/g, " ") : text.replace(/[ \t\n]+/g, " ");
      } else text = text.replace(/\t/g, "        ");
      text = transformText(text, st);
      let word = "";
      const flushWord = (breakAfter) => {
        if (word) tokens.push({ text: word, style: st, space: false, breakAfter: breakAfter && wrap, boxes: item.boxes, node: item.node });
        word = "";
      };
      for (const ch of text) {
        if (ch === "\n" && keepNewlines) {
          flushWord(false);
          tokens.push({ forced: true, style: st, text: "" });
          prevCollapsibleSpace = collapseSpaces;
          continue;
        }
        if (ch === " ") {
          flushWord(false);
          if (collapseSpaces && prevCollapsibleSpace) continue;
          tokens.push({ text: " ", style: st, space: true, collapsible: collapseSpaces, breakAfter: wrap, boxes: item.boxes, node: item.node });
          prevCollapsibleSpace = collapseSpaces;
          continue;
        }
        prevCollapsibleSpace = false;
        if (ch === "\u200b") {
          // a break opportunity; with the full model the (zero-width) character stays in the text
          if (fullModel) word += ch;
          flushWord(true);
          continue;
        }
        if (CJK.test(ch)) {
          flushWord(true);
          word = ch;
          flushWord(true);
          continue;
        }
        word += ch;
        // A hyphen after a letter breaks after itself unless a digit follows (UAX #14 HY).
        if ((ch === "-" || ch === "\u2010" || ch === "\u2013") && word.length > 1) flushWord(true);
      }
      flushWord(false);
    }
    // A hyphen token followed by a digit does not break.
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      if (t.breakAfter && !t.space && /-$/.test(t.text) && /^\d/.test(tokens[i + 1].text || "")) t.breakAfter = false;
    }
    return tokens;
  }

  // Width of tokens laid side by side: same-style neighbours are measured as one run (kerning
  // inside a run, none across fonts), as Chromium shapes an inline item. With the full model a
  // run is at most one text node (Chromium's inline items end where elements do; kerning across
  // them is added by pairKerning).
  function runsOf(tokens) {
    const runs = [];
    for (const t of tokens) {
      if (t.forced) continue;
      const last = runs[runs.length - 1];
      if (t.atom) {
        runs.push({ atom: t.atom, style: t.style, text: "", boxes: t.boxes });
      } else if (t.edge) {
        runs.push({ edge: t.edge, style: t.style, text: "", boxes: t.boxes });
      } else if (last && !last.atom && !last.edge && last.boxes === t.boxes && last.node === t.node && sameRun(last.style, t.style)) last.text += t.text;
      else runs.push({ text: t.text, style: t.style, boxes: t.boxes, node: t.node });
    }
    for (const r of runs) r.width = r.atom ? atomSize(r.atom).width : r.edge ? r.edge.width : measureWidth(r.text, r.style);
    // Chromium shapes the text of neighbouring inline boxes in one font together: the pair
    // kerning across their boundary (a space before a link's first letter) goes to the first.
    if (fullModel) {
      for (let i = 0; i < runs.length; i++) {
        const a = runs[i];
        if (!a.text) continue;
        let j = i + 1;
        while (j < runs.length && runs[j].edge && runs[j].width === 0) j++; // a box with no edges
        const b = runs[j];
        if (b && b.text && fontKey(a.style) === fontKey(b.style)) a.width += pairKerning(a.text, b.text, a.style);
        // CJK punctuation trimmed across the boundary (text_measure.js: text-spacing-trim)
        // where the font changes there (**《书》**：). Between two texts in the same font (a
        // link's 《书》 before ：) markmap's labels in Chromium keep both full width.
        if (b && b.text && fontKey(a.style) !== fontKey(b.style)) a.width -= G.__printerPunctuationTrim(a.text, fontSpec(a.style), b.text, fontSpec(b.style));
      }
    }
    return runs;
  }

  // Neighbouring text in the same font, colour and baseline is one run (Chromium shapes
  // consecutive items with the same font together).
  function sameRun(a, b) {
    return a === b || (fontKey(a) === fontKey(b) && a.color === b.color && a["vertical-align"] === b["vertical-align"] && a.visibility === b.visibility);
  }

  function pairKerning(left, right, st) {
    const a = Array.from(left).pop();
    const b = Array.from(right)[0];
    return measureWidth(a + b, st) - measureWidth(a, st) - measureWidth(b, st);
  }

  function widthOf(tokens) {
    let w = 0;
    for (const r of runsOf(tokens)) w += r.width;
    return w;
  }

  function atomSize(atom) {
    if (!atom.size) {
      if (atom.kind === "block") atom.size = inlineBlockSize(atom);
      else if (atom.kind === "replaced") atom.size = replacedSize(atom);
      else {
        const math = G.__printerMathLayout;
        atom.size = math ? math.layout(atom.el, atom.style) : { width: 0, ascent: 0, descent: 0, unsupported: true };
      }
    }
    return atom.size;
  }

  function trimTrailing(tokens) {
    let end = tokens.length;
    while (end > 0 && tokens[end - 1].space && tokens[end - 1].collapsible) end--;
    return tokens.slice(0, end);
  }

  // Greedy line breaking; returns arrays of tokens (trailing collapsible spaces removed).
  function breakLines(tokens, width) {
    const lines = [];
    let line = [];
    let chunk = [];
    const chunks = [];
    for (const t of tokens) {
      if (t.forced) {
        if (chunk.length) chunks.push(chunk);
        chunks.push([t]);
        chunk = [];
        continue;
      }
      chunk.push(t);
      if (t.breakAfter) {
        // spaces that follow stay with this chunk (they hang at the end of a line)
        chunks.push(chunk);
        chunk = [];
      }
    }
    if (chunk.length) chunks.push(chunk);
    // merge spaces that follow a chunk into it
    const merged = [];
    for (const c of chunks) {
      const prev = merged[merged.length - 1];
      if (prev && c.every((t) => t.space) && !prev[prev.length - 1].forced) prev.push(...c);
      else merged.push(c.slice());
    }
    // With the full model a run of chunks between forced breaks that fits as a whole is one
    // line, whatever its chunks: most labels fit the width they were measured for.
    const fits = fullModel && width !== Infinity ? fittingSegments(merged, width) : null;
    let endsWithForced = false;
    // With the full model a line's width is kept as the sum of its chunks measured one by one,
    // and measured whole only when that sum is too close to the limit to decide (the two differ
    // by kerning across chunk boundaries), so long lines cost linear, not quadratic, time.
    let lineSum = 0;
    for (const c of merged) {
      if (c.length === 1 && c[0].forced) {
        lines.push({ tokens: trimTrailing(line), forced: c[0] });
        line = [];
        lineSum = 0;
        endsWithForced = true;
        continue;
      }
      endsWithForced = false;
      const measured = fullModel && width !== Infinity && !fits.has(c);
      const chunkWidth = measured ? widthOf(c) : 0;
      if (line.length && width !== Infinity && !(fits && fits.has(c))) {
        let overflows;
        if (fullModel) {
          const trimmed = trimTrailing(c);
          const approx = lineSum + (trimmed.length === c.length ? chunkWidth : widthOf(trimmed));
          const slack = 1 + 0.25 * c.reduce((m, t) => Math.max(m, t.style ? t.style.sizePx || 0 : 0), 0);
          if (approx > width + slack) overflows = true;
          else if (approx < width - slack) overflows = false;
        }
        if (overflows === undefined) overflows = widthOf(trimTrailing(line.concat(c))) > width + 1e-6;
        if (overflows) {
          lines.push({ tokens: trimTrailing(line) });
          line = [];
          lineSum = 0;
        }
      }
      line.push(...c);
      lineSum += chunkWidth;
    }
    if (line.length || !endsWithForced) {
      if (line.length || lines.length === 0) lines.push({ tokens: trimTrailing(line) });
    }
    return lines;
  }

  // The chunks of every run between forced breaks whose whole width (trailing spaces hanging)
  // is within `width`.
  function fittingSegments(chunks, width) {
    const fitting = new Set();
    let segment = [];
    const close = () => {
      if (segment.length && widthOf(trimTrailing([].concat(...segment))) <= width + 1e-6) for (const c of segment) fitting.add(c);
      segment = [];
    };
    for (const c of chunks) {
      if (c.length === 1 && c[0].forced) close();
      else segment.push(c);
    }
    close();
    return fitting;
  }

  // The text-align values that move a line by the width's free space (layoutInline).
  const ALIGNED_TO_WIDTH = new Set(["center", "-webkit-center", "right", "end", "-webkit-right"]);

  // Lays out an inline formatting context: lines positioned from y = 0, x from 0 in `width`.
  function layoutInline(items, blockStyle, width) {
    for (const item of items) if (item.kind === "block" && item.avail !== width) {
      item.avail = width; // inline-blocks shrink to fit the line's width
      item.size = null;
    }
    const tokens = tokenize(items);
    const hasContent = tokens.some((t) => t.forced || t.atom || t.edge || (t.text && !(t.space && t.collapsible)));
    const align = blockStyle["text-align"];
    // In any width its lines fit, the lines are these (see layoutFlow): with the full model every
    // run between forced breaks that fits is one line (fittingSegments), no inline-block shrinks
    // to the width, and the lines are not aligned to the width.
    const widthFree = fullModel && !items.some((item) => item.kind === "block") && !ALIGNED_TO_WIDTH.has(align);
    if (!hasContent) return { lines: [], height: 0, width: 0, widthFree };
    const wrapWidth = width;
    const broken = breakLines(tokens, wrapWidth);
    const out = [];
    let y = 0;
    let maxWidth = 0;
    for (const entry of broken) {
      const runs = runsOf(entry.tokens);
      let lineWidth = 0;
      for (const r of runs) lineWidth += r.width;
      maxWidth = Math.max(maxWidth, lineWidth);
      // vertical: the strut, then every run's inline box
      const strut = inlineBoxExtent(blockStyle);
      let above = strut.above;
      let below = strut.below;
      for (const r of runs) {
        if (r.atom) {
          const s = atomSize(r.atom);
          above = Math.max(above, s.ascent);
          below = Math.max(below, s.descent);
          continue;
        }
        if (r.edge) continue; // an inline box's own line height counts through its text
        const shift = verticalShift(r.style);
        const e = inlineBoxExtent(r.style, shift);
        above = Math.max(above, e.above);
        below = Math.max(below, e.below);
      }
      let offset = 0;
      if (width !== Infinity) {
        const free = width - lineWidth;
        if (free > 0) {
          if (align === "center" || align === "-webkit-center") offset = toLayoutUnit(free / 2);
          else if (align === "right" || align === "end" || align === "-webkit-right") offset = free;
        }
      }
      const baseline = y + above;
      const frags = [];
      const atoms = [];
      const nested = [];
      let x = offset;
      for (const r of runs) {
        r.x = x;
        if (r.atom && r.atom.kind) nested.push(...placeAtom(r.atom, x, baseline));
        else if (r.atom) atoms.push({ x, baseline, item: r.atom, size: atomSize(r.atom) });
        else if (r.text) frags.push({ x, text: r.text, width: r.width, style: r.style, shift: verticalShift(r.style) });
        x += r.width;
      }
      const line = { top: y, baseline, height: above + below, width: lineWidth, frags, atoms };
      if (fullModel) {
        const painted = inlinePaint(runs, baseline);
        line.paint = painted.items;
        // scrollable overflow: inline boxes' padding and borders reach past the line box
        line.overflowBottom = Math.max(y + above + below, painted.bottom);
        line.overflowRight = x;
      }
      out.push(line, ...nested);
      y += above + below;
    }
    return { lines: out, height: y, width: maxWidth, widthFree };
  }

  // sub/sup: Chromium shifts by fractions of the parent's font size; we use the common values.
  function verticalShift(st) {
    const va = st["vertical-align"];
    // Chromium's: a third (super) or fifth (sub) of the parent's font size, plus one pixel.
    if (fullModel && va === "super") return -toLayoutUnit(st.parentSizePx / 3 + 1);
    if (fullModel && va === "sub") return toLayoutUnit(st.parentSizePx / 5 + 1);
    if (va === "sub") return Math.round(st.sizePx * 1.2 * 0.2);
    if (va === "super") return -Math.round(st.sizePx * 1.2 * 0.34);
    return 0;
  }

  // ---- blocks ---------------------------------------------------------------------------------

  function lengthOf(value, base) {
    if (!value || value === "auto" || value === "none" || value === "fit-content" || value === "max-content" || value === "min-content") return null;
    const m = /^(-?[\d.]+)(px|%)?$/.exec(String(value).trim());
    if (!m) return null;
    if (m[2] === "%") return base === null || base === undefined ? null : (parseFloat(m[1]) * base) / 100;
    return parseFloat(m[1]);
  }

  // Splits an element's children into inline runs and block-level children.
  function groupsOf(nodes, parentStyle) {
    const groups = [];
    let inline = [];
    const walk = (list) => {
      for (const n of list) {
        if (isElement(n) && (isHidden(n) || isOutOfFlow(n))) continue;
        if (isElement(n) && isBlockLevel(n)) {
          if (inline.length) groups.push({ inline });
          inline = [];
          groups.push({ block: n });
        } else if (isElement(n) && lname(n) !== "br" && displayOf(n) === "inline" && hasBlockDescendant(n)) {
          // a block inside an inline: the inline's pieces become blocks of their own (CSS 2 §9.2.1.1)
          walk(n.childNodes);
        } else inline.push(n);
      }
    };
    walk(nodes);
    if (inline.length) groups.push({ inline });
    return groups;
  }

  function hasBlockDescendant(el) {
    for (const c of el.childNodes) {
      if (!isElement(c)) continue;
      if (isBlockLevel(c) || hasBlockDescendant(c)) return true;
    }
    return false;
  }

  // Widths for shrink-to-fit: [min-content, max-content] of an element's content.
  function intrinsicWidths(el, st) {
    const min = layoutFlow(el, st, 0, null).contentWidth;
    const max = layoutFlow(el, st, Infinity, null).contentWidth;
    return [min, Math.max(min, max)];
  }

  // Layout results per element and constraints, kept for one top-level layout: shrink-to-fit
  // asks for each box's min- and max-content widths, which without a memo costs 3^depth.
  let memo = null;
  let flowDepth = 0;
  const MAX_DEPTH = 64;

  function withMemo(fn) {
    if (memo) return fn();
    memo = new Map();
    flowDepth = 0;
    try {
      return fn();
    } finally {
      memo = null;
    }
  }

  // Lays out a block container's content (flow) in `width`; returns placed lines/atoms with
  // coordinates relative to the content box, its height, and the widest line (contentWidth).
  function layoutFlow(el, st, width, definiteHeight) {
    let perElement = memo.get(el);
    if (!perElement) memo.set(el, (perElement = new Map()));
    const key = width + "|" + definiteHeight + "|" + st.display;
    let result = perElement.get(key);
    if (!result && width !== Infinity) {
      // A flow of lines alone, laid out unbounded, is the flow in any width its lines fit
      // (widthFree): shrink-to-fit lays a label out unbounded to find its width, then in it.
      const unbounded = perElement.get(Infinity + "|null|" + st.display);
      if (unbounded && unbounded.widthFree && width >= unbounded.contentWidth) result = unbounded;
    }
    if (!result) {
      if (++flowDepth > MAX_DEPTH) throw new Error("an HTML label nests more than " + MAX_DEPTH + " boxes deep");
      try {
        result = computeFlow(el, st, width, definiteHeight);
      } finally {
        flowDepth--;
      }
      perElement.set(key, result);
    }
    return result;
  }

  function computeFlow(el, st, width, definiteHeight) {
    const display = st.display;
    if (display === "flex" || display === "inline-flex") return layoutFlex(el, st, width, definiteHeight);
    if (fullModel && (display === "table" || display === "inline-table") && lname(el) === "table") return layoutGridTable(el, st, width);
    if (display === "table" || display === "inline-table") return layoutTable(el, st, width, definiteHeight);
    const lines = [];
    const atoms = [];
    let y = 0;
    let contentWidth = 0;
    let pendingMargin = 0; // the bottom margin of the last block, until the next one collapses with it
    let widthFree = true; // see layoutFlow
    for (const g of groupsOf(el.childNodes, st)) {
      if (!g.inline) widthFree = false; // a block's box spans the width
      if (g.inline) {
        const r = layoutInline(collectInline(g.inline, st, []), st, width);
        widthFree = widthFree && r.widthFree;
        if (r.height > 0) {
          y += pendingMargin;
          pendingMargin = 0;
        }
        for (const line of r.lines) {
          lines.push(shiftLine(line, 0, y));
        }
        y += r.height;
        contentWidth = Math.max(contentWidth, r.width);
      } else if (fullModel && displayOf(g.block) !== "block-math") {
        const child = layoutBlockFull(g.block, width, definiteHeight, false);
        y += collapseMargins(pendingMargin, child.marginTop);
        for (const line of child.lines) lines.push(shiftLine(line, child.x, y));
        y += child.height;
        pendingMargin = child.marginBottom;
        contentWidth = Math.max(contentWidth, child.outerWidth);
      } else if (displayOf(g.block) === "block-math") {
        // display="block" math: a block as tall as the formula, centred in the line (Chromium
        // centres block math in its container)
        const atom = { type: "atom", el: g.block, style: styleOf(g.block) };
        const size = atomSize(atom);
        const x = width === Infinity || width <= size.width ? 0 : toLayoutUnit((width - size.width) / 2);
        const baseline = y + size.ascent;
        lines.push({ top: y, baseline, height: size.ascent + size.descent, width: size.width, frags: [], atoms: [{ x, baseline, item: atom, size }] });
        y += size.ascent + size.descent;
        contentWidth = Math.max(contentWidth, size.width);
      } else {
        const child = layoutBlock(g.block, width, definiteHeight);
        for (const line of child.lines) lines.push(shiftLine(line, child.x, y));
        y += child.height;
        contentWidth = Math.max(contentWidth, child.contentWidth);
      }
    }
    return { lines, height: y + pendingMargin, contentWidth, widthFree: widthFree && fullModel };
  }

  // Adjoining vertical margins collapse: the largest positive one plus the most negative one.
  function collapseMargins(a, b) {
    return Math.max(a, b, 0) + Math.min(a, b, 0);
  }

  // A line moved by (dx, dy), marked nested (drawn by an inline-block) when `nested` says so or
  // it was. Lines are never changed once made, so a line that stays where it is, as it is, is
  // the same line.
  function shiftLine(line, dx, dy, nested) {
    const nest = nested === true || line.nested === true;
    if (dx === 0 && dy === 0 && nest === (line.nested === true)) return line;
    const shifted = {
      top: line.top + dy,
      baseline: line.baseline + dy,
      height: line.height,
      width: line.width,
      frags: line.frags.map((f) => Object.assign({}, f, { x: f.x + dx })),
      atoms: line.atoms.map((a) => Object.assign({}, a, { x: a.x + dx, baseline: a.baseline + dy })),
    };
    if (line.paint) shifted.paint = line.paint.map((p) => Object.assign({}, p, { x: p.x + dx, y: p.y + dy }));
    if (line.overflowBottom !== undefined) {
      shifted.overflowBottom = line.overflowBottom + dy;
      shifted.overflowRight = line.overflowRight + dx;
    }
    if (nest) shifted.nested = true;
    return shifted;
  }

  // A block-level box in a containing block of width cbWidth: its used width, height and lines.
  function layoutBlock(el, cbWidth, cbHeight, shrink) {
    if (fullModel) return layoutBlockFull(el, cbWidth, cbHeight, shrink);
    const st = styleOf(el);
    let width = lengthOf(st.width, cbWidth === Infinity ? null : cbWidth);
    const maxWidth = lengthOf(st["max-width"], cbWidth === Infinity ? null : cbWidth);
    const fit = shrink || st.width === "fit-content" || st.width === "max-content" || st.display === "table" || st.display === "inline-block";
    let intrinsic = null;
    if (width === null) {
      if (fit || cbWidth === Infinity) {
        intrinsic = intrinsicWidths(el, st);
        width = cbWidth === Infinity ? intrinsic[1] : Math.max(intrinsic[0], Math.min(intrinsic[1], cbWidth));
      } else width = cbWidth;
    }
    if (maxWidth !== null && width > maxWidth) width = maxWidth;
    const specifiedHeight = lengthOf(st.height, cbHeight);
    const flow = layoutFlow(el, st, width, specifiedHeight);
    const height = specifiedHeight !== null ? specifiedHeight : flow.height;
    return { x: 0, width, height, contentHeight: flow.height, contentWidth: flow.contentWidth, lines: flow.lines, style: st };
  }

  // ---- the full box model ----------------------------------------------------------------------

  /** Lay out HTML with the full box model from now on (markmap's labels), or not (Mermaid's). */
  function setFullModel(on) {
    fullModel = !!on;
  }

  // A block-level box with margins, borders and padding (CSS 2 §10.3.3, §10.6.3): lines and
  // paint in its border box's coordinates, x = its left margin; outerWidth is its margin box's
  // width (what it adds to its container's intrinsic widths).
  function layoutBlockFull(el, cbWidth, cbHeight, shrink) {
    const kept = keptLayout(el, cbWidth, cbHeight, shrink);
    if (kept !== null) return kept;
    const st = styleOf(el);
    const isTable = (st.display === "table" || st.display === "inline-table") && lname(el) === "table";
    // A table's border and padding belong to its grid (layoutGridTable).
    let edges = isTable ? { margin: boxes().edgesOf(el, st).margin, border: boxes().ZERO, padding: boxes().ZERO } : boxes().edgesOf(el, st);
    if (edges.paddingPercent) edges = withPercentPadding(edges, cbWidth);
    const m = edges.margin;
    const left = edges.border.left + edges.padding.left;
    const right = edges.border.right + edges.padding.right;
    const top = edges.border.top + edges.padding.top;
    const bottom = edges.border.bottom + edges.padding.bottom;
    const avail = cbWidth === Infinity ? Infinity : Math.max(0, cbWidth - m.left - m.right - left - right);
    let width = lengthOf(st.width, cbWidth === Infinity ? null : cbWidth);
    const maxWidth = lengthOf(st["max-width"], cbWidth === Infinity ? null : cbWidth);
    const fit = shrink || isTable || st.width === "fit-content" || st.width === "max-content" || ATOMIC_DISPLAYS.has(st.display);
    if (width === null) {
      if (fit || avail === Infinity) {
        // shrink-to-fit: min(max(min-content, available), max-content); the min-content is
        // needed only when the max-content does not fit
        const max = layoutFlow(el, st, Infinity, null).contentWidth;
        if (avail >= max) width = max;
        else {
          const min = layoutFlow(el, st, 0, null).contentWidth;
          width = Math.max(min, Math.min(max, avail));
        }
      } else width = avail;
    }
    if (maxWidth !== null && width > maxWidth) width = maxWidth;
    const specifiedHeight = lengthOf(st.height, cbHeight);
    const flow = layoutFlow(el, st, width, specifiedHeight);
    const height = (specifiedHeight !== null ? specifiedHeight : flow.height) + top + bottom;
    const borderWidth = width + left + right;
    const lines = flow.lines.map((line) => shiftLine(line, left, top));
    const paint = isTable ? null : boxPaint(el, st, edges, 0, 0, borderWidth, height);
    if (paint) lines.unshift(paint);
    return {
      x: m.left,
      width: borderWidth,
      height,
      marginTop: m.top,
      marginBottom: m.bottom,
      outerWidth: Math.max(borderWidth, flow.contentWidth + left + right) + m.left + m.right,
      contentTop: top,
      contentHeight: flow.height,
      contentWidth: flow.contentWidth,
      lines,
      style: st,
    };
  }

  // Padding in % of the containing block's width (CSS 2 §8.4), even top and bottom (the
  // padding-bottom: 56.25% of a responsive video box). While the width is being found
  // (intrinsic sizes, cbWidth Infinity) it counts as 0, as Chromium resolves such cyclic
  // percentages; in the width found it is resolved.
  function withPercentPadding(edges, cbWidth) {
    const base = cbWidth === Infinity ? 0 : cbWidth;
    const pct = edges.paddingPercent;
    const padding = {};
    for (const side of ["top", "right", "bottom", "left"]) padding[side] = pct[side] > 0 ? (pct[side] * base) / 100 : edges.padding[side];
    return { margin: edges.margin, border: edges.border, padding };
  }

  // ---- layouts kept between layouts (full model) -------------------------------------------------
  // markmap-view measures each label (the scrollWidth of its inner <div>: elementBox), and once
  // the map is drawn convertAll lays the label's <foreignObject> out again, which lays that <div>
  // out again in the same width. So the layout elementBox makes of an element is kept on it
  // (`_keptLayout`), and layoutBlockFull answers with it while it is what a layout would compute
  // now, i.e. while:
  //  - the arguments are the same (containing block width and height, shrink-to-fit);
  //  - no node of the element's subtree (the element included) was mutated since: each is marked
  //    (`_inKeptLayout`), and dom.js drops the kept layout of every ancestor-or-self of a marked
  //    node it mutates;
  //  - no <style> changed (sheetVersion);
  //  - every element of the subtree has the same style (styleOf) and the same author values
  //    (css.substitutedValues: what the box model reads beyond the style, margins, borders,
  //    backgrounds), compared by value. All a layout reads of the world outside the subtree
  //    comes through these two (inherited values, selectors matching ancestors) and the
  //    arguments. d3 restyles the <foreignObject> around a label in between (its opacity), which
  //    makes every style below it new without changing these values.
  // Only subtrees of HTML elements that lay out from these alone are kept: no replaced element,
  // table, form control or math (those read attributes and cascade values of their own).
  const NOT_KEPT = new Set(["img", "svg", "iframe", "video", "canvas", "object", "embed", "input", "textarea", "select", "button", "table", "math"]);
  const STYLE_VALUES = PROP_NAMES.concat(["sizePx", "weightNum", "parentSizePx"]);
  const valueKeys = new WeakMap(); // a style object or a substituted-values map -> its values as text
  function valuesKey(values) {
    let key = valueKeys.get(values);
    if (key === undefined) {
      const parts = [];
      if (values instanceof Map) for (const [name, value] of values) parts.push(name, String(value));
      else for (const name of STYLE_VALUES) parts.push(String(values[name]));
      key = parts.join("\u0000");
      valueKeys.set(values, key);
    }
    return key;
  }
  // The styles and author values of the subtree of `el` (each element's style object and
  // substituted-values map, in a fixed order), or null when it holds an element that is not kept.
  function keptInputs(el) {
    const inputs = [];
    const stack = [el];
    while (stack.length) {
      const node = stack.pop();
      if (!isElement(node)) continue;
      if (node.namespaceURI !== HTML_NS || NOT_KEPT.has(lname(node))) return null;
      inputs.push(styleOf(node), css.substitutedValues(node));
      for (const child of node.childNodes) stack.push(child);
    }
    return inputs;
  }
  // Whether two lists of keptInputs hold the same values. Elements that agree on what their
  // style is made from share one style object and one values map (sharedStyle, css.js
  // sharedMemos), so the objects are mostly the same ones, and are compared by value otherwise.
  function sameInputs(a, b) {
    if (a === null || b === null || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && valuesKey(a[i]) !== valuesKey(b[i])) return false;
    return true;
  }
  function keepLayout(el, cbWidth, cbHeight, shrink, box) {
    if (!fullModel || !G.__printerDom) return;
    const inputs = keptInputs(el);
    if (inputs === null) return;
    const stack = [el];
    while (stack.length) {
      const node = stack.pop();
      node._inKeptLayout = true;
      for (const child of node.childNodes) stack.push(child);
    }
    el._keptLayout = { cbWidth, cbHeight, shrink, sheets: G.__printerDom.sheetVersion(), inputs, box };
  }
  function keptLayout(el, cbWidth, cbHeight, shrink) {
    const kept = el._keptLayout;
    if (!kept || kept.cbWidth !== cbWidth || kept.cbHeight !== cbHeight || kept.shrink !== shrink) return null;
    if (kept.sheets !== G.__printerDom.sheetVersion() || !sameInputs(keptInputs(el), kept.inputs)) return null;
    return kept.box;
  }

  // A line that only paints: a box's background and borders, in paint order before its content.
  function boxPaint(el, st, edges, x, y, width, height) {
    const paint = boxes().paintOf(el, st);
    if (!paint) return null;
    const items = [];
    if (paint.background) items.push({ kind: "rect", x, y, w: width, h: height, fill: paint.background, radius: paint.radius });
    if (paint.borders) items.push(...borderRects(paint.borders, edges.border, x, y, width, height));
    return items.length ? { top: y, baseline: y, height: 0, width: 0, frags: [], atoms: [], paint: items } : null;
  }

  function borderRects(borders, widths, x, y, width, height) {
    const out = [];
    const add = (side, rx, ry, rw, rh) => {
      if (widths[side] > 0 && borders[side].color) out.push({ kind: "rect", x: rx, y: ry, w: rw, h: rh, fill: borders[side].color });
    };
    add("top", x, y, width, widths.top);
    add("bottom", x, y + height - widths.bottom, width, widths.bottom);
    add("left", x, y + widths.top, widths.left, height - widths.top - widths.bottom);
    add("right", x + width - widths.right, y + widths.top, widths.right, height - widths.top - widths.bottom);
    return out;
  }

  // An inline-block (or inline-table/-flex): shrink-to-fit in the line's width; its baseline is
  // that of its last line box, else its bottom margin edge (CSS 2 §10.8.1).
  function inlineBlockSize(atom) {
    const box = layoutBlockFull(atom.el, atom.avail === undefined ? Infinity : atom.avail, null, true);
    const st = box.style;
    const m = boxes().edgesOf(atom.el, st).margin;
    const outerHeight = m.top + box.height + m.bottom;
    let last = null;
    for (const line of box.lines) if (!line.nested && (line.frags.length || line.atoms.length || line.height > 0)) last = line;
    const ascent = last ? m.top + last.baseline : outerHeight;
    return { width: box.width + m.left + m.right, ascent, descent: outerHeight - ascent, box, marginLeft: m.left, marginTop: m.top };
  }

  // <input>s drawn as a text field (type text and the like) or as a button (submit, reset,
  // button); other types (date, checkbox, ...) are left out.
  const TEXT_FIELD_TYPES = new Set(["", "text", "search", "email", "url", "tel", "password", "number"]);
  const BUTTON_INPUT_TYPES = new Set(["submit", "reset", "button"]);
  function inputType(el) {
    return String(el.getAttribute("type") || "").trim().toLowerCase();
  }
  function isFieldOrButtonInput(el) {
    if (lname(el) !== "input") return false;
    const type = inputType(el);
    return TEXT_FIELD_TYPES.has(type) || BUTTON_INPUT_TYPES.has(type);
  }
  // The content box of a text field, as Chromium sizes one of 20 characters in its font: 169 px
  // wide at Arial 13.33px (20 average advances plus the widest glyph's excess), scaled with the
  // font size; one line tall.
  const TEXT_FIELD_WIDTH_EM = 169 / 13.333333;
  function controlContent(el, st) {
    const m = fontMetrics(st);
    const lineHeight = lineHeightOf(st, m);
    const type = inputType(el);
    if (BUTTON_INPUT_TYPES.has(type)) {
      const value = el.getAttribute("value");
      const label = value !== null ? String(value) : type === "reset" ? "Reset" : type === "submit" ? "Submit" : "";
      return { width: measureWidth(label, st), height: lineHeight, ascent: m.ascent + Math.floor((lineHeight - m.ascent - m.descent) / 2) };
    }
    return { width: Math.round(TEXT_FIELD_WIDTH_EM * st.sizePx), height: lineHeight, ascent: m.ascent + Math.floor((lineHeight - m.ascent - m.descent) / 2) };
  }

  // A replaced element: <svg> at its width/height attributes (else CSS, else 300 x 150, as
  // Chromium sizes an <svg> without them), <iframe> 300 x 150 inside its border; its bottom
  // margin edge sits on the baseline.
  function replacedSize(atom) {
    const el = atom.el;
    const st = lname(el) === "svg" ? atom.style : styleOf(el);
    const attr = (name) => {
      const v = parseFloat(el.getAttribute(name));
      return Number.isFinite(v) && v >= 0 ? v : null;
    };
    const isSvg = lname(el) === "svg";
    if (lname(el) === "input") {
      // a form control: its content (text field or button label) inside its padding and
      // border, its baseline the baseline of that text
      const content = controlContent(el, st);
      const e = boxes().edgesOf(el, st);
      const cbw = content.width + e.border.left + e.border.right + e.padding.left + e.padding.right;
      const cbh = content.height + e.border.top + e.border.bottom + e.padding.top + e.padding.bottom;
      const ascent = e.margin.top + e.border.top + e.padding.top + content.ascent;
      const outer = e.margin.top + cbh + e.margin.bottom;
      return { width: cbw + e.margin.left + e.margin.right, ascent, descent: outer - ascent, replaced: { width: content.width, height: content.height, bw: cbw, bh: cbh, edges: e, style: st } };
    }
    let width = isSvg ? attr("width") : null;
    let height = isSvg ? attr("height") : null;
    if (width === null) width = lengthOf((isSvg ? css.cascadedValue(el, "width") : st.width) || "auto", null);
    if (height === null) height = lengthOf((isSvg ? css.cascadedValue(el, "height") : st.height) || "auto", null);
    if (width === null) width = 300;
    if (height === null) height = 150;
    const edges = isSvg ? { margin: boxes().ZERO, border: boxes().ZERO, padding: boxes().ZERO } : boxes().edgesOf(el, st);
    const bw = width + edges.border.left + edges.border.right + edges.padding.left + edges.padding.right;
    const bh = height + edges.border.top + edges.border.bottom + edges.padding.top + edges.padding.bottom;
    const outerHeight = edges.margin.top + bh + edges.margin.bottom;
    return { width: bw + edges.margin.left + edges.margin.right, ascent: outerHeight, descent: 0, replaced: { width, height, bw, bh, edges, style: st } };
  }

  // The lines an atom of the full model draws, placed at x with its baseline on `baseline`.
  function placeAtom(atom, x, baseline) {
    const size = atomSize(atom);
    const top = baseline - size.ascent;
    if (atom.kind === "block") return size.box.lines.map((line) => shiftLine(line, x + size.marginLeft, top + size.marginTop, true));
    const r = size.replaced;
    const bx = x + r.edges.margin.left;
    const by = top + r.edges.margin.top;
    const items = [];
    const paint = lname(atom.el) === "svg" ? null : boxes().paintOf(atom.el, r.style);
    if (paint && paint.borders) items.push(...borderRects(paint.borders, r.edges.border, bx, by, r.bw, r.bh));
    if (lname(atom.el) === "svg") items.push({ kind: "svg", el: atom.el, x: bx, y: by, w: r.width, h: r.height, color: r.style.color });
    return items.length ? [{ top, baseline, height: 0, width: 0, frags: [], atoms: [], paint: items, nested: true }] : [];
  }

  // Backgrounds, borders and text decorations of the inline boxes on one line (placed runs).
  function inlinePaint(runs, baseline) {
    const extents = new Map();
    for (const r of runs) {
      for (const b of r.boxes || NO_BOXES) {
        let start = r.x;
        let end = r.x + r.width;
        // a box's background starts inside its left margin and ends before its right one
        if (r.edge && r.edge.box === b) {
          if (r.edge.open) start += b.edges.margin.left;
          else end -= b.edges.margin.right;
        }
        const e = extents.get(b);
        if (e) {
          e.start = Math.min(e.start, start);
          e.end = Math.max(e.end, end);
        } else extents.set(b, { start, end });
      }
    }
    const items = [];
    let overflow = -Infinity;
    for (const [b, e] of extents) {
      const m = fontMetrics(b.style);
      const shift = verticalShift(b.style);
      const top = baseline + shift - m.ascent - b.edges.padding.top - b.edges.border.top;
      const bottom = baseline + shift + m.descent + b.edges.padding.bottom + b.edges.border.bottom;
      overflow = Math.max(overflow, bottom);
      if (!b.paint || (!b.paint.background && !b.paint.borders)) continue;
      if (b.paint.background) items.push({ kind: "rect", x: e.start, y: top, w: e.end - e.start, h: bottom - top, fill: b.paint.background, radius: b.paint.radius });
      if (b.paint.borders) items.push(...borderRects(b.paint.borders, b.edges.border, e.start, top, e.end - e.start, bottom - top));
    }
    for (const r of runs) {
      if (!r.text || !r.boxes) continue;
      for (const b of r.boxes) {
        if (!b.paint || !b.paint.decorations.length) continue;
        for (const kind of b.paint.decorations) items.push(decorationRect(kind, r, baseline, b.paint.color));
      }
    }
    return { items, bottom: overflow };
  }

  // Chromium's text decoration geometry: the thickness from the font (at least 1 px, rounded),
  // an underline one thickness-rounded-up gap below the baseline... (see decorationLine).
  function decorationRect(kind, run, baseline, color) {
    const g = decorationGeometry(run.style);
    const base = baseline + verticalShift(run.style);
    const y = kind === "underline" ? base + g.underline : kind === "line-through" ? base - g.lineThrough : base - g.overline;
    return { kind: "rect", x: run.x, y, w: run.width, h: g.thickness, fill: color };
  }

  function decorationGeometry(st) {
    const m = fontMetrics(st);
    const thickness = Math.max(1, Math.round(st.sizePx / 16));
    return { thickness, underline: Math.max(1, Math.ceil(thickness / 2)), lineThrough: Math.round((m.ascent * 2) / 3 - thickness / 2) , overline: m.ascent };
  }

  // ---- tables ------------------------------------------------------------------------------

  // The grid of a <table>: its rows (header groups first, footer groups last), each a list of
  // cells {el, span}.
  function tableRows(table) {
    const head = [];
    const body = [];
    const foot = [];
    const rowOf = (tr) => ({ el: tr, cells: tr.childNodes.filter((c) => isElement(c) && (lname(c) === "td" || lname(c) === "th") && !isHidden(c)).map((c) => ({ el: c, span: Math.max(1, Math.min(1000, parseInt(c.getAttribute("colspan"), 10) || 1)) })) });
    for (const child of table.childNodes) {
      if (!isElement(child) || isHidden(child)) continue;
      const name = lname(child);
      if (name === "tr") body.push(rowOf(child));
      else if (name === "thead" || name === "tbody" || name === "tfoot") {
        const into = name === "thead" ? head : name === "tfoot" ? foot : body;
        for (const tr of child.childNodes) if (isElement(tr) && lname(tr) === "tr" && !isHidden(tr)) into.push(rowOf(tr));
      }
    }
    return head.concat(body, foot);
  }

  // CSS 2 §17.5.2.2 automatic table layout, with collapsed (§17.6.2) or separated borders.
  // Widths are the table's border box; in the collapsed model it holds half of the outer borders.
  function layoutGridTable(table, st, width) {
    const rows = tableRows(table);
    const collapsed = st["border-collapse"] === "collapse";
    const tableEdges = boxes().edgesOf(table, st);
    const ncols = rows.reduce((n, r) => Math.max(n, r.cells.reduce((k, c) => k + c.span, 0)), 0);
    if (ncols === 0) return { lines: [], height: 0, contentWidth: 0 };
    // Each cell's horizontal and vertical non-content widths (padding, and borders or their halves).
    const spacing = collapsed ? 0 : cssLength(css.substitutedValue(table, "border-spacing") ?? "2px", st.sizePx);
    const grid = rows.map((row) => {
      let col = 0;
      return row.cells.map((cell) => {
        const cst = styleOf(cell.el);
        const e = boxes().edgesOf(cell.el, cst);
        const placed = { el: cell.el, st: cst, edges: e, col, span: cell.span };
        col += cell.span;
        return placed;
      });
    });
    // Collapsed borders: every grid line takes the widest border that meets it.
    const vLines = Array.from({ length: rows.length }, () => new Array(ncols + 1).fill(0));
    const hLines = Array.from({ length: rows.length + 1 }, () => new Array(ncols).fill(0));
    if (collapsed) {
      grid.forEach((cells, r) => {
        for (const c of cells) {
          vLines[r][c.col] = Math.max(vLines[r][c.col], c.edges.border.left);
          vLines[r][c.col + c.span] = Math.max(vLines[r][c.col + c.span], c.edges.border.right);
          for (let k = c.col; k < c.col + c.span; k++) {
            hLines[r][k] = Math.max(hLines[r][k], c.edges.border.top);
            hLines[r + 1][k] = Math.max(hLines[r + 1][k], c.edges.border.bottom);
          }
        }
        vLines[r][0] = Math.max(vLines[r][0], tableEdges.border.left);
        vLines[r][ncols] = Math.max(vLines[r][ncols], tableEdges.border.right);
      });
      for (let k = 0; k < ncols; k++) {
        hLines[0][k] = Math.max(hLines[0][k], tableEdges.border.top);
        hLines[rows.length][k] = Math.max(hLines[rows.length][k], tableEdges.border.bottom);
      }
    }
    const leftOf = (r, c) => (collapsed ? vLines[r][c.col] / 2 : c.edges.border.left) + c.edges.padding.left;
    const rightOf = (r, c) => (collapsed ? vLines[r][c.col + c.span] / 2 : c.edges.border.right) + c.edges.padding.right;
    // Column widths from the cells' max-content widths; their min-content widths are read only
    // when the table does not fit at its max-content width.
    const colMax = columnWidths(grid, ncols, spacing, (r, c) => layoutFlow(c.el, Object.assign({}, c.st, { display: "block" }), Infinity, null).contentWidth + leftOf(r, c) + rightOf(r, c));
    let colMin = null;
    const mins = () => {
      if (colMin === null) colMin = columnWidths(grid, ncols, spacing, (r, c) => layoutFlow(c.el, Object.assign({}, c.st, { display: "block" }), 0, null).contentWidth + leftOf(r, c) + rightOf(r, c));
      return colMin;
    };
    return placeGridTable(table, st, width, { rows, collapsed, tableEdges, ncols, spacing, grid, vLines, hLines, leftOf, rightOf, mins, colMax });
  }

  // Each column's width from its cells' widths (`widthOf(row, cell)`); a cell spanning columns
  // that need more than they have adds the rest to them in equal parts.
  function columnWidths(grid, ncols, spacing, widthOf) {
    const cols = new Array(ncols).fill(0);
    const spans = [];
    grid.forEach((cells, r) => {
      for (const c of cells) {
        const w = widthOf(r, c);
        if (c.span === 1) cols[c.col] = Math.max(cols[c.col], w);
        else spans.push([c, w]);
      }
    });
    for (const [c, w] of spans) {
      const have = cols.slice(c.col, c.col + c.span).reduce((a, b) => a + b, 0) + spacing * (c.span - 1);
      if (w > have) for (let k = c.col; k < c.col + c.span; k++) cols[k] += (w - have) / c.span;
    }
    return cols;
  }

  // The grid of layoutGridTable at the width it is given: the same column widths give the same
  // layout, so a table laid out at its max-content width and at "no limit" is laid out once.
  function placeGridTable(table, st, width, g) {
    const { collapsed, tableEdges, ncols, spacing, vLines, mins, colMax } = g;
    // Outside the columns: half the outer borders (collapsed), or spacing, border and padding.
    const outerLeft = collapsed ? Math.max(...vLines.map((l) => l[0])) / 2 : tableEdges.border.left + tableEdges.padding.left + spacing;
    const outerRight = collapsed ? Math.max(...vLines.map((l) => l[ncols])) / 2 : tableEdges.border.right + tableEdges.padding.right + spacing;
    const between = collapsed ? 0 : spacing;
    const fixed = outerLeft + outerRight + between * (ncols - 1);
    const sum = (list) => list.reduce((a, b) => a + b, 0);
    let colWidth;
    if (width === Infinity || width - fixed >= sum(colMax)) {
      // extra width goes to the columns in proportion to their max-content widths
      const maxSum = sum(colMax);
      const target = width === Infinity ? maxSum : width - fixed;
      colWidth = colMax.map((max) => (maxSum > 0 ? max + ((target - maxSum) * max) / maxSum : target / ncols));
    } else {
      const colMin = mins();
      const maxes = colMax.map((max, k) => Math.max(max, colMin[k]));
      const minSum = sum(colMin);
      const maxSum = sum(maxes);
      const target = Math.max(minSum, width - fixed);
      colWidth = maxes.map((max, k) => {
        if (target >= maxSum) return max;
        if (maxSum === minSum) return colMin[k];
        return colMin[k] + ((max - colMin[k]) * (target - minSum)) / (maxSum - minSum);
      });
    }
    const perTable = memo.get(table);
    const gridKey = "grid|" + colWidth.join(",");
    const known = perTable && perTable.get(gridKey);
    if (known) return known;
    const placed = placeColumns(table, st, g, outerLeft, outerRight, colWidth);
    if (perTable) perTable.set(gridKey, placed);
    return placed;
  }

  function placeColumns(table, st, g, outerLeft, outerRight, colWidth) {
    const { rows, collapsed, tableEdges, ncols, spacing, grid, vLines, hLines, leftOf, rightOf } = g;
    const between = collapsed ? 0 : spacing;
    const colX = [];
    let x = outerLeft;
    for (let k = 0; k < ncols; k++) {
      colX.push(x);
      x += colWidth[k] + between;
    }
    const tableWidth = x - between + outerRight;
    // Rows: every cell laid out in its column(s); the row as tall as its tallest cell.
    const outerTop = collapsed ? Math.max(...hLines[0]) / 2 : tableEdges.border.top + tableEdges.padding.top + spacing;
    const outerBottom = collapsed ? Math.max(...hLines[rows.length]) / 2 : tableEdges.border.bottom + tableEdges.padding.bottom + spacing;
    const lines = [];
    const paint = [];
    let y = outerTop;
    const rowTops = [];
    grid.forEach((cells, r) => {
      const laid = cells.map((c) => {
        const w = colWidth.slice(c.col, c.col + c.span).reduce((a, b) => a + b, 0) + between * (c.span - 1);
        const top = (collapsed ? Math.max(...hLines[r].slice(c.col, c.col + c.span)) / 2 : c.edges.border.top) + c.edges.padding.top;
        const bottom = (collapsed ? Math.max(...hLines[r + 1].slice(c.col, c.col + c.span)) / 2 : c.edges.border.bottom) + c.edges.padding.bottom;
        const inner = Math.max(0, w - leftOf(r, c) - rightOf(r, c));
        const flow = layoutFlow(c.el, Object.assign({}, c.st, { display: "block" }), inner, null);
        return { c, w, top, bottom, flow, height: flow.height + top + bottom };
      });
      const rowHeight = laid.reduce((h, l) => Math.max(h, l.height), 0);
      rowTops.push(y);
      for (const l of laid) {
        const free = rowHeight - l.height;
        const va = cellVerticalAlign(l.c.el);
        const dy = va === "top" ? 0 : va === "bottom" ? free : toLayoutUnit(free / 2);
        const cx = colX[l.c.col];
        if (!collapsed) {
          const p = boxPaint(l.c.el, l.c.st, l.c.edges, cx, y, l.w, rowHeight);
          if (p) lines.push(p);
        } else {
          const cellPaint = boxes().paintOf(l.c.el, l.c.st);
          if (cellPaint && cellPaint.background) paint.push({ kind: "rect", x: cx, y, w: l.w, h: rowHeight, fill: cellPaint.background });
        }
        for (const line of l.flow.lines) lines.push(shiftLine(line, cx + leftOf(r, l.c), y + l.top + dy));
      }
      y += rowHeight + between;
    });
    const height = y - between + outerBottom;
    rowTops.push(y - between);
    if (collapsed) paint.push(...collapsedBorders(grid, rows.length, ncols, vLines, hLines, colX, colWidth, rowTops, table, st));
    const tablePaint = collapsed ? boxes().paintOf(table, st) : null;
    if (tablePaint && tablePaint.background) paint.unshift({ kind: "rect", x: 0, y: 0, w: tableWidth, h: height, fill: tablePaint.background });
    if (!collapsed) {
      const p = boxPaint(table, st, tableEdges, 0, 0, tableWidth, height);
      if (p) lines.unshift(p);
    }
    if (paint.length) lines.unshift({ top: 0, baseline: 0, height: 0, width: 0, frags: [], atoms: [], paint });
    return { lines, height, contentWidth: tableWidth };
  }

  // The collapsed borders, each centred on its grid line, in the colour of the cell (or table)
  // whose border won it.
  function collapsedBorders(grid, nrows, ncols, vLines, hLines, colX, colWidth, rowTops, table, st) {
    const out = [];
    const colorAt = (el) => {
      const paint = boxes().paintOf(el, styleOf(el));
      return paint && paint.borders ? paint.borders.top.color : styleOf(el).color;
    };
    const tableColor = colorAt(table);
    const cellAt = [];
    grid.forEach((cells, r) => {
      cellAt.push(new Array(ncols).fill(null));
      for (const c of cells) for (let k = c.col; k < c.col + c.span; k++) cellAt[r][k] = c;
    });
    const gridX = (k) => (k < ncols ? colX[k] : colX[ncols - 1] + colWidth[ncols - 1]);
    for (let r = 0; r <= nrows; r++) {
      for (let k = 0; k < ncols; k++) {
        const w = hLines[r][k];
        if (!w) continue;
        const cell = (r < nrows && cellAt[r][k]) || (r > 0 && cellAt[r - 1][k]);
        const y = rowTops[r] - w / 2;
        const x0 = gridX(k) - vLines[Math.min(r, nrows - 1)][k] / 2;
        const x1 = gridX(k + 1) + vLines[Math.min(r, nrows - 1)][k + 1] / 2;
        out.push({ kind: "rect", x: x0, y, w: x1 - x0, h: w, fill: cell ? colorAt(cell.el) : tableColor });
      }
    }
    for (let r = 0; r < nrows; r++) {
      for (let k = 0; k <= ncols; k++) {
        const w = vLines[r][k];
        if (!w) continue;
        const cell = (k < ncols && cellAt[r][k]) || (k > 0 && cellAt[r][k - 1]);
        out.push({ kind: "rect", x: gridX(k) - w / 2, y: rowTops[r], w, h: rowTops[r + 1] - rowTops[r], fill: cell ? colorAt(cell.el) : tableColor });
      }
    }
    return out;
  }

  // Cells are middle-aligned (tbody, thead and tfoot say `vertical-align: middle`, rows and
  // cells inherit it) unless a cell, row or group says otherwise.
  function cellVerticalAlign(cell) {
    for (let el = cell; el && isContent(el) && lname(el) !== "table"; el = el.parentNode) {
      const v = css.substitutedValue(el, "vertical-align");
      if (v !== undefined && v !== "inherit") return v === "top" || v === "bottom" ? v : "middle";
      const valign = el.getAttribute("valign");
      if (valign) return String(valign).toLowerCase() === "top" ? "top" : String(valign).toLowerCase() === "bottom" ? "bottom" : "middle";
    }
    return "middle";
  }

  function cssLength(value, fontPx) {
    return boxes().length(String(value).trim().split(/\s+/)[0], fontPx);
  }

  // Where an HTML element's box sits: the width its containing block offers (a definite width
  // of an ancestor, less the edges between; the <foreignObject>'s width; else the page's).
  function containingWidth(el) {
    const parent = el.parentNode;
    if (!isElement(parent)) return PAGE_WIDTH;
    if (!isContent(parent)) {
      if (lname(parent) === "foreignobject") {
        const w = parseFloat(parent.getAttribute("width"));
        return Number.isFinite(w) && w > 0 ? w : 0;
      }
      return PAGE_WIDTH;
    }
    const st = styleOf(parent);
    const own = lengthOf(st.width, null);
    if (own !== null) return own;
    const e = boxes().edgesOf(parent, st);
    return Math.max(0, containingWidth(parent) - e.margin.left - e.margin.right - e.border.left - e.border.right - e.padding.left - e.padding.right);
  }

  /**
   * The border box of an HTML element laid out where it is (full model): an inline-level or
   * table box shrinks to fit, a block fills its containing block. {width, height} in px.
   */
  const elementBoxes = new WeakMap();
  function elementBox(el) {
    const version = G.__printerDom ? G.__printerDom.version() : 0;
    const cached = elementBoxes.get(el);
    if (cached && cached.version === version) return cached.box;
    const box = computeElementBox(el);
    elementBoxes.set(el, { version, box });
    return box;
  }

  function computeElementBox(el) {
    try {
      return withMemo(() => {
        const st = styleOf(el);
        const shrink = st.display !== "block" && st.display !== "list-item" && st.display !== "flex" && st.display !== "grid";
        const cbWidth = containingWidth(el);
        const box = layoutBlockFull(el, cbWidth, null, shrink);
        keepLayout(el, cbWidth, null, shrink, box);
        let scrollWidth = box.width;
        let scrollHeight = box.height;
        for (const line of box.lines) {
          if (line.overflowBottom !== undefined) {
            scrollHeight = Math.max(scrollHeight, line.overflowBottom);
            scrollWidth = Math.max(scrollWidth, line.overflowRight);
          }
        }
        return { width: box.width, height: box.height, scrollWidth, scrollHeight };
      });
    } catch (error) {
      return { width: 0, height: 0, scrollWidth: 0, scrollHeight: 0 }; // too deep to lay out
    }
  }

  function layoutTable(el, st, width, definiteHeight) {
    // One cell: the first table-cell child, else the content as an anonymous cell.
    const cells = el.childNodes.filter((c) => isElement(c) && displayOf(c) === "table-cell");
    const tableHeight = definiteHeight;
    if (cells.length === 0) {
      const anon = layoutInlineOrFlow(el, st, width);
      return { lines: anon.lines, height: Math.max(anon.height, tableHeight || 0), contentWidth: anon.contentWidth };
    }
    const cell = cells[0];
    const cst = styleOf(cell);
    const [minW] = intrinsicWidths(cell, cst);
    const cellWidth = Math.max(width === Infinity ? intrinsicWidths(cell, cst)[1] : width, minW);
    const flow = layoutFlow(cell, cst, cellWidth, null);
    const height = Math.max(flow.height, tableHeight || 0);
    let dy = 0;
    const va = cst["vertical-align"];
    if (va === "middle") dy = toLayoutUnit((height - flow.height) / 2);
    else if (va === "bottom") dy = height - flow.height;
    return { lines: flow.lines.map((l) => shiftLine(l, 0, dy)), height, contentWidth: cellWidth };
  }

  function layoutInlineOrFlow(el, st, width) {
    const copy = Object.assign({}, st, { display: "block" });
    return layoutFlow(el, copy, width, null);
  }

  function layoutFlex(el, st, width, definiteHeight) {
    const items = [];
    let anon = [];
    const flushAnon = () => {
      if (anon.some((n) => n.nodeType !== 3 || /[^ \t\n\r]/.test(n.data))) items.push({ nodes: anon });
      anon = [];
    };
    for (const n of el.childNodes) {
      if (isElement(n) && isHidden(n)) continue;
      if (isElement(n) && lname(n) !== "br") {
        flushAnon();
        items.push({ el: n });
      } else anon.push(n);
    }
    flushAnon();
    const boxes = items.map((item) => {
      if (item.el) {
        const ist = styleOf(item.el);
        const blockified = isBlockLevel(item.el) ? ist : Object.assign({}, ist, { display: "block" });
        return layoutItem(item.el, blockified, width);
      }
      return layoutAnonymousItem(item.nodes, st, width);
    });
    const total = boxes.reduce((s, b) => s + b.width, 0);
    const avail = width === Infinity ? total : width;
    let x = 0;
    const jc = st["justify-content"];
    const free = avail - total;
    if (jc === "center") x = toLayoutUnit(free / 2);
    else if (jc === "flex-end" || jc === "end" || jc === "right") x = free;
    let gap = 0;
    if (jc === "space-between" && boxes.length > 1 && free > 0) gap = free / (boxes.length - 1);
    if (jc === "space-around" && free > 0) {
      gap = free / boxes.length;
      x = gap / 2;
    }
    const contentHeight = boxes.reduce((m, b) => Math.max(m, b.height), 0);
    const height = definiteHeight !== null && definiteHeight !== undefined ? definiteHeight : contentHeight;
    const ai = st["align-items"];
    const lines = [];
    for (const b of boxes) {
      let y = 0;
      if (ai === "center") y = toLayoutUnit((height - b.height) / 2);
      else if (ai === "flex-end" || ai === "end") y = height - b.height;
      for (const line of b.lines) lines.push(shiftLine(line, x, y));
      x += b.width + gap;
    }
    return { lines, height, contentWidth: total };
  }

  // A flex item: as wide as its content allows (shrink-to-fit), never narrower than min-content.
  function layoutItem(el, ist, avail) {
    const [minW, maxW] = intrinsicWidths(el, ist);
    let w = lengthOf(ist.width, avail === Infinity ? null : avail);
    if (w === null) w = avail === Infinity ? maxW : Math.max(minW, Math.min(maxW, avail));
    const mw = lengthOf(ist["max-width"], avail === Infinity ? null : avail);
    if (mw !== null && w > mw) w = mw;
    const flow = layoutFlow(el, ist, w, null);
    const h = lengthOf(ist.height, null);
    return { width: w, height: h !== null ? h : flow.height, lines: flow.lines };
  }

  function layoutAnonymousItem(nodes, st, avail) {
    const blockSt = Object.assign({}, st, { display: "block" });
    const items = collectInline(nodes, blockSt, []);
    const min = layoutInline(items, blockSt, 0).width;
    const max = layoutInline(items, blockSt, Infinity).width;
    const w = avail === Infinity ? max : Math.max(min, Math.min(max, avail));
    const r = layoutInline(items, blockSt, w);
    return { width: w, height: r.height, lines: r.lines };
  }

  /**
   * Lays out the content of `container` (a <foreignObject> or HTML element) in a box of
   * width x height (height null: auto).
   */
  function layoutBox(container, width, height) {
    return withMemo(() => layoutBoxNow(container, width, height));
  }

  function layoutBoxNow(container, width, height) {
    const st = isContent(container) ? styleOf(container) : Object.assign({}, rootStyle(container), { display: "block" });
    const flow = layoutFlow(container, Object.assign({}, st, { display: st.display === "inline" ? "block" : st.display }), width, height);
    const lines = flow.lines;
    const atoms = [];
    for (const l of lines) for (const a of l.atoms) atoms.push(a);
    return { width, height: height !== null && height !== undefined ? Math.max(height, flow.height) : flow.height, contentHeight: flow.height, contentWidth: flow.contentWidth, lines, atoms };
  }

  // Values copied from the HTML's CSS into SVG style attributes: only plain colours and family
  // lists, so nothing the label's author wrote (url(), braces, escapes) becomes new CSS.
  const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%+-]*\)|[a-z]+)$/i;
  function safeColor(value) {
    const v = String(value || "").trim();
    return COLOR.test(v) ? v : "rgb(0, 0, 0)";
  }
  function safeFamily(value) {
    const v = String(value || "").replace(/[^\w\s"',.-]/g, "").trim();
    return v || "serif";
  }

  // The width Mermaid's page gives a block in <body> (800 px viewport, 8 px body margins).
  const PAGE_WIDTH = 784;

  /**
   * The size of an HTML box Mermaid measures on its own (getBoundingClientRect, clientWidth):
   * shrink-to-fit, as for the absolutely positioned and `width: fit-content` boxes it measures.
   */
  function boxSize(el) {
    try {
      const box = withMemo(() => layoutBlock(el, PAGE_WIDTH, null, true));
      return { width: box.width, height: box.height };
    } catch (error) {
      return { width: 0, height: 0 }; // too deep to lay out: the label is dropped when drawn
    }
  }

  /** Whether an HTML element holds MathML (only then does geometry.js ask for boxSize). */
  function holdsMath(el) {
    for (const c of el.childNodes) {
      if (c.nodeType !== 1) continue;
      if (lname(c) === "math" || holdsMath(c)) return true;
    }
    return false;
  }

  G.__printerHtmlLayout = {
    layoutBox,
    boxSize,
    elementBox,
    setFullModel,
    usesFullModel: () => fullModel,
    holdsMath,
    safeColor,
    safeFamily,
    styleOf,
    fontSpec,
    fontMetrics,
    measureWidth,
    toLayoutUnit,
  };
})();
