"""What the page says to a person at the moments the look-and-feel issues
found it silent or confusing (issue 55): where the computer played first
after "New game, sides swapped"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.browsing import DESKTOP, SMALL_PHONE, click, new_game, replacing_the_game, square

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
        f"Your opponent: the computer (perfect: it never loses). It plays X and has played {where}.")
    context.close()


def animated_marks(page: Page) -> list[str]:
    """The squares whose mark has begun to grow in (the "place" animation) since listening began."""
    return page.evaluate("window.grownIn")


def listen_for_marks_growing_in(page: Page) -> None:
    page.evaluate("""window.grownIn = [];
        document.addEventListener('animationstart', (event) => {
          if (event.animationName === 'place') window.grownIn.push(event.target.value);
        })""")


def test_after_take_back_the_marks_left_stay_still_and_only_a_new_mark_grows_in(page: Page):
    """Issue 67, item 8: the marks still on the board after Take back are no new moves."""
    page.goto("/")
    click(page, 4)
    click(page, next(cell for cell in range(9) if square(page, cell).is_enabled()))
    page.wait_for_timeout(300)  # the move's own marks have grown in: they are not heard below
    listen_for_marks_growing_in(page)
    replacing_the_game(page, page.locator("#undo").click)
    expect(page.locator(".grid .mark-x")).to_have_count(1)
    page.wait_for_timeout(300)  # longer than the animation: any that began has been heard
    assert animated_marks(page) == [], "nothing was placed: nothing grows in"
    click(page, next(cell for cell in range(9) if square(page, cell).is_enabled()))
    page.wait_for_timeout(300)
    computer = page.locator(".grid .last").get_attribute("value")
    assert computer in animated_marks(page), "the computer's reply, just placed, grows in"
    assert "4" not in animated_marks(page), "the centre's X was there before"


def test_after_a_swap_under_rif_the_new_game_form_names_the_players_at_once(page: Page):
    """Issue 67, item 7: easy opens under RIF, the person swaps and plays black: the form says so before any move."""
    page.goto("/")
    page.locator("#board").select_option("15x15")
    page.locator("#rule").select_option("renju")
    page.locator("#opening").select_option("rif")
    new_game(page, "easy", "human")
    expect(page.locator("#player-x")).to_have_value("easy")
    replacing_the_game(page, page.get_by_role("button", name="Swap: play black").click)
    expect(page.locator("#player-x")).to_have_value("human")
    expect(page.locator("#player-o")).to_have_value("easy")


def test_a_new_game_s_first_mark_grows_in_even_where_the_last_game_had_one(page: Page):
    """A new game starts afresh: the computer's first X grows in, though an X stood there before."""
    page.goto("/")
    swapped = page.get_by_role("button", name="New game, sides swapped")
    replacing_the_game(page, swapped.click)
    opened = page.locator(".grid .mark-x").get_attribute("value")
    new_game(page, "human", "perfect")  # the form's choices were swapped back: the person plays X
    click(page, int(opened))
    page.wait_for_timeout(300)
    listen_for_marks_growing_in(page)
    replacing_the_game(page, swapped.click)
    expect(page.locator(".grid .mark-x")).to_have_count(1)
    page.wait_for_timeout(300)
    assert page.locator(".grid .mark-x").get_attribute("value") in animated_marks(page)
