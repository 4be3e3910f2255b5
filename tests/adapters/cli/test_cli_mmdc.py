"""mermaid-cli's flags and Markdown habits on ``mermaid-printer render``, run as a subprocess with
the real engine (the pure helpers without it)."""

from __future__ import annotations

import io
import json
import queue
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PIL import Image

from mermaid_printer.adapters.cli.mmdc import MmdcOptions, sized_svg, target_size, with_svg_id
from mermaid_printer.mermaid.markdown_blocks import find_mermaid_blocks

FLOWCHART = "flowchart LR\n  A[Start] --> B[Done]\n"


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "mermaid_printer", *args], capture_output=True, cwd=cwd, timeout=300, check=False
    )


def ours_on(stderr: bytes) -> list[bytes]:
    """The command's own lines on stderr (the warm engine process may log about itself)."""
    return [line for line in stderr.splitlines() if not line.startswith(b"mermaid-printer engine[")]


def root_tag(svg: bytes) -> str:
    found = re.search(rb"<svg\b[^>]*>", svg)
    assert found is not None
    return found.group(0).decode()


# --- without the engine ---------------------------------------------------------------------------


def test_colon_mermaid_blocks_count_only_when_asked_and_other_containers_are_searched_inside() -> None:
    markdown = '::: mermaid\nflowchart LR\n  A --> B\n:::\n\n::: note\n```mermaid\npie\n  "a": 1\n```\n:::\n'

    assert [block.code for block in find_mermaid_blocks(markdown)] == ['pie\n  "a": 1\n']
    found = find_mermaid_blocks(markdown, colon_blocks=True)
    assert [(block.code, block.first_line, block.last_line) for block in found] == [
        ("flowchart LR\n  A --> B\n", 1, 4),
        ('pie\n  "a": 1\n', 7, 10),
    ]


def test_the_size_flags_keep_proportions_unless_both_sides_are_given() -> None:
    assert target_size((200, 50), MmdcOptions(width=400)) == (400, 100)
    assert target_size((200, 50), MmdcOptions(height=100)) == (400, 100)
    assert target_size((200, 50), MmdcOptions(width=300, height=300)) == (300, 300)
    assert target_size((200, 50), MmdcOptions(scale=1.5)) == (300, 75)


def test_a_sized_svg_sets_width_and_height_and_keeps_the_viewbox() -> None:
    svg = '<svg xmlns="http://www.w3.org/2000/svg" id="m" style="max-width: 200px;" viewBox="0 0 200 50" width="100%"><g/></svg>'

    sized = sized_svg(svg, MmdcOptions(width=400))

    assert (
        sized
        == '<svg xmlns="http://www.w3.org/2000/svg" id="m" viewBox="0 0 200 50" width="400" height="100"><g/></svg>'
    )
    assert sized_svg(svg, MmdcOptions()) == svg


def test_an_svg_id_renames_the_root_and_every_id_derived_from_it() -> None:
    svg = '<svg id="mermaid-0123456789ab" aria-labelledby="t-mermaid-0123456789ab"><style>#mermaid-0123456789ab{}</style></svg>'

    assert with_svg_id(svg, "flow") == '<svg id="flow" aria-labelledby="t-flow"><style>#flow{}</style></svg>'


# --- the real engine ------------------------------------------------------------------------------


