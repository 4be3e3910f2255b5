"""Iconify icon packs, offline: the built-in logos and mdi packs and a user's own, drawn in SVG,
PDF and PNG by the real engine, lazily (a diagram without icons is unchanged)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from mermaid_printer import Printer
from mermaid_printer.errors import InvalidInput
from mermaid_printer.mermaid.icons import ICON_PACKS_ENV, icon_subset, icon_warnings

ARCHITECTURE = """architecture-beta
    group api(cloud)[API]
    service db(logos:postgresql)[DB] in api
    service disk(mdi:harddisk)[Disk] in api
    db:L -- R:disk
"""
FLOWCHART_ICON = 'flowchart LR\n  A@{ icon: "mdi:account", label: "User" } --> B[Done]\n'
# A user pack whose one icon is a square, and an alias to it; its body tries a script and a remote <use>.
USER_PACK = {
    "prefix": "acme",
    "width": 24,
    "height": 24,
    "icons": {
        "box": {
            "body": '<path d="M2 2h20v20H2z" fill="#0a7"/><script>alert(1)</script>'
            '<use href="https://example.invalid/x.svg#i"/>'
        }
    },
    "aliases": {"crate": {"parent": "box"}},
}


@pytest.fixture
def user_pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "acme.json"
    path.write_text(json.dumps(USER_PACK))
    monkeypatch.setenv(ICON_PACKS_ENV, str(path))
    return path


# --- without the engine ---------------------------------------------------------------------------


def test_a_diagram_that_names_no_icon_gets_no_icons() -> None:
    assert icon_subset("flowchart LR\n  A[http://x] --> B:::done\n  click A call f()") is None
    assert icon_subset('pie\n  title Pets\n  "Dogs": 3') is None


def test_only_the_named_icons_of_each_pack_travel_with_the_render() -> None:
    subset = icon_subset(ARCHITECTURE)

    assert subset is not None and sorted(subset) == ["logos", "mdi"]
    assert list(subset["logos"]["icons"]) == ["postgresql"]
    assert list(subset["mdi"]["icons"]) == ["harddisk"]
    assert subset["mdi"]["prefix"] == "mdi" and subset["mdi"]["width"] == 24


def test_an_alias_brings_the_icon_it_names(user_pack: Path) -> None:
    subset = icon_subset('flowchart LR\n  A@{ icon: "acme:crate" }')

    assert subset is not None
    assert subset["acme"]["aliases"] == {"crate": {"parent": "box"}}
    assert list(subset["acme"]["icons"]) == ["box"]


def test_an_unknown_icon_is_a_warning_naming_it_and_the_packs_searched(user_pack: Path) -> None:
    (warning,) = icon_warnings("architecture-beta\n  service db(logos:no-such-logo)[DB]\n  service x(acme:box)[X]")

    assert warning.startswith("icon logos:no-such-logo is in none of the icon packs searched")
    assert "logos (built in)" in warning and "mdi (built in)" in warning and str(user_pack) in warning
    assert icon_warnings("architecture-beta\n  service s(server)[S]") == []


def test_a_user_pack_that_is_not_iconify_json_is_an_input_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"icons": {}}')
    monkeypatch.setenv(ICON_PACKS_ENV, str(path))

    with pytest.raises(InvalidInput, match="is not an Iconify JSON pack"):
        icon_subset('flowchart LR\n  A@{ icon: "x:y" }')


# --- the real engine ------------------------------------------------------------------------------


def _paths_in_icon(svg: str) -> list[str]:
    """The path data of the nested <svg> elements Mermaid draws icons as."""
    return re.findall(r'<svg[^>]*viewBox="[^"]*"[^>]*>(?:<g[^>]*>)*<path d="([^"]+)"', svg.split(">", 1)[1])


@pytest.mark.engine
def test_an_architecture_diagram_draws_vendored_icons_as_paths_in_svg_pdf_and_png() -> None:
    with Printer() as printer:
        svg = printer.render_svg(ARCHITECTURE)
        pdf = printer.render_pdf(ARCHITECTURE)
        png = printer.render_png(ARCHITECTURE)

    assert svg.warnings == []
    # logos:postgresql's elephant and mdi:harddisk, as paths from the packs.
    assert "M255.008 158.086" in svg.svg
    assert len(_paths_in_icon(svg.svg)) >= 2
    assert "<use" not in svg.svg and "<script" not in svg.svg
    assert pdf.pdf.startswith(b"%PDF-") and pdf.page_width_pt > 0
    image = Image.open(io.BytesIO(png.png)).convert("RGB")
    # The elephant's blue (#336791) is drawn.
    colours: set[tuple[int, int, int]] = {colour for _count, colour in image.getcolors(maxcolors=1 << 20) or []}  # type: ignore[misc]
    assert any(abs(r - 0x33) < 8 and abs(g - 0x67) < 8 and abs(b - 0x91) < 8 for r, g, b in colours)


@pytest.mark.engine
def test_a_flowchart_icon_shape_draws_the_mdi_icon() -> None:
    with Printer() as printer:
        with_icon = printer.render_svg(FLOWCHART_ICON)
        png = printer.render_png(FLOWCHART_ICON)
        pdf = printer.render_pdf(FLOWCHART_ICON)

    mdi_account = json.loads(Path(__file__).resolve().parents[2].joinpath("vendor/iconify-mdi/icons.json").read_text())[
        "icons"
    ]["account"]["body"]
    drawn = re.search(r'd="([^"]+)"', mdi_account)
    assert drawn is not None
    assert with_icon.warnings == []
    assert re.sub(r"\s+", "", drawn.group(1))[:12] in re.sub(r"\s+", "", with_icon.svg)
    assert png.png.startswith(b"\x89PNG") and pdf.pdf.startswith(b"%PDF-")


@pytest.mark.engine
def test_a_user_pack_icon_is_drawn_sanitized_with_no_script_or_remote_use(user_pack: Path) -> None:
    with Printer() as printer:
        result = printer.render_svg('flowchart LR\n  A@{ icon: "acme:crate", label: "Box" } --> B')

    assert result.warnings == []
    assert "M2 2h20v20H2z" in result.svg
    assert "<script" not in result.svg and "example.invalid" not in result.svg and "<use" not in result.svg


@pytest.mark.engine
def test_an_unknown_icon_draws_a_placeholder_and_warns() -> None:
    with Printer() as printer:
        result = printer.render_svg("architecture-beta\n  service db(logos:no-such-logo)[DB]\n")

    assert any("logos:no-such-logo" in warning for warning in result.warnings)
