"""What the page says to a person at the moments the look-and-feel issues
found it silent or confusing (issue 55): where the computer played first
after "New game, sides swapped"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from harness.browsing import DESKTOP, SMALL_PHONE

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, SMALL_PHONE],
                         ids=["desktop", "phone"])
def test_new_game_sides_swapped_says_where_the_computer_played_first(browser: Browser, live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    page.get_by_role("button", name="New game, sides swapped").click()
    expect(page.locator("#status")).to_have_text("Your turn: you play O.")
    first = page.locator(".grid .mark-x").get_attribute("aria-label")  # "Row 2, column 2, X, last move"
    where = re.match(r"(Row \d, column \d)", first).group(1).lower()
    expect(page.locator(".reason")).to_have_text(
        f"Your opponent: the computer (perfect: it never loses). It plays X; its stone is on {where}.")
    context.close()
