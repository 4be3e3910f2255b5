"""The shared API client's policies on their own: one host, pacing, the cache's bounds, answer
size limits, ``Retry-After`` forms."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from project.sources.github_api_server import GitHubApiServer
from project.sources.source_doubles import NOW, RecordedWaits

from mermaid_printer.errors import ExternalServiceError, InvalidInput
from mermaid_printer.project.sources.api_client import Answer, ApiClient, ApiPolicy, Pacer, TtlCache, _retry_after_s


@pytest.fixture
def client(github_server: GitHubApiServer, waits: RecordedWaits) -> Iterator[ApiClient]:
    api = ApiClient(github_server.base_url, sleep=waits.sleep, clock=waits.clock, wall_clock=lambda: NOW)
    yield api
    api.close()


def test_a_url_is_the_base_with_the_path_appended(client: ApiClient, github_server: GitHubApiServer) -> None:
    url = client.url("repos/octo/docs/contents/a%20b.md", {"ref": "feature/x"})

    assert str(url) == f"{github_server.base_url}repos/octo/docs/contents/a%20b.md?ref=feature%2Fx"


@pytest.mark.parametrize(
    "path",
    ["../x", "repos/../../x", "/repos/x", "//elsewhere.example/x", "http://elsewhere.example/x", "a?b=1", "a\\b"],
)
def test_a_path_that_would_leave_the_base_is_refused(client: ApiClient, path: str) -> None:
    with pytest.raises(InvalidInput, match="outside the GitHub API"):
        client.url(path)


def test_a_redirect_under_the_base_is_followed(client: ApiClient, github_server: GitHubApiServer) -> None:
    github_server.switches.redirects = [f"{github_server.base_url}repos/octo/docs"]

    answer = client.get("repos/octo/renamed", accept="application/vnd.github+json")

    assert answer.status == 200
    assert github_server.paths() == ["repos/octo/renamed", "repos/octo/docs"]


def test_a_redirect_to_another_host_is_not_followed(client: ApiClient, github_server: GitHubApiServer) -> None:
    github_server.switches.redirects = ["http://127.0.0.2:9/steal"]

    with pytest.raises(ExternalServiceError, match=r"outside its API base \(to 127.0.0.2\)"):
        client.get("repos/octo/docs", accept="application/vnd.github+json")

    assert github_server.paths() == ["repos/octo/docs"]


def test_an_answer_larger_than_the_body_limit_is_refused(github_server: GitHubApiServer, waits: RecordedWaits) -> None:
    small = ApiClient(github_server.base_url, policy=ApiPolicy(max_body_bytes=20), sleep=waits.sleep)
    try:
        with pytest.raises(ExternalServiceError, match="more than 20 bytes"):
            small.get("repos/octo/docs", accept="application/vnd.github+json")
    finally:
        small.close()


def test_requests_beyond_the_burst_are_paced() -> None:
    waits = RecordedWaits()
    pacer = Pacer(burst=3, interval_s=0.5, clock=waits.clock, sleep=waits.sleep)

    for _ in range(6):
        pacer.wait_turn()

    assert waits.waits == [0.5, 0.5, 0.5]


def test_the_burst_refills_while_no_request_is_sent() -> None:
    waits = RecordedWaits()
    pacer = Pacer(burst=2, interval_s=1.0, clock=waits.clock, sleep=waits.sleep)
    for _ in range(2):
        pacer.wait_turn()

    waits.now += 10
    for _ in range(3):
        pacer.wait_turn()

    assert waits.waits == [1.0]


def test_the_cache_drops_the_least_recently_used_answers_beyond_its_bytes() -> None:
    waits = RecordedWaits()
    cache = TtlCache(ttl_s=60, max_bytes=10, clock=waits.clock)
    cache.put(("a",), Answer(200, {}, b"aaaa"))
    cache.put(("b",), Answer(200, {}, b"bbbb"))
    assert cache.get(("a",)) is not None

    cache.put(("c",), Answer(200, {}, b"cccc"))

    assert [cache.get((key,)) is not None for key in "abc"] == [True, False, True]
    cache.put(("huge",), Answer(200, {}, b"x" * 11))
    assert cache.get(("huge",)) is None


def test_retry_after_is_read_as_seconds_or_as_an_http_date() -> None:
    assert _retry_after_s("120", NOW) == 120.0
    assert _retry_after_s("Tue, 14 Nov 2023 22:15:00 GMT", NOW) == 100.0
    assert _retry_after_s("soon", NOW) is None
    assert _retry_after_s(None, NOW) is None
