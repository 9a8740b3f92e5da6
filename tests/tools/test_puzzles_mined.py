"""make puzzles: the miner makes the shipped set again from its seed. Here
3×3 and 4×4 are mined whole (a second each); on the bigger boards (seconds
each) the set's order is checked and a sample of its games is played again,
each puzzle found in the game the file names. `make puzzles-check` mines
every board whole. Every shipped puzzle on the bigger boards is proven
again by the solver."""

from __future__ import annotations

import json

import pytest

from tools.puzzles import GAMES, PER_BOARD, game_played, mine, ranking, written
from webapp.engine import BOARDS
from webapp.puzzles.collection import PUZZLES_FILE, collection
from webapp.puzzles.puzzle import Puzzle, puzzle_at, puzzles_in

SHIPPED = json.loads(PUZZLES_FILE.read_text())["puzzles"]


@pytest.mark.parametrize("board", ["3x3", "4x4"])
def test_the_miner_makes_the_shipped_set_again(board: str):
    assert [written(board, mined) for mined in mine(board, GAMES[board])[:PER_BOARD]] == SHIPPED[board]


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_the_shipped_set_is_ranked_as_the_miner_ranks_it(board: str):
    puzzles = [puzzle for puzzle in collection() if puzzle.rules == BOARDS[board]]
    assert len(puzzles) == PER_BOARD and len({puzzle.solution for puzzle in puzzles}) == PER_BOARD
    assert puzzles == sorted(puzzles, key=ranking)
    assert all(0 <= each["game"] < GAMES[board] for each in SHIPPED[board])


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_a_sample_of_the_shipped_puzzles_comes_again_from_the_games_they_name(board: str):
    """The games of the first, a middle and the last shipped puzzle, played
    again from their seeds, hold every shipped puzzle that names them."""
    puzzles = [puzzle for puzzle in collection() if puzzle.rules == BOARDS[board]]
    games = {SHIPPED[board][index]["game"] for index in (0, PER_BOARD // 2, PER_BOARD - 1)}
    for game in sorted(games):
        found: dict[tuple[int, ...], Puzzle] = {}
        for puzzle in puzzles_in(BOARDS[board], game_played(board, game)):
            found.setdefault(puzzle.solution, puzzle)  # the first position with that solution, as the miner keeps
        named = [puzzle for puzzle, each in zip(puzzles, SHIPPED[board]) if each["game"] == game]
        assert named and all(found.get(puzzle.solution) == puzzle for puzzle in named), game


@pytest.mark.parametrize("board", ["5x5", "7x7", "15x15"])
def test_every_shipped_big_board_puzzle_is_a_puzzle_by_the_solver(board: str):
    for puzzle in (each for each in collection() if each.rules == BOARDS[board]):
        assert puzzle_at(puzzle.rules, puzzle.moves) == puzzle
