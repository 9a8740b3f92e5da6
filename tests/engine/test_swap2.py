"""Swap2's steps as the computer takes them (webapp/engine/swap2.py)."""

from __future__ import annotations

import random

import pytest

from webapp.engine import BOARDS, Position, swap2
from webapp.engine.rules import cells_of

FIFTEEN = BOARDS["15x15"]


def placed(rules, *names: str) -> Position:
    position = Position(rules)
    for name in names:
        position = position.play(rules.parse_cell_name(name))
    return position


@pytest.mark.parametrize("board", ["7x7", "15x15"])
def test_the_opening_is_black_white_black_round_the_middle(board: str) -> None:
    rules = BOARDS[board]
    for seed in range(6):
        stones = swap2.opening(rules, random.Random(seed))
        assert len(set(stones)) == 3 and stones[0] == rules.centre
        row, column = divmod(rules.centre, rules.size)
        assert all(abs(cell // rules.size - row) <= 2 and abs(cell % rules.size - column) <= 2 for cell in stones)
    assert swap2.opening(rules) == swap2.opening(rules)  # without dice, always the same


def test_the_opening_is_nearer_even_than_most_by_the_evaluation() -> None:
    """The opener's aim: the kept openings are the evaluation's most nearly
    even, which an opening of black's two stones side by side is not."""
    stones = swap2.opening(FIFTEEN)
    kept = abs(swap2._evaluation(placed(FIFTEEN, *map(FIFTEEN.cell_name, stones))))
    lopsided = abs(swap2._evaluation(placed(FIFTEEN, "h8", "a1", "i8")))
    assert kept < lopsided


def test_the_choice_is_the_colour_the_search_prefers() -> None:
    """Black's two side by side in the middle and white's stone far off: black
    is far better (master's search: about -1,000 for white), so black, with
    or without two more on offer. Black's two in far corners and white's in
    the middle: white is better, if barely (+31), so white, or, near even,
    two more where they are on offer."""
    black_ahead = placed(FIFTEEN, "h8", "a1", "i8")
    assert swap2.choice(black_ahead, may_place_two=False) == swap2.choice(black_ahead, may_place_two=True) == "black"
    white_ahead = placed(FIFTEEN, "a1", "h8", "o15")
    assert swap2.choice(white_ahead, may_place_two=False) == "white"
    assert swap2.choice(white_ahead, may_place_two=True) == "two"


def test_two_more_are_a_white_and_a_black_on_empty_squares_that_leave_no_line_to_complete() -> None:
    position = placed(FIFTEEN, "h8", "h9", "g6")
    white, black = swap2.two_more(position)
    after = position.play(white).play(black)
    assert len(cells_of(after.x)) == 3 and len(cells_of(after.o)) == 2 and after.to_move == "O"
    assert not after.winning_cells("X") and not after.winning_cells("O")


@pytest.mark.parametrize("board, rule, offered", [
    ("15x15", "freestyle", True), ("15x15", "standard", True), ("15x15", "renju", False), ("7x7", "standard", True),
    ("5x5", "freestyle", False), ("3x3", "freestyle", False)])
def test_swap2_is_offered_on_the_gomoku_boards_but_not_under_renju(board: str, rule: str, offered: bool) -> None:
    assert swap2.offered(BOARDS[board].with_rule(rule) if rule != "freestyle" else BOARDS[board]) is offered
