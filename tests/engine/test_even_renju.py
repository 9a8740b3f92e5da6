"""The computer as the opener of renju's rules: its three stones are one of
the 26 openings (by the listing of test_renju_opening_names, not the
engine's table), one master's search finds among the most nearly even of
those it could complete (valued here by the search itself, not the
module's cache), the same for the same rng; and Taraguchi's later stones,
each followed by a swap, leave the position nearer even than the stone
best for their placer."""

from __future__ import annotations

import random

import pytest

from tests.engine.test_renju_opening_names import WIKIPEDIA, every_image
from webapp.engine import BOARDS, Opening, Position
from webapp.engine.game.opening_rules import RIF, SOOSORV_8, TARAGUCHI_10, Zone
from webapp.engine.play import opening_play, swap2
from webapp.engine.play.even_renju import OPENINGS_KEPT, even_opening

RENJU = BOARDS["15x15"].with_rule("renju")
OPENINGS = {image for stones in WIKIPEDIA for image in every_image(stones)}


def written(stones: tuple[int, ...]) -> str:
    return " ".join(map(RENJU.cell_name, stones))


def value(stones: tuple[int, ...]) -> int:
    """master's value of the stones for white to move, as the computer's swap choice weighs it."""
    return swap2.search_value(Position.after(RENJU, stones))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_opener_s_three_stones_are_an_opening_among_the_most_nearly_even_it_could_complete(seed):
    centre, white, black = stones = even_opening(RENJU, random.Random(seed))
    assert written(stones) in OPENINGS
    completions = [cell for cell in range(RENJU.cells) if cell not in (centre, white)
                   and max(abs(cell // 15 - 7), abs(cell % 15 - 7)) <= 2]
    evenness = sorted(abs(value((centre, white, other))) for other in completions)
    assert abs(value(stones)) <= evenness[OPENINGS_KEPT - 1]
    assert evenness[OPENINGS_KEPT - 1] < evenness[-1], "the kept are fewer than all"


@pytest.mark.timeout(300)
def test_the_same_rng_puts_down_the_same_stones_and_the_rule_s_steps_take_them_one_by_one():
    assert even_opening(RENJU, random.Random(5)) == even_opening(RENJU, random.Random(5))
    assert even_opening(RENJU) == even_opening(RENJU), "without an rng, the first of the kept"
    for rule in (RIF, SOOSORV_8):
        opening, position, seeds = Opening(rule), Position(RENJU), random.Random(5)
        for ply in range(3):
            (stone,) = opening_play.stones(opening.now(ply), position, random.Random(seeds.random()))
            assert opening.why_not(RENJU, ply, stone) is None
            position = position.play(stone)
        assert any(Position.after(RENJU, tuple(map(RENJU.parse_cell_name, image.split()))) == position
                   for image in OPENINGS)


@pytest.mark.timeout(300)
def test_taraguchi_s_fourth_stone_leaves_the_position_nearer_even_than_the_stone_best_for_white():
    """White's second, in the central 7×7, is followed by black's player's
    swap. After Yusei (13D) the stone best for white leaves white ahead by
    the search: its placer would be swapped out of it."""
    position = Position.after(RENJU, tuple(map(RENJU.parse_cell_name, ("h8", "h9", "j6"))))  # Yusei
    now = Opening(TARAGUCHI_10, ("stay", "stay", "stay")).now(3)
    assert now.step.name == "white's second" and now.zone == Zone(0, 3)
    (even,) = opening_play.stones(now, position)
    best = opening_play.best_in_zone(position, now.zone)
    after = opening_play._opponent_value  # master's value for black to move

    assert Opening(TARAGUCHI_10, ("stay",) * 3).why_not(RENJU, 3, even) is None
    assert abs(after(position.play(even))) <= abs(after(position.play(best)))
    assert after(position.play(best)) < 0 < after(position.play(even)), "best for white, and nearer even"
