"""One scale for a game's value, for every search and every page that shows one.

A value is for the side to move: WIN less the plies to the end for a game it
wins, minus that for a game it loses, 0 for a draw, and in between (far
from WIN) a search's estimate. The searches (search.py, classic.py) use this
scale; the solved tables keep a compact score of their own on disk (see
solved.preference), which from_table turns into it.
"""

from __future__ import annotations

WIN = 1 << 30
"""A won game's value to the winner, less the plies it took from the root."""
DECIDED = WIN - 1000
"""Past this (either way) a value is a won or lost game, not an estimate: no game lasts 1,000 plies."""


def win_in(plies: int) -> int:
    """The value of a game the side to move wins in plies."""
    return WIN - plies


def is_decided(value: int) -> bool:
    """Whether a value is a won or lost game rather than a draw or an estimate."""
    return abs(value) > DECIDED


def one_ply_back(value: int) -> int:
    """A position's value (for its side to move) as the value, for the other
    side, of the move that led there: turned round, and a won game one ply further off."""
    if is_decided(value):
        return -value + (1 if value > 0 else -1)
    return -value


def from_outcome(result: int, plies: int) -> int:
    """The value of a solved outcome: result 1, 0 or -1 for the mover, the game over in plies."""
    return result * win_in(plies)
