"""Real Redis, nginx and ``mermaid-printer http`` processes on loopback for the HTTP tests.

Each starts on a free 127.0.0.1 port with its files in a temporary directory and is stopped by
the test that started it. nginx runs the shipped ``deploy/nginx.conf.template``, filled as the
nginx image fills it, inside a minimal main configuration of its own.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import string
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from adapters.http.loopback import request
from process_tree import wait_for

REPOSITORY = Path(__file__).resolve().parents[3]
NGINX_TEMPLATE = REPOSITORY / "deploy" / "nginx.conf.template"
REDIS = shutil.which("redis-server")
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if os.path.exists(p)), None)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until(check: Callable[[], bool], what: str, limit_s: float = 60) -> None:
    """Wait until ``check()`` is true (a hang guard, not a timing)."""
    wait_for(check, what, limit_s)


def accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


class RedisServer:
    """``redis-server`` on one port, in memory only; can be stopped and started again on it."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        assert REDIS is not None
        self.directory.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                REDIS,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: accepts(self.port), "redis-server listening")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
        self.process = None


def nginx_config(listen: str, upstream_ports: Sequence[int]) -> str:
    """The shipped template filled for loopback."""
    servers = " ".join(f"server 127.0.0.1:{port};" for port in upstream_ports)
    return string.Template(NGINX_TEMPLATE.read_text()).safe_substitute(LISTEN=listen, PRINTER_SERVERS=servers)


class Nginx:
    """nginx with the shipped template in front of ``upstream_ports``."""

    def __init__(self, directory: Path, upstream_ports: Sequence[int], *, access_log: bool = False) -> None:
        self.port = free_port()
        self.directory = directory
        self.upstream_ports = list(upstream_ports)
        self.access_log = access_log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        assert NGINX is not None
        self.directory.mkdir(parents=True, exist_ok=True)
        (self.directory / "printers.conf").write_text(nginx_config(f"127.0.0.1:{self.port}", self.upstream_ports))
        temp = self.directory / "temp"
        temp.mkdir(exist_ok=True)
        user = "user root root;\n" if os.geteuid() == 0 else ""
        main = (
            f"{user}worker_processes 1;\npid {self.directory}/nginx.pid;\n"
            f"error_log {self.directory}/error.log warn;\nevents {{ worker_connections 512; }}\n"
            "http {\n"
            + (
                "  log_format upstreams '$status $upstream_addr $upstream_status $request_time';\n"
                f"  access_log {self.directory}/access.log upstreams;\n"
                if self.access_log
                else "  access_log off;\n"
            )
            + f"  client_body_temp_path {temp}/body;\n  proxy_temp_path {temp}/proxy;\n"
            f"  fastcgi_temp_path {temp}/fastcgi;\n  uwsgi_temp_path {temp}/uwsgi;\n  scgi_temp_path {temp}/scgi;\n"
            f"  include {self.directory}/printers.conf;\n}}\n"
        )
        (self.directory / "nginx.conf").write_text(main)
        with (self.directory / "stderr.log").open("wb") as stderr:
            self.process = subprocess.Popen(
                [NGINX, "-p", str(self.directory), "-c", str(self.directory / "nginx.conf"), "-g", "daemon off;"],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
            )
        process = self.process
        wait_until(lambda: accepts(self.port) or process.poll() is not None, "nginx listening")
        if process.poll() is not None:
            raise RuntimeError(f"nginx did not start: {(self.directory / 'stderr.log').read_text()}")
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: workers finish, then exit
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        self.process = None


class Replica:
    """One ``mermaid-printer http`` process on its own port."""

    def __init__(self, directory: Path, *flags: str) -> None:
        self.port = free_port()
        self.directory = directory
        self.flags = flags
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Replica:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.log = (self.directory / "replica.log").open("wb")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "mermaid_printer",
                "http",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                *list(self.flags),
            ],
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        return self

    def wait_ready(self, limit_s: float = 180) -> None:
        def ready() -> bool:
            if self.process is None or self.process.poll() is not None:
                raise RuntimeError(f"the replica exited: {(self.directory / 'replica.log').read_text()[-2000:]}")
            return accepts(self.port) and request("GET", self.base + "/readyz").status == 200

        wait_until(ready, f"replica on {self.port} ready", limit_s)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        self.process = None
        if hasattr(self, "log"):
            self.log.close()


def request_from(
    address: str, method: str, url: str, body: bytes | None = None, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One HTTP/1.1 request sent from the loopback ``address`` (127.0.0.2, …): another client IP."""
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    assert parts.hostname is not None, url
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120, source_address=(address, 0))
    try:
        target = parts.path + (f"?{parts.query}" if parts.query else "")
        connection.request(method, target, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


@dataclass(frozen=True)
class Outcome:
    """One request of a load run."""

    status: int  # 0: no HTTP answer at all
    retry_after: str | None
    seconds: float
    began: float

    @property
    def failed(self) -> bool:
        """Neither an answer nor a refusal that tells the client when to retry."""
        return self.status != 200 and not (self.status == 503 and self.retry_after)


def load_client(base: str, index: int, keep_going: Callable[[int], bool], record: Callable[[Outcome], None]) -> None:
    """Send distinct diagrams (nothing cached) while ``keep_going(n)``: Kroki GETs and POSTs in turn."""
    from mermaid_printer.adapters.http.kroki import encode_source

    n = 0
    while keep_going(n):
        code = f"flowchart LR\n  a[client {index}] --> b[request {n}]\n"
        began = time.monotonic()
        try:
            if n % 2:
                reply = request("GET", f"{base}/mermaid/svg/{encode_source(code)}")
            else:
                reply = request("POST", f"{base}/mermaid/svg", code.encode(), {"Content-Type": "text/plain"})
            status, retry_after = reply.status, reply.headers.get("retry-after")
        except OSError:
            status, retry_after = 0, None
        record(Outcome(status, retry_after, time.monotonic() - began, began))
        n += 1
