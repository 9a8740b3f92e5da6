"""On 15×15 at a desktop's size the controls for a move are in view beside
the whole board, without scrolling (issue 55, item 1: they were under the
board, below the fold, and during swap2 "You choose a colour" was said with
the choices off screen)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.browsing import DESKTOP, WIDE_DESKTOP, click, in_viewport, new_game

pytestmark = pytest.mark.browser
DESKTOPS = [DESKTOP, WIDE_DESKTOP]


def beside(page: Page, selector: str) -> bool:
    """Whether the element stands to the right of the board, within its height."""
    board, box = page.locator(".board").bounding_box(), page.locator(selector).bounding_box()
    return box["x"] >= board["x"] + board["width"] and box["y"] + box["height"] <= board["y"] + board["height"]


@pytest.mark.parametrize("viewport", DESKTOPS, ids=["1280x800", "1366x768"])
def test_on_15x15_hint_take_back_and_resign_are_in_view_beside_the_whole_board(browser: Browser, live_server: str,
                                                                               viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")
    click(page, 112)
    expect(page.locator(".reason")).to_contain_text("I played")
    assert page.evaluate("scrollY") == 0
    assert in_viewport(page, ".board")
    for control in ('button[name="hint"]', "#undo", "summary:text('Resign')"):
        assert in_viewport(page, control) and beside(page, control), control
    context.close()


@pytest.mark.parametrize("viewport", DESKTOPS, ids=["1280x800", "1366x768"])
def test_swap2s_choices_are_in_view_beside_the_board_when_the_status_asks_for_them(browser: Browser,
                                                                                   live_server: str, viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    page.locator("#board").select_option("15x15")
    page.locator("#opening").select_option("swap2")
    new_game(page, "master", "human")
    expect(page.locator("#status")).to_have_text("Swap2: You choose: black, white, or two more stones.")
    for name in ("Play black", "Play white", "Put down two more"):
        button = page.get_by_role("button", name=name)
        assert button.evaluate("element => { const box = element.getBoundingClientRect(); "
                               "return box.bottom <= innerHeight && box.right <= innerWidth; }"), name
    assert beside(page, ".swap2-choice")
    context.close()
