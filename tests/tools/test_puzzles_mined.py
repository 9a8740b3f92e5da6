"""make puzzles: the miner makes the shipped set again from its seed, on
every board, and every shipped puzzle on the bigger boards is proven again
by the solver (seconds in all, so here rather than in make check)."""

from __future__ import annotations

import json

import pytest

from tools.puzzles import GAMES, PER_BOARD, mine
from webapp.engine import BOARDS
from webapp.puzzles.collection import PUZZLES_FILE, collection
from webapp.puzzles.puzzle import puzzle_at
from webapp.shared.notation import write_moves

SHIPPED = json.loads(PUZZLES_FILE.read_text())["puzzles"]


@pytest.mark.parametrize("board", ["3x3", "4x4", "5x5", "7x7", "15x15"])
def test_the_miner_makes_the_shipped_set_again(board: str):
    mined = mine(board, GAMES[board])[:PER_BOARD]
    assert [{"moves": write_moves(BOARDS[board], puzzle.moves), "solution": write_moves(BOARDS[board], puzzle.solution)}
            for puzzle in mined] == SHIPPED[board]


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_every_shipped_big_board_puzzle_is_a_puzzle_by_the_solver(board: str):
    for puzzle in (each for each in collection() if each.rules == BOARDS[board]):
        assert puzzle_at(puzzle.rules, puzzle.moves) == puzzle
