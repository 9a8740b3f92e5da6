"""A replay: a link's game at one of its steps, and what the coach sees there."""

from __future__ import annotations

import pytest

from webapp.engine import BOARDS, DEFAULT_BOARD
from webapp.records.replay import Replay, see_step
from webapp.shared.errors import InvalidInput

THREE = DEFAULT_BOARD


def test_a_replay_shows_the_game_at_a_step():
    replay = Replay.parse(THREE, "40816", {"step": "2"})
    assert replay.moves == (4, 0, 8, 1, 6) and replay.step == 2
    assert replay.position.text == "O...X...." and replay.notation == "40816"
    assert see_step(THREE, replay.moves, replay.step).explanation.startswith("O played row 1, column 1. O's reason: ")
    assert replay.result == "Not finished."
    assert Replay.parse(THREE, "40816", {}).step == 5
    assert see_step(THREE, (), 0).explanation is None
    assert Replay.parse(THREE, "03142", {"step": "0"}).result == "X won: three in a row."


@pytest.mark.parametrize("step", ["6", "-1", "x", "", "²", "05x"])
def test_a_replay_step_outside_the_game_is_refused(step):
    with pytest.raises(InvalidInput, match="its steps are 0 to 5"):
        Replay.parse(THREE, "40816", {"step": step})


def test_a_replay_on_a_bigger_board():
    replay = Replay.parse(BOARDS["7x7"], "d4-e5-c3", {"step": "2"})
    seen = see_step(replay.rules, replay.moves, replay.step)
    assert replay.board(seen.values).move_list == ["Black: d4", "White: e5"]
    assert seen.explanation.startswith("White played e5. ")
    assert replay.notation == "d4-e5-c3"
