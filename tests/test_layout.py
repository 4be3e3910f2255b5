"""The house's shape: a generic package root, one folder per diagram family on each side of the
sandbox boundary, one bundle registry every other table names, and long modules that say why."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import mermaid_printer
from mermaid_printer.adapters.cli import start
from mermaid_printer.bundles import BUNDLES
from mermaid_printer.jobs import JOB_KINDS

PACKAGE = Path(mermaid_printer.__file__).resolve().parent
#: What the package root may hold: only modules every family shares.
GENERIC_ROOT = {
    "__init__",
    "__main__",
    "cache",
    "colors",
    "errors",
    "files",
    "jobs",
    "limits",
    "requests",
    "resources",
    "service",
    "wire",
    "worker",
}
#: A module longer than this says at its top (before its first import or statement) why it is kept whole.
LONG_MODULE_LINES = 600
# Where a non-editable install puts the vendored upstream JS (pyproject's force-include).
VENDORED = "_vendor"


def test_the_package_root_holds_only_generic_modules() -> None:
    assert {path.stem for path in PACKAGE.glob("*.py")} == GENERIC_ROOT


@pytest.mark.parametrize("family", sorted(BUNDLES))
def test_every_bundle_has_its_folder_with_scripts_handlers_and_glue(family: str) -> None:
    folder = PACKAGE / "bundles" / family
    assert (folder / "bundle.py").is_file() and (folder / "handlers.py").is_file()
    assert any((folder / "js").glob("*.js"))
    assert (PACKAGE / family / "requests.py").is_file() and (PACKAGE / family / "build.py").is_file()


def test_every_job_kind_and_one_shot_command_names_a_registered_bundle() -> None:
    assert {kind.bundle for kind in JOB_KINDS} == set(BUNDLES)
    assert set(start._ONE_SHOT_BUNDLES.values()) <= set(BUNDLES)


def test_the_host_side_family_folders_import_nothing_from_the_render_side() -> None:
    # The sandbox boundary is a folder boundary: request models and job builders only.
    render_side = (
        "mermaid_printer.bundles",
        "mermaid_printer.worker",
        "mermaid_printer.pool",
        "mermaid_printer.engine",
    )
    offending = []
    for family in ("mermaid", "markmap"):
        for path in sorted((PACKAGE / family).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(render_side):
                    offending.append(f"{family}/{path.name}: {node.module}")
    assert offending == []


def test_every_long_module_says_at_its_top_why_it_is_kept_whole() -> None:
    unexplained = []
    for path in sorted([*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js")]):
        if VENDORED in path.relative_to(PACKAGE).parts:
            continue  # upstream files, byte-identical to their packages: not ours to split
        lines = path.read_text(encoding="utf-8").splitlines()
        top = lines[
            : next(
                (n for n, line in enumerate(lines) if line.startswith(("from ", "import ", "(function", "const "))), 40
            )
        ]
        if len(lines) > LONG_MODULE_LINES and not any("Kept whole:" in line for line in top):
            unexplained.append(f"{path.relative_to(PACKAGE)} ({len(lines)} lines)")
    assert unexplained == []
