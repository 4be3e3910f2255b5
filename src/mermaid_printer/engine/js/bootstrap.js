// bootstrap.js — the entry points the host calls, loaded after the vendored mermaid.min.js.
//
// Serves: the engine seam (mermaid_printer/engine/quickjs_engine.py). The host calls
// __printer.start(entry, payloadJson), drains promise jobs and virtual timers until
// __printer.poll() returns a JSON string, and never registers a callback into Python — so the
// interpreter's time limit stays usable. Entries: "render" (mermaid.render → SVG text) and
// "parse" (mermaid.parse → diagram type), each starting from the randomness and clock the
// bundle had right after it loaded.
// Leaves out: anything touching the host; errors are returned as {code, message, details}
// with line/column/expected taken from Mermaid's parser errors (jison hash or Langium text).
"use strict";
(function () {
  const G = globalThis;
  const mermaid = G.mermaid;
  if (!mermaid || typeof mermaid.render !== "function") throw new Error("mermaid bundle did not load");

  const pristine = G.__printerEnv.snapshot();
  let current = null; // {done, result}

  function resetPage() {
    G.__printerEnv.restore(pristine);
    const body = G.document.body;
    for (const child of body.childNodes.slice()) body.removeChild(child);
  }

  // Mermaid's parsers report positions two ways: jison errors carry a `hash`, Langium-based
  // parsers (pie, gitGraph, packet, architecture, …) put "line N, column M" in the message.
  function describeError(error) {
    const message = String((error && (error.message || error.str)) || error || "render failed");
    const name = (error && error.name) || "";
    const details = {};
    let code = "RENDER_FAILED";
    const hash = error && error.hash;
    if (hash && typeof hash === "object") {
      code = "SYNTAX_ERROR";
      if (hash.loc && Number.isFinite(hash.loc.first_line)) {
        details.line = hash.loc.first_line;
        details.column = hash.loc.first_column + 1;
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

  function toSourceLines(error, source) {
    if (error.code !== "SYNTAX_ERROR") return error;
    const map = cleanedLineMap(source);
    const line = error.details.line;
    if (Number.isInteger(line) && map[line - 1] !== undefined) error.details.line = map[line - 1];
    error.message = error.message.replace(/\bline (\d+)/g, (m, n) => "line " + (map[Number(n) - 1] ?? n));
    // Jison's headline counts the lexer's current line, which can run past the offending
    // token (e.g. at end of input); the token's own line is the one a user needs.
    if (Number.isInteger(error.details.line)) {
      error.message = error.message.replace(/^Parse error on line \d+:/, `Parse error on line ${error.details.line}:`);
    }
    return error;
  }

  async function render(payload) {
    resetPage();
    mermaid.initialize(payload.config || {});
    const { svg, diagramType } = await mermaid.render(payload.svgId || "mermaid-printer", payload.code);
    // HTML that Mermaid put in <foreignObject> becomes SVG text (foreign_objects.js).
    const converted = G.__printerForeignObjects.convertMarkup(svg);
    return {
      svg: converted.svg,
      diagram_type: String(diagramType),
      missing_codepoints: missingCodepoints(),
      warnings: converted.warnings,
    };
  }

  async function parse(payload) {
    resetPage();
    mermaid.initialize(payload.config || {});
    const result = await mermaid.parse(payload.code);
    return { diagram_type: String(result.diagramType) };
  }

  function missingCodepoints() {
    return typeof G.__printerMissingCodepoints === "function" ? G.__printerMissingCodepoints() : [];
  }

  const ENTRIES = { render, parse };

  G.__printer = {
    start(entry, payloadJson) {
      const fn = ENTRIES[entry];
      if (!fn) throw new Error(`unknown entry point ${entry}`);
      const state = { done: false, result: null };
      current = state;
      let promise;
      let payload = {};
      try {
        payload = JSON.parse(payloadJson);
        promise = fn(payload);
      } catch (error) {
        promise = Promise.reject(error);
      }
      promise.then(
        (value) => {
          state.done = true;
          state.result = Object.assign({ ok: true }, value);
        },
        (error) => {
          state.done = true;
          state.result = { ok: false, error: toSourceLines(describeError(error), payload.code || "") };
        },
      );
    },
    // JSON of the result once settled, else "" (the host then runs jobs/timers and asks again).
    poll() {
      if (!current || !current.done) return "";
      return String(JSON.stringify(current.result));
    },
    runTimers() {
      return G.__printerEnv.runTimers();
    },
    logs() {
      return String(JSON.stringify(G.__printerEnv.logs));
    },
  };
})();
