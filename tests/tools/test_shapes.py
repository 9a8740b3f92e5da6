"""make shapes: the fit finds weights it is given, the self-play games are the
same games every time, and the shipped weights name every kind and rank the
shapes as a player would (the fit, run in full, takes half an hour: make shapes)."""

from __future__ import annotations

import numpy as np

from tools.shapes import COLUMNS, as_weights, fit, game, rounds
from webapp.engine.play.patterns import Line, pack
from webapp.engine.play.shapes import STARTING, WEIGHTS_FILE, Weights, shipped, worth_tables


def test_the_fit_finds_the_weights_the_labels_were_drawn_with():
    rng = np.random.default_rng(0)
    half = len(COLUMNS)
    planted = rng.normal(0, 0.3, 2 * half)
    rows = rng.poisson(2.0, (40_000, 2 * half)).astype(float)
    odds = np.concatenate([rows[:, :half], -rows[:, half:]], axis=1) @ planted + 0.2  # 0.2: having the move
    labels = (rng.random(len(rows)) < 1 / (1 + np.exp(-odds))).astype(float)
    found = fit(rows, labels)
    assert np.abs(found - planted).max() < 0.05


def test_a_self_play_game_is_the_same_every_time_and_labelled_for_its_side_to_move():
    first, again = game(5, nodes=200), game(5, nodes=200)
    assert len(first) > 5
    assert all(np.array_equal(a, b) and label == other for (a, label), (b, other) in zip(first, again))
    assert all(len(row) == 2 * len(COLUMNS) and label in (0, 0.5, 1) for row, label in first)
    decided = [label for _, label in first if label != 0.5]
    assert not decided or sorted(set(decided)) == [0.0, 1.0], "the two sides' positions get opposite labels"


def test_rounds_fit_weights_the_evaluation_reads():
    weights = rounds(1, games=2, nodes=200, workers=1)
    assert isinstance(weights, Weights) and weights != STARTING
    assert Weights.from_json(weights.to_json()) == weights
    assert as_weights(np.zeros(2 * len(COLUMNS))) == Weights(((0, 0),) * len(STARTING.combo),
                                                            ((0, 0),) * len(STARTING.line))


def test_the_shipped_weights_rank_the_shapes_as_a_player_would():
    assert WEIGHTS_FILE.exists(), "make shapes writes them"
    weights = shipped()
    assert Weights.from_json(weights.to_json()) == weights
    to_move, waiting = worth_tables(weights)
    dead = Line.DEAD

    def cell(*lines: Line) -> int:
        return pack((*lines, *(dead,) * (4 - len(lines))))

    # To move, a cell that makes a four and an open three wins; one that
    # makes an open three threatens to; one that makes an open two less.
    assert to_move[cell(Line.BLOCK4, Line.FLEX3)] > to_move[cell(Line.FLEX3)] > to_move[cell(Line.FLEX2)]
    # Waiting, the other side's cells that make an open four (its open three)
    # must be answered: worth more to it than cells that make a closed four.
    assert waiting[cell(Line.FLEX4)] > waiting[cell(Line.BLOCK4)] > waiting[cell(Line.FLEX2)]
