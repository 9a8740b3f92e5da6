"""The analysis board (issue 54: the board a club player expects): any
position set up stone by stone, the side to move and the rule chosen, why a
position cannot arise, the engine's line drawn on the board, and the
position opened as a game as it stands."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from tests.support import HTMX, Visitor
from webapp.analysis.setup import Setup
from webapp.engine import BOARDS, Position, is_solved, rules_offered


def cells(bits: int) -> list[int]:
    return [cell for cell in range(bits.bit_length()) if bits >> cell & 1]


def test_every_position_a_game_reaches_can_be_studied_with_either_side_to_move_where_the_engine_searches():
    """On every board and rule, positions of random games: the setup of
    their stones has no problem with the side the game has to move. The
    other side to move is studied after a pass where the engine searches,
    and refused where the solved table answers (it holds no pass) or on
    the empty board (nothing to pass yet)."""
    rng = random.Random(3)
    for rules in (board.with_rule(rule) for board in BOARDS.values() for rule in rules_offered(board)):
        for _ in range(20):
            position = Position(rules)
            for _ in range(rng.randint(0, rules.cells - 1)):
                cell = rng.choice(cells(position.empty))
                if position.why_not(cell):  # renju's first stone, or black's forbidden point
                    continue
                after = position.play(cell)
                if after.is_over:
                    break
                position = after
            setup = Setup(rules, frozenset(cells(position.x)), frozenset(cells(position.o)))
            assert setup.problem is None and setup.position == position and setup.to_move == position.to_move
            other = setup.turned("O" if position.to_move == "X" else "X")
            if is_solved(rules):
                assert "games never pass" in other.problem
            elif not position.stones:
                assert "there is no move yet to pass" in other.problem
            else:
                assert other.problem is None and other.passed and not setup.passed
                assert other.position == position._replace(passed=True) and other.position.to_move == other.to_move


@pytest.mark.parametrize("board, black, white, turn, why", [
    ("15x15", "h8-i8", "", None, "which no side to move fits"),
    ("15x15", "h8", "i8-j8", "o", "Here black has 1 stone and white 2 stones, which no side to move fits"),
    ("3x3", "a1-b1", "", "x", "X moves first, then the sides take turns, so X has as many stones as O or one more."),
    ("7x7", "a1-b1", "", "x", "Black moves first, then the sides take turns: without passes black has as many "
                              "stones as white or one more, and a position here takes one pass at most"),
    ("3x3", "b2", "a1", "o", "On 3×3 the evaluation is the solved game's"),
    ("4x4", "b2-c3", "a1", "x", "games never pass: O is to move here, as the counts say."),
    ("15x15", "", "", "o", "Black moves first on the empty board: there is no move yet to pass."),
    ("15x15", "a1-b1-c1-d1-e1", "a3-b3-c3-d3", "x", "Black already has five in a row"),
    ("15x15", "a1-b1-c1-d1-e1", "a3-b3-c3-d3", None, "Black already has five in a row"),
    ("15x15", "a1-b1-c1-d1-o15", "a3-b3-c3-d3-e3", None, "White already has five in a row"),
    ("15x15", "a1-b1-c1-d1-e1", "a3-b3-c3-d3-e3", None, "Both sides have five in a row"),
    ("15x15-renju", "h8-c8-d8-e8-f8-g8", "a1-a3-a5-a7-a9-a11", None, "under renju an overline is forbidden to black"),
    ("15x15-renju", "i8-j9", "a1", None, "Renju begins at the centre: a renju position has a black stone on h8."),
    ("15x15", "c8-d8-e8-f8-g8-h8", "a1-a3-a5-a7-a9-a11", None, "Black already has five in a row"),
])
def test_a_position_that_cannot_arise_says_why(board: str, black: str, white: str, turn: str | None, why: str):
    rules = BOARDS[board.split("-")[0]].with_rule(board.partition("-")[2] or "freestyle")
    assert why in Setup.parse(rules, black, white, turn).problem


def test_under_the_standard_rule_six_in_a_row_is_no_line_and_the_position_can_arise():
    setup = Setup.parse(BOARDS["15x15"].with_rule("standard"), "c8-d8-e8-f8-g8-h8", "a1-a3-a5-a7-a9-a11")
    assert setup.problem is None and setup.to_move == "X"


def test_a_click_places_replaces_or_removes_a_stone_and_keeps_the_side_to_move():
    rules = BOARDS["7x7"]
    empty = Setup(rules, turn="O")
    black = empty.changed(24, "x")
    assert black.black == {24} and black.changed(24, "o").white == {24} and not black.changed(24, "o").black
    assert black.changed(24, "empty") == empty and empty.changed(24, "empty") == empty and black.turn == "O"


def square_links(page: str) -> dict[str, str]:
    return dict((unescape(label), unescape(href)) for href, label in
                re.findall(r'<a class="cell[^"]*" href="([^"]*)" aria-label="([^"]*)"', page))


def test_the_board_links_each_square_to_the_setup_a_click_makes_keeping_the_side_and_the_line(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15?x=h8-i9&o=j10&tool=o&turn=o&line=on").text
    links = square_links(page)
    assert len(links) == 225
    assert links["a1, empty: place a white stone"] == "/analysis/15x15?x=i9-h8&o=j10-a1&turn=o&tool=o&line=on#at-board"
    assert links["j10, white: nothing to change"] == "/analysis/15x15?x=i9-h8&o=j10&turn=o&tool=o&line=on#at-board"
    assert "White to move, as you chose." in page


def test_the_side_to_move_is_chosen_by_a_link_and_the_counts_are_said_to_decide(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15?x=h8&o=i9").text
    assert "Black to move, as the counts of stones say." in page
    assert 'href="/analysis/15x15?x=h8&amp;o=i9&amp;turn=o&amp;tool=x#at-board">White</a>' in page
    chosen = unescape(visitor.client.get("/analysis/15x15?x=h8&o=i9&turn=o").text)
    assert ("White to move, as you chose: black passes, though the counts of stones put black to move. A game "
            "cannot begin with a pass; to play it out, choose black to move.") in chosen
    assert "Open it as a game" not in chosen
    assert '<a href="/analysis/15x15?x=h8&o=i9&turn=o&tool=x&line=on#at-board">Show the engine\'s evaluation' in chosen


def test_after_a_pass_the_evaluation_is_for_the_side_chosen(visitor: Visitor):
    """Black's open four (e8 to h8, both ends free): with black to move it wins
    at once; after black's pass white to move must block one end, and black wins at the other."""
    page = unescape(visitor.client.get("/analysis/15x15/evaluation?x=e8-f8-g8-h8&o=a1-a3-a5-a7&turn=o").text)
    assert "White to move, as you chose: black passes" in page
    assert re.search(r"Black can force a win whatever white plays, as far as the engine sees; (d8|i8) holds out\.",
                     page)
    assert "Open it as a game" not in page
    black_to_move = unescape(visitor.client.get("/analysis/15x15/evaluation?x=e8-f8-g8-h8&o=a1-a3-a5-a7").text)
    assert "A proven win in 1: black completes the line at" in black_to_move


