"""A replica killed with SIGKILL under load, behind the shipped nginx template: what clients see.

Starts one Redis, three ``mermaid-printer http`` replicas (sharing the rate limit and the result
cache in it) and nginx on loopback, runs ``--clients`` clients sending distinct diagrams (Kroki GETs
and POSTs in turn, nothing cached) for ``--seconds``, kills one replica with SIGKILL at
``--kill-at``, and reports: requests, failures (anything but 200, or 503 with Retry-After),
latency p50/p95/max over the run and in the two seconds after the kill, and the requests nginx
retried on another replica (its access log)::

    python benchmarks/replica_failover.py                  # 4 clients, 60 s, kill at 20 s
    python benchmarks/replica_failover.py --seconds 20 --kill-at 8

Loopback only; everything started is stopped at the end. The short version is a test:
tests/adapters/http/test_http_replicas.py.
"""

from __future__ import annotations

import argparse
import shutil
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "adapters" / "http"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from real_servers import Nginx, Outcome, RedisServer, Replica, load_client


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--kill-at", type=float, default=20)
    parser.add_argument("--renderers", type=int, default=1, help="renders at once per replica")
    args = parser.parse_args()

    root = Path(tempfile.mkdtemp(prefix="replica-failover-"))
    redis = RedisServer(root / "redis").start()
    shared = f"redis://127.0.0.1:{redis.port}"
    flags = (
        f"--redis-url={shared}/0",
        f"--cache-url={shared}/1",
        "--rate-limit=none",
        "--trusted-proxies=127.0.0.1",
        f"--renderers={args.renderers}",
    )
    replicas = [Replica(root / f"replica-{n}", *flags).start() for n in range(3)]
    nginx = None
    try:
        for replica in replicas:
            replica.wait_ready()
        nginx = Nginx(root / "nginx", [replica.port for replica in replicas], access_log=True).start()
        outcomes: list[Outcome] = []
        lock = threading.Lock()

        def record(outcome: Outcome) -> None:
            with lock:
                outcomes.append(outcome)

        start = time.monotonic()
        end = start + args.seconds
        clients = [
            threading.Thread(target=load_client, args=(nginx.base, index, lambda _n: time.monotonic() < end, record))
            for index in range(args.clients)
        ]
        for client in clients:
            client.start()
        time.sleep(max(0.0, start + args.kill_at - time.monotonic()))
        victim = replicas[2]
        killed_at = time.monotonic()
        assert victim.process is not None
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait(30)
        for client in clients:
            client.join(300)

        failures = [outcome for outcome in outcomes if outcome.failed]
        seconds = [outcome.seconds for outcome in outcomes]
        after_kill = [o.seconds for o in outcomes if killed_at <= o.began + o.seconds and o.began < killed_at + 2]
        statuses = Counter(outcome.status for outcome in outcomes)
        log = (nginx.directory / "access.log").read_text().splitlines()
        retried = [line for line in log if ", " in line]  # $upstream_addr lists every replica tried
        victim_address = f"127.0.0.1:{victim.port}"
        print(f"clients {args.clients}, {args.seconds:.0f} s, replica killed (SIGKILL) at {args.kill_at:.0f} s")
        print(f"requests {len(outcomes)} ({len(outcomes) / args.seconds:.1f}/s), statuses {dict(statuses)}")
        print(f"failures {len(failures)}: {[(o.status, o.retry_after) for o in failures][:10]}")
        print(
            f"latency p50 {statistics.median(seconds) * 1000:.0f} ms, p95 {_percentile(seconds, 0.95) * 1000:.0f} ms, "
            f"max {max(seconds) * 1000:.0f} ms"
        )
        print(
            f"in flight at the kill or sent within 2 s after: {len(after_kill)} requests, "
            f"p50 {statistics.median(after_kill) * 1000:.0f} ms, max {max(after_kill) * 1000:.0f} ms"
        )
        print(f"nginx retried on another replica: {len(retried)} requests")
        for line in retried[:10]:
            print(f"  {line}")
        print(f"requests nginx sent to the killed replica: {sum(victim_address in line for line in log)}")
        return 1 if failures else 0
    finally:
        if nginx is not None:
            nginx.stop()
        for replica in replicas:
            replica.stop()
        redis.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
