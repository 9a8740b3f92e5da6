"""Long pro in the browser, end to end: the opening offered with the board
(not on 7×7, whose zones do not fit, nor under renju); against the computer,
the person opens at the centre, the computer's white comes, and the zone of
black's second stone is shaded on the board, its squares near the centre not
offered; a stone in the zone plays on in turn. RIF's whole opening at one
screen, its fifth moves clicked on the board."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.browsing import RENJU, click, new_game, replacing_the_game, square
from harness.opening_steps import fifth_moves_chosen, opening_choice, put_down, renju_opening
from tests.browser.test_online_browser import connected, take_the_seat
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


@pytest.mark.timeout(120)
@pytest.mark.expected_console_errors("status of 409")  # the symmetric point refused: its words are the page's
def test_rif_at_one_screen_a_swap_an_offer_clicked_point_by_point_and_white_s_pick(page: Page):
    """RIF's whole opening with a person's clicks: renju's rules come with
    renju, the swap is a button, black's fifth moves are chosen on the board
    (a second click takes one back), offered, and picked."""
    page.goto("/")
    page.locator("#board").select_option("15x15")
    assert page.locator("#opening option[value=rif]").is_disabled(), "RIF is renju's"
    page.locator("#rule").select_option("renju")
    assert page.locator("#opening option[value=swap2]").is_disabled()
    renju_opening(page, "rif")
    put_down(page, "h8", "h9", "h7")
    opening_choice(page, "Stay white")
    put_down(page, "h10")
    expect(page.locator("#status")).to_have_text(
        "RIF: The first player offers 2 fifth moves for black; white picks one.")
    offer = page.get_by_role("button", name="Offer 2 fifth moves")
    expect(offer).to_be_disabled()
    fifth_moves_chosen(page, "g6", "k3")
    replacing_the_game(page, square(page, RENJU.parse_cell_name("k3")).click)  # taken back
    expect(page.locator(".grid .offered")).to_have_count(1)
    replacing_the_game(page, square(page, RENJU.parse_cell_name("i6")).click)  # g6's mirror across column h
    expect(page.get_by_role("alert")).to_contain_text("g6 and i6 are the same move in a mirror of this position")
    fifth_moves_chosen(page, "j5")
    expect(page.locator(".offer-chosen")).to_have_text("2 of 2 chosen: g6, j5.")
    opening_choice(page, "Offer 2 fifth moves")
    expect(page.locator("#status")).to_have_text(
        "RIF: The second player picks black's fifth stone from those offered: g6 or j5.")
    expect(page.locator(".grid button.offered")).to_have_count(2)
    expect(square(page, RENJU.parse_cell_name("k3"))).to_be_disabled()
    put_down(page, "j5")
    expect(page.locator("#status")).to_have_text("White to move.")
    expect(page.locator(".moves li")).to_have_count(5)


@pytest.fixture
def two_browsers(browser: Browser, live_server: str):
    contexts = [browser.new_context(base_url=live_server) for _ in range(2)]
    yield [context.new_page() for context in contexts]
    for context in contexts:
        context.close()


def stone(page: Page, name: str) -> None:
    """A friend's stone of the opening, clicked, and its answer on this page."""
    moves = page.locator(".moves li").count()
    square(page, RENJU.parse_cell_name(name)).click()
    expect(page.locator(".moves li")).to_have_count(moves + 1)


@pytest.mark.timeout(120)
def test_between_friends_the_points_chosen_for_an_offer_outlive_a_message_from_the_friend(two_browsers):
    """The points chosen so far live in the offerer's page alone; the
    friend's draw offer comes by the stream and must not wipe them."""
    alice, bob = two_browsers
    alice.goto("/")
    alice.locator("#invite-board").select_option("15x15")
    alice.locator("#invite-rule").select_option("renju")
    alice.locator("#invite-opening").select_option("rif")
    alice.get_by_role("button", name="Invite a friend").click()
    expect(alice).to_have_url(re.compile(r"/g/[\w-]{22}$"))
    take_the_seat(bob, alice.url)
    connected(alice)
    for name in ("h8", "h9", "h7"):
        stone(alice, name)
    expect(bob.get_by_role("button", name="Stay white")).to_be_visible()
    bob.get_by_role("button", name="Stay white").click()
    expect(bob.locator("#status")).to_have_text("RIF: You put down white's second stone, anywhere.")
    stone(bob, "h10")
    expect(alice.locator("#status")).to_contain_text("RIF: You offer 2 fifth moves for black")
    square(alice, RENJU.parse_cell_name("g6")).click()
    expect(alice.locator(".offer-chosen")).to_have_text(re.compile(r"^1 of 2 chosen: g6\."))
    connected(alice)
    bob.get_by_role("button", name="Offer a draw").click()
    expect(alice.locator(".offer")).to_contain_text("Your opponent offers a draw.")
    expect(alice.locator(".offer-chosen")).to_have_text(re.compile(r"^1 of 2 chosen: g6\."))
    expect(alice.locator(".grid .offered")).to_have_count(1)
    square(alice, RENJU.parse_cell_name("j5")).click()
    expect(alice.locator(".offer-chosen")).to_have_text("2 of 2 chosen: g6, j5.")


@pytest.mark.timeout(120)
def test_clear_takes_back_every_point_chosen_and_the_page_stays_whole(page: Page):
    renju_opening(page, "rif")
    put_down(page, "h8", "h9", "h7")
    opening_choice(page, "Stay white")
    put_down(page, "h10")
    fifth_moves_chosen(page, "g6", "j5")
    page.get_by_role("link", name="Clear").click()
    expect(page.locator(".offer-chosen")).to_have_text("0 of 2 chosen. Click a point to add it.")
    expect(page.locator("#game")).to_have_count(1)
    expect(page.locator("header")).to_have_count(1)
