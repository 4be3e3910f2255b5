"""What the benchmark scripts share, so no script imports another.

Run a script as ``python benchmarks/<script>.py`` (its folder is then first on ``sys.path``) and
the suites with pytest (which puts this folder on ``sys.path`` too): both import this module as
``support``. The generated diagrams of growing size live in :mod:`scaling`.

* paths: :data:`HERE`, :data:`REPO`, :func:`helper_from_tests` (a helper module of ``tests/``);
* diagrams and outlines: :data:`SMALL_DIAGRAMS`, :func:`outline`, :func:`outline_of`,
  :func:`markmap_render_payload`;
* engines: :func:`settle` (as the zygote leaves its engine before it forks), :func:`bundle_at`
  (a bundle with the package's JavaScript as of a git revision);
* probes for the JavaScript profilers: :data:`PROBE`, :data:`SHIM_CATEGORY`,
  :data:`WRAP_AFTER_LOAD`, :class:`ProbeNames`, :func:`categories`, :func:`print_single`.
"""

from __future__ import annotations

import dataclasses
import gc
import importlib
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mermaid_printer.engine.bundle import Bundle
    from mermaid_printer.engine.quickjs_engine import QuickJSEngine

#: This folder, and the repository it is in.
HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def helper_from_tests(folder: str, module: str) -> ModuleType:
    """A helper module of ``tests/<folder>`` (e.g. ``adapters/http``'s ``loopback``), so a suite
    drives the service as the tests do."""
    path = str(REPO / "tests" / folder)
    if path not in sys.path:
        sys.path.insert(0, path)
    return importlib.import_module(module)


# --- diagrams and outlines -------------------------------------------------------------------

#: Three small diagrams: the smallest common request, a tiny flowchart, a small sequence.
SMALL_DIAGRAMS: dict[str, str] = {
    "pie-2": 'pie\n  "a": 1\n  "b": 2\n',
    "flowchart-3": "flowchart LR\n  A[Start] --> B{Check}\n  B --> C[Done]\n",
    "sequence-small": "sequenceDiagram\n  Alice->>Bob: Hello Bob\n  Bob-->>Alice: Hi Alice\n  Alice->>Bob: Bye\n",
}


def outline(nodes: int) -> str:
    """A generated outline of about ``nodes`` nodes: sections of list items with links and inline
    code, each item with a sub-item (markmap keeps one kind of child per heading, so no tables)."""
    lines = ["# Outline", ""]
    sections = (nodes - 1) // 17
    for section in range(sections):
        lines += [f"## Section {section}", ""]
        for item in range(8):
            lines.append(f"- Item {item} of [section {section}](https://example.com/{section}/{item})")
            lines.append(f"  - with `code {item}` and **bold** text")
        lines.append("")
    return "\n".join(lines)


def outline_of(nodes: int) -> str:
    """An outline of exactly ``nodes`` nodes as markmap counts them: the title, then sections of
    up to eight list items with links and inline code, each with a bold sub-item."""
    lines = ["# Outline", ""]
    left = nodes - 1
    section = 0
    while left > 0:
        lines += [f"## Section {section}", ""]
        left -= 1
        for item in range(8):
            if left == 0:
                break
            lines.append(f"- Item {item} of [section {section}](https://example.com/{section}/{item})")
            left -= 1
            if left > 0:
                lines.append(f"  - with `code {item}` and **bold** text")
                left -= 1
        lines.append("")
        section += 1
    return "\n".join(lines)


#: Limits well above the product's, so a slow map is measured rather than refused.
MEASURING_LIMITS = {"nodes": 100_000, "depth": 20}


def markmap_render_payload(markdown: str, svg_id: str) -> dict[str, object]:
    """The markmap render entry's payload for ``markdown`` with the product's default style,
    under :data:`MEASURING_LIMITS`."""
    from mermaid_printer.jobs import MarkmapRenderJob
    from mermaid_printer.markmap.style import font_shorthand, stylesheet

    job = MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=0)
    return {
        "markdown": markdown,
        "font": font_shorthand(job.font_size),
        "css": stylesheet(job.css_variables, job.label_padding_y),
        "svgId": svg_id,
        "limits": MEASURING_LIMITS,
    }


# --- engines -----------------------------------------------------------------------------------


