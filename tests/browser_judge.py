"""A real browser as the judge of the printer's SVG: headless Chromium over the DevTools protocol.

Chromium is driven through ``--remote-debugging-pipe`` (commands on its fd 3, replies on fd 4,
NUL-separated JSON) with nothing but the standard library. Every request the page makes is
intercepted (``Fetch``): the page's own documents are answered from memory, anything else is a
violation and is failed, and host resolution is mapped to nowhere, so nothing can leave the
machine. An SVG is shown three ways — as an ``<img>``, inline in an HTML page, and as the
top-level document — then every element gets the events a user could send (mouse over, focus,
click) and the page runs for a few seconds of virtual time (SMIL ``begin`` delays, timers). A
dialog, a console message, an uncaught exception, a navigation, a new window or a request is a
violation: it means a payload ran or something was fetched.

``find_chromium()`` looks for ``$MERMAID_PRINTER_CHROMIUM``, then ``chromium``,
``chromium-browser``, ``google-chrome``; tests skip where there is none.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

__all__ = ["MODES", "BrowserJudge", "find_chromium", "judging"]

ORIGIN = "http://judge.test"
#: How an SVG is shown: as an image, inline in HTML, as the top-level document.
MODES = ("img", "inline", "document")
_VIRTUAL_TIME_MS = 3_000
# Bounds a hung browser (a guard, not a timing).
_REPLY_TIMEOUT_S = 30.0
# Our own interaction script: every element gets the events a user could send.
# Following an http(s) or mailto link is the viewer's choice (SECURITY.md), so those clicks are
# cancelled; any other link (javascript:, data:, ...) is left to do what it does.
_INTERACT = """(() => {
  const XLINK = "http://www.w3.org/1999/xlink";
  addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a");
    if (!link) return;
    const raw = link.getAttribute("href") ?? link.getAttributeNS(XLINK, "href");
    if (raw === null) return;
    let protocol = "";
    try { protocol = new URL(raw, location.href).protocol; } catch (error) { return; }
    if (["http:", "https:", "mailto:"].includes(protocol)) event.preventDefault();
  }, true);
  const names = ["mouseover", "mouseenter", "mousedown", "mouseup", "click", "focusin", "focus"];
  const interact = () => {
    for (const el of document.querySelectorAll("*")) {
      for (const name of names) el.dispatchEvent(new MouseEvent(name, {bubbles: true, cancelable: true}));
      if (typeof el.focus === "function") el.focus();
    }
  };
  interact();
  // Then again with every SMIL timeline moved past its delays (virtual time does not drive SMIL).
  for (const svg of document.querySelectorAll("svg")) {
    if (typeof svg.setCurrentTime === "function") svg.setCurrentTime(60);
  }
  interact();
  return document.querySelectorAll("*").length;
})()"""


def find_chromium() -> str | None:
    """The Chromium (or Chrome) executable, or None."""
    configured = os.environ.get("MERMAID_PRINTER_CHROMIUM")
    if configured:
        return configured if os.path.exists(configured) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


# Violations after which a page is abandoned (it is unsafe already).
_ENOUGH = 5


class _Enough(Exception):
    """A page has shown enough violations to be judged."""


@dataclass
class Verdict:
    """What happened while one SVG was shown one way."""

    mode: str
    violations: list[str] = field(default_factory=list)
    elements: int = 0


class _Pipe:
    """The DevTools protocol over Chromium's debugging pipe."""

    def __init__(self, process: subprocess.Popen[bytes], to_browser: int, from_browser: int) -> None:
        self._process = process
        self._out = to_browser
        self._in = from_browser
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._out, json.dumps(message).encode("utf-8") + b"\0")
        return self._next_id

    def call(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """Send a command and wait for its reply (events that arrive meanwhile are kept)."""
        wanted = self.send(method, params, session)
        while True:
            message = self.receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if "method" in message:
                self.events.append(message)

    def next_message(self) -> dict[str, Any]:
        """The oldest kept event, else the next message from the browser."""
        return self.events.pop(0) if self.events else self.receive()

    def receive(self) -> dict[str, Any]:
        """The next message from the browser."""
        deadline = time.monotonic() + _REPLY_TIMEOUT_S
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._in], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise RuntimeError("Chromium stopped answering")
            chunk = os.read(self._in, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed its debugging pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        message: dict[str, Any] = json.loads(raw)
        return message


class BrowserJudge:
    """One headless Chromium; :meth:`judge` shows an SVG and reports what happened."""

    def __init__(self, pipe: _Pipe) -> None:
        self._pipe = pipe
        self.pages_judged = 0

    def judge(self, svg: str, mode: str) -> Verdict:
        """Show ``svg`` one way (see :data:`MODES`) in a fresh tab and collect violations."""
        pages = _pages(svg, mode)
        pipe = self._pipe
        target = pipe.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = pipe.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        verdict = Verdict(mode)
        try:
            self._show(session, pages, verdict)
        except _Enough:
            pass  # it is unsafe already; a payload may loop (focus → alert → focus → …)
        finally:
            pipe.call("Target.closeTarget", {"targetId": target})
        self.pages_judged += 1
        return verdict

    def _show(self, session: str, pages: dict[str, tuple[str, bytes]], verdict: Verdict) -> None:
        """Load the page, interact with every element, then let a few seconds of virtual time pass."""
        pipe = self._pipe
        for method in ("Page.enable", "Runtime.enable"):
            pipe.call(method, session=session)
        pipe.call("Fetch.enable", {"patterns": [{"urlPattern": "*"}]}, session)
        pipe.send("Page.navigate", {"url": f"{ORIGIN}/page"}, session)
        self._serve_until(session, pages, verdict, "Page.loadEventFired")
        evaluated = pipe.send("Runtime.evaluate", {"expression": _INTERACT, "returnByValue": True}, session)
        self._serve_until(session, pages, verdict, None, reply_id=evaluated)
        budget = {"policy": "advance", "budget": _VIRTUAL_TIME_MS}
        pipe.send("Emulation.setVirtualTimePolicy", budget, session)
        self._serve_until(session, pages, verdict, "Emulation.virtualTimeBudgetExpired")

    def _serve_until(
        self,
        session: str,
        pages: dict[str, tuple[str, bytes]],
        verdict: Verdict,
        event: str | None,
        reply_id: int | None = None,
    ) -> None:
        """Answer the page's requests and record violations until ``event`` (or a reply) arrives."""
        pipe = self._pipe
        while True:
            message = pipe.next_message()
            if reply_id is not None and message.get("id") == reply_id:
                verdict.elements = int(message.get("result", {}).get("result", {}).get("value") or 0)
                return
            if message.get("sessionId") != session or "method" not in message:
                if message.get("method") == "Target.targetCreated":
                    info = message["params"]["targetInfo"]
                    if info.get("openerId"):
                        verdict.violations.append(f"a new window: {info.get('url')}")
                continue
            method, params = message["method"], message["params"]
            if method == event:
                return
            if len(verdict.violations) >= _ENOUGH:
                raise _Enough
            if method == "Fetch.requestPaused":
                self._answer(session, params, pages, verdict)
            elif method == "Page.javascriptDialogOpening":
                verdict.violations.append(f"a {params['type']} dialog: {params['message'][:100]}")
                pipe.send("Page.handleJavaScriptDialog", {"accept": False}, session)
            elif method == "Runtime.consoleAPICalled":
                texts = [str(arg.get("value", arg.get("description", ""))) for arg in params["args"]]
                verdict.violations.append(f"console.{params['type']}: {' '.join(texts)[:100]}")
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                text = details.get("exception", {}).get("description") or details.get("text")
                verdict.violations.append(f"an exception: {str(text)[:100]}")
            elif method == "Page.frameNavigated":
                url = params["frame"]["url"]
                if not url.startswith(ORIGIN):
                    verdict.violations.append(f"a navigation to {url[:100]}")
            elif method == "Page.windowOpen":
                verdict.violations.append(f"window.open({params['url'][:100]})")

    def _answer(
        self, session: str, params: dict[str, Any], pages: dict[str, tuple[str, bytes]], verdict: Verdict
    ) -> None:
        url = params["request"]["url"]
        page = pages.get(url)
        if url == f"{ORIGIN}/favicon.ico":
            page = ("image/x-icon", b"")  # the browser's own request, not the page's
        if page is None:
            verdict.violations.append(f"a request for {url[:100]}")
            self._pipe.send(
                "Fetch.failRequest", {"requestId": params["requestId"], "errorReason": "BlockedByClient"}, session
            )
            return
        content_type, body = page
        self._pipe.send(
            "Fetch.fulfillRequest",
            {
                "requestId": params["requestId"],
                "responseCode": 200,
                "responseHeaders": [{"name": "Content-Type", "value": content_type}],
                "body": base64.b64encode(body).decode("ascii"),
            },
            session,
        )


def _pages(svg: str, mode: str) -> dict[str, tuple[str, bytes]]:
    """What the judge's origin serves for one SVG shown one way."""
    svg_bytes = svg.encode("utf-8")
    if mode == "document":
        return {f"{ORIGIN}/page": ("image/svg+xml", svg_bytes)}
    if mode == "inline":
        html = "<!doctype html><html><head><title>inline</title></head><body>" + svg + "</body></html>"
        return {f"{ORIGIN}/page": ("text/html; charset=utf-8", html.encode("utf-8"))}
    if mode == "img":
        html = '<!doctype html><html><body><img src="/diagram.svg" alt="diagram"></body></html>'
        return {
            f"{ORIGIN}/page": ("text/html; charset=utf-8", html.encode("utf-8")),
            f"{ORIGIN}/diagram.svg": ("image/svg+xml", svg_bytes),
        }
    raise ValueError(f"unknown mode {mode!r}")


def _above_four(fd: int) -> int:
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 5)
    os.close(fd)
    return moved


