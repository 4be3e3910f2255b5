"""A real HTTP server on 127.0.0.1 that answers like GitHub's REST API for the endpoints the
``github`` source uses, over repositories held in memory, with switches for the failures it
must handle (rate limits, 5xx, dropped connections, cut trees, large files) and a record of
every request it saw (path, query, headers, how many were in flight at once)."""

from __future__ import annotations

import base64
import hashlib
import http.server
import json
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

PREFIX = "/api/v3/"


@dataclass
class Repository:
    """A repository: its default branch and, per ref, its files (and symbolic links)."""

    default_branch: str
    refs: dict[str, dict[str, bytes]]
    links: dict[str, dict[str, str]] = field(default_factory=dict)
    #: Sizes the contents API reports instead of the real ones (a file "over 100 MB").
    claimed_sizes: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Seen:
    """One request as the server received it."""

    method: str
    path: str
    query: dict[str, list[str]]
    accept: str
    host: str
    authorization: str | None


@dataclass
class Switches:
    """Failures to inject; each counter answers that many coming requests so, then normal ones."""

    rate_limited: int = 0  # 403, x-ratelimit-remaining: 0, x-ratelimit-reset = now + reset_in_s
    reset_in_s: int = 30
    too_many: int = 0  # 429 with Retry-After: retry_after_s
    retry_after_s: int = 2
    unavailable: int = 0  # 503
    dropped: int = 0  # the connection is closed without an answer
    truncate_trees_over: int | None = None  # recursive trees with more entries are cut
    inline_max_bytes: int = 1_000_000  # larger files: contents' object media type has no content
    redirects: list[str] = field(default_factory=list)  # next answers: 301 to these locations
    # Hold each request until this many are in flight (or `expected` requests have arrived),
    # then a moment longer to catch one more.
    hold_until_in_flight: int | None = None
    expected: int = 0


class _Objects:
    """Git-like objects of every ref: blobs, trees (sorted entries) and commits, by id."""

    def __init__(self, repositories: dict[str, Repository]) -> None:
        self.blobs: dict[str, bytes] = {}
        self.trees: dict[str, list[dict[str, object]]] = {}
        self.commits: dict[str, dict[str, str]] = {}  # (repo, ref) handled by refs below
        self.refs: dict[tuple[str, str], str] = {}
        for full_name, repository in repositories.items():
            for ref, files in repository.refs.items():
                links = repository.links.get(ref, {})
                tree = self._tree(_nest(files, links))
                commit = hashlib.sha1(f"commit {full_name} {ref} {tree}".encode()).hexdigest()
                self.commits[commit] = {"tree": tree}
                self.refs[(full_name, ref)] = commit
                self.refs[(full_name, commit)] = commit

    def _blob(self, data: bytes) -> str:
        sha = hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()
        self.blobs[sha] = data
        return sha

    def _tree(self, node: dict[str, object]) -> str:
        entries: list[dict[str, object]] = []
        for name in sorted(node):
            value = node[name]
            if isinstance(value, dict):
                entries.append({"path": name, "mode": "040000", "type": "tree", "sha": self._tree(value)})
            elif isinstance(value, _Link):
                sha = self._blob(value.target.encode())
                entries.append({"path": name, "mode": "120000", "type": "blob", "sha": sha, "size": len(value.target)})
            else:
                assert isinstance(value, bytes)
                entries.append(
                    {"path": name, "mode": "100644", "type": "blob", "sha": self._blob(value), "size": len(value)}
                )
        sha = hashlib.sha1(json.dumps(entries, sort_keys=True).encode()).hexdigest()
        self.trees[sha] = entries
        return sha

    def flatten(self, tree: str, prefix: str = "") -> Iterator[dict[str, object]]:
        for entry in self.trees[tree]:
            path = f"{prefix}{entry['path']}"
            yield {**entry, "path": path}
            if entry["type"] == "tree":
                yield from self.flatten(str(entry["sha"]), f"{path}/")

    def lookup(self, tree: str, path: str) -> dict[str, object] | None:
        entry: dict[str, object] | None = None
        within: str | None = tree
        for part in path.split("/"):
            if within is None:
                return None
            entry = next((item for item in self.trees[within] if item["path"] == part), None)
            if entry is None:
                return None
            within = str(entry["sha"]) if entry["type"] == "tree" else None
        return entry


