"""A real ``mermaid-printer http`` server process (the DrainingServer ``serve`` runs, real signals)
whose printer is the fake one, holding each render until a file appears: for the SIGTERM tests.

    python gated_replica.py PORT DIRECTORY SHUTDOWN_DELAY_S DRAIN_S

Each render writes ``DIRECTORY/started`` and waits for ``DIRECTORY/release``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from adapter_fakes import FakePrinter
from process_tree import wait_for

from mermaid_printer.adapters.http.app import build_app
from mermaid_printer.adapters.http.serve import DrainingServer, uvicorn_config
from mermaid_printer.adapters.http.settings import HttpSettings


def main() -> None:
    port, directory, delay_s, drain_s = int(sys.argv[1]), Path(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
    printer = FakePrinter()

    def held(_options: object) -> None:
        (directory / "started").touch()
        # The test's signal (a file crosses processes); an hour bounds a test that never sends it.
        wait_for((directory / "release").exists, "the test's release", limit_s=3600)

    printer.on_render = held
    settings = HttpSettings(port=port, shutdown_delay_s=delay_s, drain_s=drain_s, rate_limit="none")
    app = build_app(settings, printer, capacity=2)
    DrainingServer(uvicorn_config(settings, app), app.state.draining, settings.shutdown_delay_s).run()


if __name__ == "__main__":
    main()
