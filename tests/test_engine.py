"""The engine, checked against the whole game: every board, every position, every line of play."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from webapp import engine
from webapp.engine import EMPTY_BOARD, Outcome


def reachable_positions() -> set[str]:
    """Every position that can arise from the empty board, finished ones included."""
    seen, frontier = {EMPTY_BOARD}, [EMPTY_BOARD]
    while frontier:
        board = frontier.pop()
        for cell in engine.legal_moves(board):
            child = engine.play(board, cell)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    return seen


REACHABLE = reachable_positions()
PLAYABLE = sorted(board for board in REACHABLE if not engine.is_over(board))


@cache
def brute_force(board: str) -> int:
    """Value for the side to move, by plain negamax with its own encoding:
    win in k plies = 10 - k, loss in k plies = -(10 - k), draw = 0."""
    if engine.winner(board):
        return -10  # the previous move completed a line
    if "." not in board:
        return 0
    return max(after_move(brute_force(engine.play(board, cell))) for cell in engine.legal_moves(board))


def after_move(reply_value: int) -> int:
    """A move's value to the mover, from the value of the position it leaves
    to the opponent: the sign flips and the game is one ply longer."""
    return -reply_value + (reply_value > 0) - (reply_value < 0)


def encode(outcome: Outcome) -> int:
    return outcome.result * (10 - outcome.plies)


def test_the_game_has_5478_positions_4520_with_a_move_to_make():
    assert len(REACHABLE) == 5478
    assert len(PLAYABLE) == 4520


def test_outcomes_agree_with_brute_force_at_every_reachable_position():
    for board in PLAYABLE:
        found = engine.outcomes(board)
        assert sorted(found) == [cell for cell, mark in enumerate(board) if mark == "."]
        for cell, outcome in found.items():
            assert encode(outcome) == after_move(brute_force(engine.play(board, cell))), (board, cell)
            if outcome.result == 0:
                assert outcome.plies == board.count("."), "a draw lasts to the full board"


def test_validate_accepts_exactly_the_reachable_boards():
    for cells in itertools.product("XO.", repeat=9):
        board = "".join(cells)
        if board in REACHABLE:
            engine.validate(board)
        else:
            with pytest.raises(ValueError):
                engine.validate(board)


def test_every_board_without_a_move_is_refused_by_outcomes_and_choose_move():
    for cells in itertools.product("XO.", repeat=9):
        board = "".join(cells)
        if board in PLAYABLE:
            continue
        with pytest.raises(ValueError):
            engine.outcomes(board)
        with pytest.raises(ValueError):
            engine.choose_move(board)


@pytest.mark.parametrize("board, message", [
    ("X" * 3, "A board has 9 cells, not 3."),
    ("." * 10, "A board has 9 cells, not 10."),
    ("x........", "not 'x'"),
    ("XX.......", "this board has 2 X and 0 O"),
    ("O........", "this board has 0 X and 1 O"),
    ("XXXOOO...", "Both X and O have a line"),
    ("XXXOO.O..", "X has a line, yet O moved after it"),
    ("OOOXX.XX.", "O has a line, yet X moved after it"),
    ("XXXOO....", "The game is over: X has won."),
    ("XOXXOOOXX", "The game is over: it is a draw."),
])
def test_a_bad_board_gets_a_message_a_person_can_read(board, message):
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        engine.choose_move(board)


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown level 'genius'"):
        engine.choose_move(EMPTY_BOARD, "genius")


def best_cells(board: str) -> set[int]:
    found = engine.outcomes(board)
    top = max(map(engine.preference, found.values()))
    return {cell for cell, outcome in found.items() if engine.preference(outcome) == top}


def test_perfect_plays_only_best_cells_and_rng_chooses_among_them():
    rng = random.Random(7)
    for board in PLAYABLE:
        best = best_cells(board)
        assert engine.choose_move(board) == min(best)
        assert {engine.choose_move(board, rng=rng) for _ in range(4)} <= best


def test_rng_gives_variety_among_equally_good_cells():
    rng = random.Random(1)
    assert len({engine.choose_move(EMPTY_BOARD, rng=rng) for _ in range(200)}) == 9


def test_perfect_takes_the_fastest_win():
    # X wins at once at cell 8, or in three plies after cell 4; it wins at once.
    board = "XOXO.X.O."
    found = engine.outcomes(board)
    assert found[4] == Outcome(1, 3) and found[8] == Outcome(1, 1)
    assert engine.choose_move(board) == 8


def test_perfect_holds_out_longest_when_lost():
    # O is lost whatever it plays; only cell 6 makes X take two more moves.
    board = "XOOX...X."
    found = engine.outcomes(board)
    assert all(outcome.result == -1 for outcome in found.values())
    assert found[6] == Outcome(-1, 4) and found[4] == Outcome(-1, 2)
    assert engine.choose_move(board, rng=random.Random(3)) == 6


@pytest.mark.parametrize("computer", engine.MARKS)
def test_perfect_never_loses_to_any_sequence_of_moves(computer):
    """Every opponent move and every cell perfect might choose, to the end of every game."""
    games = 0
    frontier = [EMPTY_BOARD]
    while frontier:
        board = frontier.pop()
        if engine.is_over(board):
            assert engine.winner(board) != engine.opponent(computer), board
            games += 1
            continue
        mover_is_computer = engine.side_to_move(board) == computer
        cells = best_cells(board) if mover_is_computer else engine.legal_moves(board)
        frontier.extend(engine.play(board, cell) for cell in cells)
    assert games > 100
