"""The computer's part in an opening step (opening_rules' tables): the
stones it puts down, each in its zone, and the choice it makes. Each step's
plan says how: swap's opener puts down the most nearly even three, swap2's
second player two more that leave it most nearly even (swap2.py); a stone in
a zone is the one master's search likes best for its side among the zone's
squares nearest the stones. A choice takes the colour master's search prefers, or two more
where that is offered and the position is near even (swap2.choice).

Pure functions of their arguments, run on the engine workers: a web thread
never evaluates a board.
"""

from __future__ import annotations

import random

from webapp.engine import swap2
from webapp.engine.opening_rules import EVEN_THREE, EVEN_TWO, OWN_MOVE, TWO, Now, Place, Zone
from webapp.engine.position import Position

ZONE_CANDIDATES = 8
"""How many of the zone's squares (the nearest to the stones already down,
where a club player puts an opening stone) the computer weighs."""
ZONE_NODES = 1000
"""The positions master's search examines for each of them: a few seconds in all."""


def stones(now: Now, position: Position, rng: random.Random | None = None) -> tuple[int, ...]:
    """The computer's stones for the rest of a placement (now.step, of which
    now.done are down), by the step's plan (OWN_MOVE is the level's move, the game's to ask)."""
    step = now.step
    assert isinstance(step, Place) and step.plan != OWN_MOVE, "the level's own move is the game's"
    if step.plan == EVEN_THREE and now.done == 0:
        return swap2.opening(position.rules, rng)
    if step.plan == EVEN_TWO and now.done == 0:
        return swap2.two_more(position)
    placed: list[int] = []
    for zone in step.zones[now.done:]:
        cell = best_in_zone(position, zone)
        placed.append(cell)
        position = position.play(cell)
    return tuple(placed)


def best_in_zone(position: Position, zone: Zone) -> int:
    """The stone in zone that master's search likes best for the side to
    move: of the ZONE_CANDIDATES squares in it nearest the stones, the one
    after which the opponent's position is worst (by a count of positions,
    so the same on any machine)."""
    rules = position.rules
    empty = [cell for cell in range(rules.cells) if not position.stones >> cell & 1 and zone.allows(rules, cell)]
    if len(empty) == 1:
        return empty[0]
    candidates = sorted(empty, key=lambda cell: (_distance_to_stones(position, cell), cell))[:ZONE_CANDIDATES]
    return min(candidates, key=lambda cell: (_opponent_value(position.play(cell)), cell))


def _opponent_value(position: Position) -> int:
    """master's value of the position for the side to move (the opponent of the stone just put down)."""
    return swap2.search_value(position, ZONE_NODES)


def choice(position: Position, options: tuple[str, ...]) -> str:
    """The computer's choice at a Choose step: a colour by master's search,
    or two more stones where offered and the position is near even (swap2.choice)."""
    return swap2.choice(position, may_place_two=TWO in options)


def _distance_to_stones(position: Position, cell: int) -> int:
    """How far cell is from the nearest stone (Chebyshev; the board's size where there is none)."""
    size = position.rules.size
    row, column = divmod(cell, size)
    distances = [max(abs(row - other // size), abs(column - other % size))
                 for other in range(position.rules.cells) if position.stones >> other & 1]
    return min(distances, default=size)
