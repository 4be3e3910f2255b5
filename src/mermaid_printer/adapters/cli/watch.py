"""``mermaid-printer render --watch``: render, then render again whenever an input changes.

Inputs are polled (modification time and size) rather than watched through an OS facility, so it
works the same everywhere, including on network and container mounts. Each round renders every
input through the same printer, whose result cache answers the diagrams that did not change:
only what changed is drawn. A round that fails is reported and the watch goes on; Ctrl-C stops
it cleanly (exit status 0).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

from mermaid_printer.errors import PrinterError

__all__ = ["POLL_SECONDS", "watch"]

#: How often the inputs are looked at.
POLL_SECONDS = 0.25

_Stamp = tuple[int, int] | None


def _stamp(path: Path) -> _Stamp:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def watch(
    inputs: Sequence[str],
    render: Callable[[], int],
    *,
    quiet: bool = False,
    stop: threading.Event | None = None,
    poll_seconds: float = POLL_SECONDS,
) -> int:
    """Run ``render`` (one round over every input; returns an exit status), then again each time
    one of ``inputs`` changes, until Ctrl-C or ``stop`` is set. Returns 0.

    Progress lines go to stderr unless ``quiet``: ``watching N inputs…`` once, then
    ``changed: NAME …`` and ``rendered`` (or ``render failed``) each round.
    """
    paths = [Path(name) for name in inputs]
    stop = stop or threading.Event()

    def say(text: str) -> None:
        if not quiet:
            print(text, file=sys.stderr, flush=True)

    def round_() -> None:
        try:
            status = render()
        except PrinterError as exc:
            print(f"error: {exc.summary()}", file=sys.stderr, flush=True)
            status = 1
        say("rendered" if status == 0 else "render failed; watching for the next change")

    stamps = {path: _stamp(path) for path in paths}
    # Ctrl-C sets the stop event rather than raising wherever the main thread happens to be (in
    # the printer's pool, a lock, a socket read), so the round in progress ends and the printer
    # closes as after any run.
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set()) if _in_main_thread() else None
    try:
        round_()
        say(f"watching {len(paths)} input{'s' if len(paths) != 1 else ''} for changes; Ctrl-C stops")
        while not stop.wait(poll_seconds):
            now = {path: _stamp(path) for path in paths}
            changed = [path for path in paths if now[path] != stamps[path]]
            if not changed:
                continue
            stamps = now
            say(f"changed: {' '.join(os.fspath(path) for path in changed)}")
            round_()
    except KeyboardInterrupt:
        pass
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    say("stopped watching")
    return 0


def _in_main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
