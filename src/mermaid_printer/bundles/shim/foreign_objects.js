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
// API: __printerForeignObjects.convertMarkup(svgMarkup, examine?) -> {svg, warnings, examined?}
//   svg is the markup with every <foreignObject> replaced (unchanged when there is none);
//   warnings say what could not be drawn (images, unsupported math) in words for the user;
//   examined is what examine(holder) answered for the converted tree (a detached <div> holding
//   the svg, as svg would parse into one), when there was a <foreignObject> to convert.
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
      // With the full model an inline <svg> is drawn (a copy of it) and an <iframe> as its box.
      const drawn = layout.usesFullModel() && (name === "svg" || name === "iframe");
      if (drawn) continue;
      if (name === "img" || name === "svg" || name === "canvas" || name === "iframe" || name === "video") out.push(name);
      else collectUnsupported(c, out);
    }
    return out;
  }

  // Everything the drawing of one <foreignObject> needs from its HTML and CSS, read before any
  // element is made (making one changes the DOM, which costs every cache its contents).
  function prepare(fo) {
    // Chromium places the HTML box at the <foreignObject>'s rectangle in 1/64-px layout units.
    const x = layout.toLayoutUnit(num(fo, "x"));
    const y = layout.toLayoutUnit(num(fo, "y"));
    const width = layout.toLayoutUnit(num(fo, "width"));
    const height = layout.toLayoutUnit(num(fo, "height"));
    if (!(width > 0) || !(height > 0)) return null; // not rendered at all
    return {
      x,
      y,
      box: layout.layoutBox(fo, width, height),
      anchor: css.computedValue(fo, "text-anchor"),
      baseline: css.computedValue(fo, "dominant-baseline"),
      skipped: collectUnsupported(fo, []),
    };
  }

  // The drawing of one <foreignObject>: a <text> (or a <g> with text and math), or null.
  function convert(fo, warnings, prepared) {
    const doc = fo.ownerDocument;
    const ready = prepared === undefined ? prepare(fo) : prepared;
    if (ready === null) return null;
    const { x, y, box } = ready;
    const text = doc.createElementNS(SVG_NS, "text");
    const shapes = [];
    const math = G.__printerMathLayout;
    let preserve = false;
    // Backgrounds, borders and decorations (the full model's paint), under the text; inline
    // <svg> pictures over it.
    const under = [];
    const over = [];
    for (const line of box.lines) {
      for (const item of line.paint || []) {
        if (item.kind === "rect") under.push(paintRect(doc, item, x, y));
        else if (item.kind === "svg") over.push(paintSvg(doc, item, x, y));
      }
    }
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
    const { anchor, baseline } = ready;
    const fixes = [];
    if (anchor && anchor !== "start") fixes.push("text-anchor: start");
    if (baseline && baseline !== "auto" && baseline !== "alphabetic") fixes.push("dominant-baseline: auto");
    if (fixes.length) text.setAttribute("style", fixes.join("; ") + ";");
    const skipped = ready.skipped;
    if (skipped.length) warnings.push(`left out ${skipped.length} image(s) inside an HTML label (<${skipped[0]}>)`);
    if (box.atoms.length && !math) warnings.push("left out math in a label: MathML layout is not loaded");
    let node = text.childNodes.length ? text : null;
    if (shapes.length || under.length || over.length) {
      const group = doc.createElementNS(SVG_NS, "g");
      for (const shape of under) group.appendChild(shape);
      if (node) group.appendChild(node);
      for (const shape of shapes) group.appendChild(shape);
      for (const shape of over) group.appendChild(shape);
      node = group;
    }
    if (node) {
      const transform = fo.getAttribute("transform");
      if (transform) node.setAttribute("transform", transform);
    }
    return node;
  }

  function paintRect(doc, item, dx, dy) {
    const rect = doc.createElementNS(SVG_NS, "rect");
    rect.setAttribute("x", fmt(dx + item.x));
    rect.setAttribute("y", fmt(dy + item.y));
    rect.setAttribute("width", fmt(item.w));
    rect.setAttribute("height", fmt(item.h));
    if (item.radius) rect.setAttribute("rx", fmt(item.radius));
    rect.setAttribute("fill", layout.safeColor(item.fill));
    return rect;
  }

  // An inline <svg> picture (markmap's task checkboxes): the same drawing as a nested <svg> at
  // its place, its `currentColor` the HTML's colour.
  function paintSvg(doc, item, dx, dy) {
    const svg = item.el.cloneNode(true);
    svg.setAttribute("x", fmt(dx + item.x));
    svg.setAttribute("y", fmt(dy + item.y));
    svg.setAttribute("width", fmt(item.w));
    svg.setAttribute("height", fmt(item.h));
    const fill = svg.getAttribute("fill");
    if (!fill || /^currentcolor$/i.test(fill.trim())) svg.setAttribute("fill", layout.safeColor(item.color));
    return svg;
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
    // With the full HTML model (markmap) every label is laid out before the first is replaced:
    // a replacement changes the DOM, which would cost the next label's layout every cache.
    const prepared = new Map();
    if (layout.usesFullModel()) {
      for (const fo of found) {
        try {
          prepared.set(fo, prepare(fo));
        } catch (error) {
          // reported below, when its drawing is made
        }
      }
    }
    for (const fo of found) {
      let node = null;
      try {
        node = convert(fo, warnings, prepared.has(fo) ? prepared.get(fo) : undefined);
      } catch (error) {
        warnings.push(`could not convert an HTML label to SVG text (${String((error && error.message) || error)})`);
      }
      if (node) fo.parentNode.replaceChild(node, fo);
      else fo.parentNode.removeChild(fo);
    }
    return found.length;
  }

  function convertMarkup(markup, examine) {
    const svg = String(markup);
    const warnings = [];
    if (svg.indexOf("<foreignObject") < 0 && svg.indexOf("<foreignobject") < 0) return { svg, warnings };
    const doc = G.document;
    const holder = doc.createElement("div");
    doc.body.appendChild(holder);
    try {
      holder.innerHTML = svg;
      convertAll(holder, warnings);
    } finally {
      holder.remove();
    }
    // The tree is examined where the caller would otherwise parse the markup again, and before
    // it is written: examining may name a text's font (svg_output.js drawnFacesOf).
    const examined = examine ? examine(holder) : undefined;
    const converted = String(holder.innerHTML);
    return examine ? { svg: converted, warnings, examined } : { svg: converted, warnings };
  }

  G.__printerForeignObjects = { convertMarkup, convertAll };
})();
