"""A person's steps through renju's opening rules in the browser (RIF,
Soosõrv-8, Taraguchi-10): a new game under one, its stones, its choices'
buttons and black's fifth moves clicked on the board; and the states of
them that make screenshots draws (harness.states)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from harness.browsing import RENJU, click, new_game, on_board, replacing_the_game, square


def renju_opening(page: Page, opening: str, x: str = "human", o: str = "human") -> None:
    """A new renju game on 15×15 under one of renju's opening rules, between x and o."""
    on_board("15x15", x, o)(page)
    page.locator("#rule").select_option("renju")
    page.locator("#opening").select_option(opening)
    new_game(page)


def put_down(page: Page, *names: str) -> None:
    """Stones of an opening (or moves) clicked in turn, by their points' names."""
    for name in names:
        click(page, RENJU.parse_cell_name(name))


def opening_choice(page: Page, label: str) -> None:
    """An opening's choice: its button pressed, and the game that follows on screen."""
    replacing_the_game(page, page.get_by_role("button", name=label, exact=True).click)
    expect(page.locator(".thinking.htmx-request")).to_have_count(0)


def fifth_moves_chosen(page: Page, *names: str) -> None:
    """Points clicked for an offer of black's fifth moves: each is marked offered, the game unchanged."""
    for name in names:
        replacing_the_game(page, square(page, RENJU.parse_cell_name(name)).click)
        expect(square(page, RENJU.parse_cell_name(name))).to_have_class(re.compile(r"\boffered\b"))


def a_soosorv_8_offer(page: Page) -> None:
    """Soosõrv-8 at one screen: the opening, no swap, white's second, 3
    declared, no second swap, and two of black's three fifth moves chosen."""
    renju_opening(page, "soosorv-8")
    put_down(page, "h8", "i9", "h10")
    opening_choice(page, "Stay white")
    put_down(page, "g9")
    opening_choice(page, "Declare 3")
    opening_choice(page, "Stay black")
    fifth_moves_chosen(page, "g6", "j6")


TARAGUCHI_TEN = ("e4", "f4", "g4", "h4", "i4", "j4", "k4", "l4", "m4", "n4")
"""Ten fifth moves along row 4: no two alike in a mirror of the opening below."""


def a_taraguchi_10_pick(page: Page) -> None:
    """Taraguchi-10 at one screen: four stones each in its square, no swap,
    ten fifth moves offered along row 4; white's player to pick one."""
    renju_opening(page, "taraguchi-10")
    for name, held in (("h8", "white"), ("i9", "black"), ("g10", "white"), ("k7", "black")):
        put_down(page, name)
        opening_choice(page, f"Stay {held}")
    opening_choice(page, "Offer ten fifth moves")
    fifth_moves_chosen(page, *TARAGUCHI_TEN)
    opening_choice(page, "Offer 10 fifth moves")
    expect(page.locator(".grid .offered")).to_have_count(10)
