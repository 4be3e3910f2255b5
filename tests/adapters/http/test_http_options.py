"""The HTTP routes on a real loopback server with a fake printer: the printer's options on every
route, unknown paths, the token on /metrics, the rate limit's scopes and its 429 body, HTTP caching
(ETag, 304 without rendering, no-store) and readiness while draining."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from adapter_fakes import FAKE_SVG, FakePrinter
from adapters.http.loopback import request, serving

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.kroki import encode_source, etag_matches
from mermaid_printer.adapters.http.settings import HttpSettings
from mermaid_printer.errors import DiagramSyntaxError
from mermaid_printer.mermaid.requests import PdfOptions, PngOptions, RenderOptions

FLOWCHART = "flowchart TD\n  A --> B\n"


@pytest.fixture
def fake() -> FakePrinter:
    return FakePrinter()


@pytest.fixture
def base(fake: FakePrinter) -> Iterator[str]:
    with serving(build_app(HttpSettings(rate_limit="1000/hour"), fake, capacity=2)) as url:
        yield url


# --- options (issue 37: the API and Kroki routes ignored theme and background) ---------------------


def test_api_render_and_svg_draw_with_the_theme_and_background_given(base: str, fake: FakePrinter) -> None:
    for path in ("/api/render", "/api/svg"):
        reply = request("POST", base + path, {"code": FLOWCHART, "theme": "dark", "background": "#102030"})
        assert reply.status == 200 and reply.json()["svg"] == FAKE_SVG
    assert [(o.theme, o.background) for o in fake.rendered] == [("dark", "#102030")] * 2
    assert all(isinstance(o, RenderOptions) for o in fake.rendered)


def test_an_unknown_api_option_is_400_naming_the_options_there_are(base: str, fake: FakePrinter) -> None:
    reply = request("POST", base + "/api/render", {"code": FLOWCHART, "colour": "red"})
    assert reply.status == 400 and reply.json()["error"].startswith("Invalid input: colour: unknown option; known:")
    assert "theme" in reply.json()["error"] and "background" in reply.json()["error"]
    refused = request("POST", base + "/api/render", {"code": FLOWCHART, "theme": "neon"})
    assert refused.status == 400 and "theme" in refused.json()["error"]
    verify = request("POST", base + "/api/verify", {"code": FLOWCHART, "theme": "dark"})
    assert verify.status == 400 and verify.json()["ok"] is False
    assert fake.rendered == []


def test_kroki_routes_take_options_from_the_query_headers_and_diagram_options(base: str, fake: FakePrinter) -> None:
    encoded = encode_source(FLOWCHART)
    replies = [
        request("GET", f"{base}/mermaid/svg/{encoded}?theme=forest&embed_fonts=false"),
        request("GET", f"{base}/mermaid/png/{encoded}", headers={"Kroki-Diagram-Options-Scale": "3"}),
        request("POST", f"{base}/mermaid/pdf?paper=a4", FLOWCHART.encode(), {"Content-Type": "text/plain"}),
        request("POST", base + "/mermaid/svg", {"diagram_source": FLOWCHART, "diagram_options": {"theme": "dark"}}),
        request(
            "POST",
            base + "/",
            {
                "diagram_source": FLOWCHART,
                "diagram_type": "mermaid",
                "output_format": "png",
                "diagram_options": {"background": "transparent", "width": "640"},
            },
        ),
    ]
    assert [reply.status for reply in replies] == [200] * 5
    svg, png, pdf, posted_svg, posted_png = fake.rendered
    assert isinstance(svg, RenderOptions) and (svg.theme, svg.embed_fonts) == ("forest", False)
    assert isinstance(png, PngOptions) and png.scale == 3
    assert isinstance(pdf, PdfOptions) and pdf.paper == "A4"
    assert isinstance(posted_svg, RenderOptions) and posted_svg.theme == "dark"
    assert isinstance(posted_png, PngOptions) and (posted_png.background, posted_png.width) == ("transparent", 640)


def test_a_kroki_option_the_format_does_not_have_is_400_as_plain_text(base: str, fake: FakePrinter) -> None:
    reply = request("GET", f"{base}/mermaid/svg/{encode_source(FLOWCHART)}?paper=a4")
    assert reply.status == 400 and reply.body.startswith(b"Invalid input: paper: unknown option; known:")
    assert reply.headers["cache-control"] == "no-store" and fake.rendered == []


# --- unknown paths and methods (issue 37: GET /nope answered 405) ----------------------------------


def test_an_unknown_path_is_404_and_a_known_one_with_another_method_405(base: str) -> None:
    nope = request("GET", base + "/nope")
    assert nope.status == 404 and "nothing is served at /nope" in nope.json()["error"]
    assert request("GET", base + "/api/nope").status == 404
    wrong = request("GET", base + "/api/render")
    assert (wrong.status, wrong.headers["allow"]) == (405, "POST")
    assert request("GET", base + "/mermaid").status == 405
    assert request("POST", base + "/nope", FLOWCHART.encode()).status == 400  # Kroki: unsupported diagram type


def test_a_trailing_slash_still_redirects_to_the_route_as_starlette_does(base: str) -> None:
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    mcp = request("POST", base + "/mcp/", ping, {"Accept": "application/json, text/event-stream"})
    assert (mcp.status, mcp.headers["location"]) == (307, base + "/mcp")
    assert request("GET", base + "/healthz/").json() == {"status": "ok"}  # followed
    assert request("GET", base + "/nope/").status == 404
    assert request("PUT", base + "/nope/x", b"").status == 404
    assert request("DELETE", base + "/api/render").headers["allow"] == "POST"


# --- the token (issue 37: /metrics answered without it) ------------------------------------------------


def test_metrics_need_the_token_and_the_health_checks_do_not(fake: FakePrinter) -> None:
    with serving(build_app(HttpSettings(token="s3cret"), fake)) as url:
        bare = request("GET", url + "/metrics")
        with_token = request("GET", url + "/metrics", headers={"Authorization": "Bearer s3cret"})
        health = [request("GET", url + path).status for path in ("/healthz", "/readyz")]
    assert (bare.status, with_token.status) == (401, 200)
    assert health[0] == 200 and health[1] in (200, 503)
    # --help says the same: only the health checks go without the token.
    described = HttpSettings.model_fields["token"].description or ""
    assert "every endpoint but /healthz and /readyz" in described and "/metrics too" in described


# --- rate-limit scopes and the 429 body (issue 37: MCP and Kroki counted; "retry after 3567 s") -----


def test_the_default_limit_counts_the_api_only_and_says_when_the_next_request_passes(fake: FakePrinter) -> None:
    encoded = encode_source(FLOWCHART)
    with serving(build_app(HttpSettings(rate_limit="2/hour"), fake)) as url:
        kroki = [request("GET", f"{url}/mermaid/svg/{encoded}").status for _ in range(4)]
        mcp = [
            request("POST", url + "/mcp", {"jsonrpc": "2.0", "id": n, "method": "ping"}, {"Accept": "application/json"})
            for n in range(4)
        ]
        api = [request("POST", url + "/api/verify", {"code": FLOWCHART}) for _ in range(3)]
    assert kroki == [200] * 4
    assert all(reply.status == 200 for reply in mcp)
    assert [reply.status for reply in api] == [200, 200, 429]
    refused = api[2]
    wait_s = int(refused.headers["retry-after"])
    body = refused.json()
    assert body["retry_after_s"] == wait_s and 0 < wait_s <= 3600
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", body["next_request_at"])
    assert body["error"] == (
        f"rate limit exceeded: 2/hour per client on /api/*; the next request will pass in {wait_s} s "
        f"(at {body['next_request_at']})"
    )
    assert refused.headers["cache-control"] == "no-store"


def test_kroki_and_mcp_limits_count_apart_from_the_apis(fake: FakePrinter) -> None:
    encoded = encode_source(FLOWCHART)
    settings = HttpSettings(rate_limit="1/hour", kroki_rate_limit="2/hour", mcp_rate_limit="1/hour")
    with serving(build_app(settings, fake)) as url:
        kroki = [request("GET", f"{url}/mermaid/svg/{encoded}").status for _ in range(3)]
        api = [request("POST", url + "/api/verify", {"code": FLOWCHART}).status for _ in range(2)]
        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        mcp = [request("POST", url + "/mcp", ping, {"Accept": "application/json"}).status for _ in range(2)]
    assert (kroki, api, mcp) == ([200, 200, 429], [200, 429], [200, 429])


# --- HTTP caching (issue 39) --------------------------------------------------------------------------


def test_a_kroki_get_carries_a_strong_etag_and_an_immutable_public_cache_control(fake: FakePrinter) -> None:
    encoded = encode_source(FLOWCHART)
    with serving(build_app(HttpSettings(max_age_s=600), fake)) as url:
        first = request("GET", f"{url}/mermaid/svg/{encoded}")
        again = request("GET", f"{url}/mermaid/svg/{encoded}")
        dark = request("GET", f"{url}/mermaid/svg/{encoded}?theme=dark")
        png = request("GET", f"{url}/mermaid/png/{encoded}")
        by_header = request("GET", f"{url}/mermaid/svg/{encoded}", headers={"Kroki-Diagram-Options-Theme": "dark"})
    tag = first.headers["etag"]
    assert re.fullmatch(r'"[0-9a-f]{64}"', tag) and again.headers["etag"] == tag
    assert len({tag, dark.headers["etag"], png.headers["etag"]}) == 3
    assert first.headers["cache-control"] == "public, max-age=600, immutable"
    assert by_header.headers["cache-control"] == "private, max-age=600, immutable"
    assert by_header.headers["etag"] == dark.headers["etag"]


def test_if_none_match_is_answered_304_without_rendering(base: str, fake: FakePrinter) -> None:
    url = f"{base}/mermaid/svg/{encode_source(FLOWCHART)}"
    tag = request("GET", url).headers["etag"]
    rendered = len(fake.rendered)
    for given in (tag, f"W/{tag}", f'"other", {tag}', "*"):
        reply = request("GET", url, headers={"If-None-Match": given})
        assert (reply.status, reply.body, reply.headers["etag"]) == (304, b"", tag)
    assert request("GET", url, headers={"If-None-Match": '"other"'}).status == 200
    assert len(fake.rendered) == rendered + 1
    metrics = request("GET", base + "/metrics").body.decode()
    assert "mermaid_printer_not_modified_total 4.0" in metrics


def test_errors_and_posts_are_never_cached(base: str, fake: FakePrinter) -> None:
    posted = request("POST", base + "/mermaid/svg", FLOWCHART.encode(), {"Content-Type": "text/plain"})
    api = request("POST", base + "/api/render", {"code": FLOWCHART})
    assert posted.headers["cache-control"] == api.headers["cache-control"] == "no-store"
    assert "etag" not in posted.headers
    fake.fail_with = DiagramSyntaxError("Parse error on line 2", {"line": 2})
    broken = request("GET", f"{base}/mermaid/svg/{encode_source(FLOWCHART)}")
    assert (broken.status, broken.headers["cache-control"]) == (400, "no-store") and "etag" not in broken.headers
    garbage = request("GET", f"{base}/mermaid/svg/not-base64!!")
    assert (garbage.status, garbage.headers["cache-control"]) == (400, "no-store")


def test_if_none_match_is_compared_as_rfc_9110_says() -> None:
    assert etag_matches('"a"', '"a"') and etag_matches('W/"a"', '"a"') and etag_matches('"b", "a"', '"a"')
    assert etag_matches("*", '"a"')
    assert not etag_matches(None, '"a"') and not etag_matches('"b"', '"a"') and not etag_matches("a", '"a"')


def test_a_url_over_the_limit_is_414_pointing_to_post(base: str) -> None:
    reply = request("GET", f"{base}/mermaid/svg/{'A' * 9000}")
    assert reply.status == 414 and b"send the diagram by POST" in reply.body


# --- draining ----------------------------------------------------------------------------------------


def test_readiness_is_503_once_the_app_is_draining(fake: FakePrinter) -> None:
    app = build_app(HttpSettings(), fake)
    with serving(app) as url:
        app.state.draining.set()
        reply = request("GET", url + "/readyz")
        health = request("GET", url + "/healthz")
    assert (reply.status, reply.json()) == (503, {"status": "draining"})
    assert health.status == 200


def test_every_field_of_each_formats_request_model_is_an_http_option_in_any_spelling() -> None:
    from mermaid_printer.adapters.http.options import FORMAT_MODELS, _field_named, option_names

    for model in FORMAT_MODELS.values():
        names = option_names(model)
        assert set(names) == set(model.model_fields) - {"code"}
        for name in names:
            assert _field_named(model, name) == name
            assert _field_named(model, name.replace("_", "-").title()) == name  # Kroki-Diagram-Options-Embed-Fonts
