"""The engine, checked against the whole game: every board, every position, every line of play."""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest

from webapp import engine
from tests.support import reachable_positions
from webapp.engine import EMPTY_BOARD, Outcome


REACHABLE = reachable_positions()
PLAYABLE = sorted(board for board in REACHABLE if not engine.is_over(board))


@cache
def brute_force(board: str, cell: int) -> Outcome:
    """The Outcome of playing cell, read straight from its definition: search
    every reply; the side that can win wins as fast as it can, a side that can
    only draw draws, and a side that must lose holds out as long as it can."""
    after = engine.play(board, cell)
    if engine.winner(after):
        return Outcome(1, 1)
    if "." not in after:
        return Outcome(0, 1)
    replies = [brute_force(after, reply) for reply in engine.legal_moves(after)]
    fastest_win = min((o.plies for o in replies if o.result == 1), default=None)
    if fastest_win is not None:
        return Outcome(-1, fastest_win + 1)
    draw = next((o for o in replies if o.result == 0), None)
    if draw is not None:
        return Outcome(0, draw.plies + 1)
    return Outcome(1, max(o.plies for o in replies) + 1)


def test_the_game_has_5478_positions_4520_with_a_move_to_make():
    assert len(REACHABLE) == 5478
    assert len(PLAYABLE) == 4520


def test_outcomes_agree_with_brute_force_at_every_reachable_position():
    for board in PLAYABLE:
        found = engine.outcomes(board)
        assert sorted(found) == [cell for cell, mark in enumerate(board) if mark == "."]
        for cell, outcome in found.items():
            assert outcome == brute_force(board, cell), (board, cell)
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


def test_preference_orders_wins_fastest_first_then_draws_then_losses_slowest_first():
    ranked = [Outcome(1, 1), Outcome(1, 3), Outcome(1, 9), Outcome(0, 4), Outcome(-1, 8), Outcome(-1, 2)]
    assert sorted(ranked, key=engine.preference, reverse=True) == ranked


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown level 'genius'"):
        engine.choose_move(EMPTY_BOARD, "genius")


def best_cells(board: str) -> set[int]:
    """The fastest wins, else the draws, else the slowest losses."""
    found = engine.outcomes(board)
    for result, fastest in ((1, min), (0, min), (-1, max)):
        plies = {cell: o.plies for cell, o in found.items() if o.result == result}
        if plies:
            return {cell for cell, p in plies.items() if p == fastest(plies.values())}
    raise AssertionError("a position with a move to make has outcomes")


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
