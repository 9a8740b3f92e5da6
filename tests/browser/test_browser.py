"""A person's clicks in a real Chromium (Debian's), against a live server
(the browser fixtures are in conftest.py).

The engine is the test's oracle for which square to click (harness/browsing.py):
the worst one to let the computer win, the best one to reach a draw.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from harness.browsing import (
    CHROMIUM_ARGS,
    COMPUTER_WINS,
    DRAW,
    FACING_PERFECT,
    HEADLESS_CHROMIUM,
    NEW_GAME_AS_O,
    NEW_GAME_AS_X,
    QUEUED,
    RENJU,
    RENJU_DOUBLE_THREE_AT_J8,
    assert_not_reloaded,
    board_of,
    click,
    engines_busy,
    mark_page_as_not_reloaded,
    new_game,
    on_board,
    play_first_open_squares,
    play_out,
    replacing_the_game,
    square,
)

pytestmark = pytest.mark.browser
EMPTY_BOARD = "." * 9


def test_a_game_the_computer_wins(page: Page):
    page.goto("/")
    expect(page.locator("#status")).to_have_text(NEW_GAME_AS_X)
    expect(page.locator(".reason")).to_have_text(FACING_PERFECT)
    mark_page_as_not_reloaded(page)
    play_out(page, "worst")
    expect(page.locator("#status")).to_have_text(COMPUTER_WINS)
    expect(page.locator(".grid .win")).to_have_count(3)
    expect(page.locator(".grid .win.mark-o")).to_have_count(3)
    expect(page.locator(".grid button:enabled")).to_have_count(0)
    assert_not_reloaded(page)


def test_a_drawn_game_then_a_new_one(page: Page):
    page.goto("/")
    mark_page_as_not_reloaded(page)
    play_out(page, "best")
    expect(page.locator("#status")).to_have_text(DRAW)
    assert "." not in board_of(page)
    new_game(page)
    expect(page.locator("#status")).to_have_text(NEW_GAME_AS_X)
    expect(page.locator(".reason")).to_have_text(FACING_PERFECT)
    assert board_of(page) == EMPTY_BOARD
    assert_not_reloaded(page)


OPENED_BY_PERFECT = re.compile(re.escape(FACING_PERFECT) + r" It plays X and has played row \d, column \d\.")
"""Who you face, and where it played, when it plays first."""


def test_a_new_game_as_o_the_computer_opens(page: Page):
    page.goto("/")
    new_game(page, "perfect", "human")
    expect(page.locator("#status")).to_have_text(NEW_GAME_AS_O)
    expect(page.locator(".reason")).to_have_text(OPENED_BY_PERFECT)
    assert board_of(page).count("X") == 1
    play_out(page, "best")
    expect(page.locator("#status")).to_have_text(DRAW)


def test_cells_have_names_that_say_where_they_are_and_what_they_hold(page: Page):
    page.goto("/")
    click(page, 4)
    expect(page.get_by_role("button", name="Row 2, column 2, X")).to_be_disabled()
    expect(page.get_by_role("button", name="Row 2, column 2, X")).to_have_text("X")
    assert page.get_by_role("button", name="empty").count() == 7


def test_the_whole_game_plays_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    play_out(page, "worst")
    expect(page.locator("#status")).to_have_text(COMPUTER_WINS)
    new_game(page, "perfect", "human")
    expect(page.locator("#status")).to_have_text(NEW_GAME_AS_O)
    expect(page.locator(".reason")).to_have_text(OPENED_BY_PERFECT)
    context.close()


def test_a_click_on_a_board_out_of_date_is_refused_and_the_board_shown(page: Page):
    page.goto("/")
    other_tab = page.context.new_page()
    other_tab.goto("/")
    click(page, 4)
    square(other_tab, 0).click()
    expect(other_tab.get_by_role("alert")).to_contain_text("That board was out of date")
    assert board_of(other_tab) == board_of(page)
    expect(square(other_tab, 4)).to_be_disabled()


def test_two_computers_play_to_the_end_by_themselves(page: Page):
    page.goto("/")
    mark_page_as_not_reloaded(page)
    new_game(page, "easy", "hard")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Easy \(X\) against hard \(O\): X to move\.$"))
    expect(page.locator("#status")).to_have_text(re.compile(r"(wins|a draw)\.$"), timeout=20_000)
    assert page.locator(".moves li").count() >= 5
    expect(page.get_by_role("button", name="Next move")).to_have_count(0)
    assert_not_reloaded(page)


def test_two_computers_step_by_step_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    new_game(page, "medium", "perfect")
    steps = 0
    while page.get_by_role("button", name="Next move").count():
        page.get_by_role("button", name="Next move").click()
        steps += 1
        expect(page.locator(".moves li")).to_have_count(steps)
    expect(page.locator("#status")).to_have_text(re.compile(r"(wins|a draw)\.$"))
    context.close()


def test_take_back_in_the_middle_and_at_the_end(page: Page):
    page.goto("/")
    click(page, 4)
    expect(page.locator(".moves li")).to_have_count(2)
    page.get_by_role("button", name="Take back").click()
    expect(page.locator(".moves li")).to_have_count(0)
    expect(page.get_by_role("button", name="Take back")).to_be_disabled()
    play_out(page, "worst")
    expect(page.locator("#status")).to_have_text(COMPUTER_WINS)
    expect(page.locator(".score")).to_contain_text("Losses: 1")
    page.get_by_role("button", name="Take back").click()
    expect(page.locator("#status")).to_have_text("Your turn: you play X.")
    expect(page.locator(".score")).to_contain_text("Losses: 1")  # the finished game stays counted: a new one begins


def test_the_score_counts_a_game_once_and_resets(page: Page):
    page.goto("/")
    play_out(page, "best")
    expect(page.locator(".score")).to_contain_text("You against perfect")
    expect(page.locator(".score dd")).to_have_text("Wins: 0Draws: 1Losses: 0")
    page.reload()
    expect(page.locator(".score dd")).to_have_text("Wins: 0Draws: 1Losses: 0")
    page.get_by_role("button", name="Reset score").click()
    sure = page.get_by_role("button", name="Yes, reset the score")
    expect(sure).to_be_focused()  # the question is where the keyboard is, and nothing is lost yet
    expect(page.locator(".score dd")).to_have_text("Wins: 0Draws: 1Losses: 0")
    page.keyboard.press("Enter")
    expect(page.locator(".score")).to_contain_text("No finished games yet.")


def test_two_people_take_turns_at_one_screen(page: Page):
    page.goto("/")
    new_game(page, "human", "human")
    for cell in (0, 3, 1, 4, 2):
        click(page, cell)
    expect(page.locator("#status")).to_have_text("X wins!")
    expect(page.locator(".moves li").first).to_have_text("X: row 1, column 1")
    expect(page.locator(".score dd")).to_have_text("X wins: 1O wins: 0Draws: 0")


def test_the_coach_on_and_off(page: Page):
    page.goto("/")
    coach = page.get_by_role("button", name="Coach")
    expect(coach).to_have_attribute("aria-pressed", "false")
    expect(page.locator(".grid button span")).to_have_count(0)
    coach.click()
    expect(page.get_by_role("button", name="Coach")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".grid button span")).to_have_count(9)
    expect(page.locator(".grid .coach-draw")).to_have_count(9)
    expect(page.get_by_role("button", name="Row 2, column 2, empty, draw")).to_be_visible()
    click(page, 1)
    expect(page.locator(".grid button span")).to_have_count(7)
    page.reload()
    expect(page.locator(".grid button span")).to_have_count(7)
    page.get_by_role("button", name="Coach").click()
    expect(page.locator(".grid button span")).to_have_count(0)


def test_the_computer_says_why_it_moved(page: Page):
    page.goto("/")
    click(page, 0)
    expect(page.locator(".reason")).to_have_text(re.compile(r"^I played row \d, column \d\. .+\.$"))


def test_a_replay_stepped_through_with_its_buttons(page: Page):
    page.goto("/")
    play_out(page, "worst")
    moves = page.locator(".moves li").count()
    page.locator(".link a").click()
    expect(page.get_by_role("heading", name=f"Replay: step {moves} of {moves}")).to_be_visible()
    expect(page.locator("#status")).to_have_text("O wins!")
    mark_page_as_not_reloaded(page)
    page.get_by_role("link", name="First").click()
    expect(page.get_by_role("heading", name=f"Replay: step 0 of {moves}")).to_be_visible()
    assert board_of(page) == EMPTY_BOARD and page.url.endswith("?step=0")
    for step in range(1, 3):
        page.get_by_role("link", name="Next").click()
        expect(page.get_by_role("heading", name=f"Replay: step {step} of {moves}")).to_be_visible()
        expect(page.locator(".reason")).to_have_text(re.compile(rf"^{'XO'[(step - 1) % 2]} played "))
    page.get_by_role("link", name="Previous").click()
    expect(page.get_by_role("heading", name=f"Replay: step 1 of {moves}")).to_be_visible()
    assert page.locator(".grid span").count() == 8, "the coach's values come with each step"
    assert_not_reloaded(page)
    expect(page.locator("#step-previous")).to_be_focused()  # Previous keeps the focus after the swap
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name=f"Replay: step 0 of {moves}")).to_be_visible()
    expect(page.locator("#step-previous")).to_be_focused()  # now a span that goes nowhere
    page.go_back()
    expect(page.get_by_role("heading", name=f"Replay: step 1 of {moves}")).to_be_visible()
    # htmx restores the step from the server: let it finish, so that a script run
    # twice by the restore (the whole body swapped in) fails the test.
    page.wait_for_load_state("networkidle")


def test_a_replay_steps_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/replay/40816?step=0")
    page.get_by_role("link", name="Last").click()
    expect(page.get_by_role("heading", name="Replay: step 5 of 5")).to_be_visible()
    page.get_by_role("link", name="Previous").click()
    expect(page.get_by_role("heading", name="Replay: step 4 of 5")).to_be_visible()
    context.close()


def test_play_from_here(page: Page):
    page.goto("/replay/40816?step=2")
    page.get_by_label("Play on from here as X, against").select_option("easy")
    page.get_by_role("button", name="Play from here").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#status")).to_have_text("Your turn: you play X.")
    assert board_of(page) == "O...X...."
    expect(page.get_by_label("O", exact=True)).to_have_value("easy")


def test_copy_the_link_of_the_game(page: Page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto("/")
    click(page, 4)
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Copied")).to_be_visible()
    link = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/replay/4\d", link)


def test_marks_and_coach_values_are_told_apart_by_colour_and_words(page: Page):
    page.goto("/")
    replacing_the_game(page, page.get_by_role("button", name="Coach").click)  # else the click races the swap
    click(page, 1)  # an edge: some of X's squares now win, some draw
    style = "(element, property) => getComputedStyle(element)[property]"
    x, o = page.locator(".grid .mark-x").first, page.locator(".grid .mark-o").first
    assert x.evaluate(style, "color") != o.evaluate(style, "color")
    kinds = {kind: page.locator(f".grid .coach-{kind}") for kind in ("win", "draw", "loss")}
    present = {kind: found.first for kind, found in kinds.items() if found.count()}
    assert len(present) >= 2
    backgrounds = {found.evaluate(style, "backgroundColor") for found in present.values()}
    assert len(backgrounds) == len(present), "each kind of value has its own colour"
    for kind, found in present.items():
        expect(found).to_contain_text(kind)


# Boards beyond 3×3

@pytest.mark.parametrize("board, size, top", [("4x4", 4, "perfect"), ("5x5", 5, "master"), ("7x7", 7, "master"),
                                              ("15x15", 15, "master")])
def test_a_whole_game_against_the_computer_on_each_board(page: Page, board: str, size: int, top: str):
    page.goto("/")
    new_game(page, "human", top, board)
    expect(page.locator(".grid button")).to_have_count(size * size)
    mark_page_as_not_reloaded(page)
    assert play_first_open_squares(page) > 0
    expect(page.locator("#status")).to_have_text(re.compile(r"^(The computer wins\.|"
                                                            r"A draw\.|You win!)$"))
    if "wins" in page.locator("#status").inner_text():
        expect(page.locator(".grid .win").first).to_be_visible()
    expect(page.locator(".reason")).to_contain_text("I played ")
    assert_not_reloaded(page)


def test_two_people_on_7x7(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    for cell in (42, 0, 43, 1, 44, 2, 45, 3, 46):  # black along the bottom row, a1 to e1
        click(page, cell)
    expect(page.locator("#status")).to_have_text("Black wins!")
    expect(page.locator(".grid .win")).to_have_count(5)
    expect(page.locator(".moves li").first).to_have_text("Black: a1")
    expect(page.locator(".score")).to_contain_text("Two players on 7×7")


def test_two_computers_on_5x5_play_to_the_end_by_themselves(page: Page):
    page.goto("/")
    new_game(page, "easy", "master", "5x5")
    expect(page.locator("#status")).to_have_text(re.compile(r"(wins|a draw)\.$"), timeout=40_000)
    expect(page.get_by_role("button", name="Next move")).to_have_count(0)


def test_the_coach_and_a_replay_on_7x7(page: Page):
    page.goto("/")
    new_game(page, "human", "human", "7x7")
    replacing_the_game(page, page.get_by_role("button", name="Coach").click)
    for cell in (42, 0, 43, 1, 44, 2, 45):  # X: a1 b1 c1 d1, a four; O must block e1
        click(page, cell)
    expect(page.get_by_role("button", name="e1, empty, must block")).to_have_text("block")
    page.locator(".link a").click()
    expect(page).to_have_url(re.compile(r"/replay/7x7/a1-a7-b1-b7-c1-c7-d1$"))
    expect(page.get_by_role("heading", name="Replay: step 7 of 7")).to_be_visible()
    expect(page.locator(".reason")).to_have_text(
        "Black played d1. Black's reason: I make a four: white must block e1, or I complete five there.")


def test_play_from_here_on_15x15(page: Page):
    page.goto("/replay/15x15/h8-i9-h9?step=2")
    page.get_by_label("Play on from here as black, against").select_option("easy")
    page.get_by_role("button", name="Play from here").click()
    expect(page.locator("#status")).to_have_text("Your turn: you play black.")
    expect(page.locator(".moves li")).to_have_text(["Black: h8", "White: i9"])
    expect(page.locator("#board")).to_have_value("15x15")
    expect(page.get_by_label("White", exact=True)).to_have_value("easy")


def test_the_form_offers_only_the_levels_of_the_board_chosen(page: Page):
    page.goto("/")
    assert page.locator("#player-o option[value=master]").is_disabled()
    page.locator("#board").select_option("7x7")
    expect(page.locator("#player-o")).to_have_value("master")  # the strongest level stays the strongest
    assert page.locator("#player-o option[value=perfect]").is_disabled()
    page.locator("#board").select_option("4x4")
    expect(page.locator("#player-o")).to_have_value("perfect")


@pytest.mark.expected_console_errors("status of 409")  # the refusal: its words are the page's
def test_renju_chosen_on_the_form_marks_and_refuses_black_s_forbidden_point(page: Page):
    """From 3×3: the rule shows once 15×15 is chosen (renju not on 7×7);
    h8, then black's i8 j9 j10 make j8 a double three: marked, named, and a
    click there is refused with why, the game unchanged."""
    page.goto("/")
    expect(page.locator("#rule")).to_be_hidden()
    page.locator("#board").select_option("7x7")
    expect(page.locator("#rule")).to_be_visible()
    assert page.locator("#rule option[value=renju]").is_disabled()
    page.locator("#board").select_option("15x15")
    page.locator("#rule").select_option("renju")
    expect(page.locator("#invite-rule")).to_have_value("renju")  # the invitation follows the board and rule
    expect(page.locator("#invite-board")).to_have_value("15x15")
    new_game(page, "human", "human")
    for name in RENJU_DOUBLE_THREE_AT_J8:
        click(page, RENJU.parse_cell_name(name))
    forbidden = page.get_by_role("button", name="j8, empty, forbidden to black: double three")
    expect(forbidden).to_have_text("×")
    forbidden.click()
    expect(page.get_by_role("alert")).to_have_text("j8 is forbidden to black under renju (a double three).")
    expect(page.locator(".moves li")).to_have_count(len(RENJU_DOUBLE_THREE_AT_J8))
    expect(page.locator(".stones-legend")).to_contain_text("Renju: only exactly five wins for black")


def test_swap2_against_the_computer_you_open_and_choose(page: Page):
    """Swap2 on 15×15: the opening is offered with the rule, not under renju;
    the person puts down three stones; the computer chooses (master's search,
    on the engine workers); the game goes on by swap2's steps to a move."""
    page.goto("/")
    page.locator("#board").select_option("15x15")
    expect(page.locator("#opening")).to_be_visible()
    page.locator("#rule").select_option("renju")
    assert page.locator("#opening option[value=swap2]").is_disabled()
    page.locator("#rule").select_option("freestyle")
    page.locator("#opening").select_option("swap2")
    new_game(page, "human", "master")
    expect(page.locator("#status")).to_have_text("Swap2: You put down black, white, black: stone 1 of 3, black.")
    for name in ("h8", "h9", "g6"):
        click(page, RENJU.parse_cell_name(name))
    expect(page.locator(".moves li")).not_to_have_count(3)  # the computer has chosen, and moved or put down two
    if page.get_by_role("button", name="Play white").count():
        expect(page.locator("#status")).to_have_text("Swap2: You choose a colour: black or white.")
        replacing_the_game(page, page.get_by_role("button", name="Play white").click)
    expect(page.locator("#status")).to_have_text(re.compile(r"^Your turn: you play (black|white)\.$"))


