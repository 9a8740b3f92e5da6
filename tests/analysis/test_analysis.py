"""The analysis board (issue: gomoku as players play it): any position set
up stone by stone, studied through the game that reaches it."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from tests.support import Visitor
from webapp.analysis.setup import Setup
from webapp.engine import BOARDS, Position, rules_offered
from webapp.shared.errors import InvalidInput
from webapp.shared.game_link import parse_moves, write_moves


def test_every_position_a_game_reaches_is_reached_by_the_moves_the_setup_writes():
    """On every board and rule, random positions of random games: the setup
    of their stones gives moves that are a game (parse_moves checks each
    move, and the rule's) ending in exactly that position, whoever is to move."""
    rng = random.Random(3)
    for rules in (board.with_rule(rule) for board in BOARDS.values() for rule in rules_offered(board)):
        for _ in range(40):
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
            assert setup.problem is None
            moves = parse_moves(rules, write_moves(rules, setup.moves))
            assert Position.after(rules, moves) == position


def cells(bits: int) -> list[int]:
    return [cell for cell in range(bits.bit_length()) if bits >> cell & 1]


@pytest.mark.parametrize("black, white, why", [
    ("h8-i8", "", "Black has 2 stones and white 0"),
    ("h8", "i8-j8", "Black has 1 stone and white 2"),
    ("a1-b1-c1-d1-e1", "a3-b3-c3-d3", "Black already has 5 in a row"),
    ("a1-b1-c1-d1-o15", "a3-b3-c3-d3-e3", "White already has 5 in a row"),
])
def test_a_position_no_game_reaches_says_why(black: str, white: str, why: str):
    setup = Setup.parse(BOARDS["15x15"], black, white)
    assert why in setup.problem
    with pytest.raises(InvalidInput, match=why):
        setup.moves


def test_a_click_places_replaces_or_removes_a_stone():
    rules = BOARDS["7x7"]
    empty = Setup(rules)
    black = empty.changed(24, "x")
    assert black.black == {24} and black.changed(24, "o").white == {24} and not black.changed(24, "o").black
    assert black.changed(24, "empty") == empty and empty.changed(24, "empty") == empty


def test_the_board_links_each_square_to_the_setup_a_click_makes(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15?x=h8-i9&o=j10&tool=o").text
    links = dict((unescape(label), unescape(href)) for href, label in
                 re.findall(r'<a class="cell[^"]*" href="([^"]*)" aria-label="([^"]*)"', page))
    assert len(links) == 225
    assert links["a1, empty: place a white stone"] == "/analysis/15x15?x=i9-h8&o=j10-a1&tool=o"  # the board's order
    assert links["h8, black: place a white stone"] == "/analysis/15x15?x=i9&o=j10-h8&tool=o"
    assert links["j10, white: nothing to change"] == "/analysis/15x15?x=i9-h8&o=j10&tool=o"
    assert 'href="/think/15x15/i9-j10-h8"' in page and 'href="/replay/15x15/i9-j10-h8"' in page
    assert "O to move." in page


def test_a_position_not_yet_reached_by_a_game_says_why_and_offers_no_study(visitor: Visitor):
    page = visitor.client.get("/analysis/7x7?x=a1-b1").text
    assert "Black has 2 stones and white 0" in page and "/think/" not in page


def test_the_empty_board_and_the_start(visitor: Visitor):
    assert visitor.client.get("/analysis/").headers["Location"] == "/analysis/15x15"
    page = visitor.client.get("/analysis/3x3").text
    assert page.count('role="gridcell"') == 9 and "X to move: the empty board." in page


@pytest.mark.parametrize("link, why", [
    ("/analysis/9x9", "9x9"),
    ("/analysis/15x15?x=h8&o=h8", "h8 has both a black and a white stone."),
    ("/analysis/15x15?x=z9", "The black stones name “z9”"),
    ("/analysis/15x15?tool=paint", "The tool is one of x, o, empty"),
])
def test_a_link_that_is_no_setup_is_a_404_saying_why(visitor: Visitor, link: str, why: str):
    answer = visitor.client.get(link)
    assert answer.status_code == 404 and why in unescape(answer.text)


def test_a_replay_step_opens_on_the_analysis_board(visitor: Visitor):
    page = visitor.client.get("/replay/15x15/h8-i9-h9?step=2").text
    assert 'href="/analysis/15x15?x=h8&amp;o=i9">Set this position up on the analysis board</a>' in page


def test_under_renju_the_board_marks_black_s_forbidden_points_and_studies_the_position(visitor: Visitor):
    page = visitor.client.get("/analysis/15x15-renju?x=h8-i8-j9-j10&o=a1-a3-a5-a7").text
    assert 'aria-label="j8, empty, forbidden to black: double three: place a black stone"' in page
    assert "rules.css" in page and page.count('class="foul"') == 1
    replay = re.search(r'href="(/replay/15x15-renju/[^"]+)"', page).group(1)
    assert visitor.client.get(unescape(replay)).status_code == 200
    # The same stones under another rule are a link away, and have no forbidden points.
    freestyle = visitor.client.get("/analysis/15x15?x=h8-i8-j9-j10&o=a1-a3-a5-a7").text
    assert "forbidden" not in freestyle and 'href="/analysis/15x15-renju?x=j10-j9-h8-i8&amp;o=a7-a5-a3-a1' in freestyle


@pytest.mark.parametrize("query, problem", [
    ("15x15-renju?x=i8&o=a1", "Renju begins at the centre: a renju position has a black stone on h8."),
    ("15x15-renju?x=h8-c8-d8-e8-f8-g8-i8&o=a1-a3-a5-a7-a9-a11-a13",
     "No game under the renju rule that reaches this position could be found"),
    ("15x15-standard?x=c8-d8-e8-f8-g8&o=a1-a3-a5-a7-a9", "Black already has 5 in a row"),
])
def test_a_setup_no_game_under_the_rule_reaches_says_why(visitor: Visitor, query: str, problem: str):
    page = visitor.client.get(f"/analysis/{query}")
    assert page.status_code == 200 and problem in unescape(page.text)
    assert "/replay/" not in page.text


def test_under_the_standard_rule_six_in_a_row_is_reached_without_five_on_the_way():
    setup = Setup.parse(BOARDS["15x15"].with_rule("standard"), "c8-d8-e8-f8-g8-h8", "a1-a3-a5-a7-a9-a11")
    assert setup.problem is None
    rules = setup.rules
    moves = parse_moves(rules, write_moves(rules, setup.moves))
    assert Position.after(rules, moves).winner is None and len(moves) == 12
