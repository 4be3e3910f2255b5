"""Three real ``mermaid-printer http`` processes behind nginx (the shipped template) sharing one real
Redis: the rate limit exact across replicas for one client IP and for two, Redis stopped and
restarted mid-run, a result rendered by one replica a cache hit on another, and a replica killed
with SIGKILL under load costing no request. The long load run is benchmarks/replica_failover.py."""

from __future__ import annotations

import re
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from adapters.http.loopback import request
from adapters.http.real_servers import NGINX, REDIS, Nginx, Outcome, RedisServer, Replica, load_client, request_from

pytestmark = [
    pytest.mark.engine,
    pytest.mark.skipif(REDIS is None or NGINX is None, reason="redis-server or nginx missing (.ci/run installs them)"),
]

LIMIT = 5
VERIFY = b'{"code": "flowchart TD\\n  A --> B\\n"}'
JSON = {"Content-Type": "application/json"}


@dataclass
class Deployment:
    redis: RedisServer
    replicas: list[Replica]
    nginx: Nginx


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    root = tmp_path_factory.mktemp("deployment")
    redis = RedisServer(root / "redis").start()
    shared = f"redis://127.0.0.1:{redis.port}"
    flags = (
        f"--redis-url={shared}/0",
        f"--cache-url={shared}/1",
        f"--rate-limit={LIMIT}/hour",
        "--trusted-proxies=127.0.0.1",
        "--renderers=1",
        "--redis-retry-s=0",
    )
    replicas = [Replica(root / f"replica-{n}", *flags).start() for n in range(3)]
    nginx = None
    try:
        for replica in replicas:
            replica.wait_ready()
        nginx = Nginx(root / "nginx", [replica.port for replica in replicas]).start()
        yield Deployment(redis, replicas, nginx)
    finally:
        if nginx is not None:
            nginx.stop()
        for replica in replicas:
            replica.stop()
        redis.stop()


def _verify_from(address: str, base: str) -> tuple[int, dict[str, str]]:
    status, headers, _ = request_from(address, "POST", base + "/api/verify", VERIFY, JSON)
    return status, headers


def _served(replica: Replica, status: str) -> float:
    text = request("GET", replica.base + "/metrics").body.decode()
    found = re.search(rf'mermaid_printer_http_requests_total{{route="/api/verify",status="{status}"}} ([0-9.]+)', text)
    return float(found.group(1)) if found else 0.0


def test_the_limit_holds_exactly_across_replicas_for_one_client_ip(deployment: Deployment) -> None:
    before = [_served(replica, "200") for replica in deployment.replicas]
    replies = [_verify_from("127.0.0.2", deployment.nginx.base) for _ in range(LIMIT + 2)]
    assert [status for status, _ in replies] == [200] * LIMIT + [429, 429]
    assert [headers["ratelimit-remaining"] for _, headers in replies[:LIMIT]] == [
        str(LIMIT - n) for n in range(1, LIMIT + 1)
    ]
    assert 0 < int(replies[LIMIT][1]["retry-after"]) <= 3600
    served = [_served(replica, "200") - was for replica, was in zip(deployment.replicas, before, strict=True)]
    assert sum(served) == LIMIT and sum(1 for count in served if count) >= 2  # nginx spread them


def test_the_limit_holds_exactly_for_two_client_ips_as_nginx_forwards_them(deployment: Deployment) -> None:
    statuses: dict[str, list[int]] = {"127.0.0.3": [], "127.0.0.4": []}
    for _ in range(LIMIT + 1):
        for address, seen in statuses.items():
            seen.append(_verify_from(address, deployment.nginx.base)[0])
    assert statuses == {address: [200] * LIMIT + [429] for address in statuses}
    # A forged X-Forwarded-For does not make a new client: nginx appends the real peer, the last hop counts.
    forged = request_from(
        "127.0.0.3", "POST", deployment.nginx.base + "/api/verify", VERIFY, {**JSON, "X-Forwarded-For": "198.51.100.7"}
    )
    assert forged[0] == 429


def test_with_redis_stopped_requests_pass_and_the_limit_is_exact_again_when_redis_returns(
    deployment: Deployment,
) -> None:
    assert [_verify_from("127.0.0.5", deployment.nginx.base)[0] for _ in range(2)] == [200, 200]
    deployment.redis.stop()
    try:
        away = [_verify_from("127.0.0.5", deployment.nginx.base)[0] for _ in range(3)]
    finally:
        deployment.redis.start()
    assert away == [200, 200, 200]  # fail open: counted per replica in memory, never a 500
    back = [_verify_from("127.0.0.6", deployment.nginx.base)[0] for _ in range(LIMIT + 1)]
    assert back == [200] * LIMIT + [429]


def _cache_hits(replica: Replica) -> float:
    text = request("GET", replica.base + "/metrics").body.decode()
    found = re.search(r"^mermaid_printer_cache_hits ([0-9.]+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def test_a_diagram_one_replica_rendered_is_a_cache_hit_on_another(deployment: Deployment) -> None:
    first, second = deployment.replicas[0], deployment.replicas[1]
    source = b"flowchart LR\n  shared[rendered once] --> everywhere\n"
    hits_before = _cache_hits(second)
    drawn = request("POST", first.base + "/mermaid/svg", source, {"Content-Type": "text/plain"})
    again = request("POST", second.base + "/mermaid/svg", source, {"Content-Type": "text/plain"})
    assert drawn.status == again.status == 200 and drawn.body == again.body
    assert _cache_hits(second) == hits_before + 1


def test_every_replica_gives_a_get_the_same_etag_and_answers_it_304_without_rendering(
    deployment: Deployment,
) -> None:
    from mermaid_printer.adapters.http.kroki import encode_source

    path = "/mermaid/png/" + encode_source("flowchart LR\n  cdn[one tag] --> all[every replica]\n") + "?scale=1"
    first = request("GET", deployment.replicas[0].base + path)
    tag = first.headers["etag"]
    assert first.status == 200 and first.body.startswith(b"\x89PNG")
    assert first.headers["cache-control"] == "public, max-age=86400, immutable"
    other = deployment.replicas[1]
    metrics_before = request("GET", other.base + "/metrics").body.decode()
    revalidated = request("GET", other.base + path, headers={"If-None-Match": tag})
    metrics_after = request("GET", other.base + "/metrics").body.decode()
    assert (revalidated.status, revalidated.headers["etag"], revalidated.body) == (304, tag, b"")
    renders = re.compile(r'mermaid_printer_renders_total{code="",outcome="ok"} ([0-9.]+)')
    assert renders.findall(metrics_before) == renders.findall(metrics_after)  # nothing was rendered
    assert request("GET", other.base + path).headers["etag"] == tag  # and the same tag when it renders


def test_a_replica_killed_under_load_costs_no_request(deployment: Deployment) -> None:
    # Runs last in this module: it kills a replica. 4 clients, 12 requests each, the kill after 8.
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    eighth = threading.Event()

    def record(outcome: Outcome) -> None:
        with lock:
            outcomes.append(outcome)
            if len(outcomes) >= 8:
                eighth.set()

    clients = [
        threading.Thread(target=load_client, args=(deployment.nginx.base, index, lambda n: n < 12, record))
        for index in range(4)
    ]
    for client in clients:
        client.start()
    assert eighth.wait(300)
    victim = deployment.replicas[2].process
    assert victim is not None
    victim.send_signal(signal.SIGKILL)
    for client in clients:
        client.join(300)
    failed = [outcome for outcome in outcomes if outcome.failed]
    assert len(outcomes) == 48 and failed == []
    assert victim.wait(30) == -signal.SIGKILL
