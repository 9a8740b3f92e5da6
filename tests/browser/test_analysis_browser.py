"""The analysis board in Chromium (issue 55, item 12): it passes the WCAG
2.2 AA audit on a phone, light and dark, its 225 points no longer each a
target too small to tap; Tab reaches the board once and the arrow keys move
between its points, as on the game's board. Issue 67, item 5: a stone
placed leaves the page where it was scrolled (without JavaScript the whole
page lands at the board), and at 1280×800 the whole 15×15 board is in view."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.accessibility import audit_both_schemes
from harness.browsing import DESKTOP, SMALL_PHONE, in_viewport

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [SMALL_PHONE, DESKTOP],
                         ids=["phone", "desktop"])
def test_the_analysis_board_passes_the_audit_light_and_dark(browser: Browser, live_server: str, axe_source: str,
                                                            viewport):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/analysis/15x15?black=h8-i9&white=h9")
    expect(page.locator(".grid a.cell")).to_have_count(225)
    audit_both_schemes(page, axe_source)
    context.close()


def test_tab_reaches_the_analysis_board_once_and_the_arrows_move_between_its_points(browser: Browser,
                                                                                     live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/analysis/15x15")
    focused = "() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent.trim()"
    stops = []
    for _ in range(40):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(focused))
    on_board = [stop for stop in stops if stop.startswith(("a15", "a14", "b15"))]
    assert on_board and len({stop for stop in stops if stop[:1] in "abcdefghijklmno" and stop[1:2].isdigit()}) == 1
    while not page.evaluate(focused).startswith("a15"):
        page.keyboard.press("Shift+Tab")
    for key, expected in (("ArrowRight", "b15"), ("ArrowDown", "b14"), ("ArrowLeft", "a14"), ("ArrowUp", "a15")):
        page.keyboard.press(key)
        assert page.evaluate(focused).startswith(expected), key
    page.keyboard.press("Enter")
    expect(page.locator(".grid a.cell.mark-x")).to_have_count(1)
    context.close()


@pytest.mark.timeout(90)
def test_set_a_position_choose_side_and_rule_see_the_line_and_open_it_as_a_game(browser: Browser, live_server: str):
    """The club player's path: stones set by clicks, the rule and the side to
    move chosen (the other side than the counts' after a pass, which no game
    begins with), the engine's line arriving on the board by htmx, and the
    position opened as a game, as it stands."""
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/analysis/15x15")
    # Each click swaps the board's section in; the next is made on the section it brought, as a person's is.
    page.get_by_label("h8, empty: place a black stone").click()
    expect(page.get_by_label("h8, empty: place a black stone")).to_have_count(0)
    page.get_by_role("link", name="White stone").click()
    expect(page.get_by_label("i9, empty: place a white stone")).to_have_count(1)
    page.get_by_label("i9, empty: place a white stone").click()
    expect(page.get_by_label("i9, empty: place a white stone")).to_have_count(0)
    page.get_by_role("link", name="Renju").click()
    expect(page.get_by_role("heading", name="Analysis board: 15×15, 5 in a row, renju")).to_be_visible()
    expect(page.get_by_text("Black to move, as the counts of stones say.")).to_be_visible()
    page.get_by_role("link", name="White", exact=True).click()  # against the counts: black passes
    expect(page.get_by_text("White to move, as you chose: black passes")).to_be_visible()
    expect(page.get_by_role("button", name="Open it as a game")).to_have_count(0)
    page.get_by_role("link", name="Black", exact=True).click()
    expect(page.get_by_text("Black to move, as you chose.")).to_be_visible()
    page.get_by_role("link", name="Show the engine's evaluation and best line").click()
    expect(page.locator(".grid .line-step").first).to_be_visible(timeout=30_000)
    assert "/evaluation" not in page.url  # the line came by htmx into the page asked for
    first = page.locator(".evaluation").inner_text()
    assert "1. " in first
    page.get_by_label("Open it as a game: you play black, against").select_option("easy")
    page.get_by_role("button", name="Open it as a game").click()
    expect(page.get_by_text("The game began from a position set up by hand.").first).to_be_visible()
    expect(page.locator(".grid .mark-x")).to_have_count(1)
    expect(page.locator(".grid .mark-o")).to_have_count(1)
    expect(page.locator("#status")).to_have_text("Your turn: you play black.")
    context.close()


PHONE = {"width": 390, "height": 844}


def test_a_stone_placed_leaves_the_page_where_it_was_scrolled(browser: Browser, live_server: str):
    """Each stone was a whole page, which opened at its top (scroll 191 → 0):
    htmx swaps the board's section alone, the page where it was."""
    context = browser.new_context(base_url=live_server, viewport=PHONE)
    page = context.new_page()
    page.goto("/analysis/15x15")
    page.evaluate("window.scrollTo(0, 191)")
    assert page.evaluate("scrollY") == 191
    for cell, stones in (("h8", 1), ("i9", 2)):
        page.get_by_label(f"{cell}, empty: place a black stone").click()
        expect(page.locator(".grid a.cell.mark-x")).to_have_count(stones)
        assert page.evaluate("scrollY") == 191
    assert page.url.endswith("/analysis/15x15?x=i9-h8&tool=x#at-board")  # the link kept for Back and a reload
    context.close()


def test_without_javascript_a_stone_placed_opens_the_page_at_the_board(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto("/analysis/15x15")
    page.get_by_label("h8, empty: place a black stone").click()
    expect(page.locator(".grid a.cell.mark-x")).to_have_count(1)
    tools_top = page.get_by_role("navigation", name="What a click does").evaluate(
        "nav => nav.getBoundingClientRect().top")
    assert page.evaluate("scrollY") > 0 and abs(tools_top) <= 1
    context.close()


def test_at_1280_by_800_the_whole_15x15_board_is_in_view_with_its_letters(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/analysis/15x15-renju?x=h8")
    expect(page.locator(".grid a.cell")).to_have_count(225)
    assert page.evaluate("scrollY") == 0
    for part in (".board.size-15", ".coordinates.columns", '[aria-label^="o1,"]', '[aria-label^="a1,"]'):
        assert in_viewport(page, part), part
    context.close()
