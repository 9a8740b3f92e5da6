"""The network: its forward pass on inputs worked by hand, the values it
gives squares, its weights as data, and what it refuses. (How it taught
itself: tests/engine/test_network_learning.py.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from harness.positions import playable_positions, position
from webapp.engine import BOARDS, Position, cells_of
from webapp.engine.players.network import ORIENTATIONS, Network, afterstates

THREE = BOARDS["3x3"]


def two_units() -> Network:
    """Two hidden units: the first counts the mover's corners, the second the other side's centre."""
    hidden = np.zeros((18, 2))
    hidden[[0, 2, 6, 8], 0] = 0.5
    hidden[9 + 4, 1] = 1.0
    return Network(hidden, np.array([0.0, -0.5]), np.array([1.0, -2.0]), 0.25)


def lopsided(seed: int = 0) -> Network:
    """Random weights of the full size, which favour no orientation."""
    return Network.initial(np.random.default_rng(seed))._replace(
        hidden_bias=np.random.default_rng(seed + 1).normal(0, 1, 128))


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


@pytest.mark.parametrize("seed", range(3))
def test_even_untrained_it_takes_every_win_on_offer(seed: int):
    """The learners' page's claim for its curve's first point: a move that
    ends the game is valued by its result, and untrained values sit near 0,
    so on every 3×3 position with a win on offer the untrained network wins."""
    untrained = Network.initial(np.random.default_rng(seed))
    with_a_win = [here for here in playable_positions(BOARDS["3x3"]) if here.winning_cells(here.to_move)]
    assert len(with_a_win) > 1000
    for here in with_a_win:
        assert here.play(untrained.move(here)).winner == here.to_move, here.text


def test_taking_every_win_on_offer_alone_wins_most_games_as_x_against_random():
    """The rest of the learners' page's claim: a player who takes every win
    on offer and otherwise moves at random, as X, wins most of 400 seeded
    games against a player who moves at random (321 of them with this seed)."""
    rng, wins = random.Random(0), 0
    for _ in range(400):
        here = Position(BOARDS["3x3"])
        while not here.is_over:
            offered = here.winning_cells(here.to_move) if here.to_move == "X" else 0
            here = here.play(rng.choice(cells_of(offered or here.empty)))
        wins += here.winner == "X"
    assert wins > 200, wins