@pytest.mark.engine
def test_an_mmdc_command_line_ports_by_changing_the_program_name(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    ported = run_cli("render", "-i", "a.mmd", "-o", "a.svg", "-t", "dark", "-b", "white", cwd=tmp_path)
    ours = run_cli("render", "a.mmd", "-o", "b.svg", "--theme", "dark", "--background", "white", cwd=tmp_path)

    assert (ported.returncode, ported.stderr) == (0, b"")
    assert ours.returncode == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert "background-color: white" in root_tag((tmp_path / "a.svg").read_bytes())


@pytest.mark.engine
def test_config_file_and_background_color_are_mmdc_spellings_of_config_and_background(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "c.json").write_text(json.dumps({"theme": "forest"}))

    run_cli("render", "a.mmd", "-o", "a.svg", "--configFile", "c.json", "--backgroundColor", "#eeeeee", cwd=tmp_path)
    run_cli("render", "a.mmd", "-o", "b.svg", "-c", "c.json", "--background", "#eeeeee", cwd=tmp_path)
    run_cli("render", "a.mmd", "-o", "c.svg", "--config", "c.json", "--background", "#eeeeee", cwd=tmp_path)

    drawn = {(tmp_path / name).read_bytes() for name in ("a.svg", "b.svg", "c.svg")}
    assert len(drawn) == 1


@pytest.mark.engine
def test_a_css_file_becomes_theme_css_and_is_sanitized(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    (tmp_path / "look.css").write_text(
        '@import url("https://example.invalid/x.css");\n.node rect { fill: #123456 !important; }\n'
        ".label { background: url(https://example.invalid/track.png); }\n"
    )

    result = run_cli("render", "a.mmd", "-o", "a.svg", "-C", "look.css", cwd=tmp_path)

    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "a.svg").read_text()
    assert "#123456" in svg
    assert "example.invalid" not in svg and "@import" not in svg


@pytest.mark.engine
def test_svg_id_names_the_root_and_leaves_no_generated_id(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)

    result = run_cli("render", "a.mmd", "-o", "a.svg", "-I", "login-flow", cwd=tmp_path)
    refused = run_cli("render", "a.mmd", "-o", "b.svg", "--svgId", "1 bad", cwd=tmp_path)

    assert result.returncode == 0, result.stderr
    svg = (tmp_path / "a.svg").read_bytes()
    assert 'id="login-flow"' in root_tag(svg) and b"#login-flow" in svg
    assert re.search(rb"mermaid-[0-9a-f]{12}", svg) is None
    assert refused.returncode == 2 and refused.stderr.startswith(b"error: INVALID_INPUT: --svg-id")


@pytest.mark.engine
def test_width_height_and_scale_size_svg_pdf_and_png(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    run_cli("render", "a.mmd", "-o", "plain.svg", cwd=tmp_path)
    view_box = re.search(r'viewBox="([^"]+)"', root_tag((tmp_path / "plain.svg").read_bytes()))
    assert view_box is not None
    natural_width, natural_height = (float(side) for side in view_box.group(1).split()[2:])

    for args in (["-o", "w.svg", "-w", "800"], ["-o", "s.pdf", "-s", "2"], ["-o", "h.png", "-H", "120"]):
        result = run_cli("render", "a.mmd", *args, cwd=tmp_path)
        assert result.returncode == 0, (args, result.stderr)

    tag = root_tag((tmp_path / "w.svg").read_bytes())
    assert f'viewBox="{view_box.group(1)}"' in tag and 'width="800"' in tag
    assert f'height="{round(800 * natural_height / natural_width, 3):g}"' in tag
    pdf = (tmp_path / "s.pdf").read_bytes()
    media_box = re.search(rb"/MediaBox \[ 0 0 ([0-9.]+) ([0-9.]+) \]", pdf)
    assert media_box is not None
    assert float(media_box.group(1)) == pytest.approx(natural_width * 2 * 0.75, abs=0.01)
    assert float(media_box.group(2)) == pytest.approx(natural_height * 2 * 0.75, abs=0.01)
    image = Image.open(io.BytesIO((tmp_path / "h.png").read_bytes()))
    assert image.size[1] == 120 and image.size[0] == pytest.approx(120 * natural_width / natural_height, abs=1)


@pytest.mark.engine
def test_markdown_mode_draws_colon_and_fenced_blocks_into_the_artefacts_folder_with_alt_text(tmp_path: Path) -> None:
    (tmp_path / "doc.md").write_text(
        "# Guide\n\n:::mermaid\nflowchart LR\n  accTitle: Payment flow\n  accDescr: How a payment goes\n"
        "  A --> B\n:::\n\n```mermaid\nflowchart LR\n  C --> D\n```\n"
    )

    result = run_cli("render", "-i", "doc.md", "-o", "out/doc.md", "-a", "out/images", "-q", cwd=tmp_path)

    assert result.returncode == 0 and not ours_on(result.stderr)
    document = (tmp_path / "out" / "doc.md").read_text()
    assert '![Payment flow](images/doc-1.svg "How a payment goes")' in document
    assert "![Diagram 2](images/doc-2.svg)" in document
    assert sorted(path.name for path in (tmp_path / "out" / "images").iterdir()) == ["doc-1.svg", "doc-2.svg"]


@pytest.mark.engine
def test_watch_renders_a_changed_input_again_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    (tmp_path / "a.mmd").write_text(FLOWCHART)
    watcher = subprocess.Popen(
        [sys.executable, "-m", "mermaid_printer", "render", "a.mmd", "-o", "a.svg", "--watch"],
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    assert watcher.stderr is not None
    stream = watcher.stderr

    def read_lines() -> None:
        for line in stream:
            lines.put(line)

    reader = threading.Thread(target=read_lines, daemon=True)
    reader.start()

    def wait_for(prefix: str) -> None:
        while True:
            line = lines.get(timeout=120)
            if line.startswith(prefix):
                return

    try:
        wait_for("watching 1 input")
        first = (tmp_path / "a.svg").read_text()
        (tmp_path / "a.mmd").write_text("flowchart LR\n  A[Start] --> B[Changed]\n")
        wait_for("changed: a.mmd")
        wait_for("rendered")
        second = (tmp_path / "a.svg").read_text()
        watcher.send_signal(signal.SIGINT)
        assert watcher.wait(timeout=60) == 0
    finally:
        if watcher.poll() is None:
            watcher.kill()
            watcher.wait()
        reader.join(timeout=10)
        stream.close()  # also when an assertion failed: an open pipe would warn in a later test
    assert "Done" in first and "Changed" not in first
    assert "Changed" in second
    rest = []
    while not lines.empty():
        rest.append(lines.get())
    assert "Traceback" not in "".join(rest)


@pytest.mark.engine
def test_icon_pack_files_draw_their_icons_and_a_bad_one_is_an_input_error(tmp_path: Path) -> None:
    pack = {"prefix": "acme", "width": 24, "height": 24, "icons": {"box": {"body": '<path d="M2 2h20v20H2z"/>'}}}
    (tmp_path / "acme.json").write_text(json.dumps(pack))
    (tmp_path / "bad.json").write_text("[]")
    (tmp_path / "a.mmd").write_text('flowchart LR\n  A@{ icon: "acme:box", label: "Box" } --> B\n')

    drawn = run_cli("render", "a.mmd", "-o", "a.svg", "--icon-pack", "acme.json", cwd=tmp_path)
    refused = run_cli("render", "a.mmd", "-o", "b.svg", "--icon-pack", "bad.json", cwd=tmp_path)
    missing = run_cli("render", "a.mmd", "-o", "c.svg", cwd=tmp_path)

    assert drawn.returncode == 0 and not ours_on(drawn.stderr)
    assert b'd="M2 2h20v20H2z"' in (tmp_path / "a.svg").read_bytes()
    assert refused.returncode == 2 and b"bad.json is not an Iconify JSON pack" in refused.stderr
    assert missing.returncode == 0 and b"warning: icon acme:box is in none of the icon packs searched" in missing.stderr
