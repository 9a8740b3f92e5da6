"""Every state of the pages that people look at, and how a person reaches it
in the browser: make screenshots draws each (tools/screenshots.py) and the
accessibility audit checks each, light and dark (tests/browser/test_accessibility.py).
The steps themselves are harness.browsing's.

STRANGERS are the states of playing strangers (accounts, the lobby, rated
games and their fair endings, the leaderboards): harness.strangers' steps,
on a server whose instance harness.strangers.seed_ratings filled first; the
audit checks each on a desktop and on a phone, light and dark
(tests/browser/test_strangers_accessibility.py)."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from playwright.sync_api import Page, expect

from harness.browsing import (
    COMPUTER_WINS,
    DRAW,
    REVIEWED_15X15,
    a_click_with_no_answer,
    a_learning_run_finished,
    a_learning_run_under_way,
    click,
    error_message,
    first_shipped_puzzle,
    ghost,
    inviting,
    new_game,
    offered_a_draw,
    on_board,
    play_out,
    puzzles_from_a_game_played_here,
    renju_forbidden_point,
    replacing_the_game,
    retrying_a_mistake,
    solve_puzzle,
    the_learning_lesson,
    waiting_for_a_free_engine,
    watching,
    won_against_easy,
    your_menace_has_played,
)
from harness.opening_steps import a_soosorv_8_offer, a_taraguchi_10_pick
from harness.strangers import (
    a_claim_on_its_way,
    a_claim_possible,
    a_player_with_ratings,
    a_rated_game_under_way,
    a_rated_games_end,
    a_seekers_page,
    aborted_by_a_player,
    aborted_by_the_server,
    before_both_have_moved,
    signing_up_refused,
    the_games_being_played_now,
    the_lobby_with_open_seeks,
)


def a_players_page(page: Page) -> None:
    """Signed up (a name of its own each time: the live server keeps its accounts), then the player's page."""
    name = f"player-{secrets.token_hex(3)}"
    page.goto("/signup")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password").fill("a long enough passphrase")
    page.get_by_role("button", name="Sign up").click()
    page.get_by_role("navigation").get_by_role("link", name=name, exact=True).click()  # "Signed in as <name>"
    expect(page.get_by_role("heading", name=name)).to_be_visible()


