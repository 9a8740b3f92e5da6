"""The network: its forward pass and gradients on inputs worked by hand, the
values it gives squares, its targets, training that the seed alone decides,
and what it refuses."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tests.positions import position
from webapp.engine import BOARDS, Position
from tools.network_training import Memory, gradients, teach_itself
from webapp.engine.network import ORIENTATIONS, Network, afterstates

THREE = BOARDS["3x3"]


def two_units() -> Network:
    """Two hidden units: the first counts the mover's corners, the second the other side's centre."""
    hidden = np.zeros((18, 2))
    hidden[[0, 2, 6, 8], 0] = 0.5
    hidden[9 + 4, 1] = 1.0
    return Network(hidden, np.array([0.0, -0.5]), np.array([1.0, -2.0]), 0.25)


def lopsided(seed: int = 0) -> Network:
    """Random weights of the full size, which favour no orientation."""
    return Network.initial(np.random.default_rng(seed))._replace(hidden_bias=np.random.default_rng(seed + 1).normal(0, 1, 128))


def test_the_forward_pass_on_inputs_worked_by_hand():
    inputs = np.zeros((2, 18))
    inputs[0, [0, 8]] = 1          # the mover holds two corners
    inputs[1, [4, 9 + 4]] = 1      # the mover the centre; the other side too (not a position, just inputs)
    hidden, output = two_units().forward(inputs)
    assert hidden == pytest.approx(np.array([[np.tanh(1.0), np.tanh(-0.5)], [0.0, np.tanh(0.5)]]))
    assert output == pytest.approx([np.tanh(1.0) - 2 * np.tanh(-0.5) + 0.25, -2 * np.tanh(0.5) + 0.25])


def test_judge_takes_the_mean_over_the_8_orientations_and_clips_to_results():
    net = two_units()
    inputs = afterstates(0b000000001, 0b000010000, [2])  # mover: corners 0 and 2; other side: the centre
    turned = inputs[:, ORIENTATIONS].reshape(-1, 18)
    assert len(turned) == 8 and {tuple(row) for row in turned} != {tuple(inputs[0])}
    expected = np.clip(net.forward(turned)[1].mean(), -1, 1)
    assert net.judge(inputs) == pytest.approx([expected])
    assert -1 <= lopsided().judge(inputs)[0] <= 1


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


def test_a_square_that_wins_is_worth_1_one_that_fills_the_board_0():
    net = lopsided()
    values = net.values(position("XX.OO...."))
    assert values[2] == 1.0 and set(values) == {2, 5, 6, 7, 8}
    assert all(-1 <= value <= 1 for value in values.values())
    assert net.values(position("XOXXOOOX.")) == {8: 0.0}


def test_squares_that_are_the_same_move_get_the_same_value():
    net = lopsided()
    for text in (".........", "....X....", "X...O...."):
        values = net.values(position(text))
        for image in THREE.symmetries:
            turned = position("".join(text[image.index(cell)] for cell in range(9)))
            assert net.values(turned) == pytest.approx({image[cell]: v for cell, v in values.items()}, abs=1e-9)
    assert len(set(net.best(Position(THREE))) & {0, 2, 6, 8}) in (0, 4), "all four corners or none"


def test_its_move_is_a_square_of_highest_value():
    net = lopsided(5)
    here = position("X...O....")
    values = net.values(here)
    assert net.move(here) == min(net.best(here))
    assert all(values[net.move(here, random.Random(seed))] == max(values.values()) for seed in range(10))


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


def test_weights_round_trip_through_data_to_six_decimals():
    net = lopsided()
    back = Network.from_data(net.to_data())
    assert all(np.allclose(a, b, atol=1e-6) for a, b in zip(net, back))


@pytest.mark.parametrize("here, message", [
    (Position(BOARDS["4x4"]), "The network plays on the 3x3 board, not on 4x4."),
    (position("XXXOO...."), "The game is over"),
    (position("OO......."), "X moves first and the sides alternate"),
])
def test_it_refuses_another_board_a_finished_game_or_an_impossible_one(here, message):
    with pytest.raises(ValueError, match=message):
        lopsided().values(here)
    with pytest.raises(ValueError, match=message):
        lopsided().move(here)
