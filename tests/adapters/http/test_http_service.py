"""The HTTP service on a real loopback server, with a fake printer: every endpoint and error path,
the rate limit, admission, authentication, metrics (the real engine: test_http_engine.py)."""

from __future__ import annotations

import base64
import threading
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from adapter_fakes import FAKE_PDF, FAKE_PNG, FAKE_SVG, FakePrinter
from adapters.http.loopback import request, serving
from process_tree import wait_for

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.kroki import decode_source, encode_source
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.errors import DiagramSyntaxError, RenderTimeout
from mermaid_printer.service import _CANCEL

FLOWCHART = "flowchart TD\n  A --> B\n"


@pytest.fixture
def fake() -> FakePrinter:
    return FakePrinter()


@pytest.fixture
def base(fake: FakePrinter) -> Iterator[str]:
    with serving(build_app(HttpSettings(rate_limit="1000/hour"), fake, capacity=2)) as url:
        yield url


# --- the JSON API ---------------------------------------------------------------------------------


def test_verify_render_and_svg_answer_with_the_tools_shapes(base: str) -> None:
    assert request("POST", base + "/api/verify", {"code": FLOWCHART}).json() == {"ok": True}
    assert request("POST", base + "/api/render", {"code": FLOWCHART}).json() == {"svg": FAKE_SVG}
    reply = request("POST", base + "/api/svg", {"code": FLOWCHART})
    assert reply.status == 200 and sorted(reply.json()) == ["filename", "svg"]
    assert reply.json()["filename"].startswith("diagram-") and reply.json()["filename"].endswith(".svg")


def test_an_invalid_diagram_is_a_verdict_for_verify_and_an_error_for_render(base: str, fake: FakePrinter) -> None:
    verdict = request("POST", base + "/api/verify", {"code": "flowchart TD\n  A --> --> B"})
    assert (verdict.status, verdict.json()) == (200, {"ok": False, "error": "Parse error on line 2"})

    fake.fail_with = DiagramSyntaxError("Parse error on line 2", {"line": 2})
    failed = request("POST", base + "/api/render", {"code": FLOWCHART})
    assert (failed.status, failed.json()) == (400, {"error": "Parse error on line 2"})


@pytest.mark.parametrize(
    ("body", "headers", "status", "message"),
    [
        (b'{"code": "pie"}', {"Content-Type": "text/plain"}, 415, "send the request as application/json"),
        (b"{not json", {"Content-Type": "application/json"}, 400, "the request body is not valid JSON"),
        (b"[1, 2]", {"Content-Type": "application/json"}, 400, "the request body must be a JSON object"),
        (b"{}", {"Content-Type": "application/json"}, 400, "Invalid input: code must be a non-empty string"),
    ],
    ids=["content-type", "bad-json", "not-object", "missing-code"],
)
def test_a_bad_request_is_a_clear_json_error_never_a_traceback(
    base: str, body: bytes, headers: dict[str, str], status: int, message: str
) -> None:
    for path in ("/api/render", "/api/svg"):
        reply = request("POST", base + path, body, headers)
        assert reply.status == status and reply.headers["content-type"] == "application/json"
        assert reply.json()["error"].startswith(message)
        assert b"Traceback" not in reply.body


def _raw_exchange(base: str, head: bytes, body: bytes = b"") -> bytes:
    """Send raw bytes and read the whole answer (the server may answer before the body ends)."""
    import socket
    from urllib.parse import urlsplit

    address = urlsplit(base)
    with socket.create_connection((address.hostname, address.port), timeout=30) as client:
        client.sendall(head + body)
        chunks = []
        while chunk := client.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.mark.parametrize("path", ["/api/render", "/mermaid/svg"])
def test_an_oversized_body_is_413_before_it_is_read(base: str, path: str) -> None:
    head = (
        f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Content-Length: 3000000\r\nConnection: close\r\n\r\n"
    ).encode()
    answer = _raw_exchange(base, head)
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"the request body is over the 2,000,000-byte limit" in answer


def test_verify_answers_bad_input_with_400_and_the_specs_message(base: str) -> None:
    reply = request("POST", base + "/api/verify", {"code": ""})
    assert (reply.status, reply.json()) == (
        400,
        {"ok": False, "error": "Invalid input: code must be a non-empty string"},
    )


