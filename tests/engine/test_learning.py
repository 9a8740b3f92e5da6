"""Learners learning a chunk at a time (webapp/engine/players/learning.py, and the
network's in network_learning.py): a run cut into chunks, each written down
as JSON and read back, learns exactly as one unbroken run; the seed decides."""

from __future__ import annotations

import json

import numpy as np
import pytest

from webapp.engine.players.learning import MenaceLearning
from webapp.engine.players.network_learning import NetworkLearning


def through_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("opponent", ["perfect", "random", "itself"])
def test_menace_in_chunks_learns_as_in_one_run(opponent: str):
    whole = MenaceLearning.start(60, seed=7, opponent=opponent).play(60)
    chunked = MenaceLearning.start(60, seed=7, opponent=opponent)
    for _ in range(4):
        chunked = MenaceLearning.from_data(through_json(chunked.play(15).to_data()))
    assert chunked.machine == whole.machine and chunked.played == 60
    assert len(whole.machine.results) == (120 if opponent == "itself" else 60), "against itself it learns as X and as O"
    assert whole.play(10).played == 60, "no game past the run's"


def test_menaces_seed_decides_and_a_bad_opponent_is_refused():
    assert MenaceLearning.start(40, 1, "random").play(40) == MenaceLearning.start(40, 1, "random").play(40)
    assert (MenaceLearning.start(40, 1, "random").play(40).machine
            != MenaceLearning.start(40, 2, "random").play(40).machine)
    with pytest.raises(ValueError, match="not 'teacher'"):
        MenaceLearning.start(40, 1, "teacher")


@pytest.mark.parametrize("opponent", ["itself", "perfect"])
def test_the_network_in_chunks_learns_as_in_one_run(opponent: str):
    whole = NetworkLearning.start(12, seed=3, opponent=opponent).play(12)
    chunked = NetworkLearning.start(12, seed=3, opponent=opponent)
    for _ in range(3):
        chunked = NetworkLearning.from_data(through_json(chunked.play(4).to_data()))
    assert chunked.played == 12
    assert all(np.array_equal(a, b) for a, b in zip(chunked.network, whole.network))
    assert chunked.memory.order == whole.memory.order and chunked.adam.steps == whole.adam.steps
