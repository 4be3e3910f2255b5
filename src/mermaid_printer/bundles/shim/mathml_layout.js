// mathml_layout.js — lays out and draws the MathML that KaTeX makes for Mermaid's $$…$$ labels.
//
// Kept whole: MathML layout and the drawing of the same boxes: drawing reads the layout's private
// structures.
//
// Serves: Mermaid's KaTeX support. Mermaid asks KaTeX for MathML only where window.MathMLElement
// exists (else it prints "MathML is unsupported in this environment."), so this module defines
// it; then it measures the math (html_layout.js asks it for the size of every <math>, which is
// how geometry.js answers calculateMathMLDimensions and getBoundingClientRect for the labels)
// and draws it as SVG for foreign_objects.js: <text> for the glyphs, <rect> for fraction bars and
// radical overbars, a <path> for the radical sign.
//
// API: __printerMathLayout.layout(mathElement, style) -> {width, ascent, descent, box}
//      __printerMathLayout.draw(size, x, baseline, document) -> {tspans, shapes}
//        (size is what layout() returned; x/baseline place the math's left end and baseline)
//
// The model is MathML Core as Chromium implements it for a font without an OpenType MATH table
// (Chromium draws `font-family: math` with Liberation Serif, metrically Times New Roman):
// - token elements (mi, mn, mo, mtext, ms) are as tall as their glyphs' ink; a one-character
//   <mi> is italic; mathvariant normal/bold/italic/bold-italic;
// - operators get lspace/rspace from a small operator dictionary by form (prefix, infix,
//   postfix; the lspace/rspace attributes win); no operator stretches and no large operator
//   grows (without a MATH table Chromium does neither);
// - mfrac (with linethickness), msqrt/mroot, msub/msup/msubsup, munder/mover/munderover (as
//   scripts when the base has movablelimits and the style is not display), mtable (cells
//   centred, padding 0.5ex 0.4em), mspace, mstyle (displaystyle, scriptlevel), mphantom,
//   semantics; scriptlevel shrinks by 0.71 a level; the fallback layout constants of
//   MathML Core (axis height = x-height / 2, rule thickness = underline thickness, …).
// - the .katex class gets katex.css's font-size 1.21em (mermaid-cli's page loads katex.css).
// Leaves out: stretchy operators, mmultiscripts, mpadded/menclose attributes (laid out as
// mrow), italic correction, mathvariants beyond those above, and glyph ink of characters that
// are not in the table below (they get the font's x-height-free default of 0.7 em / 0).
"use strict";
(function () {
  const G = globalThis;

  if (typeof G.MathMLElement === "undefined" && typeof G.Element === "function") {
    G.MathMLElement = class MathMLElement extends G.Element {};
    if (G.window && G.window !== G) G.window.MathMLElement = G.MathMLElement;
  }

  const SVG_NS = "http://www.w3.org/2000/svg";
  // The face Chromium draws `math` with here (Liberation Serif), named as a viewer finds it.
  const MATH_FAMILY = '"Times New Roman", serif';
  const X_HEIGHT = 940 / 2048; // em, OS/2 sxHeight of Liberation Serif / Tinos
  const RULE = 100 / 2048; // em, post.underlineThickness
  const SCRIPT_SCALE = 0.71; // scriptPercentScaleDown when the font has no MATH table

  // Glyph ink of Liberation Serif: character -> [ascent, descent] in 1/1000 em, and the advance
  // and ink of the mathematical italic letters Chromium draws for a one-letter <mi> (see
  // below), measured with Chromium's canvas measureText at 1000 px by
  // scripts/build_math_glyph_tables.py, which rewrites the block between the markers.
  // BEGIN GENERATED GLYPH TABLES
  const INK = {
    "0":[672,16],"1":[672,0],"2":[672,0],"3":[672,16],"4":[672,0],"5":[656,16],"6":[672,16],"7":[656,0],
    "8":[672,16],"9":[672,16],"!":[656,16],"\"":[656,-406],"#":[656,0],"$":[734,78],"%":[672,16],"&":[672,16],
    "'":[656,-406],"(":[703,219],")":[703,219],"*":[656,-281],"+":[578,-94],",":[109,156],"-":[281,-187],
    ".":[109,16],"/":[672,16],":":[484,16],";":[484,156],"<":[578,-78],"=":[469,-203],">":[578,-78],
    "?":[672,16],"@":[672,203],"A":[672,0],"B":[656,16],"C":[672,16],"D":[656,16],"E":[656,0],"F":[656,0],
    "G":[672,16],"H":[656,0],"I":[656,0],"J":[656,16],"K":[656,0],"L":[656,0],"M":[656,0],"N":[656,0],
    "O":[672,16],"P":[656,0],"Q":[672,172],"R":[656,0],"S":[672,16],"T":[656,0],"U":[656,16],"V":[656,16],
    "W":[656,16],"X":[656,0],"Y":[656,0],"Z":[656,0],"[":[703,141],"\\":[672,16],"]":[703,141],"^":[656,-187],
    "_":[-78,141],"`":[703,-531],"a":[484,16],"b":[703,16],"c":[484,16],"d":[703,16],"e":[484,16],"f":[719,0],
    "g":[516,219],"h":[703,0],"i":[672,0],"j":[672,219],"k":[703,0],"l":[703,0],"m":[484,0],"n":[484,0],
    "o":[484,16],"p":[484,219],"q":[484,219],"r":[484,0],"s":[484,16],"t":[578,16],"u":[469,16],"v":[469,16],
    "w":[469,16],"x":[469,0],"y":[469,219],"z":[469,0],"{":[703,141],"|":[703,219],"}":[703,141],"~":[422,-234],
    "Α":[672,0],"Β":[656,16],"Γ":[656,0],"Δ":[672,0],"Ε":[656,0],"Ζ":[656,0],"Η":[656,0],"Θ":[672,16],
    "Ι":[656,0],"Κ":[656,0],"Λ":[672,0],"Μ":[656,0],"Ν":[656,0],"Ξ":[656,0],"Ο":[672,16],"Π":[656,0],
    "Ρ":[656,0],"΢":[672,0],"Σ":[656,0],"Τ":[656,0],"Υ":[656,0],"Φ":[656,0],"Χ":[656,0],"Ψ":[656,0],"Ω":[672,0],
    "α":[484,16],"β":[719,219],"γ":[469,219],"δ":[703,16],"ε":[484,16],"ζ":[703,188],"η":[484,219],"θ":[703,16],
    "ι":[469,16],"κ":[469,0],"λ":[719,0],"μ":[469,219],"ν":[469,16],"ξ":[703,188],"ο":[484,16],"π":[469,16],
    "ρ":[484,219],"ς":[484,188],"σ":[516,16],"τ":[469,16],"υ":[484,16],"φ":[484,219],"χ":[469,219],
    "ψ":[609,219],"ω":[469,16],"ϑ":[781,16],"ϕ":[766,219],"ϖ":[547,16],"ϵ":[563,16],"−":[359,-297],"±":[578,0],
    "∓":[641,0],"×":[547,-125],"÷":[578,-94],"·":[391,-266],"⋅":[422,-281],"∗":[641,0],"∘":[484,-156],
    "√":[797,16],"∞":[484,-94],"∫":[719,281],"∬":[766,219],"∮":[766,219],"∑":[656,219],"∏":[656,219],
    "∐":[734,203],"∂":[734,16],"∇":[734,0],"→":[406,-156],"←":[406,-156],"↔":[406,-156],"⇒":[531,-94],
    "⇐":[531,-94],"⇔":[531,-94],"↦":[531,-94],"≤":[578,0],"≥":[578,0],"≠":[609,-62],"≈":[516,-141],
    "≡":[516,-156],"≅":[609,-78],"∼":[406,-219],"≃":[500,-172],"∝":[500,-109],"∈":[719,16],"∉":[844,141],
    "∋":[719,16],"⊂":[547,-78],"⊃":[547,-78],"⊆":[625,0],"⊇":[625,0],"∪":[594,0],"∩":[516,16],"∧":[594,0],
    "∨":[594,0],"¬":[359,-94],"∀":[734,0],"∃":[734,0],"∅":[719,16],"′":[656,-406],"″":[656,-406],"…":[109,16],
    "⋯":[375,-234],"⋮":[719,94],"⋱":[719,94],"⟨":[766,141],"⟩":[766,141],"‖":[766,250],"°":[672,-359],
    "ℝ":[734,0],"ℕ":[734,0],"ℤ":[734,0],"ℚ":[750,141],"ℂ":[750,16],"∖":[781,63],"⊕":[656,16],"⊗":[656,16],
    "⊙":[656,16],"∠":[734,0],"⌊":[766,141],"⌋":[766,141],"⌈":[766,141],"⌉":[766,141],"ℓ":[672,16],"ℏ":[766,0],
    "∣":[781,219],"∥":[781,219],"⊥":[703,0],"⊤":[703,0],"⊢":[703,0],"⋄":[563,-62],"★":[734,16],"†":[703,125],
    "‡":[703,125],"§":[688,125],"¶":[656,141],"©":[672,16],"®":[672,16],"™":[656,-250],"•":[453,-203],
    "◦":[438,-187],"□":[609,0],"■":[547,-47],"△":[656,125],"▽":[656,125],"⊲":[625,0],"⊳":[625,0]
  };
  // A one-letter <mi> is drawn from the Mathematical Alphanumeric Symbols (𝑥 for x), which
  // Liberation Serif lacks: Chromium takes them from a fallback font (DejaVu), wider and
  // taller. Their advance and ink (same units) keep the layout Chromium's; the letter itself is
  // drawn as the math font's italic, centred in that advance.
  const MATH_ITALIC = {
    "a":[655,547,16],"b":[693,766,16],"c":[659,547,16],"d":[740,766,16],"e":[665,547,16],"f":[739,766,219],
    "g":[722,547,234],"h":[634,766,0],"i":[379,750,0],"j":[557,750,234],"k":[668,766,0],"l":[398,766,0],
    "m":[969,547,0],"n":[664,547,0],"o":[677,547,16],"p":[734,547,219],"q":[664,547,219],"r":[617,547,0],
    "s":[628,547,16],"t":[508,688,16],"u":[665,531,16],"v":[676,531,0],"w":[940,531,0],"x":[706,531,0],
    "y":[772,531,234],"z":[701,547,31],"A":[908,734,0],"B":[854,734,0],"C":[859,750,16],"D":[930,734,0],
    "E":[889,734,0],"F":[899,734,0],"G":[870,750,16],"H":[1064,734,0],"I":[587,734,0],"J":[775,734,219],
    "K":[971,734,0],"L":[781,734,0],"M":[1220,734,0],"N":[1084,734,16],"O":[887,750,16],"P":[850,734,0],
    "Q":[888,750,172],"R":[892,734,0],"S":[771,750,16],"T":[841,734,0],"U":[921,734,16],"V":[917,734,0],
    "W":[1190,734,0],"X":[970,734,0],"Y":[851,734,0],"Z":[895,734,0],"α":[773,547,16],"β":[722,766,219],
    "γ":[659,531,219],"δ":[696,766,16],"ε":[634,531,31],"ζ":[710,766,219],"η":[647,547,219],"θ":[691,781,16],
    "ι":[385,531,47],"κ":[810,531,0],"λ":[735,766,0],"μ":[714,531,219],"ν":[666,531,0],"ξ":[721,766,219],
    "ο":[677,547,16],"π":[841,531,0],"ρ":[734,547,219],"ς":[658,547,219],"σ":[821,531,16],"τ":[660,531,47],
    "υ":[652,531,16],"φ":[794,531,219],"χ":[873,547,234],"ψ":[824,531,219],"ω":[904,531,16],"Α":[908,734,0],
    "Β":[854,734,0],"Γ":[899,734,0],"Δ":[802,734,0],"Ε":[889,734,0],"Ζ":[895,734,0],"Η":[1064,734,0],
    "Θ":[887,750,16],"Ι":[587,734,0],"Κ":[971,734,0],"Λ":[908,734,0],"Μ":[1220,734,0],"Ν":[1084,734,16],
    "Ξ":[889,734,0],"Ο":[887,750,16],"Π":[1064,734,0],"Ρ":[850,734,0],"Σ":[900,734,0],"Τ":[841,734,0],
    "Υ":[761,734,0],"Φ":[878,734,0],"Χ":[970,734,0],"Ψ":[962,734,0],"Ω":[952,750,0]
  };
  // END GENERATED GLYPH TABLES
  const SURD_ADVANCE = 0.549; // em, U+221A
  const SURD_INK = [0.797, 0.016];

  // Operator dictionary (MathML Core, the entries KaTeX output uses): spacing in 1/18 em.
  const RELATIONS = "=<>≤≥≠≈≡≅∼≃∝∈∉∋⊂⊃⊆⊇→←↔⇒⇐⇔↦⊢⊨∣∥≪≫≺≻⊏⊐≐⟶⟵⟹⟸⟺⟷↑↓:≔≺≼≽";
  const BINARY = "+−-±∓×÷·⋅∗∘∪∩∧∨⊕⊗⊙∖⊎⊓⊔⋆†‡≀";
  const FENCES = "()[]{}|‖⟨⟩⌊⌋⌈⌉";
  const LARGE = "∑∏∐⋂⋃⨁⨂⨀⨄⋀⋁";
  const INTEGRALS = "∫∬∭∮∯∰";
  const ZERO = ".!′″‴⁡⁢⁣⁤…⋯⋮⋱'";
  const MOVABLE_LIMITS = new Set(["∑", "∏", "∐", "⋂", "⋃", "⨁", "⨂", "⨀", "⨄", "⋀", "⋁", "lim", "max", "min", "sup", "inf", "det", "gcd", "Pr", "liminf", "limsup"]);

  function operatorSpacing(text, form) {
    if (text.length === 1 || text.length === 2) {
      if (ZERO.includes(text) || FENCES.includes(text)) return [0, 0];
      if (text === "," || text === ";") return [0, 3];
      if (BINARY.includes(text)) return form === "infix" ? [4, 4] : [0, 0];
      if (RELATIONS.includes(text)) return [5, 5];
      if (LARGE.includes(text)) return [1, 2];
      if (INTEGRALS.includes(text)) return [1, 2];
      if (text === "/") return [0, 0];
    }
    if (/^[A-Za-z]+$/.test(text)) return [1, 2]; // lim, max, sin written as <mo>
    return [5, 5];
  }

  function lname(el) {
    return String(el.localName || "").toLowerCase();
  }
  function elementChildren(el) {
    return el.childNodes.filter((c) => c.nodeType === 1);
  }
  function attr(el, name) {
    const v = el.getAttribute(name);
    return v === null ? null : String(v).trim();
  }

  // A MathML length in px (em, ex, px, pt, %, named spaces; unitless = multiple of `base`).
  function mathLength(value, size, base) {
    if (value === null || value === undefined || value === "") return null;
    const named = {
      veryverythinmathspace: 1, verythinmathspace: 2, thinmathspace: 3, mediummathspace: 4,
      thickmathspace: 5, verythickmathspace: 6, veryverythickmathspace: 7,
    };
    const v = String(value).trim().toLowerCase();
    if (v in named) return (named[v] * size) / 18;
    const m = /^(-?[\d.]+)\s*(em|ex|px|pt|%|mu)?$/.exec(v);
    if (!m) return null;
    const n = parseFloat(m[1]);
    switch (m[2]) {
      case "em":
        return n * size;
      case "ex":
        return n * X_HEIGHT * size;
      case "pt":
        return (n * 4) / 3;
      case "mu":
        return (n * size) / 18;
      case "%":
        return base !== undefined ? (n * base) / 100 : null;
      case "px":
        return n;
      default:
        return base !== undefined ? n * base : n;
    }
  }

  function fontOf(ctx, italic, bold) {
    return { family: MATH_FAMILY, size: ctx.size, weight: bold ? 700 : 400, style: italic ? "italic" : "normal" };
  }

  function measure(text, font) {
    return G.__printerMeasureText(text, font).width;
  }

  function inkOf(text) {
    let a = 0;
    let d = -Infinity;
    let any = false;
    for (const ch of text) {
      if (ch === " " || ch === "\u00a0" || ch === "\u2061" || ch === "\u2062" || ch === "\u2063") continue;
      const ink = INK[ch] || [700, 0];
      a = Math.max(a, ink[0] / 1000);
      d = Math.max(d, ink[1] / 1000);
      any = true;
    }
    return any ? [a, d] : [0, 0];
  }

  function tokenText(el) {
    return String(el.textContent || "").replace(/[ \t\n\r]+/g, " ").trim();
  }

  // ---- boxes: {w, a, d, items}; items in box coordinates (x right, y down from the baseline)
  function emptyBox() {
    return { w: 0, a: 0, d: 0, items: [] };
  }

  function place(items, box, dx, dy) {
    for (const it of box.items) items.push(Object.assign({}, it, { x: it.x + dx, y: it.y + dy }));
  }

  function token(el, ctx) {
    const name = lname(el);
    const text = tokenText(el);
    if (!text) return emptyBox();
    const variant = attr(el, "mathvariant");
    let italic = name === "mi" && [...text].length === 1 && variant === null;
    let bold = false;
    if (variant === "italic") italic = true;
    if (variant === "bold") bold = true;
    if (variant === "bold-italic") italic = bold = true;
    const font = fontOf(ctx, italic, bold);
    let w = measure(text, font);
    let [ia, id] = inkOf(text);
    let dx = 0;
    const alphanumeric = italic && !bold && MATH_ITALIC[text];
    if (alphanumeric) {
      const slot = (alphanumeric[0] / 1000) * ctx.size;
      dx = (slot - w) / 2;
      w = slot;
      ia = alphanumeric[1] / 1000;
      id = alphanumeric[2] / 1000;
    }
    // Chromium reads the ink of hinted glyphs: whole pixels.
    return { w, a: Math.round(ia * ctx.size), d: Math.round(id * ctx.size), items: [{ kind: "text", x: dx, y: 0, text, font, color: ctx.color }] };
  }

  function operatorInfo(el) {
    // The core <mo> of an embellished operator: an <mo>, or a script/fraction whose first child
    // is one, or a row whose only non-space child is one.
    const name = lname(el);
    if (name === "mo") return el;
    if (["msub", "msup", "msubsup", "munder", "mover", "munderover", "mfrac"].includes(name)) {
      const first = elementChildren(el)[0];
      return first ? operatorInfo(first) : null;
    }
    if (["mrow", "mstyle", "mpadded", "mphantom"].includes(name)) {
      const kids = elementChildren(el).filter((c) => !["mspace", "mtext"].includes(lname(c)));
      return kids.length === 1 ? operatorInfo(kids[0]) : null;
    }
    return null;
  }

  function row(children, ctx, addSpace) {
    const boxes = [];
    const n = children.length;
    let x = 0;
    let a = 0;
    let d = 0;
    const items = [];
    children.forEach((child, i) => {
      const box = layoutNode(child, ctx);
      let lspace = 0;
      let rspace = 0;
      const core = addSpace ? operatorInfo(child) : null;
      if (core) {
        const form = attr(core, "form") || (n > 1 && i === 0 ? "prefix" : n > 1 && i === n - 1 ? "postfix" : "infix");
        const [l, r] = operatorSpacing(tokenText(core), form);
        const size = ctx.size;
        lspace = mathLength(attr(core, "lspace"), size, size);
        rspace = mathLength(attr(core, "rspace"), size, size);
        if (lspace === null) lspace = (l * size) / 18;
        if (rspace === null) rspace = (r * size) / 18;
        lspace = Math.max(0, lspace);
        rspace = Math.max(0, rspace);
      }
      x += lspace;
      place(items, box, x, 0);
      x += box.w + rspace;
      a = Math.max(a, box.a);
      d = Math.max(d, box.d);
      boxes.push(box);
    });
    return { w: x, a, d, items };
  }

  function childCtx(ctx, changes) {
    const next = Object.assign({}, ctx, changes);
    if (changes.depth !== undefined && changes.depth !== ctx.depth) {
      next.size = ctx.size * Math.pow(SCRIPT_SCALE, changes.depth - ctx.depth);
    }
    return next;
  }

  function fraction(el, ctx) {
    const [numEl, denEl] = elementChildren(el);
    if (!numEl || !denEl) return row(elementChildren(el), ctx, true);
    const inner = childCtx(ctx, { display: false, depth: ctx.display ? ctx.depth : ctx.depth + 1 });
    const num = layoutNode(numEl, inner);
    const den = layoutNode(denEl, Object.assign({}, inner, { cramped: true }));
    const size = ctx.size;
    let t = RULE * size;
    const lt = attr(el, "linethickness");
    if (lt !== null) {
      const v = mathLength(lt, size, t);
      if (v !== null) t = Math.max(0, v);
    }
    const axis = (X_HEIGHT / 2) * size;
    let numShift;
    let denShift;
    if (t > 0) {
      const gap = (ctx.display ? 3 : 1) * RULE * size;
      numShift = axis + t / 2 + gap + num.d;
      denShift = t / 2 + gap + den.a - axis;
    } else {
      const gapMin = (ctx.display ? 7 : 3) * RULE * size;
      numShift = 0;
      denShift = 0;
      const gap = denShift - den.a + numShift - num.d;
      if (gap < gapMin) {
        numShift += (gapMin - gap) / 2;
        denShift += (gapMin - gap) / 2;
      }
    }
    const pad = 1; // mfrac { padding-inline: 1px } in the UA stylesheet
    const inner_w = Math.max(num.w, den.w);
    const w = inner_w + 2 * pad;
    const a = Math.max(0, Math.max(numShift + num.a, -denShift + den.a));
    const d = Math.max(0, Math.max(-numShift + num.d, denShift + den.d));
    const items = [];
    place(items, num, pad + (inner_w - num.w) / 2, -numShift);
    place(items, den, pad + (inner_w - den.w) / 2, denShift);
    if (t > 0) items.push({ kind: "rect", x: pad, y: -axis - t / 2, w: inner_w, h: t, color: ctx.color });
    return { w, a, d, items };
  }

  function radical(el, ctx, withIndex) {
    const kids = elementChildren(el);
    const base = withIndex ? layoutNode(kids[0] || el, ctx) : row(kids, ctx, true);
    const index = withIndex && kids[1] ? layoutNode(kids[1], childCtx(ctx, { depth: ctx.depth + 2, display: false })) : null;
    const size = ctx.size;
    const t = RULE * size;
    const xh = X_HEIGHT * size;
    const gap = ctx.display ? t + xh / 4 : (5 * t) / 4;
    const extra = t;
    const surdW = SURD_ADVANCE * size;
    const surdH = (SURD_INK[0] + SURD_INK[1]) * size;
    let kernBefore = 0;
    let kernAfter = 0;
    let indexW = 0;
    if (index) {
      indexW = index.w;
      kernBefore = (5 / 18) * size;
      kernAfter = Math.max((-10 / 18) * size, -indexW);
    }
    let a = base.a + gap + t + extra;
    let d = Math.max(base.d, surdH + extra - a);
    const items = [];
    const surdX = indexW + kernBefore + kernAfter;
    const baseX = surdX + surdW;
    if (index) {
      const raise = 0.6 * surdH;
      a = Math.max(a, -d + raise + index.d + index.a);
      place(items, index, kernBefore, d - raise - index.d);
    }
    place(items, base, baseX, 0);
    // The sign hangs from the overbar (its glyph is not stretched); the bar covers the base.
    const top = -(base.a + gap + t);
    items.push({ kind: "surd", x: surdX, y: top, w: surdW, h: surdH, t, color: ctx.color });
    items.push({ kind: "rect", x: baseX, y: top, w: base.w, h: t, color: ctx.color });
    return { w: baseX + base.w, a, d, items };
  }

  function scripts(el, ctx, kind) {
    const kids = elementChildren(el);
    const base = layoutNode(kids[0] || el, ctx);
    const scriptCtx = childCtx(ctx, { depth: ctx.depth + 1, display: false });
    const sub = kind === "sub" || kind === "subsup" ? (kids[1] ? layoutNode(kids[1], Object.assign({}, scriptCtx, { cramped: true })) : null) : null;
    const supEl = kind === "sup" ? kids[1] : kind === "subsup" ? kids[2] : null;
    const sup = supEl ? layoutNode(supEl, scriptCtx) : null;
    const size = ctx.size;
    const xh = X_HEIGHT * size;
    const p = {
      subShiftDown: xh / 3, supShiftUp: xh, subDropMin: xh / 2, supDropMax: xh / 2, gapMin: size / 5,
      supBottomMin: xh / 4, subTopMax: (4 * xh) / 5, supBottomMaxWithSub: (4 * xh) / 5,
    };
    let subShift = 0;
    let supShift = 0;
    if (sub) subShift = Math.max(p.subShiftDown, base.d + p.subDropMin, sub.a - p.subTopMax);
    if (sup) supShift = Math.max(p.supShiftUp, base.a - p.supDropMax, p.supBottomMin + sup.d);
    if (sub && sup) {
      let gap = subShift - sub.a + (supShift - sup.d);
      if (gap < p.gapMin) {
        let delta = p.supBottomMaxWithSub - (supShift - sup.d);
        if (delta > 0) {
          delta = Math.min(delta, p.gapMin - gap);
          supShift += delta;
          gap += delta;
        }
        if (gap < p.gapMin) subShift += p.gapMin - gap;
      }
    }
    const a = Math.max(0, base.a, sup ? sup.a + supShift : 0);
    const d = Math.max(0, base.d, sub ? sub.d + subShift : 0);
    const items = [];
    place(items, base, 0, 0);
    const sx = base.w;
    if (sub) place(items, sub, sx, subShift);
    if (sup) place(items, sup, sx, -supShift);
    const space = size / 5;
    const w = sx + Math.max(sub ? sub.w : 0, sup ? sup.w : 0) + space;
    return { w, a, d, items };
  }

  function underOver(el, ctx, kind) {
    const kids = elementChildren(el);
    const core = kids[0] ? operatorInfo(kids[0]) : null;
    const coreText = core ? tokenText(core) : "";
    const movable = core && (attr(core, "movablelimits") === "true" || (attr(core, "movablelimits") !== "false" && MOVABLE_LIMITS.has(coreText)));
    if (movable && !ctx.display) {
      return scripts(el, ctx, kind === "under" ? "sub" : kind === "over" ? "sup" : "subsup");
    }
    const accentOver = attr(el, "accent") === "true";
    const accentUnder = attr(el, "accentunder") === "true";
    const base = layoutNode(kids[0] || el, ctx);
    const underEl = kind === "under" || kind === "underover" ? kids[1] : null;
    const overEl = kind === "over" ? kids[1] : kind === "underover" ? kids[2] : null;
    const under = underEl ? layoutNode(underEl, childCtx(ctx, { depth: accentUnder ? ctx.depth : ctx.depth + 1, display: false })) : null;
    const over = overEl ? layoutNode(overEl, childCtx(ctx, { depth: accentOver ? ctx.depth : ctx.depth + 1, display: false })) : null;
    const size = ctx.size;
    const t = RULE * size;
    const largeOp = core && (LARGE.includes(coreText) || INTEGRALS.includes(coreText));
    const fallbackBar = !largeOp;
    const w = Math.max(base.w, under ? under.w : 0, over ? over.w : 0);
    const items = [];
    place(items, base, (w - base.w) / 2, 0);
    let ascent = base.a;
    if (over) {
      let gap = 0;
      if (fallbackBar) gap = accentOver ? Math.max(0, (X_HEIGHT / 2) * size - base.a) : 3 * t;
      const overBottom = -(base.a + gap);
      place(items, over, (w - over.w) / 2, overBottom - over.d);
      ascent = base.a + gap + over.a + over.d + (fallbackBar ? t : 0);
    }
    let descent = base.d;
    if (under) {
      const gap = fallbackBar && !accentUnder ? 3 * t : 0;
      place(items, under, (w - under.w) / 2, base.d + gap + under.a);
      descent = base.d + gap + under.a + under.d + (fallbackBar ? t : 0);
    }
    return { w, a: Math.max(0, ascent), d: Math.max(0, descent), items };
  }

  function table(el, ctx) {
    const rows = elementChildren(el).filter((r) => lname(r) === "mtr" || lname(r) === "mlabeledtr");
    const size = ctx.size;
    const padX = 0.4 * size;
    const padY = 0.5 * X_HEIGHT * size;
    const cells = rows.map((r) => elementChildren(r).filter((c) => lname(c) === "mtd").map((c) => row(elementChildren(c), ctx, true)));
    const cols = cells.reduce((m, r) => Math.max(m, r.length), 0);
    const colW = new Array(cols).fill(0);
    for (const r of cells) r.forEach((c, i) => (colW[i] = Math.max(colW[i], c.w + 2 * padX)));
    const rowA = cells.map((r) => r.reduce((m, c) => Math.max(m, c.a), 0) + padY);
    const rowD = cells.map((r) => r.reduce((m, c) => Math.max(m, c.d), 0) + padY);
    const height = rowA.reduce((s, v) => s + v, 0) + rowD.reduce((s, v) => s + v, 0);
    const axis = (X_HEIGHT / 2) * size;
    const a = height / 2 + axis;
    const items = [];
    let y = -a;
    cells.forEach((r, ri) => {
      const baseline = y + rowA[ri];
      let x = 0;
      r.forEach((c, ci) => {
        place(items, c, x + (colW[ci] - c.w) / 2, baseline);
        x += colW[ci];
      });
      y += rowA[ri] + rowD[ri];
    });
    return { w: colW.reduce((s, v) => s + v, 0), a, d: height - a, items };
  }

  function layoutNode(el, ctx) {
    const name = lname(el);
    if (el.nodeType !== 1) return emptyBox();
    const color = el.getAttribute("mathcolor") || null;
    if (color) ctx = Object.assign({}, ctx, { color: G.__printerHtmlLayout.safeColor(color) });
    switch (name) {
      case "mi":
      case "mn":
      case "mo":
      case "mtext":
      case "ms":
        return token(el, ctx);
      case "mspace": {
        const w = mathLength(attr(el, "width"), ctx.size) || 0;
        const h = mathLength(attr(el, "height"), ctx.size) || 0;
        const dd = mathLength(attr(el, "depth"), ctx.size) || 0;
        return { w, a: h, d: dd, items: [] };
      }
      case "mfrac":
        return fraction(el, ctx);
      case "msqrt":
        return radical(el, ctx, false);
      case "mroot":
        return radical(el, ctx, true);
      case "msub":
        return scripts(el, ctx, "sub");
      case "msup":
        return scripts(el, ctx, "sup");
      case "msubsup":
        return scripts(el, ctx, "subsup");
      case "munder":
        return underOver(el, ctx, "under");
      case "mover":
        return underOver(el, ctx, "over");
      case "munderover":
        return underOver(el, ctx, "underover");
      case "mtable":
        return table(el, ctx);
      case "semantics": {
        const first = elementChildren(el)[0];
        return first ? layoutNode(first, ctx) : emptyBox();
      }
      case "annotation":
      case "annotation-xml":
        return emptyBox();
      case "mphantom": {
        const box = row(elementChildren(el), ctx, true);
        return { w: box.w, a: box.a, d: box.d, items: [] };
      }
      case "mstyle": {
        let next = ctx;
        const ds = attr(el, "displaystyle");
        if (ds !== null) next = Object.assign({}, next, { display: ds === "true" });
        const sl = attr(el, "scriptlevel");
        if (sl !== null && /^[+-]?\d+$/.test(sl)) {
          const depth = /^[+-]/.test(sl) ? next.depth + parseInt(sl, 10) : parseInt(sl, 10);
          next = childCtx(next, { depth: Math.max(0, depth) });
        }
        const ms = attr(el, "mathsize");
        if (ms !== null) {
          const v = mathLength(ms, next.size, next.size);
          if (v) next = Object.assign({}, next, { size: v });
        }
        return row(elementChildren(el), next, true);
      }
      default:
        return row(elementChildren(el), ctx, true);
    }
  }

  /** Lays out a <math> element; `style` is its resolved CSS style (html_layout.styleOf). */
  function layout(mathEl, style) {
    const display = attr(mathEl, "display") === "block";
    const ctx = { size: style.sizePx, depth: 0, display, cramped: false, color: G.__printerHtmlLayout.safeColor(style.color) };
    const box = layoutNode(mathEl, ctx);
    return { width: box.w, ascent: box.a, descent: box.d, box };
  }

  function fmt(v) {
    return String(Math.round(v * 1e6) / 1e6);
  }

  // The drawing of laid-out math at (x, baseline): {tspans, shapes}; the caller puts the tspans
  // in the label's <text> (so the label reads as one string) and the shapes beside it.
  function draw(size, x, baseline, doc) {
    const out = { tspans: [], shapes: [] };
    const box = size && size.box;
    if (!box) return out;
    for (const it of box.items) {
      if (it.kind === "text") {
        const tspan = doc.createElementNS(SVG_NS, "tspan");
        tspan.setAttribute("x", fmt(x + it.x));
        tspan.setAttribute("y", fmt(baseline + it.y));
        const f = it.font;
        let style = `font-family: ${f.family}; font-size: ${fmt(f.size)}px;`;
        if (f.weight !== 400) style += ` font-weight: ${f.weight};`;
        if (f.style !== "normal") style += ` font-style: ${f.style};`;
        style += ` fill: ${it.color};`;
        tspan.setAttribute("style", style);
        tspan.textContent = it.text;
        out.tspans.push(tspan);
      } else if (it.kind === "rect") {
        const r = doc.createElementNS(SVG_NS, "rect");
        r.setAttribute("x", fmt(x + it.x));
        r.setAttribute("y", fmt(baseline + it.y));
        r.setAttribute("width", fmt(it.w));
        r.setAttribute("height", fmt(it.h));
        r.setAttribute("style", `fill: ${it.color}; stroke: none;`);
        out.shapes.push(r);
      } else if (it.kind === "surd") {
        // U+221A drawn as strokes inside its glyph box: a short rise, the descent to the
        // bottom, the long stroke up to where the overbar starts.
        const p = doc.createElementNS(SVG_NS, "path");
        const x0 = x + it.x;
        const y0 = baseline + it.y;
        const w = it.w;
        const h = it.h;
        const pts = [
          [x0 + 0.06 * w, y0 + 0.62 * h],
          [x0 + 0.2 * w, y0 + 0.55 * h],
          [x0 + 0.45 * w, y0 + 0.98 * h],
          [x0 + w, y0 + it.t / 2],
        ];
        p.setAttribute("d", "M" + pts.map((q) => fmt(q[0]) + "," + fmt(q[1])).join(" L"));
        p.setAttribute("style", `fill: none; stroke: ${it.color}; stroke-width: ${fmt(it.t * 1.2)}px; stroke-linejoin: round;`);
        out.shapes.push(p);
      }
    }
    return out;
  }

  G.__printerMathLayout = { layout, draw };
})();
