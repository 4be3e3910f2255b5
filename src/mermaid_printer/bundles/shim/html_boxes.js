// html_boxes.js — the CSS box properties of HTML elements: margins, borders, padding,
// backgrounds and text decorations, as Chromium's user-agent stylesheet and the author's CSS
// give them.
//
// Serves: html_layout.js when it lays out HTML with the full box model (markmap's labels: inline
// code with padding and a background, code blocks, tables with collapsed borders, underlined
// links, struck-through text). Mermaid's labels are laid out without it (see html_layout.js).
//
// API: __printerHtmlBoxes.edgesOf(el, st) -> {margin, border, padding: {top, right, bottom, left}}
//        in px (em relative to the element's font size; percentages and `auto` are 0), plus
//        paddingPercent {top, right, bottom, left} where padding is a percentage (of the
//        containing block's width, which only the layout knows: html_layout.js resolves it);
//      __printerHtmlBoxes.paintOf(el, st) -> {background, borders: {top: {width, color}, ...},
//        radius, decorations: ["underline" | "line-through" | "overline"], color} or null when
//        the element paints nothing of its own;
//      __printerHtmlBoxes.colorOf(value, currentColor) -> a CSS colour, or null for transparent.
//
// Longhands win over shorthands whatever their order (`padding-left` over `padding`); the
// shorthands read are margin, padding, border, border-<side>, border-width/-style/-color,
// background (its colour) and text-decoration (its line).
// Leaves out: percentage margins, `auto` margins (centring), outline,
// box-shadow, background images and gradients, per-corner radii, border styles other than solid
// (a styled border is drawn solid).
"use strict";
(function () {
  const G = globalThis;
  const css = G.__printerCss;

  const SIDES = ["top", "right", "bottom", "left"];

  // Chromium's html.css, for the boxes of the elements labels contain.
  const UA = {
    p: { margin: "1em 0" },
    pre: { margin: "1em 0" },
    blockquote: { margin: "1em 40px" },
    figure: { margin: "1em 40px" },
    ul: { margin: "1em 0", "padding-left": "40px" },
    ol: { margin: "1em 0", "padding-left": "40px" },
    menu: { margin: "1em 0", "padding-left": "40px" },
    dl: { margin: "1em 0" },
    dd: { "margin-left": "40px" },
    h1: { margin: "0.67em 0" },
    h2: { margin: "0.83em 0" },
    h3: { margin: "1em 0" },
    h4: { margin: "1.33em 0" },
    h5: { margin: "1.67em 0" },
    h6: { margin: "2.33em 0" },
    hr: { margin: "0.5em 0", border: "1px inset gray" },
    td: { padding: "1px" },
    th: { padding: "1px" },
    fieldset: { margin: "0 2px", padding: "0.35em 0.75em 0.625em", border: "2px groove rgb(192, 192, 192)" },
    legend: { padding: "0 2px" },
    iframe: { border: "2px inset rgb(118, 118, 118)" },
    button: { padding: "1px 6px", border: "2px outset rgb(118, 118, 118)", background: "rgb(239, 239, 239)" },
    input: { padding: "1px 2px", border: "2px inset rgb(118, 118, 118)" },
    u: { "text-decoration": "underline" },
    ins: { "text-decoration": "underline" },
    s: { "text-decoration": "line-through" },
    strike: { "text-decoration": "line-through" },
    del: { "text-decoration": "line-through" },
    mark: { background: "yellow", color: "black" },
  };
  // a:-webkit-any-link (only a link with an href is one).
  const UA_LINK = { "text-decoration": "underline", color: "rgb(0, 0, 238)" };

  const BUTTON_INPUT = /^\s*(submit|reset|button)\s*$/i;
  function uaOf(el) {
    const name = String(el.localName || "").toLowerCase();
    if (name === "input" && BUTTON_INPUT.test(String(el.getAttribute("type") || ""))) return UA.button; // drawn as a button
    return name === "a" && el.getAttribute("href") !== null ? UA_LINK : UA[name] || null;
  }

  // Every box property set on `el` (the author's CSS and inline style, var() substituted, over
  // the user-agent's), read once per element until the DOM next changes: name -> value.
  const BOX_PROPERTY = /^(margin|padding|border|background|text-decoration)/;
  const boxMemo = new WeakMap();
  function boxDeclarations(el) {
    const version = G.__printerDom ? G.__printerDom.version() : 0;
    const memo = boxMemo.get(el);
    if (memo && memo.version === version) return memo.values;
    const values = new Map();
    const ua = uaOf(el);
    if (ua) for (const name of Object.keys(ua)) if (BOX_PROPERTY.test(name)) values.set(name, ua[name]);
    for (const name of css.declaredNames(el)) {
      if (!BOX_PROPERTY.test(name)) continue;
      const value = css.substitutedValue(el, name);
      if (value === undefined) continue;
      if (value === "initial" || value === "unset" || value === "inherit") values.delete(name);
      else values.set(name, String(value).trim());
    }
    boxMemo.set(el, { version, values });
    return values;
  }

  function splitWords(value) {
    const out = [];
    let depth = 0;
    let word = "";
    for (const ch of String(value)) {
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
      if (/\s/.test(ch) && depth === 0) {
        if (word) out.push(word);
        word = "";
      } else word += ch;
    }
    if (word) out.push(word);
    return out;
  }

  // Parsed shorthands by their text (labels repeat the same few values thousands of times).
  function memoized(parse) {
    const cache = new Map();
    return (value) => {
      let parsed = cache.get(value);
      if (parsed === undefined) {
        parsed = parse(value);
        if (cache.size > 1000) cache.clear();
        cache.set(value, parsed);
      }
      return parsed;
    };
  }

  // [top, right, bottom, left] of a 1-4 value shorthand.
  const sides = memoized(parseSides);
  function parseSides(value) {
    const p = splitWords(value);
    if (!p.length) return null;
    const top = p[0];
    const right = p[1] !== undefined ? p[1] : top;
    const bottom = p[2] !== undefined ? p[2] : top;
    const left = p[3] !== undefined ? p[3] : right;
    return [top, right, bottom, left];
  }

  function length(value, fontPx) {
    if (value === undefined || value === null) return 0;
    const v = String(value).trim().toLowerCase();
    if (v === "thin") return 1;
    if (v === "medium") return 3;
    if (v === "thick") return 5;
    if (v.startsWith("calc(")) return css.calcLength(v, fontPx, 0, 0);
    const m = /^(-?[\d.]+(?:e-?\d+)?)(px|em|rem|pt|ex|ch)?$/.exec(v);
    if (!m) return 0;
    const n = parseFloat(m[1]);
    switch (m[2]) {
      case "em":
        return n * fontPx;
      case "rem":
        return n * 16;
      case "pt":
        return (n * 4) / 3;
      case "ex":
      case "ch":
        return n * fontPx * 0.5;
      default:
        return n;
    }
  }

  function sideValue(d, base, side, suffix) {
    const long = d.get(`${base}-${side}${suffix}`);
    if (long !== undefined) return long;
    const short = d.get(`${base}${suffix}`);
    if (short === undefined) return undefined;
    return sides(short)[SIDES.indexOf(side)];
  }

  const BORDER_STYLES = new Set(["none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"]);
  // `1px solid currentColor` -> {width, style, color} (what the value leaves out is undefined).
  const parseBorder = memoized(readBorder);
  function readBorder(value) {
    const out = {};
    for (const word of splitWords(value)) {
      const w = word.toLowerCase();
      if (BORDER_STYLES.has(w)) out.style = w;
      else if (/^(thin|medium|thick)$/.test(w) || /^-?[\d.]/.test(w) || w.startsWith("calc(")) out.width = word;
      else out.color = word;
    }
    return out;
  }

  function borderSide(d, side) {
    let width = d.get(`border-${side}-width`);
    let style = d.get(`border-${side}-style`);
    let color = d.get(`border-${side}-color`);
    const fromShorthands = [d.get(`border-${side}`), d.get("border")];
    for (const short of fromShorthands) {
      if (short === undefined) continue;
      const b = parseBorder(short);
      if (width === undefined) width = b.width;
      if (style === undefined) style = b.style;
      if (color === undefined) color = b.color;
      break;
    }
    const index = SIDES.indexOf(side);
    if (width === undefined && d.get("border-width") !== undefined) width = sides(d.get("border-width"))[index];
    if (style === undefined && d.get("border-style") !== undefined) style = sides(d.get("border-style"))[index];
    if (color === undefined && d.get("border-color") !== undefined) color = sides(d.get("border-color"))[index];
    return { width, style: style || "none", color };
  }

  const ZERO = { top: 0, right: 0, bottom: 0, left: 0 };

  // Both are kept on the element's resolved style object (html_layout.js makes a new one when
  // the DOM changes), so each element's boxes are read once per layout.
  function edgesOf(el, st) {
    if (!st._edges) st._edges = setsBoxes(el) ? readEdges(el, st) : { margin: ZERO, border: ZERO, padding: ZERO };
    return st._edges;
  }

  function paintOf(el, st) {
    if (st._paint === undefined) st._paint = setsBoxes(el) ? readPaint(el, st) : null;
    return st._paint;
  }

  // Whether anything (the author's CSS, the inline style, the user-agent stylesheet) sets a box
  // property on `el`: most elements of a label set none, and then nothing needs reading.
  function setsBoxes(el) {
    return boxDeclarations(el).size > 0;
  }

  function readEdges(el, st) {
    const d = boxDeclarations(el);
    const fontPx = st.sizePx;
    const margin = {};
    const padding = {};
    const border = {};
    let percent = null; // padding in % of the containing block's width, by side
    let any = false;
    for (const side of SIDES) {
      margin[side] = length(sideValue(d, "margin", side, ""), fontPx);
      const rawPadding = sideValue(d, "padding", side, "");
      padding[side] = Math.max(0, length(rawPadding, fontPx));
      const pct = /^\s*[\d.]+%\s*$/.test(String(rawPadding === undefined ? "" : rawPadding)) ? parseFloat(rawPadding) : 0;
      if (pct > 0) (percent = percent || { top: 0, right: 0, bottom: 0, left: 0 })[side] = pct;
      const b = borderSide(d, side);
      border[side] = b.style === "none" || b.style === "hidden" ? 0 : b.width === undefined ? 3 : Math.max(0, length(b.width, fontPx));
      any = any || margin[side] !== 0 || padding[side] !== 0 || border[side] !== 0 || pct > 0;
    }
    if (!any) return { margin: ZERO, border: ZERO, padding: ZERO };
    return percent ? { margin, border, padding, paddingPercent: percent } : { margin, border, padding };
  }

  const NAMED = { transparent: null, black: "rgb(0, 0, 0)", white: "rgb(255, 255, 255)", yellow: "rgb(255, 255, 0)", gray: "rgb(128, 128, 128)", grey: "rgb(128, 128, 128)" };
  function colorOf(value, currentColor) {
    if (value === undefined || value === null) return null;
    const v = String(value).trim();
    const lower = v.toLowerCase();
    if (lower === "currentcolor") return currentColor;
    if (lower in NAMED) return NAMED[lower];
    if (/^#[0-9a-f]{3,8}$/i.test(v) || /^(rgb|rgba|hsl|hsla)\([\d\s.,%/+-]*\)$/i.test(v) || /^[a-z]+$/i.test(v)) return v;
    return null;
  }

  function backgroundOf(d, color) {
    const long = d.get("background-color");
    if (long !== undefined) return colorOf(long, color);
    const short = d.get("background");
    if (short === undefined) return null;
    for (const word of splitWords(short)) {
      const c = colorOf(word, color);
      if (c && !/^(none|repeat|no-repeat|repeat-x|repeat-y|scroll|fixed|local|center|top|bottom|left|right|cover|contain|auto)$/i.test(word)) return c;
    }
    return null;
  }

  function decorationsOf(d) {
    const value = d.get("text-decoration-line") ?? d.get("text-decoration");
    if (value === undefined) return [];
    return splitWords(value.toLowerCase()).filter((w) => w === "underline" || w === "line-through" || w === "overline");
  }

  function readPaint(el, st) {
    const d = boxDeclarations(el);
    const color = st.color;
    const background = backgroundOf(d, color);
    const borders = {};
    let anyBorder = false;
    for (const side of SIDES) {
      const b = borderSide(d, side);
      const width = b.style === "none" || b.style === "hidden" ? 0 : b.width === undefined ? 3 : length(b.width, st.sizePx);
      borders[side] = { width, color: colorOf(b.color === undefined ? "currentColor" : b.color, color) };
      anyBorder = anyBorder || (width > 0 && borders[side].color !== null);
    }
    const decorations = decorationsOf(d);
    const radius = length(d.get("border-radius"), st.sizePx);
    if (!background && !anyBorder && decorations.length === 0) return null;
    return { background, borders: anyBorder ? borders : null, radius, decorations, color };
  }

  // The colour of an HTML element for its text (`color`), and which properties it sets on
  // inline boxes: the UA colour of links has to reach the cascade html_layout.js runs.
  function uaColor(el) {
    const ua = uaOf(el);
    return ua && ua.color !== undefined ? ua.color : undefined;
  }

  G.__printerHtmlBoxes = { edgesOf, paintOf, colorOf, length, uaColor, ZERO };
})();