def test_a_position_that_cannot_arise_offers_no_study_and_no_game(visitor: Visitor):
    page = unescape(visitor.client.get("/analysis/7x7?x=a1-b1").text)
    assert "which no side to move fits" in page
    assert "/analysis/7x7/evaluation" not in page and "Open it as a game" not in page and "play-from-here" not in page
    answer = visitor.client.get("/analysis/7x7/evaluation?x=a1-b1")
    assert answer.status_code == 200 and 'class="evaluation"' not in answer.text


def test_the_empty_board_and_the_start(visitor: Visitor):
    assert visitor.client.get("/analysis/").headers["Location"] == "/analysis/15x15"
    page = visitor.client.get("/analysis/3x3").text
    assert page.count('role="gridcell"') == 9 and "X to move, as the counts of stones say. The empty board." in page


@pytest.mark.parametrize("link, why", [
    ("/analysis/9x9", "9x9"),
    ("/analysis/15x15?x=h8&o=h8", "h8 has both a black stone and a white stone."),
    ("/analysis/3x3?x=b2&o=b2", "b2 has both an X and an O."),
    ("/analysis/3x3?x=d9", "The X stones name “d9”"),
    ("/analysis/3x3?turn=black", "The side to move is turn=x (X) or turn=o (O), not “black”."),
    ("/analysis/15x15?x=z9", "The black stones name “z9”"),
    ("/analysis/15x15?tool=paint", "The tool is one of x, o, empty"),
    ("/analysis/15x15?turn=black", "The side to move is turn=x (black) or turn=o (white), not “black”."),
    ("/analysis/15x15?line=yes", "The engine's line is line=on or line=off, not “yes”."),
    ("/analysis/15x15/evaluation?turn=2", "The side to move is turn=x"),
    ("/analysis/15x15/evaluation?o=p1", "The white stones name “p1”"),
    ("/analysis/3x3-renju", "The 3x3 board is played freestyle only"),
])
def test_a_link_that_is_no_setup_is_a_404_saying_why(visitor: Visitor, link: str, why: str):
    answer = visitor.client.get(link)
    assert answer.status_code == 404 and why in unescape(answer.text)


