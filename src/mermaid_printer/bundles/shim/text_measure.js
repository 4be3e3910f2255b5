// Text measurement for the DOM shim: the widths and heights Chromium would report for SVG text.
//
// Kept whole: one measurement routine (advance widths, kerning, fallback faces) whose tables and
// caches stay private to it.
//
// Serves: every Mermaid call that asks the DOM how big text is. The shim's getBBox() and
// getBoundingClientRect() on <text>/<tspan>, and getComputedTextLength(), call
// globalThis.__printerMeasureText(text, font) with the computed font of the element. Mermaid lays
// out every node, edge label and axis from these numbers, so they must match the browser's.
// The reference is Chromium on Debian with the fonts mermaid-cli's page loads (Recursive
// Variable, Open Sans 400 + 400 italic), fonts-liberation and DejaVu; font_metrics.json has those
// fonts (Arimo and Tinos standing in for Liberation Sans and Serif, which share their metrics;
// DejaVu Sans and Sans Mono regular and bold).
//
// API:
//   __printerMeasureText(text, font) -> {width, ascent, descent, left, right, missing}
//     text   string, measured exactly as given (the caller applies SVG whitespace collapsing).
//     font   {family: CSS font-family list ('"Recursive Variable", arial, sans-serif'),
//             size: px number (or "16px"), weight: number | "normal" | "bold" | "bolder" |
//             "lighter" | numeric string, style: "normal" | "italic" | "oblique"}.
//     width  px, advances plus pair kerning, rounded up to 1/64 px as Chromium's layout does.
//     left, right  px from the text's start: the box Chromium's getBBox() reports horizontally,
//            the advance box [0, width] grown to each glyph's ink rounded out to whole pixels.
//     ascent, descent  px above/below the baseline of the box Chromium's getBBox() reports:
//            the first font's ascent/descent, widened by glyph ink that sticks out (tall accents).
//     missing  how many characters of text no known font, fallback faces included, covers
//            (measured as Chromium's missing-glyph box, or 1 em for CJK and emoji).
//   __printerNameableFamilyList(list) -> the CSS list to write on converted HTML text: the list,
//     or, when it names only generic families ("monospace"), the same list behind the name of the
//     family it resolves to ('"DejaVu Sans Mono", monospace'), so that a face can be embedded.
//   __printerMissingCodepoints() -> sorted array of every codepoint measured with a fallback width
//     since load, so the caller can warn once per render.
//   __printerRecordDrawnText(text, font, usage) -> adds to `usage` (a Map) which vendored face
//     draws each character of text, keyed by the CSS family name an embedded @font-face must
//     carry for a viewer to draw that face: key "name\0family\0style\0weight" -> Set of codepoints.
//     Characters no face covers, or whose only names are generic (sans-serif), are not recorded.
//     A character drawn from a fallback face (below) is recorded under the name of the list's
//     first available family, with that family's face descriptors appended to the key
//     ("…\0asStyle\0asWeight"): an @font-face of the same name and descriptors, limited by
//     unicode-range to those characters, is what makes a viewer draw them from it.
//
// Data: globalThis.__PRINTER_FONT_METRICS__ = fonts/font_metrics.json (generated; loaded first).
//
// Behaviour and deliberate simplifications:
// - Family: as Chromium, each character is drawn from the first family in the CSS list that is
//   available and has the character. Available are the vendored families, under their own
//   names and the aliases of the metrics (arial, helvetica, sans-serif -> Arimo; Times New
//   Roman, serif -> Tinos; monospace -> DejaVu Sans Mono; system-ui -> DejaVu Sans). Other
//   names are skipped ("trebuchet ms" and verdana are not installed in the reference). After the
//   list comes the default family (Tinos: Chromium's default font is Times New Roman), which is
//   the whole list if no name is available, then the system fallback families (DejaVu Sans, as
//   fontconfig orders them on Debian). Kerning applies inside a run of one face.
// - Face: CSS font matching over the family's faces by style (italic, else normal; oblique
//   counts as italic) then weight (the CSS rules for a weight no face has). A variable face is
//   measured at its instances (400, 700), interpolating the width in between. A face lighter than
//   600 asked for 600 or more is emboldened as Chromium (Skia) does: same advances, ink grown by
//   size / 48 on each side. An italic asked of a family with no italic face is slanted by the
//   browser: same advances; the slant of the ink is not modelled.
// - Characters: kerning between adjacent characters of the same font file, including pairs that
//   shape to one glyph (the generator recorded them as pair adjustments). Not modelled: contextual
//   shaping beyond pairs, letter-spacing/word-spacing, font-variant, text-decoration, bidi.
//   C0/C1 controls and default-ignorables are zero width.
// - Fallback: a character neither the list, the default family nor DejaVu Sans has is drawn
//   from the last-resort faces of the metrics (the reference machine has no such font and
//   draws a box): Noto Sans SC (CJK ideographs, kana, Hangul, CJK punctuation, fullwidth
//   forms), Noto Sans KR, then Noto Emoji; U+1F000 and up try Noto Emoji first.
//   Each such character is its own run (no kerning), emboldened like any face lighter than 600.
//   Their vertical ink is not modelled: Chromium keeps the first font's box height for them
//   (checked: "A中" in Recursive at 16 px is as tall as "A"). Emoji-presentation sequences (an
//   emoji, or any character with VS16, with its modifiers and ZWJ-joined parts, flags, keycaps)
//   that no listed family has are measured as one glyph of Noto Color Emoji (see below), even
//   where DejaVu Sans has a text glyph for the character, as Chromium does on a machine with
//   Debian's fonts-noto-color-emoji. The fallback tables are decoded on first use, so a render
//   without such characters pays nothing. Characters no face has
//   either are as wide as Chromium's missing-glyph box: the .notdef of the first face whose
//   unicode-range claims them (East Asian wide ranges and emoji: 1 em, as a viewer's font would).
// - Heights: Chromium rounds the first face's scaled ascent and descent to whole pixels (exact
//   values below 3 px) and grows the box to the pixel-rounded glyph ink; we do the same from
//   unhinted glyph extents, assuming no zoom (CTM scale 1), which is how Mermaid measures; for
//   Arimo and Tinos (Chromium draws hinted Liberation) ink up to a fitted slack past a whole
//   pixel does not count.
//   Recursive is a web font Chromium draws with FreeType's light autohinting: at whole-pixel
//   sizes the metrics carry the hinted box of the glyphs whose grid-fitting moves the text box
//   ("g" a pixel deeper at 16 px, an accent a pixel higher or lower), used instead.
// - Tables are paged (256 codepoints a page, allocated only where a face has glyphs), so the
//   faces cost memory in proportion to what they cover.
(function () {
  "use strict";

  const METRICS = globalThis.__PRINTER_FONT_METRICS__;
  if (!METRICS || METRICS.version !== 2) {
    throw new Error("text_measure.js: load font_metrics.json (version 2) first");
  }
  const PAGE_BITS = 8;
  const PAGE_SIZE = 1 << PAGE_BITS;
  const PAGE_MASK = PAGE_SIZE - 1;
  // Planes 0 and 1: the BMP, and the SMP where DejaVu Sans has math letters and a few emoji.
  const PAGE_COUNT = 0x20000 >> PAGE_BITS;
  const CACHE_LIMIT = 50000;
  const BOLD_THRESHOLD = 600;
  // CSS generic family keywords: no @font-face can take their place, so no embedded face is named so.
  const GENERIC = new Set([
    "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "math", "emoji", "fangsong",
    "ui-serif", "ui-sans-serif", "ui-monospace", "ui-rounded",
  ]);

  // [[first, v, v, ...], ...] runs into pages: pages[cp >> 8][cp & 255], missing pages undefined.
  function pagedRuns(runs, ArrayType, empty) {
    const pages = new Array(PAGE_COUNT);
    for (const run of runs) {
      const first = run[0];
      for (let i = 1; i < run.length; i++) {
        const cp = first + i - 1;
        let page = pages[cp >> PAGE_BITS];
        if (page === undefined) {
          page = pages[cp >> PAGE_BITS] = new ArrayType(PAGE_SIZE);
          if (empty !== 0) page.fill(empty);
        }
        page[cp & PAGE_MASK] = run[i];
      }
    }
    return pages;
  }

  function prepareKerning(kerning) {
    const leftClass = pagedRuns(kerning.left, Uint16Array, 0);
    const rightClass = pagedRuns(kerning.right, Uint16Array, 0);
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
    const top = [];
    const bottom = [];
    for (const entry of ink) {
      top.push([entry[0], entry[1]]);
      bottom.push([entry[0], entry[2]]);
    }
    return { top: pagedRuns(top, Float32Array, 0), bottom: pagedRuns(bottom, Float32Array, 0) };
  }

  // {size: [codepoint, top, bottom, ...]} -> Map(size -> Map(codepoint -> [top, bottom])).
  function prepareHinted(bySize) {
    const sizes = new Map();
    for (const size of Object.keys(bySize)) {
      const rows = bySize[size];
      const glyphs = new Map();
      for (let i = 0; i < rows.length; i += 3) glyphs.set(rows[i], [rows[i + 1], rows[i + 2]]);
      sizes.set(Number(size), glyphs);
    }
    return sizes;
  }

  function prepareFace(familyName, raw) {
    // A field given as an instance name reuses that instance's field; preparing each distinct
    // raw field once lets such instances share tables (Recursive's bold costs little).
    const prepared = new Map();
    function field(key, fieldName, prepare) {
      let value = raw.instances[key][fieldName];
      if (typeof value === "string") {
        value = raw.instances[value][fieldName];
      }
      if (!prepared.has(value)) {
        prepared.set(value, prepare(value));
      }
      return prepared.get(value);
    }
    const advances = (runs) => pagedRuns(runs, Float64Array, NaN); // NaN = not in the face
    const instances = [];
    for (const key of Object.keys(raw.instances).sort((a, b) => Number(a) - Number(b))) {
      const kerning = field(key, "kerning", prepareKerning);
      const ink = field(key, "ink", prepareInk);
      const tables = {
        advance: field(key, "advances", advances),
        inkLeft: field(key, "inkLeft", advances),
        inkRight: field(key, "inkRight", advances),
        leftClass: kerning.leftClass,
        rightClass: kerning.rightClass,
        pairs: kerning.pairs,
        rightCount: kerning.rightCount,
        inkTop: ink.top,
        inkBottom: ink.bottom,
        hinted: raw.instances[key].hintedInk === undefined ? null : field(key, "hintedInk", prepareHinted),
      };
      instances.push({ weight: Number(key), tables });
    }
    return {
      family: familyName,
      style: raw.style,
      minWeight: raw.weight[0],
      maxWeight: raw.weight[1],
      descriptor: raw.weight[0] === raw.weight[1] ? String(raw.weight[0]) : raw.weight[0] + " " + raw.weight[1],
      unitsPerEm: raw.unitsPerEm,
      ascent: raw.ascent,
      descent: raw.descent,
      notdefAdvance: raw.notdefAdvance,
      inkSlack: Math.max(raw.inkSlack, 1e-9),
      instances,
      // Whether its @font-face unicode-range claims cp (whether or not a file has a glyph for it).
      claims(cp) {
        const ranges = raw.claims;
        for (let i = 0; i < ranges.length; i += 2) {
          if (cp >= ranges[i] && cp <= ranges[i + 1]) return true;
        }
        return false;
      },
      // Which instance tables draw a codepoint is the same for every instance.
      covers(cp) {
        if (cp >= PAGE_COUNT << PAGE_BITS) return false;
        const page = instances[0].tables.advance[cp >> PAGE_BITS];
        return page !== undefined && page[cp & PAGE_MASK] === page[cp & PAGE_MASK];
      },
    };
  }

  const families = new Map(); // lower-cased family name -> {name, faces}
  for (const name of Object.keys(METRICS.families)) {
    const faces = METRICS.families[name].faces.map((raw) => prepareFace(name, raw));
    families.set(name.toLowerCase(), { name, faces });
  }
  for (const alias of Object.keys(METRICS.aliases)) {
    families.set(alias, families.get(METRICS.aliases[alias].toLowerCase()));
  }
  const defaultFamily = families.get(METRICS.defaultFamily.toLowerCase());
  const systemFallbacks = (METRICS.systemFallbacks || []).map((name) => families.get(name.toLowerCase()));

  // ---- last-resort faces (decoded on first use) -----------------------------------------------

  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function decodeBase64(text) {
    const bytes = [];
    let bits = 0;
    let value = 0;
    for (let i = 0; i < text.length; i++) {
      const digit = B64.indexOf(text.charAt(i));
      if (digit < 0) continue; // "=" padding
      value = (value << 6) | digit;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes.push((value >> bits) & 255);
      }
    }
    return bytes;
  }

  function prepareFallbackFace(raw) {
    const coverage = new Map(); // page -> 32 bitmap bytes
    for (const [page, bitmap] of raw.pages) coverage.set(page, decodeBase64(bitmap));
    const advances = new Map();
    for (let i = 0; i < raw.advances.length; i += 2) advances.set(raw.advances[i], raw.advances[i + 1]);
    const inkX = new Map();
    for (let i = 0; i < raw.inkX.length; i += 3) inkX.set(raw.inkX[i], [raw.inkX[i + 1], raw.inkX[i + 2]]);
    return {
      family: raw.family,
      style: raw.style,
      descriptor: raw.weight[0] === raw.weight[1] ? String(raw.weight[0]) : raw.weight[0] + " " + raw.weight[1],
      maxWeight: raw.weight[1],
      unitsPerEm: raw.unitsPerEm,
      covers(cp) {
        const bitmap = coverage.get(cp >> PAGE_BITS);
        return bitmap !== undefined && ((bitmap[(cp & PAGE_MASK) >> 3] >> (cp & 7)) & 1) === 1;
      },
      advance(cp) {
        const advance = advances.get(cp);
        return advance === undefined ? raw.defaultAdvance : advance;
      },
      // Left and right ink edges (font units from the pen position) of a glyph whose ink leaves
      // its advance box, else null: ink inside it does not grow Chromium's box (checked: "完成 ✅"
      // at 14 px is 49.98 px wide, not the 50.2 px that rounding the emoji's advance out gives).
      inkOutside(cp) {
        const ink = inkX.get(cp);
        return ink === undefined ? null : ink;
      },
    };
  }

  let fallbackFaces = null;
  // The last-resort face that draws cp, or null.
  function fallbackFace(cp) {
    if (fallbackFaces === null) fallbackFaces = (METRICS.fallbacks || []).map(prepareFallbackFace);
    const emojiFirst = cp >= 0x1f000;
    for (let i = 0; i < fallbackFaces.length; i++) {
      const face = fallbackFaces[emojiFirst ? fallbackFaces.length - 1 - i : i];
      if (face.covers(cp)) return face;
    }
    return null;
  }

  // ---- emoji ------------------------------------------------------------------------------------

  // Chromium draws an emoji-presentation sequence with the system's colour emoji font (Debian's
  // fonts-noto-color-emoji: Noto Color Emoji) even where an earlier fallback font, such as
  // DejaVu Sans, has a text glyph for its first character, and a sequence the font ligates
  // (ZWJ sequences, skin tones, flags, keycaps) is one glyph. Noto Color Emoji is a bitmap font
  // (one strike at 109 ppem) whose every glyph advances 136 px of the strike: 136/109 em, as
  // Chromium reports it. Its coverage is taken as the last-resort emoji face's (Noto Emoji).
  const COLOR_EMOJI_EM = 136 / 109;
  // Its bitmaps are 128 px tall, 101 px of them above the baseline: Chromium's SVG text box
  // grows to that ink rounded out to whole pixels (checked: "Hi 😀" at 16 px is 19 px tall).
  const COLOR_EMOJI_TOP_EM = 101 / 109;
  const COLOR_EMOJI_BOTTOM_EM = 27 / 109;
  // Emoji_Presentation=Yes below U+1F000 (Unicode's emoji-data.txt); from U+1F000 on, every
  // character the emoji face has is taken as presented as emoji.
  const BMP_EMOJI_PRESENTATION = [
    0x231a, 0x231b, 0x23e9, 0x23ec, 0x23f0, 0x23f0, 0x23f3, 0x23f3, 0x25fd, 0x25fe, 0x2614, 0x2615,
    0x2648, 0x2653, 0x267f, 0x267f, 0x2693, 0x2693, 0x26a1, 0x26a1, 0x26aa, 0x26ab, 0x26bd, 0x26be,
    0x26c4, 0x26c5, 0x26ce, 0x26ce, 0x26d4, 0x26d4, 0x26ea, 0x26ea, 0x26f2, 0x26f3, 0x26f5, 0x26f5,
    0x26fa, 0x26fa, 0x26fd, 0x26fd, 0x2705, 0x2705, 0x270a, 0x270b, 0x2728, 0x2728, 0x274c, 0x274c,
    0x274e, 0x274e, 0x2753, 0x2755, 0x2757, 0x2757, 0x2795, 0x2797, 0x27b0, 0x27b0, 0x27bf, 0x27bf,
    0x2b1b, 0x2b1c, 0x2b50, 0x2b50, 0x2b55, 0x2b55,
  ];
  const VS15 = 0xfe0e;
  const VS16 = 0xfe0f;
  const ZWJ = 0x200d;
  const KEYCAP = 0x20e3;

  function emojiFace() {
    if (fallbackFaces === null) fallbackFaces = (METRICS.fallbacks || []).map(prepareFallbackFace);
    return fallbackFaces.length ? fallbackFaces[fallbackFaces.length - 1] : null;
  }

  function codePointAt(text, i) {
    const cp = text.codePointAt(i);
    return cp === undefined ? -1 : cp;
  }

  function isDefaultEmoji(cp, face) {
    if (cp >= 0x1f000) return face.covers(cp);
    for (let k = 0; k < BMP_EMOJI_PRESENTATION.length; k += 2) {
      if (cp >= BMP_EMOJI_PRESENTATION[k] && cp <= BMP_EMOJI_PRESENTATION[k + 1]) return face.covers(cp);
    }
    return false;
  }

  // Where the emoji-presentation sequence that starts at text[i] (code point cp) ends (an index
  // into text), or -1 when none starts there: an emoji-presentation character, any character
  // followed by VS16, or a keycap; then its modifiers, VS16, tags, a second regional indicator
  // (a flag) and what ZWJs join to it (symbols such as ♀ included).
  function emojiSequenceEnd(text, i, cp) {
    const face = emojiFace();
    if (face === null) return -1;
    let j = i + (cp > 0xffff ? 2 : 1);
    let next = codePointAt(text, j);
    if (next === VS15) return -1;
    const isKeycapBase = (cp >= 0x30 && cp <= 0x39) || cp === 0x23 || cp === 0x2a;
    if (isKeycapBase) {
      const k = next === VS16 ? j + 1 : j;
      if (codePointAt(text, k) !== KEYCAP) return -1;
      return k + 1;
    }
    if (!(isDefaultEmoji(cp, face) || next === VS16)) return -1;
    if (cp >= 0x1f1e6 && cp <= 0x1f1ff && next >= 0x1f1e6 && next <= 0x1f1ff) {
      j += 2;
      next = codePointAt(text, j);
    }
    for (;;) {
      if (next === VS16 || (next >= 0x1f3fb && next <= 0x1f3ff) || (next >= 0xe0020 && next <= 0xe007f)) {
        j += next > 0xffff ? 2 : 1;
      } else if (next === ZWJ) {
        const joined = codePointAt(text, j + 1);
        if (joined < 0x2000) break;
        j += 1 + (joined > 0xffff ? 2 : 1);
      } else break;
      next = codePointAt(text, j);
    }
    return j;
  }

  // Whether a family the CSS list names (not the default or a system fallback font) has cp.
  function listedFaceCovers(faces, cp) {
    for (let f = 0; f < faces.length; f++) if (!faces[f].implicit && faces[f].face.covers(cp)) return true;
    return false;
  }

  // ---- CJK punctuation spacing (text-spacing-trim) ------------------------------------------

  // Chromium's initial `text-spacing-trim: normal` halves the advance of fullwidth punctuation
  // next to other punctuation when the font has the `halt` feature (Noto Sans CJK has): an
  // opening bracket after an opening bracket, a closing one, a middle dot or colon, or a comma or
  // full stop loses its left half; a closing bracket before a closing one, a middle or a dot
  // loses its right half. Classes as the Japanese face Chromium falls back to (no lang) draws
  // them: its comma and full stop sit low (dots), its colon and semicolon centred (middles).
  const HAN_OPEN = 1;
  const HAN_CLOSE = 2;
  const HAN_MIDDLE = 3;
  const HAN_DOT = 4;
  const HAN_CLASSES = new Map();
  for (const ch of "「『（【〔〈《〖〘〚［｛｟＜") HAN_CLASSES.set(ch.codePointAt(0), HAN_OPEN);
  for (const ch of "」』）】〕〉》〗〙〛］｝｠＞") HAN_CLASSES.set(ch.codePointAt(0), HAN_CLOSE);
  for (const ch of "・：；") HAN_CLASSES.set(ch.codePointAt(0), HAN_MIDDLE);
  for (const ch of "、。，．") HAN_CLASSES.set(ch.codePointAt(0), HAN_DOT);

  // How much of the pair (left class, right class) Chromium trims, in halves of an em:
  // [from the left character, from the right one].
  function hanTrim(left, right) {
    const trimLeft = left === HAN_CLOSE && (right === HAN_CLOSE || right === HAN_MIDDLE || right === HAN_DOT);
    const trimRight = right === HAN_OPEN && left !== 0;
    return (trimLeft ? 1 : 0) + (trimRight ? 1 : 0);
  }

  // The class of cp when a last-resort CJK face draws it in this font (no listed face has it).
  function hanClassIn(faces, cp) {
    const cls = HAN_CLASSES.get(cp);
    if (cls === undefined) return 0;
    for (let f = 0; f < faces.length; f++) if (faces[f].face.covers(cp)) return 0;
    return fallbackFace(cp) !== null ? cls : 0;
  }

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

  // ---- font resolution ------------------------------------------------------------------------

  // The CSS list as [{family, name}] of available families in order (duplicates dropped), plus
  // the names as written, for choosing the name an embedded face must carry.
  const listCache = new Map();
  function resolveList(list) {
    const key = typeof list === "string" ? list : "";
    let resolved = listCache.get(key);
    if (resolved !== undefined) return resolved;
    const names = [];
    for (const part of key.split(",")) {
      let name = part.trim();
      const quote = name.charAt(0);
      const quoted = (quote === '"' || quote === "'") && name.endsWith(quote) && name.length >= 2;
      if (quoted) name = name.slice(1, -1).trim();
      if (name) names.push({ name, generic: !quoted && GENERIC.has(name.toLowerCase()) });
    }
    const entries = [];
    for (let i = 0; i < names.length; i++) {
      const family = families.get(names[i].name.toLowerCase());
      if (family !== undefined && !entries.some((e) => e.family === family)) {
        entries.push({ family, index: i });
      }
    }
    // Chromium tries its default font after the list (the whole list when no name is available),
    // then its system fallback fonts; characters drawn from these are recorded as fallbacks.
    const listed = entries.length;
    for (const family of [defaultFamily, ...systemFallbacks]) {
      const implicit = listed > 0 || family !== defaultFamily;
      if (!entries.some((e) => e.family === family)) entries.push({ family, index: names.length, implicit });
    }
    resolved = { entries, names };
    if (listCache.size >= 1000) listCache.clear();
    listCache.set(key, resolved);
    return resolved;
  }

  // CSS Fonts 4 font matching, reduced to what the vendored faces need: style first, then weight.
  function matchFace(family, weight, italic) {
    let candidates = family.faces.filter((f) => (f.style === "italic") === italic);
    if (candidates.length === 0) candidates = family.faces;
    let best = null;
    let bestRank = Infinity;
    for (const face of candidates) {
      let rank;
      if (weight >= face.minWeight && weight <= face.maxWeight) rank = 0;
      else if (weight >= 400 && weight <= 500) {
        // Heavier up to 500 first, then lighter (nearest first), then heavier than 500.
        if (face.minWeight > weight && face.minWeight <= 500) rank = 1000 + face.minWeight - weight;
        else if (face.maxWeight < weight) rank = 2000 + weight - face.maxWeight;
        else rank = 3000 + face.minWeight - weight;
      } else if (weight < 400) {
        rank = face.maxWeight < weight ? 1000 + weight - face.maxWeight : 2000 + face.minWeight - weight;
      } else {
        rank = face.minWeight > weight ? 1000 + face.minWeight - weight : 2000 + weight - face.maxWeight;
      }
      if (rank < bestRank) {
        best = face;
        bestRank = rank;
      }
    }
    return { face: best, syntheticBold: weight >= BOLD_THRESHOLD && best.maxWeight < BOLD_THRESHOLD };
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

  function isItalic(style) {
    return style === "italic" || (typeof style === "string" && style.startsWith("oblique"));
  }

  // The faces a CSS font draws with: [{face, syntheticBold, name}], one per available family.
  const fontCache = new Map();
  function resolveFont(list, weight, italic) {
    const key = list + "\u0000" + weight + "\u0000" + italic;
    let faces = fontCache.get(key);
    if (faces === undefined) {
      const resolved = resolveList(list);
      faces = resolved.entries.map((entry) => {
        const match = matchFace(entry.family, weight, italic);
        const name = entry.implicit ? null : embedName(resolved.names, entry.index);
        return { face: match.face, syntheticBold: match.syntheticBold, name, implicit: entry.implicit === true };
      });
      if (fontCache.size >= 1000) fontCache.clear();
      fontCache.set(key, faces);
    }
    return faces;
  }

  // The name an embedded face must carry so a viewer draws it for characters Chromium drew from
  // the family at names[index]: the first earlier name that no vendored family answers to (a
  // viewer may have that font, e.g. Trebuchet MS: our @font-face of that name takes precedence
  // over it), else names[index] itself. Generic names cannot be given a face: skipped; null if
  // nothing is left (the default family, or a list of generics only).
  function embedName(names, index) {
    for (let i = 0; i <= index && i < names.length; i++) {
      if (names[i].generic) continue;
      if (i === index || !families.has(names[i].name.toLowerCase())) return names[i].name;
    }
    return null;
  }

  // ---- measuring ------------------------------------------------------------------------------

  const missingCodepoints = new Set();

  // Measures text with one instance choice (0 = the instance at or below the weight, 1 = the one
  // at or above). Returns the width in px (exact, before 1/64 rounding), missing characters, ink
  // top/bottom in px above/below the baseline (0 = none sticks out of the box) and the
  // horizontal ink extent: each glyph's ink rounded out to whole pixels around its pen position,
  // as Chromium's SVG text box has it (px, from the text's start).
  function measureRun(faces, weight, upper, size, text) {
    let px = 0; // width of the finished runs
    let runUnits = 0; // width of the current run, in its face's units
    let runScale = 0;
    let current = null; // the current run's {face, syntheticBold}
    let tables = null;
    let hintedSizes; // the run face's hinted glyph boxes at this size, if it has them
    let previousClass = 0; // left kerning class of the previous character, 0 = none
    let lastHan = 0; // CJK punctuation class of the previous character when a fallback face drew it
    let inkLeft = 0;
    let inkRight = 0;
    let inkTop = 0;
    let inkBottom = 0;
    let missing = 0;
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
      const previousHan = lastHan;
      lastHan = 0;
      const following = cp < 0x2000 ? text.charCodeAt(i + 1) : 0; // a VS16 or keycap after a digit, ©, ...
      if ((cp >= 0x2000 && !listedFaceCovers(faces, cp)) || following === VS16 || following === KEYCAP) {
        const start = cp > 0xffff ? i - 1 : i;
        const end = emojiSequenceEnd(text, start, cp);
        if (end > 0) {
          previousClass = 0; // another font: no kerning across it
          if (current !== null) px += (runUnits * size) / current.face.unitsPerEm;
          runUnits = 0;
          current = null;
          px += COLOR_EMOJI_EM * size;
          inkTop = Math.max(inkTop, Math.ceil(COLOR_EMOJI_TOP_EM * size - 1e-9));
          inkBottom = Math.max(inkBottom, Math.ceil(COLOR_EMOJI_BOTTOM_EM * size - 1e-9));
          i = end - 1;
          continue;
        }
      }
      let chosen = null;
      for (let f = 0; f < faces.length; f++) {
        if (faces[f].face.covers(cp)) {
          chosen = faces[f];
          break;
        }
      }
      if (chosen === null) {
        previousClass = 0; // a fallback font breaks the shaping run: no kerning across it
        if (isZeroWidth(cp)) continue;
        if (current !== null) px += (runUnits * size) / current.face.unitsPerEm;
        runUnits = 0;
        const fallback = fallbackFace(cp);
        if (fallback !== null) {
          const scale = size / fallback.unitsPerEm;
          const ink = fallback.inkOutside(cp);
          if (ink !== null && ink[1] > ink[0]) {
            const grow = weight >= BOLD_THRESHOLD && fallback.maxWeight < BOLD_THRESHOLD ? size / 48 : 0;
            const left = px + Math.floor(ink[0] * scale - grow + 1e-9);
            const right = px + Math.ceil(ink[1] * scale + grow - 1e-9);
            if (left < inkLeft) inkLeft = left;
            if (right > inkRight) inkRight = right;
          }
          const han = HAN_CLASSES.get(cp) || 0;
          if (han !== 0 && previousHan !== 0) px -= (hanTrim(previousHan, han) * size) / 2;
          lastHan = han;
          px += fallback.advance(cp) * scale;
          continue;
        }
        missing++;
        missingCodepoints.add(cp);
        px += isWide(cp) ? size : notdefWidth(faces, cp, size);
        continue;
      }
      if (chosen !== current) {
        px += (runUnits * size) / (current === null ? 1 : current.face.unitsPerEm);
        runUnits = 0;
        current = chosen;
        runScale = size / chosen.face.unitsPerEm;
        tables = pickInstance(chosen.face, weight, upper).tables;
        hintedSizes = tables.hinted === null || !Number.isInteger(size) ? undefined : tables.hinted.get(size);
        previousClass = 0;
      }
      const page = cp >> PAGE_BITS;
      const slot = cp & PAGE_MASK;
      if (previousClass !== 0) {
        const rightPage = tables.rightClass[page];
        const right = rightPage === undefined ? 0 : rightPage[slot];
        if (right !== 0) runUnits += tables.pairs[previousClass * tables.rightCount + right];
      }
      const glyphLeft = tables.inkLeft[page][slot];
      const glyphRight = tables.inkRight[page][slot];
      if (glyphRight > glyphLeft) {
        const grow = current.syntheticBold ? size / 48 : 0;
        // Vertically Chromium's emboldened glyph boxes reach ~0.65 px past the outline at every
        // size (fitted to Open Sans bold at 10-24 px: "Banking" is 20 px tall at 14 px).
        const growY = current.syntheticBold ? SYNTHETIC_BOLD_INK_Y_PX : 0;
        const pen = px + runUnits * runScale;
        const left = pen + Math.floor(glyphLeft * runScale - grow + 1e-9);
        const right = pen + Math.ceil(glyphRight * runScale + grow - 1e-9);
        if (left < inkLeft) inkLeft = left;
        if (right > inkRight) inkRight = right;
        // A web font Chromium grid-fits (light autohinting) has its hinted box at whole sizes.
        const hinted = hintedSizes === undefined ? undefined : hintedSizes.get(cp);
        if (hinted !== undefined) {
          if (hinted[0] > inkTop) inkTop = hinted[0];
          if (hinted[1] > inkBottom) inkBottom = hinted[1];
        } else {
          const topPage = tables.inkTop[page];
          if (topPage !== undefined && topPage[slot] !== 0) {
            const top = wholePixels(current.face, topPage[slot] * runScale + growY);
            if (top > inkTop) inkTop = top;
          }
          const bottomPage = tables.inkBottom[page];
          if (bottomPage !== undefined && bottomPage[slot] !== 0) {
            const bottom = wholePixels(current.face, bottomPage[slot] * runScale + growY);
            if (bottom > inkBottom) inkBottom = bottom;
          }
        }
      }
      runUnits += tables.advance[page][slot];
      const leftPage = tables.leftClass[page];
      previousClass = leftPage === undefined ? 0 : leftPage[slot];
    }
    if (current !== null) px += (runUnits * size) / current.face.unitsPerEm;
    return { px, missing, inkTop, inkBottom, inkLeft, inkRight };
  }

  const SYNTHETIC_BOLD_INK_Y_PX = 0.65;

  // Chromium draws a character no font has as the missing-glyph box of the first face whose
  // unicode-range claims it (the default font claims everything): ก in "Recursive Variable" is
  // Liberation Serif's box, ✅ in "Open Sans" (its symbols file claims U+2705) Open Sans's.
  function notdefWidth(faces, cp, size) {
    for (const entry of faces) {
      if (entry.face.claims(cp)) return (entry.face.notdefAdvance * size) / entry.face.unitsPerEm;
    }
    const face = faces[faces.length - 1].face;
    return (face.notdefAdvance * size) / face.unitsPerEm;
  }

  // Vertical ink in whole pixels: rounded out, less the face's slack where Chromium draws a
  // hinted font that snaps extents to the grid (the metrics have it).
  function wholePixels(face, px) {
    return Math.ceil(px - face.inkSlack);
  }

  function pickInstance(face, weight, upper) {
    const instances = face.instances;
    let low = instances[0];
    let high = instances[instances.length - 1];
    for (let i = 0; i < instances.length; i++) {
      if (instances[i].weight <= weight) low = instances[i];
      if (instances[instances.length - 1 - i].weight >= weight) high = instances[instances.length - 1 - i];
    }
    return upper ? high : low;
  }

  // Where a variable face is asked for a weight between its instances, how far (0..1) towards
  // the upper one; 0 when no face in the list needs interpolating.
  function interpolation(faces, weight) {
    for (const entry of faces) {
      const low = pickInstance(entry.face, weight, false);
      const high = pickInstance(entry.face, weight, true);
      if (low !== high && weight > low.weight && weight < high.weight) {
        return (weight - low.weight) / (high.weight - low.weight);
      }
    }
    return 0;
  }

  const widthCache = new Map(); // family list \0 weight \0 italic \0 size \0 text -> measured

  function measureCached(list, weight, italic, size, text) {
    const key = list + "\u0000" + weight + "\u0000" + italic + "\u0000" + size + "\u0000" + text;
    let result = widthCache.get(key);
    if (result !== undefined) return result;
    const faces = resolveFont(list, weight, italic);
    result = measureRun(faces, weight, false, size, text);
    const t = interpolation(faces, weight);
    if (t > 0) {
      const upper = measureRun(faces, weight, true, size, text);
      // Ink (heights) comes from the nearer instance; only the width is interpolated.
      const ink = t < 0.5 ? result : upper;
      result = {
        px: result.px + (upper.px - result.px) * t,
        missing: result.missing,
        inkTop: ink.inkTop,
        inkBottom: ink.inkBottom,
        inkLeft: ink.inkLeft,
        inkRight: ink.inkRight,
      };
    }
    result.face = faces[0].face;
    if (widthCache.size >= CACHE_LIMIT) widthCache.clear();
    widthCache.set(key, result);
    return result;
  }

  // Chromium's SVG text box: the first face's ascent and descent rounded to whole pixels (exact
  // when the font is tiny), grown to the glyph ink rounded out to whole pixels where ink sticks out.
  function verticalMetrics(face, size, measured) {
    const scale = size / face.unitsPerEm;
    let ascent = face.ascent * scale;
    let descent = face.descent * scale;
    if (ascent >= 3 && ascent + descent >= 2) {
      ascent = Math.floor(ascent + 0.5);
      descent = Math.floor(descent + 0.5);
    }
    return [Math.max(ascent, measured.inkTop), Math.max(descent, measured.inkBottom)];
  }

  globalThis.__printerMeasureText = function (text, font) {
    const spec = font || {};
    const list = typeof spec.family === "string" ? spec.family : "";
    const size = resolveSize(spec.size);
    const measured = measureCached(list, resolveWeight(spec.weight), isItalic(spec.style), size, String(text));
    const exact = measured.px;
    // Chromium lays text out in 1/64 px layout units and rounds a text fragment's width up to
    // the next unit (checked with scripts/check_text_widths_vs_chromium.py). Its glyph advances
    // are fixed point, so a width that is a whole number of units stays whole (" the" at 14 px
    // is 1792 units, not 1793); the epsilon keeps our floating-point sum from tipping it over.
    // Each <tspan> is its own fragment (geometry.js sums them), as in Chromium's SVG text.
    const width = exact > 0 ? Math.ceil(exact * 64 - 1e-6) / 64 : 0;
    const vertical = verticalMetrics(measured.face, size, measured);
    return {
      width,
      ascent: vertical[0],
      descent: vertical[1],
      left: Math.min(0, measured.inkLeft),
      right: Math.max(width, measured.inkRight),
      missing: measured.missing,
    };
  };

  // A font-family list whose text a viewer can be made to draw with the face it was measured
  // with: the list itself when a name in it can carry an embedded @font-face, else (generic
  // names only, such as the `monospace` of <code>) the list behind the name of the family it
  // resolves to: "monospace" -> '"DejaVu Sans Mono", monospace'.
  globalThis.__printerNameableFamilyList = function (list) {
    const value = typeof list === "string" ? list : "";
    const resolved = resolveList(value);
    const first = resolved.entries[0];
    if (embedName(resolved.names, first.index) !== null) return value;
    const name = '"' + first.family.name + '"';
    return value.trim() ? name + ", " + value : name;
  };

  // The px text-spacing-trim takes from two texts laid side by side in one line (the left one's
  // last character and the right one's first: a run of bold text ending in 》 before ：), which
  // measuring each alone cannot see.
  globalThis.__printerPunctuationTrim = function (leftText, leftFont, rightText, rightFont) {
    const a = String(leftText);
    const b = String(rightText);
    if (!a || !b) return 0;
    const lastCp = a.codePointAt(a.length - 1);
    const firstCp = b.codePointAt(0);
    if (!HAN_CLASSES.has(lastCp) || !HAN_CLASSES.has(firstCp)) return 0;
    const fa = leftFont || {};
    const fb = rightFont || {};
    const facesA = resolveFont(typeof fa.family === "string" ? fa.family : "", resolveWeight(fa.weight), isItalic(fa.style));
    const facesB = resolveFont(typeof fb.family === "string" ? fb.family : "", resolveWeight(fb.weight), isItalic(fb.style));
    const before = hanClassIn(facesA, lastCp);
    const after = hanClassIn(facesB, firstCp);
    if (before === 0 || after === 0) return 0;
    const trimBefore = before === HAN_CLOSE && (after === HAN_CLOSE || after === HAN_MIDDLE || after === HAN_DOT);
    const trimAfter = after === HAN_OPEN;
    return (trimBefore ? resolveSize(fa.size) / 2 : 0) + (trimAfter ? resolveSize(fb.size) / 2 : 0);
  };

  globalThis.__printerMissingCodepoints = function () {
    return Array.from(missingCodepoints).sort((a, b) => a - b);
  };

  globalThis.__printerRecordDrawnText = function (text, font, usage) {
    const spec = font || {};
    const list = typeof spec.family === "string" ? spec.family : "";
    const faces = resolveFont(list, resolveWeight(spec.weight), isItalic(spec.style));
    const string = String(text);
    function record(key, cp) {
      let set = usage.get(key);
      if (set === undefined) usage.set(key, (set = new Set()));
      set.add(cp);
    }
    let emojiUntil = -1; // inside an emoji sequence (measured as drawn by the emoji font) up to here
    for (let i = 0; i < string.length; i++) {
      const cp = string.codePointAt(i);
      const at = i;
      if (cp > 0xffff) i++;
      if (isZeroWidth(cp)) continue;
      if (at >= emojiUntil) {
        const following = cp < 0x2000 ? string.charCodeAt(at + 1) : 0;
        if ((cp >= 0x2000 && !listedFaceCovers(faces, cp)) || following === VS16 || following === KEYCAP) {
          emojiUntil = emojiSequenceEnd(string, at, cp);
        }
      }
      if (at < emojiUntil && faces[0].name !== null && emojiFace().covers(cp)) {
        const first = faces[0].face;
        const face = emojiFace();
        record([faces[0].name, face.family, face.style, face.descriptor, first.style, first.descriptor].join("\u0000"), cp);
        continue;
      }
      let drawnBy = null; // the face that draws cp when it is one the list did not name
      let covered = false;
      for (const entry of faces) {
        if (entry.face.covers(cp)) {
          if (entry.implicit) {
            drawnBy = entry.face;
          } else if (entry.name !== null) {
            record(entry.usageKey || (entry.usageKey = [entry.name, entry.face.family, entry.face.style, entry.face.descriptor].join("\u0000")), cp);
          }
          covered = true;
          break;
        }
      }
      if (faces[0].name === null || (covered && drawnBy === null)) continue;
      if (drawnBy === null) drawnBy = fallbackFace(cp);
      if (drawnBy !== null) {
        const first = faces[0].face;
        record(
          [faces[0].name, drawnBy.family, drawnBy.style, drawnBy.descriptor, first.style, first.descriptor].join("\u0000"),
          cp,
        );
      }
    }
  };
})();
