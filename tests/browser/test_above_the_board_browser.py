"""What lies between the status and the board (issue 55, item 2): the
notice that the computer is thinking has no line of its own there, so the
blank under the status's words is only the room kept for the computer's
longest words (so that the board never moves), not a band that looks as if
something failed to load."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.browsing import new_game

pytestmark = pytest.mark.browser
LINE = 24
"""A line of the status's text: 1.5 × 16 px."""

BLANK_UNDER_WORDS = """() => {
    const said = [...document.querySelectorAll('#status-area p')].filter(p => p.textContent.trim());
    const bottom = Math.max(...said.map(p => {
        const range = document.createRange();
        range.selectNodeContents(p);
        const lines = range.getClientRects();
        return lines[lines.length - 1].bottom;
    }));
    return document.querySelector('.board').getBoundingClientRect().top - bottom;
}"""
"""Pixels from the last line of the status's words to the board's edge."""


def blank_under_words(page: Page) -> float:
    return page.evaluate(BLANK_UNDER_WORDS)


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, {"width": 360, "height": 740}],
                         ids=["desktop", "phone"])
def test_no_blank_band_between_the_status_and_the_board(browser: Browser, live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")
    expect(page.locator(".reason")).to_contain_text("Your opponent")
    assert blank_under_words(page) < LINE  # 15×15's words fill the room kept for them
    new_game(page, "human", "perfect", "3x3")
    expect(page.locator(".reason")).to_contain_text("Your opponent")
    # 3×3's longest reasons take up to three lines more than its opponent's name.
    assert blank_under_words(page) < 3 * LINE
    context.close()


def test_the_thinking_notice_lies_within_the_status_not_on_a_line_of_its_own(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto("/")
    status, notice = page.locator("#status-area").bounding_box(), page.locator("#thinking").bounding_box()
    assert status["y"] <= notice["y"] and notice["y"] + notice["height"] <= status["y"] + status["height"]
    context.close()