def test_a_timeout_is_504(base: str, fake: FakePrinter) -> None:
    fake.fail_with = RenderTimeout("the render did not finish within 30 s")
    reply = request("POST", base + "/api/render", {"code": FLOWCHART})
    assert (reply.status, reply.json()) == (504, {"error": "the render did not finish within 30 s"})


# --- Kroki ---------------------------------------------------------------------------------------------


def test_kroki_encoding_round_trips_as_krokis_documentation_describes() -> None:
    # The documented one-liner: base64.urlsafe_b64encode(zlib.compress(source, 9)).
    documented = base64.urlsafe_b64encode(zlib.compress(FLOWCHART.encode(), 9)).decode()
    assert encode_source(FLOWCHART) == documented
    assert decode_source(documented) == FLOWCHART
    assert decode_source(documented.rstrip("=")) == FLOWCHART  # padding is optional in URLs


@pytest.mark.parametrize(
    ("output_format", "data", "media"),
    [("svg", FAKE_SVG.encode(), "image/svg+xml"), ("png", FAKE_PNG, "image/png"), ("pdf", FAKE_PDF, "application/pdf")],
)
def test_kroki_get_post_and_json_answer_the_image(base: str, output_format: str, data: bytes, media: str) -> None:
    encoded = encode_source(FLOWCHART)
    replies = [
        request("GET", f"{base}/mermaid/{output_format}/{encoded}"),
        request("POST", f"{base}/mermaid/{output_format}", FLOWCHART.encode(), {"Content-Type": "text/plain"}),
        request("POST", f"{base}/mermaid/{output_format}", {"diagram_source": FLOWCHART}),
        request("POST", f"{base}/mermaid", FLOWCHART.encode(), {"Content-Type": "text/plain", "Accept": media}),
        request(
            "POST", base + "/", {"diagram_source": FLOWCHART, "diagram_type": "mermaid", "output_format": output_format}
        ),
    ]
    for reply in replies:
        assert (reply.status, reply.headers["content-type"].split(";")[0], reply.body) == (200, media, data)


def test_kroki_refuses_other_diagram_types_and_formats_as_kroki_does(base: str, fake: FakePrinter) -> None:
    other = request(
        "POST", base + "/", {"diagram_source": "digraph G {}", "diagram_type": "graphviz", "output_format": "svg"}
    )
    assert (other.status, other.body) == (400, b"Unsupported diagram type: graphviz. This server renders: mermaid")
    assert request("GET", f"{base}/plantuml/svg/{encode_source('x')}").status == 400
    jpeg = request("GET", f"{base}/mermaid/jpeg/{encode_source(FLOWCHART)}")
    assert jpeg.status == 400 and jpeg.body.startswith(b"Unsupported output format: jpeg")
    garbage = request("GET", f"{base}/mermaid/svg/not-base64!!")
    assert garbage.status == 400 and garbage.body.startswith(b"the encoded diagram is not deflate")
    fake.fail_with = DiagramSyntaxError("Parse error on line 2", {"line": 2})
    broken = request("GET", f"{base}/mermaid/svg/{encode_source(FLOWCHART)}")
    assert (broken.status, broken.body) == (400, b"Parse error on line 2")


# --- health, readiness, metrics ------------------------------------------------------------------------


def test_health_and_readiness_and_metrics(base: str) -> None:
    assert request("GET", base + "/healthz").json() == {"status": "ok"}
    assert request("GET", base + "/readyz").json() == {"status": "ready"}
    request("POST", base + "/api/render", {"code": FLOWCHART})
    text = request("GET", base + "/metrics").body.decode()
    assert 'mermaid_printer_http_requests_total{route="/api/render",status="200"} 1.0' in text
    assert 'mermaid_printer_renders_total{code="",outcome="ok"} 1.0' in text
    assert "mermaid_printer_http_request_seconds_bucket" in text


# --- rate limit --------------------------------------------------------------------------------------


def test_the_request_past_the_limit_is_429_with_retry_after(fake: FakePrinter) -> None:
    with serving(build_app(HttpSettings(rate_limit="5/hour"), fake)) as base:
        replies = [request("POST", base + "/api/verify", {"code": FLOWCHART}) for _ in range(6)]
        health = request("GET", base + "/healthz")
        metrics = request("GET", base + "/metrics").body.decode()

    assert [reply.status for reply in replies] == [200] * 5 + [429]
    assert [reply.headers["ratelimit-remaining"] for reply in replies] == ["4", "3", "2", "1", "0", "0"]
    assert replies[0].headers["ratelimit-limit"] == "5" and 0 < int(replies[5].headers["retry-after"]) <= 3600
    assert health.status == 200  # health checks are never counted
    assert "mermaid_printer_rate_limited_total 1.0" in metrics