def test_a_replay_step_opens_on_the_analysis_board(visitor: Visitor):
    page = visitor.client.get("/replay/15x15/h8-i9-h9?step=2").text
    assert 'href="/analysis/15x15?x=h8&amp;o=i9">Set this position up on the analysis board</a>' in page


def test_under_renju_the_board_marks_black_s_forbidden_points_with_black_to_move_only(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15-renju?x=h8-i8-j9-j10&o=a1-a3-a5-a7").text
    assert 'aria-label="j8, empty, forbidden to black: double three: place a black stone"' in page
    assert "rules.css" in page and page.count('class="foul"') == 1
    white_to_move = visitor.client.get("/analysis/15x15-renju?x=h8-i8-j9-j10-a9&o=a1-a3-a5-a7").text
    assert "forbidden to black:" not in white_to_move and 'class="foul"' not in white_to_move
    freestyle = visitor.client.get("/analysis/15x15?x=h8-i8-j9-j10&o=a1-a3-a5-a7").text
    assert "forbidden" not in freestyle and 'href="/analysis/15x15-renju?x=j10-j9-h8-i8&amp;o=a7-a5-a3-a1' in freestyle


def test_the_analysis_board_opened_from_a_renju_game_is_renju_s(visitor: Visitor):
    """Issue 67, item 5: the header's "Analysis board" from a renju game
    opened freestyle; it opens the board and rule of the game in play."""
    visitor.post("/new", {"board": "15x15", "rule": "renju", "x": "human", "o": "easy"})
    assert visitor.match().game.rules.name == "15x15-renju"
    assert visitor.client.get("/analysis/").headers["Location"] == "/analysis/15x15-renju"
    visitor.post("/new", {"board": "7x7", "rule": "standard", "x": "human", "o": "easy"})
    assert visitor.client.get("/analysis/").headers["Location"] == "/analysis/7x7-standard"


@pytest.mark.parametrize("query, board", [
    ("?rule=renju", "15x15-renju"),
    ("?board=15x15&rule=renju", "15x15-renju"),
    ("?board=7x7&rule=standard", "7x7-standard"),
    ("?board=3x3", "3x3"),
    ("?rule=freestyle", "15x15"),
])
def test_a_link_names_the_board_and_rule_the_analysis_board_opens_under(visitor: Visitor, query: str, board: str):
    assert visitor.client.get(f"/analysis/{query}").headers["Location"] == f"/analysis/{board}"


def test_a_link_s_board_and_rule_over_the_game_in_play_s(visitor: Visitor):
    """The link's rule over the game's; the game's rule kept where only the board is named and plays it."""
    visitor.post("/new", {"board": "15x15", "rule": "renju", "x": "human", "o": "easy"})
    assert visitor.client.get("/analysis/?rule=standard").headers["Location"] == "/analysis/15x15-standard"
    assert visitor.client.get("/analysis/?board=7x7").headers["Location"] == "/analysis/7x7"


@pytest.mark.parametrize("query, why", [
    ("?rule=gomoku", "There is no rule “gomoku”; choose one of: freestyle, standard, renju."),
    ("?board=7x7&rule=renju", "The 7x7 board is played freestyle or standard, not “renju”."),
    ("?board=9x9&rule=renju", "There is no board “9x9”"),
])
def test_a_link_naming_no_board_or_rule_offered_is_a_404_saying_why(visitor: Visitor, query: str, why: str):
    answer = visitor.client.get(f"/analysis/{query}")
    assert answer.status_code == 404 and why in unescape(answer.text)


def test_the_analysis_board_keeps_its_rule_on_another_board_where_that_board_is_played_under_it(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15-renju?x=h8").text
    assert "Analysis board: 15×15, 5 in a row, renju" in page
    assert 'href="/analysis/15x15-renju" aria-current="page">15×15</a>' in page
    assert 'href="/analysis/7x7">7×7</a>' in page  # 7×7 has no renju
    standard = visitor.client.get("/analysis/7x7-standard").text
    assert 'href="/analysis/15x15-standard">15×15</a>' in standard and 'href="/analysis/3x3">3×3</a>' in standard


def test_the_whole_page_alone_gives_the_board_the_anchor_its_links_land_at(visitor: Visitor):
    """Without JavaScript a click loads the whole page, which lands at the
    board (#at-board); htmx's section has no such id, so htmx scrolls nowhere."""
    page = visitor.client.get("/analysis/15x15?x=h8").text
    assert 'id="at-board"' in page and 'href="/analysis/15x15?x=h8-a1&amp;tool=x#at-board"' in page
    swapped = visitor.client.get("/analysis/15x15?x=h8", headers=HTMX).text
    assert swapped.startswith('<section id="analysis"') and 'id="at-board"' not in swapped
    assert 'href="/analysis/15x15?x=h8-a1&amp;tool=x#at-board"' in swapped
