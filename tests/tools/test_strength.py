"""The strength table's required relations, on fewer games than `make strength`
(which has the figures): every pairing on the solved boards, and master against
hard on 5×5 and 7×7, where master must not lose."""

from __future__ import annotations

import pytest

from tools.strength import Row, combined, pairing, strength_table
from webapp.engine import BOARDS, levels_of

pytestmark = pytest.mark.long  # master's games against hard: up to half a minute each


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return strength_table(["3x3", "4x4"], games={"3x3": 400, "4x4": 100}, seed=7, workers=1)


@pytest.mark.parametrize("board", ["3x3", "4x4"])
def test_perfect_loses_no_game(rows, board: str):
    assert all(row.losses == 0 for row in rows if row.board == board and row.level == "perfect")
    assert all(row.wins == 0 for row in rows if row.board == board and row.opponent == "perfect")


@pytest.mark.parametrize("board", ["3x3", "4x4"])
def test_the_score_against_random_rises_strictly_with_the_level(rows, board: str):
    scores = [combined(rows, board, level, "random").tally.score for level in levels_of(BOARDS[board])]
    assert all(a < b for a, b in zip(scores, scores[1:])), scores


def test_against_perfect_hard_loses_some_games_on_3x3(rows):
    hard = combined(rows, "3x3", "hard", "perfect")
    assert 0 < hard.losses < hard.tally.games / 4


@pytest.mark.parametrize("side", ["X", "O"])  # hard's side: each a test of its own, for the test processes to share
@pytest.mark.parametrize("board, games", [("5x5", 2), ("7x7", 1)])  # a drawn 7×7 game is 49 moves long
def test_master_loses_no_game_to_hard_in_a_sample(board: str, games: int, side: str):
    row = pairing(board, "hard", "master", side, games=games, seed=7)
    assert row.wins == 0, row
