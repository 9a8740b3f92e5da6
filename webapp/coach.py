"""The coach: what every square is worth, and why a move was played, in words.

It reads the engine's facts (solved outcomes, threats, forks) and says them as
a person would. It knows nothing of the match or the web.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from webapp import engine


class SquareValue(NamedTuple):
    """What playing a square leads to for the side to move, with perfect play after."""

    kind: str  # "win", "draw" or "loss"
    text: str  # "win in 2", "draw", "loss in 1"


def describe_cell(cell: int) -> str:
    """'row 1, column 3' for cell 2: people count rows and columns from one."""
    row, column = divmod(cell, 3)
    return f"row {row + 1}, column {column + 1}"


def square_values(board: str) -> dict[int, SquareValue]:
    """The value of every empty square for the side to move; none once the game
    is over. N in "win in N" and "loss in N" counts the mover's own moves,
    this one included."""
    if engine.is_over(board):
        return {}
    values = {}
    for cell, outcome in engine.outcomes(board).items():
        own_moves = (outcome.plies + 1) // 2
        if outcome.result > 0:
            values[cell] = SquareValue("win", f"win in {own_moves}")
        elif outcome.result < 0:
            values[cell] = SquareValue("loss", f"loss in {own_moves}")
        else:
            values[cell] = SquareValue("draw", "draw")
    return values


@lru_cache(maxsize=1 << 14)  # a pure function of the position: after the first time, a lookup
def reason(board: str, cell: int) -> str:
    """Why the side to move on board plays cell, in its own words to its
    opponent. The first that applies: it completes a line and wins; it blocks
    the opponent's line; it makes a fork; it blocks the opponent's fork;
    otherwise what the solver says of the move, blunders included."""
    me, you = engine.side_to_move(board), engine.opponent(engine.side_to_move(board))
    your_threats = engine.threats(board, you)
    if cell in engine.threats(board, me):
        return "I complete a line and win."
    if cell in your_threats:
        return "I block your line: you would have completed it here."
    after = engine.play(board, cell)
    if not your_threats and len(engine.threats(after, me)) >= 2:
        return "I make a fork: two ways to win next move, and you can block only one."
    if not your_threats and engine.forks(board, you) and not engine.forks(after, you):
        return "I block your fork: you could have made two threats at once."
    return _solver_says(board, cell)


def _solver_says(board: str, cell: int) -> str:
    """The plain truth about cell from the solved game, compared with the best move."""
    found = engine.outcomes(board)
    mine = found[cell]
    best_cell = max(found, key=lambda other: engine.preference(found[other]))
    best = found[best_cell]
    if mine.result < best.result:
        better = "wins" if best.result > 0 else "holds the draw"
        loses = "lets you win" if mine.result < 0 else "only draws"
        return f"A slip: this {loses}, where {describe_cell(best_cell)} {better}."
    if mine.result > 0:
        return f"I have a forced win: I win within {(mine.plies + 1) // 2} moves, whatever you do."
    if mine.result < 0:
        if mine.plies == best.plies:
            return "This position is lost for me; I hold out as long as I can."
        return "This position is lost for me."
    equally_good = [other for other, outcome in found.items() if outcome.result == 0]
    traps = {other: engine.losing_replies(board, other) for other in equally_good}
    opening = ("Every move here draws" if len(equally_good) == len(found)
               else "This holds the draw, where other squares lose")
    if traps[cell] and traps[cell] == max(traps.values()):
        return f"{opening}; this one leaves you the most ways to go wrong."
    return f"{opening}."
