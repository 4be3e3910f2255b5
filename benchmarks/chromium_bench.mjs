// chromium_bench.mjs — the yardstick for benchmarks/vs_chromium.py: Mermaid's own render in a
// prepared Chromium page, timed in the page.
//
// Usage: node chromium_bench.mjs --ref DIR [--chromium PATH]
//   DIR holds node_modules with puppeteer, mermaid (the version the printer vendors) and, when
//   present, @mermaid-js/mermaid-zenuml, @mermaid-js/layout-tidy-tree and
//   @fontsource-variable/recursive (the fidelity tools' ref/ directory is such a DIR).
//   stdin, one JSON document per line: first {"config": {...}, "timeout_ms": N}, then one
//   {"key", "code", "rounds"} per diagram; each diagram is answered on stdout as soon as it is
//   done, {"key", "ok", "ms": [per timed round], "error"}, so a caller can interleave its own
//   renders with these (both then run under the same machine load).
//
// The page is set up once, as mermaid-cli sets up its page (Mermaid, ZenUML and the tidy-tree
// layout registered, the Recursive font loaded), with files served from DIR by request
// interception. Each diagram is rendered once untimed (Mermaid loads a diagram type's code on
// first use, and V8 compiles what runs hot), then `rounds` times, each timed with
// performance.now() around mermaid.render() alone (initialize() runs before the clock starts).
// A render that overruns the timeout is reported as such and the page is set up again.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import url from "node:url";

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const refDir = path.resolve(option("--ref", "."));
const chromium = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const modules = path.join(refDir, "node_modules");
const { default: puppeteer } = await import(url.pathToFileURL(path.join(modules, "puppeteer", "lib", "puppeteer", "puppeteer.js")).href);

const ORIGIN = "http://bench.invalid";
const TYPES = { ".mjs": "text/javascript", ".js": "text/javascript", ".css": "text/css", ".woff2": "font/woff2", ".woff": "font/woff", ".html": "text/html" };
const PAGE = `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="container"></div></body></html>`;

function serve(request) {
  const address = new URL(request.url());
  if (address.origin !== ORIGIN) return request.abort();
  if (address.pathname === "/") return request.respond({ status: 200, contentType: "text/html", body: PAGE });
  const file = path.join(modules, decodeURIComponent(address.pathname));
  if (!file.startsWith(modules + path.sep) || !fs.existsSync(file)) return request.respond({ status: 404, body: "" });
  return request.respond({ status: 200, contentType: TYPES[path.extname(file)] || "application/octet-stream", body: fs.readFileSync(file) });
}

const exists = (relative) => fs.existsSync(path.join(modules, relative));
const browser = await puppeteer.launch({
  executablePath: chromium,
  headless: "shell",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
});

async function preparePage() {
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  page.on("request", serve);
  await page.goto(ORIGIN + "/");
  const urls = {
    mermaid: ORIGIN + "/mermaid/dist/mermaid.esm.mjs",
    zenuml: exists("@mermaid-js/mermaid-zenuml/dist/mermaid-zenuml.esm.mjs") ? ORIGIN + "/@mermaid-js/mermaid-zenuml/dist/mermaid-zenuml.esm.mjs" : null,
    tidyTree: exists("@mermaid-js/layout-tidy-tree/dist/mermaid-layout-tidy-tree.esm.mjs") ? ORIGIN + "/@mermaid-js/layout-tidy-tree/dist/mermaid-layout-tidy-tree.esm.mjs" : null,
    font: exists("@fontsource-variable/recursive/index.css") ? ORIGIN + "/@fontsource-variable/recursive/index.css" : null,
  };
  await page.evaluate(async (urls) => {
    if (urls.font) {
      await new Promise((resolve, reject) => {
        const link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: urls.font });
        link.onload = resolve;
        link.onerror = () => reject(new Error("font stylesheet failed"));
        document.head.appendChild(link);
      });
    }
    const { default: mermaid } = await import(urls.mermaid);
    if (urls.zenuml) await mermaid.registerExternalDiagrams([(await import(urls.zenuml)).default]);
    if (urls.tidyTree) mermaid.registerLayoutLoaders((await import(urls.tidyTree)).default);
    await Promise.all(Array.from(document.fonts, (font) => font.load()));
    window.__mermaid = mermaid;
  }, urls);
  return page;
}

async function renderRounds(page, code, config, rounds) {
  return page.evaluate(
    async ({ code, config, rounds }) => {
      const mermaid = window.__mermaid;
      const container = document.getElementById("container");
      const times = [];
      for (let round = -1; round < rounds; round++) {
        container.innerHTML = "";
        mermaid.initialize({ startOnLoad: false, ...config });
        const started = performance.now();
        await mermaid.render("bench-svg", code, container);
        if (round >= 0) times.push(performance.now() - started);
      }
      container.innerHTML = "";
      return times;
    },
    { code, config, rounds },
  );
}

const lines = readline.createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const settings = JSON.parse((await lines.next()).value);
let page = await preparePage();
process.stdout.write(JSON.stringify({ ready: true }) + "\n");
for await (const line of lines) {
  if (!line.trim()) continue;
  const diagram = JSON.parse(line);
  let timer;
  try {
    const timeout = new Promise((_, reject) => {
      // Every round may take the whole timeout, and the untimed first one too.
      timer = setTimeout(() => reject(new Error("timeout")), settings.timeout_ms * (diagram.rounds + 1));
    });
    const ms = await Promise.race([renderRounds(page, diagram.code, settings.config, diagram.rounds), timeout]);
    process.stdout.write(JSON.stringify({ key: diagram.key, ok: true, ms, error: null }) + "\n");
  } catch (error) {
    const message = String((error && error.message) || error).split("\n")[0].slice(0, 300);
    process.stdout.write(JSON.stringify({ key: diagram.key, ok: false, ms: [], error: message }) + "\n");
    if (message === "timeout") {
      await page.close().catch(() => {});
      page = await preparePage();
    }
  } finally {
    clearTimeout(timer);
  }
}
await browser.close();
