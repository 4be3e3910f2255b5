"""``python -m mermaid_printer`` runs the ``mermaid-printer`` command line."""

import sys

from mermaid_printer.adapters.cli.start import main

sys.exit(main())