def settle(engine: QuickJSEngine) -> None:
    """What the zygote does last before it forks, for a Mermaid engine of a script's own
    (``worker.prepare`` does it for the worker's engines): prime, defer the collection, freeze."""
    from mermaid_printer.bundles.mermaid import handlers

    handlers.prime(engine)
    engine.defer_garbage_collection()
    engine.freeze_heap()
    gc.collect()
    gc.freeze()


def bundle_at(revision: str, into: Path, bundle: Bundle | None = None) -> Bundle:
    """``bundle`` (default: the markmap bundle) with the package's JavaScript as of ``revision``
    (copied into ``into``). A file the revision does not have yet is left out: take out the
    load-time transforms that call it too (``Bundle.without_transform``)."""
    import mermaid_printer.bundles
    from mermaid_printer.bundles.markmap.bundle import markmap_bundle

    bundle = bundle if bundle is not None else markmap_bundle()
    js = Path(mermaid_printer.bundles.__file__).resolve().parent
    relative = js.relative_to(REPO)
    scripts = []
    for script in bundle.scripts:
        try:
            inside = script.path.resolve().relative_to(js.resolve())
        except ValueError:
            scripts.append(script)  # vendored: the same file for both
            continue
        shown = subprocess.run(
            ["git", "show", f"{revision}:{relative / inside}"], cwd=REPO, capture_output=True, text=True
        )
        if shown.returncode != 0:
            continue  # not there yet at that revision
        copy = into / inside
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(shown.stdout, encoding="utf-8")
        scripts.append(dataclasses.replace(script, path=copy))
    return dataclasses.replace(bundle, scripts=tuple(scripts))


# --- probes for the JavaScript profilers (profile_render.py, profile_markmap.py) -----------------

#: The probe script, loaded before the bundle.
PROBE = HERE / "profile_probe.js"
#: The category of each of the package's scripts.
SHIM_CATEGORY = {
    "env.js": "shim:env",
    "selectors.js": "shim:selectors",
    "css.js": "shim:css",
    "dom.js": "shim:dom",
    "geometry.js": "shim:geometry",
    "text_measure.js": "shim:text",
    "html_layout.js": "shim:html",
    "mathml_layout.js": "shim:html",
    "foreign_objects.js": "shim:html",
    "ast.js": "glue",
    "entries.js": "glue",
}
#: After loading: the DOM classes' methods and accessors, by category (geometry.js and css.js
#: add methods to the same prototypes; they are told apart by name).
WRAP_AFTER_LOAD = r"""(() => {
  const P = globalThis.__profile, G = globalThis;
  const GEOMETRY = /^(getBBox|getComputedTextLength|getSubStringLength|getBoundingClientRect|getTotalLength|getPointAtLength|getScreenCTM|getCTM|createSVGPoint|createSVGMatrix|viewBox|width|height|x|y|offset\w+|client\w+|scroll\w+)$/;
  const SELECTORS = /^(querySelector|querySelectorAll|matches|closest|webkitMatchesSelector)$/;
  const SERIALIZE = /^(innerHTML|outerHTML|serializeToString|parseFromString)$/;
  const classes = ["EventTarget", "Node", "CharacterData", "Text", "Comment", "Attr", "NamedNodeMap", "Element",
    "HTMLElement", "HTMLStyleElement", "HTMLCanvasElement", "HTMLImageElement", "SVGElement", "SVGGraphicsElement",
    "SVGSVGElement", "SVGTextContentElement", "DocumentFragment", "Document", "DOMParser", "XMLSerializer",
    "NodeIterator", "DOMTokenList", "CSSStyleDeclaration", "CSSStyleSheet", "CSSStyleRule", "DOMMatrix"];
  for (const name of classes) {
    const proto = G[name] && G[name].prototype;
    if (!proto) continue;
    for (const key of Reflect.ownKeys(proto)) {
      if (typeof key !== "string" || key === "constructor") continue;
      const cat = /^CSS/.test(name) ? "shim:css" : name === "DOMMatrix" || GEOMETRY.test(key) ? "shim:geometry"
        : SELECTORS.test(key) ? "shim:selectors" : SERIALIZE.test(key) ? "shim:serialize" : "shim:dom";
      const d = Object.getOwnPropertyDescriptor(proto, key);
      const one = {};
      Object.defineProperty(one, key, d);
      P.wrapMethods(one, cat, name + ".");
      Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(one, key));
    }
  }
  const objects = { __printerCss: "shim:css", __printerSelectors: "shim:selectors", __printerGeometry: "shim:geometry",
    __printerHtmlLayout: "shim:html", __printerForeignObjects: "shim:html", __printerMathLayout: "shim:html",
    __printerAst: "glue" };
  for (const [name, cat] of Object.entries(objects)) if (G[name]) P.wrapMethods(G[name], cat, name.replace("__printer", "") + ".");
  for (const name of ["__printerMeasureText", "__printerRecordDrawnText"]) if (G[name]) G[name] = P.wrap(G[name], name, "shim:text");
  for (const name of ["structuredClone", "getComputedStyle", "setTimeout"]) G[name] = P.wrap(G[name], name, name === "getComputedStyle" ? "shim:css" : "shim:env");
  return "ok";
})()"""


