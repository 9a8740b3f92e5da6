"""Two friends on two devices, in real Chromium: moves appear on the other
screen without a reload, a spectator watches, the rematch takes every page
along, and without JavaScript Refresh shows the game as it stands."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from harness.accessibility import audit_without_scripts
from harness.browsing import BOARD_TOP, assert_not_reloaded, board_comes_back_to, mark_page_as_not_reloaded, until

pytestmark = pytest.mark.browser


def invite(page: Page, board: str = "3x3", side: str = "x", clock: str = "none") -> str:
    """From the game's page, invite a friend; the new game's address."""
    page.goto("/")
    page.locator("#invite-board").select_option(board)
    page.locator("#invite-side").select_option(side)
    page.locator("#invite-clock").select_option(clock)
    page.get_by_role("button", name="Invite a friend").click()
    expect(page).to_have_url(re.compile(r"/g/[\w-]{22}$"))
    return page.url


def connected(page: Page) -> None:
    """Wait until the page's stream is open (htmx keeps its connection on the element)."""
    until(page, "document.querySelector('.live')?._htmx?.sse?.status === 200", "the stream opening")


def take_the_seat(page: Page, url: str) -> None:
    """Open the game's link and press Join (the link alone takes no seat)."""
    page.goto(url)
    page.get_by_role("button", name=re.compile("^Join the game")).click()
    expect(page.locator("#online-heading")).to_contain_text("you play")


def play(page: Page, cell: int) -> None:
    """Click a square and wait until this page shows the mark."""
    marks = page.locator(".grid .mark-x, .grid .mark-o").count()
    page.locator(f'.grid button[value="{cell}"]').click()
    expect(page.locator(".grid .mark-x, .grid .mark-o")).to_have_count(marks + 1)
    expect(page.locator(".grid .pending")).to_have_count(0)  # the answer, not only the mark shown at the click


@pytest.fixture
def friends(browser: Browser, live_server: str):
    contexts: list[BrowserContext] = []

    def open_page(java_script: bool = True) -> Page:
        context = browser.new_context(base_url=live_server, java_script_enabled=java_script)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield open_page
    for context in contexts:
        context.close()


def test_two_friends_play_live_while_a_third_watches_and_the_rematch_takes_them_all(friends):
    alice, bob, carol = friends(), friends(), friends()
    url = invite(alice)
    connected(alice)
    code = alice.locator(".code").inner_text()
    expect(alice.locator("#status")).to_have_text("Waiting for your friend to join.")

    bob.goto("/")
    bob.get_by_label("Join a friend's game, code").fill(code.lower())
    bob.get_by_role("button", name="Join", exact=True).click()
    expect(bob).to_have_url(url)  # seated at once: no second step
    expect(bob.locator("#status")).to_have_text("Your opponent's turn (X).")
    connected(bob)
    carol.goto(url)
    connected(carol)
    expect(carol.locator("#status")).to_have_text("X to move. You are watching.")
    expect(alice.locator("#status")).to_have_text("Your turn: you play X.")  # without a reload

    for page in (alice, bob, carol):
        mark_page_as_not_reloaded(page)
    for ply, (mover, cell) in enumerate(((alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2))):
        play(mover, cell)
        for other in (alice, bob, carol):  # the move on every screen, without a reload
            expect(other.locator(".moves li")).to_have_count(ply + 1)
    expect(alice.locator("#status")).to_have_text("You win!")
    expect(bob.locator("#status")).to_have_text("Your opponent wins.")
    expect(carol.locator("#status")).to_have_text("X wins. You are watching.")
    expect(bob.locator(".reason")).to_have_text("X played row 1, column 3. X wins with three in a row.")
    for page in (alice, bob, carol):
        assert_not_reloaded(page)
    expect(alice.locator(".score")).to_contain_text("You: 1")

    bob.get_by_role("button", name="Rematch, sides swapped").click()
    for page in (alice, bob, carol):
        expect(page).not_to_have_url(url)
    expect(bob.locator("#status")).to_have_text("A rematch, sides swapped. Your turn: you play X.")
    # Alice's page was taken along by the stream: it says why it is on a new game.
    expect(alice.locator("#status")).to_have_text(
        re.compile(r"^A rematch, sides swapped\. Your opponent's turn \(X\)\.$"))
    expect(carol.locator("#status")).to_have_text("X to move. You are watching.")
    expect(alice.locator(".score")).to_contain_text("You: 1")


