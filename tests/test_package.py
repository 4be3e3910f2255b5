"""The package's public names, and what importing a part of it costs.

Every ``mermaid_printer.*`` import runs the package's ``__init__`` first; it imports the
public names' modules (the service, the request models, pydantic) only when a name is first
used, so the engine process (which needs none of them) starts without them.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import mermaid_printer


@pytest.mark.parametrize("name", mermaid_printer.__all__)
def test_every_public_name_resolves_to_the_object_its_module_defines(name: str) -> None:
    value = getattr(mermaid_printer, name)
    module_name = mermaid_printer._LAZY.get(name)
    if module_name is not None:
        assert value is getattr(importlib.import_module(module_name), name)
    assert name in dir(mermaid_printer)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'render_jpeg'"):
        _ = mermaid_printer.render_jpeg


def test_the_version_is_a_string() -> None:
    assert isinstance(mermaid_printer.__version__, str) and mermaid_printer.__version__


def test_the_engine_process_imports_neither_the_service_nor_the_request_models() -> None:
    # What `python -m mermaid_printer.pool._zygote` imports before it loads the worker.
    probe = (
        "import sys, json\n"
        "import mermaid_printer.pool._zygote, mermaid_printer.worker, mermaid_printer.bundles.mermaid.handlers\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith(('mermaid_printer.', 'pydantic', 'importlib.metadata')))))\n"
    )
    found = set(
        json.loads(subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout)
    )
    assert "mermaid_printer.bundles.mermaid.handlers" in found
    unwanted = {
        "mermaid_printer.service",
        "mermaid_printer.requests",
        "mermaid_printer.mermaid.requests",
        "mermaid_printer.markmap.requests",
        "pydantic",
    }
    assert not found & unwanted, found & unwanted
    assert "importlib.metadata" not in found
