"""Black's fifth moves offered under renju's opening rules (RIF's two,
Soosõrv's as many as declared, Taraguchi's ten): the checks an offer must
pass before white picks one. The rules' texts ask that no two offers be
symmetrical: alike by a mirror or a turn of the board that leaves the four
stones where they are (each colour's on its own points), so that white's
pick is a real choice. Pure functions of the position and the offer.
"""

from __future__ import annotations

from itertools import combinations

from webapp.engine.game.position import Position
from webapp.engine.game.rules import transform


def alike(position: Position, first: int, second: int) -> bool:
    """Whether a symmetry of the board that keeps position's stones in place takes first to second."""
    rules = position.rules
    return any(image[first] == second for image in rules.symmetries
               if transform(position.x, image) == position.x and transform(position.o, image) == position.o)


def offer_refusal(position: Position, cells: tuple[int, ...], count: int, complete: bool = True) -> str | None:
    """Why black may not offer these fifth moves in position (black to move),
    in words to show a person; None where the offer stands: exactly count of
    them (not complete: no more than count, the points chosen so far), each
    on an empty point black may play, no point twice, no two alike."""
    rules = position.rules
    names = [rules.cell_name(cell) for cell in cells]
    if len(cells) > count or complete and len(cells) != count:
        return f"Black offers {count} fifth move{'s' * (count != 1)} here, not {len(cells)}."
    for cell, name in zip(cells, names):
        if position.stones >> cell & 1:
            return f"{name} is taken: a fifth move goes on an empty point."
        if refusal := position.why_not(cell):
            return f"{name} cannot be offered: {refusal}"
    if len(set(cells)) != len(cells):
        return "Each fifth move is offered once."
    for (first, first_name), (second, second_name) in combinations(zip(cells, names), 2):
        if alike(position, first, second):
            return (f"{first_name} and {second_name} are the same move in a mirror of this position: "
                    "no two fifth moves offered may be symmetrical.")
    return None
