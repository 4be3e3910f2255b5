"""Measure the math glyph tables of bundles/shim/mathml_layout.js in Chromium and rewrite them.

Dev tool, not part of the tests: needs a local Chromium (Debian: ``apt-get install chromium``)
and the fonts the reference renders with (``fonts-liberation``; DejaVu as the fallback font).

    python scripts/build_math_glyph_tables.py [--chromium PATH] [--check]

Chromium draws MathML (``font-family: math``) with Liberation Serif, and the mathematical italic
letters a one-letter ``<mi>`` becomes (U+1D44E and friends) with a fallback font. The script
writes a page that measures each character with canvas ``measureText`` at 1000 px (advance and
``actualBoundingBoxAscent/Descent``), runs ``chromium --headless --dump-dom`` on it, reads the
JSON back from a ``<pre>`` element and replaces the block between ``BEGIN GENERATED GLYPH TABLES``
and ``END GENERATED GLYPH TABLES`` in mathml_layout.js. ``--check`` only reports differences.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

JS_FILE = Path(__file__).resolve().parent.parent / "src" / "mermaid_printer" / "bundles" / "shim" / "mathml_layout.js"

# Characters KaTeX's MathML uses: ASCII, Greek, and the operators and symbols of common TeX.
SYMBOLS = "ϑϕϖϵ−±∓×÷·⋅∗∘√∞∫∬∮∑∏∐∂∇→←↔⇒⇐⇔↦≤≥≠≈≡≅∼≃∝∈∉∋⊂⊃⊆⊇∪∩∧∨¬∀∃∅′″…⋯⋮⋱⟨⟩‖°ℝℕℤℚℂ∖⊕⊗⊙∠⌊⌋⌈⌉ℓℏ∣∥⊥⊤⊢⋄★†‡§¶©®™•◦□■△▽⊲⊳"

PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><pre id="out"></pre><script>
const ctx = document.createElement("canvas").getContext("2d");
ctx.font = '1000px "Liberation Serif"';
let plain = "";
for (let i = 0x21; i < 0x7f; i++) plain += String.fromCharCode(i);
for (let i = 0x391; i <= 0x3a9; i++) plain += String.fromCharCode(i);
for (let i = 0x3b1; i <= 0x3c9; i++) plain += String.fromCharCode(i);
plain += SYMBOLS_JSON;
const ink = {};
for (const ch of plain) {
  const m = ctx.measureText(ch);
  ink[ch] = [Math.round(m.actualBoundingBoxAscent), Math.round(m.actualBoundingBoxDescent)];
}
// the mathematical italic code point of a letter (text-transform: math-auto)
function italicOf(ch) {
  const cp = ch.codePointAt(0);
  if (ch === "h") return 0x210e;
  if (cp >= 97 && cp <= 122) return 0x1d44e + cp - 97;
  if (cp >= 65 && cp <= 90) return 0x1d434 + cp - 65;
  if (cp >= 0x3b1 && cp <= 0x3c9) return 0x1d6fc + cp - 0x3b1;
  if (cp >= 0x391 && cp <= 0x3a9) return 0x1d6e2 + cp - 0x391;
  return null;
}
let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
for (let i = 0x3b1; i <= 0x3c9; i++) letters += String.fromCharCode(i);
for (let i = 0x391; i <= 0x3a9; i++) if (i !== 0x3a2) letters += String.fromCharCode(i);
const italic = {};
for (const ch of letters) {
  const m = ctx.measureText(String.fromCodePoint(italicOf(ch)));
  italic[ch] = [Math.round(m.width), Math.round(m.actualBoundingBoxAscent), Math.round(m.actualBoundingBoxDescent)];
}
document.getElementById("out").textContent = JSON.stringify({ ink, italic });
</script></body></html>"""


def measure(chromium: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "glyphs.html"
        page.write_text(PAGE.replace("SYMBOLS_JSON", json.dumps(SYMBOLS, ensure_ascii=False)), encoding="utf-8")
        dom = subprocess.run(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri()],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        ).stdout
    match = re.search(r'<pre id="out">(.*?)</pre>', dom, re.S)
    if not match:
        raise SystemExit("chromium printed no result")
    return json.loads(html.unescape(match.group(1)))


def js_object(table: dict, indent: str = "    ") -> str:
    entries = [f"{json.dumps(k, ensure_ascii=False)}:{json.dumps(v, separators=(',', ':'))}" for k, v in table.items()]
    lines: list[str] = []
    line = ""
    for entry in entries:
        if line and len(line) + len(entry) + 1 > 108:
            lines.append(line)
            line = ""
        line += entry + ","
    lines.append(line.rstrip(","))
    return "{\n" + "\n".join(indent + item for item in lines) + "\n  }"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default="chromium")
    parser.add_argument("--check", action="store_true", help="report differences, do not write")
    args = parser.parse_args()
    tables = measure(args.chromium)
    source = JS_FILE.read_text(encoding="utf-8")
    new = re.sub(
        r"(  const INK = )\{.*?\n  \};", lambda m: m.group(1) + js_object(tables["ink"]) + ";", source, flags=re.S
    )
    new = re.sub(
        r"(  const MATH_ITALIC = )\{.*?\n  \};",
        lambda m: m.group(1) + js_object(tables["italic"]) + ";",
        new,
        flags=re.S,
    )
    if new == source:
        print("tables unchanged")
        return 0
    if args.check:
        print("tables differ from Chromium's measurements (run without --check to rewrite)")
        return 1
    JS_FILE.write_text(new, encoding="utf-8")
    print(f"rewrote the glyph tables in {JS_FILE.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
