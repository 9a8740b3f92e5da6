"""A game's link on a phone (issue 55, item 8): one short line beside Copy
link, never cut off at the screen's edge, and copied whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from harness.browsing import SMALL_PHONE, click, new_game

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("javascript", [True, False], ids=["with-javascript", "without"])
def test_on_a_phone_a_long_games_link_is_one_line_within_the_screen(browser: Browser, live_server: str,
                                                                    javascript: bool):
    context = browser.new_context(base_url=live_server, viewport=SMALL_PHONE,
                                  java_script_enabled=javascript)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "human", "15x15")
    for cell in (112, 113, 97, 98, 127, 128, 82):
        click(page, cell)
    link = page.locator(".link a")
    # The whole address is the link's text, cut short on the screen (an ellipsis), not at its edge.
    assert link.evaluate("a => a.textContent === a.href")
    assert link.evaluate("a => getComputedStyle(a).textOverflow") == "ellipsis"
    line = link.bounding_box()
    assert line["height"] <= 30, "the link takes one line"
    assert line["x"] >= 0 and line["x"] + line["width"] <= SMALL_PHONE["width"], "the link stays within the screen"
    assert page.locator(".link").bounding_box()["height"] <= 50
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    context.close()
