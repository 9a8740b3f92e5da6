"""What a step shows, worked out without the web: the same from a kept
trace as from a replay, the window and values as points for X, a cut-off's
reason, and the questions' answers against a plain minimax."""

from __future__ import annotations

import pytest

from webapp.engine import DEFAULT_BOARD, Position
from webapp.engine.game.values import WIN
from webapp.think import stepping as stepping_module
from webapp.think.predict import question
from webapp.think.stepping import Stepping, points, see_step


@pytest.mark.parametrize("search", ["alphabeta", "table"])
def test_a_step_from_the_kept_trace_is_the_step_replayed(search, monkeypatch):
    steps = [Stepping(DEFAULT_BOARD, (4, 0), search, "listed", number) for number in (1, 17, 200, 600)]
    kept = [see_step(stepping) for stepping in steps]
    monkeypatch.setattr(stepping_module, "KEPT_STEPS", 0)
    stepping_module._kept_trace.cache_clear()
    assert [see_step(stepping) for stepping in steps] == kept


def test_values_are_points_for_x_and_the_window_opens_at_infinity():
    assert points(DEFAULT_BOARD, WIN - 1) == "+9" and points(DEFAULT_BOARD, -(WIN - 4)) == "−6"
    assert points(DEFAULT_BOARD, 0) == "0" and points(DEFAULT_BOARD, WIN + 1) == "+∞"
    first = see_step(Stepping(DEFAULT_BOARD, (4, 0), "alphabeta", "listed", 1))
    assert first.window == ("−∞", "+∞") and first.step.kind == "enter" and first.frames[0].chips[0].state == "waiting"


def test_every_cut_off_names_the_side_that_already_had_a_move_elsewhere():
    here = Stepping(DEFAULT_BOARD, (4, 0), "alphabeta", "listed", 1)
    cuts = 0
    for number in range(1, see_step(here).last + 1, 7):
        view = see_step(Stepping(DEFAULT_BOARD, (4, 0), "alphabeta", "listed", number))
        if view.step.kind == "cut":
            cuts += 1
            frame = view.frames[-1]
            side = "O" if frame.mover == "X" else "X"
            assert frame.cut.startswith(("β-cutoff" if frame.mover == "X" else "α-cutoff") + f": {side} already had")
            assert [chip.state for chip in frame.chips][-len(view.step.moves):] == ["skipped"] * len(view.step.moves)
    assert cuts > 5


def plain_first_best(moves: tuple[int, ...]) -> int:
    """Plain minimax at the root, squares in order, the first best kept."""
    def value(position: Position, ply: int) -> int:
        if position.winner:
            return -(WIN - ply)
        if position.is_over:
            return 0
        return max(-value(position.play(cell), ply + 1) for cell in position.legal_moves())
    root = Position.after(DEFAULT_BOARD, moves)
    best, chosen = None, None
    for cell in root.legal_moves():
        score = -value(root.play(cell), 1)
        if best is None or score > best:
            best, chosen = score, cell
    return chosen


@pytest.mark.parametrize("seed", range(6))
def test_minimax_chooses_what_the_question_says(seed):
    asked = question("choose", seed)
    assert asked.answer == {plain_first_best(asked.moves)}
