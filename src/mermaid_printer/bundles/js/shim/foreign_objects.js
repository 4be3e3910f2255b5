// foreign_objects.js — replaces every <foreignObject> of a finished diagram with SVG text.
//
// Serves: bootstrap.js's render(), after mermaid.render() and before the SVG leaves the engine.
// The product's sanitizer drops every <foreignObject> (HTML in an SVG is where label XSS lives),
// yet Mermaid 12 emits one even with htmlLabels off for event-modeling boxes, venn text nodes,
// journey tasks (textPlacement "fo", the default), c4/sequence/timeline with textPlacement "fo",
// architecture iconText and KaTeX math. Here each is laid out as Chromium lays out its HTML
// (html_layout.js) and drawn as a <text> with one absolutely placed <tspan> per run of text in
// one font, with the font, size, weight, style and colour the HTML had; math goes through
// mathml_layout.js when it is loaded. The <foreignObject> takes no part in the output after this.
//
// API: __printerForeignObjects.convertMarkup(svgMarkup) -> {svg, warnings}
//   svg is the markup with every <foreignObject> replaced (unchanged when there is none);
//   warnings say what could not be drawn (images, unsupported math) in words for the user.
//
// Leaves out: clipping to the <foreignObject> box (overflow: hidden): text Mermaid sized too
// small shows in full; links (<a href>) in the HTML become plain text; images are dropped with
// a warning; text-decoration, letter-spacing and opacity of HTML elements.
"use strict";
(function () {
  const G = globalThis;
  const layout = G.__printerHtmlLayout;
  const css = G.__printerCss;
  const SVG_NS = "http://www.w3.org/2000/svg";

  function num(el, name) {
    const v = parseFloat(el.getAttribute(name));
    return Number.isFinite(v) ? v : 0;
  }

  function fmt(v) {
    return String(Math.round(v * 1e6) / 1e6);
  }

  function runStyle(st) {
    // A list of generic names only (the `monospace` of <code>) gets the name of the family it
    // resolves to in front, so the host can embed that face under a name the text asks for.
    const family = G.__printerNameableFamilyList ? G.__printerNameableFamilyList(st["font-family"]) : st["font-family"];
    const parts = [`font-family: ${layout.safeFamily(family)}`, `font-size: ${fmt(st.sizePx)}px`];
    if (st.weightNum !== 400) parts.push(`font-weight: ${fmt(st.weightNum)}`);
    const italic = st["font-style"] === "italic" || st["font-style"] === "oblique";
    if (italic) parts.push(`font-style: ${st["font-style"]}`);
    parts.push(`fill: ${layout.safeColor(st.color)}`);
    return parts.join("; ") + ";";
  }

  function collectUnsupported(el, out) {
    for (const c of el.childNodes) {
      if (c.nodeType !== 1) continue;
      const name = String(c.localName).toLowerCase();
      if (name === "img" || name === "svg" || name === "canvas" || name === "iframe" || name === "video") out.push(name);
      else collectUnsupported(c, out);
    }
    return out;
  }

  // The drawing of one <foreignObject>: a <text> (or a <g> with text and math), or null.
  function convert(fo, warnings) {
    const doc = fo.ownerDocument;
    // Chromium places the HTML box at the <foreignObject>'s rectangle in 1/64-px layout units.
    const x = layout.toLayoutUnit(num(fo, "x"));
    const y = layout.toLayoutUnit(num(fo, "y"));
    const width = layout.toLayoutUnit(num(fo, "width"));
    const height = layout.toLayoutUnit(num(fo, "height"));
    if (!(width > 0) || !(height > 0)) return null; // not rendered at all
    const box = layout.layoutBox(fo, width, height);
    const text = doc.createElementNS(SVG_NS, "text");
    const shapes = [];
    const math = G.__printerMathLayout;
    let preserve = false;
    // One <text> per label, its pieces in reading order, so the label reads as one string.
    for (const line of box.lines) {
      const pieces = line.frags.map((f) => ({ x: f.x, frag: f })).concat(line.atoms.map((a) => ({ x: a.x, atom: a })));
      pieces.sort((p, q) => p.x - q.x);
      for (const piece of pieces) {
        if (piece.atom) {
          if (!math) continue;
          const atom = piece.atom;
          const drawn = math.draw(atom.size, x + atom.x, y + atom.baseline, doc);
          for (const t of drawn.tspans) text.appendChild(t);
          shapes.push(...drawn.shapes);
          continue;
        }
        const frag = piece.frag;
        if (!frag.text || frag.style.visibility === "hidden" || frag.style.visibility === "collapse") continue;
        const tspan = doc.createElementNS(SVG_NS, "tspan");
        tspan.setAttribute("x", fmt(x + frag.x));
        tspan.setAttribute("y", fmt(y + line.baseline + (frag.shift || 0)));
        tspan.setAttribute("style", runStyle(frag.style));
        tspan.textContent = frag.text;
        if (/ {2}|^ | $/.test(frag.text)) preserve = true;
        text.appendChild(tspan);
      }
    }
    if (preserve) text.setAttribute("xml:space", "preserve");
    // The <text> inherits from the SVG around it: undo what would move it off the HTML layout.
    const anchor = css.computedValue(fo, "text-anchor");
    const baseline = css.computedValue(fo, "dominant-baseline");
    const fixes = [];
    if (anchor && anchor !== "start") fixes.push("text-anchor: start");
    if (baseline && baseline !== "auto" && baseline !== "alphabetic") fixes.push("dominant-baseline: auto");
    if (fixes.length) text.setAttribute("style", fixes.join("; ") + ";");
    const skipped = collectUnsupported(fo, []);
    if (skipped.length) warnings.push(`left out ${skipped.length} image(s) inside an HTML label (<${skipped[0]}>)`);
    if (box.atoms.length && !math) warnings.push("left out math in a label: MathML layout is not loaded");
    let node = text.childNodes.length ? text : null;
    if (shapes.length) {
      const group = doc.createElementNS(SVG_NS, "g");
      if (node) group.appendChild(node);
      for (const shape of shapes) group.appendChild(shape);
      node = group;
    }
    if (node) {
      const transform = fo.getAttribute("transform");
      if (transform) node.setAttribute("transform", transform);
    }
    return node;
  }

  function convertAll(root, warnings) {
    const found = [];
    const walk = (el) => {
      for (const c of el.childNodes) {
        if (c.nodeType !== 1) continue;
        if (String(c.localName).toLowerCase() === "foreignobject") found.push(c);
        else walk(c);
      }
    };
    walk(root);
    for (const fo of found) {
      let node = null;
      try {
        node = convert(fo, warnings);
      } catch (error) {
        warnings.push(`could not convert an HTML label to SVG text (${String((error && error.message) || error)})`);
      }
      if (node) fo.parentNode.replaceChild(node, fo);
      else fo.parentNode.removeChild(fo);
    }
    return found.length;
  }

  function convertMarkup(markup) {
    const svg = String(markup);
    const warnings = [];
    if (svg.indexOf("<foreignObject") < 0 && svg.indexOf("<foreignobject") < 0) return { svg, warnings };
    const doc = G.document;
    const holder = doc.createElement("div");
    doc.body.appendChild(holder);
    try {
      holder.innerHTML = svg;
      convertAll(holder, warnings);
      return { svg: String(holder.innerHTML), warnings };
    } finally {
      holder.remove();
    }
  }

  G.__printerForeignObjects = { convertMarkup, convertAll };
})();
