"""Swap2's steps as the computer takes them (webapp/engine/play/swap2.py)."""

from __future__ import annotations

import random

import pytest

from webapp.engine import BOARDS, Opening, Position
from webapp.engine.game import opening_rules
from webapp.engine.game.opening_rules import SWAP2, TABLES
from webapp.engine.game.rules import cells_of
from webapp.engine.play import swap2

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


@pytest.mark.parametrize("ply, choices, step, opener_acts", [
    (0, (), swap2.PLACE_THREE, True), (2, (), swap2.PLACE_THREE, True), (3, (), swap2.CHOOSE, False),
    (3, ("two",), swap2.PLACE_TWO, False), (5, ("two",), swap2.CHOOSE_AGAIN, True),
    (3, ("white",), None, None), (5, ("two", "black"), None, None)])
def test_the_steps_follow_the_stones_and_choices(ply, choices, step, opener_acts) -> None:
    now = opening_rules.walk(SWAP2, ply, choices)
    assert (now.step.name if now else None) == step
    if step is not None:
        assert now.opener_acts is opener_acts


def test_which_choices_give_the_opener_white_and_which_fit_the_stones() -> None:
    assert [opening_rules.opener_has_white(SWAP2, c)
            for c in (("black",), ("white",), ("two", "white"), ("two", "black"))] == \
        [True, False, True, False]
    assert all(opening_rules.fits(SWAP2, ply, choices)
               for ply, choices in ((2, ()), (3, ("black",)), (6, ("two", "white"))))
    assert not any(opening_rules.fits(SWAP2, ply, choices) for ply, choices in (
        (4, ()), (2, ("black",)), (3, ("two", "two")), (4, ("two", "black")), (6, ("two",)), (3, ("grey",))))
    assert [Opening(SWAP2, ("two", "black")).placed_by_opener(index) for index in range(7)] == \
        [True, True, True, False, False, None, None]


def test_the_choices_open_at_each_step() -> None:
    steps = {step.name: getattr(step, "options", ()) for step in TABLES[SWAP2]}
    assert steps == {swap2.PLACE_THREE: (), swap2.CHOOSE: ("black", "white", "two"), swap2.PLACE_TWO: (),
                     swap2.CHOOSE_AGAIN: ("black", "white")}