def test_forwarded_for_counts_only_behind_a_trusted_proxy(fake: FakePrinter) -> None:
    def statuses(settings: HttpSettings) -> list[int]:
        with serving(build_app(settings, fake)) as base:
            return [
                request("POST", base + "/api/verify", {"code": FLOWCHART}, {"X-Forwarded-For": f"203.0.113.{n}"}).status
                for n in range(3)
            ]

    # Untrusted peer: the header is ignored, all three are the same client (limit 2).
    assert statuses(HttpSettings(rate_limit="2/hour")) == [200, 200, 429]
    # Loopback is a trusted proxy: each forwarded address is its own client.
    assert statuses(HttpSettings(rate_limit="2/hour", trusted_proxies=("127.0.0.1",))) == [200, 200, 200]


# --- authentication ------------------------------------------------------------------------------------


def test_a_token_is_required_everywhere_but_the_health_checks(fake: FakePrinter) -> None:
    with serving(build_app(HttpSettings(token="s3cret"), fake)) as base:
        missing = request("POST", base + "/api/render", {"code": FLOWCHART})
        wrong = request("POST", base + "/api/render", {"code": FLOWCHART}, {"Authorization": "Bearer nope"})
        right = request("POST", base + "/api/render", {"code": FLOWCHART}, {"Authorization": "Bearer s3cret"})
        mcp = request("POST", base + "/mcp", {"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        health = request("GET", base + "/healthz")

    assert (missing.status, wrong.status, right.status, mcp.status, health.status) == (401, 401, 200, 401, 200)
    assert missing.headers["www-authenticate"].startswith("Bearer")


# --- load: admission and disconnects ----------------------------------------------------------------


def test_past_the_renderers_and_the_queue_requests_get_503_at_once(fake: FakePrinter) -> None:
    release = threading.Event()
    fake.on_render = lambda _options: release.wait(30) and None
    with serving(build_app(HttpSettings(queue=2, rate_limit="1000/hour"), fake, capacity=2)) as base:
        results: list[Any] = []

        def call() -> None:
            results.append(request("POST", base + "/api/render", {"code": FLOWCHART}))

        threads = [threading.Thread(target=call) for _ in range(4)]  # 2 rendering + 2 waiting
        for thread in threads:
            thread.start()

        def two_rendering_and_two_waiting() -> bool:  # as the metrics say
            metrics = request("GET", base + "/metrics").body.decode()
            return "requests_rendering 2.0" in metrics and "requests_waiting 2.0" in metrics

        wait_for(two_rendering_and_two_waiting, "2 requests rendering and 2 waiting", limit_s=30)
        turned_away = request("POST", base + "/api/render", {"code": FLOWCHART})
        release.set()
        for thread in threads:
            thread.join(30)

    assert (turned_away.status, turned_away.headers.get("retry-after")) == (503, "1"), turned_away
    assert sorted(reply.status for reply in results) == [200, 200, 200, 200]


def test_a_client_that_hangs_up_cancels_its_render(fake: FakePrinter) -> None:
    cancelled, rendering = threading.Event(), threading.Event()

    def slow_render(_options: Any) -> None:
        rendering.set()
        event = _CANCEL.get()
        assert event is not None
        if event.wait(30):  # set when the client hangs up
            cancelled.set()

    fake.on_render = slow_render
    with serving(build_app(HttpSettings(), fake)) as base:
        import socket
        from urllib.parse import urlsplit

        address = urlsplit(base)
        body = b'{"code": "pie"}'
        client = socket.create_connection((address.hostname, address.port))
        client.sendall(
            b"POST /api/render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        assert rendering.wait(10)
        client.close()
        assert cancelled.wait(10)


def test_uvicorn_leaves_forwarded_for_to_the_app() -> None:
    # uvicorn would otherwise trust X-Forwarded-For from loopback and rewrite the client address
    # before the rate limit sees it.
    from mermaid_printer.adapters.http.serve import uvicorn_config

    config = uvicorn_config(HttpSettings())
    assert config.proxy_headers is False and config.timeout_graceful_shutdown == 125
