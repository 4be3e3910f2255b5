"""The engine processes' diagnostics, through the caller's :mod:`logging`.

An engine process (the warm zygote, its render children, a spawned worker) logs with the
standard :mod:`logging` module, one record a line on its stderr (:func:`configure_engine_process`),
at the level its caller's logger :data:`ENGINE_LOGGER` had when it was started
(:data:`LEVEL_ENV`). The caller reads that stream and logs each record again under
:data:`ENGINE_LOGGER` (:func:`forward_engine_log`), ``engine[pid]`` first: what reaches the
terminal is what the application's logging lets through. The library installs no handler, so an
application that configures nothing sees only warnings and errors (Python's last resort), and
the engine's day-to-day notes (huge pages, spares, snapshots) are ``INFO``. Lines that are not
records (a traceback, a stray print) are ``DEBUG``.
"""

from __future__ import annotations

import logging
import os
import re
import sys
import threading
from typing import IO

__all__ = [
    "ENGINE_LOGGER",
    "LEVEL_ENV",
    "configure_engine_process",
    "engine_log_level",
    "engine_stderr",
    "forward_engine_log",
]

#: The logger the engine processes' records arrive under in the caller.
ENGINE_LOGGER = "mermaid_printer.engine.process"
#: The level an engine process logs at (set by the caller when it starts one).
LEVEL_ENV = "MERMAID_PRINTER_ENGINE_LOG_LEVEL"

_RECORD = re.compile(r"^(DEBUG|INFO|WARNING|ERROR|CRITICAL) (\d+) ([\w.]+): (.*)$")
_LEVELS = {name: getattr(logging, name) for name in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")}
_FORMAT = "%(levelname)s %(process)d %(name)s: %(message)s"


def engine_log_level() -> int:
    """The level an engine process started now should log at: the least its caller lets through."""
    return logging.getLogger(ENGINE_LOGGER).getEffectiveLevel()


def configure_engine_process() -> None:
    """In an engine process: log records as one line each on stderr at the level the caller asked
    for (:data:`LEVEL_ENV`; warnings and up if it did not)."""
    try:
        level = int(os.environ.get(LEVEL_ENV, ""))
    except ValueError:
        level = logging.WARNING
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter(_FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)


_pipe_lock = threading.Lock()
#: (the pid that made it, the write end) of this process's pipe for its engine processes' stderr.
_pipe: tuple[int, int] | None = None


def engine_stderr() -> int:
    """The descriptor an engine process started now gets as its stderr: the write end of one
    pipe this process keeps for all of them, whose reader (one thread) logs what comes
    (:func:`forward_engine_log`). Made on first use (again in a forked child of this process)."""
    global _pipe
    with _pipe_lock:
        if _pipe is None or _pipe[0] != os.getpid():
            read_end, write_end = os.pipe()
            forward_engine_log(os.fdopen(read_end, "rb", buffering=0))
            _pipe = (os.getpid(), write_end)
        return _pipe[1]


def forward_engine_log(stream: IO[bytes]) -> threading.Thread:
    """Read an engine process's stderr to its end on a daemon thread, logging each line under
    :data:`ENGINE_LOGGER`; returns the thread."""

    def forward() -> None:
        logger = logging.getLogger(ENGINE_LOGGER)
        with stream:
            for raw in iter(stream.readline, b""):
                line = raw.decode("utf-8", "replace").rstrip("\n")
                record = _RECORD.match(line)
                if record is None:
                    logger.debug("engine: %s", line)
                else:
                    level, pid, name, message = record.groups()
                    logger.log(_LEVELS[level], "engine[%s] %s: %s", pid, name, message)

    thread = threading.Thread(target=forward, name="engine-log", daemon=True)
    thread.start()
    return thread