def test_on_a_phone_the_board_stays_put_as_a_friend_joins_and_the_turn_passes(friends):
    alice, bob = friends(), friends()
    for page in (alice, bob):
        page.set_viewport_size({"width": 360, "height": 740})
    invite(alice, "5x5")
    connected(alice)
    waiting = alice.evaluate(BOARD_TOP)
    bob.goto("/")
    bob.get_by_label("Join a friend's game, code").fill(alice.locator(".code").inner_text())
    bob.get_by_role("button", name="Join", exact=True).click()
    connected(bob)
    expect(alice.locator("#status")).to_have_text("Your turn: you play X.")
    board_comes_back_to(alice, waiting, "the friend's joining")

    tops = {page: page.evaluate(BOARD_TOP) for page in (alice, bob)}
    for ply, (mover, cell) in enumerate(((alice, 12), (bob, 6), (alice, 13), (bob, 7))):
        play(mover, cell)
        for page in (alice, bob):
            expect(page.locator(".moves li")).to_have_count(ply + 1)
            board_comes_back_to(page, tops[page], f"move {ply + 1}")


def test_a_spectators_board_cannot_be_played(friends):
    alice, bob, carol = friends(), friends(), friends()
    url = invite(alice, "7x7")
    take_the_seat(bob, url)
    expect(bob.get_by_role("heading", level=2).first).to_have_text("7×7, 5 in a row, with a friend: you play white")
    carol.goto(url)
    expect(carol.locator("#status")).to_have_text("Black to move. You are watching.")
    expect(carol.locator(".grid")).to_have_attribute("aria-readonly", "true")
    expect(carol.locator(".grid button")).to_have_count(0)
    expect(carol.get_by_role("button", name=re.compile("^Join the game"))).to_have_count(0)


def test_without_javascript_refresh_shows_the_friends_move(friends):
    alice, bob = friends(java_script=False), friends(java_script=False)
    url = invite(alice, "5x5", "o")
    bob.goto(url)
    bob.get_by_role("button", name="Join the game: you play X").click()
    bob.locator('.grid button[value="12"]').click()
    expect(bob.locator(".moves li")).to_have_text(["X: c3"])
    alice.get_by_role("link", name="Refresh").click()
    expect(alice.locator(".moves li")).to_have_text(["X: c3"])
    expect(alice.locator("#status")).to_have_text("Your turn: you play O.")


def test_a_friend_plays_by_keyboard_and_the_page_without_scripts_passes_the_audit(friends, browser: Browser,
                                                                                 live_server: str, axe_source: str):
    alice = friends()
    url = invite(alice, "7x7")
    bob = friends()
    take_the_seat(bob, url)
    connected(alice)
    expect(alice.locator("#status")).to_have_text("Your turn: you play black.")
    alice.locator('.grid button[value="0"]').focus()
    for key in ("ArrowRight", "ArrowDown", "Enter"):
        alice.keyboard.press(key)
    expect(bob.locator(".moves li")).to_have_text(["Black: b6"])  # square 8: row 2, column 2 of 7×7
    silent = friends(java_script=False)
    silent.goto(url)
    audit_without_scripts(browser, live_server, axe_source, silent.content())


