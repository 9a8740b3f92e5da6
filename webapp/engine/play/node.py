"""A Node: a position as the search and the threat solver walk it, from the
side to move's point of view ("mine" are its stones, "theirs" the other
side's), with what the Evaluator keeps up to date as moves are played (see
evaluate.py: the wins, the threes and twos by window, the shapes).
"""

from __future__ import annotations

from typing import NamedTuple


class Node(NamedTuple):
    """A position as the search sees it, from the side to move's point of view."""

    mine: int
    theirs: int
    my_wins: int       # empty cells where the side to move completes a line
    their_wins: int    # empty cells where the other side would
    near: int          # cells within two king's moves of a stone
    my_threes: int     # windows (bit i for window i) where the side to move has a three
    their_threes: int  # windows where the other side has one
    my_twos: int       # windows where the side to move has k-3 stones and the other side none
    their_twos: int    # windows where the other side has
    black_to_move: bool  # whether the side to move is X (black): renju's rules differ for it
    # The shapes: None in the threat solver's Nodes (it needs none); in the search's leaves, only the
    # halves of the worths that the score needs, the rest None or 0: see play().
    my_lines: tuple[int, ...] | None  # the board along each direction, two bits a cell (MINE, THEIRS, OFF;
                                      # see _lay_out_lines)
    their_lines: tuple[int, ...] | None  # the same from the other side's view (its stones are 1)
    my_cells: list[int] | None        # for each empty cell, what a stone of the side to move would make
                                      # along each of its lines (patterns.pack); 0 where taken
    their_cells: list[int] | None
    my_worth: tuple[int, int]         # the sum of the side to move's cells' worth to it, to move and waiting
    their_worth: tuple[int, int]      # the same for the other side's cells, to the other side

    @property
    def score(self) -> int:
        """The evaluation for the side to move (see shapes.py)."""
        return self.my_worth[0] - self.their_worth[1]
