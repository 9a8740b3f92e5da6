"""The ladder's openings: the first stones of each game, fixed so that two
runs play the same games, and each played with both colours so that
neither brain gets the better side of one.

On 15×15: two or three stones around the middle (black at h8, white next
to it or a knight's move away, sometimes black's second stone), none a
known win in freestyle at this level of play, chosen by hand. On the
smaller boards: X's first move, one from each group the board's
symmetries make alike (a corner stands for all four corners).
"""

from __future__ import annotations

from webapp.engine import BOARDS, Position, Rules
from webapp.engine.rules import transform

FIFTEEN = (
    "h8 i8", "h8 i9", "h8 j8", "h8 j9", "h8 j10",
    "h8 i8 g9", "h8 i8 i9", "h8 i9 g9", "h8 i9 j8", "h8 j8 i9", "h8 j9 g7", "h8 j10 i9",
)


def first_moves(rules: Rules) -> tuple[str, ...]:
    """X's first move, one for each group of squares the symmetries make alike."""
    seen: set[int] = set()
    found = []
    for cell in range(rules.cells):
        if cell in seen:
            continue
        found.append(rules.cell_name(cell))
        seen.update(transform(1 << cell, image).bit_length() - 1 for image in rules.symmetries)
    return tuple(found)


def openings(rules: Rules) -> tuple[str, ...]:
    """The openings of a board, each its moves in the board's notation, space-separated."""
    return FIFTEEN if rules == BOARDS["15x15"] else first_moves(rules)


def position_of(rules: Rules, opening: str) -> tuple[Position, list[int]]:
    """The position an opening leaves, and its cells in the order played."""
    cells = [rules.parse_cell_name(name) for name in opening.split()]
    position = Position(rules)
    for cell in cells:
        position = position.play(cell)
    return position, cells