@dataclass(frozen=True)
class _Link:
    target: str


def _nest(files: dict[str, bytes], links: dict[str, str]) -> dict[str, object]:
    root: dict[str, object] = {}
    for path, value in [*files.items(), *((path, _Link(target)) for path, target in links.items())]:
        node = root
        *parents, name = path.split("/")
        for parent in parents:
            child = node.setdefault(parent, {})
            assert isinstance(child, dict), path  # a folder, not a file of the same name
            node = child
        node[name] = value
    return root


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # a dropped connection ends a handler abruptly: expected here


class GitHubApiServer:
    """The server; ``base_url`` is its API base (with the ``/api/v3/`` prefix a GitHub
    Enterprise server uses, so prefix handling is exercised). Start with ``start()``, stop with
    ``stop()``."""

    def __init__(self, repositories: dict[str, Repository]) -> None:
        self.repositories = repositories
        self.objects = _Objects(repositories)
        self.switches = Switches()
        self.seen: list[Seen] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.arrived = 0
        self.errors: list[str] = []
        #: The server's clock for rate-limit resets (tests share a fixed one with the client).
        self.now: Callable[[], float] = time.time
        self._condition = threading.Condition()
        self._server = _QuietServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://{self.netloc}{PREFIX}"

    @property
    def netloc(self) -> str:
        host, port = self._server.server_address[:2]
        assert isinstance(host, str)  # an AF_INET server's address
        return f"{host}:{port}"

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join()

    def paths(self) -> list[str]:
        """The paths requested, in order, without the prefix."""
        return [seen.path.removeprefix(PREFIX) for seen in self.seen]

    def _handler_class(self) -> type[http.server.BaseHTTPRequestHandler]:
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server._serve(self)

            def log_message(self, format: str, *args: object) -> None:
                pass

        return Handler

    def _serve(self, request: http.server.BaseHTTPRequestHandler) -> None:
        parts = urllib.parse.urlsplit(request.path)
        seen = Seen(
            "GET",
            parts.path,
            urllib.parse.parse_qs(parts.query),
            request.headers.get("Accept", ""),
            request.headers.get("Host", ""),
            request.headers.get("Authorization"),
        )
        with self._condition:
            self.seen.append(seen)
            self.arrived += 1
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            self._condition.notify_all()
            hold = self.switches.hold_until_in_flight
            if hold is not None:
                expected = self.switches.expected
                self._condition.wait_for(lambda: self.in_flight >= hold or self.arrived >= expected, timeout=10)
                # A client that ignores its cap has more requests on the way: give them a moment
                # to arrive (a correct client never has, so this only delays).
                self._condition.wait_for(lambda: self.in_flight > hold or self.arrived >= expected, timeout=0.05)
        try:
            status, headers, body = self._answer(seen)
            if status == 0:
                request.close_connection = True
                request.connection.shutdown(2)  # drop: no answer at all
                return
            request.send_response(status)
            for name, value in headers.items():
                request.send_header(name, value)
            request.send_header("Content-Length", str(len(body)))
            request.end_headers()
            request.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client read what it needed and closed
        except Exception as error:  # a bug in this fake: make the test fail, not hang
            self.errors.append(repr(error))
            raise
        finally:
            with self._condition:
                self.in_flight -= 1

    def _next_failure(self) -> tuple[int, dict[str, str], bytes] | None:
        switches = self.switches
        with self._condition:
            if switches.redirects:
                return 301, {"Location": switches.redirects.pop(0)}, b""
            if switches.dropped:
                switches.dropped -= 1
                return 0, {}, b""
            if switches.rate_limited:
                switches.rate_limited -= 1
                reset = int(self.now()) + switches.reset_in_s
                headers = {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)}
                return 403, headers, _json({"message": "API rate limit exceeded"})
            if switches.too_many:
                switches.too_many -= 1
                return 429, {"Retry-After": str(switches.retry_after_s)}, _json({"message": "slow down"})
            if switches.unavailable:
                switches.unavailable -= 1
                return 503, {}, _json({"message": "unavailable"})
        return None

    def _answer(self, seen: Seen) -> tuple[int, dict[str, str], bytes]:
        if not seen.path.startswith(PREFIX):
            return 404, {}, _json({"message": "outside the API"})
        failure = self._next_failure()
        if failure is not None:
            return failure
        path = urllib.parse.unquote(seen.path.removeprefix(PREFIX))
        pieces = path.split("/")
        if len(pieces) < 3 or pieces[0] != "repos":
            return 404, {}, _json({"message": "Not Found"})
        full_name = f"{pieces[1]}/{pieces[2]}"
        repository = self.repositories.get(full_name)
        if repository is None:
            return 404, {}, _json({"message": "Not Found"})
        rest = pieces[3:]
        if not rest:
            return 200, {}, _json({"full_name": full_name, "default_branch": repository.default_branch})
        if rest[0] == "commits" and len(rest) > 1:
            commit = self.objects.refs.get((full_name, "/".join(rest[1:])))
            if commit is None:
                return 422, {}, _json({"message": "No commit found for SHA"})
            if seen.accept == "application/vnd.github.sha":
                return 200, {}, commit.encode()
            return 200, {}, _json({"sha": commit, "commit": {"tree": {"sha": self.objects.commits[commit]["tree"]}}})
        if rest[:2] == ["git", "commits"] and len(rest) == 3 and rest[2] in self.objects.commits:
            return 200, {}, _json({"sha": rest[2], "tree": {"sha": self.objects.commits[rest[2]]["tree"]}})
        if rest[:2] == ["git", "trees"] and len(rest) == 3 and rest[2] in self.objects.trees:
            return self._tree(rest[2], seen.query.get("recursive") == ["1"])
        if rest[:2] == ["git", "blobs"] and len(rest) == 3 and rest[2] in self.objects.blobs:
            data = self.objects.blobs[rest[2]]
            if seen.accept == "application/vnd.github.raw+json":
                return 200, {}, data
            return 200, {}, _json({"sha": rest[2], "size": len(data), "encoding": "base64", "content": _b64(data)})
        if rest[0] == "contents" and len(rest) > 1:
            return self._contents(full_name, "/".join(rest[1:]), seen)
        return 404, {}, _json({"message": "Not Found"})

    def _tree(self, sha: str, recursive: bool) -> tuple[int, dict[str, str], bytes]:
        entries = list(self.objects.flatten(sha)) if recursive else self.objects.trees[sha]
        limit = self.switches.truncate_trees_over
        truncated = recursive and limit is not None and len(entries) > limit
        if truncated:
            assert limit is not None
            entries = entries[:limit]
        return 200, {}, _json({"sha": sha, "tree": entries, "truncated": truncated})

    def _contents(self, full_name: str, path: str, seen: Seen) -> tuple[int, dict[str, str], bytes]:
        ref = (seen.query.get("ref") or [self.repositories[full_name].default_branch])[0]
        commit = self.objects.refs.get((full_name, ref))
        if commit is None:
            return 404, {}, _json({"message": "No commit found for the ref"})
        entry = self.objects.lookup(self.objects.commits[commit]["tree"], path)
        if entry is None:
            return 404, {}, _json({"message": "Not Found"})
        if seen.accept != "application/vnd.github.object+json":
            return 415, {}, _json({"message": "this fake serves the object media type only"})
        if entry["type"] == "tree":
            return 200, {}, _json({"type": "dir", "path": path, "sha": entry["sha"], "entries": []})
        if entry["mode"] == "120000":
            target = self.objects.blobs[str(entry["sha"])].decode()
            return 200, {}, _json({"type": "symlink", "path": path, "target": target, "sha": entry["sha"]})
        data = self.objects.blobs[str(entry["sha"])]
        size = self.repositories[full_name].claimed_sizes.get(path, len(data))
        inline = size <= self.switches.inline_max_bytes
        return (
            200,
            {},
            _json(
                {
                    "type": "file",
                    "path": path,
                    "sha": entry["sha"],
                    "size": size,
                    "encoding": "base64" if inline else "none",
                    "content": _b64(data) if inline else "",
                }
            ),
        )


def _json(value: object) -> bytes:
    return json.dumps(value).encode()


def _b64(data: bytes) -> str:
    # GitHub wraps base64 at 60 characters; so does this fake, so decoding must ignore newlines.
    encoded = base64.b64encode(data).decode()
    return "\n".join(encoded[i : i + 60] for i in range(0, len(encoded), 60))
