// svg_output.js — what every bundle does to a finished SVG before it leaves the engine.
//
// Serves: the bundles' entry points (mermaid/entries.js, markmap/entries.js), after drawing.
// API: __printerSvgOutput.drawnFaces(svgText) -> {svg, faces: [{name, family, style, weight,
//        codepoints}]}: which vendored face draws each character of the SVG's text, and under
//        which CSS family name (see __printerRecordDrawnText in text_measure.js), so the host
//        embeds exactly those faces; svg is svgText with the text whose font-family names only
//        generic families named (below). The SVG is read in its own tree so that its own
//        stylesheet, and nothing else, decides each text's font, as it will in a viewer.
//      __printerSvgOutput.drawnFacesOf(root) -> the faces for an element in the document (for a
//        page that holds nothing but that SVG: no other stylesheet can reach its text); it names
//        generic-only font lists in that tree, so serialize it after.
//      Text whose font-family list names only generic families (Mermaid's autonumber circles
//        ask for sans-serif) gets, in its style attribute, the list behind the name of the family
//        it resolves to ('"DejaVu Sans", sans-serif'): no @font-face can be named sans-serif, so
//        that is how a viewer draws it with the embedded face it was measured with.
//      __printerSvgOutput.scopeSheet(cssText, scope) -> the stylesheet with `scope` (an `#id`
//        selector) in front of every selector of its plain rules, so an SVG inlined into a page
//        cannot restyle the page (the sanitizer keeps only rules scoped to the SVG's #id).
//        Inside the SVG that changes nothing: the sheet's rules all gain the same specificity.
//        At-rules are left as they are (the sanitizer judges them).
// Leaves out: anything touching the host.
"use strict";
(function () {
  const G = globalThis;

  function scopeSheet(text, scope) {
    let out = "";
    let i = 0;
    while (i < text.length) {
      const open = text.indexOf("{", i);
      if (open < 0) {
        out += text.slice(i);
        break;
      }
      let depth = 0;
      let close = open;
      for (; close < text.length; close++) {
        if (text[close] === "{") depth++;
        else if (text[close] === "}" && --depth === 0) break;
      }
      const prelude = text.slice(i, open);
      const selector = prelude.trim();
      const scoped = selector.startsWith("@")
        ? selector
        : selector.split(",").map((part) => `${scope} ${part.trim()}`).join(", ");
      out += prelude.slice(0, prelude.indexOf(selector)) + scoped + " " + text.slice(open, close + 1);
      i = close + 1;
    }
    return out;
  }

  const TEXT_ELEMENTS = new Set(["text", "tspan", "textpath"]);
  const faceSortKey = (f) => [f.name, f.family, f.style, f.weight, f.as_style || "", f.as_weight || ""].join("\u0000");
  function drawnFaces(svgText) {
    if (typeof G.__printerRecordDrawnText !== "function") return [];
    // Mermaid's SVG is the markup DOMPurify wrote from its sanitized tree: that tree, unchanged
    // since, is read instead of parsing the markup again (the parse was 9-10 % of a pie's or a
    // 200-task gantt's render). In its own document it inherits nothing, as in the detached
    // holder, and its own stylesheet is the only one.
    const written = G.__printerDom ? G.__printerDom.serializedBody(svgText) : null;
    const holder = written !== null ? written : G.document.createElement("div");
    if (written === null) holder.innerHTML = svgText;
    const named = { count: 0 };
    const faces = drawnFacesOf(holder, named);
    const svg = named.count > 0 ? String(holder.innerHTML) : svgText;
    if (written === null) holder.innerHTML = "";
    return { svg, faces };
  }

  // The same for an SVG already in the document, when nothing else there styles it; `named`
  // (optional) counts the text elements whose generic-only font list got a name.
  function drawnFacesOf(root, named) {
    if (typeof G.__printerRecordDrawnText !== "function") return [];
    const usage = new Map();
    const stack = [root];
    while (stack.length) {
      const node = stack.pop();
      const drawsText = TEXT_ELEMENTS.has(String(node.localName || "").toLowerCase());
      let font = null;
      for (const child of node.childNodes) {
        if (child.nodeType === 1) stack.push(child);
        else if (drawsText && child.nodeType === 3 && child.data) {
          if (font === null) font = nameGenericFamily(node, G.__printerCss.fontOf(node), named);
          // (the text as written: without the characters XML cannot hold)
          G.__printerRecordDrawnText(G.__printerDom ? G.__printerDom.xmlChars(child.data) : child.data, font, usage);
        }
      }
    }
    const faces = [];
    for (const [key, codepoints] of usage) {
      // A fallback face (CJK, emoji) also carries the descriptors its @font-face must declare.
      const [name, family, style, weight, asStyle, asWeight] = key.split("\u0000");
      const face = { name, family, style, weight, codepoints: Array.from(codepoints).sort((a, b) => a - b) };
      if (asStyle !== undefined) Object.assign(face, { as_style: asStyle, as_weight: asWeight });
      faces.push(face);
    }
    faces.sort((a, b) => (faceSortKey(a) < faceSortKey(b) ? -1 : faceSortKey(a) > faceSortKey(b) ? 1 : 0));
    return faces;
  }

  // A text element's font with its family list named (see the header), set on the element.
  function nameGenericFamily(node, font, named) {
    if (typeof G.__printerNameableFamilyList !== "function") return font;
    const family = G.__printerNameableFamilyList(font.family);
    if (family === font.family) return font;
    node.style.setProperty("font-family", family);
    if (named) named.count++;
    return Object.assign({}, font, { family });
  }

  G.__printerSvgOutput = { drawnFaces, drawnFacesOf, scopeSheet };
})();
