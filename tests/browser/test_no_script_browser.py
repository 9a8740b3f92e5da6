"""Every choice a game can start with, with JavaScript off and on (issue 67,
items 3, 4 and 8): a first visitor with no script sees the rule and the
opening and starts renju under RIF, where the Hint is greyed with why; with
the script the form is as before; a wrong code says so with the box to try again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def test_without_javascript_a_first_game_can_be_renju_under_rif(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto("/")
    for choice in ("#rule", "#opening", "#invite-rule", "#invite-opening"):
        expect(page.locator(choice)).to_be_visible()
    page.locator("#board").select_option("15x15")
    page.locator("#rule").select_option("renju")
    page.locator("#opening").select_option("rif")
    page.get_by_role("button", name="New game", exact=True).click()
    expect(page.locator("#status")).to_contain_text("RIF")
    expect(page.get_by_role("button", name="Hint")).to_be_disabled()
    expect(page.locator("#hint-withheld")).to_have_text(
        "No hint in RIF's opening: its stones and choices are yours to make.")
    context.close()


def test_with_javascript_the_rule_comes_with_the_boards_that_have_it(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/")
    for choice in ("#rule", "#opening"):
        expect(page.locator(choice)).to_be_hidden()
    page.locator("#board").select_option("15x15")
    expect(page.locator("#rule")).to_be_visible()
    context.close()


@pytest.mark.parametrize("javascript", [False, True], ids=["no JavaScript", "JavaScript"])
def test_a_wrong_code_says_so_with_the_box_to_try_again(browser: Browser, live_server: str, javascript: bool):
    context = browser.new_context(base_url=live_server, java_script_enabled=javascript, viewport=PHONE)
    page = context.new_page()
    page.goto("/")
    page.locator("#join-code").fill("abc def")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", level=2)).to_have_text("No game is waiting for the code ABCDEF")
    expect(page.locator("#join-code")).to_have_value("abc def")
    page.locator("#join-code").fill("ABC")
    page.get_by_role("button", name="Join").click()
    expect(page.get_by_role("heading", level=2)).to_have_text("That is not a game's code")
    context.close()
