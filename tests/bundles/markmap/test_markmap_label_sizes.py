"""Mind-map labels are as wide as markmap measures them in Chromium.

Expected sizes are what markmap-lib + markmap-view 0.18.12 drew for the same Markdown in Chromium
156 (font ``300 16px/20px Arial``, Debian's fonts-liberation, fonts-noto-cjk and
fonts-noto-color-emoji): the x2 of each node's underline, which is the label's scrollWidth plus
markmap's padding.
"""

from __future__ import annotations

import re

import pytest

from mermaid_printer.bundles.markmap import handlers as worker
from mermaid_printer.bundles.markmap.bundle import markmap_bundle
from mermaid_printer.engine.quickjs_engine import QuickJSEngine
from mermaid_printer.jobs import MarkmapRenderJob

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def engine() -> QuickJSEngine:
    engine = QuickJSEngine(markmap_bundle())
    worker.warm_up(engine)
    return engine


def underline_ends(engine: QuickJSEngine, markdown: str) -> dict[str, float]:
    """Each node's underline end (x2), by markmap's data-path."""
    svg = worker.render(engine, MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=30000)).data.decode()
    return {
        path: float(x2)
        for path, x2 in re.findall(r'data-path="([^"]+)" transform="[^"]*"><line [^>]*x2="([\d.]+)"', svg)
    }


def test_an_emoji_sequence_is_as_wide_as_one_colour_emoji_glyph(engine: QuickJSEngine) -> None:
    markdown = "# Root\n- 🙋\u200d♀️ Contribuer\n- ⚙️ Settings\n- ✅ done 👍🏽 🇫🇷\n- ❤ text heart\n"

    ends = underline_ends(engine, markdown)

    # A ZWJ sequence, ⚙ with VS16 (DejaVu Sans has ⚙, but VS16 asks for the emoji), a skin tone
    # and a flag are one glyph each; ❤ alone is DejaVu's text glyph.
    assert [ends["1.2"], ends["1.3"], ends["1.4"], ends["1.5"]] == [117, 100, 127, 103]


def test_fullwidth_punctuation_next_to_punctuation_loses_half_its_width(engine: QuickJSEngine) -> None:
    markdown = "# 标题\n- **《Java 面试指北》**：先建立主线。\n- 中文，《书》和「文」。\n- （中）、【注】\n"

    ends = underline_ends(engine, markdown)

    # 》 before ： (across the end of the bold text), 《 after ，, 」 before 。, ） before 、 and
    # 【 after 、 are each trimmed by half an em (text-spacing-trim); 《 at the start is not.
    assert [ends["1.2"], ends["1.3"], ends["1.4"]] == [258, 178, 114]


def test_a_links_closing_bracket_before_a_colon_keeps_its_full_width(engine: QuickJSEngine) -> None:
    markdown = "# 标题\n- [《Java 面试指北》](./x.md)：先\n- **《Java 面试指北》**：先\n- 《书》：先\n"

    ends = underline_ends(engine, markdown)

    # Across a link in the same font markmap's label in Chromium keeps 》 whole; where the font
    # changes (bold) or inside one text it is trimmed.
    assert [ends["1.2"], ends["1.3"], ends["1.4"]] == [176, 178, 90]


def test_an_absolutely_positioned_iframe_takes_no_room_and_percentage_padding_follows_the_width(
    engine: QuickJSEngine,
) -> None:
    wrapper = '<div style="position: relative; padding-bottom: {}; height: 0;">'
    iframe = '<iframe src="https://example.com/embed" frameborder="0" style="position: absolute; top: 0; left: 0; width: 100%; height: 100%;"></iframe></div>'
    markdown = (
        f"# Root\n- {wrapper.format('53.59375%')}{iframe}\n  [:hr]\n"
        f"- A long label that sets the width {wrapper.format('56.25%')}{iframe}\n"
        '- <span style="position:absolute">floating</span>kept\n'
    )

    svg = worker.render(engine, MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=30000)).data.decode()
    boxes = {
        path: (float(x2), float(y1))
        for path, x2, y1 in re.findall(
            r'data-path="([^"]+)" transform="[^"]*"><line [^>]*x2="([\d.]+)" y1="([\d.]+)"', svg
        )
    }

    # The video wrapper is as wide as the text beside it (its padding counts as 0 while the
    # label's width is found) and as tall as its padding, a percentage of that width; the
    # positioned iframe and span add nothing to the label's size.
    assert boxes["1.2"] == (46.0, 35.875)
    assert boxes["1.3"] == (234.0, 142.875)
    assert boxes["1.4"] == (48.0, 20.875)


def test_a_button_is_an_inline_block_in_the_small_control_font_with_its_padding_and_border(
    engine: QuickJSEngine,
) -> None:
    code = '  ```vue-html\n  <div id="app">\n    <button @click="count++">\n      Count is: {{ count }}\n    </button>\n  </div>\n  ```\n'
    markdown = f"# Root\n- code\n{code}- <button>Submit</button> and text\n"

    svg = worker.render(engine, MarkmapRenderJob(markdown=markdown, options={}, timeout_ms=30000)).data.decode()
    boxes = {
        path: (float(x2), float(y1))
        for path, x2, y1 in re.findall(
            r'data-path="([^"]+)" transform="[^"]*"><line [^>]*x2="([\d.]+)" y1="([\d.]+)"', svg
        )
    }

    # Inside a code block the button keeps `white-space: pre` (three lines of 13.33px Arial);
    # beside text it sits on the baseline with its 1px/6px padding and 2px border.
    assert boxes["1.2"] == (187.0, 118.875)
    assert boxes["1.3"] == (137.0, 21.875)


def test_text_fields_and_button_inputs_take_the_room_chromium_gives_them(engine: QuickJSEngine) -> None:
    markdown = (
        '# Root\n- Name: <input type="text" name="name" id="name" />\n'
        '- <input type="submit" value="Submit" /> <input type="button" value="Cancel" />\n'
        '- <label for="s">Search:</label> <input type="search" id="s" /> <button>Search</button>\n'
    )

    ends = underline_ends(engine, markdown)

    # A text field is 169 px of content at Arial 13.33px inside 1px/2px padding and a 2px
    # border; a submit or button input is its value drawn as a <button> is.
    assert [ends["1.2"], ends["1.3"], ends["1.4"]] == [247, 137, 317]
