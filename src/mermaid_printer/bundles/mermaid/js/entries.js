// entries.js — the Mermaid bundle's entry points; the last script of the bundle.
//
// Serves: the engine seam (mermaid_printer/engine; the call protocol is engine/js/host.js).
// Entries: "render" (mermaid.render → SVG text) and "parse" (mermaid.parse → diagram type; with
// `ast`, the diagram's AST from ast.js), each starting from the page, randomness and clock the
// bundle had right after it loaded.
// External diagrams: the ZenUML plugin (vendored mermaid-zenuml.min.js, loaded before this file)
// is registered here, before the first render, as mermaid-cli does. (The tidy-tree layout
// mermaid-cli registers is registered by layout_tidy_tree.js, loaded before this file.)
// Leaves out: anything touching the host; errors are returned as {code, message, details}
// with line/column/expected taken from Mermaid's parser errors (jison hash or Langium text).
"use strict";
(function () {
  const G = globalThis;
  const mermaid = G.mermaid;
  if (!mermaid || typeof mermaid.render !== "function") throw new Error("mermaid bundle did not load");

  // ZenUML draws its own <style> with bare selectors (".message-label {…}"); the sanitizer keeps
  // only rules scoped to the diagram's #id, so each selector gets the svg's #id in front
  // (scopeSheet in svg_output.js).
  const scopeSheet = G.__printerSvgOutput.scopeSheet;

  function withScopedStyles(plugin) {
    return Object.assign({}, plugin, {
      async loader() {
        const loaded = await plugin.loader();
        const renderer = loaded.diagram.renderer;
        const draw = renderer.draw;
        loaded.diagram.renderer = Object.assign({}, renderer, {
          async draw(text, id, ...rest) {
            await draw.call(renderer, text, id, ...rest);
            const svg = G.document.getElementById(id);
            for (const style of svg ? svg.querySelectorAll("style") : []) {
              style.textContent = scopeSheet(style.textContent, "#" + G.CSS.escape(id));
            }
          },
        });
        return loaded;
      },
    });
  }

  // registerExternalDiagrams is async, but it registers the detectors before its first await,
  // and the plugin's loader runs only when a zenuml diagram is rendered.
  const zenuml = G["mermaid-zenuml"];
  if (zenuml) mermaid.registerExternalDiagrams([withScopedStyles(zenuml)]);

  // Every render starts on a page like the one the bundles loaded into (see capturePage in env.js).
  const capturedPage = G.__printerEnv.capturePage();
  // The page, and Mermaid's module counters (counter_resets.js), as the bundle had them loaded.
  function resetPage() {
    capturedPage();
    G.__printerResetCounters();
  }

  // Mermaid's parsers report positions two ways: jison errors carry a `hash`, Langium-based
  // parsers (pie, gitGraph, packet, architecture, …) put "line N, column M" in the message.
  // `phase` "parse": a plain Error thrown while Mermaid parses is the diagram's fault (e.g. a
  // gitGraph checkout of a branch that does not exist), so it is reported as SYNTAX_ERROR.
  function describeError(error, phase) {
    const message = String((error && (error.message || error.str)) || error || "render failed");
    const name = (error && error.name) || "";
    // Flowchart's db refuses edges past the secure `maxEdges` setting. Its message tells the
    // reader to call mermaid.initialize, which a printer's user cannot: say what the limit is.
    const edgeLimit = /^Edge limit exceeded\. \d+ edges found, but the limit is (\d+)\./.exec(message);
    if (edgeLimit) {
      const limit = Number(edgeLimit[1]);
      return {
        code: "INPUT_TOO_LARGE",
        message: `diagram has more than ${limit} edges; Mermaid's maxEdges limit is ${limit}`,
        details: { limit_edges: limit },
      };
    }
    const details = {};
    let code = "RENDER_FAILED";
    const hash = error && error.hash;
    if (hash && typeof hash === "object") {
      code = "SYNTAX_ERROR";
      if (hash.loc && Number.isFinite(hash.loc.first_line)) {
        // Jison's `loc` is the last token it accepted, not the one it could not: toSourceLines
        // moves the position past it to the offending token (`text`), where Mermaid's own caret
        // points; this stays when that token cannot be found there.
        details.line = hash.loc.first_line;
        details.column = hash.loc.first_column + 1;
        if (Number.isFinite(hash.loc.last_line) && Number.isFinite(hash.loc.last_column)) {
          Object.defineProperty(details, "acceptedEnd", { value: { line: hash.loc.last_line, column: hash.loc.last_column } });
        }
      } else if (Number.isFinite(hash.line)) {
        details.line = hash.line + 1;
      }
      if (Array.isArray(hash.expected)) details.expected = hash.expected.map((e) => String(e).replace(/^'|'$/g, ""));
      if (hash.token !== undefined && hash.token !== null) details.token = String(hash.token);
      if (hash.text !== undefined && hash.text !== null) details.text = String(hash.text);
    } else if (name === "UnknownDiagramError" || /No diagram type detected/i.test(message)) {
      code = "UNSUPPORTED_DIAGRAM";
    } else if (/Parsing failed|Parse error|Lexer error|Expecting|Unrecognized text|syntax error/i.test(message)) {
      code = "SYNTAX_ERROR";
    } else if (phase === "parse" && (name === "Error" || name === "")) {
      code = "SYNTAX_ERROR";
    }
    if (code === "SYNTAX_ERROR" && details.line === undefined) {
      const at = /line[:\s]+(\d+)(?:,?\s*column[:\s]+(\d+))?/i.exec(message);
      if (at) {
        details.line = Number(at[1]);
        if (at[2]) details.column = Number(at[2]);
      }
    }
    if (code === "SYNTAX_ERROR" && details.expected === undefined) {
      // Langium: "Expecting token of type 'NUMBER_PIE' but found `x`."
      const langium = /Expecting token of type '([^']+)' but found `([^`]*)`/.exec(message);
      const jison = /Expecting (.+?)(?:, got|$)/m.exec(message);
      if (langium) {
        details.expected = [langium[1]];
        details.token = langium[2];
      } else if (jison) details.expected = jison[1].split(/,\s*/).map((e) => e.replace(/^'|'$/g, ""));
    }
    if (code === "RENDER_FAILED") {
      details.exception = name || "Error";
      // The stack goes to the (debug-only) log, never to the client.
      G.console.error("render failed: " + message + "\n" + String((error && error.stack) || ""));
    }
    return { code, message: message.trim(), details };
  }

  // Mermaid parses a cleaned copy of the source: front matter, %%{directives}%%, %% comment
  // lines and leading blank lines are removed first, so its parsers count lines in that copy.
  // This maps each cleaned line (index) back to the user's line number (1-based).
  function cleanedLineMap(source) {
    const lines = String(source).split(/\r\n?|\n/);
    let i = 0;
    while (i < lines.length && lines[i].trim() === "") i++;
    let start = 0;
    if (i < lines.length && /^---\s*$/.test(lines[i])) {
      for (let j = i + 1; j < lines.length; j++) {
        if (/^---\s*$/.test(lines[j])) {
          start = j + 1;
          break;
        }
      }
    }
    const map = [];
    let inDirective = false;
    for (let n = start; n < lines.length; n++) {
      const line = lines[n];
      if (inDirective || /^\s*%%\{/.test(line)) {
        inDirective = !/\}%%\s*$/.test(line);
        if (map.length) map.push(n + 1); // a directive leaves an empty line behind
        continue;
      }
      if (/^\s*%%(?!\{)./.test(line)) continue;
      if (map.length === 0 && line.trim() === "") continue;
      map.push(n + 1);
    }
    return map;
  }

  // Where the token a jison parser could not accept starts, in the user's source: the first
  // character after the end of the last token it accepted (`end`: cleaned line, 1-based, and
  // column, 0-based) that is not a space or tab, across line breaks the lexer skipped, when the
  // offending match (`text`, its own leading blanks dropped) is found there; a line break is
  // where it starts. An empty match is the end of input: the line after the last, which
  // toSourceLines moves to the end of the last line with content. {line, column} (1-based), or
  // null when not found.
  function offendingTokenAt(end, text, map, lines) {
    const token = String(text === undefined || text === null ? "" : text).replace(/^[ \t]+/, "");
    if (token === "") return { line: lines.length + 1, column: 1 };
    const sourceLine = (cleaned) => (map[cleaned - 1] === undefined ? null : lines[map[cleaned - 1] - 1]);
    let cleaned = end.line;
    let column = end.column;
    let content = sourceLine(cleaned);
    if (content === null || column > content.length) return null;
    const skipBlanks = () => {
      while (column < content.length && (content[column] === " " || content[column] === "\t")) column++;
    };
    skipBlanks();
    if (token[0] === "\n" || token[0] === "\r") return { line: map[cleaned - 1], column: column + 1 };
    while (column >= content.length && sourceLine(cleaned + 1) !== null) {
      cleaned++;
      column = 0;
      content = sourceLine(cleaned);
      skipBlanks();
    }
    const firstLine = token.split(/\r\n?|\n/)[0];
    return content.startsWith(firstLine, column) ? { line: map[cleaned - 1], column: column + 1 } : null;
  }

  function toSourceLines(error, source) {
    if (error.code !== "SYNTAX_ERROR") return error;
    const map = cleanedLineMap(source);
    const lines = String(source).split(/\r\n?|\n/);
    const line = error.details.line;
    const acceptedEnd = error.details.acceptedEnd;
    const offending = acceptedEnd ? offendingTokenAt(acceptedEnd, error.details.text, map, lines) : null;
    if (offending !== null) {
      error.details.line = offending.line;
      error.details.column = offending.column;
    } else if (Number.isInteger(line) && map[line - 1] !== undefined) error.details.line = map[line - 1];
    error.message = error.message.replace(/\bline (\d+)/g, (m, n) => "line " + (map[Number(n) - 1] ?? n));
    // An error at the end of input can sit on a blank line after the last statement (the
    // source's trailing newline, or the newline Mermaid appends before parsing): no token is
    // there, and the unfinished statement is on the last line with content, so point at its end.
    const at = error.details.line;
    if (Number.isInteger(at) && at >= 1 && (at > lines.length || lines[at - 1].trim() === "")) {
      let last = Math.min(at, lines.length);
      while (last > 0 && lines[last - 1].trim() === "") last--;
      if (last > 0) {
        error.details.line = last;
        error.details.column = lines[last - 1].replace(/\s+$/, "").length + 1;
      }
    }
    // Jison's headline counts the lexer's current line, which can run past the offending
    // token (e.g. at end of input); the token's own line is the one a user needs.
    if (Number.isInteger(error.details.line)) {
      error.message = error.message.replace(/^Parse error on line \d+:/, `Parse error on line ${error.details.line}:`);
    }
    return error;
  }

  // The config the site was last initialised with (the zygote's warm-up leaves the product's).
  let initializedWith = null;
  function initialize(config) {
    mermaid.initialize(config);
    initializedWith = JSON.stringify(config);
  }

  // Whether front-matter/%%{init}%% config from an earlier call may still be applied (render and
  // mermaid.parse leave it in place). Unknown at start; a fresh fork child knows it is clean,
  // which spares it a config reset that copies hundreds of shared memory pages.
  let directivesApplied = true;
  function hasConfigInSource(code) {
    return /^[ \t]*---/.test(code) || code.includes("%%{");
  }

  // Rendering skips re-initialising with the config the site already has, as parse does (below):
  // mermaid.render resets the current config to the site config first, so nothing carries
  // over, and the theme computation is half a small pie's engine time.
  async function render(payload) {
    resetPage();
    const config = payload.config || {};
    if (JSON.stringify(config) !== initializedWith) initialize(config);
    directivesApplied = hasConfigInSource(String(payload.code));
    // The icons the diagram names (mermaid/icons.py), from local packs only. The child is
    // single-use, so what is registered here goes with it; a diagram without icons skips this.
    if (payload.icons) {
      mermaid.registerIconPacks(
        Object.keys(payload.icons).map((name) => ({ name, loader: async () => payload.icons[name] })),
      );
    }
    const { svg, diagramType } = await mermaid.render(payload.svgId || "mermaid-printer", payload.code);
    // HTML that Mermaid put in <foreignObject> becomes SVG text (foreign_objects.js); the faces
    // its text is drawn in are read from the converted tree, or else from the markup.
    const converted = G.__printerForeignObjects.convertMarkup(svg, drawnFacesOf);
    const drawn = converted.examined !== undefined ? { svg: converted.svg, faces: converted.examined } : drawnFaces(converted.svg);
    return {
      svg: drawn.svg,
      diagram_type: String(diagramType),
      missing_codepoints: missingCodepoints(),
      drawn_faces: drawn.faces,
      warnings: converted.warnings,
    };
  }

  // Which vendored face draws each character of the finished SVG (svg_output.js): read from its
  // markup, parsed into a detached <div>, or from such a tree.
  const drawnFaces = G.__printerSvgOutput.drawnFaces;
  const drawnFacesOf = G.__printerSvgOutput.drawnFacesOf;

  // Parsing draws nothing, so it skips what only drawing needs. Re-initialising with the config
  // the site already has (a theme computation) is skipped too: every parse and render
  // starts by resetting the current config to that site config, so nothing carries over.
  async function parse(payload) {
    resetPage();
    const config = payload.config || {};
    if (JSON.stringify(config) !== initializedWith) initialize(config);
    const code = String(payload.code);
    // getDiagramFromText hands back the parsed diagram (its db) but, unlike parse and render,
    // ignores front-matter and %%{init}%% config; when there is any, mermaid.parse applies it
    // first (it stays applied for this request), so the db is filled exactly as for a render.
    // Without any, the same parse through getDiagramFromText alone is about half the cost.
    if (hasConfigInSource(code)) {
      directivesApplied = true;
      await mermaid.parse(code);
    } else if (directivesApplied) {
      mermaid.mermaidAPI.reset(); // what mermaid.parse does first: drop earlier directives
      directivesApplied = false;
    }
    const diagram = await mermaid.mermaidAPI.getDiagramFromText(code);
    if (!payload.ast) return { diagram_type: String(diagram.type) };
    const ast = G.__printerAst.buildAst(diagram, {
      includePositions: !!payload.positions,
      source: code,
      title: frontMatterTitle(code),
    });
    return { diagram_type: String(diagram.type), ast };
  }

  // Mermaid passes a front-matter `title:` to the db only when rendering. This reads the same
  // key: the front matter opens the source (`---` after optional spaces), and the title is a
  // top-level `title:` with a plain, 'single-' or "double-quoted" one-line value.
  function frontMatterTitle(code) {
    const lines = code.replace(/\r\n?/g, "\n").split("\n");
    if (!/^[ \t]*---\s*$/.test(lines[0] || "")) return null;
    for (let i = 1; i < lines.length; i++) {
      if (/^[ \t]*---\s*$/.test(lines[i])) return null;
      const m = /^title:[ \t]*(.*?)\s*$/.exec(lines[i]);
      if (!m) continue;
      const value = m[1];
      if (/^".*"$/.test(value)) {
        try {
          return JSON.parse(value);
        } catch (error) {
          return value.slice(1, -1);
        }
      }
      if (/^'.*'$/.test(value)) return value.slice(1, -1).replace(/''/g, "'");
      return value.replace(/\s+#.*$/, "") || null;
    }
    return null;
  }

  function missingCodepoints() {
    return typeof G.__printerMissingCodepoints === "function" ? G.__printerMissingCodepoints() : [];
  }

  function describeFailure(phase) {
    return (error, payload) => toSourceLines(describeError(error, phase), payload.code || "");
  }
  G.__printer.register("render", render, describeFailure("render"));
  G.__printer.register("parse", parse, describeFailure("parse"));
})();
