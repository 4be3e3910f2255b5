"""The shipped nginx template on its own (real nginx on loopback, replicas of the fake printer):
what a client sees when no replica can answer, and that a replica that refuses at once is skipped."""

from __future__ import annotations

from pathlib import Path

import pytest
from adapter_fakes import FakePrinter
from adapters.http.loopback import request, serving
from adapters.http.real_servers import NGINX, Nginx, free_port

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings

pytestmark = pytest.mark.skipif(NGINX is None, reason="nginx is not installed (.ci/run installs it)")

FLOWCHART = b"flowchart TD\n  A --> B\n"


def test_with_no_replica_answering_nginx_says_503_with_retry_after_never_a_bare_502(tmp_path: Path) -> None:
    nginx = Nginx(tmp_path / "nginx", [free_port(), free_port()]).start()  # nobody listens there
    try:
        posted = request("POST", nginx.base + "/mermaid/svg", FLOWCHART, {"Content-Type": "text/plain"})
        fetched = request("GET", nginx.base + "/healthz")
    finally:
        nginx.stop()
    for reply in (posted, fetched):
        assert (reply.status, reply.headers["retry-after"], reply.headers["cache-control"]) == (503, "2", "no-store")
        assert reply.json() == {"error": "no renderer could take the request; retry shortly"}


def test_a_post_that_finds_one_replica_down_is_answered_by_the_next(tmp_path: Path) -> None:
    fake = FakePrinter()
    with serving(build_app(HttpSettings(rate_limit="none"), fake)) as alive:
        port = int(alive.rsplit(":", 1)[1])
        nginx = Nginx(tmp_path / "nginx", [free_port(), port]).start()  # the first is down
        try:
            replies = [
                request("POST", nginx.base + "/mermaid/svg", FLOWCHART, {"Content-Type": "text/plain"})
                for _ in range(4)
            ]
        finally:
            nginx.stop()
    assert [reply.status for reply in replies] == [200] * 4
    assert len(fake.rendered) == 4
