"""Long pro in the browser, end to end: the opening offered with the board
(not on 7×7, whose zones do not fit, nor under renju); against the computer,
the person opens at the centre, the computer's white comes, and the zone of
black's second stone is shaded on the board, its squares near the centre not
offered; a stone in the zone plays on in turn."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from harness.browsing import click, new_game, square
from webapp.engine import BOARDS

pytestmark = pytest.mark.browser
FIFTEEN = BOARDS["15x15"]


@pytest.mark.timeout(120)
def test_long_pro_against_the_computer_zone_shown_and_kept(page: Page):
    page.goto("/")
    page.locator("#board").select_option("7x7")
    assert page.locator("#opening option[value=long-pro]").is_disabled(), "four from the centre is off a 7×7 board"
    assert not page.locator("#opening option[value=pro]").is_disabled()
    page.locator("#board").select_option("15x15")
    page.locator("#rule").select_option("renju")
    assert page.locator("#opening option[value=pro]").is_disabled()
    page.locator("#rule").select_option("freestyle")
    page.locator("#opening").select_option("long-pro")
    new_game(page, "human", "hard")
    expect(page.locator("#status")).to_have_text("Long pro: You put down black's first stone, at the centre.")
    expect(square(page, FIFTEEN.parse_cell_name("g7"))).to_be_disabled()
    click(page, FIFTEEN.parse_cell_name("h8"))
    expect(page.locator(".moves li")).to_have_count(2)  # the computer's white came with the answer
    expect(page.locator("#status")).to_have_text("Long pro: You put down black's second stone, at least 4 "
                                                 "intersections from the centre (outside the central 7×7).")
    near = square(page, FIFTEEN.parse_cell_name("k11"))
    expect(near).to_be_disabled()
    expect(near).to_have_class(re.compile("outside-zone"))
    click(page, FIFTEEN.parse_cell_name("l12"))
    expect(page.locator(".moves li")).to_have_count(4)
    expect(page.locator("#status")).to_have_text("Your turn: you play black.")
    expect(page.locator(".outside-zone")).to_have_count(0)
