"""The main pages are each one click from the header, on a phone too, and
the header's links fit the screen (issue 55, item 10: the analysis board,
Open a record and the learners' page were linked only from How to play or
from inside a game)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from harness.browsing import DESKTOP, SMALL_PHONE

pytestmark = pytest.mark.browser

MAIN_PAGES = {
    "Play": "Tic-tac-toe and gomoku",
    "Lobby": "Lobby · Tic-tac-toe and gomoku",
    "Puzzles": "Puzzles · Tic-tac-toe and gomoku",
    "My games": "My games · Tic-tac-toe and gomoku",
    "Analysis board": "Analysis board · Tic-tac-toe and gomoku",
    "Open a record": "Open a record · Tic-tac-toe and gomoku",
    "Learn": "Learn how a computer plays · Tic-tac-toe and gomoku",
    "How to play": "How to play · Tic-tac-toe and gomoku",
}
"""Each link of the header's, and the title of the page it opens."""


@pytest.mark.parametrize("viewport", [DESKTOP, SMALL_PHONE],
                         ids=["desktop", "phone"])
def test_each_main_page_is_one_click_from_the_header_on_every_page(browser: Browser, live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/puzzles")
    for name, title in MAIN_PAGES.items():
        link = page.locator("header nav").get_by_role("link", name=name, exact=True)
        box = link.bounding_box()
        assert box is not None, f"the header has no link “{name}”"
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], f"“{name}” is cut off"
        assert box["y"] + box["height"] <= viewport["height"] / 4, f"“{name}” is not at the top of the page"
        link.click()
        page.wait_for_load_state()
        assert page.title() == title
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    context.close()
