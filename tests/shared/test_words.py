"""How a side is named to a person: X and O where one draws them, black and
white where the stones are (issue 54: black and white on the gomoku boards)."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, RENJU
from webapp.shared.words import a_stone, piece_shown, side_name


@pytest.mark.parametrize("board", ["3x3", "4x4", "5x5"])
def test_the_small_boards_say_x_and_o_anywhere_in_a_sentence(board: str) -> None:
    rules = BOARDS[board]
    assert [side_name(rules, mark, start) for mark in "XO" for start in (True, False)] == ["X", "X", "O", "O"]


@pytest.mark.parametrize("rules", [BOARDS["7x7"], BOARDS["15x15"], BOARDS["15x15"].with_rule(RENJU)])
def test_the_gomoku_boards_say_black_and_white_capitalised_only_at_a_sentence_start(rules) -> None:
    assert (side_name(rules, "X"), side_name(rules, "O")) == ("Black", "White")
    assert (side_name(rules, "X", start=False), side_name(rules, "O", start=False)) == ("black", "white")


def test_a_square_shows_a_letter_on_the_small_boards_and_a_stone_on_the_gomoku_boards() -> None:
    assert (piece_shown(BOARDS["5x5"], "X"), piece_shown(BOARDS["3x3"], "O")) == ("X", "O")
    assert (piece_shown(BOARDS["7x7"], "X"), piece_shown(BOARDS["15x15"], "O")) == ("●", "○")


def test_a_piece_in_a_sentence_is_an_x_or_a_black_stone() -> None:
    assert (a_stone(BOARDS["3x3"], "X"), a_stone(BOARDS["4x4"], "O")) == ("an X", "an O")
    assert (a_stone(BOARDS["15x15"], "X"), a_stone(BOARDS["7x7"], "O")) == ("a black stone", "a white stone")