_TRAMPOLINE = (
    "import os, sys\n"
    "commands, replies = int(sys.argv[1]), int(sys.argv[2])\n"
    "os.dup2(commands, 3)\n"
    "os.dup2(replies, 4)\n"
    "os.close(commands)\n"
    "os.close(replies)\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)


@contextmanager
def judging(chromium: str) -> Iterator[BrowserJudge]:
    """Start headless Chromium with a private profile; stop it (and remove the profile) after."""
    profile = tempfile.mkdtemp(prefix="mermaid-printer-judge-")
    to_browser_r, to_browser_w = os.pipe()
    from_browser_r, from_browser_w = os.pipe()
    # Above 4, so that moving them to 3 and 4 in the child cannot close one of them.
    to_browser_r, from_browser_w = (_above_four(fd) for fd in (to_browser_r, from_browser_w))
    flags = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--remote-debugging-pipe",
        # Nothing resolves: even a request the interception missed cannot leave the machine.
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--disable-extensions",
        "--mute-audio",
        "about:blank",
    ]
    # The pipe must be the browser's fd 3 (commands) and fd 4 (replies); a Python one-liner moves
    # them there and execs the browser.
    process = subprocess.Popen(
        [sys.executable, "-c", _TRAMPOLINE, str(to_browser_r), str(from_browser_w), chromium, *flags],
        pass_fds=(to_browser_r, from_browser_w),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    os.close(to_browser_r)
    os.close(from_browser_w)
    pipe = _Pipe(process, to_browser_w, from_browser_r)
    try:
        pipe.call("Target.setDiscoverTargets", {"discover": True})
        yield BrowserJudge(pipe)
    finally:
        try:
            pipe.send("Browser.close")
            process.wait(timeout=20)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
        os.close(to_browser_w)
        os.close(from_browser_r)
        shutil.rmtree(profile, ignore_errors=True)
