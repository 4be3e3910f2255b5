"""A render process draws the same whether or not it primed.

A spare render process runs its worker's ``prime()`` (the warm process's last warm-up step, once
more) only when a core is free for it; a process forked for a waiting request, or beside
requests that fill every core, does not (``pool/_zygote.py``). Both kinds serve requests, so
whatever priming leaves in the interpreter must not show in a drawing. Here, in real children
forked from a warm engine as the zygote forks them, one primes and one does not, and each draws
every warm-up diagram (the likeliest to meet traces of a warm-up) and a mind map.
"""

from __future__ import annotations

import hashlib

import pytest
from forked import in_child
from warm_up_cases import DIAGRAMS, MARKDOWN

from mermaid_printer.bundles.markmap import handlers as markmap_worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.bundles.mermaid import handlers as mermaid_worker
from mermaid_printer.bundles.mermaid.bundle import mermaid_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob, SvgJob
from mermaid_printer.mermaid.config import build_mermaid_config

pytestmark = pytest.mark.engine


def _mermaid_drawings(engine: QuickJSEngine, *, prime: bool) -> dict[str, str]:
    def draw() -> dict[str, str]:
        if prime:
            mermaid_worker.prime(engine)
        drawings = {}
        for name, code in sorted(DIAGRAMS.items()):
            job = SvgJob(code=code, config=build_mermaid_config({}), svg_id="mermaid-0123456789ab", timeout_ms=0)
            drawings[name] = hashlib.sha256(mermaid_worker.render_svg(engine, job).svg.encode()).hexdigest()
        return drawings

    result: dict[str, str] = in_child(draw)
    return result


def test_a_mermaid_render_process_draws_every_type_alike_primed_or_not() -> None:
    engine = QuickJSEngine(mermaid_bundle())
    mermaid_worker.warm_up(engine)
    mermaid_worker.prime(engine)  # the warm process's last step (worker.prepare)
    engine.defer_garbage_collection()

    assert _mermaid_drawings(engine, prime=True) == _mermaid_drawings(engine, prime=False)


def test_a_mind_map_render_process_draws_alike_primed_or_not() -> None:
    engine = QuickJSEngine(markmap_bundle())
    markmap_worker.warm_up(engine)
    markmap_worker.prime(engine)
    engine.defer_garbage_collection()
    job = MarkmapRenderJob(markdown=MARKDOWN, options={}, timeout_ms=0, svg_id="markmap-0123456789ab")

    def draw(prime: bool) -> str:
        if prime:
            markmap_worker.prime(engine)
        return hashlib.sha256(markmap_worker.render(engine, job).data).hexdigest()

    assert in_child(lambda: draw(True)) == in_child(lambda: draw(False))


def test_a_spare_told_the_last_request_s_bundle_warms_only_that_bundle_s_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Which engines worker.prime() warms (the pool passes the bundle the last request named; a
    # drawing is the same primed or not, above): the bundle's alone when it is loaded, all of
    # them otherwise.
    from types import SimpleNamespace

    from mermaid_printer import worker

    primed: list[str] = []
    engines = {"mermaid": object(), "markmap": object()}
    workers = {name: SimpleNamespace(prime=lambda engine, name=name: primed.append(name)) for name in engines}
    monkeypatch.setattr(worker, "_engines", engines)
    monkeypatch.setattr(worker, "_warmed", True)
    monkeypatch.setattr(worker, "_bundle_worker", workers.__getitem__)

    for bundle, expected in [
        ("mermaid", ["mermaid"]),
        ("markmap", ["markmap"]),
        (None, ["mermaid", "markmap"]),
        ("unknown", ["mermaid", "markmap"]),
    ]:
        primed.clear()
        worker.prime(bundle)
        assert primed == expected, bundle
