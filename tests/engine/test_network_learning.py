"""How the network learns (webapp/engine/players/network_learning.py; `make train` taught the shipped one):
its gradients against finite differences, its afterstate targets, and
training that the seed alone decides."""

from __future__ import annotations

import numpy as np
import pytest

from tests.engine.test_network import lopsided
from webapp.engine.players.network import Network, afterstates
from webapp.engine.players.network_learning import Memory, gradients, teach_itself


def test_gradients_agree_with_finite_differences():
    net, rng = lopsided(), np.random.default_rng(3)
    inputs, targets = rng.integers(0, 2, (5, 18)).astype(float), rng.uniform(-1, 1, 5)

    def loss(candidate: Network) -> float:
        return float(np.mean((candidate.forward(inputs)[1] - targets) ** 2) / 2)

    found = gradients(net, inputs, targets)
    for index, (name, weights) in enumerate(net._asdict().items()):
        flat = np.atleast_1d(np.array(weights, dtype=float)).ravel()
        for at in (0, flat.size - 1):
            nudged = [flat.copy(), flat.copy()]
            nudged[0][at] += 1e-6
            nudged[1][at] -= 1e-6
            up, down = (net._replace(**{name: n.reshape(np.shape(weights)) if np.ndim(weights) else float(n[0])})
                        for n in nudged)
            numeric = (loss(up) - loss(down)) / 2e-6
            assert np.ravel(found[index])[at] == pytest.approx(numeric, rel=1e-4, abs=1e-9), name


def test_an_afterstate_target_is_minus_the_best_reply():
    memory = Memory()
    memory.add(0b100000011, 0b000011000)  # X has just played: it holds 0, 1 and 8, O 3 and 4: O wins at 5
    memory.add(0b000000011, 0b000100000)  # X holds 0 and 1, O 5: O must look ahead
    net = lopsided()
    assert memory.targets(net, [0]) == pytest.approx([-1.0])
    replies = afterstates(0b000100000, 0b000000011, [2, 3, 4, 6, 7, 8])
    assert memory.targets(net, [1, 0]) == pytest.approx([-max(net.judge(replies)), -1.0])
    memory.add(0b100000011, 0b000011000)
    assert len(memory) == 2, "each afterstate once"


def test_training_is_decided_by_the_seed_alone():
    first, again, other = teach_itself(24, seed=5), teach_itself(24, seed=5), teach_itself(24, seed=6)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first.hidden_weights, other.hidden_weights)


def test_measuring_the_curve_does_not_change_what_is_learned():
    seen = []
    measured = teach_itself(24, seed=5, every=8, measure=lambda games, net: seen.append(games))
    assert seen == [0, 8, 16, 24]
    assert all(np.array_equal(a, b) for a, b in zip(measured, teach_itself(24, seed=5)))
