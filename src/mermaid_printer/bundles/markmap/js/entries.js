// entries.js — the markmap bundle's entry points; the last script of the bundle.
//
// Serves: the engine seam (mermaid_printer/engine; the call protocol is engine/js/host.js).
// Entries:
//   "transform" {markdown, options?, limits?} -> markmap's tree (markmap-lib's Transformer with its
//     built-in plugins) and what a reader of its structure wants: node count, depth, the kinds
//     of Markdown used, headings by level, characters.
//   "render" {markdown, options?, svgId, limits?} -> the static print of the mind map: markmap-view
//     draws the tree (Markmap.create + setData, animation off) and the SVG is finished by the
//     reference convention (tools/ref/render_markmap.mjs): font `300 16px/20px Arial`, every
//     node expanded unless initialExpandLevel says otherwise, an image in a label drawn as its
//     alt text, the zoom transform removed, viewBox = markmap's content bounds (state.rect) plus
//     20 px on every side, width/height = the viewBox size. Its HTML labels become SVG text
//     (foreign_objects.js), var() in attributes is resolved, its stylesheet is scoped to the
//     svg's #id, and characters XML cannot hold are dropped.
// Options: markmap's JSON options (front matter `markmap:` keys, deriveOptions): the request's
// `options` override the front matter's, which override the request's `defaults`, as later keys
// do in markmap's own option merging.
// Style (render only): `font` replaces the CSS font shorthand above; `css` is a stylesheet of
// the printer's own (theme colours as markmap's CSS variables, label padding; `.markmap` rules)
// that markmap puts after its own (its `style` option), so it is scoped and sanitized with it.
// Every call starts on the page the bundle loaded into (G.__printerEnv.capturePage()).
// Leaves out: anything touching the host, and anything markmap loads from a CDN (KaTeX,
// highlight.js: math is drawn as its TeX source and code unhighlighted, as in the reference).
"use strict";
(function () {
  const G = globalThis;
  const mm = G.markmap;
  if (!mm || typeof mm.Transformer !== "function" || typeof mm.Markmap !== "function") {
    throw new Error("markmap bundle did not load");
  }

  const SVG_NS = "http://www.w3.org/2000/svg";
  const FONT = "300 16px/20px Arial";
  const MARGIN = 20;
  // The tree's limits unless the caller gives its own (`limits: {nodes, depth}`).
  const LIMITS = { nodes: 10000, depth: 20 };

  // One transformer serves every call: its markdown-it instance and plugins hold no state
  // between transforms (each transform gets a fresh context).
  const transformer = new mm.Transformer();
  // markmap measures its labels in the DOM (scrollWidth of HTML in <foreignObject>): they are
  // laid out with the full box model (inline code padding, code blocks, tables, links).
  G.__printerHtmlLayout.setFullModel(true);
  const resetPage = G.__printerEnv.capturePage();

  class MarkmapError extends Error {
    constructor(code, message, details) {
      super(message);
      this.name = "MarkmapError";
      this.code = code;
      this.details = details || {};
    }
  }

  // ---- the tree -------------------------------------------------------------------------------

  // The JSON options markmap's deriveOptions reads, with their types; anything else is refused
  // so a typo is an error, not a silently ignored option.
  const NUMBER_OPTIONS = ["colorFreezeLevel", "duration", "initialExpandLevel", "maxWidth", "paddingX", "spacingHorizontal", "spacingVertical", "fitRatio", "maxInitialScale", "nodeMinHeight"];
  const BOOLEAN_OPTIONS = ["zoom", "pan"];

  // Why `value` cannot be the option `key`, or null when it can.
  function optionProblem(key, value) {
    if (NUMBER_OPTIONS.includes(key)) return typeof value === "number" && Number.isFinite(value) ? null : `option ${key} must be a number`;
    if (BOOLEAN_OPTIONS.includes(key)) return typeof value === "boolean" ? null : `option ${key} must be true or false`;
    if (key === "color") return Array.isArray(value) && value.every((c) => typeof c === "string") ? null : "option color must be a list of CSS colours";
    if (key === "lineWidth") {
      const numbers = (list) => list.every((n) => typeof n === "number" && Number.isFinite(n));
      return numbers([value]) || (Array.isArray(value) && value.length <= 3 && numbers(value)) ? null : "option lineWidth must be a number or a list of up to three numbers";
    }
    return `unknown markmap option ${key}`;
  }

  // The request's options (`requested` or `defaults`), each of which must be valid.
  function checkedOptions(requested) {
    const options = {};
    for (const [key, value] of Object.entries(requested || {})) {
      const problem = optionProblem(key, value);
      if (problem !== null) throw new MarkmapError("INVALID_INPUT", problem, { option: key });
      options[key] = value;
    }
    return options;
  }

  // The options in force: the request's defaults, then the front matter's, then the request's.
  // `markmap`: what markmap's deriveOptions gets (the front matter as it is, as markmap's own
  // page passes it); `reported`: the options markmap reads, of the right type.
  function jsonOptions(frontmatter, requested, defaults) {
    const raw = frontmatter && frontmatter.markmap;
    const fromFront = raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
    const fromDefaults = checkedOptions(defaults);
    const fromRequest = checkedOptions(requested);
    const usableFront = {};
    for (const [key, value] of Object.entries(fromFront)) if (optionProblem(key, value) === null) usableFront[key] = value;
    return {
      markmap: Object.assign({}, fromDefaults, fromFront, fromRequest),
      reported: Object.assign({}, fromDefaults, usableFront, fromRequest),
    };
  }

  function transformMarkdown(markdown, limits) {
    const maxNodes = limits && Number.isInteger(limits.nodes) ? limits.nodes : LIMITS.nodes;
    const maxDepth = limits && Number.isInteger(limits.depth) ? limits.depth : LIMITS.depth;
    const result = transformer.transform(String(markdown));
    const stats = treeStats(result.root);
    if (stats.nodes > maxNodes) {
      throw new MarkmapError("INPUT_TOO_LARGE", `the mind map has ${stats.nodes} nodes; at most ${maxNodes} are allowed`, { limit: "nodes", max_nodes: maxNodes, nodes: stats.nodes });
    }
    if (stats.depth > maxDepth) {
      throw new MarkmapError("INPUT_TOO_LARGE", `the mind map is ${stats.depth} levels deep; at most ${maxDepth} are allowed`, { limit: "depth", max_depth: maxDepth, depth: stats.depth });
    }
    return { result, stats };
  }

  function treeStats(root) {
    let nodes = 0;
    let depth = 0;
    const stack = [[root, 1]];
    while (stack.length) {
      const [node, level] = stack.pop();
      nodes += 1;
      if (level > depth) depth = level;
      for (const child of node.children || []) stack.push([child, level + 1]);
    }
    return { nodes, depth };
  }

  // ---- structure --------------------------------------------------------------------------------

  // The checkbox plugin's two icons open the label of a task item.
  const CHECKBOX = /^<svg width="16" height="16" viewBox="0 -3 24 24">/;
  const HEADING = /^h([1-6])$/;

  // The text a label's HTML holds, as the DOM's textContent. markdown-it's HTML for a label is
  // nearly always plain inline markup: text, entity references and tags with simple attributes.
  // For such markup that text is the text between the tags, each run's entities decoded as
  // dom.js's parser decodes them (simpleText), which costs a tenth of parsing it into a DOM
  // (the parser was a large map's largest step). The parser still reads everything else:
  // comments, CDATA, <!…> and <?…>, raw-text elements, <template>, svg and math, a closing tag
  // with anything but spaces after its name, and any "<" that opens no such tag.
  function plainText(html) {
    if (!html) return "";
    if (html.indexOf("<") < 0 && html.indexOf("&") < 0) return html;
    const simple = simpleText(html);
    if (simple !== null) return simple;
    const holder = G.document.createElement("div");
    holder.innerHTML = html;
    return String(holder.textContent || "");
  }

  // A closing tag (group 1) or an opening one (group 2) whose every part dom.js's parser reads
  // the same way: a plain name, attributes with plain names and quoted or plain values.
  const SIMPLE_TAG = /<\/([A-Za-z][A-Za-z0-9-]*)\s*>|<([A-Za-z][A-Za-z0-9-]*)(?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'<>=`]+))?)*\s*\/?>/g;
  // Elements whose content the parser does not read as markup, or puts elsewhere.
  const NOT_SIMPLE = new Set(["script", "style", "xmp", "iframe", "noembed", "noframes", "noscript", "textarea", "title", "plaintext", "template", "svg", "math"]);
  function simpleText(html) {
    const decode = G.__printerDom.decodeEntities;
    let text = "";
    let last = 0;
    SIMPLE_TAG.lastIndex = 0;
    for (let m = SIMPLE_TAG.exec(html); m !== null; m = SIMPLE_TAG.exec(html)) {
      const name = (m[1] || m[2]).toLowerCase();
      const before = html.slice(last, m.index);
      if (NOT_SIMPLE.has(name) || before.indexOf("<") >= 0) return null;
      text += decode(before);
      last = SIMPLE_TAG.lastIndex;
    }
    const rest = html.slice(last);
    return rest.indexOf("<") >= 0 ? null : text + decode(rest);
  }

  function structure(result, stats) {
    const kinds = new Set();
    const headings = {};
    let characters = 0;
    const walk = (node) => {
      const payload = node.payload || {};
      const tag = String(payload.tag || "");
      const content = String(node.content || "");
      const heading = HEADING.exec(tag);
      if (heading) {
        kinds.add("heading");
        headings[heading[1]] = (headings[heading[1]] || 0) + 1;
      } else if (tag === "li") kinds.add(payload.listIndex !== undefined ? "ordered_list" : "list");
      else if (tag === "p") kinds.add("paragraph");
      // a block can be a node of its own or sit in a list item's label
      if (/<pre\b/i.test(content)) kinds.add("code_block");
      if (/<table\b/i.test(content)) kinds.add("table");
      if (/<blockquote\b/i.test(content)) kinds.add("blockquote");
      if (CHECKBOX.test(content)) kinds.add("checkbox");
      if (/<code\b/i.test(content.replace(/<pre\b[\s\S]*?<\/pre>/gi, ""))) kinds.add("inline_code");
      if (/<a\s[^>]*href=/i.test(content)) kinds.add("link");
      if (/<img\b/i.test(content)) kinds.add("image");
      characters += [...plainText(content)].length;
      for (const child of node.children || []) walk(child);
    };
    walk(result.root);
    const plugins = Object.keys(result.features || {}).filter((key) => result.features[key]).sort();
    if (plugins.includes("katex")) kinds.add("math");
    if (result.frontmatter) kinds.add("frontmatter");
    if (result.frontmatter && result.frontmatter.markmap) kinds.add("markmap_options");
    return {
      node_count: stats.nodes,
      max_depth: stats.depth,
      features: Array.from(kinds).sort(),
      plugins,
      headings_by_level: headings,
      total_characters: characters,
      average_node_length: stats.nodes ? Math.round((characters / stats.nodes) * 100) / 100 : 0,
    };
  }

  async function transform(payload) {
    resetPage();
    const { result, stats } = transformMarkdown(payload.markdown, payload.limits);
    const options = jsonOptions(result.frontmatter, payload.options, payload.defaults).reported;
    return {
      root: result.root,
      frontmatter: result.frontmatter || null,
      options,
      structure: structure(result, stats),
    };
  }

  // ---- drawing ----------------------------------------------------------------------------------

  // A printer fetches nothing: an image in a label is drawn as its alt text (as the reference).
  function withoutImages(html) {
    return html.replace(/<img\b[^>]*>/gi, (tag) => {
      const alt = tag.match(/\balt="([^"]*)"/i);
      return alt ? alt[1] : "";
    });
  }

  function imagesToAltText(node) {
    node.content = withoutImages(node.content || "");
    for (const child of node.children || []) imagesToAltText(child);
  }

  const sleep = (ms) => new Promise((resolve) => G.setTimeout(resolve, ms));

  // markmap-view starts d3 transitions (duration 0) that apply the final attributes on the next
  // animation frames; they are done when no timer is left.
  async function settle() {
    await sleep(50);
    for (let i = 0; i < 100 && G.__printerEnv.pendingTimers() > 0; i++) await sleep(50);
  }

  // Raw HTML in labels can hold what XML cannot; as the reference convention does after
  // drawing: an inert <template> goes, and an element the HTML parser made from text (the
  // `<T>` of `List<T>`, a name XML cannot hold) becomes the text it holds, which is what was
  // drawn. (The labels' text runs then break where the reference's text nodes do.)
  const XML_NAME = /^[A-Za-z_][\w.-]*$/;
  function xmlSafeLabels(svg) {
    for (const fo of svg.querySelectorAll("foreignObject")) {
      removeTemplates(fo);
      const stack = Array.from(fo.childNodes);
      while (stack.length) {
        const node = stack.pop();
        if (node.nodeType !== 1) continue;
        if (!XML_NAME.test(String(node.localName))) {
          node.parentNode.replaceChild(G.document.createTextNode(String(node.textContent)), node);
          continue;
        }
        for (const child of node.childNodes) stack.push(child);
      }
    }
  }

  // Every <template> below `root` leaves (what fo.querySelectorAll("template") finds, in one walk
  // and no NodeList per label: a template inside a template goes with the outer one).
  function removeTemplates(root) {
    const stack = Array.from(root.childNodes);
    while (stack.length) {
      const node = stack.pop();
      if (node.nodeType !== 1) continue;
      if (String(node.localName).toLowerCase() === "template") node.parentNode.removeChild(node);
      else for (const child of node.childNodes) stack.push(child);
    }
  }

  // markmap sets `fill="var(--markmap-circle-open-bg)"` on circles; a static SVG carries the
  // colour itself (not every SVG reader knows custom properties). Elements in document order,
  // as each is resolved after its ancestors.
  function resolveVarAttributes(root) {
    const attributesOf = G.__printerDom.attributesOf;
    const stack = [root];
    while (stack.length) {
      const el = stack.pop();
      // (read in place; the few elements with a var() take the long way)
      if (attributesOf(el).some((attr) => attr.value.indexOf("var(") >= 0)) {
        for (const name of el.getAttributeNames()) {
          if (el.getAttribute(name).indexOf("var(") < 0) continue;
          const value = G.__printerCss.computedValue(el, name);
          if (value && value !== "unset" && value.indexOf("var(") < 0) el.setAttribute(name, value);
        }
      }
      const children = el.childNodes;
      for (let i = children.length - 1; i >= 0; i--) if (children[i].nodeType === 1) stack.push(children[i]);
    }
  }

  // markmap's stylesheet, scoped to the svg's #id (the sanitizer keeps only such rules): its
  // `.markmap` rule is the svg's own, so there `.markmap` becomes the #id itself.
  function scopeStyles(svg, id) {
    const scope = "#" + G.CSS.escape(id);
    for (const style of svg.querySelectorAll("style")) {
      const own = String(style.textContent).replace(/(^|\})(\s*)\.markmap(\s*\{)/g, `$1$2${scope}$3`);
      style.textContent = G.__printerSvgOutput.scopeSheet(own, scope).replace(new RegExp(`${escapeRegExp(scope)} ${escapeRegExp(scope)} \\{`, "g"), `${scope} {`);
    }
  }
  function escapeRegExp(text) {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }

  async function render(payload) {
    resetPage();
    const { result, stats } = transformMarkdown(payload.markdown, payload.limits);
    const options = Object.assign({}, mm.deriveOptions(jsonOptions(result.frontmatter, payload.options, payload.defaults).markmap), { duration: 0 });
    const font = typeof payload.font === "string" && payload.font ? payload.font : FONT;
    if (typeof payload.css === "string" && payload.css) options.style = () => payload.css;
    const root = result.root;
    imagesToAltText(root);
    const id = String(payload.svgId || "markmap");
    const svg = G.document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("id", id);
    svg.style.setProperty("--markmap-font", font);
    G.document.body.appendChild(svg);
    // markmap's default colours come from one d3 ordinal scale for the whole page, which hands
    // out colours in the order it first sees each node's path: empty, as on a fresh page.
    mm.defaultColorFn.domain([]);
    const view = mm.Markmap.create(svg, options);
    await view.setData(root);
    await settle();
    const { x1, y1, x2, y2 } = view.state.rect;
    const warnings = [];
    xmlSafeLabels(svg);
    // Labels become SVG text while markmap's own CSS (and its max-width) is still in force.
    G.__printerForeignObjects.convertAll(svg, warnings);
    view.g.attr("transform", null);
    const width = x2 - x1 + 2 * MARGIN;
    const height = y2 - y1 + 2 * MARGIN;
    svg.removeAttribute("style");
    svg.style.setProperty("--markmap-font", font);
    resolveVarAttributes(svg);
    svg.setAttribute("viewBox", `${x1 - MARGIN} ${y1 - MARGIN} ${width} ${height}`);
    svg.setAttribute("width", String(width));
    svg.setAttribute("height", String(height));
    svg.setAttribute("xmlns", SVG_NS);
    scopeStyles(svg, id);
    // (characters XML cannot hold, in a label's text or an attribute, are left out by the
    // serializer and by drawnFacesOf alike: dom.js xmlChars)
    // (read before it is written: it may name a text's font)
    const drawnFaces = G.__printerSvgOutput.drawnFacesOf(svg);
    const text = String(svg.outerHTML);
    view.destroy(); // drops its listeners on markmap's page-wide hooks, and its DOM
    return {
      svg: text,
      width,
      height,
      node_count: stats.nodes,
      structure: structure(result, stats),
      // the page held nothing but this svg (resetPage), so its own styles alone decided
      drawn_faces: drawnFaces,
      missing_codepoints: typeof G.__printerMissingCodepoints === "function" ? G.__printerMissingCodepoints() : [],
      warnings,
    };
  }

  function describeError(error) {
    if (error instanceof MarkmapError) return { code: error.code, message: error.message, details: error.details };
    const message = String((error && error.message) || error || "render failed");
    G.console.error("markmap failed: " + message + "\n" + String((error && error.stack) || ""));
    return { code: "RENDER_FAILED", message: message.trim(), details: { exception: (error && error.name) || "Error" } };
  }

  G.__printer.register("transform", transform, describeError);
  G.__printer.register("render", render, describeError);
})();
