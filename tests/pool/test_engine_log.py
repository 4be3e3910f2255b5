"""The engine processes' notes go through the caller's logging, at their level, not onto its stderr."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from process_tree import wait_for

from mermaid_printer.pool import RendererPool
from mermaid_printer.pool._engine_log import ENGINE_LOGGER, forward_engine_log

HERE = Path(__file__).parent
FAKE = "pool_fake_worker"


class _Collect(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.changed = threading.Event()

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
        self.changed.set()


def test_each_line_of_an_engine_process_is_logged_at_its_level() -> None:
    collect = _Collect()
    engine_logger = logging.getLogger(ENGINE_LOGGER)
    engine_logger.addHandler(collect)
    level = engine_logger.level
    engine_logger.setLevel(logging.DEBUG)
    stream = io.BytesIO(
        b"INFO 41 mermaid_printer.pool._zygote: spares will copy 12 KiB of pages\n"
        b"WARNING 41 mermaid_printer.pool._zygote: spares keep dying\n"
        b"Traceback (most recent call last):\n"
    )
    try:
        forward_engine_log(stream).join(timeout=30)
    finally:
        engine_logger.removeHandler(collect)
        engine_logger.setLevel(level)

    assert [(record.levelno, record.getMessage()) for record in collect.records] == [
        (logging.INFO, "engine[41] mermaid_printer.pool._zygote: spares will copy 12 KiB of pages"),
        (logging.WARNING, "engine[41] mermaid_printer.pool._zygote: spares keep dying"),
        (logging.DEBUG, "engine: Traceback (most recent call last):"),
    ]


def test_the_warm_process_notes_arrive_as_info_records_of_the_engine_logger(monkeypatch: pytest.MonkeyPatch) -> None:
    # A slow huge-page step (as on a machine that must compact memory) is a note, not a problem:
    # it was printed on the caller's stderr, breaking the CLI's progress line.
    monkeypatch.syspath_prepend(str(HERE))
    monkeypatch.setenv("FAKE_SLOW_COLLAPSE", "1")
    collect = _Collect()
    engine_logger = logging.getLogger(ENGINE_LOGGER)
    engine_logger.addHandler(collect)
    try:
        with RendererPool(FAKE, start_method="fork", spares=1) as pool:
            pool.start()

            def noted() -> logging.LogRecord | None:
                return next((r for r in collect.records if "huge pages is slow here" in r.getMessage()), None)

            record = wait_for(noted, "the note on the slow huge-page step", limit_s=30)
    finally:
        engine_logger.removeHandler(collect)

    assert record.levelno == logging.INFO and record.name == ENGINE_LOGGER
    assert record.getMessage().startswith("engine[")


def test_the_library_installs_no_log_handler() -> None:
    # An application decides where logs go; importing the library (its servers too) adds nothing.
    script = (
        "import logging, json\n"
        "import mermaid_printer, mermaid_printer.service, mermaid_printer.pool._backends\n"
        "import mermaid_printer.adapters.mcp.server, mermaid_printer.adapters.http.app\n"
        "loggers = [logging.getLogger(name) for name in logging.root.manager.loggerDict]\n"
        "print(json.dumps([len(logging.root.handlers)] + [l.name for l in loggers if getattr(l, 'handlers', None) "
        "and l.name.startswith('mermaid_printer')]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)

    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [0]
