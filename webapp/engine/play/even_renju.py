"""The computer's three stones of a renju opening, as an opener puts them
down when the other player may swap colours next (RIF, Soosõrv-8; at each
of Taraguchi's first stones too): one of the 26 openings (renju_openings)
that master's search finds nearly even, so that neither colour is the
better one to be left with.

The value of a placement is master's search by a count of positions
(swap2.search_value, the measure the computer's own swap choice uses), for
white to move, of the stones as placed: at this count of positions the
search's values of a position's mirrors can differ by hundreds of units,
so each placement is valued where it stands, and cached, as the openings
are fixed: 184 placements in all (eight whites, 23 points of the 5×5 left
for each), 36 searches at a process's first opening (26 for white's stone, 10 for black's second), fewer after.

A placement goes down a stone at a time, as the opening's steps ask for
them: the centre; the white stone of one of the OPENINGS_KEPT most nearly
even of the 26 in a random one of the board's symmetries; black's second
among the OPENINGS_KEPT most nearly even completions of the two stones
down. Pure functions of their arguments (and an rng), run on the engine
workers.
"""

from __future__ import annotations

import random
from functools import cache

from webapp.engine.game.position import Position
from webapp.engine.game.renju_openings import RENJU_OPENINGS, cells_of_opening
from webapp.engine.game.rules import Rules
from webapp.engine.play import swap2

OPENINGS_KEPT = 4
"""The computer's opening is one of the placements this many most nearly even, at random."""


def next_stone(position: Position, rng: random.Random | None = None) -> int:
    """The next of the opener's three stones after the position's (none, the
    centre, or the centre and white's beside it): the first of the kept
    placements without rng, a random one with it."""
    rules = position.rules
    if position.ply == 0:
        return rules.centre
    if position.ply == 1:
        image = rules.symmetries[rng.randrange(len(rules.symmetries)) if rng else 0]
        kept = most_even(rules, tuple(cells_of_opening(rules, index, image)[1:]
                                      for index in range(len(RENJU_OPENINGS))))
        return _pick(kept, rng)[0]
    (white,) = (cell for cell in range(rules.cells) if position.o >> cell & 1)
    kept = most_even(rules, tuple((white, black) for black in completions(rules, white)))
    return _pick(kept, rng)[1]


def even_opening(rules: Rules, rng: random.Random | None = None) -> tuple[int, int, int]:
    """The opener's three stones (black at the centre, white, black), as
    next_stone puts them down one by one with the same rng."""
    position = Position(rules)
    black = next_stone(position, rng)
    white = next_stone(position := position.play(black), rng)
    return black, white, next_stone(position.play(white), rng)


def completions(rules: Rules, white: int) -> tuple[int, ...]:
    """Black's second stones after the centre and white: every empty point of the central 5×5."""
    middle_row, middle_column = divmod(rules.centre, rules.size)
    return tuple(cell for cell in range(rules.cells) if cell not in (rules.centre, white)
                 and abs(cell // rules.size - middle_row) <= 2 and abs(cell % rules.size - middle_column) <= 2)


def most_even(rules: Rules, placements: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """The OPENINGS_KEPT of the placements (white, black's second) whose
    value is nearest even, the nearest first (ties in the cells' order)."""
    return tuple(sorted(placements, key=lambda stones: (abs(placement_value(rules, *stones)), stones))[:OPENINGS_KEPT])


@cache
def placement_value(rules: Rules, white: int, black: int) -> int:
    """master's value (swap2.search_value: the evaluation's units, WIN for a
    win found) of black at the centre and black, white at white, for white to move."""
    return swap2.search_value(Position(rules, 1 << rules.centre | 1 << black, 1 << white))


def _pick(kept: tuple[tuple[int, int], ...], rng: random.Random | None) -> tuple[int, int]:
    return rng.choice(kept) if rng else kept[0]
