"""The coach's words: square values and the reason for a move, one position per kind."""

from __future__ import annotations

import pytest

from webapp import engine
from webapp.coach import SquareValue, describe_cell, reason, square_values


def test_square_values_count_the_movers_own_moves():
    # X to move: cells 6 and 8 win at once, cell 7 wins on X's second move.
    assert square_values("XOXOXO...") == {
        6: SquareValue("win", "win in 1"), 7: SquareValue("win", "win in 2"), 8: SquareValue("win", "win in 1"),
    }
    # O to move facing X's open line: only the block draws; every other square loses at X's next move.
    values = square_values("XX..O....")
    assert values[2] == SquareValue("draw", "draw")
    assert {values[cell] for cell in (3, 5, 6, 7, 8)} == {SquareValue("loss", "loss in 1")}


def test_a_finished_game_has_no_square_values():
    assert square_values("XXXOO....") == {} and square_values("XOXXOOOXX") == {}


def test_describe_cell_counts_rows_and_columns_from_one():
    assert [describe_cell(cell) for cell in (0, 2, 4, 6)] == [
        "row 1, column 1", "row 1, column 3", "row 2, column 2", "row 3, column 1"]


@pytest.mark.parametrize("board, cell, expected", [
    # completes a line and wins
    (".....XOOX", 2, "I complete a line and win."),
    # blocks the opponent's immediate win
    ("XX..O....", 2, "I block your line: you would have completed it here."),
    # makes a fork: X at 4 threatens both 0 (diagonal) and 1 (column)
    (".....OOXX", 4, "I make a fork: two ways to win next move, and you can block only one."),
    # blocks the opponent's fork: X could fork at 4; O at 0 leaves X no fork
    ("......OXX", 0, "I block your fork: you could have made two threats at once."),
    # the solver: a forced win that is neither a line nor a fork yet
    ("XO.......", 4, "I have a forced win: I win within 3 moves, whatever you do."),
    # the solver: every move draws, and this one sets the most traps
    (".........", 0, "Every move here draws; this one leaves you the most ways to go wrong."),
    (".........", 4, "Every move here draws."),
    # the solver: the only drawing squares, among losing ones
    ("........X", 4, "This holds the draw, where other squares lose."),
    ("X...O...X", 1, "This holds the draw, where other squares lose; this one leaves you the most ways to go wrong."),
    # the solver: a lost position
    ("....XOOXX", 2, "This position is lost for me; I hold out as long as I can."),
    (".....O.XX", 0, "This position is lost for me."),
    # the solver: a blunder by a weaker level
    ("X...O...X", 2, "A slip: this lets you win, where row 1, column 2 holds the draw."),
])
def test_each_kind_of_reason(board, cell, expected):
    assert reason(board, cell) == expected


@pytest.mark.parametrize("board, cell, expected", [
    ("XX..O....", 2, "I block X's line: X would have completed it here."),
    (".....OOXX", 4, "I make a fork: two ways to win next move, and O can block only one."),
    ("......OXX", 0, "I block X's fork: X could have made two threats at once."),
    ("XO.......", 4, "I have a forced win: I win within 3 moves, whatever O does."),
    (".........", 0, "Every move here draws; this one leaves O the most ways to go wrong."),
    ("X...O...X", 1, "This holds the draw, where other squares lose; this one leaves X the most ways to go wrong."),
    ("X...O...X", 2, "A slip: this lets X win, where row 1, column 2 holds the draw."),
    (".....XOOX", 2, "I complete a line and win."),
])
def test_with_no_person_on_the_other_side_a_reason_names_that_side(board, cell, expected):
    assert reason(board, cell, person=False) == expected


def test_a_draw_that_throws_away_a_win_is_called_a_slip():
    board = "XO......."
    drawing = next(cell for cell, o in engine.outcomes(board).items() if o.result == 0)
    assert reason(board, drawing).startswith("A slip: this only draws, where row ")


def test_reasons_take_precedence_in_order():
    # Cell 2 completes X's top row and also blocks O's right column: the win is named.
    board = "XX...O..O"
    assert 2 in engine.threats(board, "O")
    assert reason(board, 2) == "I complete a line and win."
    # Cell 3 blocks O's left column and also gives X two threats: the block is named.
    board = "OX..X.O.."
    assert len(engine.threats(engine.play(board, 3), "X")) == 2
    assert reason(board, 3) == "I block your line: you would have completed it here."


def test_every_move_of_every_position_has_a_reason():
    frontier, seen = [engine.EMPTY_BOARD], set()
    while frontier:
        board = frontier.pop()
        for cell in engine.legal_moves(board):
            assert reason(board, cell).endswith(".")
            child = engine.play(board, cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
