"""The computer's part in an opening step (opening_rules' tables): the
stones it puts down, each in its zone, and the choice it makes. Each step's
plan says how: swap's opener puts down the most nearly even three, swap2's
second player two more that leave it most nearly even (swap2.py); a stone in
a zone is the one master's search likes best for its side among the zone's
squares nearest the stones, or, where the other player may swap colours
next, the one it finds most nearly even (renju's three stones: one of the
26 openings, even_renju.py). A choice takes the colour master's search prefers, or two more
where that is offered and the position is near even (swap2.choice).

Pure functions of their arguments, run on the engine workers: a web thread
never evaluates a board.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from webapp.engine.game import offers
from webapp.engine.game.opening_rules import (
    BLACK_HOLDER,
    EVEN_IN_ZONE,
    EVEN_OPENING,
    EVEN_THREE,
    EVEN_TWO,
    ONE,
    OWN_MOVE,
    PICK,
    STAY,
    SWAP,
    TEN,
    TWO,
    Choose,
    Now,
    Place,
    Zone,
)
from webapp.engine.game.position import Position
from webapp.engine.play import even_renju, swap2
from webapp.engine.play.evaluate import evaluator

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
    if step.plan == EVEN_OPENING:
        return (even_renju.next_stone(position, rng),)
    if step.plan == PICK:
        return (max(map(position.rules.parse_cell_name, now.offered),
                    key=lambda cell: (_opponent_value(position.play(cell)), -cell)),)
    placed: list[int] = []
    in_zone = even_in_zone if step.plan == EVEN_IN_ZONE else best_in_zone
    for zone in step.zones[now.done:]:
        cell = in_zone(position, zone)
        placed.append(cell)
        position = position.play(cell)
    return tuple(placed)


def best_in_zone(position: Position, zone: Zone) -> int:
    """The stone in zone that master's search likes best for the side to
    move: of the ZONE_CANDIDATES squares in it nearest the stones, the one
    after which the opponent's position is worst (by a count of positions,
    so the same on any machine)."""
    return _least_in_zone(position, zone, lambda value: value)


def even_in_zone(position: Position, zone: Zone) -> int:
    """The stone in zone after which master's search finds the position most
    nearly even, for a placer the other player may swap colours with next:
    among the same squares as best_in_zone's."""
    return _least_in_zone(position, zone, abs)


def _least_in_zone(position: Position, zone: Zone, measure: Callable[[int], int]) -> int:
    """Of the ZONE_CANDIDATES empty squares in zone nearest the stones, the
    one whose measure of the opponent's value after it is least (the only
    square, unsearched, where the zone has one)."""
    rules = position.rules
    empty = [cell for cell in range(rules.cells) if not position.stones >> cell & 1 and zone.allows(rules, cell)]
    if len(empty) == 1:
        return empty[0]
    candidates = sorted(empty, key=lambda cell: (_distance_to_stones(position, cell), cell))[:ZONE_CANDIDATES]
    return min(candidates, key=lambda cell: (measure(_opponent_value(position.play(cell))), cell))


def _opponent_value(position: Position) -> int:
    """master's value of the position for the side to move (the opponent of the stone just put down)."""
    return swap2.search_value(position, ZONE_NODES)


def choice(now: Now, position: Position) -> str:
    """The computer's choice at a Choose step: a colour by master's search,
    or two more stones where offered and the position is near even
    (swap2.choice); under renju's rules a swap where the colour it holds is
    the worse by the search, a number of fifth moves by how far black is
    ahead (the more, the more white may pick from), ten offers at
    Taraguchi's fifth where black is ahead, else one stone."""
    step = now.step
    assert isinstance(step, Choose), "the computer chooses at a Choose step"
    options = step.options
    if SWAP in options:
        mover_value = swap2.search_value(position)
        holds_mover = (step.by == BLACK_HOLDER) == (position.to_move == "X")
        return SWAP if (mover_value < 0) == holds_mover and mover_value != 0 else STAY
    if options[0].isdigit():
        black_ahead = swap2.search_value(position) * (1 if position.to_move == "X" else -1)
        return options[max(0, min(len(options) - 1, black_ahead // DECLARE_STEP))]
    if options == (ONE, TEN):
        return TEN if swap2.search_value(position) > 0 else ONE
    return swap2.choice(position, may_place_two=TWO in options)


DECLARE_STEP = 150
"""How far black is ahead (in the evaluation's units) for each fifth move more the computer declares."""


def offer(position: Position, count: int) -> str:
    """Black's fifth moves offered (their names): its evaluation's likeliest
    moves in turn, each black may play and none alike another in a mirror
    that keeps the stones (offers.py), so that white's pick still leaves it
    a move it chose; then the nearest other points if those run out."""
    rules, evaluation = position.rules, evaluator(position.rules)
    liked = evaluation.moves(evaluation.node(position))
    others = sorted(position.legal_moves(), key=lambda cell: (_distance_to_stones(position, cell), cell))
    chosen: list[int] = []
    for cell in dict.fromkeys([*liked, *others]):
        if len(chosen) == count:
            break
        if position.why_not(cell) is None and not any(offers.alike(position, cell, other) for other in chosen):
            chosen.append(cell)
    assert offers.offer_refusal(position, tuple(chosen), count) is None
    return " ".join(rules.cell_name(cell) for cell in chosen)


def _distance_to_stones(position: Position, cell: int) -> int:
    """How far cell is from the nearest stone (Chebyshev; the board's size where there is none)."""
    size = position.rules.size
    row, column = divmod(cell, size)
    distances = [max(abs(row - other // size), abs(column - other % size))
                 for other in range(position.rules.cells) if position.stones >> other & 1]
    return min(distances, default=size)
