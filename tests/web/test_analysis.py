"""The analysis board (issue: gomoku as players play it): any position set
up stone by stone, studied through the game that reaches it."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from tests.support import Visitor
from webapp.analysis.setup import Setup
from webapp.engine import BOARDS, Position
from webapp.shared.errors import InvalidInput
from webapp.shared.record import parse_moves, position_after, write_moves


def test_every_position_a_game_reaches_is_reached_by_the_moves_the_setup_writes():
    """On every board, random positions of random games: the setup of their
    stones gives moves that are a game (parse_moves checks each move) ending
    in exactly that position, whoever is to move."""
    rng = random.Random(3)
    for rules in BOARDS.values():
        for _ in range(40):
            position = Position(rules)
            for _ in range(rng.randint(0, rules.cells - 1)):
                after = position.play(rng.choice(position.legal_moves()))
                if after.is_over:
                    break
                position = after
            setup = Setup(rules, frozenset(cells(position.x)), frozenset(cells(position.o)))
            assert setup.problem is None
            moves = parse_moves(rules, write_moves(rules, setup.moves))
            assert position_after(rules, moves) == position


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