def test_a_big_board_plays_with_javascript_off(browser: Browser, live_server: str):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    new_game(page, "human", "master", "7x7")
    click(page, 24)
    expect(page.locator(".moves li")).to_have_count(2)
    expect(page.locator(".moves li").first).to_have_text("Black: d4")
    context.close()


# Players that learn

def test_your_menace_learns_across_games_and_how_it_learned_shows_it(page: Page):
    page.goto("/")
    for _ in range(2):
        new_game(page, "human", "my-menace", "3x3")
        expect(page.locator(".learner")).to_have_count(0)
        click(page, 0)
        expect(page.get_by_role("heading", name="Your MENACE's box for its last move")).to_be_visible()
        expect(page.locator(".beads .drawn")).to_have_count(1)
        play_first_open_squares(page)
    page.get_by_role("link", name="How it learned").click()
    expect(page.get_by_text("It has played 2 games here:")).to_be_visible()
    expect(page.locator("figure.chart")).to_have_count(3)
    page.get_by_role("button", name="Empty your MENACE's boxes").click()
    expect(page.get_by_text("Your MENACE has not played yet.")).to_be_visible()


@pytest.mark.parametrize("width", [360, 1280])
def test_a_move_that_waits_for_a_free_engine_says_so_until_its_answer_comes(page: Page, width: int):
    page.set_viewport_size({"width": width, "height": 900})
    on_board("15x15", "human", "master")(page)
    board_top = page.locator(".grid").bounding_box()["y"]
    held = engines_busy(page)
    square(page, 112).click()
    expect(page.locator("#thinking")).to_be_visible()
    expect(page.locator("#thinking")).to_have_text(QUEUED)
    assert page.locator(".grid").bounding_box()["y"] == board_top  # one line, as the words it replaces
    stone = square(page, 112).evaluate("button => getComputedStyle(button).getPropertyValue('--stone')")
    black = page.evaluate("getComputedStyle(document.querySelector('.stones')).getPropertyValue('--black')")
    assert stone == black  # the stone played, under the pointer still, is a stone and not the hover's shadow
    held[0].continue_()
    expect(page.locator(".moves li")).to_have_count(2)
    expect(page.locator("#thinking")).not_to_be_visible()
    expect(page.locator("#thinking")).to_have_text("The computer is thinking…")


