"""make bench-estimate's judgements: a wrong pick is one the tablebase calls
worse than the best move there (the lesson's position goes wrong at depth 2
alone); the random games' positions are those where a pick can go wrong;
the depth-limited player draws against perfect play."""

from __future__ import annotations

import pytest

from tools import bench_estimate
from webapp.engine import BOARDS, Position
from webapp.shared.game_link import parse_moves

pytestmark = pytest.mark.timeout(60)


def test_the_lessons_position_goes_wrong_at_depth_two_only():
    position = Position.after(BOARDS["4x4"], parse_moves(BOARDS["4x4"], "c4-a4-b4-a2-b1-c3-c1-d2"))
    assert [bench_estimate.goes_wrong(position, depth) for depth in (1, 2, 3)] == [False, True, False]


def test_the_random_games_positions_are_those_where_moves_differ_in_value():
    positions = bench_estimate.random_game_positions(3)
    assert positions and len({(position.x, position.o) for position in positions}) == len(positions)
    for position in positions:
        scores = bench_estimate.table(position.rules).scores(position)
        assert len({bench_estimate.sign(score) for score in scores.values()}) > 1


def test_a_depth_one_player_holds_the_draw_against_perfect_play_with_either_side():
    """The measured figure (docs/measurements.md): even one move deep, the evaluation keeps 4×4 drawn."""
    assert [bench_estimate.against_perfect(1, side) for side in ("X", "O")] == ["draw", "draw"]
