"""50 concurrent clients on a pool of 2 through the HTTP service (a real loopback server): each
gets its own answer (every diagram carries a label of its own, checked in each answer) or a
clear refusal, and the requests after the burst get full service."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from adapters.http.loopback import request, serving, wait_ready

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.pool import RendererPool
from mermaid_printer.service import Printer

pytestmark = pytest.mark.engine

_LABEL = re.compile(r"uniq-\d{4}-q")


def labels_in(svg: str) -> set[str]:
    return set(_LABEL.findall(svg))


@pytest.fixture(scope="module")
def printer_of_two() -> Iterator[Printer]:
    with Printer(RendererPool(max_concurrency=2), cache=None) as printer:
        printer.start()
        yield printer


def test_fifty_concurrent_clients_on_a_pool_of_two_each_get_their_own_answer_or_a_clear_refusal(
    printer_of_two: Printer,
) -> None:
    app = build_app(HttpSettings(rate_limit="100000/hour", queue=8), printer_of_two, capacity=2)
    replies: dict[int, Any] = {}
    lock = threading.Lock()

    def client(index: int) -> None:
        reply = request("POST", base + "/api/render", {"code": f'pie title uniq-{index:04d}-q\n  "a": 1'})
        with lock:
            replies[index] = reply

    with serving(app) as base:
        wait_ready(base)
        threads = [threading.Thread(target=client, args=(index,)) for index in range(500, 550)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(300)
        after = [
            request("POST", base + "/api/render", {"code": f'pie title uniq-{index:04d}-q\n  "b": 2'})
            for index in range(600, 603)
        ]

    assert len(replies) == 50
    for index, reply in replies.items():
        if reply.status == 200:
            assert labels_in(reply.json()["svg"]) == {f"uniq-{index:04d}-q"}
        else:
            assert reply.status == 503 and reply.json()["error"] == "all renderers are busy; retry shortly"
    assert sum(reply.status == 200 for reply in replies.values()) >= 10  # two renderers and eight places
    for index, reply in zip(range(600, 603), after, strict=True):
        assert reply.status == 200 and labels_in(reply.json()["svg"]) == {f"uniq-{index:04d}-q"}