@pytest.mark.expected_console_errors("ERR_CONNECTION_FAILED", "htmx:error")
def test_a_move_that_gets_no_answer_says_so_and_takes_its_stone_back(page: Page):
    """The network fails (or the server outlasts the page's wait): the page
    says so, with a way to reload, and the stone the click showed goes."""
    on_board("15x15", "human", "master")(page)
    held = engines_busy(page)
    square(page, 112).click()
    expect(page.locator("#thinking")).to_have_text(QUEUED)
    held[0].abort("connectionfailed")
    expect(page.get_by_role("alert")).to_contain_text("No answer came from the server")
    expect(square(page, 112)).to_have_text("")
    expect(square(page, 112)).to_be_enabled()
    expect(square(page, 112)).not_to_have_class(re.compile(r"\blast\b"))
    expect(page.locator("#status")).to_contain_text("Your turn")  # not "thinking" any more
    page.unroute("**/move")
    square(page, 112).click()
    expect(page.locator(".moves li")).to_have_count(2)
    expect(page.locator("#no-answer")).to_have_count(0)


@pytest.mark.expected_console_errors("status of 503")
def test_an_answer_that_the_engines_are_busy_is_shown_in_place_of_the_game(page: Page):
    on_board("15x15", "human", "master")(page)
    page.route("**/move", lambda route: route.fulfill(
        status=503, headers={"Retry-After": "5"}, content_type="text/html; charset=utf-8",
        body='<section id="game" aria-label="Game"><p class="message" role="alert">The computer\'s engines are all '
             'busy just now. <a href="/">Reload</a></p></section>'))
    square(page, 112).click()
    expect(page.get_by_role("alert")).to_contain_text("engines are all busy")


