"""Renju's 26 canonical openings: the three stones every classic renju game
starts from, each with the name players call it by.

Black's first stone is at the centre (h8 on 15×15); white's is next to it,
straight above (the 13 *direct* openings, numbered 1D to 13D) or diagonally
above and to the right (the 13 *indirect* ones, 1I to 13I); black's second
stone lies within the central 5×5 square. Every legal third move is one of
these 26 up to the board's symmetries, so the RIF opening rule offers
exactly these (and Soosõrv-8, Taraguchi-10 and the other certified rules
must keep all 26 possible).

Each entry is (name, (black, white, black)), every stone as (columns to
the right, rows up) from the centre: (0, 1) is h9, (1, -1) is i7. The
order, names and numbering are those of the English Wikipedia article
"Renju opening pattern" (https://en.wikipedia.org/wiki/Renju_opening_pattern),
whose diagrams (Wikimedia Commons, "Renju vertical openings" and "Renju
diagonal openings") place the third stones. That they are 26 different
openings, and every third move within the 5×5 square one of them, is
checked in tests/engine/test_renju.py. Plain data, for the engine's
opening rules and the tools, and named_opening, which names the opening a
game's first three stones make (players name it whatever the rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from webapp.engine.game.rules import Rules

Offset = tuple[int, int]
"""A point as (columns to the right, rows up) from the board's centre."""

DIRECT, INDIRECT = (0, 1), (1, 1)
"""White's first stone: straight above black's (direct) or diagonally up and right (indirect)."""

RENJU_OPENINGS: tuple[tuple[str, tuple[Offset, Offset, Offset]], ...] = (
    ("Kansei", ((0, 0), DIRECT, (0, 2))),  # 1D
    ("Keigetsu", ((0, 0), DIRECT, (1, 2))),  # 2D
    ("Sosei", ((0, 0), DIRECT, (2, 2))),  # 3D
    ("Kagetsu", ((0, 0), DIRECT, (1, 1))),  # 4D
    ("Zangetsu", ((0, 0), DIRECT, (2, 1))),  # 5D
    ("Ugetsu", ((0, 0), DIRECT, (1, 0))),  # 6D
    ("Kinsei", ((0, 0), DIRECT, (2, 0))),  # 7D
    ("Shogetsu", ((0, 0), DIRECT, (0, -1))),  # 8D
    ("Kyugetsu", ((0, 0), DIRECT, (1, -1))),  # 9D
    ("Shingetsu", ((0, 0), DIRECT, (2, -1))),  # 10D
    ("Zuisei", ((0, 0), DIRECT, (0, -2))),  # 11D
    ("Sangetsu", ((0, 0), DIRECT, (1, -2))),  # 12D
    ("Yusei", ((0, 0), DIRECT, (2, -2))),  # 13D
    ("Chosei", ((0, 0), INDIRECT, (2, 2))),  # 1I
    ("Kyogetsu", ((0, 0), INDIRECT, (2, 1))),  # 2I
    ("Kosei", ((0, 0), INDIRECT, (2, 0))),  # 3I
    ("Suigetsu", ((0, 0), INDIRECT, (2, -1))),  # 4I
    ("Ryusei", ((0, 0), INDIRECT, (2, -2))),  # 5I
    ("Ungetsu", ((0, 0), INDIRECT, (1, 0))),  # 6I
    ("Hogetsu", ((0, 0), INDIRECT, (1, -1))),  # 7I
    ("Rangetsu", ((0, 0), INDIRECT, (1, -2))),  # 8I
    ("Gingetsu", ((0, 0), INDIRECT, (0, -1))),  # 9I
    ("Myojo", ((0, 0), INDIRECT, (0, -2))),  # 10I
    ("Shagetsu", ((0, 0), INDIRECT, (-1, -1))),  # 11I
    ("Meigetsu", ((0, 0), INDIRECT, (-1, -2))),  # 12I
    ("Suisei", ((0, 0), INDIRECT, (-2, -2))),  # 13I
)
"""The 26 openings, direct then indirect, each in its number's order."""


class NamedOpening(NamedTuple):
    """One of the 26 as players name it: "Kagetsu", and its number, "4D"
    (the fourth direct opening) as the Wikipedia article writes it."""

    name: str
    number: str


def named_opening(rules: Rules, moves: Sequence[int]) -> NamedOpening | None:
    """The opening a game's first three stones make, where they are one of
    the 26 in any of the board's eight symmetries: on 15×15, black's first at
    the centre, white's beside it, black's second within the central 5×5.
    None for any other start (another board, fewer stones, a stone elsewhere)."""
    if rules.size != 15 or len(moves) < 3:
        return None
    return _openings_by_stones(rules).get(tuple(moves[:3]))


def number_of(index: int) -> str:
    """The number of RENJU_OPENINGS[index] within its kind: "4D", "7I"."""
    _, (_, white, _) = RENJU_OPENINGS[index]
    kind = [other for _, (_, other, _) in RENJU_OPENINGS[:index + 1]].count(white)
    return f"{kind}{'D' if white == DIRECT else 'I'}"


def cells_of_opening(rules: Rules, index: int, image: tuple[int, ...]) -> tuple[int, int, int]:
    """The cells of RENJU_OPENINGS[index] (black, white, black) moved by one of the board's symmetries."""
    _, stones = RENJU_OPENINGS[index]
    middle_row, middle_column = divmod(rules.centre, rules.size)
    black, white, third = (image[(middle_row - up) * rules.size + middle_column + right] for right, up in stones)
    return black, white, third


@cache
def _openings_by_stones(rules: Rules) -> dict[tuple[int, ...], NamedOpening]:
    """Every placement of the 26 in every symmetry, and the opening it is."""
    return {cells_of_opening(rules, index, image): NamedOpening(name, number_of(index))
            for index, (name, _) in enumerate(RENJU_OPENINGS) for image in rules.symmetries}
