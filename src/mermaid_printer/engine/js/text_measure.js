// Text measurement for the DOM shim: the widths and heights Chromium would report for SVG text.
//
// Serves: every Mermaid call that asks the DOM how big text is. The shim's getBBox() and
// getBoundingClientRect() on <text>/<tspan>, and getComputedTextLength(), call
// globalThis.__printerMeasureText(text, font) with the computed font of the element. Mermaid lays
// out every node, edge label and axis from these numbers, so they must match the browser's.
//
// API:
//   __printerMeasureText(text, font) -> {width, ascent, descent, left, right, missing}
//     text   string, measured exactly as given (the caller applies SVG whitespace collapsing).
//     font   {family: CSS font-family list ('"Recursive Variable", arial, sans-serif'),
//             size: px number (or "16px"), weight: number | "normal" | "bold" | "bolder" |
//             "lighter" | numeric string, style: "normal" | "italic"}.
//     width  px, advances plus pair kerning, rounded up to 1/64 px as Chromium's layout does.
//     left, right  px from the text's start: the box Chromium's getBBox() reports horizontally,
//            the advance box [0, width] grown to each glyph's ink rounded out to whole pixels.
//     ascent, descent  px above/below the baseline of the box Chromium's getBBox() reports:
//            the font's ascent/descent, widened by glyph ink that sticks out (tall accents).
//     missing  how many characters of text no known font covers (measured with a fallback width).
//   __printerMissingCodepoints() -> sorted array of every codepoint measured with a fallback width
//     since load, so the caller can warn once per render.
//
// Data: globalThis.__PRINTER_FONT_METRICS__ from font_metrics.js (generated; load it first).
//
// Behaviour and deliberate simplifications:
// - Family: the first name in the CSS list that has metrics wins; generic and unknown names fall
//   through. If none is known we use the metrics' defaultFamily (Recursive Variable): the product
//   draws with that font, and it is the only face we can measure, so it is the best guess.
// - Weight: tables exist for the weights the generator instantiated (400 and 700); in between we
//   interpolate the totals linearly, outside we clamp. "bolder"/"lighter" are resolved against a
//   normal (400) parent: 700 and 100. Recursive keeps the same widths at every weight.
// - Style: ignored. The vendored faces have no italic; a browser synthesizes an oblique, which
//   does not change advances.
// - Characters: kerning between adjacent characters of the same font file, including pairs that
//   shape to one glyph (the generator recorded them as pair adjustments). Not modelled: contextual
//   shaping beyond pairs, letter-spacing/word-spacing, font-variant, text-decoration, bidi.
//   C0/C1 controls and default-ignorables are zero width. Characters no table covers get the
//   font's average width (East Asian wide ranges and emoji: 1 em), as a fallback font would.
// - Heights: Chromium rounds the scaled ascent and descent to whole pixels (exact values below
//   3 px) and grows the box to the pixel-rounded glyph ink; we do the same from unhinted glyph
//   extents, assuming no zoom (CTM scale 1), which is how Mermaid measures. Chromium's rasterizer
//   sometimes adds a pixel more (e.g. "g" at 16 px regular): not modelled.
(function () {
  "use strict";

  const METRICS = globalThis.__PRINTER_FONT_METRICS__;
  if (!METRICS) {
    throw new Error("text_measure.js: load font_metrics.js first");
  }
  const BMP_SIZE = 0x10000;
  const CACHE_LIMIT = 50000;

  // Expand [[first, v, v, ...], ...] runs into a dense BMP-indexed typed array.
  function expandRuns(runs, array) {
    for (const run of runs) {
      const first = run[0];
      for (let i = 1; i < run.length; i++) {
        array[first + i - 1] = run[i];
      }
    }
    return array;
  }

  function prepareAdvances(runs) {
    return expandRuns(runs, new Float64Array(BMP_SIZE).fill(NaN)); // NaN = not in the font
  }

  function prepareKerning(kerning) {
    const leftClass = expandRuns(kerning.left, new Uint16Array(BMP_SIZE));
    const rightClass = expandRuns(kerning.right, new Uint16Array(BMP_SIZE));
    let leftCount = 0;
    let rightCount = 0;
    for (const value of Object.keys(kerning.pairs)) {
      const cells = kerning.pairs[value];
      for (let i = 0; i < cells.length; i += 2) {
        leftCount = Math.max(leftCount, cells[i]);
        rightCount = Math.max(rightCount, cells[i + 1]);
      }
    }
    rightCount += 1;
    const pairs = new Float64Array((leftCount + 1) * rightCount);
    for (const value of Object.keys(kerning.pairs)) {
      const cells = kerning.pairs[value];
      for (let i = 0; i < cells.length; i += 2) {
        pairs[cells[i] * rightCount + cells[i + 1]] = Number(value);
      }
    }
    return { leftClass, rightClass, pairs, rightCount };
  }

  function prepareInk(ink) {
    const top = new Float32Array(BMP_SIZE);
    const bottom = new Float32Array(BMP_SIZE);
    for (const entry of ink) {
      top[entry[0]] = entry[1];
      bottom[entry[0]] = entry[2];
    }
    return { top, bottom };
  }

  function prepareFamily(name, raw) {
    // A field given as a weight name reuses that weight's field; preparing each distinct raw
    // field once lets such weights share typed arrays (Recursive's bold costs no extra memory).
    const prepared = new Map();
    function field(key, fieldName, prepare) {
      let value = raw.weights[key][fieldName];
      if (typeof value === "string") {
        value = raw.weights[value][fieldName];
      }
      if (!prepared.has(value)) {
        prepared.set(value, prepare(value));
      }
      return prepared.get(value);
    }
    const weights = [];
    for (const key of Object.keys(raw.weights).sort((a, b) => Number(a) - Number(b))) {
      const kerning = field(key, "kerning", prepareKerning);
      const ink = field(key, "ink", prepareInk);
      const tables = {
        advance: field(key, "advances", prepareAdvances),
        inkLeft: field(key, "inkLeft", prepareAdvances),
        inkRight: field(key, "inkRight", prepareAdvances),
        leftClass: kerning.leftClass,
        rightClass: kerning.rightClass,
        pairs: kerning.pairs,
        rightCount: kerning.rightCount,
        inkTop: ink.top,
        inkBottom: ink.bottom,
      };
      weights.push({ weight: Number(key), tables });
    }
    return {
      name,
      unitsPerEm: raw.unitsPerEm,
      ascent: raw.ascent,
      descent: raw.descent,
      fallbackAdvance: raw.fallbackAdvance,
      weights,
    };
  }

  const families = new Map(); // lower-cased family name -> prepared family
  for (const name of Object.keys(METRICS.families)) {
    families.set(name.toLowerCase(), prepareFamily(name, METRICS.families[name]));
  }
  const defaultFamily = families.get(METRICS.defaultFamily.toLowerCase());

  // Characters no font draws with a visible advance.
  function isZeroWidth(cp) {
    return (
      cp < 0x20 ||
      (cp >= 0x7f && cp < 0xa0) ||
      cp === 0xad ||
      (cp >= 0x200b && cp <= 0x200f) ||
      (cp >= 0x2060 && cp <= 0x2064) ||
      cp === 0xfeff
    );
  }

  // Scripts a fallback font draws at full em width (CJK, Hangul, fullwidth forms, emoji).
  function isWide(cp) {
    return (
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1f300 && cp <= 0x1faff) ||
      (cp >= 0x20000 && cp <= 0x3fffd)
    );
  }

  const missingCodepoints = new Set();

  // Width of text in font units with one weight's tables, how many characters were missing, the
  // highest ink top / deepest ink bottom (font units, 0 = none sticks out of the box), and the
  // horizontal ink extent at `scale` px per unit: each glyph's ink rounded out to whole pixels
  // around its pen position, as Chromium's SVG text box has it (px, from the text's start).
  function measureUnits(family, tables, text, scale) {
    const inkLeftOf = tables.inkLeft;
    const inkRightOf = tables.inkRight;
    let inkLeft = 0;
    let inkRight = 0;
    const advance = tables.advance;
    const leftClass = tables.leftClass;
    const rightClass = tables.rightClass;
    const pairs = tables.pairs;
    const rightCount = tables.rightCount;
    const inkTopOf = tables.inkTop;
    const inkBottomOf = tables.inkBottom;
    let inkTop = 0;
    let inkBottom = 0;
    let total = 0;
    let missing = 0;
    let previousClass = 0; // left kerning class of the previous character, 0 = none
    const length = text.length;
    for (let i = 0; i < length; i++) {
      let cp = text.charCodeAt(i);
      if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
          i++;
        }
      }
      const width = cp < BMP_SIZE ? advance[cp] : NaN;
      if (width === width) {
        if (previousClass !== 0) {
          const right = rightClass[cp];
          if (right !== 0) {
            total += pairs[previousClass * rightCount + right];
          }
        }
        const glyphLeft = inkLeftOf[cp];
        const glyphRight = inkRightOf[cp];
        if (glyphRight > glyphLeft) {
          const pen = total * scale;
          const left = pen + Math.floor(glyphLeft * scale + 1e-9);
          const right = pen + Math.ceil(glyphRight * scale - 1e-9);
          if (left < inkLeft) inkLeft = left;
          if (right > inkRight) inkRight = right;
        }
        total += width;
        previousClass = leftClass[cp];
        if (inkTopOf[cp] > inkTop) inkTop = inkTopOf[cp];
        if (inkBottomOf[cp] > inkBottom) inkBottom = inkBottomOf[cp];
      } else {
        previousClass = 0; // a fallback font breaks the shaping run: no kerning across it
        if (isZeroWidth(cp)) {
          continue;
        }
        missing++;
        missingCodepoints.add(cp);
        total += isWide(cp) ? family.unitsPerEm : family.fallbackAdvance;
      }
    }
    return { units: total, missing, inkTop, inkBottom, inkLeft, inkRight };
  }

  const familyCache = new Map(); // CSS font-family string -> prepared family

  function resolveFamily(list) {
    const key = typeof list === "string" ? list : "";
    let family = familyCache.get(key);
    if (family === undefined) {
      family = defaultFamily;
      for (const part of key.split(",")) {
        let name = part.trim();
        const quote = name.charAt(0);
        if ((quote === '"' || quote === "'") && name.endsWith(quote) && name.length >= 2) {
          name = name.slice(1, -1).trim();
        }
        const known = families.get(name.toLowerCase());
        if (known !== undefined) {
          family = known;
          break;
        }
      }
      familyCache.set(key, family);
    }
    return family;
  }

  function resolveWeight(weight) {
    if (typeof weight === "number") {
      return weight === weight ? weight : 400;
    }
    switch (weight) {
      case "bold":
      case "bolder":
        return 700;
      case "lighter":
        return 100;
      case undefined:
      case null:
      case "":
      case "normal":
        return 400;
      default: {
        const parsed = Number(weight);
        return parsed === parsed ? parsed : 400;
      }
    }
  }

  function resolveSize(size) {
    const parsed = typeof size === "number" ? size : parseFloat(size);
    return parsed === parsed && parsed >= 0 ? parsed : 16;
  }

  const widthCache = new Map(); // family \0 weight \0 size \0 text -> measureUnits() result

  function measureAtWeight(family, weight, size, text) {
    const key = family.name + "\u0000" + weight + "\u0000" + size + "\u0000" + text;
    const scale = size / family.unitsPerEm;
    let result = widthCache.get(key);
    if (result !== undefined) {
      return result;
    }
    const weights = family.weights;
    let low = weights[0];
    let high = weights[weights.length - 1];
    for (let i = 0; i < weights.length; i++) {
      if (weights[i].weight <= weight) low = weights[i];
      if (weights[weights.length - 1 - i].weight >= weight) high = weights[weights.length - 1 - i];
    }
    result = measureUnits(family, low.tables, text, scale);
    if (high.tables !== low.tables && weight > low.weight && weight < high.weight) {
      const upper = measureUnits(family, high.tables, text, scale);
      const t = (weight - low.weight) / (high.weight - low.weight);
      // Ink (heights) comes from the nearer instance; only the width is interpolated.
      const ink = t < 0.5 ? result : upper;
      result = {
        units: result.units + (upper.units - result.units) * t,
        missing: result.missing,
        inkTop: ink.inkTop,
        inkBottom: ink.inkBottom,
        inkLeft: ink.inkLeft,
        inkRight: ink.inkRight,
      };
    }
    if (widthCache.size >= CACHE_LIMIT) {
      widthCache.clear();
    }
    widthCache.set(key, result);
    return result;
  }

  // Chromium's SVG text box: the font's ascent and descent rounded to whole pixels (exact when
  // the font is tiny), grown to the glyph ink rounded out to whole pixels where ink sticks out.
  function verticalMetrics(family, size, measured) {
    const scale = size / family.unitsPerEm;
    let ascent = family.ascent * scale;
    let descent = family.descent * scale;
    if (ascent >= 3 && ascent + descent >= 2) {
      ascent = Math.floor(ascent + 0.5);
      descent = Math.floor(descent + 0.5);
    }
    return [
      Math.max(ascent, Math.ceil(measured.inkTop * scale)),
      Math.max(descent, Math.ceil(measured.inkBottom * scale)),
    ];
  }

  globalThis.__printerMeasureText = function (text, font) {
    const spec = font || {};
    const family = resolveFamily(spec.family);
    const size = resolveSize(spec.size);
    const measured = measureAtWeight(family, resolveWeight(spec.weight), size, String(text));
    const exact = (measured.units * size) / family.unitsPerEm;
    // Chromium lays text out in 1/64 px layout units and rounds a text fragment's width up to
    // the next unit (checked with scripts/check_text_widths_vs_chromium.py). Its glyph advances
    // are fixed point, so a width that is a whole number of units stays whole (" the" at 14 px
    // is 1792 units, not 1793); the epsilon keeps our floating-point sum from tipping it over.
    // Each <tspan> is its own fragment (geometry.js sums them), as in Chromium's SVG text.
    const width = exact > 0 ? Math.ceil(exact * 64 - 1e-6) / 64 : 0;
    const vertical = verticalMetrics(family, size, measured);
    return {
      width,
      ascent: vertical[0],
      descent: vertical[1],
      left: Math.min(0, measured.inkLeft),
      right: Math.max(width, measured.inkRight),
      missing: measured.missing,
    };
  };

  globalThis.__printerMissingCodepoints = function () {
    return Array.from(missingCodepoints).sort((a, b) => a - b);
  };
})();