@dataclasses.dataclass(frozen=True)
class ProbeNames:
    """Rebinds a file's top-level functions (two-space indent inside its IIFE) to probes."""

    file: str
    category: str
    name: str = "profile-probes"

    def key(self) -> str:
        return f"probes:{self.file}"

    def apply(self, source: str) -> str:
        names = sorted(set(re.findall(r"^  function (\w+)\(", source, flags=re.M)))
        end = source.rstrip().rfind("})();")
        if end < 0 or not names:
            return source
        rebind = "".join(
            f'  {n} = globalThis.__profile.wrap({n}, "{self.file}:{n}", "{self.category}");\n' for n in names
        )
        return source[:end] + rebind + source[end:]


def categories(js: dict[str, Any]) -> dict[str, float]:
    """Self seconds per category, and what ran outside every probed frame."""
    out: dict[str, float] = {}
    for rec in js["records"]:
        out[rec["category"]] = out.get(rec["category"], 0.0) + rec["self"]
    probed = sum(out.values())
    out["(outside probed frames)"] = max(0.0, js["total"] - js["overhead"] - probed)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def format_ms(seconds: float) -> str:
    """Seconds as milliseconds in a 9-character column."""
    return f"{seconds * 1000:9.1f}"


def print_single(label: str, host: dict[str, Any], js: dict[str, Any], top: int, child: dict[str, Any] | None) -> None:
    """One diagram's profile: host parts, the child's cost, JavaScript by category, top functions."""
    print(f"== {label}")
    print(f"host (unprobed, CPU ms, median of rounds): total {format_ms(host['total']).strip()}")
    order = ["engine call", "  eval", "  execute_pending_job", "  call loop (Python)"]
    for name in order + [n for n in host["parts"] if n not in order]:
        if name in host["parts"]:
            print(f"  {name:32s}{format_ms(host['parts'][name])}   calls {host['calls'][name]}")
    if child:
        print(
            f"the same handler in a forked child (as the pool runs it): CPU {child['cpu'] * 1000:.1f} ms, "
            f"wall {child['wall'] * 1000:.1f} ms, {child['faults']} page faults "
            f"(~{child['faults'] * 4 / 1024:.0f} MiB copied on write)"
        )
    js_total = js["total"] - js["overhead"]
    print(
        f"JavaScript (probed; ms after removing ~{js['overhead'] * 1000:.0f} ms of probe overhead): {js_total * 1000:.1f}"
    )
    for name, seconds in categories(js).items():
        print(f"  {name:32s}{format_ms(seconds)}  {100 * seconds / max(js_total, 1e-9):5.1f} %")
    print(f"top {top} functions by self time (and their inclusive time):")
    print(f"  {'function':58s}{'category':16s}{'self ms':>9s}{'incl ms':>9s}{'calls':>10s}")
    for rec in sorted(js["records"], key=lambda r: -r["self"])[:top]:
        print(
            f"  {rec['name'][:57]:58s}{rec['category']:16s}{format_ms(rec['self'])}{format_ms(rec['total'])}{rec['calls']:10d}"
        )
    print(f"top {top} functions by inclusive time (probe overhead of their callees included):")
    for rec in sorted(js["records"], key=lambda r: -r["total"])[:top]:
        print(
            f"  {rec['name'][:57]:58s}{rec['category']:16s}{format_ms(rec['self'])}{format_ms(rec['total'])}{rec['calls']:10d}"
        )
