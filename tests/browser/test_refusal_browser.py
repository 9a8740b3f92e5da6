"""A refusal moves nothing (issue 55, item 6): its message appears under the
board, by the controls, not above the board, which stayed put; and the
computer's last words stay under the status. Issue 67, item 6: on 15×15
at 1280×800 the side column stays put from state to state (a long
sentence above the board widened the game's column, x 921 → 832), and a
refusal's message, after the buttons, moves none of them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.browsing import DESKTOP, SMALL_PHONE, click, new_game, square
from webapp.engine import board_named

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


FIFTEEN = board_named("15x15")


def side_column_x(page) -> float:
    return page.locator(".match-side").bounding_box()["x"]


@pytest.mark.expected_console_errors("status of 409")
def test_on_15x15_the_side_column_and_the_buttons_stay_put_from_state_to_state(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "15x15")  # "Your opponent: the computer (master: it proves wins…)"
    seen = {"a new game against master": side_column_x(page)}
    new_game(page, "human", "human", "15x15")
    seen["a new game between two people"] = side_column_x(page)
    for name in ("h8", "a15"):
        click(page, FIFTEEN.parse_cell_name(name))
    seen["during play"] = side_column_x(page)
    stale = context.new_page()
    stale.goto("/")
    click(page, FIFTEEN.parse_cell_name("i8"))  # the game moves on in the other tab
    buttons = stale.locator(".move-controls > .controls").bounding_box()
    square(stale, FIFTEEN.parse_cell_name("a1")).click()
    expect(stale.get_by_role("alert")).to_contain_text("out of date")
    assert stale.locator(".move-controls > .controls").bounding_box()["y"] == buttons["y"], "the buttons moved down"
    seen["with a refusal's message"] = side_column_x(stale)
    stale.close()
    for name in ("a13", "j8", "a11", "k8", "a9", "l8"):
        click(page, FIFTEEN.parse_cell_name(name))
    expect(page.locator("#status")).to_have_text("Black wins!")
    seen["game over"] = side_column_x(page)
    first = seen["a new game between two people"]
    assert all(abs(x - first) <= 1 for x in seen.values()), seen
    context.close()
