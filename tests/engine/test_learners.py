"""The shipped learners: they load, play as levels on 3×3 only, and
reproduce the exhaustive figures docs/measurements-log.md states. (How they were
trained, and the curves that wrote: tests/tools/test_training.py.)"""

from __future__ import annotations

import random

import pytest

from harness.judge import Lines, losing_lines
from webapp.engine import BOARDS, LEARNERS, Position, choose_move, level_player, levels_of, play_game
from webapp.engine.players import menace, network
from webapp.engine.players.levels import check_level, learners_of
from webapp.engine.players.menace import Menace, fold_position
from webapp.engine.players.network import Network
from webapp.engine.players.shipped import learning_curve

THREE = BOARDS["3x3"]
STATED = {  # docs/measurements-log.md, "Judged by the solved game"
    ("menace", "X"): Lines(188, 0), ("menace", "O"): Lines(577, 0),
    ("network", "X"): Lines(1032, 0), ("network", "O"): Lines(1144, 0),
}


@pytest.mark.parametrize("learner, side", STATED)
def test_the_shipped_learners_reproduce_the_stated_losing_lines(learner: str, side: str):
    likeliest = menace.trained().fullest if learner == "menace" else network.trained().best
    assert losing_lines(likeliest, side) == STATED[learner, side]


def test_the_trained_menace_keeps_only_boxes_it_used_each_a_real_box():
    trained = menace.trained()
    assert 0 < len(trained.boxes) <= 304 + 289
    for key, beads in trained.boxes.items():
        fold = fold_position(Position.from_text(THREE, key))
        assert fold.key == key and len(beads) == len(fold.colours) and any(beads)
    assert Menace.from_data(trained.to_data()) == trained


def test_the_shipped_network_has_the_stated_shape():
    trained = network.trained()
    assert trained.hidden_weights.shape == (18, network.HIDDEN) == (18, len(trained.output_weights))
    assert Network.from_data(trained.to_data()).hidden_weights.tolist() == trained.hidden_weights.tolist()


@pytest.mark.parametrize("learner", LEARNERS)
def test_the_learners_are_levels_on_3x3(learner: str):
    check_level(THREE, learner)
    assert learners_of(THREE) == LEARNERS and learner not in levels_of(THREE)
    here = Position.from_text(THREE, "X...O....")
    assert choose_move(here, learner) == choose_move(here, learner)
    assert {choose_move(here, learner, random.Random(seed)) for seed in range(20)} <= set(here.legal_moves())
    for seed in range(4):
        as_x = play_game(THREE, level_player(learner), level_player("perfect"), random.Random(seed))
        as_o = play_game(THREE, level_player("perfect"), level_player(learner), random.Random(seed))
        assert as_x.winner != "O" and as_o.winner != "X", (as_x.text, as_o.text)


@pytest.mark.parametrize("board", ["4x4", "5x5", "7x7", "15x15"])
@pytest.mark.parametrize("learner", LEARNERS)
def test_other_boards_refuse_the_learners_naming_their_levels(board: str, learner: str):
    rules = BOARDS[board]
    have = levels_of(rules)
    message = f"The {board} board has the levels {', '.join(have[:-1])} and {have[-1]}, not {learner}"
    with pytest.raises(ValueError, match=message):
        choose_move(Position(rules), learner)
    assert learners_of(rules) == ()


def test_3x3_names_its_learners_when_a_level_is_unknown():
    with pytest.raises(ValueError, match="It also has the learners menace and network."):
        check_level(THREE, "genius")


def test_an_unknown_learner_has_no_curve():
    with pytest.raises(ValueError, match="There is no shipped learner “genius”; there are menace and network."):
        learning_curve("genius")
