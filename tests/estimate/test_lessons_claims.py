"""What the two lessons say of their positions, checked: on the Monte Carlo
lesson's position every edge draws and both corners lose, a few iterations
prefer a losing corner and a thousand an edge; on the depth lesson's, depth
2 picks a move the tablebase calls a loss and depths 1, 3 and 4 a draw."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS
from webapp.estimate import depth, monte_carlo
from webapp.estimate.routes import DEPTH_LESSON, MONTE_CARLO_LESSON
from webapp.shared.game_link import parse_moves

pytestmark = pytest.mark.timeout(60)


def asked_monte_carlo(iterations: int) -> monte_carlo.Asked:
    board, moves = MONTE_CARLO_LESSON
    return monte_carlo.Asked(BOARDS[board], parse_moves(BOARDS[board], moves), 1, iterations)


def test_the_monte_carlo_lesson_misjudges_at_first_and_sorts_it_out():
    few, many = monte_carlo.found(asked_monte_carlo(12)), monte_carlo.found(asked_monte_carlo(1_000))
    truths = {row.square: row.truth.text for row in few.rows}
    assert sorted(truths.values()) == ["draw"] * 4 + ["loss in 2"] * 2
    assert few.preferred.truth.kind == "loss" and "which the solved table calls a loss in 2" in few.sentence
    assert many.preferred.best and many.sentence.endswith("as good as any move here.")


def test_the_depth_lesson_goes_wrong_at_depth_two_only():
    board, moves = DEPTH_LESSON
    asked = depth.Asked(BOARDS[board], parse_moves(BOARDS[board], moves), 4)
    rows = depth.see(asked).depths
    assert [row.wrong for row in rows] == [False, True, False, False]
    assert [row.truth.text for row in rows] == ["draw", "loss in 3", "draw", "draw"]
