"""What lies between the status and the board (issue 55, item 2): the
notice that the computer is thinking has no line of its own there, so the
blank under the status's words is only the room kept for the computer's
longest words (so that the board never moves), not a band that looks as if
something failed to load."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from harness.browsing import DESKTOP, SMALL_PHONE, new_game

pytestmark = pytest.mark.browser
LINE = 24
"""A line of the status's text: 1.5 × 16 px."""

BETWEEN = """() => document.querySelector('.board').getBoundingClientRect().top
    - document.querySelector('#status-area').getBoundingClientRect().bottom"""
"""Pixels between the status's box (its words and the room kept for the
computer's longest words) and the board's edge."""


@pytest.mark.parametrize("viewport", [DESKTOP, SMALL_PHONE],
                         ids=["desktop", "phone"])
@pytest.mark.parametrize("board, opponent", [("15x15", "master"), ("3x3", "perfect")])
def test_nothing_but_the_room_for_the_computers_words_lies_between_the_status_and_the_board(
        browser: Browser, live_server: str, viewport, board: str, opponent: str):
    context = browser.new_context(base_url=live_server, viewport=viewport)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", opponent, board)
    expect(page.locator(".reason")).to_contain_text("Your opponent")
    assert page.evaluate(BETWEEN) < LINE / 2
    reason = page.locator("#status-area .reason")
    kept = reason.evaluate("element => parseFloat(getComputedStyle(element).minHeight)")
    assert kept <= (4 if board == "3x3" else 3) * LINE  # no more room than the longest reason takes on a phone
    context.close()


def test_the_thinking_notice_lies_within_the_status_not_on_a_line_of_its_own(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, viewport=DESKTOP)
    page = context.new_page()
    page.goto("/")
    status, notice = page.locator("#status-area").bounding_box(), page.locator("#thinking").bounding_box()
    assert status["y"] <= notice["y"] and notice["y"] + notice["height"] <= status["y"] + status["height"]
    context.close()
