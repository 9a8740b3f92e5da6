"""How the learners were trained (tools/training.py, `make train` and `make
learners`): the curves it wrote for the learners' page, and a MENACE that
its seed alone decides."""

from __future__ import annotations

import pytest

from tools.training import CURVE_GAMES, CURVE_POINTS, train_menace
from webapp.engine import LEARNERS
from webapp.engine.players.shipped import learning_curve, record


@pytest.mark.parametrize("learner", LEARNERS)
def test_each_learning_curve_is_there_for_a_chart(learner: str):
    curve = learning_curve(learner)
    games = [point["games"] for point in curve]
    assert games == sorted(games) and games[0] == 0 and games[-1] == record(learner)["games"]
    assert len(curve) == CURVE_POINTS + 1
    for point in curve:
        for opponent in ("random", "perfect"):
            for side in "XO":
                assert len(point[opponent][side]) == 3 and sum(point[opponent][side]) == CURVE_GAMES
    assert curve[-1]["perfect"]["X"][2] == curve[-1]["perfect"]["O"][2] == 0, "no loss to perfect at the end"


def test_training_a_menace_is_decided_by_the_seed():
    assert train_menace(300, seed=4) == train_menace(300, seed=4) != train_menace(300, seed=5)
