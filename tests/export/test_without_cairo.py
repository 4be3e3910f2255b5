"""Where the system cairo library is missing, PDF and PNG fail as ENGINE_UNAVAILABLE naming the
library and how to install it, in every adapter, and SVG works on. Cairo is hidden for real: the
processes start with ``fixtures/no_cairo`` on their path, whose ``sitecustomize`` makes the
library's look-up and loading fail as on a machine without it."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from adapters.http.loopback import request, serving, wait_ready
from mcp import Client

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.kroki import encode_source
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.pool import RendererPool
from mermaid_printer.service import Printer

pytestmark = pytest.mark.engine

NO_CAIRO = Path(__file__).parent.parent / "fixtures" / "no_cairo"
PIE = 'pie\n  "a": 1\n'
SAYS = "PDF and PNG output need the system cairo library, which is not installed here: install it (Debian/Ubuntu: apt-get install libcairo2"


def without_cairo() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(NO_CAIRO), *sys.path])
    return env


def test_the_command_line_says_engine_unavailable_in_one_short_line_and_svg_works(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(PIE)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "mermaid_printer", "render", "a.mmd", *args]
        return subprocess.run(command, cwd=tmp_path, env=without_cairo(), capture_output=True, text=True, timeout=300)

    png, pdf, svg = run("-o", "a.png"), run("-o", "a.pdf"), run("-o", "a.svg")

    for failed in (png, pdf):
        assert failed.returncode == 1
        assert failed.stderr.count("\n") == 1 and failed.stderr.startswith(f"error: ENGINE_UNAVAILABLE: {SAYS}")
        assert ".dylib" not in failed.stderr and len(failed.stderr) < 400
    assert svg.returncode == 0 and (tmp_path / "a.svg").read_text().startswith("<svg")
    assert not (tmp_path / "a.png").exists() and not (tmp_path / "a.pdf").exists()


def test_the_python_api_raises_engine_unavailable() -> None:
    script = (
        "import mermaid_printer\n"
        "from mermaid_printer import EngineUnavailable\n"
        "try:\n"
        f"    mermaid_printer.render_png({PIE!r})\n"
        "except EngineUnavailable as exc:\n"
        "    print(exc.code, exc.details['reason'], exc.message)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], env=without_cairo(), capture_output=True, text=True, timeout=300
    )

    assert done.stdout.startswith(f"ENGINE_UNAVAILABLE cairo_missing {SAYS}"), done.stdout + done.stderr


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    # The engine processes take their path from this one's sys.path.
    sys.path.insert(0, str(NO_CAIRO))
    try:
        pool = RendererPool(worker_options={"warm_up": False, "bundles": ["mermaid"]}, spares=0)
        with Printer(pool, cache=None) as printer:
            app = build_app(HttpSettings(rate_limit="10000/hour"), printer, capacity=1)
            with serving(app) as url:
                wait_ready(url)
                yield url
    finally:
        sys.path.remove(str(NO_CAIRO))


def test_http_answers_503_naming_the_library(base: str) -> None:
    png = request("GET", f"{base}/mermaid/png/{encode_source(PIE)}")
    svg = request("GET", f"{base}/mermaid/svg/{encode_source(PIE)}")

    assert png.status == 503 and SAYS in png.body.decode()
    assert svg.status == 200 and svg.body.startswith(b"<svg")


def test_mcp_answers_engine_unavailable_naming_the_library(base: str) -> None:
    async def call() -> object:
        async with Client(base + "/mcp") as client:
            return await client.call_tool("mermaid_to_pdf", {"code": PIE})

    result = anyio.run(call)

    assert getattr(result, "is_error", False) is True
    text = " ".join(getattr(part, "text", "") for part in getattr(result, "content", []))
    assert "ENGINE_UNAVAILABLE" in text and SAYS in text, text
