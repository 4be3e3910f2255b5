"""The interactive mind-map page: cleaned labels, a strict policy, and it works offline in Chromium."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mermaid_printer.bundles.markmap.html import clean_label, interactive_page

TREE = {
    "content": "Root",
    "children": [
        {"content": '<a href="https://example.com">link</a> and <code>code</code>', "children": []},
        {"content": "branch", "children": [{"content": "leaf", "children": []}], "payload": {"tag": "li", "fold": 1}},
    ],
    "payload": {"tag": "h1", "lines": "0,1"},
}


@pytest.mark.parametrize(
    ("label", "cleaned"),
    [
        ("plain & simple", "plain &amp; simple"),
        ("no markup at all", "no markup at all"),
        ('<img src="https://x/y.png" alt="a picture"> after', "a picture after"),
        ('<a href="javascript:alert(1)" onclick="go()">x</a>', "<a>x</a>"),
        (
            '<a href="https://example.com">ok</a>',
            '<a href="https://example.com" rel="noopener noreferrer" target="_blank">ok</a>',
        ),
        ("<script>alert(1)</script>text", "text"),
        ('<iframe src="https://example.com"></iframe>text', "text"),
        ("<details><summary>s</summary>d</details>", "sd"),
        ('<p onmouseover="x()">p</p>', "<p>p</p>"),
        ('<td style="text-align:right">1</td>', '<td style="text-align:right">1</td>'),
        ('<td style="background:url(https://x)">1</td>', "<td>1</td>"),
        ("<!-- a comment -->text", "text"),
    ],
)
def test_a_label_keeps_only_inert_markup_and_an_image_becomes_its_alt_text(label: str, cleaned: str) -> None:
    assert clean_label(label) == cleaned


def inline_scripts(page: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", page, re.DOTALL)


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern``'s first match in ``text`` (which must match)."""
    match = re.search(pattern, text)
    assert match is not None, (pattern, text[:500])
    return match.group(1)


def test_the_page_inlines_d3_and_markmap_view_and_allows_exactly_its_own_scripts() -> None:
    page = interactive_page(TREE, {"duration": 300})

    policy = found(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page)
    allowed = set(re.findall(r"'sha256-([^']+)'", policy))
    scripts = inline_scripts(page)
    hashes = {base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode("ascii") for s in scripts}
    assert len(scripts) == 3 and hashes == allowed
    assert "default-src 'none'" in policy
    assert "d3js.org" in scripts[0] and "class Markmap" in scripts[1]
    assert not re.search(r"<script[^>]+src=", page)


def test_the_tree_is_embedded_as_json_that_cannot_end_its_script() -> None:
    tree = {"content": "</script><script>alert(1)</script>", "children": []}

    page = interactive_page(tree, {})

    boot = inline_scripts(page)[2]
    assert "</script" not in boot and "<" not in boot
    data = json.loads(found(r"var data=(\{.*?\});var m=", boot))
    assert data["root"]["content"] == ""  # the script element is dropped with its text


def test_the_page_keeps_only_the_fold_state_of_a_payload() -> None:
    page = interactive_page(TREE, {})

    data = json.loads(found(r"var data=(\{.*?\});var m=", inline_scripts(page)[2]))
    assert data["root"]["payload"] == {}
    assert data["root"]["children"][1]["payload"] == {"fold": 1}


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
QUIET = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-default-apps", "--disable-extensions",
    "--virtual-time-budget=5000",
]  # fmt: skip


def open_in_chromium(page: Path, net_log: Path) -> tuple[str, list[str]]:
    """The page's DOM after its scripts ran, and every URL the page itself asked the network for."""
    assert CHROMIUM is not None
    done = subprocess.run(
        [CHROMIUM, *QUIET, f"--log-net-log={net_log}", "--dump-dom", page.as_uri()],
        capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    log = json.loads(net_log.read_text(encoding="utf-8"))
    start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    requested = [
        event["params"]["url"]
        for event in log["events"]
        if event["type"] == start_job
        # requests made for the file:// page (the browser's own traffic has other keys)
        and "file://" in event["params"].get("network_isolation_key", "")
        and not event["params"]["url"].startswith("file:")
    ]
    return done.stdout, requested


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_a_page_that_loads_an_image_is_seen_asking_the_network(tmp_path: Path) -> None:
    leaking = tmp_path / "leak.html"
    leaking.write_text('<!DOCTYPE html><img src="https://example.invalid/x.png">', encoding="utf-8")

    _, requested = open_in_chromium(leaking, tmp_path / "net.json")

    assert requested == ["https://example.invalid/x.png"]


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
def test_the_page_draws_the_mind_map_offline_without_any_network_request(tmp_path: Path) -> None:
    tree = dict(
        TREE,
        children=[
            *TREE["children"],
            {"content": '<img src="https://example.invalid/a.png" alt="pic">', "children": []},
        ],
    )
    page = tmp_path / "map.html"
    page.write_text(interactive_page(tree, {"duration": 0}), encoding="utf-8")

    dom, requested = open_in_chromium(page, tmp_path / "net.json")

    assert requested == []
    # root, three children; the folded branch hides its leaf (a click on its circle shows it)
    assert dom.count('class="markmap-node') == 4
    assert 'class="markmap-node markmap-fold"' in dom
    assert "pic" in dom
