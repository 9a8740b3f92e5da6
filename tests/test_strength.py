"""The strength table's required relations, on fewer games than `make strength`."""

from __future__ import annotations

import pytest

from tests.strength import Row, combined, strength_table
from webapp import engine


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return strength_table(games=400, seed=7)


def test_perfect_loses_no_game(rows):
    assert all(row.losses == 0 for row in rows if row.level == "perfect")


def test_the_score_against_random_rises_strictly_with_the_level(rows):
    scores = [combined(rows, level, "random").score for level in engine.LEVELS]
    assert scores == sorted(scores) and len(set(scores)) == len(scores), scores


def test_against_perfect_easy_loses_most_games_and_hard_loses_some(rows):
    easy, hard = combined(rows, "easy", "perfect"), combined(rows, "hard", "perfect")
    assert easy.losses > easy.games / 2
    assert 0 < hard.losses < hard.games / 4