STATES: dict[str, Callable[[Page], None]] = {
    "a new game": lambda page: page.goto("/"),
    "mid-game": lambda page: (page.goto("/"), click(page, 4)),
    "won": won_against_easy,
    "lost": lambda page: (page.goto("/"), play_out(page, "worst"),
                          expect(page.locator("#status")).to_have_text(COMPUTER_WINS)),
    "drawn": lambda page: (page.goto("/"), play_out(page, "best"),
                           expect(page.locator("#status")).to_have_text(DRAW)),
    "coach on": lambda page: (page.goto("/"), page.get_by_role("button", name="Coach").click(),
                              expect(page.locator(".grid span")).to_have_count(9)),
    "human against human": lambda page: (page.goto("/"), new_game(page, "human", "human"), click(page, 0)),
    "computer against computer": lambda page: (page.goto("/"), new_game(page, "easy", "hard"),
                                               expect(page.locator(".moves li")).to_have_count(2)),
    "a replay step": lambda page: page.goto("/replay/40816?step=3"),
    "an error message": error_message,
    "4x4 with the coach": on_board("4x4", "human", "perfect", 5, coach=True),
    "5x5 mid-game": on_board("5x5", "human", "master", 12),
    "7x7 with the coach": on_board("7x7", "human", "human", 24, 25, 31, 26, 38, 27, 45, coach=True),
    "15x15 mid-game": on_board("15x15", "human", "master", 112),
    "a 15x15 replay step, opened by swap2": lambda page: page.goto(
        "/replay/15x15-standard/h8-h9-g6-i9-g8-j10-h10?step=3&opening=swap2-two"),
    "a renju replay, its opening named": lambda page: page.goto("/replay/15x15-renju/h8-h9-i9-g7-i7-i8-j6-k5?step=3"),
    "a renju review, its opening named": lambda page: page.goto("/review/15x15-renju/h8-h9-i9-g7-i7-i8-j6-k5?step=3"),
    "a replay of a game begun from a set-up position": lambda page: page.goto(
        "/replay/15x15/g7-k11-l12?x=h8-i9-j10&o=h9-h10&step=2"),
    "the review of a game begun from a set-up position": lambda page: (
        page.goto("/review/15x15/g7-k11-l12?x=h8-i9-j10&o=h9-h10&step=2"),
        expect(page.locator(".progress")).to_have_count(0, timeout=60_000)),
    "a RIF review at black's fifth, picked by white": lambda page: (
        page.goto("/review/15x15-renju/h8-h9-i9-g7-i7-i8-j6-k5?opening=rif&step=5"),
        expect(page.locator(".progress")).to_have_count(0, timeout=60_000)),
    "MENACE's box": on_board("3x3", "human", "menace", 4),
    "the network's values": on_board("3x3", "human", "network", 0),
    "how it learned": your_menace_has_played,
    "a learning run under way": a_learning_run_under_way,
    "a learning run finished": a_learning_run_finished,
    "the learning lesson": the_learning_lesson,
    "inviting a friend": inviting,
    "watching friends play": watching,
    "a friend offers a draw, on the clock": offered_a_draw,
    "15x15 with the coach": on_board("15x15", "human", "human", 112, 113, 97, 98, 82, 83, 67, coach=True),
    "a ghost stone on 15x15": lambda page: (on_board("15x15", "human", "master", 112)(page), ghost(page, 224)),
    "the think page on 15x15": lambda page: page.goto("/think/15x15/h8-i9-h9-h10"),
    "alpha-beta's marks": lambda page: page.goto("/think/3x3/4?alphabeta=on&open=0&open=1"),
    "a stepper mid-search, at a cut-off": lambda page: page.goto("/steps/3x3/40?search=alphabeta&step=17"),
    "the stepper's own order of moves": lambda page: page.goto("/steps/3x3/40?search=table&order=4,0,8&step=12"),
    "a prediction asked": lambda page: page.goto("/predict?kind=skip&seed=3"),
    "a prediction revealed": lambda page: page.goto("/predict?kind=choose&seed=1&answer=0&reveal=1"),
    "the lesson on the game tree": lambda page: page.goto("/lessons/game-tree?step=9"),
    "the lesson on minimax": lambda page: page.goto("/lessons/minimax?seed=2&answer=0&reveal=1"),
    "the lesson on alpha-beta": lambda page: page.goto("/lessons/alpha-beta?step=25"),
    "the lesson on ordering": lambda page: page.goto("/lessons/ordering?order=worst&step=40"),
    "a 3x3 review": lambda page: page.goto("/review/3x3/0123?step=4"),
    "a 15x15 review": lambda page: (page.goto(f"/review/15x15/{REVIEWED_15X15}?step=5"),
                                    expect(page.locator(".progress")).to_have_count(0, timeout=60_000)),
    "a resigned game's review": lambda page: (
        page.goto(f"/review/15x15/{REVIEWED_15X15.rsplit('-', 1)[0]}?black=Human&white=Computer,+master&resigned=O"),
        expect(page.locator(".progress")).to_have_count(0, timeout=60_000)),
    "retrying a mistake": retrying_a_mistake,
    "the puzzles": lambda page: page.goto("/puzzles"),
    "a puzzle half solved": lambda page: (first_shipped_puzzle(page), solve_puzzle(page, moves=1)),
    "puzzles from a game played here": puzzles_from_a_game_played_here,
    "a puzzle's hint": lambda page: (first_shipped_puzzle(page), page.get_by_role("button", name="Hint").click(),
                                     expect(page.locator(".grid .coach-hint")).to_have_count(1)),
    "waiting for a free engine": waiting_for_a_free_engine,
    "a click with no answer": a_click_with_no_answer,
    "about to resign": lambda page: (on_board("7x7", "human", "master", 24)(page),
                                     page.get_by_text("Resign", exact=True).click()),
    "a hint on 3x3": lambda page: (page.goto("/"), click(page, 4),
                                   replacing_the_game(page, page.get_by_role("button", name="Hint").click)),
    "a hint on 7x7": lambda page: (on_board("7x7", "human", "master", 24)(page),
                                   replacing_the_game(page, page.get_by_role("button", name="Hint").click)),
    "move numbers on 15x15": lambda page: (on_board("15x15", "human", "human", 112, 113, 97)(page),
                                           replacing_the_game(page,
                                                              page.get_by_role("button", name="Move numbers").click)),
    "my games": lambda page: (won_against_easy(page), page.goto("/games")),
    "how to play": lambda page: page.goto("/help"),
    "signing in": lambda page: page.goto("/signin"),
    "a player's page, signed in": a_players_page,
    "the analysis board": lambda page: page.goto("/analysis/15x15?x=h8-i9-j10&o=h9-h10&tool=o"),
    "the analysis board with its evaluation": lambda page: (
        page.goto("/analysis/15x15?x=h8-i9-j10&o=h9-h10&tool=o&line=on"),
        expect(page.locator(".grid .line-step").first).to_be_visible(timeout=30_000)),
    "the analysis board, a position that cannot arise": lambda page: page.goto(
        "/analysis/15x15?x=h8-i9-j10-k11&o=h9-h10"),
    "the analysis board after white's pass, with its evaluation": lambda page: (
        page.goto("/analysis/15x15?x=h8-i9-j10&o=h9-h10&turn=x&line=on"),
        expect(page.locator(".grid .line-step").first).to_be_visible(timeout=30_000)),
    "renju's forbidden points": renju_forbidden_point,
    "a swap2 choice": lambda page: (on_board("15x15", "human", "human")(page),
                                    page.locator("#opening").select_option("swap2"), new_game(page),
                                    *(click(page, cell) for cell in (112, 97, 98)),
                                    expect(page.get_by_role("button", name="Put down two more")).to_be_visible()),
    "a long pro zone": lambda page: (on_board("15x15", "human", "human")(page),
                                     page.locator("#opening").select_option("long-pro"), new_game(page),
                                     *(click(page, cell) for cell in (112, 98)),
                                     expect(page.locator(".outside-zone").first).to_be_visible()),
    "a pro opening against the computer": lambda page: (
        on_board("15x15", "hard", "human")(page), page.locator("#opening").select_option("pro"), new_game(page),
        expect(page.locator(".moves li")).to_have_count(1)),
    "a Soosõrv-8 offer of fifth moves": a_soosorv_8_offer,
    "a Taraguchi-10 pick of black's fifth": a_taraguchi_10_pick,
    "a record refused": lambda page: (page.goto("/open"),
                                      page.get_by_label("Or paste the record").fill("(;GM[4]SZ[9])"),
                                      page.get_by_role("button", name="Open").click(),
                                      expect(page.get_by_role("alert")).to_be_visible()),
    "Monte Carlo tree search mid-search": lambda page: page.goto("/monte-carlo/3x3/048?seed=1&iterations=57"),
    "Monte Carlo tree search, a node open": lambda page: page.goto("/monte-carlo/4x4/b2?seed=1&iterations=300&node=c3"),
    "the depth-limited search on 4x4": lambda page: page.goto("/depth/4x4/c4-a4-b4-a2-b1-c3-c1-d2?depth=2"),
    "the lesson on depth": lambda page: page.goto("/lessons/depth"),
    "the lesson on Monte Carlo tree search": lambda page: page.goto("/lessons/monte-carlo?seed=1&iterations=12"),
}


STRANGERS: dict[str, Callable[[Page], None]] = {
    "signing up": lambda page: page.goto("/signup"),
    "signing up refused, the name taken": signing_up_refused,
    "the lobby, anonymous": lambda page: page.goto("/lobby"),
    "the lobby with open seeks, signed in, one player blocked": the_lobby_with_open_seeks,
    "the lobby, a seeker's own rated seek open": a_seekers_page,
    "the games being played now": the_games_being_played_now,
    "a rated game under way, names and ratings beside the board": a_rated_game_under_way,
    "a rated game before both have moved, abort offered": before_both_have_moved,
    "a rated game aborted by a player": aborted_by_a_player,
    "a rated game aborted by the server": aborted_by_the_server,
    "a rated game, a claim on its way": a_claim_on_its_way,
    "a rated game, a claim possible": a_claim_possible,
    "a rated game's end, the rating change": a_rated_games_end,
    "a player's page with ratings and charts": a_player_with_ratings,
    "the leaderboards": lambda page: page.goto("/leaderboards"),
}
