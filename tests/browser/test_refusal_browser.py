"""A refusal moves nothing (issue 55, item 6): its message appears under the
board, by the controls, not above the board, which stayed put; and the
computer's last words stay under the status."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.browsing import DESKTOP, SMALL_PHONE, click, square

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, SMALL_PHONE],
                         ids=["desktop", "phone"])
@pytest.mark.expected_console_errors("status of 409")  # the refusal: its words are the page's
def test_a_refused_click_shows_why_in_view_and_moves_neither_the_board_nor_the_computers_words(
        browser: Browser, live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    stale, current = context.new_page(), context.new_page()
    stale.goto("/")
    click(stale, 4)
    expect(stale.locator(".reason")).to_contain_text("I played")
    current.goto("/")
    free = next(cell for cell in range(9) if square(current, cell).is_enabled())
    click(current, free)  # the game moves on in the other tab
    board = stale.locator(".board").bounding_box()
    open_on_stale = next(cell for cell in range(9) if cell != free and square(stale, cell).is_enabled())
    square(stale, open_on_stale).click()
    alert = stale.get_by_role("alert")
    expect(alert).to_contain_text("out of date")
    assert stale.locator(".board").bounding_box() == board, "the board moved"
    box = alert.bounding_box()
    assert box["y"] >= board["y"] + board["height"] and box["y"] + box["height"] <= viewport["height"]
    expect(stale.locator(".reason")).to_contain_text("I played")
    context.close()
