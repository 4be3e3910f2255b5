"""Font embedding: what ``embed_fonts`` adds to every render request (advisory, never gating).

"typical" is a small diagram's text (39 distinct Latin characters, one font file); "large
charset" is printable ASCII plus Polish and Vietnamese letters (111 characters, three files).
The vendored fonts are preloaded first, as in the zygote. Run:
``pytest benchmarks/test_fonts_bench.py --benchmark-only``.
"""

from __future__ import annotations

import uharfbuzz
from lxml import etree
from pytest_benchmark.fixture import BenchmarkFixture

from mermaid_printer.fonts import catalog as font_catalog
from mermaid_printer.fonts import embed_fonts, preload_fonts, vendored_fonts

SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" id="d">'
STYLE = '<style>#d{font-family:"Recursive Variable",arial,sans-serif;}</style>'
TYPICAL = (
    "<text>Pets adopted by volunteers</text>"
    "<text>Dogs 386 Cats 85.2% Rats: 15</text>"
    "<text>Flow: A-B, C? (yes/no)</text>"
)
ASCII = "".join(chr(c) for c in range(0x20, 0x7F)).replace("&", "&amp;").replace("<", "&lt;")
LARGE_CHARSET = f"<text>{ASCII}</text><text>Łódź żółć ĂăĐđ</text><text>Việt Nam ệ ữ ợ ỳ ỹ ñ é ü</text>"


def _embed(body: str, benchmark: BenchmarkFixture) -> None:
    preload_fonts()
    benchmark.extra_info["harfbuzz"] = uharfbuzz.version_string()

    def fresh_root() -> tuple[tuple[etree._Element], dict[str, object]]:
        return (etree.fromstring(f"{SVG_OPEN}{STYLE}{body}</svg>"),), {}

    before = len(etree.tostring(fresh_root()[0][0]))
    root = fresh_root()[0][0]
    embed_fonts(root)
    benchmark.extra_info["bytes_added"] = len(etree.tostring(root)) - before
    benchmark.pedantic(embed_fonts, setup=fresh_root, rounds=200, warmup_rounds=5)


def test_embed_fonts_typical_diagram(benchmark: BenchmarkFixture) -> None:
    _embed(TYPICAL, benchmark)


def test_embed_fonts_large_charset_three_files(benchmark: BenchmarkFixture) -> None:
    _embed(LARGE_CHARSET, benchmark)


def test_preload_fonts_cold(benchmark: BenchmarkFixture) -> None:
    """Once per zygote: decode the woff2 files and preprocess them for HarfBuzz."""

    def cold_preload() -> None:
        vendored_fonts.cache_clear()
        font_catalog._hb_face.cache_clear()
        preload_fonts()

    benchmark.pedantic(cold_preload, rounds=5, warmup_rounds=1)
