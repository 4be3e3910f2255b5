"""Compare __printerMeasureText with Chromium's own SVG text measurement.

Dev tool, not part of the tests: needs a local Chromium (Debian: ``apt-get install chromium``).

    python scripts/check_text_widths_vs_chromium.py [--chromium PATH] [--verbose]

It writes an HTML page into a temporary directory next to copies of the vendored woff2 files,
declares them with @font-face exactly as the embedded SVG does (one face per file, wght 300–1000,
the manifest's unicode-range), waits for ``document.fonts.load``, then creates one SVG <text> per
sample (several strings × 14/16 px × weight 400/700) and records getComputedTextLength() and
getBBox(). ``chromium --headless --dump-dom`` prints the page after its script has run; the
results are read back from a <pre> element. The same samples are measured in QuickJS with
font_metrics.json + text_measure.js, and the script prints mean/worst relative width error and
whether the bbox heights (ascent + descent) and tops agree.

Samples with characters the vendored font lacks (``missing`` > 0) are reported separately: Chromium draws
them with a system fallback font, which we only approximate.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import _quickjs

ROOT = Path(__file__).resolve().parent.parent
JS_DIR = ROOT / "src" / "mermaid_printer" / "bundles" / "shim"
METRICS = ROOT / "src" / "mermaid_printer" / "fonts" / "font_metrics.json"
VENDOR = ROOT / "vendor"
FAMILY = '"Recursive Variable", arial, sans-serif'

SAMPLES = [
    "Hello World",
    "AVATAR Wave",
    "The quick brown fox jumps over the lazy dog",
    "THE QUICK BROWN FOX",
    "0123456789",
    "3.14159 + 2.71828 = 5.85987",
    "Start",
    "End",
    "Decision?",
    "Yes",
    "No",
    "Process data",
    "User -> Server: GET /api/v1/items?id=42",
    "if (x < 10) { return y; }",
    "mermaid-printer",
    "Ω ≈ 3 µs",
    "Café déjà vu",
    "naïve façade coöperate",
    "Ærøskøbing Þórsmörk",
    "Łódź Kraków Gdańsk",
    "Příliš žluťoučký kůň",
    "İstanbul Şişli Çağlayan",
    "Tiếng Việt có dấu",
    "Straße über Größe",
    "WAVE AWAY To Ty Yo",
    "LT-AV_WA/VA",
    "Tj Tr Ty Vo We Yu",
    "fi fl ff ffi",
    "\"quoted\" 'single' (paren) [bracket]",
    "a@b.com #tag $100 %50 ^caret &amp *star",
    "~tilde `back` |pipe| \\slash",
    "lowercase only letters",
    "MiXeD CaSe LeTtErS",
    "x",
    "W",
    "i",
    "Sequence diagram: Alice sends a message",
    "classDiagram Animal <|-- Duck",
    "gantt section Phase 1",
    "2024-01-15 12:30:45",
]
FALLBACK_SAMPLES = ["流程图 开始", "Emoji 🙂 face", "Привет мир"]
SIZES = (14, 16)
WEIGHTS = (400, 700)


def font_faces(directory: Path) -> str:
    """@font-face rules for the vendored fonts, copied into ``directory``."""
    manifest = json.loads((VENDOR / "manifest.json").read_text(encoding="utf-8"))
    rules = []
    # Browsers try same-family faces last-defined first, so the highest-priority file goes last.
    for entry in reversed([e for e in manifest["files"] if "font_family" in e]):
        name = Path(entry["path"]).name
        shutil.copyfile(VENDOR / entry["path"], directory / name)
        rules.append(
            f'@font-face{{font-family:"{entry["font_family"]}";font-style:normal;'
            f'font-weight:300 1000;font-display:block;src:url({name}) format("woff2");'
            f"unicode-range:{entry['unicode_range']}}}"
        )
    return "\n".join(rules)


def page(faces: str, cases: list[dict]) -> str:
    """The measurement page: its script replaces the <pre> text with JSON results."""
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>{faces}</style></head>
<body><svg id="svg" xmlns="http://www.w3.org/2000/svg" width="2000" height="400"></svg>
<pre id="out">pending</pre><script>
const cases = {json.dumps(cases)};
const loads = [400, 700].map(w => document.fonts.load(w + ' 16px "Recursive Variable"', 'aÀĀẠ'));
Promise.all(loads).then(() => {{
  const svg = document.getElementById('svg');
  const results = cases.map(c => {{
    const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    t.setAttribute('x', '10');
    t.setAttribute('y', '100');
    t.style.fontFamily = c.family;
    t.style.fontSize = c.size + 'px';
    t.style.fontWeight = String(c.weight);
    t.style.whiteSpace = 'pre';
    t.textContent = c.text;
    svg.appendChild(t);
    const b = t.getBBox();
    return {{length: t.getComputedTextLength(), x: b.x, y: b.y, width: b.width, height: b.height}};
  }});
  document.getElementById('out').textContent = JSON.stringify(results);
}});
</script></body></html>"""