def test_back_from_another_page_shows_the_game_as_it_stands(browser_type, live_server: str):
    """A 15×15 game, then a 3×3 one with two moves, then Puzzles, then Back:
    the 3×3 game comes back (the game page is never cached), and a click on
    it is played, not refused as out of date. In a browser that keeps no
    page in memory for Back (Chromium, told so), which must then ask again."""
    browser = browser_type.launch(executable_path=HEADLESS_CHROMIUM,
                                  args=[*CHROMIUM_ARGS, "--disable-back-forward-cache"])
    try:
        back_from_puzzles(browser.new_page(base_url=live_server))
    finally:
        browser.close()


def back_from_puzzles(page: Page) -> None:
    on_board("15x15", "human", "master", 112)(page)
    new_game(page, "human", "human", "3x3")
    click(page, 4)
    click(page, 0)
    page.get_by_role("link", name="Puzzles").first.click()
    expect(page).to_have_url(re.compile(r"/puzzles$"))
    page.go_back()
    assert board_of(page) == "O...X...."
    click(page, 8)
    expect(page.get_by_role("alert")).to_have_count(0)
    assert board_of(page) == "O...X...X"


def test_copy_the_link_where_the_page_has_no_clipboard(page: Page):
    """Over plain HTTP from another device the browser gives a page no
    clipboard: the link is selected, and the button says how to copy it."""
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    page.goto("/")
    click(page, 4)
    page.get_by_role("button", name="Copy link").click()
    expect(page.get_by_role("button", name="Selected: copy it with Ctrl+C or ⌘C")).to_be_visible()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/replay/4\d", page.evaluate("getSelection().toString()"))