def test_opening_the_link_leaves_the_seat_free_and_one_press_takes_it(friends):
    """Issue 66, item 8: opening the link in a fresh browser (a link scanner
    that runs scripts, a cross-site link) seats nobody; the Join button, in
    view on a 360×640 phone, is the one press that does (as lichess's
    challenge page has it)."""
    alice, bob = friends(), friends()
    bob.set_viewport_size({"width": 360, "height": 640})
    url = invite(alice)
    connected(alice)
    posts: list[str] = []
    bob.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    bob.goto(url)
    connected(bob)  # scripts have run, the stream is open: still a spectator's page
    assert posts == []  # nothing was sent for him
    expect(bob.get_by_role("heading", level=2).first).to_have_text(
        "3×3, 3 in a row, with a friend: a seat is free for you")
    alice.reload()
    expect(alice.locator("#status")).to_have_text("Waiting for your friend to join.")
    join = bob.get_by_role("button", name="Join the game: you play O")
    expect(join).to_be_in_viewport()
    join.click()
    expect(bob.get_by_role("heading", level=2).first).to_have_text("3×3, 3 in a row, with a friend: you play O")
    expect(bob.locator("#status")).to_have_text("Your opponent's turn (X).")
    expect(alice.locator("#status")).to_have_text("Your turn: you play X.")


def test_without_scripts_the_link_offers_the_free_seat_and_says_what_game_it_is(friends):
    alice, bob = friends(), friends(java_script=False)
    alice.goto("/")
    alice.locator("#invite-board").select_option("15x15")
    alice.locator("#invite-rule").select_option("renju")
    alice.get_by_role("button", name="Invite a friend").click()
    expect(alice).to_have_url(re.compile(r"/g/[\w-]{22}$"))
    bob.goto(alice.url)
    expect(bob.get_by_role("heading", level=2).first).to_have_text(
        "15×15, 5 in a row, with a friend: a seat is free for you")
    expect(bob.locator("#status")).to_have_text("Your friend is waiting for you: join to play white (renju).")
    bob.get_by_role("button", name="Join the game: you play white").click()
    expect(bob.get_by_role("heading", level=2).first).to_have_text("15×15, 5 in a row, with a friend: you play white")


def test_swap2_between_friends_the_choice_comes_live_and_the_seats_follow_it(friends):
    """Under swap2 on 15×15, Alice opens with three stones; Bob's page offers
    the choice as they arrive; he takes black, and both pages show who plays
    what now, without a reload."""
    alice, bob = friends(), friends()
    alice.goto("/")
    alice.locator("#invite-board").select_option("15x15")
    alice.locator("#invite-opening").select_option("swap2")
    alice.get_by_role("button", name="Invite a friend").click()
    expect(alice).to_have_url(re.compile(r"/g/[\w-]{22}$"))
    connected(alice)
    take_the_seat(bob, alice.url)  # the join's answer is a new page (and its stream)
    # Wait for it before asking after the stream.
    expect(bob.locator("#status")).to_have_text(
        "Swap2: Your opponent puts down black, white, black: stone 1 of 3, black.")
    connected(bob)
    expect(alice.locator("#status")).to_have_text("Swap2: You put down black, white, black: stone 1 of 3, black.")
    for cell in (112, 97, 98):  # h8, h9, i9
        play(alice, cell)
    expect(bob.locator("#status")).to_have_text("Swap2: You choose: black, white, or two more stones.")
    bob.get_by_role("button", name="Play black").click()
    expect(bob.locator("#status")).to_have_text("Your opponent's turn (white).")
    expect(alice.locator("#status")).to_have_text("Your turn: you play white.")
    expect(alice.locator("#online-heading")).to_contain_text("you play white")


def test_the_invitation_on_this_computer_speaks_to_a_player_not_to_whoever_runs_the_site(friends):
    """The live server's links name 127.0.0.1: the invite says the link
    works only here and what a friend elsewhere needs, with no command to type."""
    alice = friends()
    invite(alice)
    invitation = alice.locator(".invite")
    expect(invitation).to_contain_text("so it works only here")
    expect(invitation).to_contain_text("the site must be served on your network (README: HOST)")
    expect(invitation.locator("code")).to_have_count(0)
    assert "make run" not in invitation.inner_text()