def measure_in_chromium(chromium: str, cases: list[dict]) -> list[dict]:
    """Chromium's getComputedTextLength/getBBox for each case."""
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        (directory / "page.html").write_text(page(font_faces(directory), cases), encoding="utf-8")
        profile = directory / "profile"
        command = [
            chromium, "--headless", "--no-sandbox", "--disable-gpu",
            "--disable-background-networking", "--disable-component-update", "--no-first-run",
            f"--user-data-dir={profile}", "--allow-file-access-from-files",
            "--virtual-time-budget=10000", "--dump-dom", (directory / "page.html").as_uri(),
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)
    match = re.search(r'<pre id="out">(.*?)</pre>', done.stdout, re.S)
    if not match or match.group(1) == "pending":
        raise RuntimeError("Chromium did not finish measuring (fonts not loaded?)")
    return json.loads(html.unescape(match.group(1)))


def measure_in_quickjs(cases: list[dict]) -> list[dict]:
    """__printerMeasureText for each case, in a bare QuickJS context."""
    context = _quickjs.Context()
    # The metrics as the engine loads them: a data script assigned to the global text_measure.js reads.
    context.eval(f"globalThis.__PRINTER_FONT_METRICS__ = {METRICS.read_text(encoding='utf-8')};")
    context.eval((JS_DIR / "text_measure.js").read_text(encoding="utf-8"))
    script = f"JSON.stringify({json.dumps(cases)}.map(c => __printerMeasureText(c.text, c)))"
    return json.loads(context.eval(script))


def compare(cases: list[dict], ours: list[dict], theirs: list[dict], verbose: bool) -> dict:
    """Print per-case rows (if verbose) and return summary numbers."""
    errors, heights_equal, tops_equal = [], 0, 0
    worst = (0.0, None)
    for case, mine, chrome in zip(cases, ours, theirs, strict=False):
        error = abs(mine["width"] - chrome["length"]) / chrome["length"]
        errors.append(error)
        if error > worst[0]:
            worst = (error, case)
        heights_equal += abs(mine["ascent"] + mine["descent"] - chrome["height"]) < 1e-6
        tops_equal += abs((100 - mine["ascent"]) - chrome["y"]) < 1e-6
        if verbose:
            print(
                f"{case['size']:>2}px {case['weight']} {mine['width']:9.4f} {chrome['length']:9.4f}"
                f" {error * 100:6.3f}%  h {mine['ascent'] + mine['descent']:g}/{chrome['height']:g}"
                f"  {case['text']!r}"
            )
    return {
        "cases": len(cases),
        "mean_error_pct": statistics.fmean(errors) * 100,
        "worst_error_pct": worst[0] * 100,
        "worst_case": worst[1],
        "exact_width_matches": sum(e < 1e-9 for e in errors),
        "bbox_height_matches": heights_equal,
        "bbox_top_matches": tops_equal,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    args = parser.parse_args()

    def cases_for(texts: list[str]) -> list[dict]:
        return [
            {"text": text, "family": FAMILY, "size": size, "weight": weight}
            for text in texts
            for size in SIZES
            for weight in WEIGHTS
        ]

    cases = cases_for(SAMPLES + FALLBACK_SAMPLES)
    theirs = measure_in_chromium(args.chromium, cases)
    ours = measure_in_quickjs(cases)
    rows = list(zip(cases, ours, theirs, strict=False))
    for title, selected in (
        ("covered by the vendored font:", [r for r in rows if r[1]["missing"] == 0]),
        ("with characters from a system fallback font (approximate by design):",
         [r for r in rows if r[1]["missing"] > 0]),
    ):  # fmt: skip
        print(title)
        print(json.dumps(compare(*map(list, zip(*selected, strict=False)), verbose=args.verbose), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
